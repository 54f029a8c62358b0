// Zero allocation in steady state: 10,000 orders one way and 10,000
// execution reports the other, through both sessions, with a resend and a
// gap fill in the middle, allocate nothing (global operator new counted).
#include <cstdint>

#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/session/session_pair.h"
#include "tests/support/alloc_counter.h"
#include "tests/support/test_orders.h"

namespace fixwire::testing {
namespace {

constexpr std::int64_t kMs = 1'000'000;

// Answers every order with an execution report carrying its ClOrdID.
class ExchangeApp final : public Application {
 public:
  void OnAppMessage(Session& s, const MessageView& m, const GroupedMessage*) noexcept override {
    ++received;
    if (m.msg_type() != msg_type::NewOrderSingle) return;
    const std::string_view id = m.GetOr(tag::ClOrdID);
    (void)SendOrderAck(s, id, "O1", "E1", now);
  }
  void OnEvent(Session&, const SessionEvent& e) noexcept override {
    if (e.kind == SessionEventKind::kResending) ++resends;
    if (e.kind == SessionEventKind::kGapFilled) ++gap_fills;
  }
  std::int64_t now = 0;
  int received = 0;
  int resends = 0;
  int gap_fills = 0;
};

TEST(SessionAllocation, SteadyStateAllocatesNothing) {
  ExchangeApp initiator_app;
  ExchangeApp acceptor_app;
  const MemoryStoreOptions store{.max_messages = 40'000, .max_bytes = 16u << 20};
  SessionOptions io = PairOptions(SessionRole::kInitiator, "FIX.4.4");
  SessionOptions ao = PairOptions(SessionRole::kAcceptor, "FIX.4.4");
  io.heart_bt_int_s = ao.heart_bt_int_s = 30;
  Side a(io, initiator_app, store);
  Side b(ao, acceptor_app, store);
  Decoder decoder;
  FieldIndex index(4096);
  std::int64_t now = 1'796'551'200LL * 1'000'000'000;
  auto pump = [&] {
    initiator_app.now = acceptor_app.now = now;
    while (Deliver(a.out, b.session, decoder, index, now) ||
           Deliver(b.out, a.session, decoder, index, now)) {
    }
  };
  a.session.OnConnected(now);
  b.session.OnConnected(now);
  pump();
  ASSERT_TRUE(a.session.logged_on() && b.session.logged_on());
  // Warm-up (first-use paths), outside the count.
  auto send_order = [&](std::uint64_t i) {
    char id[24];
    const int n = std::snprintf(id, sizeof id, "ORD%llu", static_cast<unsigned long long>(i));
    return SendLimitOrder(a.session, std::string_view(id, static_cast<std::size_t>(n)), now).ok();
  };
  for (std::uint64_t i = 0; i < 10; ++i) {
    ASSERT_TRUE(send_order(i));
    pump();
  }

  const int reports_before = initiator_app.received;
  AllocationScope scope;
  for (std::uint64_t i = 0; i < 10'000; ++i) {
    now += kMs;
    if (!send_order(100 + i)) break;
    if (i == 5'000) {
      // A heartbeat (administrative) and an order are lost on the way: the
      // next order reveals the gap, the acceptor asks for a resend, the
      // initiator answers with a gap fill and the resent order.
      now += 31 * 1'000'000'000LL;
      a.session.OnTimer(now);
      while (a.out.pending() > 0) a.out.Pop();
      continue;
    }
    pump();
  }
  pump();
  const std::uint64_t allocations = scope.allocations();
  EXPECT_EQ(allocations, 0u);
  EXPECT_EQ(acceptor_app.received, 10'010);
  EXPECT_EQ(initiator_app.received - reports_before, 10'000);
  EXPECT_EQ(initiator_app.resends, 1);    // the acceptor asked, the initiator resent
  EXPECT_EQ(acceptor_app.gap_fills, 1);   // the lost heartbeat came back as a gap fill
  EXPECT_TRUE(a.session.logged_on() && b.session.logged_on());
}

}  // namespace
}  // namespace fixwire::testing
