#!/usr/bin/env bash
# Checks the speed-up summary //benchmarks:fixwire_benchmark prints after its
# rows: with the console format it follows the rows on stdout and pairs each
# fixwire row with the QuickFIX row of the same operation and workload; with
# --benchmark_format=json stdout stays one valid JSON document and the summary
# goes to stderr.
# Usage: benchmark_summary_test.sh <fixwire_benchmark binary>
set -euo pipefail
binary="$1"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
filter='^(fixwire|quickfix)/(decode|encode)/NewOrderSingle$'
heading='fixwire speed-up over QuickFIX'
# "<operation> <workload> <time> vs <time> <ratio>x", e.g.
# "decode     NewOrderSingle     31.2 ns vs     740 ns      23.7x"
pair() { printf '^%s +NewOrderSingle +[0-9.]+ [nu]s vs +[0-9.]+ [nu]s +[0-9]+[.][0-9]x$' "$1"; }
status=0

"$binary" --benchmark_min_time=0.01 --benchmark_filter="$filter" >"$tmp/console.txt" 2>/dev/null
cat "$tmp/console.txt"
if ! grep -q "^$heading" "$tmp/console.txt"; then
  echo "FAIL: console: no summary after the rows" >&2
  status=1
fi
# The summary comes after the last row.
last_row=$(grep -n '^quickfix/\|^fixwire/' "$tmp/console.txt" | tail -1 | cut -d: -f1)
summary_at=$(grep -n "^$heading" "$tmp/console.txt" | cut -d: -f1 || true)
if [[ -n "$summary_at" && -n "$last_row" && "$summary_at" -lt "$last_row" ]]; then
  echo "FAIL: console: the summary comes before the rows" >&2
  status=1
fi
for op in decode encode; do
  if ! grep -qE "$(pair "$op")" "$tmp/console.txt"; then
    echo "FAIL: console: no summary line pairing $op NewOrderSingle" >&2
    status=1
  fi
done

"$binary" --benchmark_min_time=0.01 --benchmark_filter="$filter" --benchmark_format=json \
  >"$tmp/stdout.json" 2>"$tmp/stderr.txt"
if ! python3 -m json.tool "$tmp/stdout.json" >/dev/null; then
  echo "FAIL: json: stdout is not valid JSON" >&2
  status=1
fi
if ! grep -q "^$heading" "$tmp/stderr.txt" || ! grep -qE "$(pair decode)" "$tmp/stderr.txt"; then
  echo "FAIL: json: no summary on stderr" >&2
  cat "$tmp/stderr.txt" >&2
  status=1
fi
exit "$status"
