// store_benchmarks.cc: MessageStore append and resend streaming, fixwire's
// stores beside QuickFIX's on the same NewOrderSingle bytes.
//
//   fixwire/store_append/<store>   Append of one NewOrderSingle (with its next
//                                  inbound number) to memory, mmap (journal,
//                                  no sync), file_none (buffered), file_flush
//                                  (one write per message), file_group (one
//                                  fdatasync per 64), file_fsync, mmap_fsync
//   fixwire/store_visit/<store>    Visit of 100,000 stored messages (one resend
//                                  of all of them per iteration): bytes_per_s
//   quickfix/store_append/<store>  FIX::MemoryStore / FIX::FileStore set()
//   quickfix/store_visit/<store>   get(1, 100000) into a vector of strings
//
// Append rows reset the store every 1,000,000 messages (timing paused) so the
// files stay bounded. Files go to $TMPDIR (default /tmp)/fixwire_store_bench.<pid>.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/quickfix_store_adapter.h"
#include "benchmarks/workloads.h"
#include "fixwire/store/store_factory.h"

namespace fixwire::bench {
namespace {

constexpr std::uint64_t kResetEvery = 1'000'000;
constexpr int kVisitMessages = 100'000;

const std::string& Message() {
  static const std::string m(GetWorkload("NewOrderSingle").bytes);
  return m;
}

std::string Directory(const std::string& name) {
  const char* tmp = std::getenv("TMPDIR");
  const std::string dir = std::string(tmp != nullptr ? tmp : "/tmp") + "/fixwire_store_bench." +
                          std::to_string(getpid()) + "/" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::unique_ptr<MessageStore> Open(StoreType type, StoreSync sync, const std::string& name) {
  StoreOptions o;
  o.type = type;
  o.sync = sync;
  o.directory = Directory(name);
  o.session_id = "FIX.4.2-US-THEM";
  o.segment_bytes = std::size_t{64} << 20;
  o.memory.max_messages = kResetEvery + 16;
  o.memory.max_bytes = (kResetEvery + 16) * 256;
  auto s = OpenStore(o);
  if (!s.ok()) return nullptr;
  return std::move(*s);
}

void BM_Append(benchmark::State& state, StoreType type, StoreSync sync, const char* name) {
  std::unique_ptr<MessageStore> store = Open(type, sync, std::string("append_") + name);
  if (store == nullptr) {
    state.SkipWithError("cannot open the store");
    return;
  }
  const std::string& m = Message();
  std::uint64_t seq = 1;
  RowCounters counters;
  for (auto _ : state) {
    if (store->Append(seq, m, seq + 1) != StoreStatus::kOk) {
      state.SkipWithError("append failed");
      break;
    }
    if (++seq > kResetEvery) {
      state.PauseTiming();
      (void)store->Reset(1);
      seq = 1;
      state.ResumeTiming();
    }
  }
  counters.Finish(state, m.size());
}

class ByteCounter final : public MessageVisitor {
 public:
  bool OnStoredMessage(std::uint64_t, std::string_view bytes) noexcept override {
    bytes_ += bytes.size();
    benchmark::DoNotOptimize(bytes.data());
    return true;
  }
  std::size_t bytes_ = 0;
};

void BM_Visit(benchmark::State& state, StoreType type, const char* name) {
  std::unique_ptr<MessageStore> store =
      Open(type, StoreSync::kNone, std::string("visit_") + name);
  if (store == nullptr) {
    state.SkipWithError("cannot open the store");
    return;
  }
  const std::string& m = Message();
  for (int seq = 1; seq <= kVisitMessages; ++seq) (void)store->Append(seq, m, 1);
  (void)store->Sync();
  RowCounters counters;
  for (auto _ : state) {
    ByteCounter c;
    if (store->Visit(1, kVisitMessages, c) != StoreStatus::kOk || c.bytes_ == 0) {
      state.SkipWithError("visit failed");
      break;
    }
  }
  counters.Finish(state, m.size() * kVisitMessages, kVisitMessages);
}

void BM_QuickFixAppend(benchmark::State& state, QuickFixStoreAdapter::Kind kind,
                       const char* name) {
  QuickFixStoreAdapter store(kind, Directory(std::string("qf_append_") + name));
  const std::string& m = Message();
  int seq = 1;
  RowCounters counters;
  for (auto _ : state) {
    if (!store.Set(seq, m)) {
      state.SkipWithError("set failed");
      break;
    }
    if (++seq > static_cast<int>(kResetEvery)) {
      state.PauseTiming();
      store.Reset();
      seq = 1;
      state.ResumeTiming();
    }
  }
  counters.Finish(state, m.size());
}

void BM_QuickFixVisit(benchmark::State& state, QuickFixStoreAdapter::Kind kind,
                      const char* name) {
  QuickFixStoreAdapter store(kind, Directory(std::string("qf_visit_") + name));
  const std::string& m = Message();
  for (int seq = 1; seq <= kVisitMessages; ++seq) store.Set(seq, m);
  RowCounters counters;
  for (auto _ : state) {
    if (store.Get(1, kVisitMessages) == 0) {
      state.SkipWithError("get failed");
      break;
    }
  }
  counters.Finish(state, m.size() * kVisitMessages, kVisitMessages);
}

using K = QuickFixStoreAdapter::Kind;

BENCHMARK_CAPTURE(BM_Append, memory, StoreType::kMemory, StoreSync::kNone, "memory")
    ->Name("fixwire/store_append/memory");
BENCHMARK_CAPTURE(BM_Append, mmap, StoreType::kMmap, StoreSync::kNone, "mmap")
    ->Name("fixwire/store_append/mmap");
BENCHMARK_CAPTURE(BM_Append, file_none, StoreType::kFile, StoreSync::kNone, "file_none")
    ->Name("fixwire/store_append/file_none");
BENCHMARK_CAPTURE(BM_Append, file_flush, StoreType::kFile, StoreSync::kFlush, "file_flush")
    ->Name("fixwire/store_append/file_flush");
BENCHMARK_CAPTURE(BM_Append, file_group, StoreType::kFile, StoreSync::kGroup, "file_group")
    ->Name("fixwire/store_append/file_group");
BENCHMARK_CAPTURE(BM_Append, mmap_group, StoreType::kMmap, StoreSync::kGroup, "mmap_group")
    ->Name("fixwire/store_append/mmap_group");
BENCHMARK_CAPTURE(BM_Append, file_fsync, StoreType::kFile, StoreSync::kFsync, "file_fsync")
    ->Name("fixwire/store_append/file_fsync")
    ->Iterations(200);
BENCHMARK_CAPTURE(BM_Append, mmap_fsync, StoreType::kMmap, StoreSync::kFsync, "mmap_fsync")
    ->Name("fixwire/store_append/mmap_fsync")
    ->Iterations(200);
BENCHMARK_CAPTURE(BM_QuickFixAppend, memory, K::kMemory, "memory")
    ->Name("quickfix/store_append/memory");
BENCHMARK_CAPTURE(BM_QuickFixAppend, file, K::kFile, "file")->Name("quickfix/store_append/file");

BENCHMARK_CAPTURE(BM_Visit, memory, StoreType::kMemory, "memory")
    ->Name("fixwire/store_visit/memory");
BENCHMARK_CAPTURE(BM_Visit, mmap, StoreType::kMmap, "mmap")->Name("fixwire/store_visit/mmap");
BENCHMARK_CAPTURE(BM_Visit, file, StoreType::kFile, "file")->Name("fixwire/store_visit/file");
BENCHMARK_CAPTURE(BM_QuickFixVisit, memory, K::kMemory, "memory")
    ->Name("quickfix/store_visit/memory");
BENCHMARK_CAPTURE(BM_QuickFixVisit, file, K::kFile, "file")->Name("quickfix/store_visit/file");

}  // namespace
}  // namespace fixwire::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  const char* tmp = std::getenv("TMPDIR");
  std::filesystem::remove_all(std::string(tmp != nullptr ? tmp : "/tmp") +
                              "/fixwire_store_bench." + std::to_string(getpid()));
  return 0;
}
