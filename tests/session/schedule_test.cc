// Tests for SessionSchedule (session/schedule.h): hand-checked windows, and a
// property test against a brute-force reference that walks a year minute by
// minute in two time zones with DST.
//
// The reference knows nothing of the schedule's window arithmetic: it reads
// the zone's wall clock each minute and keeps the highest clock reading seen so
// far; a window opens when that reading first reaches a StartTime (on a
// StartDay for weekly schedules) and closes when it first reaches an EndTime.
// That is the rule schedule.h states, including across DST jumps (a time
// skipped is reached at the jump; a time repeated is reached the first time).
#include "fixwire/session/schedule.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "fixwire/session/settings.h"
#include "gtest/gtest.h"
#include "tests/session/quickfix_reference.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

constexpr std::int64_t kMinute = 60'000'000'000;
constexpr std::int64_t kSecond = 1'000'000'000;

TimeOfDay T(int h, int m, int s = 0) {
  return TimeOfDay{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(m),
                   static_cast<std::uint8_t>(s)};
}

std::int64_t Utc(int y, int mo, int d, int h, int mi, int s = 0) {
  return absl::ToUnixNanos(
      absl::FromCivil(absl::CivilSecond(y, mo, d, h, mi, s), absl::UTCTimeZone()));
}

std::int64_t At(const std::string& zone, int y, int mo, int d, int h, int mi, int s = 0) {
  absl::TimeZone tz;
  EXPECT_TRUE(absl::LoadTimeZone(zone, &tz)) << zone;
  return absl::ToUnixNanos(absl::FromCivil(absl::CivilSecond(y, mo, d, h, mi, s), tz));
}

ScheduleSpec Spec(TimeOfDay start, TimeOfDay end, std::optional<Weekday> start_day,
                  std::optional<Weekday> end_day, std::string zone, bool use_local_time) {
  ScheduleSpec spec;
  spec.start_time = start;
  spec.end_time = end;
  spec.start_day = start_day;
  spec.end_day = end_day;
  spec.time_zone = std::move(zone);
  spec.use_local_time = use_local_time;
  return spec;
}

SessionSchedule Make(const ScheduleSpec& spec) {
  absl::StatusOr<SessionSchedule> s = SessionSchedule::Create(spec);
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

// ------------------------------------------------------------- hand-checked cases

TEST(ScheduleTest, DailyWindowInUtc) {
  SessionSchedule s = Make(Spec(T(8, 0), T(17, 0), std::nullopt, std::nullopt, "", false));
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 2, 7, 59, 59)));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 2, 8, 0, 0)));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 2, 16, 59, 59)));
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 2, 17, 0, 0)));  // half-open
  EXPECT_TRUE(s.IsSameSession(Utc(2026, 3, 2, 8, 0), Utc(2026, 3, 2, 16, 0)));
  EXPECT_FALSE(s.IsSameSession(Utc(2026, 3, 2, 9, 0), Utc(2026, 3, 3, 9, 0)));
  EXPECT_FALSE(s.IsSameSession(Utc(2026, 3, 2, 9, 0), Utc(2026, 3, 2, 18, 0)));
  EXPECT_EQ(s.LastStart(Utc(2026, 3, 2, 12, 0)), Utc(2026, 3, 2, 8, 0));
  EXPECT_EQ(s.NextStart(Utc(2026, 3, 2, 12, 0)), Utc(2026, 3, 3, 8, 0));
  EXPECT_EQ(s.NextStart(Utc(2026, 3, 2, 7, 0)), Utc(2026, 3, 2, 8, 0));
  EXPECT_EQ(s.NextEnd(Utc(2026, 3, 2, 12, 0)), Utc(2026, 3, 2, 17, 0));
  EXPECT_EQ(s.NextEnd(Utc(2026, 3, 2, 18, 0)), Utc(2026, 3, 3, 17, 0));
  EXPECT_FALSE(s.always_open());
}

TEST(ScheduleTest, DailyWindowWrapsMidnight) {
  SessionSchedule s = Make(Spec(T(22, 0), T(6, 0), std::nullopt, std::nullopt, "", false));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 2, 23, 0)));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 3, 5, 59)));
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 3, 6, 0)));
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 3, 12, 0)));
  EXPECT_TRUE(s.IsSameSession(Utc(2026, 3, 2, 22, 30), Utc(2026, 3, 3, 5, 30)));
  EXPECT_FALSE(s.IsSameSession(Utc(2026, 3, 3, 5, 30), Utc(2026, 3, 3, 22, 30)));
  EXPECT_EQ(s.LastStart(Utc(2026, 3, 3, 1, 0)), Utc(2026, 3, 2, 22, 0));
  EXPECT_EQ(s.NextEnd(Utc(2026, 3, 3, 1, 0)), Utc(2026, 3, 3, 6, 0));
}

TEST(ScheduleTest, EqualStartAndEndIsA24HourSessionThatResetsAtStart) {
  SessionSchedule s = Make(Spec(T(17, 0), T(17, 0), std::nullopt, std::nullopt, "", false));
  EXPECT_TRUE(s.always_open());
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 2, 16, 59, 59)));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 2, 17, 0)));
  EXPECT_TRUE(s.IsSameSession(Utc(2026, 3, 2, 17, 0), Utc(2026, 3, 3, 16, 59, 59)));
  EXPECT_FALSE(s.IsSameSession(Utc(2026, 3, 2, 16, 59, 59), Utc(2026, 3, 2, 17, 0)));
  EXPECT_EQ(s.NextStart(Utc(2026, 3, 2, 12, 0)), Utc(2026, 3, 2, 17, 0));
  EXPECT_EQ(s.NextEnd(Utc(2026, 3, 2, 12, 0)), Utc(2026, 3, 2, 17, 0));
}

TEST(ScheduleTest, WeeklySundayToFriday) {
  // 2026-03-01 is a Sunday.
  SessionSchedule s = Make(Spec(T(22, 0), T(21, 0), Weekday::kSunday, Weekday::kFriday, "", false));
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 1, 21, 59)));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 1, 22, 0)));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 4, 3, 0)));  // Wednesday night
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 6, 20, 59)));
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 6, 21, 0)));
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 7, 12, 0)));  // Saturday
  EXPECT_TRUE(s.IsSameSession(Utc(2026, 3, 2, 1, 0), Utc(2026, 3, 6, 20, 0)));
  EXPECT_FALSE(s.IsSameSession(Utc(2026, 3, 6, 20, 0), Utc(2026, 3, 9, 1, 0)));
  EXPECT_EQ(s.NextEnd(Utc(2026, 3, 3, 0, 0)), Utc(2026, 3, 6, 21, 0));
  EXPECT_EQ(s.NextStart(Utc(2026, 3, 3, 0, 0)), Utc(2026, 3, 8, 22, 0));
}

TEST(ScheduleTest, WeeklyWindowWrapsTheWeek) {
  // Friday 17:00 to Tuesday 08:00: Saturday and Monday are one window
  // (QuickFIX 1.15 compares Sunday-based calendar weeks and would split it).
  SessionSchedule s = Make(Spec(T(17, 0), T(8, 0), Weekday::kFriday, Weekday::kTuesday, "", false));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 7, 12, 0)));    // Saturday
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 9, 12, 0)));    // Monday
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 10, 8, 0)));   // Tuesday 08:00
  EXPECT_FALSE(s.IsInSession(Utc(2026, 3, 12, 12, 0)));  // Thursday
  EXPECT_TRUE(s.IsSameSession(Utc(2026, 3, 7, 12, 0), Utc(2026, 3, 9, 12, 0)));
}

TEST(ScheduleTest, WeeklySameDayEndAfterStartIsAWholeWeek) {
  SessionSchedule s = Make(Spec(T(8, 0), T(17, 0), Weekday::kMonday, Weekday::kMonday, "", false));
  EXPECT_TRUE(s.always_open());
  EXPECT_TRUE(s.IsInSession(Utc(2026, 3, 7, 3, 0)));
  EXPECT_FALSE(s.IsSameSession(Utc(2026, 3, 9, 7, 59), Utc(2026, 3, 9, 8, 0)));
  EXPECT_TRUE(s.IsSameSession(Utc(2026, 3, 9, 8, 0), Utc(2026, 3, 16, 7, 59)));
}

TEST(ScheduleTest, TimeZoneAndDst) {
  // New York 2026: DST starts Sunday March 8 02:00, ends Sunday November 1 02:00.
  SessionSchedule s =
      Make(Spec(T(8, 0), T(17, 0), std::nullopt, std::nullopt, "America/New_York", false));
  EXPECT_EQ(s.NextStart(Utc(2026, 3, 6, 0, 0)), Utc(2026, 3, 6, 13, 0));  // EST
  EXPECT_EQ(s.NextStart(Utc(2026, 3, 9, 0, 0)), Utc(2026, 3, 9, 12, 0));  // EDT
  EXPECT_TRUE(s.IsInSession(Utc(2026, 7, 1, 12, 0)));
  EXPECT_FALSE(s.IsInSession(Utc(2026, 7, 1, 21, 0)));
  EXPECT_TRUE(s.IsInSession(Utc(2026, 12, 1, 21, 0)));

  // 02:30 does not exist on March 8: the window opens at the jump (03:00 EDT).
  SessionSchedule skipped =
      Make(Spec(T(2, 30), T(5, 0), std::nullopt, std::nullopt, "America/New_York", false));
  EXPECT_EQ(skipped.NextStart(Utc(2026, 3, 8, 0, 0)), At("America/New_York", 2026, 3, 8, 3, 0));
  EXPECT_EQ(skipped.NextStart(Utc(2026, 3, 8, 0, 0)), Utc(2026, 3, 8, 7, 0));

  // 01:30 happens twice on November 1: the window opens at the first.
  SessionSchedule repeated =
      Make(Spec(T(1, 30), T(4, 0), std::nullopt, std::nullopt, "America/New_York", false));
  EXPECT_EQ(repeated.NextStart(Utc(2026, 11, 1, 0, 0)), Utc(2026, 11, 1, 5, 30));  // 01:30 EDT
  EXPECT_TRUE(repeated.IsInSession(Utc(2026, 11, 1, 6, 15)));  // 01:15 EST, second pass
}

TEST(ScheduleTest, UseLocalTimeIsTheMachinesZone) {
  // abseil reads the local zone from TZ when it is set.
  setenv("TZ", "America/New_York", 1);
  const SessionSchedule local = Make(Spec(T(8, 0), T(17, 0), std::nullopt, std::nullopt, "", true));
  const SessionSchedule zoned =
      Make(Spec(T(8, 0), T(17, 0), std::nullopt, std::nullopt, "America/New_York", false));
  for (std::int64_t t = Utc(2026, 3, 1, 0, 0); t < Utc(2026, 3, 15, 0, 0); t += 17 * kMinute) {
    ASSERT_EQ(local.IsInSession(t), zoned.IsInSession(t));
    ASSERT_EQ(local.NextStart(t), zoned.NextStart(t));
  }
  unsetenv("TZ");
}

TEST(ScheduleTest, CreateRejectsBadSpecs) {
  EXPECT_FALSE(
      SessionSchedule::Create(Spec(T(0, 0), T(0, 0), Weekday::kMonday, std::nullopt, "", false))
          .ok());
  EXPECT_FALSE(
      SessionSchedule::Create(Spec(T(0, 0), T(0, 0), std::nullopt, Weekday::kMonday, "", false))
          .ok());
  EXPECT_FALSE(SessionSchedule::Create(
                   Spec(T(0, 0), T(0, 0), std::nullopt, std::nullopt, "Mars/Olympus_Mons", false))
                   .ok());
  EXPECT_FALSE(
      SessionSchedule::Create(Spec(T(0, 0), T(0, 0), std::nullopt, std::nullopt, "UTC", true))
          .ok());
}

TEST(ScheduleTest, FromConfigUsesSessionAndLogonTimes) {
  SessionConfig c;
  c.start_time = T(6, 0);
  c.end_time = T(20, 0);
  c.logon_time = T(7, 0);
  c.logout_time = T(19, 0);
  c.time_zone = "Europe/London";
  absl::StatusOr<SessionSchedule> session = SessionSchedule::FromConfig(c);
  absl::StatusOr<SessionSchedule> logon = SessionSchedule::LogonFromConfig(c);
  ASSERT_TRUE(session.ok() && logon.ok());
  const std::int64_t t = At("Europe/London", 2026, 7, 1, 6, 30);
  EXPECT_TRUE(session->IsInSession(t));
  EXPECT_FALSE(logon->IsInSession(t));
}

// ------------------------------------------------------------- QuickFIX's TimeRange

fixwire_quickfix::Range QuickFixRange(const ScheduleSpec& spec) {
  return {spec.start_time.seconds_of_day(), spec.end_time.seconds_of_day(),
          spec.start_day ? static_cast<int>(*spec.start_day) : -1,
          spec.end_day ? static_cast<int>(*spec.end_day) : -1};
}

// In UTC, minute by minute over three weeks, IsInSession agrees with QuickFIX
// 1.15's TimeRange::isInRange except at the closing instant itself (QuickFIX
// counts EndTime in; windows here are half-open), and IsSameSession agrees
// with isInSameRange where QuickFIX's rule is the window (not for 24-hour
// sessions or windows that wrap the week: see the next test).
TEST(ScheduleTest, MatchesQuickFixTimeRangeInUtc) {
  struct Case {
    const char* label;
    ScheduleSpec spec;
    bool same_session_like_quickfix;
  };
  const Case cases[] = {
      {"daily 08-17", Spec(T(8, 0), T(17, 0), std::nullopt, std::nullopt, "", false), true},
      {"daily 22-06", Spec(T(22, 0), T(6, 0), std::nullopt, std::nullopt, "", false), true},
      {"daily 13:30:15-13:30:14",
       Spec(T(13, 30, 15), T(13, 30, 14), std::nullopt, std::nullopt, "", false), true},
      {"daily 17=17", Spec(T(17, 0), T(17, 0), std::nullopt, std::nullopt, "", false), false},
      {"weekly Sun 22 - Fri 21",
       Spec(T(22, 0), T(21, 0), Weekday::kSunday, Weekday::kFriday, "", false), true},
      {"weekly Mon 09 - Thu 23",
       Spec(T(9, 0), T(23, 0), Weekday::kMonday, Weekday::kThursday, "", false), true},
      {"weekly Fri 17 - Tue 08",
       Spec(T(17, 0), T(8, 0), Weekday::kFriday, Weekday::kTuesday, "", false), false},
      {"weekly Sun 22 - Sun 21",
       Spec(T(22, 0), T(21, 0), Weekday::kSunday, Weekday::kSunday, "", false), false},
      {"weekly Mon 08 - Mon 17",
       Spec(T(8, 0), T(17, 0), Weekday::kMonday, Weekday::kMonday, "", false), false},
      {"weekly Sat 12 - Sun 02:30",
       Spec(T(12, 0), T(2, 30), Weekday::kSaturday, Weekday::kSunday, "", false), false},
  };
  const std::int64_t begin = Utc(2026, 3, 1, 0, 0);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.label);
    const SessionSchedule s = Make(c.spec);
    const fixwire_quickfix::Range range = QuickFixRange(c.spec);
    auto closes_at = [&](std::int64_t t) { return !s.IsInSession(t) && s.IsInSession(t - 1); };
    int mismatches = 0;
    for (int i = 0; i < 3 * 7 * 24 * 60 && mismatches < 5; ++i) {
      const std::int64_t t = begin + i * kMinute;
      const long long seconds = t / kSecond;
      const bool quickfix_in = fixwire_quickfix::InRange(range, seconds);
      if (closes_at(t)) {
        EXPECT_TRUE(quickfix_in) << "QuickFIX counts the closing instant in";
        continue;
      }
      if (s.IsInSession(t) != quickfix_in) {
        ++mismatches;
        ADD_FAILURE() << "IsInSession at " << absl::FormatTime(absl::FromUnixNanos(t)) << ": "
                      << s.IsInSession(t) << ", QuickFIX " << quickfix_in;
      }
      if (!c.same_session_like_quickfix) continue;
      for (int back : {1, 60, 600, 23 * 60, 3 * 24 * 60}) {
        const std::int64_t b = t - back * kMinute;
        if (closes_at(b)) continue;
        // Later time first: QuickFIX's other argument order ignores where the
        // earlier time lies in its window (see the next test).
        const bool quickfix_same = fixwire_quickfix::InSameRange(range, seconds, b / kSecond);
        if (s.IsSameSession(b, t) != quickfix_same) {
          ++mismatches;
          ADD_FAILURE() << "IsSameSession(" << absl::FormatTime(absl::FromUnixNanos(b)) << ", "
                        << absl::FormatTime(absl::FromUnixNanos(t)) << "): " << !quickfix_same
                        << ", QuickFIX " << quickfix_same;
        }
      }
    }
  }
}

// Where fixwire's reset differs from QuickFIX 1.15 on purpose.
TEST(ScheduleTest, ResetDiffersFromQuickFixWhereQuickFixIgnoresTheWindow) {
  // StartTime == EndTime: QuickFIX resets at UTC midnight (it compares dates);
  // fixwire resets at StartTime, as the 24-hour session is meant.
  const ScheduleSpec daily = Spec(T(17, 0), T(17, 0), std::nullopt, std::nullopt, "", false);
  const SessionSchedule s = Make(daily);
  const auto range = QuickFixRange(daily);
  const std::int64_t evening = Utc(2026, 3, 2, 18, 0), night = Utc(2026, 3, 3, 1, 0);
  EXPECT_TRUE(s.IsSameSession(evening, night));
  EXPECT_FALSE(fixwire_quickfix::InSameRange(range, evening / kSecond, night / kSecond));
  const std::int64_t morning = Utc(2026, 3, 2, 1, 0);
  EXPECT_FALSE(s.IsSameSession(morning, evening));
  EXPECT_TRUE(fixwire_quickfix::InSameRange(range, morning / kSecond, evening / kSecond));

  // A window longer than 12 hours: QuickFIX's isInSameRange(earlier, later)
  // only compares the distance with the window length, so two times in
  // consecutive windows count as one session; fixwire does not.
  const ScheduleSpec longday =
      Spec(T(13, 30, 15), T(13, 30, 14), std::nullopt, std::nullopt, "", false);
  const std::int64_t first = Utc(2026, 2, 28, 1, 0), second = Utc(2026, 3, 1, 0, 0);
  EXPECT_FALSE(Make(longday).IsSameSession(first, second));
  EXPECT_TRUE(
      fixwire_quickfix::InSameRange(QuickFixRange(longday), first / kSecond, second / kSecond));
  EXPECT_FALSE(
      fixwire_quickfix::InSameRange(QuickFixRange(longday), second / kSecond, first / kSecond));

  // A weekly window across Saturday/Sunday: QuickFIX compares Sunday-based
  // calendar weeks and splits the window; fixwire keeps it one session.
  const ScheduleSpec weekly =
      Spec(T(17, 0), T(8, 0), Weekday::kFriday, Weekday::kTuesday, "", false);
  const SessionSchedule w = Make(weekly);
  const std::int64_t saturday = Utc(2026, 3, 7, 12, 0), monday = Utc(2026, 3, 9, 12, 0);
  EXPECT_TRUE(w.IsSameSession(saturday, monday));
  EXPECT_FALSE(
      fixwire_quickfix::InSameRange(QuickFixRange(weekly), saturday / kSecond, monday / kSecond));
}

// ------------------------------------------------------------- allocation

TEST(ScheduleTest, QueriesAllocateNothing) {
  // A zone with DST (abseil's civil-time path) and UTC (the fixed-offset path).
  for (const char* zone : {"America/New_York", "UTC"}) {
    SCOPED_TRACE(zone);
    SessionSchedule s =
        Make(Spec(T(22, 0), T(21, 0), Weekday::kSunday, Weekday::kFriday, zone, false));
    std::int64_t t = Utc(2026, 1, 1, 0, 0);
    bool sink = false;
    std::uint64_t sum = 0;  // wraps: only has to depend on every answer
    s.IsInSession(t);  // warm any lazily built zone state before measuring
    fixwire::testing::AllocationScope scope;
    for (int i = 0; i < 2000; ++i, t += 7 * 60 * kMinute) {
      sink ^= s.IsInSession(t);
      sink ^= s.IsSameSession(t, t - 3600 * kSecond);
      sum += static_cast<std::uint64_t>(s.LastStart(t)) + static_cast<std::uint64_t>(s.NextStart(t)) +
             static_cast<std::uint64_t>(s.NextEnd(t));
    }
    EXPECT_EQ(scope.allocations(), 0u);
    EXPECT_NE(sum, 0u);
    (void)sink;
  }
}

// ------------------------------------------------------------- brute force

struct Reference {
  // Per minute from `begin`: the window instance (its open time), or -1 when closed.
  std::int64_t begin = 0;
  std::vector<std::int64_t> window;  // open instant of the window, or -1
};

// Walks `minutes` minutes from `begin` reading the wall clock of `zone`.
Reference BuildReference(const ScheduleSpec& spec, std::int64_t begin, int minutes) {
  absl::TimeZone tz;
  EXPECT_TRUE(absl::LoadTimeZone(spec.time_zone.empty() ? "UTC" : spec.time_zone, &tz));
  const bool weekly = spec.start_day.has_value();
  // QuickFIX: start == end (daily), or the same day with end >= start
  // (weekly), never closes; an end at the same instant as a start reopens.
  const bool never_closes =
      weekly ? (spec.start_day == spec.end_day &&
                spec.end_time.seconds_of_day() >= spec.start_time.seconds_of_day())
             : spec.start_time == spec.end_time;
  auto weekday_number = [](absl::CivilDay d) {  // Sunday = 1
    switch (absl::GetWeekday(d)) {
      case absl::Weekday::sunday:
        return 1;
      case absl::Weekday::monday:
        return 2;
      case absl::Weekday::tuesday:
        return 3;
      case absl::Weekday::wednesday:
        return 4;
      case absl::Weekday::thursday:
        return 5;
      case absl::Weekday::friday:
        return 6;
      case absl::Weekday::saturday:
        return 7;
    }
    return 0;
  };
  Reference ref;
  ref.begin = begin;
  ref.window.assign(minutes, -1);
  std::optional<absl::CivilSecond> high;  // highest wall-clock reading so far
  std::int64_t current = -1;              // open instant of the current window
  bool known = false;                     // state is known after the first event
  for (int i = 0; i < minutes; ++i) {
    const std::int64_t t = begin + i * kMinute;
    const absl::CivilSecond now = absl::ToCivilSecond(absl::FromUnixNanos(t), tz);
    if (high && now > *high) {
      // Events whose wall-clock time lies in (high, now], in clock order: an
      // end before a start at the same reading.
      struct Event {
        absl::CivilSecond when;
        bool start;
      };
      std::vector<Event> events;
      for (absl::CivilDay d = absl::CivilDay(*high); d <= absl::CivilDay(now); ++d) {
        const absl::CivilSecond s(d.year(), d.month(), d.day(), spec.start_time.hour,
                                  spec.start_time.minute, spec.start_time.second);
        const absl::CivilSecond e(d.year(), d.month(), d.day(), spec.end_time.hour,
                                  spec.end_time.minute, spec.end_time.second);
        const bool start_day = !weekly || weekday_number(d) == static_cast<int>(*spec.start_day);
        const bool end_day = !weekly || weekday_number(d) == static_cast<int>(*spec.end_day);
        if (end_day && !never_closes && e > *high && e <= now) events.push_back({e, false});
        if (start_day && s > *high && s <= now) events.push_back({s, true});
      }
      std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return a.when < b.when || (a.when == b.when && !a.start && b.start);
      });
      for (const Event& ev : events) {
        current = ev.start ? t : -1;
        known = true;
      }
    }
    if (!high || now > *high) high = now;
    ref.window[i] = known ? current : -2;  // -2: not known yet (warm-up)
  }
  return ref;
}

void CheckAgainstReference(const ScheduleSpec& spec, const std::string& label) {
  SCOPED_TRACE(label);
  const SessionSchedule s = Make(spec);
  const std::int64_t begin = Utc(2025, 12, 1, 0, 0);
  const int minutes = (365 + 31 + 31) * 24 * 60;
  const Reference ref = BuildReference(spec, begin, minutes);
  // Next start / next end for every minute, from a backward pass.
  std::vector<std::int64_t> next_start(minutes, -1), next_end(minutes, -1);
  for (int i = minutes - 2; i >= 0; --i) {
    const std::int64_t w = ref.window[i], w1 = ref.window[i + 1];
    const std::int64_t t1 = begin + (i + 1) * kMinute;
    next_start[i] = (w1 >= 0 && w1 != w) ? t1 : next_start[i + 1];
    // An end: the window of minute i is over at minute i+1 (closed or replaced).
    const bool ends_here = w >= 0 && w1 != w;
    if (w >= 0) {
      next_end[i] = ends_here ? t1 : next_end[i + 1];
    } else {
      // Closed: the end of the next window.
      next_end[i] = next_end[i + 1];
    }
  }
  int checked = 0, fully_checked = 0, mismatches = 0;
  const int first = 31 * 24 * 60;         // after a month of warm-up
  const int last = (31 + 365) * 24 * 60;  // a month of look-ahead left
  for (int i = first; i < last && mismatches < 10; ++i) {
    const std::int64_t t = begin + i * kMinute;
    const std::int64_t w = ref.window[i];
    ASSERT_NE(w, -2) << "reference still warming up";
    const bool in = w >= 0;
    bool ok = s.IsInSession(t) == in;
    // The other queries: at every minute next to a window change, and at a
    // stride in between (every minute of a year takes minutes to run).
    const bool near_change = ref.window[i - 1] != w || ref.window[i + 1] != w ||
                             next_start[i] - t <= kMinute || next_end[i] - t <= kMinute;
    if (near_change || i % 29 == 0) {
      if (in) ok = ok && s.LastStart(t) == w;
      ok = ok && s.NextStart(t) == next_start[i];
      ok = ok && s.NextEnd(t) == next_end[i];
      for (int back : {1, 60, 23 * 60, 24 * 60, 3 * 24 * 60, 6 * 24 * 60}) {
        const std::int64_t wb = ref.window[i - back];
        ok = ok && s.IsSameSession(t - back * kMinute, t) == (in && wb == w);
      }
      ++fully_checked;
    }
    if (!ok) {
      ++mismatches;
      ADD_FAILURE() << "at " << absl::FormatTime(absl::FromUnixNanos(t), absl::UTCTimeZone())
                    << " reference in=" << in << " open=" << w << " next_start=" << next_start[i]
                    << " next_end=" << next_end[i] << "; schedule in=" << s.IsInSession(t)
                    << " last_start=" << s.LastStart(t) << " next_start=" << s.NextStart(t)
                    << " next_end=" << s.NextEnd(t);
    }
    ++checked;
  }
  EXPECT_GT(checked, 500000);
  EXPECT_GT(fully_checked, 15000);
}

class ScheduleReferenceTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ScheduleReferenceTest, MatchesBruteForceOverAYear) {
  const std::string zone = GetParam();
  struct Case {
    const char* label;
    ScheduleSpec spec;
  };
  const Case cases[] = {
      {"daily 08-17", Spec(T(8, 0), T(17, 0), std::nullopt, std::nullopt, "", false)},
      {"daily 22-06", Spec(T(22, 0), T(6, 0), std::nullopt, std::nullopt, "", false)},
      {"daily 17=17", Spec(T(17, 0), T(17, 0), std::nullopt, std::nullopt, "", false)},
      {"daily 01:30 = 01:30", Spec(T(1, 30), T(1, 30), std::nullopt, std::nullopt, "", false)},
      {"daily 02:30-05", Spec(T(2, 30), T(5, 0), std::nullopt, std::nullopt, "", false)},
      {"daily 01:30-03", Spec(T(1, 30), T(3, 0), std::nullopt, std::nullopt, "", false)},
      {"daily 23-01:30", Spec(T(23, 0), T(1, 30), std::nullopt, std::nullopt, "", false)},
      {"daily 00:00-02:30", Spec(T(0, 0), T(2, 30), std::nullopt, std::nullopt, "", false)},
      {"weekly Sun 22 - Fri 21",
       Spec(T(22, 0), T(21, 0), Weekday::kSunday, Weekday::kFriday, "", false)},
      {"weekly Fri 17 - Tue 08",
       Spec(T(17, 0), T(8, 0), Weekday::kFriday, Weekday::kTuesday, "", false)},
      {"weekly Sun 22 - Sun 21",
       Spec(T(22, 0), T(21, 0), Weekday::kSunday, Weekday::kSunday, "", false)},
      {"weekly Mon 08 - Mon 17",
       Spec(T(8, 0), T(17, 0), Weekday::kMonday, Weekday::kMonday, "", false)},
      {"weekly Sun 01:30 - Sat 02:30",
       Spec(T(1, 30), T(2, 30), Weekday::kSunday, Weekday::kSaturday, "", false)},
      {"weekly Sat 12 - Sun 02:30",
       Spec(T(12, 0), T(2, 30), Weekday::kSaturday, Weekday::kSunday, "", false)},
  };
  for (const Case& c : cases) {
    ScheduleSpec spec = c.spec;
    spec.time_zone = zone;
    CheckAgainstReference(spec, std::string(c.label) + " " + zone);
  }
}

INSTANTIATE_TEST_SUITE_P(Zones, ScheduleReferenceTest,
                         // Two zones with DST, and a fixed offset west of UTC
                         // (the arithmetic path, with negative local days).
                         ::testing::Values("America/New_York", "Europe/London", "Etc/GMT+5"),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           for (char& ch : name) {
                             if (ch == '/' || ch == '+') ch = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace fixwire
