#!/bin/bash
# The committed FIX40.xml .. FIX44.xml are exactly what tools/dictgen/dictgen.py makes from its
# sources: regenerates them into TEST_TMPDIR and compares byte for byte.
set -euo pipefail
out="${TEST_TMPDIR:-$(mktemp -d)}/dictgen"
mkdir -p "$out"
python=/usr/bin/python3
[ -x "$python" ] || python=python3
"$python" tools/dictgen/dictgen.py "$out"
failed=0
for file in FIX40.xml FIX41.xml FIX42.xml FIX43.xml FIX44.xml; do
  if cmp -s "$out/$file" "codec/dictionaries/$file"; then
    echo "ok: codec/dictionaries/$file matches tools/dictgen output"
  else
    echo "MISMATCH: codec/dictionaries/$file differs from tools/dictgen output; rerun tools/dictgen/dictgen.py"
    diff "$out/$file" "codec/dictionaries/$file" | head -20 || true
    failed=1
  fi
done
exit "$failed"
