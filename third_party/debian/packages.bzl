"""The Debian packages fixwire builds with, under their upstream repository names."""

load("//third_party/debian:debian_package.bzl", "debian_package")

_ABSL_BASE = ["-labsl_base", "-labsl_spinlock_wait", "-labsl_raw_logging_internal", "-labsl_log_severity", "-labsl_throw_delegate"]
_ABSL_STRINGS = ["-labsl_strings", "-labsl_strings_internal", "-labsl_int128"] + _ABSL_BASE
_ABSL_TIME = ["-labsl_time", "-labsl_civil_time", "-labsl_time_zone"] + _ABSL_STRINGS
_ABSL_SYNC = ["-labsl_synchronization", "-labsl_graphcycles_internal", "-labsl_symbolize", "-labsl_stacktrace", "-labsl_debugging_internal", "-labsl_demangle_internal", "-labsl_malloc_internal"] + _ABSL_TIME
_ABSL_STR_FORMAT = ["-labsl_str_format_internal"] + _ABSL_STRINGS
_ABSL_CORD = ["-labsl_cord", "-labsl_cord_internal", "-labsl_cordz_info", "-labsl_cordz_functions", "-labsl_cordz_handle", "-labsl_exponential_biased"] + _ABSL_SYNC
_ABSL_STATUS = ["-labsl_status", "-labsl_strerror"] + _ABSL_STR_FORMAT + _ABSL_CORD
_ABSL_HASH = ["-labsl_hash", "-labsl_city", "-labsl_low_level_hash"] + _ABSL_BASE
_ABSL_RAW_HASH_SET = ["-labsl_raw_hash_set"] + _ABSL_HASH

def fixwire_debian_packages():
    """Declares every external repository of the build (no downloads)."""
    debian_package(
        name = "com_google_absl",
        debian_package = "libabsl-dev",
        headers = ["absl"],
        targets = {
            "absl/base:base": _ABSL_BASE,
            "absl/base:core_headers": [],
            "absl/strings:strings": _ABSL_STRINGS,
            "absl/strings:str_format": _ABSL_STR_FORMAT,
            "absl/status:status": _ABSL_STATUS,
            "absl/status:statusor": ["-labsl_statusor"] + _ABSL_STATUS,
            "absl/container:flat_hash_map": _ABSL_RAW_HASH_SET,
            "absl/container:flat_hash_set": _ABSL_RAW_HASH_SET,
            "absl/container:inlined_vector": [],
            "absl/hash:hash": _ABSL_HASH,
            "absl/types:span": [],
            "absl/types:optional": [],
            "absl/numeric:bits": [],
            "absl/numeric:int128": ["-labsl_int128"],
            "absl/time:time": _ABSL_TIME,
            "absl/synchronization:synchronization": _ABSL_SYNC,
        },
    )
    debian_package(
        name = "com_google_googletest",
        debian_package = "libgtest-dev, libgmock-dev",
        headers = ["gtest", "gmock"],
        targets = {
            ":gtest": ["-lgtest"],
            ":gtest_main": ["-lgtest_main", "-lgtest"],
            ":gmock": ["-lgmock", "-lgtest"],
            ":gmock_main": ["-lgmock_main", "-lgmock", "-lgtest"],
        },
    )
    debian_package(
        name = "com_github_google_benchmark",
        debian_package = "libbenchmark-dev",
        headers = ["benchmark"],
        targets = {
            ":benchmark": ["-lbenchmark"],
            ":benchmark_main": ["-lbenchmark_main", "-lbenchmark"],
        },
    )
    debian_package(
        name = "pugixml",
        debian_package = "libpugixml-dev",
        headers = ["pugixml.hpp", "pugiconfig.hpp"],
        targets = {":pugixml": ["-lpugixml"]},
    )
    debian_package(
        name = "quickfix",
        debian_package = "libquickfix-dev",
        headers = ["quickfix"],
        targets = {":quickfix": ["-lquickfix"]},
    )
