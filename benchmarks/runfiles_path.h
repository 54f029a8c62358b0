// runfiles_path.h: finds a data file of the suite (a dictionary) whether the
// binary runs under `bazel run`, `bazel test` or directly from bazel-bin.
// Setup code only (allocates, reads the environment); any thread.
#ifndef FIXWIRE_BENCHMARKS_RUNFILES_PATH_H_
#define FIXWIRE_BENCHMARKS_RUNFILES_PATH_H_

#include <string>

namespace fixwire::bench {

// RunfilesPath returns a readable path for `workspace_relative` (e.g.
// "codec/dictionaries/FIX44.xml"): the path itself when readable from the
// current directory, else under $RUNFILES_DIR, $TEST_SRCDIR, the binary's
// own .runfiles tree, or $BUILD_WORKSPACE_DIRECTORY; "" when none exists.
std::string RunfilesPath(const std::string& workspace_relative);

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_RUNFILES_PATH_H_
