// Sessions over real TCP on loopback: a fixwire initiator and a fixwire
// acceptor (two Engines, polled alternately on this thread) log on, exchange
// 10,000 orders and execution reports, and log out. Every application
// message arrives exactly once, in order; steady state allocates nothing,
// also with a FileLog on each side (neither the engine thread nor the log
// writers allocate), and the logs hold every message both ways, in order.
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fixwire/net/engine.h"
#include "fixwire/net/file_log.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/support/alloc_counter.h"
#include "tests/support/test_orders.h"

namespace fixwire::testing {
namespace {

class Venue final : public Application {
 public:
  void OnAppMessage(Session& s, const MessageView& m, const GroupedMessage*) noexcept override {
    const std::string_view id = m.GetOr(tag::ClOrdID);
    ++orders;
    (void)SendOrderAck(s, id, "O", "E", NowNs());
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

// RoundTrips logs on, exchanges `orders` orders (the first 100 as a
// warm-up, the rest counted for allocations) and logs out.
void RoundTrips(int orders, MessageLog* client_log, MessageLog* venue_log) {
  Venue venue;
  Client client;
  MemoryStore venue_store({.max_messages = 30'000, .max_bytes = 16u << 20});
  MemoryStore client_store({.max_messages = 30'000, .max_bytes = 16u << 20});
  Engine acceptor;
  TransportOptions listen;
  listen.listen = true;
  Session& venue_session =
      acceptor.AddSession(Options(SessionRole::kAcceptor), venue, venue_store, listen, venue_log);
  ASSERT_TRUE(acceptor.Start().ok());
  Engine initiator;
  TransportOptions connect;
  connect.connect = {{"127.0.0.1", acceptor.bound_port(venue_session)}};
  connect.reconnect_interval_s = 1;
  Session& client_session = initiator.AddSession(Options(SessionRole::kInitiator), client,
                                                 client_store, connect, client_log);
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
    return SendLimitOrder(client_session, std::string_view(id, static_cast<std::size_t>(len)), NowNs());
  };
  // Warm-up: 100 round trips outside the count.
  std::uint64_t n = 0;
  for (; n < 100; ++n) {
    ASSERT_TRUE(send(n).ok());
    for (int i = 0; i < 1000 && client.reports <= static_cast<int>(n); ++i) pump(1);
  }
  AllocationScope scope;
  const std::uint64_t process_before = ProcessAllocationCount();
  const auto total = static_cast<std::uint64_t>(orders);
  for (; n < total; ++n) {
    if (!send(n).ok()) break;
    for (int i = 0; i < 100000 && client.reports <= static_cast<int>(n); ++i) pump(1);
  }
  const std::uint64_t allocations = scope.allocations();
  const std::uint64_t process_allocations = ProcessAllocationCount() - process_before;
  EXPECT_EQ(allocations, 0u);
  EXPECT_EQ(process_allocations, 0u);  // the log writers' threads included
  EXPECT_EQ(venue.orders, orders);
  EXPECT_EQ(client.reports, orders);
  EXPECT_EQ(client.out_of_order, 0);

  client_session.Logout("done", NowNs());
  for (int i = 0; i < 2000 && (venue_session.state() != SessionState::kDisconnected ||
                              client_session.state() != SessionState::kDisconnected); ++i) {
    pump(1);
  }
  EXPECT_EQ(venue_session.state(), SessionState::kDisconnected);
  EXPECT_EQ(client_session.state(), SessionState::kDisconnected);
}

TEST(Loopback, TenThousandRoundTripsInOrderWithoutAllocation) { RoundTrips(10'100, nullptr, nullptr); }

// TmpDir returns an empty directory path for one test (the log creates it).
std::string TmpDir(const std::string& name) {
  const char* base = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(base != nullptr ? base : "/tmp") + "/loopback_test/" + name;
  std::filesystem::remove_all(dir);  // logs append: start from nothing on every run
  return dir;
}

std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Field returns the value of `tag` in a logged SOH message, or "".
std::string Field(const std::string& message, const std::string& tag) {
  const std::string key = "\x01" + tag + "=";
  const std::size_t at = message.find(key);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + key.size();
  return message.substr(begin, message.find('\x01', begin) - begin);
}

struct LoggedMessages {
  std::vector<std::string> sent;      // in log order
  std::vector<std::string> received;
  bool all_lines_parsed = true;
};

// Messages splits a messages log into what `self` sent and received.
LoggedMessages Messages(const std::string& path, const std::string& self) {
  LoggedMessages m;
  for (const std::string& line : ReadLines(path)) {
    const std::size_t text = line.find(" : ");
    if (text != 17 + 10 || line.compare(text + 3, 5, "8=FIX") != 0) {
      m.all_lines_parsed = false;
      continue;
    }
    std::string message = line.substr(text + 3);
    (Field(message, "49") == self ? m.sent : m.received).push_back(std::move(message));
  }
  return m;
}

// ExpectNumbered: MsgSeqNum 1, 2, 3, ... in log order.
void ExpectNumbered(const std::vector<std::string>& messages, const char* what) {
  for (std::size_t i = 0; i < messages.size(); ++i) {
    ASSERT_EQ(Field(messages[i], "34"), std::to_string(i + 1)) << what << " message " << i;
  }
}

std::string Joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  return all;
}

TEST(Loopback, FileLogsHoldEveryMessageBothWaysWithoutAllocation) {
  const std::string dir = TmpDir("logs");
  FileLogOptions small;
  small.ring_bytes = 64 << 10;  // wraps many times over 10,000 round trips
  const SessionOptions client_options = Options(SessionRole::kInitiator);
  const SessionOptions venue_options = Options(SessionRole::kAcceptor);
  constexpr int kOrders = 10'100;
  {
    absl::StatusOr<std::unique_ptr<FileLog>> client_log =
        FileLog::Open(dir, FileLog::SessionPrefix(client_options), small);
    ASSERT_TRUE(client_log.ok()) << client_log.status();
    absl::StatusOr<std::unique_ptr<FileLog>> venue_log =
        FileLog::Open(dir, FileLog::SessionPrefix(venue_options), small);
    ASSERT_TRUE(venue_log.ok()) << venue_log.status();
    RoundTrips(kOrders, client_log->get(), venue_log->get());
    EXPECT_TRUE((*client_log)->status().ok());
  }  // the logs write everything and close

  const LoggedMessages client = Messages(dir + "/FIX.4.4-CLIENT-VENUE.messages.current.log", "CLIENT");
  const LoggedMessages venue = Messages(dir + "/FIX.4.4-VENUE-CLIENT.messages.current.log", "VENUE");
  EXPECT_TRUE(client.all_lines_parsed);
  EXPECT_TRUE(venue.all_lines_parsed);
  // Logon, the orders, Logout each way: every message once, in order, and
  // what one side logged as sent is byte for byte what the other received.
  ASSERT_EQ(client.sent.size(), static_cast<std::size_t>(kOrders) + 2);
  ASSERT_EQ(venue.sent.size(), static_cast<std::size_t>(kOrders) + 2);
  ExpectNumbered(client.sent, "client sent");
  ExpectNumbered(venue.sent, "venue sent");
  EXPECT_TRUE(client.sent == venue.received);
  EXPECT_TRUE(venue.sent == client.received);
  EXPECT_EQ(Field(client.sent.front(), "35"), "A");
  EXPECT_EQ(Field(client.sent.back(), "35"), "5");
  EXPECT_EQ(Field(venue.sent.front(), "35"), "A");
  EXPECT_EQ(Field(venue.sent.back(), "35"), "5");
  for (int i = 0; i < kOrders; ++i) {
    ASSERT_EQ(Field(client.sent[i + 1], "11"), "N" + std::to_string(i));
    ASSERT_EQ(Field(venue.sent[i + 1], "35"), "8");
    ASSERT_EQ(Field(venue.sent[i + 1], "11"), "N" + std::to_string(i));
  }

  const std::string client_events = Joined(ReadLines(dir + "/FIX.4.4-CLIENT-VENUE.event.current.log"));
  const std::string venue_events = Joined(ReadLines(dir + "/FIX.4.4-VENUE-CLIENT.event.current.log"));
  for (const char* want : {" : Connected to 127.0.0.1:", " : Logon sent\n", " : Logon\n",
                           " : Logout sent: done\n", " : Logout\n", " : Disconnected: "}) {
    EXPECT_NE(client_events.find(want), std::string::npos) << want << " in\n" << client_events;
  }
  for (const char* want : {" : Accepted a connection from 127.0.0.1:", " : Logon\n",
                           " : Logout sent\n", " : Connection closed: ", " : Disconnected: "}) {
    EXPECT_NE(venue_events.find(want), std::string::npos) << want << " in\n" << venue_events;
  }
  EXPECT_LT(client_events.find("Logon sent"), client_events.find("Logout sent"));
}

}  // namespace
}  // namespace fixwire::testing
