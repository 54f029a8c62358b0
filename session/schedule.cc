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

absl::CivilDay SessionSchedule::LastStartDay(absl::Time t) const noexcept {
  absl::CivilDay day = absl::CivilDay(absl::ToCivilSecond(t, zone_));
  if (weekly_) {
    const int back =
        (DaysSinceMonday(absl::GetWeekday(day)) - DaysSinceMonday(start_weekday_) + 7) % 7;
    day -= back;
  }
  // The civil day of `t` is the right answer unless a DST change moved the
  // open across it; a step or two settles it.
  while (Open(day) > t) day -= period_days_;
  while (Open(day + period_days_) <= t) day += period_days_;
  return day;
}

bool SessionSchedule::IsInSession(std::int64_t utc_nanos) const noexcept {
  if (always_open_) return true;
  const absl::Time t = absl::FromUnixNanos(utc_nanos);
  return t < Close(LastStartDay(t));
}

bool SessionSchedule::IsSameSession(std::int64_t a, std::int64_t b) const noexcept {
  const absl::Time ta = absl::FromUnixNanos(a);
  const absl::Time tb = absl::FromUnixNanos(b);
  const absl::CivilDay day_a = LastStartDay(ta);
  if (day_a != LastStartDay(tb)) return false;
  if (always_open_) return true;
  const absl::Time close = Close(day_a);
  return ta < close && tb < close;
}

std::int64_t SessionSchedule::LastStart(std::int64_t utc_nanos) const noexcept {
  return absl::ToUnixNanos(Open(LastStartDay(absl::FromUnixNanos(utc_nanos))));
}

std::int64_t SessionSchedule::NextStart(std::int64_t utc_nanos) const noexcept {
  return absl::ToUnixNanos(Open(LastStartDay(absl::FromUnixNanos(utc_nanos)) + period_days_));
}

std::int64_t SessionSchedule::NextEnd(std::int64_t utc_nanos) const noexcept {
  const absl::Time t = absl::FromUnixNanos(utc_nanos);
  const absl::CivilDay day = LastStartDay(t);
  if (always_open_) return absl::ToUnixNanos(Open(day + period_days_));
  const absl::Time close = Close(day);
  return absl::ToUnixNanos(t < close ? close : Close(day + period_days_));
}

}  // namespace fixwire
