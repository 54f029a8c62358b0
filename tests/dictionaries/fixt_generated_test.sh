#!/bin/sh
# The committed FIXT11.xml, FIX50SP2.xml, FIX50SP1.xml and FIX50.xml are exactly what
# tools/dictgen/gen_fixt11_fix50sp2.py generates from the tables in tools/dictgen/fix50sp2/ and the
# differences in tools/dictgen/fix50sp1.txt and fix50.txt: regenerates them and compares byte for byte.
set -eu
out="${TEST_TMPDIR:-/tmp}/fixt_generated"
mkdir -p "$out"
python3 tools/dictgen/gen_fixt11_fix50sp2.py generate tools/dictgen/fix50sp2 "$out"
status=0
for f in FIXT11.xml FIX50SP2.xml FIX50SP1.xml FIX50.xml; do
  if cmp -s "$out/$f" "codec/dictionaries/$f"; then
    echo "$f: matches the generator's output"
  else
    echo "$f: differs from the generator's output (regenerate it, never edit it by hand):"
    diff "$out/$f" "codec/dictionaries/$f" | head -20 || true
    status=1
  fi
done
exit $status
