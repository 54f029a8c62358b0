#!/usr/bin/env bash
# Runs benchmarks/report.py on a hand-made JSON file whose figures have known
# ratios and checks the tables: the median aggregate is used (not the mean),
# repeated plain runs give their median, units are converted, speed-ups are
# QuickFIX / fixwire, failed targets and errored rows are reported, the SVG is
# written, --compare prints per-row changes, and the latency table comes from
# latency_benchmark's JSON (the median aggregate, names without
# "/iterations:N").
set -euo pipefail
report="$1"
input="$2"
howto="$3"
latency="$4"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
python3 "$report" --input "$input" --command "the command" --howto "$howto" \
  --latency "$latency" --latency_command "the latency command" \
  --output "$tmp/out.md" --svg "$tmp/out.svg"
status=0
expect() {
  if ! grep -qF -- "$1" "$tmp/out.md"; then
    echo "FAIL: report lacks: $1" >&2
    status=1
  fi
}
# decode: median 50 ns (mean 99 ignored) vs 1.0 us -> 20.0x; allocs 0 vs 6.
expect '| `decode`  | 50.0 ns | 1,000 ns | 20.0× | 0 | 6 | 3.50 GB/s |'
# encode: plain runs 40, 60, 45 -> median 45 ns; 2250 / 45 = 50.0x.
expect '| `encode`  | 45.0 ns | 2,250 ns | 50.0× | 0 | 15 |'
# get_field: fixwire 12 ns is slower than QuickFIX 8 ns, and allocates.
expect 'NOT met on NewOrderSingle'
expect 'non-zero: fixwire/get_field/NewOrderSingle'
expect '(quickfix: bytes differ)'
expect '| `int_to_string` | 1234 | 3.0 ns | — | 60.0 ns | — | 20.0× |'
expect '- Command: `the command`'
expect 'Test CPU (CPU family 26)'
expect 'full-width 512-bit units: yes (the decoder'"'"'s AVX-512 field walk takes bodies from 129 bytes)'
# read4: the table beside hffix's quoted figures; the goals against them.
expect '| QuoteRequest10 | 90.0 ns | 122 ns | 3,600 ns | — | — | — |'
expect 'NOT met on MDSnapshot165K'
expect '| fixwire read4 MDSnapshot165K ≤ 2,500 ns, CheckSum verified | 3,000 ns | NOT met |'
expect '# fixwire performance'
expect '## Environment'
expect '| `timer/empty` | 10 | 20 | 20 | 20 | 30 | 30 | 400 |'
expect '| `fixwire/decode/NewOrderSingle` | 40 | 50 | 50 | 60 | 60 | 100 | 47,851 |'
expect '| `quickfix/decode/NewOrderSingle` | error: QuickFIX cannot decode the workload |'
expect 'TSC 2.500 GHz, 1000 timed operations per row after 10 untimed ones.'
expect 'Command: `the latency command`'
grep -q '<svg' "$tmp/out.svg" || { echo "FAIL: no SVG" >&2; status=1; }
grep -q '50.0×' "$tmp/out.svg" || { echo "FAIL: SVG lacks the encode bar" >&2; status=1; }
python3 "$report" --compare "$input" "$input" >"$tmp/compare.txt"
grep -qE '^fixwire/decode/NewOrderSingle +50.0 ns +50.0 ns +\+0.0%$' "$tmp/compare.txt" ||
  { echo "FAIL: --compare output" >&2; cat "$tmp/compare.txt" >&2; status=1; }
exit "$status"
