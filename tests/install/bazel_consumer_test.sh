#!/usr/bin/env bash
# Another Bazel workspace (consumer.WORKSPACE, consumer.BUILD and
# consumer.bazelrc, as README.md shows them) uses this source tree through
# local_repository and builds the gateway program with @fixwire//:fixwire,
# offline, with Debian's bazel and an output root of its own; the program
# answers an order with the expected bytes.
#
# It compiles the whole library, so it runs in the default configuration only:
# under --config=asan/ubsan (argument "sanitizer") it says so and passes.
set -euo pipefail
if [[ "${1:-}" == "sanitizer" ]]; then
  echo "skipped under a sanitizer configuration: the consumer build is not instrumented"
  exit 0
fi
runfiles="${TEST_SRCDIR:?}/${TEST_WORKSPACE:-fixwire}"
tests="$runfiles/tests/install"
source "$tests/install_lib.sh"
check_readme "$tests/consumer.WORKSPACE" "$tests/consumer.BUILD" "$tests/consumer.bazelrc"

# The source tree: where the README runfile really lives.
source_tree=$(dirname "$(realpath "$runfiles/README.md")")
[[ -f "$source_tree/WORKSPACE" ]] || { echo "FAILED: no source tree at $source_tree"; exit 1; }
command -v bazel > /dev/null || { echo "FAILED: bazel is not installed"; exit 1; }

workspace="$TEST_TMPDIR/bazel_project"
mkdir -p "$workspace" "$TEST_TMPDIR/home"
sed "s|/path/to/fixwire|$source_tree|" "$tests/consumer.WORKSPACE" > "$workspace/WORKSPACE"
cp "$tests/consumer.BUILD" "$workspace/BUILD.bazel"
cp "$tests/consumer.bazelrc" "$workspace/.bazelrc"
cp "$tests/gateway.cc" "$workspace/"

cd "$workspace"
# --batch: no server left behind; --nosandbox_debug: Debian's bazelrc turns it on.
HOME="$TEST_TMPDIR/home" run_logged "$TEST_TMPDIR/bazel.log" \
  bazel --batch --output_user_root="$TEST_TMPDIR/bazel_root" \
  build --nosandbox_debug //:gateway
run_gateway "$workspace/bazel-bin/gateway"
