#include "fixwire/session/schedule.h"

#include <string>

#include "absl/status/status.h"

namespace fixwire {
namespace {

absl::Weekday ToAbsl(Weekday d) {
  // Weekday: Sunday = 1 .. Saturday = 7; absl::Weekday: monday = 0 .. sunday = 6.
  switch (d) {
    case Weekday::kSunday:
      return absl::Weekday::sunday;
    case Weekday::kMonday:
      return absl::Weekday::monday;
    case Weekday::kTuesday:
      return absl::Weekday::tuesday;
    case Weekday::kWednesday:
      return absl::Weekday::wednesday;
    case Weekday::kThursday:
      return absl::Weekday::thursday;
    case Weekday::kFriday:
      return absl::Weekday::friday;
    case Weekday::kSaturday:
      return absl::Weekday::saturday;
  }
  return absl::Weekday::sunday;
}

int DaysSinceMonday(absl::Weekday d) { return static_cast<int>(d); }

// The civil second `seconds` into `day` (built from fields: adding seconds to
// a civil time normalises through every unit and costs more).
absl::CivilSecond AtSecondOfDay(absl::CivilDay day, int seconds) {
  return absl::CivilSecond(day.year(), day.month(), day.day(), seconds / 3600, seconds / 60 % 60,
                           seconds % 60);
}

}  // namespace

absl::StatusOr<SessionSchedule> SessionSchedule::Create(const ScheduleSpec& spec) {
  if (spec.start_day.has_value() != spec.end_day.has_value()) {
    return absl::InvalidArgumentError(spec.start_day ? "StartDay used without EndDay"
                                                     : "EndDay used without StartDay");
  }
  SessionSchedule s;
  if (!spec.time_zone.empty()) {
    if (spec.use_local_time) {
      return absl::InvalidArgumentError("TimeZone cannot be combined with UseLocalTime=Y");
    }
    if (!absl::LoadTimeZone(spec.time_zone, &s.zone_)) {
      return absl::InvalidArgumentError("unknown time zone '" + spec.time_zone + "'");
    }
  } else {
    s.zone_ = spec.use_local_time ? absl::LocalTimeZone() : absl::UTCTimeZone();
  }
  s.start_seconds_ = spec.start_time.seconds_of_day();
  s.end_seconds_ = spec.end_time.seconds_of_day();
  s.weekly_ = spec.start_day.has_value();
  if (!s.weekly_) {
    s.period_days_ = 1;
    s.always_open_ = s.end_seconds_ == s.start_seconds_;
    s.end_days_after_ = s.end_seconds_ > s.start_seconds_ ? 0 : 1;
  } else {
    s.period_days_ = 7;
    s.start_weekday_ = ToAbsl(*spec.start_day);
    const int days = (static_cast<int>(*spec.end_day) - static_cast<int>(*spec.start_day) + 7) % 7;
    if (days == 0) {
      // QuickFIX: the same day with EndTime >= StartTime is a whole week.
      s.always_open_ = s.end_seconds_ >= s.start_seconds_;
      s.end_days_after_ = 7;
    } else {
      s.end_days_after_ = days;
    }
  }
  if (s.always_open_) {
    s.end_seconds_ = s.start_seconds_;
    s.end_days_after_ = s.period_days_;
  }
  // A zone without transitions keeps one offset: plain arithmetic then.
  absl::TimeZone::CivilTransition transition;
  if (!s.zone_.NextTransition(absl::InfinitePast(), &transition)) {
    s.fixed_offset_ = true;
    s.offset_nanos_ =
        static_cast<std::int64_t>(s.zone_.At(absl::UnixEpoch()).offset) * 1'000'000'000;
  }
  return s;
}

absl::StatusOr<SessionSchedule> SessionSchedule::FromConfig(const SessionConfig& config) {
  return Create({config.start_time, config.end_time, config.start_day, config.end_day,
                 config.time_zone, config.use_local_time});
}

absl::StatusOr<SessionSchedule> SessionSchedule::LogonFromConfig(const SessionConfig& config) {
  return Create({config.logon_time, config.logout_time, config.logon_day, config.logout_day,
                 config.time_zone, config.use_local_time});
}

absl::Time SessionSchedule::FirstReach(absl::CivilSecond civil) const noexcept {
  const absl::TimeZone::TimeInfo info = zone_.At(civil);
  // SKIPPED: the clock jumps over `civil`; the jump is the first instant at or
  // past it. REPEATED: `pre` is the first occurrence.
  return info.kind == absl::TimeZone::TimeInfo::SKIPPED ? info.trans : info.pre;
}

absl::Time SessionSchedule::Open(absl::CivilDay day) const noexcept {
  return FirstReach(AtSecondOfDay(day, start_seconds_));
}

absl::Time SessionSchedule::Close(absl::CivilDay start_day) const noexcept {
  return FirstReach(AtSecondOfDay(start_day + end_days_after_, end_seconds_));
}

SessionSchedule::Window SessionSchedule::ZoneWindowAt(std::int64_t utc_nanos,
                                                      bool with_next_close) const noexcept {
  const absl::Time t = absl::FromUnixNanos(utc_nanos);
  absl::CivilDay day = absl::CivilDay(absl::ToCivilSecond(t, zone_));
  if (weekly_) {
    day -= (DaysSinceMonday(absl::GetWeekday(day)) - DaysSinceMonday(start_weekday_) + 7) % 7;
  }
  // The civil day of `t` is the right answer unless a DST change moved the
  // open across it; a step or two settles it.
  absl::Time open = Open(day);
  while (open > t) {
    day -= period_days_;
    open = Open(day);
  }
  absl::Time next_open = Open(day + period_days_);
  while (next_open <= t) {
    day += period_days_;
    open = next_open;
    next_open = Open(day + period_days_);
  }
  Window w;
  w.open = absl::ToUnixNanos(open);
  w.next_open = absl::ToUnixNanos(next_open);
  if (always_open_) {
    w.close = w.next_open;
    w.next_close = w.next_open;  // unused: NextEnd returns `close`
  } else {
    w.close = absl::ToUnixNanos(Close(day));
    // Only NextEnd needs it, and only out of session: one zone lookup saved.
    w.next_close = with_next_close ? absl::ToUnixNanos(Close(day + period_days_)) : w.close;
  }
  return w;
}

SessionSchedule::Window SessionSchedule::FixedWindowAt(std::int64_t utc_nanos) const noexcept {
  constexpr std::int64_t kSecond = 1'000'000'000;
  constexpr std::int64_t kDay = 86'400 * kSecond;
  const std::int64_t local = utc_nanos + offset_nanos_;
  std::int64_t day = local / kDay - (local % kDay < 0 ? 1 : 0);  // floor
  if (weekly_) {
    // 1970-01-01 was a Thursday: three days after a Monday.
    const int weekday = static_cast<int>(((day + 3) % 7 + 7) % 7);
    day -= (weekday - DaysSinceMonday(start_weekday_) + 7) % 7;
  }
  const std::int64_t start = start_seconds_ * kSecond - offset_nanos_;
  if (day * kDay + start > utc_nanos) day -= period_days_;
  const std::int64_t period = period_days_ * kDay;
  Window w;
  w.open = day * kDay + start;
  w.next_open = w.open + period;
  if (always_open_) {
    w.close = w.next_open;
  } else {
    w.close = (day + end_days_after_) * kDay + end_seconds_ * kSecond - offset_nanos_;
  }
  w.next_close = w.close + period;
  return w;
}

SessionSchedule::Window SessionSchedule::WindowAt(std::int64_t utc_nanos,
                                                  bool with_next_close) const noexcept {
  return fixed_offset_ ? FixedWindowAt(utc_nanos) : ZoneWindowAt(utc_nanos, with_next_close);
}

bool SessionSchedule::IsInSession(std::int64_t utc_nanos) const noexcept {
  return always_open_ || utc_nanos < WindowAt(utc_nanos).close;
}

bool SessionSchedule::IsSameSession(std::int64_t a, std::int64_t b) const noexcept {
  const Window wa = WindowAt(a);
  if (wa.open != WindowAt(b).open) return false;
  return always_open_ || (a < wa.close && b < wa.close);
}

std::int64_t SessionSchedule::LastStart(std::int64_t utc_nanos) const noexcept {
  return WindowAt(utc_nanos).open;
}

std::int64_t SessionSchedule::NextStart(std::int64_t utc_nanos) const noexcept {
  return WindowAt(utc_nanos).next_open;
}

std::int64_t SessionSchedule::NextEnd(std::int64_t utc_nanos) const noexcept {
  const Window w = WindowAt(utc_nanos, /*with_next_close=*/true);
  return utc_nanos < w.close ? w.close : w.next_close;
}

}  // namespace fixwire
