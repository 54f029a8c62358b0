#!/usr/bin/env bash
# Runs every //benchmarks:session_latency row with a few round trips and a
# short throughput phase, then checks the JSON (session_latency_check.py).
set -euo pipefail
binary="$1"
check="$2"
out="${TEST_TMPDIR:-/tmp}/session_latency.json"
"$binary" --round-trips=300 --warmup=30 --throughput-seconds=0.3 --json="$out"
python3 "$check" "$out" 300
