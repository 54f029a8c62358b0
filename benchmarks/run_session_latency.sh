#!/usr/bin/env bash
# run_session_latency.sh: build //benchmarks:session_latency with -c opt, run
# every row (or the ones given), and regenerate docs/session_latency.md and
# docs/session_latency.svg from its JSON (kept next to the page's inputs in a
# temporary directory, whose name is printed).
#
#   benchmarks/run_session_latency.sh [any session_latency flag ...]
#   e.g. benchmarks/run_session_latency.sh --round-trips=200000
set -euo pipefail
cd "$(dirname "$0")/.."

./bazelw build -c opt //benchmarks:session_latency
bin="$(./bazelw info -c opt bazel-bin 2>/dev/null)/benchmarks/session_latency"
out="$(mktemp -d)"
status=0
"$bin" "$@" --json="$out/session_latency.json" | tee "$out/session_latency.txt" || status=$?

machine="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
machine="${machine:-unknown CPU}, $(nproc) CPUs, $(uname -sr)"
python3 benchmarks/session_latency_report.py --input "$out/session_latency.json" \
  --command "bazel-bin/benchmarks/session_latency $* (-c opt)" \
  --machine "$machine" --date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  --output docs/session_latency.md --svg docs/session_latency.svg
echo "wrote docs/session_latency.md and docs/session_latency.svg (raw results in $out)"
exit "$status"
