// format_time.h: FIX date and time text (internal): UTCTimestamp
// "YYYYMMDD-HH:MM:SS[.sss|.ssssss|.sssssssss|.ssssssssssss]", UTCTimeOnly
// "HH:MM:SS[...]", UTCDateOnly / LocalMktDate "YYYYMMDD", MonthYear
// "YYYYMM[DD|wW]".
//
// Fractions are truncated to the precision (a clock value of 12:00:00.9999 at
// millisecond precision is "12:00:00.999"), never rounded up into the next
// second. Picosecond precision writes the nanoseconds and "000".
//
// Bounds: each function writes at most kMaxTimestampChars bytes and returns
// the end, or nullptr when the value is not representable (a time of day
// outside [0, 24h), an invalid calendar date); no allocation, never reads.
#ifndef FIXWIRE_ENCODE_INTERNAL_FORMAT_TIME_H_
#define FIXWIRE_ENCODE_INTERNAL_FORMAT_TIME_H_

#include <array>
#include <cstdint>
#include <cstring>

#include "fixwire/values/date_time.h"
#include "fixwire/encode/internal/format_int.h"

namespace fixwire::encode_internal {

inline constexpr std::size_t kMaxTimestampChars = 30;  // 17 + '.' + 12

struct CivilDate {
  std::int64_t year;
  unsigned month;  // 1..12
  unsigned day;    // 1..31
};

// CivilFromDays converts days since 1970-01-01 to a proleptic Gregorian date,
// by counting 400-year eras from 0000-03-01 (a year that starts in March puts
// the leap day last, so month lengths follow a linear formula).
constexpr CivilDate CivilFromDays(std::int64_t days) noexcept {
  const std::int64_t z = days + 719468;  // days since 0000-03-01
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto day_of_era = static_cast<unsigned>(z - era * 146097);  // 0..146096
  const unsigned year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const unsigned day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const unsigned month_from_march = (5 * day_of_year + 2) / 153;  // 0 = March
  const unsigned day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
  const unsigned month = month_from_march < 10 ? month_from_march + 3 : month_from_march - 9;
  const std::int64_t year = static_cast<std::int64_t>(year_of_era) + era * 400 + (month <= 2 ? 1 : 0);
  return CivilDate{year, month, day};
}

constexpr bool IsLeapYear(int year) noexcept {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

constexpr unsigned DaysInMonth(int year, unsigned month) noexcept {
  constexpr unsigned kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && IsLeapYear(year) ? 29 : kDays[month - 1];
}

// WriteYmd writes YYYYMMDD (year 0..9999).
inline void WriteYmd(char* out, unsigned year, unsigned month, unsigned day) noexcept {
  WritePair(out, year / 100);
  WritePair(out + 2, year % 100);
  WritePair(out + 4, month);
  WritePair(out + 6, day);
}

// kMillisTexts[ms] is ".ddd" for a millisecond 0..999 as the bytes of a word
// (4000 bytes of constant data): the usual SendingTime and TransactTime
// precision in one load.
inline constexpr std::array<std::uint32_t, 1000> kMillisTexts = [] {
  std::array<std::uint32_t, 1000> t{};
  for (std::uint32_t ms = 0; ms < 1000; ++ms) {
    t[ms] = '.' | (('0' + ms / 100) << 8) | (('0' + ms / 10 % 10) << 16) | (('0' + ms % 10) << 24);
  }
  return t;
}();

// MillisOfNanos is nanos / 10^6 for nanos < 2^32, as a multiply by
// ceil(2^50 / 10^6) and a shift on the 64-bit value, which the compiler's
// own division of a 32-bit value also does but only after zero-extending it.
[[gnu::always_inline]] inline std::uint64_t MillisOfNanos(std::uint64_t nanos) noexcept {
  return (nanos * 0x431BDE83u) >> 50;
}

// WriteFraction writes the fraction of a second for `precision` ("" for
// seconds, ".sss", ".ssssss", ".sssssssss", ".sssssssss000"); nanos < 10^9.
// nullptr for a value that is not a TimePrecision.
// `sum` receives the text (running_sum.h; precisions finer than
// milliseconds invalidate it).
template <typename Sum = NoSum>
[[gnu::always_inline]] inline char* WriteFraction(char* out, std::uint64_t nanos, TimePrecision precision,
                                                  Sum&& sum = Sum{}) noexcept {
  if (precision != TimePrecision::kSeconds && precision != TimePrecision::kMillis) sum.Invalidate();
  switch (precision) {
    case TimePrecision::kSeconds:
      return out;
    case TimePrecision::kMillis: {
      // ".ddd" as one 4-byte word from the table.
      const std::uint32_t text = kMillisTexts[MillisOfNanos(nanos)];
      std::memcpy(out, &text, 4);
      sum.Word(text);
      return out + 4;
    }
    case TimePrecision::kMicros:
      out[0] = '.';
      WriteFixedDigits<6>(out + 1, static_cast<std::uint32_t>(nanos) / 1000);
      return out + 7;
    case TimePrecision::kNanos:
      out[0] = '.';
      WriteFixedDigits<9>(out + 1, static_cast<std::uint32_t>(nanos));
      return out + 10;
    case TimePrecision::kPicos:
      out[0] = '.';
      WriteFixedDigits<9>(out + 1, static_cast<std::uint32_t>(nanos));
      std::memcpy(out + 10, "000", 3);
      return out + 13;
  }
  return nullptr;  // not a TimePrecision
}

// WriteHms writes HH:MM:SS for a second of the day (0..86399).
inline void WriteHms(char* out, std::uint32_t seconds) noexcept {
  WritePair(out, seconds / 3600);
  out[2] = ':';
  WritePair(out + 3, (seconds / 60) % 60);
  out[5] = ':';
  WritePair(out + 6, seconds % 60);
}

// WriteTimeOfDay writes HH:MM:SS and the fraction for nanos_of_day in [0, 24h).
inline char* WriteTimeOfDay(char* out, std::int64_t nanos_of_day, TimePrecision precision) noexcept {
  WriteHms(out, static_cast<std::uint32_t>(nanos_of_day / kNanosPerSecond));
  return WriteFraction(out + 8, static_cast<std::uint32_t>(nanos_of_day % kNanosPerSecond), precision);
}

// WriteUtcTimestamp writes nanos since the epoch (every int64 is a year in
// 1677..2262, so only a bad precision gives nullptr).
inline char* WriteUtcTimestamp(char* out, std::int64_t nanos_since_epoch, TimePrecision precision) noexcept {
  std::int64_t days = nanos_since_epoch / kNanosPerDay;
  std::int64_t nanos_of_day = nanos_since_epoch % kNanosPerDay;
  if (nanos_of_day < 0) {
    nanos_of_day += kNanosPerDay;
    --days;
  }
  const CivilDate date = CivilFromDays(days);
  WriteYmd(out, static_cast<unsigned>(date.year), date.month, date.day);
  out[8] = '-';
  return WriteTimeOfDay(out + 9, nanos_of_day, precision);
}

// WriteUtcTimeOnly writes nanos since midnight, which must be in [0, 24h).
inline char* WriteUtcTimeOnly(char* out, std::int64_t nanos_of_day, TimePrecision precision) noexcept {
  if (nanos_of_day < 0 || nanos_of_day >= kNanosPerDay) return nullptr;
  return WriteTimeOfDay(out, nanos_of_day, precision);
}

constexpr bool IsValidDate(const Date& d) noexcept {
  return d.year >= 0 && d.year <= 9999 && d.month >= 1 && d.month <= 12 && d.day >= 1 &&
         d.day <= DaysInMonth(d.year, d.month);
}

// WriteDate writes YYYYMMDD (UTCDateOnly, LocalMktDate); nullptr when invalid.
inline char* WriteDate(char* out, const Date& d) noexcept {
  if (!IsValidDate(d)) return nullptr;
  WriteYmd(out, static_cast<unsigned>(d.year), d.month, d.day);
  return out + 8;
}

// WriteMonthYear writes YYYYMM, YYYYMMDD (day given) or YYYYMMwW (week
// given); nullptr when invalid or both day and week are given.
inline char* WriteMonthYear(char* out, const MonthYear& my) noexcept {
  if (my.year < 0 || my.year > 9999 || my.month < 1 || my.month > 12) return nullptr;
  if (my.day != 0 && my.week != 0) return nullptr;
  if (my.day > DaysInMonth(my.year, my.month) || my.week > 5) return nullptr;
  WritePair(out, static_cast<unsigned>(my.year) / 100);
  WritePair(out + 2, static_cast<unsigned>(my.year) % 100);
  WritePair(out + 4, my.month);
  if (my.day != 0) {
    WritePair(out + 6, my.day);
    return out + 8;
  }
  if (my.week != 0) {
    out[6] = 'w';
    out[7] = static_cast<char>('0' + my.week);
    return out + 8;
  }
  return out + 6;
}

}  // namespace fixwire::encode_internal

#endif  // FIXWIRE_ENCODE_INTERNAL_FORMAT_TIME_H_
