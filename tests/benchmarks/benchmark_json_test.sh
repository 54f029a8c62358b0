#!/usr/bin/env bash
# Checks that a benchmark binary follows Google Benchmark's output flags: run
# with --benchmark_format=json and a filter, it exits 0 and prints one valid
# JSON document on stdout (anything else goes to stderr) whose rows are the
# ones the filter selects, none in error; --benchmark_out writes the same rows.
# Usage: benchmark_json_test.sh <binary> <filter regex> [more flags for the binary...]
set -euo pipefail
binary="$1"
filter="$2"
shift 2
tmp="${TEST_TMPDIR:-$(mktemp -d)}"

"$binary" --benchmark_format=json --benchmark_min_time=0.01 --benchmark_filter="$filter" \
  --benchmark_out="$tmp/out.json" --benchmark_out_format=json "$@" >"$tmp/stdout.json" 2>"$tmp/stderr.txt" || {
  echo "FAIL: $binary exited non-zero" >&2
  cat "$tmp/stderr.txt" >&2
  exit 1
}

python3 - "$tmp/stdout.json" "$tmp/out.json" "$filter" <<'PY'
import json, re, sys
stdout_path, out_path, pattern = sys.argv[1:]
status = 0
docs = {}
for label, path in (("stdout", stdout_path), ("--benchmark_out", out_path)):
    try:
        with open(path) as f:
            docs[label] = json.load(f)
    except ValueError as e:
        text = open(path).read()
        print(f"FAIL: {label} is not valid JSON ({e}); it starts with:\n{text[:400]}", file=sys.stderr)
        sys.exit(1)
for label, doc in docs.items():
    rows = doc.get("benchmarks", [])
    if "context" not in doc or not rows:
        print(f"FAIL: {label}: no context or no rows", file=sys.stderr)
        status = 1
    for b in rows:
        if not re.search(pattern, b["name"]):
            print(f"FAIL: {label}: row {b['name']} does not match the filter {pattern}", file=sys.stderr)
            status = 1
        if b.get("error_occurred"):
            print(f"FAIL: {label}: row {b['name']} failed: {b.get('error_message')}", file=sys.stderr)
            status = 1
names = [[b["name"] for b in d.get("benchmarks", [])] for d in docs.values()]
if names[0] != names[1]:
    print(f"FAIL: stdout and --benchmark_out hold different rows: {names}", file=sys.stderr)
    status = 1
print(f"{len(names[0])} rows, valid JSON on stdout and in --benchmark_out: {', '.join(names[0])}")
sys.exit(status)
PY
