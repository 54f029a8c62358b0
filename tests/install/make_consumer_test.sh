#!/usr/bin/env bash
# A Makefile (as README.md shows it) builds the gateway program with
# `pkg-config --cflags --libs fixwire` against the installed tree, and once
# fully static with `pkg-config --static --libs fixwire`; both answer an order
# with the expected bytes.
source "${TEST_SRCDIR:?}/${TEST_WORKSPACE:-fixwire}/tests/install/install_lib.sh"
check_readme "$tests/Makefile"

project="$TEST_TMPDIR/make_project"
mkdir -p "$project"
cp "$tests/Makefile" "$tests/gateway.cc" "$project/"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
if ((${#sanitize[@]} > 0)); then
  # Instrumented archive: link the sanitizer runtimes, which cannot be static.
  CXXFLAGS="${sanitize[*]}" LDFLAGS="${sanitize[*]}" run_logged "$TEST_TMPDIR/make.log" make -C "$project" gateway
  run_gateway "$project/gateway"
  exit 0
fi
run_logged "$TEST_TMPDIR/make.log" make -C "$project" gateway gateway-static
run_gateway "$project/gateway"
run_gateway "$project/gateway-static"
if ldd "$project/gateway-static" > /dev/null 2>&1; then
  echo "FAILED: gateway-static is a dynamic executable"
  exit 1
fi
