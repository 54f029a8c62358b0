#!/usr/bin/env bash
# Runs a callgrind driver (an *_instructions binary) on each row given, with a
# few messages, and fails when any row exits non-zero (its own checks failed).
# Usage: instructions_smoke_test.sh <driver binary> <row>...
set -euo pipefail
binary="$1"
shift
for row in "$@"; do
  "$binary" "$row" 100 >/dev/null || { echo "FAIL: row $row" >&2; exit 1; }
done
echo "$# rows ran"
