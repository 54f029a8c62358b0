#!/bin/bash
# End-to-end golden test of the fixwire binary: runs every case of cases.txt
# and compares its whole output (stdout, stderr, exit status) with
# golden/<name>.out, byte for byte. The goldens were checked by hand.
# "elapsed:" lines (stats timing) are dropped before comparing.
# Regenerate (then review the diff!): UPDATE=1 tests/tools/cli_golden_test.sh BINARY
set -uo pipefail
FIXWIRE="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
here=tests/tools
LOGS=tests/data/logs
DICTS=tests/data/dictionaries
export LOGS DICTS
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
failed=0
count=0
while IFS=$'\t' read -r name args; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  count=$((count + 1))
  out="$tmp/$name.out"
  (
    eval "\"\$FIXWIRE\" $args" >"$tmp/stdout" 2>"$tmp/stderr"
    echo "exit $?" >"$tmp/status"
  )
  {
    cat "$tmp/stdout" | grep -av '^elapsed: '
    echo "--- stderr"
    cat "$tmp/stderr"
    echo "--- $(cat "$tmp/status")"
  } >"$out"
  if [[ "${UPDATE:-}" == 1 ]]; then
    cp "$out" "$here/golden/$name.out"
  elif ! cmp -s "$out" "$here/golden/$name.out"; then
    echo "FAIL: $name (fixwire $args)"
    diff -a "$here/golden/$name.out" "$out" | head -20
    failed=1
  fi
done <"$here/cases.txt"
[[ $count -gt 40 ]] || { echo "FAIL: only $count cases read"; failed=1; }
[[ $failed == 0 ]] && echo "ok: $count cases match their golden outputs"
exit $failed
