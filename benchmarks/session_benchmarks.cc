// session_benchmarks.cc: what the session adds to the codec, per message.
//
//   fixwire/decode/NewOrderSingle          decode only (the baseline of the next row)
//   fixwire/session_inbound/NewOrderSingle decode + Session::OnMessage (sequence and
//                                          header checks, validation off, delivery to
//                                          an application that does nothing)
//   fixwire/session_send/NewOrderSingle    Session::Send: standard header, the order's
//                                          body, trailer, append to a MemoryStore, commit
//
// The inbound row cycles through 4,096 pre-built orders numbered 2..4097 and
// moves the session's expected number back to 2 after each pass (one store
// call in 4,096). The send row fills its store once before timing (its pages
// touched) and empties it every 60,000 orders. Every row reports
// allocs_per_op (zero expected).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/session_rows.h"
#include "benchmarks/workloads.h"
#include "fixwire/session/session.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/values/tags.h"
#include "fixwire/wire/decoder.h"

namespace fixwire::bench {
namespace {

constexpr std::int64_t kNow = kSessionNow;
constexpr int kOrders = 4096;
constexpr std::uint32_t kStoreReset = 60'000;  // orders the send row stores before a Reset

void BM_Decode(benchmark::State& state) {
  const Workload& w = GetWorkload("NewOrderSingle");
  std::vector<std::string> orders;
  for (int i = 1; i <= kOrders; ++i) orders.push_back(InboundOrder(w, i));
  Decoder decoder;
  FieldIndex index(1024);
  MessageView view;
  int i = 0;
  RowCounters counters;
  for (auto _ : state) {
    const Error e = decoder.Decode(orders[i], index, view);
    benchmark::DoNotOptimize(e);
    if (++i == kOrders) i = 0;
  }
  counters.Finish(state, orders[0].size());
}

void BM_SessionInbound(benchmark::State& state) {
  const Workload& w = GetWorkload("NewOrderSingle");
  std::vector<std::string> orders;
  for (int i = 2; i < kOrders + 2; ++i) orders.push_back(InboundOrder(w, i));
  NullApp app;
  MemoryStore store;
  BufferOutput out;
  std::unique_ptr<Session> session = LoggedOnSession(w, app, store, out);
  Decoder decoder;
  FieldIndex index(1024);
  MessageView view;
  // The work the row claims: an order is delivered and counted.
  if (!decoder.Decode(orders[0], index, view).ok()) return state.SkipWithError("no order");
  session->OnMessage(view, kNow);
  if (store.next_target_seq() != 3) return state.SkipWithError("the order was not accepted");
  (void)store.SetNextTargetSeq(2);
  int i = 0;
  RowCounters counters;
  for (auto _ : state) {
    (void)decoder.Decode(orders[i], index, view);
    session->OnMessage(view, kNow);
    if (++i == kOrders) {
      i = 0;
      (void)store.SetNextTargetSeq(2);
    }
  }
  counters.Finish(state, orders[0].size());
  if (!session->logged_on()) state.SkipWithError("the session logged out");
}

void BM_SessionSend(benchmark::State& state) {
  const Workload& w = GetWorkload("NewOrderSingle");
  NullApp app;
  MemoryStore store({.max_messages = 1 << 16, .max_bytes = 32 << 20});
  BufferOutput out;
  std::unique_ptr<Session> session = LoggedOnSession(w, app, store, out);
  OrderBody body = MakeOrderBody(w);
  std::int64_t now = kNow;
  // The work the row claims: the order is stored and sent.
  if (!SendOrder(*session, body, now).ok() || !IsSentOrder(out.last(), body)) {
    return state.SkipWithError("the order was not sent");
  }
  // The store's memory touched once, as in a store that has been running:
  // otherwise the first pass pays a page fault every few KB, a share of the
  // figure that depends on how long the row runs.
  for (std::uint32_t i = 1; i < kStoreReset; ++i) (void)SendOrder(*session, body, now);
  (void)store.Reset(now);
  std::uint32_t sent = 0;
  RowCounters counters;
  for (auto _ : state) {
    now += 1000;
    const SendResult r = SendOrder(*session, body, now);
    benchmark::DoNotOptimize(r);
    if (++sent == kStoreReset) {  // keep the store within its capacity
      sent = 0;
      (void)store.Reset(now);
    }
  }
  counters.Finish(state, 170);
}

BENCHMARK(BM_Decode)->Name("fixwire/decode/NewOrderSingle");
BENCHMARK(BM_SessionInbound)->Name("fixwire/session_inbound/NewOrderSingle");
BENCHMARK(BM_SessionSend)->Name("fixwire/session_send/NewOrderSingle");

}  // namespace
}  // namespace fixwire::bench

BENCHMARK_MAIN();
