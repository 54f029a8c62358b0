#!/usr/bin/env bash
# run_report.sh: build the suite with -c opt, run it pinned with repetitions,
# run the latency binary, and regenerate docs/benchmarks.md and
# docs/benchmarks_speedup.svg from the results (the raw JSON files are kept;
# benchmarks/report.py re-renders the page from them).
#
#   benchmarks/run_report.sh [--cpu N] [--repetitions N] [--min_time S] [--latency_count N]
#                            [--bazel_flags "..."]
set -euo pipefail
cd "$(dirname "$0")/.."

cpu=1
# 25 repetitions of 0.02 s (about 1.8 minutes for the suite): on a machine
# whose speed drifts within a minute (a shared VM), the median of many short
# interleaved repetitions spread over the run is caught in a slow phase far
# less often than the median of a few long ones. 0.02 s is still >= 10
# iterations of the slowest row.
repetitions=25
min_time=0.02
latency_count=1000000
bazel_flags=""
while (($#)); do
  case "$1" in
    --cpu) cpu="$2"; shift 2 ;;
    --repetitions) repetitions="$2"; shift 2 ;;
    --min_time) min_time="$2"; shift 2 ;;
    --latency_count) latency_count="$2"; shift 2 ;;
    --bazel_flags) bazel_flags="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

# shellcheck disable=SC2086
./bazelw $bazel_flags build -c opt //benchmarks:fixwire_benchmark //benchmarks:latency_benchmark
# shellcheck disable=SC2086
bin="$(./bazelw $bazel_flags info -c opt bazel-bin 2>/dev/null)/benchmarks"
out="$(mktemp -d)"
pin=()
if command -v taskset >/dev/null 2>&1; then pin=(taskset -c "$cpu"); fi

# Repetitions interleaved in random order: a burst of load from elsewhere on a
# shared machine hits one repetition of a few rows, which the median drops.
suite_args=(--benchmark_enable_random_interleaving=true
            --benchmark_repetitions="$repetitions" --benchmark_report_aggregates_only=true
            --benchmark_min_time="$min_time" --benchmark_out="$out/results.json"
            --benchmark_out_format=json)
"${pin[@]}" "$bin/fixwire_benchmark" "${suite_args[@]}"
"${pin[@]}" "$bin/latency_benchmark" --count="$latency_count" --benchmark_out="$out/latency.json" \
  --benchmark_out_format=json

python3 benchmarks/report.py --input "$out/results.json" \
  --command "${pin[*]} bazel-bin/benchmarks/fixwire_benchmark ${suite_args[*]/--benchmark_out=*/--benchmark_out=results.json} (-c opt)" \
  --latency "$out/latency.json" \
  --latency_command "${pin[*]} bazel-bin/benchmarks/latency_benchmark --count=$latency_count (-c opt)" \
  --output docs/benchmarks.md --svg docs/benchmarks_speedup.svg
echo "wrote docs/benchmarks.md and docs/benchmarks_speedup.svg (raw results in $out)"
