#!/usr/bin/env bash
# run_fuzzers.sh: runs every fixwire fuzz target for a bounded time; fails on any finding.
#
# Usage: tests/fuzz/run_fuzzers.sh [SECONDS_EACH] [TARGET_NAME...]
#   SECONDS_EACH  libFuzzer -max_total_time per target (default 60).
#   TARGET_NAME   only these targets (e.g. simd_kernels_fuzzer); default: every
#                 cc_binary tagged "fixwire_fuzzer" under //tests/fuzz.
#
# Builds with --config=fuzz (clang, libFuzzer, ASan, UBSan) in its own Bazel
# output base, so the clang build never evicts the gcc one:
#   FIXWIRE_FUZZ_OUTPUT_BASE (default $HOME/.cache/bazel-ob/fuzz-clang).
# Each target starts from a scratch copy of its committed seed corpus
# (tests/fuzz/corpus/<target>/), uses tests/fuzz/fix.dict, one process
# (-jobs not used: CPU is shared), and writes crash/leak/timeout reproducers to
# $FIXWIRE_FUZZ_ARTIFACTS (default a fresh temporary directory), which is
# printed. Set FIXWIRE_FUZZ_KEEP_CORPUS=DIR to keep the grown corpora there.
#
# Prints one line per target, "fuzz: NAME PASSED (N execs, R exec/s)" or
# "fuzz: NAME FAILED (...)", which .ci/run counts. Exit status: 0 when every
# target ran its time without a finding, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$(pwd)"

SECONDS_EACH="${1:-60}"
shift || true
OUTPUT_BASE="${FIXWIRE_FUZZ_OUTPUT_BASE:-$HOME/.cache/bazel-ob/fuzz-clang}"
ARTIFACTS="${FIXWIRE_FUZZ_ARTIFACTS:-$(mktemp -d -t fixwire-fuzz-XXXXXX)}"
mkdir -p "$ARTIFACTS"
ARTIFACTS="$(cd "$ARTIFACTS" && pwd)"
BAZEL=(./bazelw --output_base="$OUTPUT_BASE")

if [[ ! "$SECONDS_EACH" =~ ^[0-9]+$ ]] || ((SECONDS_EACH == 0)); then
  echo "run_fuzzers: SECONDS_EACH must be a positive integer, got '$SECONDS_EACH'" >&2
  exit 2
fi

if (($# > 0)); then
  targets=()
  for t in "$@"; do targets+=("//tests/fuzz:${t#//tests/fuzz:}"); done
else
  mapfile -t targets < <("${BAZEL[@]}" query --noshow_progress \
    'attr(tags, "fixwire_fuzzer", kind("cc_binary", //tests/fuzz:*))' 2>/dev/null)
fi
if ((${#targets[@]} == 0)); then
  echo "run_fuzzers: no fuzz targets found" >&2
  echo "fuzz: query FAILED (no targets)"
  exit 1
fi

echo "run_fuzzers: building ${#targets[@]} targets with --config=fuzz (output base $OUTPUT_BASE)"
# The build log goes to a file: ld.gold warns about every ASan helper symbol.
if ! "${BAZEL[@]}" build --config=fuzz --experimental_convenience_symlinks=ignore "${targets[@]}" >"$ARTIFACTS/build.log" 2>&1; then
  grep -v 'Cannot export local symbol' "$ARTIFACTS/build.log" | tail -n 60
  echo "fuzz: build FAILED"
  exit 1
fi
BIN_DIR="$("${BAZEL[@]}" info --config=fuzz bazel-bin 2>/dev/null)"

status=0
for label in "${targets[@]}"; do
  name="${label##*:}"
  binary="$BIN_DIR/tests/fuzz/$name"
  seeds="tests/fuzz/corpus/$name"
  work="$(mktemp -d -t "fixwire-corpus-$name-XXXXXX")"
  [[ -d "$seeds" ]] && cp -R "$seeds/." "$work/"
  log="$ARTIFACTS/$name.log"
  echo "run_fuzzers: $name for ${SECONDS_EACH}s (log $log)"
  started=$(date +%s)
  # The binary runs from its runfiles tree so data files (dictionaries) resolve.
  (
    cd "$binary.runfiles/fixwire" 2>/dev/null || true
    "$binary" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
      -dict="$ROOT/tests/fuzz/fix.dict" -print_final_stats=1 \
      -artifact_prefix="$ARTIFACTS/$name-" "$work"
  ) >"$log" 2>&1
  rc=$?
  elapsed=$(($(date +%s) - started))
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  summary="${execs:-?} execs, ${rate:-?} exec/s, ${elapsed}s"
  if ((rc == 0)); then
    echo "fuzz: $name PASSED ($summary)"
  else
    status=1
    echo "fuzz: $name FAILED (exit $rc, $summary; reproducers in $ARTIFACTS/$name-*)"
    tail -n 40 "$log" | sed "s/^/  $name: /"
  fi
  if [[ -n "${FIXWIRE_FUZZ_KEEP_CORPUS:-}" ]]; then
    mkdir -p "$FIXWIRE_FUZZ_KEEP_CORPUS/$name" && cp -R "$work/." "$FIXWIRE_FUZZ_KEEP_CORPUS/$name/"
  fi
  rm -rf "$work"
done
echo "run_fuzzers: artifacts and logs in $ARTIFACTS"
exit $status
