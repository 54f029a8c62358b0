# Sourced by the install tests: installs //:install into a temporary prefix and
# provides what the consumer tests share.
#   $runfiles  the test's runfiles of this workspace
#   $prefix    the installed tree ($TEST_TMPDIR/prefix)
#   $sanitize  -fsanitize=... flags when the installed archive is instrumented
#              (--config=asan/ubsan): a consumer must link the runtimes too
set -euo pipefail

runfiles="${TEST_SRCDIR:?run this under bazel test}/${TEST_WORKSPACE:-fixwire}"
tests="$runfiles/tests/install"
prefix="$TEST_TMPDIR/prefix"
rm -rf "$prefix"
"$runfiles/install" --prefix "$prefix" > "$TEST_TMPDIR/install.log" ||
  { cat "$TEST_TMPDIR/install.log"; echo "FAILED: //:install --prefix $prefix"; exit 1; }

sanitize=()
archive_symbols=$(nm "$prefix/lib/libfixwire.a" 2>/dev/null || true)
if grep -q '__asan_' <<<"$archive_symbols"; then sanitize+=(-fsanitize=address); fi
if grep -q '__ubsan_' <<<"$archive_symbols"; then sanitize+=(-fsanitize=undefined); fi
unset archive_symbols

# check_readme FILE...: README.md shows each file's content verbatim (after
# replacing the source tree's path by /path/to/fixwire), so the README's
# snippets are exactly what these tests run.
check_readme() {
  local readme snippet f
  readme=$(<"$runfiles/README.md")
  for f in "$@"; do
    snippet=$(<"$f")
    if [[ "$readme" != *"$snippet"* ]]; then
      echo "FAILED: README.md does not show $(basename "$f") as it is:"
      cat "$f"
      exit 1
    fi
  done
}

# run_gateway BINARY: runs the gateway program on the installed FIX 4.4
# dictionary and checks that it answered the order with the expected bytes.
run_gateway() {
  local out
  if ! out=$("$1" "$prefix/share/fixwire/dictionaries/FIX44.xml" 2>&1); then
    echo "$out"
    echo "FAILED: $1"
    exit 1
  fi
  grep -qx 'gateway: ok' <<<"$out" || { echo "$out"; echo "FAILED: no 'gateway: ok'"; exit 1; }
  echo "$out"
}

# run_logged LOG COMMAND...: runs a command quietly; on failure shows its output.
run_logged() {
  local log=$1
  shift
  if ! "$@" > "$log" 2>&1; then
    cat "$log"
    echo "FAILED: $*"
    exit 1
  fi
}
