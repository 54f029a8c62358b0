"""fixwire_fuzz_target: one libFuzzer target, plus a gcc test replaying its corpus.

fixwire_fuzz_target(name, srcs, deps, corpus) makes:
  name + "_lib"          the target's code (defines LLVMFuzzerTestOneInput), alwayslink.
  name                   the fuzzer binary. Under --config=fuzz (clang, ASan, UBSan) it
                         links libFuzzer's main (FUZZ_LINKOPTS); otherwise it links
                         //tests/fuzz:replay_main, so it still builds with gcc and can
                         replay files given on the command line.
  name + "_replay_test"  a cc_test that replays every file of tests/fuzz/corpus/<corpus>/
                         (seeds and regression reproducers) through the target, so
                         `./bazelw test //...` covers the fuzz inputs with any compiler.

The corpus directory must hold at least one file; the replay test fails otherwise.
run_fuzzers.sh finds the fuzzers by the "fixwire_fuzzer" tag.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library", "cc_test")
load("//tools/build_defs:copts.bzl", "FIXWIRE_TEST_COPTS", "FUZZ_LINKOPTS")

def fixwire_fuzz_target(name, srcs, deps = [], corpus = None, copts = [], size = "small", data = []):
    """Declares a libFuzzer target, its binary and its corpus replay test.

    Args:
      name: the fuzzer's name, e.g. "decoder_fuzzer".
      srcs: sources; exactly one of them defines LLVMFuzzerTestOneInput.
      deps: libraries under test (plus //tests/fuzz:fuzz_support if used).
      corpus: directory name under tests/fuzz/corpus/ (defaults to name).
      copts: extra compiler options, after FIXWIRE_TEST_COPTS.
      size: the replay test's size.
      data: extra runtime files (e.g. a dictionary XML) both binaries need.
    """
    corpus = corpus or name
    corpus_dir = "corpus/" + corpus
    corpus_files = native.glob([corpus_dir + "/**"], exclude_directories = 1)
    lib = name + "_lib"

    cc_library(
        name = lib,
        testonly = True,
        srcs = srcs,
        copts = FIXWIRE_TEST_COPTS + copts,
        deps = deps,
        alwayslink = True,
    )

    cc_binary(
        name = name,
        testonly = True,
        linkopts = FUZZ_LINKOPTS,
        data = data,
        tags = ["fixwire_fuzzer"],
        deps = [":" + lib] + select({
            "//tools/build_defs:fuzz": [],
            "//conditions:default": ["//tests/fuzz:replay_main"],
        }),
    )

    cc_test(
        name = name + "_replay_test",
        size = size,
        args = [native.package_name() + "/" + corpus_dir],
        data = corpus_files + data,
        deps = [
            ":" + lib,
            "//tests/fuzz:replay_main",
        ],
    )
