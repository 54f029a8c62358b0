#!/usr/bin/env bash
# Runs every row of a benchmark binary once (tiny --benchmark_min_time) and
# checks that it exits 0, that no row reported an error, and that every row
# named in the expected-rows file ran (so the suite cannot silently lose rows).
# Usage: benchmark_smoke_test.sh <benchmark binary> <expected rows file>
set -euo pipefail
binary="$1"
expected="$2"
out="${TEST_TMPDIR:-/tmp}/smoke.json"

"$binary" --benchmark_min_time=0.000001 --benchmark_format=json --benchmark_out="$out" \
  --benchmark_out_format=json >/dev/null

status=0
if grep -q '"error_occurred": true' "$out"; then
  echo "FAIL: rows reported errors:" >&2
  grep -B3 -A2 '"error_occurred": true' "$out" | grep -E '"name"|"error_message"' >&2
  status=1
fi
# Names as written by the JSON reporter: "name": "<row>",
grep -o '"name": "[^"]*"' "$out" | sed 's/"name": "\(.*\)"/\1/' | sort -u >"${out}.names"
missing=0
while IFS= read -r row; do
  [[ -z "$row" || "$row" == \#* ]] && continue
  if ! grep -qxF "$row" "${out}.names"; then
    echo "FAIL: expected row did not run: $row" >&2
    missing=$((missing + 1))
  fi
done <"$expected"
if ((missing > 0)); then status=1; fi
echo "$(wc -l <"${out}.names") rows ran; ${missing} expected rows missing"
exit "$status"
