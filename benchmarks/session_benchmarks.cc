// session_benchmarks.cc: what the session adds to the codec, per message.
//
//   fixwire/decode/NewOrderSingle          decode only (the baseline of the next row)
//   fixwire/session_inbound/NewOrderSingle decode + Session::OnMessage (sequence and
//                                          header checks, validation off, delivery to
//                                          an application that does nothing)
//   fixwire/session_send/NewOrderSingle    Session::Send: standard header, the order's
//                                          body, trailer, append to a MemoryStore, commit
//
// The inbound row cycles through 4,096 pre-built orders numbered 1..4096 and
// moves the session's expected number back to 1 after each pass (one store
// call in 4,096). Every row reports allocs_per_op (zero expected).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/workloads.h"
#include "fixwire/session/session.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/values/tags.h"
#include "fixwire/wire/decoder.h"

namespace fixwire::bench {
namespace {

// 2026-12-06 10:00:00 UTC, the SendingTime of every pre-built order.
constexpr std::int64_t kNow = 1'796'551'200LL * 1'000'000'000;
constexpr int kOrders = 4096;

class NullApp final : public Application {
 public:
  void OnAppMessage(Session&, const MessageView& m, const GroupedMessage*) noexcept override {
    benchmark::DoNotOptimize(m.size());
  }
};

// Output over one buffer, reused for every message.
class BufferOutput final : public SessionOutput {
 public:
  std::span<char> Reserve(std::size_t max_bytes) noexcept override {
    return std::span<char>(buffer_, max_bytes < sizeof buffer_ ? max_bytes : sizeof buffer_);
  }
  void Commit(std::string_view message) noexcept override { benchmark::DoNotOptimize(message.data()); }
  void Disconnect(std::string_view) noexcept override {}

 private:
  char buffer_[8192];
};

SessionOptions Options(SessionRole role, std::string_view begin_string) {
  SessionOptions o;
  o.role = role;
  o.begin_string = std::string(begin_string);
  o.sender_comp_id = "US";
  o.target_comp_id = "THEM";
  o.max_message_size = 4096;
  return o;
}

// The workload's order, from THEM to US, numbered `seq`, sent at kNow.
std::string Order(const Workload& w, int seq) {
  std::vector<WorkloadField> content(w.content().begin(), w.content().end());
  for (WorkloadField& f : content) {
    if (f.tag == tag::SenderCompID) f.text = "THEM";
    if (f.tag == tag::TargetCompID) f.text = "US";
    if (f.tag == tag::MsgSeqNum) f.text = std::to_string(seq);
    if (f.tag == tag::SendingTime) f.text = "20261206-10:00:00.000";
  }
  return AssembleMessage(w.begin_string, content);
}

// A logged-on acceptor session over `store`.
std::unique_ptr<Session> LoggedOn(const Workload& w, Application& app, MessageStore& store,
                                  SessionOutput& out) {
  auto s = std::make_unique<Session>(Options(SessionRole::kAcceptor, w.begin_string), app, store, out);
  s->OnConnected(kNow);
  const std::string logon = AssembleMessage(
      w.begin_string, std::vector<WorkloadField>{
                          {tag::MsgType, FieldKind::kString, "A"},
                          {tag::SenderCompID, FieldKind::kString, "THEM"},
                          {tag::TargetCompID, FieldKind::kString, "US"},
                          {tag::MsgSeqNum, FieldKind::kString, "1"},
                          {tag::SendingTime, FieldKind::kString, "20261206-10:00:00.000"},
                          {tag::EncryptMethod, FieldKind::kString, "0"},
                          {tag::HeartBtInt, FieldKind::kString, "30"}});
  Decoder decoder;
  FieldIndex index(256);
  MessageView view;
  if (decoder.Decode(logon, index, view).ok()) s->OnMessage(view, kNow);
  return s;
}

void BM_Decode(benchmark::State& state) {
  const Workload& w = GetWorkload("NewOrderSingle");
  std::vector<std::string> orders;
  for (int i = 1; i <= kOrders; ++i) orders.push_back(Order(w, i));
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
  for (int i = 2; i < kOrders + 2; ++i) orders.push_back(Order(w, i));
  NullApp app;
  MemoryStore store;
  BufferOutput out;
  std::unique_ptr<Session> session = LoggedOn(w, app, store, out);
  Decoder decoder;
  FieldIndex index(1024);
  MessageView view;
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
  std::unique_ptr<Session> session = LoggedOn(w, app, store, out);
  const WorkloadField* cl_ord_id = w.Find(tag::ClOrdID);
  const WorkloadField* symbol = w.Find(tag::Symbol);
  std::int64_t now = kNow;
  std::uint32_t sent = 0;
  RowCounters counters;
  for (auto _ : state) {
    now += 1000;
    const SendResult r = session->Send(
        "D",
        [&](Encoder& e) {
          e.AddString(tag::ClOrdID, cl_ord_id->text);
          e.AddChar(tag::HandlInst, '1');
          e.AddString(tag::Symbol, symbol->text);
          e.AddChar(tag::Side, '1');
          e.AddTimestamp(tag::TransactTime, now, TimePrecision::kMillis);
          e.AddUint(tag::OrderQty, 100);
          e.AddChar(tag::OrdType, '2');
          e.AddDecimal(tag::Price, Decimal{10875, -4});
        },
        now);
    benchmark::DoNotOptimize(r);
    if (++sent == 60'000) {  // keep the store within its capacity
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
