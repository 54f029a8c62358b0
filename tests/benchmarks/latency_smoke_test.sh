#!/usr/bin/env bash
# Runs the latency binary with a small count and checks it exits 0 (every
# library produced the workload's bytes / decoded it) and printed every row
# with its seven figures.
set -euo pipefail
binary="$1"
out="${TEST_TMPDIR:-/tmp}/latency.txt"
"$binary" --count=2000 --warmup=100 >"$out"
cat "$out"
status=0
for lib in fixwire quickfix; do
  for op in decode encode; do
    for w in NewOrderSingle ExecutionReport; do
      if ! grep -qE "^${lib}/${op}/${w} +([0-9]+ +){6}[0-9]+$" "$out"; then
        echo "FAIL: no complete row ${lib}/${op}/${w}" >&2
        status=1
      fi
    done
  done
done
exit "$status"
