// The encode rows' smoke test: runs every registered row briefly and fails
// (exit 1) when any row reported an error, e.g. a row whose encoded bytes
// differ from its workload's (each row checks that before timing). The
// standard Google Benchmark flags all work (--benchmark_format=json, ...).
#include <cstdio>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/recording_reporter.h"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  fixwire::bench::RecordingReporter reporter;  // prints in the format the flags select
  const std::size_t rows = benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  if (rows == 0) {
    std::fprintf(stderr, "no benchmark rows ran\n");
    return 1;
  }
  for (const benchmark::BenchmarkReporter::Run& run : reporter.runs()) {
    if (run.error_occurred) {
      std::fprintf(stderr, "row %s failed: %s\n", run.benchmark_name().c_str(), run.error_message.c_str());
    }
  }
  return reporter.failures() == 0 ? 0 : 1;
}
