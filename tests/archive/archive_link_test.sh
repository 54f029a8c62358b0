#!/usr/bin/env bash
# Builds a program outside Bazel (plain g++) against //:fixwire_archive's
# libfixwire.a and include/ tree, runs it on a Heartbeat and on a corrupted
# one, and checks the output: proves the archive is complete and usable.
set -euo pipefail
archive_dir=$(dirname "$(find -L . -path '*fixwire_archive/lib/libfixwire.a' | head -1)")/..
src=$(find -L . -name gateway_main.cc | head -1)
[[ -f "$archive_dir/lib/libfixwire.a" ]] || { echo "libfixwire.a not found"; exit 1; }
[[ -f "$archive_dir/include/codec/decoder.h" ]] || { echo "header tree not found"; exit 1; }
out="${TEST_TMPDIR:-/tmp}/gateway"
# Under --config=asan/ubsan the archive is instrumented: link the runtimes too.
sanitize=()
symbols=$(nm "$archive_dir/lib/libfixwire.a" 2>/dev/null || true)
grep -q '__asan_' <<<"$symbols" && sanitize+=(-fsanitize=address)
grep -q '__ubsan_' <<<"$symbols" && sanitize+=(-fsanitize=undefined)
g++ -std=c++20 -O1 "${sanitize[@]}" -I"$archive_dir/include" "$src" "$archive_dir/lib/libfixwire.a" -o "$out"

# 8=FIX.4.2|9=5|35=0|10=161| : BodyLength and CheckSum computed by hand.
got=$("$out" '8=FIX.4.2|9=5|35=0|10=161|')
want=$'8=FIX.4.2\n9=5\n35=0\n10=161'
if [[ "$got" != "$want" ]]; then
  echo "unexpected output:"; echo "$got"; exit 1
fi
if "$out" '8=FIX.4.2|9=5|35=0|10=162|' > "${TEST_TMPDIR:-/tmp}/bad.txt"; then
  echo "a wrong CheckSum was accepted"; exit 1
fi
grep -q "^error check_sum_mismatch" "${TEST_TMPDIR:-/tmp}/bad.txt" || { cat "${TEST_TMPDIR:-/tmp}/bad.txt"; exit 1; }
echo "archive links and decodes"
