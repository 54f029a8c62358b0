#!/usr/bin/env bash
# Runs every //benchmarks:session_latency row with a few round trips and a
# short throughput phase, checks the JSON (session_latency_check.py), and
# renders it with session_latency_report.py (both tables, targets, chart).
set -euo pipefail
binary="$1"
check="$2"
report="$3"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
"$binary" --round-trips=300 --warmup=30 --throughput-seconds=0.3 --json="$tmp/session_latency.json"
python3 "$check" "$tmp/session_latency.json" 300
python3 "$report" --input "$tmp/session_latency.json" --output "$tmp/page.md" --svg "$tmp/page.svg"
status=0
for heading in "## Targets" "## Latency per store" "## Percentiles per store" "## Throughput" "| 99.9999% |" \
               "| \`fixwire/memory\` | fixwire |" "| \`quickfix/file\` | QuickFIX 1.15 |" "(page.svg)"; do
  if ! grep -qF -- "$heading" "$tmp/page.md"; then
    echo "FAIL: the page has no \"$heading\"" >&2
    status=1
  fi
done
if [[ $(grep -c "<polyline" "$tmp/page.svg") -ne 8 ]]; then
  echo "FAIL: the chart does not have one line per row" >&2
  status=1
fi
exit "$status"
