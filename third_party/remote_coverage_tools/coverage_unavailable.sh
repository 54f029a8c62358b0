#!/bin/sh
echo "fixwire: 'bazel coverage' needs Bazel's remote coverage tools, which are not" >&2
echo "available offline. Use gcov/llvm-cov on a --config=asan build instead." >&2
exit 1
