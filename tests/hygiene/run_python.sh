#!/usr/bin/env bash
# Runs a Python test script with the system's python3 (Debian has no `python`).
set -euo pipefail
exec python3 "$@"
