// Sessions over real TCP on loopback: a fixwire initiator and a fixwire
// acceptor (two Engines, polled alternately on this thread) log on, exchange
// 10,000 orders and execution reports, and log out. Every application
// message arrives exactly once, in order; steady state allocates nothing.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "fixwire/net/engine.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/support/alloc_counter.h"

namespace fixwire::testing {
namespace {

class Venue final : public Application {
 public:
  void OnAppMessage(Session& s, const MessageView& m, const GroupedMessage*) noexcept override {
    const std::string_view id = m.GetOr(tag::ClOrdID);
    ++orders;
    (void)s.Send(msg_type::ExecutionReport, [&](Encoder& e) {
      e.AddString(tag::OrderID, "O");
      e.AddString(tag::ClOrdID, id);
      e.AddString(tag::ExecID, "E");
      e.AddChar(tag::ExecType, '0');
      e.AddChar(tag::OrdStatus, '0');
      e.AddString(tag::Symbol, "EURUSD");
      e.AddChar(tag::Side, '1');
      e.AddUint(tag::LeavesQty, 100);
      e.AddUint(tag::CumQty, 0);
      e.AddUint(tag::AvgPx, 0);
    }, NowNs());
  }
  int orders = 0;
};

class Client final : public Application {
 public:
  void OnLogon(Session&) noexcept override { logged_on = true; }
  void OnAppMessage(Session&, const MessageView& m, const GroupedMessage*) noexcept override {
    // ClOrdIDs are "N<number>", sent in order: each report must be the next.
    std::uint64_t n = 0;
    const std::string_view id = m.GetOr(tag::ClOrdID);
    if (id.size() > 1) (void)ParseUint64(id.substr(1), &n);
    if (n != expected) ++out_of_order;
    ++expected;
    ++reports;
  }
  bool logged_on = false;
  std::uint64_t expected = 0;
  int reports = 0;
  int out_of_order = 0;
};

SessionOptions Options(SessionRole role) {
  SessionOptions o;
  o.role = role;
  o.begin_string = "FIX.4.4";
  o.sender_comp_id = role == SessionRole::kInitiator ? "CLIENT" : "VENUE";
  o.target_comp_id = role == SessionRole::kInitiator ? "VENUE" : "CLIENT";
  o.heart_bt_int_s = 30;
  return o;
}

TEST(Loopback, TenThousandRoundTripsInOrderWithoutAllocation) {
  Venue venue;
  Client client;
  MemoryStore venue_store({.max_messages = 30'000, .max_bytes = 16u << 20});
  MemoryStore client_store({.max_messages = 30'000, .max_bytes = 16u << 20});
  Engine acceptor;
  TransportOptions listen;
  listen.listen = true;
  Session& venue_session = acceptor.AddSession(Options(SessionRole::kAcceptor), venue, venue_store, listen);
  ASSERT_TRUE(acceptor.Start().ok());
  Engine initiator;
  TransportOptions connect;
  connect.connect = {{"127.0.0.1", acceptor.bound_port(venue_session)}};
  connect.reconnect_interval_s = 1;
  Session& client_session = initiator.AddSession(Options(SessionRole::kInitiator), client, client_store, connect);
  ASSERT_TRUE(initiator.Start().ok());

  auto pump = [&](int rounds) {
    for (int i = 0; i < rounds; ++i) {
      initiator.Poll(0);
      acceptor.Poll(0);
    }
  };
  for (int i = 0; i < 2000 && !(client_session.logged_on() && venue_session.logged_on()); ++i) pump(1);
  ASSERT_TRUE(client_session.logged_on());
  ASSERT_TRUE(venue_session.logged_on());

  auto send = [&](std::uint64_t n) {
    char id[24];
    const int len = std::snprintf(id, sizeof id, "N%llu", static_cast<unsigned long long>(n));
    return client_session.Send(msg_type::NewOrderSingle, [&](Encoder& e) {
      e.AddString(tag::ClOrdID, std::string_view(id, static_cast<std::size_t>(len)));
      e.AddChar(tag::HandlInst, '1');
      e.AddString(tag::Symbol, "EURUSD");
      e.AddChar(tag::Side, '1');
      e.AddTimestamp(tag::TransactTime, NowNs(), TimePrecision::kMillis);
      e.AddUint(tag::OrderQty, 100);
      e.AddChar(tag::OrdType, '2');
      e.AddDecimal(tag::Price, Decimal{10875, -4});
    }, NowNs());
  };
  // Warm-up: 100 round trips outside the count.
  std::uint64_t n = 0;
  for (; n < 100; ++n) {
    ASSERT_TRUE(send(n).ok());
    for (int i = 0; i < 1000 && client.reports <= static_cast<int>(n); ++i) pump(1);
  }
  AllocationScope scope;
  for (; n < 10'100; ++n) {
    if (!send(n).ok()) break;
    for (int i = 0; i < 100000 && client.reports <= static_cast<int>(n); ++i) pump(1);
  }
  const std::uint64_t allocations = scope.allocations();
  EXPECT_EQ(allocations, 0u);
  EXPECT_EQ(venue.orders, 10'100);
  EXPECT_EQ(client.reports, 10'100);
  EXPECT_EQ(client.out_of_order, 0);

  client_session.Logout("done", NowNs());
  for (int i = 0; i < 2000 && (venue_session.state() != SessionState::kDisconnected ||
                              client_session.state() != SessionState::kDisconnected); ++i) {
    pump(1);
  }
  EXPECT_EQ(venue_session.state(), SessionState::kDisconnected);
  EXPECT_EQ(client_session.state(), SessionState::kDisconnected);
}

}  // namespace
}  // namespace fixwire::testing
