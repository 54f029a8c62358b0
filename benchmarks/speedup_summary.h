// The summary //benchmarks:fixwire_benchmark prints after its rows: for each
// operation and workload measured for both libraries, fixwire's and QuickFIX's
// CPU time per operation and the speed-up (QuickFIX's time / fixwire's).
//
// Rows pair by name, <library>/<operation>/<workload>: fixwire/decode/NewOrderSingle
// with quickfix/decode/NewOrderSingle, fixwire/int_to_string/1234 with
// quickfix/int_to_string/1234. Rows of other libraries (snprintf, ostream) and
// rows only one library has are left out.
#ifndef FIXWIRE_BENCHMARKS_SPEEDUP_SUMMARY_H_
#define FIXWIRE_BENCHMARKS_SPEEDUP_SUMMARY_H_

#include <string>
#include <vector>

#include "benchmark/benchmark.h"

namespace fixwire::bench {

struct SpeedupRow {
  std::string operation;
  std::string workload;
  double fixwire_ns = 0;   // CPU time per operation
  double quickfix_ns = 0;  // CPU time per operation

  double speedup() const { return quickfix_ns / fixwire_ns; }
};

// The paired rows of `runs`. A row's time is its "median" aggregate when the
// runs hold one (--benchmark_repetitions), else the median of its runs; runs in
// error are left out. Ordered by operation, then workload, each in the order
// their rows were registered (stable under --benchmark_enable_random_interleaving).
std::vector<SpeedupRow> PairWithQuickfix(const std::vector<benchmark::BenchmarkReporter::Run>& runs);

// The table printed after the rows, one line per pair under a two-line header,
// e.g. "decode           NewOrderSingle     31.2 ns     740 ns     23.7x";
// "" when `rows` is empty.
std::string FormatSpeedupSummary(const std::vector<SpeedupRow>& rows);

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_SPEEDUP_SUMMARY_H_
