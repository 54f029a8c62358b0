// The suite's main: Google Benchmark's, plus build context in the output
// (compiler, compilation mode, fixwire's SIMD implementation) so a JSON file
// says what produced it (benchmarks/report.py prints it in docs/benchmarks.md).
#include "benchmark/benchmark.h"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
#if defined(__clang__)
  benchmark::AddCustomContext("compiler", "clang " __clang_version__);
#elif defined(__GNUC__)
  benchmark::AddCustomContext("compiler", "gcc " __VERSION__);
#endif
#ifdef NDEBUG
  benchmark::AddCustomContext("ndebug", "yes");
#else
  benchmark::AddCustomContext("ndebug", "no (not a -c opt build?)");
#endif
#ifdef __OPTIMIZE__
  benchmark::AddCustomContext("optimized", "yes");
#else
  benchmark::AddCustomContext("optimized", "no");
#endif
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
