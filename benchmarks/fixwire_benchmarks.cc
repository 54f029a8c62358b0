// fixwire rows no other suite covers: skeleton (an empty message of a type,
// ready to fill: QuickFIX constructs its typed message class, fixwire begins
// an Encoder over the caller's preallocated buffer, which writes 8= and 35=
// and reserves BodyLength).
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/workloads.h"
#include "codec/encoder.h"

namespace fixwire::bench {
namespace {

void Skeleton(benchmark::State& state, const Workload* w) {
  std::vector<char> buffer(w->bytes.size() + 64);
  RowCounters counters;
  for (auto _ : state) {
    Encoder e(buffer);
    e.Begin(w->begin_string, w->msg_type);
    std::size_t n = e.body_size();
    benchmark::DoNotOptimize(n);
    benchmark::ClobberMemory();
  }
  counters.Finish(state, 0);
}

const bool kRegistered = [] {
  for (const Workload& w : AllWorkloads()) {
    benchmark::RegisterBenchmark(("fixwire/skeleton/" + std::string(w.name)).c_str(), Skeleton, &w);
  }
  return true;
}();

}  // namespace
}  // namespace fixwire::bench
