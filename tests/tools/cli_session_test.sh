#!/bin/bash
# Runs cli_session_test.py with the system Python 3 (no Bazel Python toolchain needed).
set -euo pipefail
python=/usr/bin/python3
[ -x "$python" ] || python=python3
exec "$python" tests/tools/cli_session_test.py "$1"
