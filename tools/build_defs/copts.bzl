"""Compiler flags shared by all of fixwire's own code (never applied to system headers).

FIXWIRE_COPTS: warnings as errors for project code, -O3 under -c opt.
FIXWIRE_TEST_COPTS: the same, for tests (gtest macros trip -Wsign-compare less here).
ISA_*_COPTS: only the per-ISA kernel libraries in simd/internal (and the decoder's
AVX-512 field walk) get these;
everything else builds for baseline x86-64, and the CPU is checked at run time.
"""

FIXWIRE_COPTS = [
    "-Wall",
    "-Wextra",
    "-Werror",
    "-Wshadow",
    "-Wnon-virtual-dtor",
    "-Wno-unused-parameter",
] + select({
    "//tools/build_defs:opt": ["-O3"],
    "//conditions:default": [],
})

# GCC 12 at -O2/-O3 reports -Wrestrict false positives inside libstdc++'s
# std::string insert/replace/append when the offset comes from a find() the
# optimiser cannot bound (GCC bugs 105329, 105651). Tests build strings that
# way all the time, so -Wrestrict is off for tests under -c opt only; project
# code keeps it. Clang has no -Wrestrict: -Wno-unknown-warning-option keeps it
# from rejecting the flag.
FIXWIRE_TEST_COPTS = FIXWIRE_COPTS + ["-Wno-sign-compare"] + select({
    "//tools/build_defs:opt": ["-Wno-unknown-warning-option", "-Wno-restrict"],
    "//conditions:default": [],
})

ISA_SSE2_COPTS = ["-msse2"]
ISA_AVX2_COPTS = ["-mavx2", "-mbmi", "-mbmi2", "-mlzcnt", "-mpopcnt"]
ISA_AVX512_COPTS = ISA_AVX2_COPTS + ["-mavx512f", "-mavx512bw", "-mavx512vl"]
# The decoder's AVX-512 field walk (codec/internal/field_walk_avx512.cc): byte permutes and compress.
ISA_AVX512_VBMI_COPTS = ISA_AVX512_COPTS + ["-mavx512vbmi", "-mavx512vbmi2"]

# libFuzzer's main under --config=fuzz; a corpus-replay main otherwise.
FUZZ_LINKOPTS = select({
    "//tools/build_defs:fuzz": ["-fsanitize=fuzzer"],
    "//conditions:default": [],
})
