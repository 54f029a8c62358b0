// The encode rows' smoke test: runs every registered row briefly and fails
// (exit 1) when any row reported an error, e.g. a row whose encoded bytes
// differ from its workload's (each row checks that before timing).
#include <cstdio>
#include <vector>

#include "benchmark/benchmark.h"

namespace {

class ErrorCountingReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) {
        ++errors_;
        std::fprintf(stderr, "row %s failed: %s\n", run.benchmark_name().c_str(), run.error_message.c_str());
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  int errors() const { return errors_; }

 private:
  int errors_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  ErrorCountingReporter reporter;
  const std::size_t rows = benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  if (rows == 0) {
    std::fprintf(stderr, "no benchmark rows ran\n");
    return 1;
  }
  return reporter.errors() == 0 ? 0 : 1;
}
