// A Session with a schedule (StartTime/EndTime, LogonTime/LogoutTime): an
// acceptor refuses a Logon outside the window, a logged-on session logs out
// when its window closes (and at the reset time of a session that never
// closes), an initiator connects only inside its logon window, and the
// first connection of a new window starts a new FIX session (numbers 1).
#include <string>

#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "fixwire/session/schedule.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/session/session_pair.h"

namespace fixwire::testing {
namespace {

class Quiet final : public Application {
 public:
  void OnAppMessage(Session&, const MessageView&, const GroupedMessage*) noexcept override {}
};

// Monday 2026-12-07 at h:m:s UTC (plus `days`).
std::int64_t At(int h, int m = 0, int s = 0, int days = 0) {
  return absl::ToUnixNanos(
      absl::FromCivil(absl::CivilSecond(2026, 12, 7 + days, h, m, s), absl::UTCTimeZone()));
}

SessionSchedule Daily(TimeOfDay start, TimeOfDay end) {
  ScheduleSpec spec;
  spec.start_time = start;
  spec.end_time = end;
  absl::StatusOr<SessionSchedule> s = SessionSchedule::Create(spec);
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

std::string Front(const Wire& wire, std::uint32_t t) {
  Decoder decoder;
  FieldIndex index{256};
  MessageView view;
  if (wire.pending() == 0) return "<none>";
  if (!decoder.Decode(wire.front(), index, view).ok()) return "<undecodable>";
  return std::string(view.GetOr(t));
}

struct Pair {
  Pair(const SessionSchedule* accept_schedule, const SessionSchedule* init_schedule,
       const SessionSchedule* init_logon_schedule = nullptr)
      : init(Options(SessionRole::kInitiator, init_schedule, init_logon_schedule), app, {}),
        accept(Options(SessionRole::kAcceptor, accept_schedule, nullptr), app, {}) {}
  static SessionOptions Options(SessionRole role, const SessionSchedule* schedule,
                                const SessionSchedule* logon) {
    SessionOptions o = PairOptions(role, "FIX.4.4");
    o.heart_bt_int_s = 30;
    o.check_latency = false;  // the fake clock is far from the real one
    o.schedule = schedule;
    o.logon_schedule = logon;
    return o;
  }
  // Connect both and deliver the Logon exchange at `now`.
  void Logon(std::int64_t now) {
    accept.session.OnConnected(now);
    init.session.OnConnected(now);
    Deliver(init.out, accept.session, decoder, index, now);
    Deliver(accept.out, init.session, decoder, index, now);
  }
  Quiet app;
  Side init;
  Side accept;
  Decoder decoder;
  FieldIndex index{256};
};

TEST(ScheduledSession, AcceptorRefusesALogonOutsideItsWindow) {
  const SessionSchedule nine_to_five = Daily({9, 0, 0}, {17, 0, 0});
  Pair early(&nine_to_five, nullptr);
  early.accept.session.OnConnected(At(8));
  early.init.session.OnConnected(At(8));
  ASSERT_TRUE(Deliver(early.init.out, early.accept.session, early.decoder, early.index, At(8)));
  EXPECT_FALSE(early.accept.session.logged_on());
  EXPECT_EQ(Front(early.accept.out, tag::MsgType), "5");
  EXPECT_EQ(Front(early.accept.out, tag::Text), "Logon outside the session time");
  EXPECT_TRUE(early.accept.out.disconnect_requested);

  Pair in_time(&nine_to_five, nullptr);
  in_time.Logon(At(10));
  EXPECT_TRUE(in_time.accept.session.logged_on());
  EXPECT_TRUE(in_time.init.session.logged_on());
}

TEST(ScheduledSession, LogsOutWhenTheWindowCloses) {
  const SessionSchedule nine_to_five = Daily({9, 0, 0}, {17, 0, 0});
  Pair p(&nine_to_five, &nine_to_five);
  p.Logon(At(16, 59, 50));
  ASSERT_TRUE(p.init.session.logged_on());
  // The close is a deadline of its own, well before the next heartbeat.
  EXPECT_LE(p.init.session.next_deadline(), At(17));
  EXPECT_LE(p.accept.session.next_deadline(), At(17));
  p.init.session.OnTimer(At(16, 59, 59));
  EXPECT_TRUE(p.init.session.logged_on());
  p.init.session.OnTimer(At(17));
  EXPECT_EQ(p.init.session.state(), SessionState::kLogoutSent);
  EXPECT_EQ(Front(p.init.out, tag::MsgType), "5");
  EXPECT_EQ(Front(p.init.out, tag::Text), "the session time ended");
}

TEST(ScheduledSession, InitiatorConnectsOnlyInItsLogonWindow) {
  const SessionSchedule session = Daily({9, 0, 0}, {17, 0, 0});
  const SessionSchedule logon = Daily({9, 30, 0}, {16, 0, 0});
  Pair p(nullptr, &session, &logon);
  EXPECT_FALSE(p.init.session.ShouldConnect(At(8)));
  EXPECT_FALSE(p.init.session.ShouldConnect(At(9, 10)));   // in session, before LogonTime
  EXPECT_TRUE(p.init.session.ShouldConnect(At(9, 30)));
  EXPECT_FALSE(p.init.session.ShouldConnect(At(16, 30)));  // after LogoutTime
  Pair unscheduled(nullptr, nullptr);
  EXPECT_TRUE(unscheduled.init.session.ShouldConnect(At(3)));
  // Logged on inside the logon window: it logs out at LogoutTime.
  p.Logon(At(15, 59));
  ASSERT_TRUE(p.init.session.logged_on());
  EXPECT_LE(p.init.session.next_deadline(), At(16));
  p.init.session.OnTimer(At(16));
  EXPECT_EQ(p.init.session.state(), SessionState::kLogoutSent);
}

TEST(ScheduledSession, ANewWindowStartsANewFixSessionTheSameWindowDoesNot) {
  const SessionSchedule nine_to_five = Daily({9, 0, 0}, {17, 0, 0});
  Pair p(&nine_to_five, &nine_to_five);
  p.init.store.Reset(At(9, 5));
  p.accept.store.Reset(At(9, 5));
  p.Logon(At(10));
  ASSERT_TRUE(p.init.session.logged_on());
  EXPECT_EQ(p.init.session.next_sender_seq(), 2u);
  // Reconnect later the same day: the numbers go on.
  p.init.session.OnDisconnected(At(11));
  p.accept.session.OnDisconnected(At(11));
  p.init.out.Clear();
  p.accept.out.Clear();
  p.Logon(At(12));
  ASSERT_TRUE(p.init.session.logged_on());
  EXPECT_EQ(p.init.session.next_sender_seq(), 3u);
  EXPECT_EQ(p.accept.session.next_target_seq(), 3u);
  // The next day: both start over at 1.
  p.init.session.OnDisconnected(At(13));
  p.accept.session.OnDisconnected(At(13));
  p.init.out.Clear();
  p.accept.out.Clear();
  p.accept.session.OnConnected(At(10, 0, 0, 1));
  p.init.session.OnConnected(At(10, 0, 0, 1));
  EXPECT_EQ(Front(p.init.out, tag::MsgSeqNum), "1");
  Deliver(p.init.out, p.accept.session, p.decoder, p.index, At(10, 0, 0, 1));
  EXPECT_TRUE(p.accept.session.logged_on());
  EXPECT_EQ(Front(p.accept.out, tag::MsgSeqNum), "1");
  EXPECT_EQ(p.init.store.creation_time_ns(), At(10, 0, 0, 1));
}

TEST(ScheduledSession, ASessionThatNeverClosesLogsOutAtItsResetTime) {
  const SessionSchedule always = Daily({6, 0, 0}, {6, 0, 0});  // resets at 06:00
  Pair p(&always, &always);
  p.init.store.Reset(At(7));
  p.accept.store.Reset(At(7));
  p.Logon(At(23));
  ASSERT_TRUE(p.init.session.logged_on());
  EXPECT_TRUE(p.init.session.ShouldConnect(At(3, 0, 0, 1)));
  EXPECT_LE(p.init.session.next_deadline(), At(6, 0, 0, 1));
  p.init.session.OnTimer(At(6, 0, 0, 1));
  EXPECT_EQ(p.init.session.state(), SessionState::kLogoutSent);
}

}  // namespace
}  // namespace fixwire::testing
