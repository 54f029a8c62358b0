// arena_benchmark.cc: Arena bump allocation and BufferPool acquire/release.
//
// Rows: arena/allocate/<allocations per reset> (64-byte pieces, 8-aligned,
// then reset) and pool/acquire_release/<buffers held at once>.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fixwire/arena/arena.h"
#include "fixwire/arena/buffer_pool.h"
#include "benchmark/benchmark.h"

namespace fixwire::bench {
namespace {

void BM_ArenaAllocate(benchmark::State& state) {
  const auto count = static_cast<std::size_t>(state.range(0));
  Arena arena(count * 64);
  for (auto _ : state) {
    for (std::size_t i = 0; i < count; ++i) {
      void* p = arena.allocate(64, 8);
      benchmark::DoNotOptimize(p);
    }
    arena.reset();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
}
BENCHMARK(BM_ArenaAllocate)->Name("arena/allocate")->Arg(1)->Arg(16)->Arg(256);

void BM_PoolAcquireRelease(benchmark::State& state) {
  const auto held = static_cast<std::size_t>(state.range(0));
  BufferPool pool(held, 4096);
  PooledBuffer handles[64];
  for (auto _ : state) {
    for (std::size_t i = 0; i < held; ++i) handles[i] = pool.acquire();
    benchmark::DoNotOptimize(handles[0].data());
    for (std::size_t i = 0; i < held; ++i) handles[i].reset();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * held));
}
BENCHMARK(BM_PoolAcquireRelease)->Name("pool/acquire_release")->Arg(1)->Arg(16)->Arg(64);

}  // namespace
}  // namespace fixwire::bench

BENCHMARK_MAIN();
