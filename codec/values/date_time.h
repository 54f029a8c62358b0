// date_time.h: the value types of FIX dates and times.
//
// UTCTimestamp values are int64 nanoseconds since 1970-01-01T00:00:00Z
// (leap second :60 is accepted when parsing and counted as the next second's
// start, as the FIX specification allows it only as a representation).
// UTCTimeOnly values are int64 nanoseconds since midnight. UTCDateOnly and
// LocalMktDate are Date; MonthYear is MonthYear. Plain value types.
#ifndef FIXWIRE_VALUES_DATE_TIME_H_
#define FIXWIRE_VALUES_DATE_TIME_H_

#include <cstdint>

namespace fixwire {

inline constexpr std::int64_t kNanosPerSecond = 1'000'000'000;
inline constexpr std::int64_t kNanosPerDay = 86'400 * kNanosPerSecond;

// Date is a calendar date (UTCDateOnly "YYYYMMDD", LocalMktDate "YYYYMMDD").
struct Date {
  std::int16_t year = 1970;  // 0..9999
  std::uint8_t month = 1;    // 1..12
  std::uint8_t day = 1;      // 1..31, valid for the month
  friend constexpr bool operator==(const Date&, const Date&) = default;
};

// MonthYear is "YYYYMM", "YYYYMMDD" or "YYYYMMwW" (week 1..5).
struct MonthYear {
  std::int16_t year = 1970;
  std::uint8_t month = 1;
  std::uint8_t day = 0;   // 1..31 when given, else 0
  std::uint8_t week = 0;  // 1..5 when given ("w2"), else 0
  friend constexpr bool operator==(const MonthYear&, const MonthYear&) = default;
};

// Precision of a formatted UTCTimestamp / UTCTimeOnly: digits after the seconds.
enum class TimePrecision : std::uint8_t {
  kSeconds = 0,
  kMillis = 3,
  kMicros = 6,
  kNanos = 9,
  kPicos = 12,  // parsed (digits past nanoseconds are dropped); formatted as nanos * 1000
};

}  // namespace fixwire

#endif  // FIXWIRE_VALUES_DATE_TIME_H_
