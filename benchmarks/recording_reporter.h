// RecordingReporter: the display reporter of the benchmark mains that need to
// see the results (count failed rows, print a summary after the rows).
//
// It forwards every call to the reporter Google Benchmark's own flags select
// (benchmark::CreateDefaultDisplayReporter(): --benchmark_format=console|json|csv,
// --benchmark_color, --benchmark_counters_tabular), so a main that passes it to
// RunSpecifiedBenchmarks honours the standard flags exactly as
// BENCHMARK_MAIN() does; --benchmark_out still gets the library's file
// reporter. (A main may forward to its own reporter instead, e.g. its own
// console table.) It keeps a copy of every run the display reporter was given
// (with --benchmark_display_aggregates_only / --benchmark_report_aggregates_only,
// only the aggregates).
#ifndef FIXWIRE_BENCHMARKS_RECORDING_REPORTER_H_
#define FIXWIRE_BENCHMARKS_RECORDING_REPORTER_H_

#include <string>
#include <utility>
#include <vector>

#include "benchmark/benchmark.h"

namespace fixwire::bench {

class RecordingReporter : public benchmark::BenchmarkReporter {
 public:
  // A row that reports an error counts as a failure unless its message is
  // `tolerated_error` (e.g. "this CPU does not support this implementation").
  // `display`: where to forward, when not the flag-selected reporter.
  explicit RecordingReporter(std::string tolerated_error = "",
                             benchmark::BenchmarkReporter* display = nullptr)
      : display_(display != nullptr ? display
                                    : benchmark::CreateDefaultDisplayReporter()),  // owned by the library
        tolerated_error_(std::move(tolerated_error)) {}

  bool ReportContext(const Context& context) override { return display_->ReportContext(context); }

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred && run.error_message != tolerated_error_) ++failures_;
    }
    runs_.insert(runs_.end(), runs.begin(), runs.end());
    display_->ReportRuns(runs);
  }

  void Finalize() override { display_->Finalize(); }

  // Every run reported so far, in the order reported.
  const std::vector<Run>& runs() const { return runs_; }

  // Rows that reported an error other than the tolerated one.
  int failures() const { return failures_; }

 private:
  benchmark::BenchmarkReporter* display_;
  std::string tolerated_error_;
  std::vector<Run> runs_;
  int failures_ = 0;
};

// Whether the flags ask for the console table on stdout (not
// --benchmark_format=json or csv). Call after benchmark::Initialize.
inline bool ConsoleFormat() {
  return dynamic_cast<benchmark::ConsoleReporter*>(benchmark::CreateDefaultDisplayReporter()) != nullptr;
}

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_RECORDING_REPORTER_H_
