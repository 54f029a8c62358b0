#!/usr/bin/env bash
# A CMake project (CMakeLists.txt, as README.md shows it) finds the installed
# fixwire with find_package(fixwire CONFIG REQUIRED), links fixwire::fixwire,
# and its gateway program answers an order with the expected bytes.
source "${TEST_SRCDIR:?}/${TEST_WORKSPACE:-fixwire}/tests/install/install_lib.sh"
check_readme "$tests/CMakeLists.txt"

project="$TEST_TMPDIR/cmake_project"
mkdir -p "$project"
cp "$tests/CMakeLists.txt" "$tests/gateway.cc" "$project/"
flags=()
if ((${#sanitize[@]} > 0)); then
  flags=(-DCMAKE_CXX_FLAGS="${sanitize[*]}" -DCMAKE_EXE_LINKER_FLAGS="${sanitize[*]}")
fi
run_logged "$TEST_TMPDIR/configure.log" \
  cmake -S "$project" -B "$project/build" -DCMAKE_PREFIX_PATH="$prefix" "${flags[@]}"
run_logged "$TEST_TMPDIR/build.log" cmake --build "$project/build"
run_gateway "$project/build/gateway"
