// bench_counters.h: the counters every row of the suite reports, the same way
// for every library: msgs_per_s and bytes_per_s (rates over the timed loop)
// and allocs_per_op (global operator new calls on this thread per iteration,
// from //tests/support:alloc_counter, which the benchmark binary links).
//
//   void BM_Decode(benchmark::State& state) {
//     fixwire::bench::RowCounters counters;  // starts counting allocations
//     for (auto _ : state) { ... }
//     counters.Finish(state, bytes_per_message);
//   }
//
// Construct RowCounters right before the timed loop and call Finish right
// after it, so setup allocations are not counted. Single-threaded rows only.
#ifndef FIXWIRE_BENCHMARKS_BENCH_COUNTERS_H_
#define FIXWIRE_BENCHMARKS_BENCH_COUNTERS_H_

#include <cstddef>
#include <cstdint>

#include "benchmark/benchmark.h"
#include "tests/support/alloc_counter.h"

namespace fixwire::bench {

class RowCounters {
 public:
  RowCounters() noexcept = default;

  // Finish sets the three counters; messages_per_iteration is for rows that
  // handle several messages per iteration (a framer over a stream).
  void Finish(benchmark::State& state, std::size_t bytes_per_iteration,
              std::size_t messages_per_iteration = 1) const {
    // Read the allocation count first: inserting the counters allocates.
    const double allocations = static_cast<double>(scope_.allocations());
    const double iterations = static_cast<double>(state.iterations());
    state.counters["msgs_per_s"] =
        benchmark::Counter(iterations * static_cast<double>(messages_per_iteration),
                           benchmark::Counter::kIsRate);
    state.counters["bytes_per_s"] = benchmark::Counter(
        iterations * static_cast<double>(bytes_per_iteration), benchmark::Counter::kIsRate,
        benchmark::Counter::kIs1024);
    state.counters["allocs_per_op"] =
        benchmark::Counter(allocations / (iterations > 0 ? iterations : 1.0));
  }

 private:
  fixwire::testing::AllocationScope scope_;
};

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_BENCH_COUNTERS_H_
