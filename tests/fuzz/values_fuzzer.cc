// values_fuzzer.cc: every typed value parser of codec/values.h on arbitrary text,
// against references written here from the header's format list.
//
// Input: the text (all of it). Every parser runs on it, in an exact-size heap
// copy (ASan catches a read past the value). For each, the result code must be
// the reference's (kOk, kBadValue when the text is not of the type,
// kValueOutOfRange when it is but does not fit) and, on kOk, the value must be
// the reference's. The references are plain digit loops with 128-bit
// arithmetic and their own calendar (days from civil by counting years and
// months), so they share no code with the parsers.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/values.h"
#include "tests/fuzz/fuzz_support.h"

namespace fixwire::fuzz {
namespace {

using i128 = __int128;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool AllDigits(std::string_view s) {
  for (char c : s) {
    if (!IsDigit(c)) return false;
  }
  return true;
}
// Digits of s as a number, saturating at 10^30 (enough to see any overflow).
i128 Number(std::string_view s) {
  i128 v = 0;
  for (char c : s) {
    v = v * 10 + (c - '0');
    if (v > static_cast<i128>(1e30)) return static_cast<i128>(1e30);
  }
  return v;
}

void Expect(const char* parser, std::string_view text, ErrorCode want, ErrorCode got) {
  if (want != got) {
    PrintBytes(parser, text);
    std::fprintf(stderr, "want %s, got %s\n", std::string(ErrorCodeName(want)).c_str(),
                 std::string(ErrorCodeName(got)).c_str());
    FIXWIRE_FUZZ_CHECK(want == got);
  }
}

void CheckIntegers(std::string_view t) {
  // uint: digits only.
  ErrorCode want_u = ErrorCode::kBadValue;
  i128 u = 0;
  if (!t.empty() && AllDigits(t)) {
    u = Number(t);
    want_u = u <= static_cast<i128>(UINT64_MAX) ? ErrorCode::kOk : ErrorCode::kValueOutOfRange;
  }
  std::uint64_t got_u = 0;
  Expect("ParseUint64", t, want_u, ParseUint64(t, &got_u));
  if (want_u == ErrorCode::kOk) FIXWIRE_FUZZ_CHECK(static_cast<i128>(got_u) == u);

  // int: [-]digits.
  const bool negative = !t.empty() && t[0] == '-';
  const std::string_view digits = negative ? t.substr(1) : t;
  ErrorCode want_i = ErrorCode::kBadValue;
  i128 v = 0;
  if (!digits.empty() && AllDigits(digits)) {
    v = negative ? -Number(digits) : Number(digits);
    want_i = v >= INT64_MIN && v <= INT64_MAX ? ErrorCode::kOk : ErrorCode::kValueOutOfRange;
  }
  std::int64_t got_i = 0;
  Expect("ParseInt64", t, want_i, ParseInt64(t, &got_i));
  if (want_i == ErrorCode::kOk) FIXWIRE_FUZZ_CHECK(static_cast<i128>(got_i) == v);

  // char: one byte, never SOH (it could not be on the wire).
  char c = 0;
  const bool is_char = t.size() == 1 && t[0] != '\x01';
  Expect("ParseChar", t, is_char ? ErrorCode::kOk : ErrorCode::kBadValue, ParseChar(t, &c));
  if (is_char) FIXWIRE_FUZZ_CHECK(c == t[0]);
  bool b = false;
  const bool is_bool = t == "Y" || t == "N";
  Expect("ParseBool", t, is_bool ? ErrorCode::kOk : ErrorCode::kBadValue, ParseBool(t, &b));
  if (is_bool) FIXWIRE_FUZZ_CHECK(b == (t == "Y"));
}

void CheckDecimal(std::string_view t) {
  const bool negative = !t.empty() && t[0] == '-';
  std::string_view body = negative ? t.substr(1) : t;
  const std::size_t dot = body.find('.');
  const std::string_view int_part = body.substr(0, dot);
  const std::string_view frac_part = dot == std::string_view::npos ? std::string_view() : body.substr(dot + 1);
  const bool grammar = AllDigits(int_part) && AllDigits(frac_part) &&
                       (int_part.size() + frac_part.size()) > 0;
  Decimal d;
  const ErrorCode got = ParseDecimal(t, &d);
  if (!grammar) {
    Expect("ParseDecimal", t, ErrorCode::kBadValue, got);
    return;
  }
  std::string all(int_part);
  all += frac_part;
  const std::size_t first = all.find_first_not_of('0');
  const std::string significant = first == std::string::npos ? "" : all.substr(first);
  i128 mantissa = significant.size() > 19 ? static_cast<i128>(1e30) : Number(significant);
  if (negative) mantissa = -mantissa;
  const bool fits = significant.size() <= 19 && mantissa >= INT64_MIN && mantissa <= INT64_MAX;
  Expect("ParseDecimal", t, fits ? ErrorCode::kOk : ErrorCode::kValueOutOfRange, got);
  if (!fits) return;
  FIXWIRE_FUZZ_CHECK(static_cast<i128>(d.mantissa) == mantissa);
  FIXWIRE_FUZZ_CHECK(d.exponent == -static_cast<std::int32_t>(frac_part.size()));
  FIXWIRE_FUZZ_CHECK(d.Equivalent(d));
  if (d.mantissa > INT64_MIN / 10 && d.mantissa < INT64_MAX / 10 && d.exponent > INT32_MIN + 1) {
    FIXWIRE_FUZZ_CHECK(d.Equivalent(Decimal{d.mantissa * 10, d.exponent - 1}));
    FIXWIRE_FUZZ_CHECK(!d.Equivalent(Decimal{d.mantissa * 10 + 1, d.exponent - 1}));
  }
  // One correctly rounded operation is exact when both operands are: then
  // ToDouble must equal strtod (glibc's is correctly rounded).
  const std::int64_t m = d.mantissa;
  if (m > -(std::int64_t{1} << 53) && m < (std::int64_t{1} << 53) && d.exponent >= -22) {
    const std::string text(t);
    const double want = std::strtod(text.c_str(), nullptr);
    const double have = d.ToDouble();
    if (!(want == have)) {
      PrintBytes("ToDouble", t);
      std::fprintf(stderr, "strtod %.17g ToDouble %.17g\n", want, have);
      FIXWIRE_FUZZ_CHECK(want == have);
    }
  }
}

// The reference calendar: days from 1970-01-01, by whole years and months.
bool Leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
int MonthDays(int y, int m) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && Leap(y) ? 29 : kDays[m - 1];
}
i128 DaysSinceEpoch(int y, int m, int d) {
  i128 days = 0;
  // Whole 400-year cycles (146097 days each) first, so the loops stay short.
  int year = 1970;
  while (y - year >= 400) { days += 146097; year += 400; }
  while (year - y >= 400) { days -= 146097; year -= 400; }
  for (; year < y; ++year) days += Leap(year) ? 366 : 365;
  for (; year > y; --year) days -= Leap(year - 1) ? 366 : 365;
  for (int month = 1; month < m; ++month) days += MonthDays(y, month);
  return days + d - 1;
}

// "YYYYMMDD" -> a valid date, or nullopt.
std::optional<Date> RefDate(std::string_view s) {
  if (s.size() != 8 || !AllDigits(s)) return std::nullopt;
  const int y = static_cast<int>(Number(s.substr(0, 4)));
  const int m = static_cast<int>(Number(s.substr(4, 2)));
  const int d = static_cast<int>(Number(s.substr(6, 2)));
  if (m < 1 || m > 12 || d < 1 || d > MonthDays(y, m)) return std::nullopt;
  return Date{static_cast<std::int16_t>(y), static_cast<std::uint8_t>(m), static_cast<std::uint8_t>(d)};
}

// "HH:MM:SS[.f{3,6,9,12}]" -> nanoseconds since midnight, or nullopt.
std::optional<i128> RefTimeOfDay(std::string_view s) {
  if (s.size() < 8 || s[2] != ':' || s[5] != ':') return std::nullopt;
  const std::string_view hh = s.substr(0, 2), mm = s.substr(3, 2), ss = s.substr(6, 2);
  if (!AllDigits(hh) || !AllDigits(mm) || !AllDigits(ss)) return std::nullopt;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 60) return std::nullopt;
  i128 nanos = ((Number(hh) * 60 + Number(mm)) * 60 + Number(ss)) * 1'000'000'000;
  if (s.size() == 8) return nanos;
  const std::string_view frac = s.substr(9);
  if (s[8] != '.' || !AllDigits(frac)) return std::nullopt;
  if (frac.size() != 3 && frac.size() != 6 && frac.size() != 9 && frac.size() != 12) return std::nullopt;
  std::string nine(frac.substr(0, 9));
  nine.resize(9, '0');
  return nanos + Number(nine);
}

void CheckTimes(std::string_view t) {
  // UTCTimestamp.
  std::optional<i128> want_ts;
  if (t.size() >= 17 && t[8] == '-') {
    const std::optional<Date> date = RefDate(t.substr(0, 8));
    const std::optional<i128> tod = RefTimeOfDay(t.substr(9));
    if (date && tod) want_ts = DaysSinceEpoch(date->year, date->month, date->day) * 86'400'000'000'000 + *tod;
  }
  std::int64_t ts = 0;
  const ErrorCode got_ts = ParseUtcTimestamp(t, &ts);
  if (!want_ts) {
    Expect("ParseUtcTimestamp", t, ErrorCode::kBadValue, got_ts);
  } else {
    const bool fits = *want_ts >= INT64_MIN && *want_ts <= INT64_MAX;
    Expect("ParseUtcTimestamp", t, fits ? ErrorCode::kOk : ErrorCode::kValueOutOfRange, got_ts);
    if (fits) FIXWIRE_FUZZ_CHECK(static_cast<i128>(ts) == *want_ts);
  }
  // UTCTimeOnly.
  const std::optional<i128> want_tod = RefTimeOfDay(t);
  std::int64_t tod = 0;
  Expect("ParseUtcTimeOnly", t, want_tod ? ErrorCode::kOk : ErrorCode::kBadValue, ParseUtcTimeOnly(t, &tod));
  if (want_tod) FIXWIRE_FUZZ_CHECK(static_cast<i128>(tod) == *want_tod);
  // UTCDateOnly, LocalMktDate.
  const std::optional<Date> want_date = RefDate(t);
  Date date;
  Expect("ParseUtcDateOnly", t, want_date ? ErrorCode::kOk : ErrorCode::kBadValue, ParseUtcDateOnly(t, &date));
  if (want_date) FIXWIRE_FUZZ_CHECK(date == *want_date);
  Expect("ParseLocalMktDate", t, want_date ? ErrorCode::kOk : ErrorCode::kBadValue, ParseLocalMktDate(t, &date));
  if (want_date) FIXWIRE_FUZZ_CHECK(date == *want_date);
  // MonthYear: YYYYMM, YYYYMMDD, YYYYMMwW.
  std::optional<MonthYear> want_my;
  if ((t.size() == 6 || t.size() == 8) && AllDigits(t.substr(0, 6))) {
    const int y = static_cast<int>(Number(t.substr(0, 4)));
    const int m = static_cast<int>(Number(t.substr(4, 2)));
    if (m >= 1 && m <= 12) {
      MonthYear my{static_cast<std::int16_t>(y), static_cast<std::uint8_t>(m), 0, 0};
      if (t.size() == 6) {
        want_my = my;
      } else if (t[6] == 'w' && t[7] >= '1' && t[7] <= '5') {
        my.week = static_cast<std::uint8_t>(t[7] - '0');
        want_my = my;
      } else if (AllDigits(t.substr(6, 2))) {
        const int d = static_cast<int>(Number(t.substr(6, 2)));
        if (d >= 1 && d <= MonthDays(y, m)) {
          my.day = static_cast<std::uint8_t>(d);
          want_my = my;
        }
      }
    }
  }
  MonthYear my;
  Expect("ParseMonthYear", t, want_my ? ErrorCode::kOk : ErrorCode::kBadValue, ParseMonthYear(t, &my));
  if (want_my) FIXWIRE_FUZZ_CHECK(my == *want_my);
}

void CheckMultipleValues(std::string_view t) {
  // Tokens split at every single space; an empty text has none.
  std::size_t count = 0;
  bool all_nonempty = true;
  bool all_one_byte = true;
  if (!t.empty()) {
    std::size_t start = 0;
    for (;;) {
      const std::size_t space = t.find(' ', start);
      const std::string_view token = t.substr(start, space == std::string_view::npos ? t.npos : space - start);
      ++count;
      all_nonempty = all_nonempty && !token.empty();
      all_one_byte = all_one_byte && token.size() == 1;
      if (space == std::string_view::npos) break;
      start = space + 1;
    }
  }
  const MultipleValues values(t);
  FIXWIRE_FUZZ_CHECK(values.size() == count);
  std::size_t seen = 0;
  std::string joined;
  for (std::string_view token : values) {
    if (seen++ != 0) joined += ' ';
    joined += token;
    FIXWIRE_FUZZ_CHECK(seen <= count);
  }
  FIXWIRE_FUZZ_CHECK(seen == count);
  FIXWIRE_FUZZ_CHECK(joined == t);
  const bool soh = t.find('\x01') != std::string_view::npos;
  const bool valid_string = count > 0 && all_nonempty && !soh;
  Expect("ValidateMultipleStringValue", t, valid_string ? ErrorCode::kOk : ErrorCode::kBadValue,
         ValidateMultipleStringValue(t));
  Expect("ValidateMultipleCharValue", t,
         valid_string && all_one_byte ? ErrorCode::kOk : ErrorCode::kBadValue,
         ValidateMultipleCharValue(t));
}

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::unique_ptr<char[]> copy(new char[size]);
  if (size != 0) std::memcpy(copy.get(), data, size);
  const std::string_view text(copy.get(), size);
  fixwire::fuzz::CheckIntegers(text);
  fixwire::fuzz::CheckDecimal(text);
  fixwire::fuzz::CheckTimes(text);
  fixwire::fuzz::CheckMultipleValues(text);
  return 0;
}
