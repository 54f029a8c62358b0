#!/usr/bin/env bash
# Builds a program outside Bazel (plain g++) against //:fixwire_archive's
# libfixwire.a and include/ tree with the link line docs/building.md gives,
# runs it on a Heartbeat (loading a dictionary too: the abseil and pugixml
# part of the line) and on a corrupted one, and checks the output: proves the
# archive, its header tree and the documented link line are complete.
set -euo pipefail
archive_dir=$(dirname "$(find -L . -path '*fixwire_archive/lib/libfixwire.a' | head -1)")/..
src=$(find -L . -name gateway_main.cc | head -1)
dictionary=$(find -L . -path '*codec/dictionaries/FIX44.xml' | head -1)
docs=$(find -L . -path '*docs/building.md' | head -1)
# The libraries after libfixwire.a, exactly as docs/building.md documents them.
link_libs="-lpugixml -labsl_statusor -labsl_status"
grep -qF -- "libfixwire.a $link_libs" "$docs" || {
  echo "docs/building.md does not document the link line: libfixwire.a $link_libs"; exit 1; }
[[ -f "$archive_dir/lib/libfixwire.a" ]] || { echo "libfixwire.a not found"; exit 1; }
[[ -f "$archive_dir/include/fixwire/wire/decoder.h" ]] || { echo "header tree not found"; exit 1; }
out="${TEST_TMPDIR:-/tmp}/gateway"
# Under --config=asan/ubsan the archive is instrumented: link the runtimes too.
sanitize=()
symbols=$(nm "$archive_dir/lib/libfixwire.a" 2>/dev/null || true)
grep -q '__asan_' <<<"$symbols" && sanitize+=(-fsanitize=address)
grep -q '__ubsan_' <<<"$symbols" && sanitize+=(-fsanitize=undefined)
g++ -std=c++20 -O1 "${sanitize[@]}" -I"$archive_dir/include" "$src" "$archive_dir/lib/libfixwire.a" $link_libs -o "$out"

# 8=FIX.4.2|9=5|35=0|10=161| : BodyLength and CheckSum computed by hand.
got=$("$out" '8=FIX.4.2|9=5|35=0|10=161|' "$dictionary")
want=$'8=FIX.4.2\n9=5\n35=0\n10=161\ndictionary FIX.4.4'
if [[ "$got" != "$want" ]]; then
  echo "unexpected output:"; echo "$got"; exit 1
fi
if "$out" '8=FIX.4.2|9=5|35=0|10=162|' > "${TEST_TMPDIR:-/tmp}/bad.txt"; then
  echo "a wrong CheckSum was accepted"; exit 1
fi
grep -q "^error check_sum_mismatch" "${TEST_TMPDIR:-/tmp}/bad.txt" || { cat "${TEST_TMPDIR:-/tmp}/bad.txt"; exit 1; }
echo "archive links and decodes"
