// session_rows.h: the work of the session rows (benchmarks/session_benchmarks.cc),
// shared with the callgrind driver (session_instructions_main.cc) so that both
// measure the same calls: a logged-on acceptor session over a MemoryStore, an
// application and an output that do nothing, the pre-built inbound orders and
// the outbound order's body.
//
// Test-only helpers for benchmarks; one thread; the session and its parts
// must outlive the calls made on them.
#ifndef FIXWIRE_BENCHMARKS_SESSION_ROWS_H_
#define FIXWIRE_BENCHMARKS_SESSION_ROWS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/workloads.h"
#include "fixwire/session/session.h"
#include "fixwire/values/tags.h"
#include "fixwire/wire/decoder.h"

namespace fixwire::bench {

// 2026-12-06 10:00:00 UTC, the SendingTime of every pre-built order.
inline constexpr std::int64_t kSessionNow = 1'796'551'200LL * 1'000'000'000;

// An application that only looks at each message's size.
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
  void Commit(std::string_view message) noexcept override {
    last_ = message;
    benchmark::DoNotOptimize(message.data());
  }
  void Disconnect(std::string_view) noexcept override {}
  // The last message committed (inside the buffer, until the next Reserve).
  std::string_view last() const noexcept { return last_; }

 private:
  char buffer_[8192];
  std::string_view last_;
};

inline SessionOptions SessionRowOptions(SessionRole role, std::string_view begin_string) {
  SessionOptions o;
  o.role = role;
  o.begin_string = std::string(begin_string);
  o.sender_comp_id = "US";
  o.target_comp_id = "THEM";
  o.max_message_size = 4096;
  return o;
}

// The workload's order, from THEM to US, numbered `seq`, sent at kSessionNow.
inline std::string InboundOrder(const Workload& w, int seq) {
  std::vector<WorkloadField> content(w.content().begin(), w.content().end());
  for (WorkloadField& f : content) {
    if (f.tag == tag::SenderCompID) f.text = "THEM";
    if (f.tag == tag::TargetCompID) f.text = "US";
    if (f.tag == tag::MsgSeqNum) f.text = std::to_string(seq);
    if (f.tag == tag::SendingTime) f.text = "20261206-10:00:00.000";
  }
  return AssembleMessage(w.begin_string, content);
}

// A logged-on acceptor session over `store` (the peer's Logon numbered 1).
inline std::unique_ptr<Session> LoggedOnSession(const Workload& w, Application& app,
                                                MessageStore& store, SessionOutput& out) {
  auto s = std::make_unique<Session>(SessionRowOptions(SessionRole::kAcceptor, w.begin_string),
                                     app, store, out);
  s->OnConnected(kSessionNow);
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
  if (decoder.Decode(logon, index, view).ok()) s->OnMessage(view, kSessionNow);
  return s;
}

// The body of the outbound order: ClOrdID and Symbol from the workload.
struct OrderBody {
  std::string_view cl_ord_id;
  std::string_view symbol;
  std::int64_t transact_time = 0;

  template <typename Writer>
  void operator()(Writer& e) const noexcept {
    e.AddString(tag::ClOrdID, cl_ord_id);
    e.AddChar(tag::HandlInst, '1');
    e.AddString(tag::Symbol, symbol);
    e.AddChar(tag::Side, '1');
    e.AddTimestamp(tag::TransactTime, transact_time, TimePrecision::kMillis);
    e.AddUint(tag::OrderQty, 100);
    e.AddChar(tag::OrdType, '2');
    e.AddDecimal(tag::Price, Decimal{10875, -4});
  }
};

inline OrderBody MakeOrderBody(const Workload& w) {
  return OrderBody{w.Find(tag::ClOrdID)->text, w.Find(tag::Symbol)->text, 0};
}

// IsSentOrder: whether `bytes` is the order the session_send row sends
// (decodes; 35=D from US to THEM with the body's ClOrdID), for the check
// each row makes before timing.
inline bool IsSentOrder(std::string_view bytes, const OrderBody& body) {
  Decoder decoder;
  FieldIndex index(256);
  MessageView view;
  return decoder.Decode(bytes, index, view).ok() && view.msg_type() == "D" &&
         view.sender_comp_id() == "US" && view.target_comp_id() == "THEM" &&
         view.GetOr(tag::ClOrdID) == body.cl_ord_id;
}

// SendOrder: the session_send row's call.
inline SendResult SendOrder(Session& session, OrderBody& body, std::int64_t now) {
  body.transact_time = now;
  return session.Send("D", [&body](Encoder& e) { body(e); }, now);
}

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_SESSION_ROWS_H_
