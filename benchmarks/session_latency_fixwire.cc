// session_latency_fixwire.cc: the fixwire sides (see session_latency_fixwire.h).
#include "benchmarks/session_latency_fixwire.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "fixwire/net/engine.h"
#include "fixwire/store/store_factory.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "tests/support/test_orders.h"

namespace fixwire_session_latency {
namespace {

using fixwire::Application;
using fixwire::Encoder;
using fixwire::Engine;
using fixwire::EngineOptions;
using fixwire::GroupedMessage;
using fixwire::MessageStore;
using fixwire::MessageView;
using fixwire::Session;
using fixwire::SessionEvent;
using fixwire::SessionEventKind;
using fixwire::SessionOptions;
using fixwire::SessionRole;
using fixwire::SessionState;
using fixwire::SendStatus;
using fixwire::TransportOptions;
namespace tag = fixwire::tag;
namespace msg_type = fixwire::msg_type;

constexpr std::int64_t kSecond = 1'000'000'000;

// The messages a side stores in a row: every order or report it sends, the
// throughput phase counted at up to 4 million a second.
std::uint64_t StoreBudget(const SideOptions& o) {
  return o.warmup + o.round_trips + static_cast<std::uint64_t>(o.throughput_seconds * 4e6) + 1024;
}

absl::StatusOr<std::unique_ptr<MessageStore>> OpenRowStore(const SideOptions& o,
                                                           std::string_view id) {
  fixwire::StoreOptions s;
  s.directory = o.directory;
  s.session_id = std::string(id);
  switch (o.store) {
    case StoreKind::kNone:
    case StoreKind::kMemory: {
      s.type = fixwire::StoreType::kMemory;
      const std::uint64_t messages = StoreBudget(o);
      // Reserved, not touched: pages are only committed as messages arrive.
      s.memory.max_messages = static_cast<std::uint32_t>(std::min<std::uint64_t>(messages, 1u << 30));
      s.memory.max_bytes = static_cast<std::size_t>(std::min<std::uint64_t>(messages * 256, std::uint64_t{8} << 30));
      break;
    }
    case StoreKind::kMmap:
      s.type = fixwire::StoreType::kMmap;
      s.sync = fixwire::StoreSync::kNone;
      break;
    case StoreKind::kFileFlush:
      s.type = fixwire::StoreType::kFile;
      s.sync = fixwire::StoreSync::kFlush;
      break;
    case StoreKind::kFileFsync:
      s.type = fixwire::StoreType::kFile;
      s.sync = fixwire::StoreSync::kFsync;
      break;
  }
  return fixwire::OpenStore(s);
}

SessionOptions Options(SessionRole role) {
  SessionOptions o;
  o.role = role;
  o.begin_string = "FIX.4.4";
  o.sender_comp_id = role == SessionRole::kInitiator ? "CLIENT" : "VENUE";
  o.target_comp_id = role == SessionRole::kInitiator ? "VENUE" : "CLIENT";
  o.heart_bt_int_s = 30;
  o.reset_on_logon = true;
  return o;
}

TransportOptions Transport() {
  TransportOptions t;
  t.tcp_nodelay = true;
  t.reconnect_interval_s = 1;
  return t;
}

bool IsGapEvent(SessionEventKind kind) {
  return kind == SessionEventKind::kResendRequested || kind == SessionEventKind::kResending ||
         kind == SessionEventKind::kGapFilled || kind == SessionEventKind::kQueueOverflow ||
         kind == SessionEventKind::kRejectSent || kind == SessionEventKind::kRejectReceived;
}

void SetError(AcceptorReport& r, std::string_view text) {
  const std::size_t n = std::min(text.size(), sizeof r.error - 1);
  std::memcpy(r.error, text.data(), n);
  r.error[n] = '\0';
}

// The acceptor's application: answers "L" and "E" orders, counts "T" orders.
class Venue final : public Application {
 public:
  void OnLogon(Session&) noexcept override { logged_on_once = true; }
  void OnAppMessage(Session& s, const MessageView& m, const GroupedMessage*) noexcept override {
    const std::string_view id = m.GetOr(tag::ClOrdID);
    if (!id.empty() && id[0] == 'T') {
      std::uint64_t n = 0;
      if (!ParseOrderNumber(id.data(), id.size(), &n) || n != report.throughput_received) {
        ++report.out_of_order;
      }
      ++report.throughput_received;
      return;
    }
    ++report.answered;
    const SendStatus st = fixwire::testing::SendOrderAck(s, id, "O1", "E1", fixwire::NowNs()).status;
    if (st != SendStatus::kOk && report.error[0] == '\0') SetError(report, "the acceptor could not send a report");
  }
  void OnEvent(Session&, const SessionEvent& event) noexcept override {
    if (IsGapEvent(event.kind)) ++report.gaps;
  }

  bool logged_on_once = false;
  AcceptorReport report;
};

// The initiator's application: the time each report arrives, decoded.
class Client final : public Application {
 public:
  void OnLogon(Session&) noexcept override { logged_on = true; }
  void OnAppMessage(Session&, const MessageView&, const GroupedMessage*) noexcept override {
    received_ns = MonotonicNs();
    ++reports;
  }
  void OnEvent(Session&, const SessionEvent& event) noexcept override {
    if (IsGapEvent(event.kind)) ++gaps;
  }

  bool logged_on = false;
  std::uint64_t reports = 0;
  std::uint64_t gaps = 0;
  std::int64_t received_ns = 0;
};

}  // namespace

AcceptorReport RunFixwireAcceptor(const SideOptions& options, int port_fd) {
  Venue venue;
  auto store = OpenRowStore(options, "VENUE");
  if (!store.ok()) {
    SetError(venue.report, store.status().ToString());
    AnnouncePort(port_fd, 0);
    return venue.report;
  }
  Engine engine(EngineOptions{.busy_poll = options.busy_poll});
  TransportOptions listen = Transport();
  listen.listen = true;
  Session& session = engine.AddSession(Options(SessionRole::kAcceptor), venue, **store, listen);
  if (absl::Status st = engine.Start(); !st.ok()) {
    SetError(venue.report, st.ToString());
    AnnouncePort(port_fd, 0);
    return venue.report;
  }
  AnnouncePort(port_fd, engine.bound_port(session));
  const std::int64_t wait = options.busy_poll ? 0 : kSecond / 10;
  while (!(venue.logged_on_once && session.state() == SessionState::kDisconnected)) engine.Poll(wait);
  engine.Shutdown();
  venue.report.ok = venue.report.error[0] == '\0' ? 1 : 0;
  return venue.report;
}

InitiatorResult RunFixwireInitiator(const SideOptions& options, std::uint16_t port) {
  InitiatorResult result;
  Client client;
  auto store = OpenRowStore(options, "CLIENT");
  if (!store.ok()) {
    result.error = store.status().ToString();
    return result;
  }
  Engine engine(EngineOptions{.busy_poll = options.busy_poll});
  TransportOptions connect = Transport();
  connect.connect = {{"127.0.0.1", port}};
  Session& session = engine.AddSession(Options(SessionRole::kInitiator), client, **store, connect);
  if (absl::Status st = engine.Start(); !st.ok()) {
    result.error = st.ToString();
    return result;
  }
  const std::int64_t wait = options.busy_poll ? 0 : kSecond / 10;
  const std::int64_t logon_deadline = MonotonicNs() + 20 * kSecond;
  while (!client.logged_on && MonotonicNs() < logon_deadline) engine.Poll(options.busy_poll ? 0 : kSecond / 100);
  if (!client.logged_on) {
    result.error = "no logon";
    return result;
  }

  // Send one order (retrying while the output is full); false on failure.
  auto send_order = [&](char prefix, std::uint64_t n) {
    char id[24];
    const std::size_t len = OrderId(prefix, n, id);
    for (;;) {
      const SendStatus st = session.Send(msg_type::NewOrderSingle, [&](Encoder& e) {
        e.AddString(tag::ClOrdID, std::string_view(id, len));
        e.AddChar(tag::HandlInst, '1');
        e.AddString(tag::Symbol, "EURUSD");
        e.AddChar(tag::Side, '1');
        e.AddTimestamp(tag::TransactTime, fixwire::NowNs(), fixwire::TimePrecision::kMillis);
        e.AddUint(tag::OrderQty, 100);
        e.AddChar(tag::OrdType, '2');
        e.AddDecimal(tag::Price, fixwire::Decimal{10875, -4});
      }, fixwire::NowNs()).status;
      if (st == SendStatus::kOk) return true;
      if (st != SendStatus::kOutputFull) return false;
      engine.Poll(0);
      if (!session.logged_on()) return false;
    }
  };
  // Wait for report number `target` (counted from the logon); false if the session ends.
  auto await_report = [&](std::uint64_t target) {
    while (client.reports < target) {
      engine.Poll(wait);
      if (!session.logged_on()) return false;
    }
    return true;
  };

  const std::uint64_t total = options.warmup + options.round_trips;
  result.samples_ns.reserve(options.round_trips);
  std::int64_t deadline = INT64_MAX;
  for (std::uint64_t i = 0; i < total; ++i) {
    if (i == options.warmup) deadline = TimedDeadline(options, MonotonicNs());
    const std::int64_t t0 = MonotonicNs();
    if (t0 >= deadline) break;
    if (!send_order('L', i) || !await_report(client.reports + 1)) {
      result.error = "the session failed during the round trips";
      return result;
    }
    if (i >= options.warmup) result.samples_ns.push_back(client.received_ns - t0);
  }

  if (options.throughput_seconds > 0) {
    const std::int64_t start = MonotonicNs();
    const std::int64_t end = start + static_cast<std::int64_t>(options.throughput_seconds * 1e9);
    std::uint64_t n = 0;
    for (;; ++n) {
      if ((n & 63) == 0) {
        engine.Poll(0);  // write what is queued, read what came in
        if (MonotonicNs() >= end) break;
      }
      if (!send_order('T', n)) {
        result.error = "the session refused an order during the throughput phase (store full?)";
        return result;
      }
    }
    result.throughput_sent = n;
    if (!send_order('E', 0) || !await_report(client.reports + 1)) {
      result.error = "the session failed during the throughput phase";
      return result;
    }
    result.throughput_elapsed_s = static_cast<double>(client.received_ns - start) / 1e9;
  }
  if (client.gaps != 0) result.error = "the initiator saw a sequence gap";

  session.Logout("done", fixwire::NowNs());
  const std::int64_t logout_deadline = MonotonicNs() + 5 * kSecond;
  while (session.state() != SessionState::kDisconnected && MonotonicNs() < logout_deadline) {
    engine.Poll(options.busy_poll ? 0 : kSecond / 100);
  }
  engine.Shutdown();
  return result;
}

}  // namespace fixwire_session_latency
