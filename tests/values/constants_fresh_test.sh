#!/bin/bash
# The committed codec/values/tags.h, codec/values/msg_types.h and tests/values/constants_table.inc are
# exactly what tools/dictgen/gen_constants.py makes from codec/dictionaries/*.xml: regenerates them into
# TEST_TMPDIR and compares byte for byte.
set -euo pipefail
out="${TEST_TMPDIR:-$(mktemp -d)}/gen_constants"
rm -rf "$out"
python=/usr/bin/python3
[ -x "$python" ] || python=python3
"$python" tools/dictgen/gen_constants.py --root . --out "$out"
failed=0
for file in codec/values/tags.h codec/values/msg_types.h tests/values/constants_table.inc; do
  if cmp -s "$out/$file" "$file"; then
    echo "ok: $file matches tools/dictgen/gen_constants.py output"
  else
    echo "MISMATCH: $file differs from tools/dictgen/gen_constants.py output (< generated, > committed)"
    diff "$out/$file" "$file" | head -20 || true
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then
  echo "regenerate with: python3 tools/dictgen/gen_constants.py   (from the repository root)"
fi
exit "$failed"
