// The suite's main (//benchmarks:fixwire_benchmark, //benchmarks:dictionary_benchmark):
// Google Benchmark's, so every standard flag works (--benchmark_filter, --benchmark_format,
// --benchmark_out, --benchmark_repetitions, ...), plus
// - build context in the output (compiler, compilation mode, CPU model and family, fixwire's
//   SIMD implementation), so a JSON file says what produced it (benchmarks/report.py prints it
//   in docs/benchmarks.md);
// - after the rows, a short summary: fixwire's speed-up over QuickFIX for every operation and
//   workload the run measured for both (benchmarks/speedup_summary.h). With the console format
//   it follows the rows on stdout. With --benchmark_format=json or csv it goes to stderr, so
//   stdout stays one valid JSON / CSV document (`> results.json` works) while a terminal still
//   shows it. --benchmark_out files hold only the library's rows. No pairs, no summary.
#include <cstdio>
#include <fstream>
#include <string>

#include "benchmark/benchmark.h"
#include "benchmarks/recording_reporter.h"
#include "benchmarks/speedup_summary.h"
#include "fixwire/simd/cpu_features.h"

namespace {

// The value of /proc/cpuinfo's first line starting with `key` ("" when unavailable).
std::string CpuInfo(const std::string& key) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      const std::size_t start = line.find_first_not_of(' ', colon + 1);
      return start == std::string::npos ? "" : line.substr(start);  // (an empty value: "")
    }
  }
  return "";
}

}  // namespace

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
  benchmark::AddCustomContext("cpu_model", CpuInfo("model name"));
  benchmark::AddCustomContext("cpu_family", CpuInfo("cpu family"));
  benchmark::AddCustomContext("fixwire_simd",
                              std::string(fixwire::simd::IsaName(fixwire::simd::ActiveIsa())));
  // Whether the decoder takes its AVX-512 field walk from 129 bytes (else 384).
  benchmark::AddCustomContext("fixwire_avx512_full_width",
                              fixwire::simd::CpuHasFullWidthAvx512() ? "yes" : "no");
  fixwire::bench::RecordingReporter reporter;  // prints in the format the flags select
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const std::string summary =
      fixwire::bench::FormatSpeedupSummary(fixwire::bench::PairWithQuickfix(reporter.runs()));
  if (!summary.empty()) {
    std::fflush(stdout);
    std::FILE* out = fixwire::bench::ConsoleFormat() ? stdout : stderr;
    std::fprintf(out, "\n%s", summary.c_str());
    std::fflush(out);
  }
  benchmark::Shutdown();
  return 0;
}
