#!/bin/sh
# The committed FIXT11.xml, FIX50SP2.xml, FIX50SP1.xml and FIX50.xml are exactly what
# tools/dictgen/gen_fixt11_fix50sp2.py generates from the tables in tools/dictgen/fix50sp2/ and the
# differences in tools/dictgen/fix50sp1.txt and fix50.txt: regenerates them and compares byte for byte.
# Also checks that the generator rejects a stale differences line.
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

# A differences line that changes nothing is stale and stops the generator: here a drop of a row that
# fix50sp1.txt has already dropped, appended to a copy of fix50.txt.
stale="${TEST_TMPDIR:-/tmp}/fixt_stale"
mkdir -p "$stale/fix50sp2" "$stale/out"
cp tools/dictgen/fix50sp2/fields.txt tools/dictgen/fix50sp2/layout.txt "$stale/fix50sp2/"
cp tools/dictgen/fix50sp1.txt "$stale/"
{ cat tools/dictgen/fix50.txt; echo "drop InstrumentLeg: LegPrice"; } > "$stale/fix50.txt"
if python3 tools/dictgen/gen_fixt11_fix50sp2.py generate "$stale/fix50sp2" "$stale/out" 2> "$stale/err"; then
  echo "a stale differences line was accepted"
  status=1
elif grep -q "fix50.txt: 'drop InstrumentLeg: LegPrice': no such rows" "$stale/err"; then
  echo "a stale differences line is rejected"
else
  echo "unexpected error:"; cat "$stale/err"
  status=1
fi
exit $status
