// values.cc: the FIX value parsers of values.h.
#include "fixwire/values/values.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>

#include "fixwire/simd/timestamp_lanes.h"

#include "fixwire/simd/digits.h"

namespace fixwire {
namespace {

constexpr std::uint64_t kInt64Max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

// Digits reads n ASCII digits at p into *out; false if any byte is not a digit.
inline bool Digits(const char* p, int n, unsigned* out) noexcept {
  unsigned v = 0;
  for (int i = 0; i < n; ++i) {
    const unsigned d = static_cast<unsigned char>(p[i]) - static_cast<unsigned>('0');
    if (d > 9) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

constexpr bool IsLeapYear(unsigned y) noexcept {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

// A table in read-only data (a local constexpr array is built on the stack at every call).
constexpr unsigned char kDaysInMonth[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

constexpr unsigned DaysInMonth(unsigned y, unsigned m) noexcept {
  return m == 2 && IsLeapYear(y) ? 29 : kDaysInMonth[m - 1];
}

// ParseYmd parses "YYYYMMDD" at p (8 bytes) as a valid calendar date.
inline bool ParseYmd(const char* p, unsigned* y, unsigned* m, unsigned* d) noexcept {
  if (!Digits(p, 4, y) || !Digits(p + 4, 2, m) || !Digits(p + 6, 2, d)) return false;
  if (*m < 1 || *m > 12) return false;
  return *d >= 1 && *d <= DaysInMonth(*y, *m);
}

// ParseTimeOfDay parses "HH:MM:SS[.f{3,6,9,12}]" (exactly `size` bytes) to
// nanoseconds since midnight.
ErrorCode ParseTimeOfDay(const char* p, std::size_t size, std::int64_t* nanos) noexcept {
  if (size < 8 || p[2] != ':' || p[5] != ':') return ErrorCode::kBadValue;
  unsigned hh, mm, ss;
  if (!Digits(p, 2, &hh) || !Digits(p + 3, 2, &mm) || !Digits(p + 6, 2, &ss)) {
    return ErrorCode::kBadValue;
  }
  if (hh > 23 || mm > 59 || ss > 60) return ErrorCode::kBadValue;
  std::int64_t fraction = 0;
  if (size > 8) {
    const std::size_t width = size - 9;
    if (p[8] != '.' || (width != 3 && width != 6 && width != 9 && width != 12)) {
      return ErrorCode::kBadValue;
    }
    const std::size_t used = width > 9 ? 9 : width;  // picoseconds: keep 9 digits
    std::uint64_t digits;
    if (!simd::ParseUnsigned(p + 9, used, &digits)) return ErrorCode::kBadValue;
    if (width > 9 && !simd::AllDigits(p + 18, width - 9)) return ErrorCode::kBadValue;
    static constexpr std::int64_t kScale[10] = {1000000000, 100000000, 10000000, 1000000, 100000,
                                                10000,      1000,      100,      10,      1};
    fraction = static_cast<std::int64_t>(digits) * kScale[used];
  }
  *nanos = (static_cast<std::int64_t>(hh) * 3600 + mm * 60 + ss) * kNanosPerSecond + fraction;
  return ErrorCode::kOk;
}

using simd::Load8;

// DigitPairs checks that the 8 bytes of w are ASCII digits and returns, in
// byte k, digit k * 10 + digit k + 1 (0..99, for k = 0..6); ~0 when one is not a digit.
inline std::uint64_t DigitPairs(std::uint64_t w) noexcept {
  const std::uint64_t x = w - 0x3030303030303030ull;
  // Zero only when every byte is a digit (the first non-digit is always flagged).
  if (((x | (x + 0x7676767676767676ull)) & 0x8080808080808080ull) != 0) return ~std::uint64_t{0};
  return x * 10 + (x >> 8);  // each byte at most 9 * 10 + 9: no carries
}

// ReadMillis reads ".sss" (exactly the 4 bytes at p) into nanoseconds; false
// unless a dot and three digits.
inline bool ReadMillis(const char* p, std::int64_t* nanos) noexcept {
  std::uint32_t w;
  std::memcpy(&w, p, 4);
  const std::uint32_t x = (w >> 8) - 0x303030u;  // each byte - '0' must be 0..9, exact per byte
  if ((w & 0xff) != '.' || ((x | (x + 0x767676u)) & 0x808080u) != 0) return false;
  *nanos = static_cast<std::int64_t>((x & 0xff) * 100 + ((x >> 8) & 0xff) * 10 + (x >> 16)) * 1000000;
  return true;
}

// IsFastTimestampSize: the sizes of the UTCTimestamp shapes the common path
// reads: "YYYYMMDD-HH:MM:SS" (17) and with 3, 6 or 9 fraction digits (21, 24, 27).
constexpr bool IsFastTimestampSize(std::size_t n) noexcept {
  constexpr std::uint32_t kSizes = 1u << 17 | 1u << 21 | 1u << 24 | 1u << 27;
  return n < 32 && ((kSizes >> n) & 1) != 0;
}

// ReadFraction reads the fraction of a UTCTimestamp of size n = 24 or 27
// (".ffffff" or ".fffffffff" at p + 17, the text's end at p + n) into
// nanoseconds; false unless a dot and exactly those digits (size 21 is
// MillisTimestampLanes' or ReadMillis'). The text's last 8 bytes hold the
// last min(k, 8) of the k = n - 18 digits in their top lanes: the lanes
// below are masked to 0 (leading zeros, and nothing to borrow from), the
// lanes checked and summed as one SWAR number; the ninth digit of 27 (p[18])
// is read on its own.
inline bool ReadFraction(const char* p, std::size_t n, std::int64_t* nanos) noexcept {
  const std::uint64_t keep = n == 24 ? ~std::uint64_t{0} << 16 : ~std::uint64_t{0};
  const std::uint64_t v = (Load8(p + n - 8) & keep) - (simd::kAsciiZeros & keep);
  const unsigned first = n == 27 ? static_cast<unsigned char>(p[18]) - unsigned{'0'} : 0;
  if (p[17] != '.' || !simd::AreEightDigitValues(v) || first > 9) return false;
  const std::int64_t digits = std::int64_t{first} * 100'000'000 + simd::EightDigitValue(v);
  *nanos = n == 24 ? digits * 1000 : digits;
  return true;
}

// TimestampDigits: the numbers of "YYYYMMDD-HH:MM:SS" or
// "YYYYMMDD-HH:MM:SS.sss" as ReadTimestampDigits reads them: every digit
// checked, no range checked (month 0..99 etc.).
struct TimestampDigits {
  unsigned year, month, day, hh, mm, ss;
  std::int64_t fraction_nanos;  // the ".sss" milliseconds in nanoseconds, 0 without them
};

// ReadTimestampDigits reads the common UTCTimestamp forms (size 17 or 21).
// Returns false when the text has another size or shape, or a non-digit.
[[gnu::always_inline]] inline bool ReadTimestampDigits(std::string_view text,
                                                       TimestampDigits* out) noexcept {
  const std::size_t n = text.size();
  if (n != 17 && n != 21) return false;
  const char* const p = text.data();
  const std::uint64_t date = DigitPairs(Load8(p));
  // "HH:MM:SS" with the colons read as '0', so that the pairs are at bytes 0, 3, 6.
  const std::uint64_t raw = Load8(p + 9);
  constexpr std::uint64_t kColons = 0x00003A00003A0000ull;
  constexpr std::uint64_t kColonBytes = 0x0000FF0000FF0000ull;
  if (p[8] != '-' || (raw & kColonBytes) != kColons || date == ~std::uint64_t{0}) return false;
  const std::uint64_t time = DigitPairs((raw & ~kColonBytes) | 0x0000300000300000ull);
  if (time == ~std::uint64_t{0}) return false;
  out->fraction_nanos = 0;
  if (n == 21 && !ReadMillis(p + 17, &out->fraction_nanos)) return false;
  out->year = static_cast<unsigned>(date & 0xff) * 100 + static_cast<unsigned>((date >> 16) & 0xff);
  out->month = (date >> 32) & 0xff;
  out->day = (date >> 48) & 0xff;
  out->hh = time & 0xff;
  out->mm = (time >> 24) & 0xff;
  out->ss = (time >> 48) & 0xff;
  return true;
}

// FastTimestamp reads "YYYYMMDD-HH:MM:SS" with no fraction or 3 fraction
// digits (size 17 or 21), the common forms. Returns true with the date and
// time of day only when the text is valid; false means "ask the general path".
inline bool FastTimestamp(std::string_view text, unsigned* y, unsigned* m, unsigned* d,
                          std::int64_t* time_of_day) noexcept {
  TimestampDigits t;
  if (!ReadTimestampDigits(text, &t)) return false;
  if (t.month < 1 || t.month > 12 || t.day < 1 || t.day > DaysInMonth(t.year, t.month) ||
      t.hh > 23 || t.mm > 59 || t.ss > 60) {
    return false;
  }
  *y = t.year;
  *m = t.month;
  *d = t.day;
  *time_of_day =
      (static_cast<std::int64_t>(t.hh) * 3600 + t.mm * 60 + t.ss) * kNanosPerSecond + t.fraction_nanos;
  return true;
}

ErrorCode ParseDate(std::string_view text, Date* out) noexcept {
  unsigned y, m, d;
  if (text.size() != 8 || !ParseYmd(text.data(), &y, &m, &d)) return ErrorCode::kBadValue;
  out->year = static_cast<std::int16_t>(y);
  out->month = static_cast<std::uint8_t>(m);
  out->day = static_cast<std::uint8_t>(d);
  return ErrorCode::kOk;
}

}  // namespace

namespace values_internal {

ErrorCode ParseUint64Long(std::string_view text, std::uint64_t* out) noexcept {
  if (text.empty()) return ErrorCode::kBadValue;
  if (text.size() > simd::kMaxUint64Digits) {
    // Leading zeros may make a valid number longer than 20 bytes.
    while (text.size() > 1 && text[0] == '0') text.remove_prefix(1);
  }
  if (text.size() <= simd::kMaxUint64Digits && simd::ParseUnsigned(text.data(), text.size(), out)) {
    return ErrorCode::kOk;
  }
  return simd::AllDigits(text.data(), text.size()) ? ErrorCode::kValueOutOfRange
                                                   : ErrorCode::kBadValue;
}

namespace {

// SignedInt64 is ParseInt64 for every input: the sign, then ParseUint64.
[[gnu::noinline]] ErrorCode SignedInt64(std::string_view text, std::int64_t* out) noexcept {
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  std::uint64_t magnitude;
  const ErrorCode code = ParseUint64(text, &magnitude);
  if (code != ErrorCode::kOk) return code;
  if (magnitude > kInt64Max + (negative ? 1 : 0)) return ErrorCode::kValueOutOfRange;
  *out = negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
  return ErrorCode::kOk;
}

}  // namespace

// 5..8 digits without a sign in one step, in a function of its own (no
// registers saved for the general path).
ErrorCode ParseInt64Long(std::string_view text, std::int64_t* out) noexcept {
  if (std::uint64_t v; text.size() - 5 < 4 && simd::ParseUnsigned(text.data(), text.size(), &v)) {
    *out = static_cast<std::int64_t>(v);
    return ErrorCode::kOk;
  }
  return SignedInt64(text, out);
}

}  // namespace values_internal

namespace {

// GeneralDecimal is ParseDecimal for every input: one pass over the bytes.
[[gnu::noinline]] ErrorCode GeneralDecimal(std::string_view text, Decimal* out) noexcept {
  const char* p = text.data();
  const char* const end = p + text.size();
  if (text.size() > 0x7fffffff) return ErrorCode::kValueOutOfRange;
  const bool negative = p != end && *p == '-';
  if (negative) ++p;
  std::uint64_t mantissa = 0;
  int significant = 0;
  int fraction_digits = 0;
  bool any_digit = false;
  bool dot = false;
  bool too_many = false;
  for (; p != end; ++p) {
    const unsigned d = static_cast<unsigned char>(*p) - static_cast<unsigned>('0');
    if (d <= 9) {
      any_digit = true;
      fraction_digits += dot ? 1 : 0;
      if (mantissa == 0 && d == 0) continue;  // a leading zero adds no significant digit
      if (++significant > 19) {
        too_many = true;
        continue;
      }
      mantissa = mantissa * 10 + d;
    } else if (*p == '.' && !dot) {
      dot = true;
    } else {
      return ErrorCode::kBadValue;
    }
  }
  if (!any_digit) return ErrorCode::kBadValue;
  if (too_many || mantissa > kInt64Max + (negative ? 1 : 0)) return ErrorCode::kValueOutOfRange;
  out->mantissa =
      negative ? static_cast<std::int64_t>(0 - mantissa) : static_cast<std::int64_t>(mantissa);
  out->exponent = -fraction_digits;
  return ErrorCode::kOk;
}

using values_internal::DotLanes;

// FirstDot returns the index of the first '.' in p[0..n) (n is 1..16), n when
// there is none. Reads exactly p[0..n): one load, or two overlapping ones.
inline std::size_t FirstDot(const char* p, std::size_t n) noexcept {
  std::uint64_t m = DotLanes(n >= 8 ? simd::Load8(p) : simd::LoadPartial(p, n));
  if (m != 0) return static_cast<std::size_t>(__builtin_ctzll(m)) / 8;
  if (n <= 8) return n;
  m = DotLanes(simd::Load8(p + n - 8));  // its bytes below p + 8 hold no '.'
  return m != 0 ? n - 8 + static_cast<std::size_t>(__builtin_ctzll(m)) / 8 : n;
}

// LongerDecimal is ParseDecimal for 9..16 bytes after the sign (n): digits
// with at most one dot are at most 16 digits, so no overflow and at most 16
// significant digits: the value is the integer part times 10^(fraction
// digits) plus the fraction, each parsed by simd::ParseUnsigned. Anything
// else (and every error) takes the general pass.
[[gnu::noinline]] ErrorCode LongerDecimal(std::string_view text, bool negative, const char* p,
                                          std::size_t n, Decimal* out) noexcept {
  const std::size_t dot = FirstDot(p, n);
  const std::size_t fraction_digits = dot < n ? n - dot - 1 : 0;
  std::uint64_t integer = 0;
  std::uint64_t fraction = 0;
  if ((dot == 0 || simd::ParseUnsigned(p, dot, &integer)) &&
      (fraction_digits == 0 || simd::ParseUnsigned(p + dot + 1, fraction_digits, &fraction))) {
    const std::uint64_t mantissa = integer * simd::kPowersOf10[fraction_digits] + fraction;
    out->mantissa = negative ? static_cast<std::int64_t>(0 - mantissa) : static_cast<std::int64_t>(mantissa);
    out->exponent = -static_cast<std::int32_t>(fraction_digits);
    return ErrorCode::kOk;
  }
  return GeneralDecimal(text, out);
}

}  // namespace

// Every input the inline ParseDecimal (values.h) does not finish: 9..16
// bytes after the sign take LongerDecimal, the rest (and every error) the
// general pass.
ErrorCode values_internal::ParseDecimalLong(std::string_view text, Decimal* out) noexcept {
  const bool negative = !text.empty() && text[0] == '-';
  const char* const p = text.data() + (negative ? 1 : 0);
  const std::size_t n = text.size() - (negative ? 1 : 0);
  if (n - 9 < 8) return LongerDecimal(text, negative, p, n, out);
  return GeneralDecimal(text, out);
}

std::int64_t DaysFromCivil(std::int64_t year, unsigned month, unsigned day) noexcept {
  // Count from 0000-03-01 so the leap day is the last day of the counted year.
  const std::int64_t y = year - (month <= 2 ? 1 : 0);
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t year_of_era = y - era * 400;                                   // 0..399
  const unsigned shifted_month = month > 2 ? month - 3 : month + 9;                 // Mar = 0
  const std::int64_t day_of_year = (153 * shifted_month + 2) / 5 + day - 1;         // 0..365
  const std::int64_t day_of_era =
      year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;      // 0..146096
  return era * 146097 + day_of_era - 719468;  // 719468: days from 0000-03-01 to 1970-01-01
}

namespace {

// kDaysBeforeMonth[m - 1]: days of a common year before month m.
constexpr std::uint16_t kDaysBeforeMonth[12] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};

// CommonUtcTimestamp is ParseUtcTimestamp for its most common input:
// "YYYYMMDD-HH:MM:SS" with no fraction or 3, 6 or 9 fraction digits (sizes
// 17, 21, 24, 27) in 1970..2099 (where every fourth year is a leap year).
// Returns true with *nanos only for a valid
// timestamp of that shape; false means "ask the general parser", never an error.
// Small and separate, so the common case does not pay for the general one's registers.
#if defined(FIXWIRE_HAVE_TIMESTAMP_LANES)
// SSE2 (part of baseline x86-64). Size 21 (milliseconds, the most common):
// MillisTimestampLanes, two 16-byte loads, text[0..16) and text[5..21), which
// cover the ".fff" too. Sizes 17, 24, 27: TimestampLanes, two 16-byte loads,
// text[0..16) and text[1..17), then for 24 and 27 ReadFraction. Both lane
// functions check every byte's shape and the month's, hours', minutes' and
// seconds' upper bounds lane-wise; multiply-adds sum the year, the seconds of
// day (and the milliseconds). The month's first day and length come from one
// table entry per (year in the 4-year cycle, month).

// The byte each position of text[5..21) ("MDD-HH:MM:SS.fff") must hold, as
// kTimestampExpectAt0 (timestamp_lanes.h) for text[0..16).
alignas(16) constexpr char kMillisExpectAt5[16] = {'0', '0', '0', '-', '0', '0', ':', '0',
                                                   '0', ':', '0', '0', '.', '0', '0', '0'};

// MillisTimestampLanes reads "YYYYMMDD-HH:MM:SS.fff" at p[0, 21) (the caller
// has checked that the text is at least 21 bytes long). Returns the 32-bit
// lanes year, milliseconds, hours * 3600, minutes * 60 + seconds; *month_day
// gets 16-bit lanes whose lanes 2 and 3 are the month and the day (0..99);
// *bad a vector that is zero exactly when every byte has its shape (digits,
// '-' at 8, ':' at 11 and 14, '.' at 17) and month <= 12, hours <= 23,
// minutes <= 59, seconds <= 60.
[[gnu::always_inline]] inline __m128i MillisTimestampLanes(const char* p, __m128i* month_day,
                                                           __m128i* bad) noexcept {
  // Each byte minus what it must be (see TimestampLanes): x0 is text[0..16), x5 text[5..21).
  const __m128i x0 = _mm_sub_epi8(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
      _mm_load_si128(reinterpret_cast<const __m128i*>(simd::kTimestampExpectAt0)));
  const __m128i x5 =
      _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 5)),
                   _mm_load_si128(reinterpret_cast<const __m128i*>(kMillisExpectAt5)));
  const __m128i digit_limit0 = _mm_setr_epi8(9, 9, 9, 9, 9, 9, 9, 9, 0, 9, 9, 0, 9, 9, 0, 9);
  const __m128i digit_limit5 = _mm_setr_epi8(9, 9, 9, 0, 9, 9, 0, 9, 9, 0, 9, 9, 0, 9, 9, 9);
  const __m128i shape =
      _mm_or_si128(_mm_subs_epu8(x0, digit_limit0), _mm_subs_epu8(x5, digit_limit5));
  // 16-bit lanes of 10 * first + second digit. From x0: century, year of
  // century, month, day at lanes 0..3, minutes at 6. From x5 (byte k is
  // text[k + 5]): hours at 2, seconds at 5, the first fraction digit at 6
  // (after the '.', which reads as 0), the second and third at 7.
  const __m128i ten = _mm_set1_epi16(10);
  const __m128i low_byte = _mm_set1_epi16(0xFF);
  const __m128i n0 =
      _mm_and_si128(_mm_add_epi16(_mm_mullo_epi16(x0, ten), _mm_srli_epi16(x0, 8)), low_byte);
  const __m128i n5 =
      _mm_and_si128(_mm_add_epi16(_mm_mullo_epi16(x5, ten), _mm_srli_epi16(x5, 8)), low_byte);
  *bad = _mm_or_si128(
      _mm_or_si128(shape, _mm_subs_epu16(n0, _mm_setr_epi16(-1, -1, 12, -1, -1, -1, 59, -1))),
      _mm_subs_epu16(n5, _mm_setr_epi16(-1, -1, 23, -1, -1, 60, -1, -1)));
  *month_day = n0;
  // 32-bit lanes year, 0, 0, minutes * 60 plus (moved into place) 0,
  // milliseconds, hours * 3600, seconds.
  const __m128i date_sums = _mm_madd_epi16(n0, _mm_setr_epi16(100, 1, 0, 0, 0, 0, 60, 0));
  const __m128i time_sums = _mm_madd_epi16(n5, _mm_setr_epi16(0, 0, 3600, 0, 0, 1, 100, 1));
  return _mm_add_epi32(date_sums, _mm_shuffle_epi32(time_sums, _MM_SHUFFLE(2, 1, 3, 0)));
}

// kCycleMonths[r * 16 + m], r = (year - 1970) % 4 (r = 2 is the leap year),
// m = 1..12: the days from the cycle's first day to the month's first day
// (low 16 bits) and the month's length (bits 16..23); 0 for m = 0 and 13..15,
// so that every day of those fails the day check.
constexpr std::array<std::uint32_t, 64> kCycleMonths = [] {
  std::array<std::uint32_t, 64> t{};
  unsigned before = 0;
  for (unsigned r = 0; r < 4; ++r) {
    for (unsigned m = 1; m <= 12; ++m) {
      const unsigned length = m == 2 && r == 2 ? 29u : kDaysInMonth[m - 1];
      t[r * 16 + m] = before | length << 16;
      before += length;
    }
  }
  return t;
}();
static_assert((kCycleMonths[3 * 16 + 12] & 0xFFFF) + 31 == 1461);  // four years

inline bool CommonUtcTimestamp(std::string_view text, std::int64_t* nanos) noexcept {
  const std::size_t n = text.size();
  const char* const p = text.data();
  // (The digits and separators, and the upper bounds of the month, hours,
  // minutes and seconds; the month's lower bound is the table's, below.)
  __m128i bad;
  __m128i numbers;  // 16-bit lanes 2 and 3: month and day
  __m128i sums;     // 32-bit lanes: year, milliseconds, two parts of the seconds of day
  if (n == 21) [[likely]] {  // the most common size first
    sums = MillisTimestampLanes(p, &numbers, &bad);
  } else {
    if (!IsFastTimestampSize(n)) return false;
    numbers = simd::TimestampLanes(p, &bad);
    // year, 0, hours * 3600, minutes * 60 + seconds.
    sums = _mm_madd_epi16(numbers, _mm_setr_epi16(100, 1, 0, 0, 3600, 0, 60, 1));
  }
  if (!simd::AllZero(bad)) return false;
  const auto date_sums = static_cast<std::uint64_t>(_mm_cvtsi128_si64(sums));
  const auto time_sums = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  const unsigned years = static_cast<unsigned>(date_sums) - 1970;  // wraps below 1970
  const auto month = static_cast<unsigned>(_mm_extract_epi16(numbers, 2));  // 0..12
  const auto day = static_cast<unsigned>(_mm_extract_epi16(numbers, 3));
  if (years > 2099 - 1970) return false;
  const std::uint32_t entry = kCycleMonths[(years & 3) * 16 + month];
  if (day - 1 >= entry >> 16) return false;  // day 0 wraps
  // 21: the milliseconds; 24 and 27: their whole fraction.
  std::int64_t fraction = static_cast<std::int64_t>(date_sums >> 32) * 1'000'000;
  if (n > 21 && !ReadFraction(p, n, &fraction)) return false;
  // Whole 4-year cycles, the days before the month in the cycle, the day: at
  // most 47,846 days, no overflow in nanoseconds.
  const unsigned days = (years >> 2) * 1461 + (entry & 0xFFFF) + day - 1;
  const std::uint64_t seconds_of_day = (time_sums & 0xFFFFFFFF) + (time_sums >> 32);
  *nanos = static_cast<std::int64_t>(std::uint64_t{days} * 86400 + seconds_of_day) * kNanosPerSecond +
           fraction;
  return true;
}
#else
inline bool CommonUtcTimestamp(std::string_view text, std::int64_t* nanos) noexcept {
  TimestampDigits t;
  if (!ReadTimestampDigits(text, &t)) return false;
  const unsigned years = t.year - 1970;  // wraps below 1970
  const unsigned month = t.month, day = t.day, hh = t.hh, mm = t.mm, ss = t.ss;
  if (years > 2099 - 1970 || month - 1 > 11 || hh > 23 || mm > 59 || ss > 60) return false;
  const bool leap = (years + 2) % 4 == 0;  // 1972 is
  if (day - 1 >= kDaysInMonth[month - 1] + (month == 2 && leap ? 1u : 0u)) return false;
  const std::int64_t fraction = t.fraction_nanos;
  // Whole years, their leap days, the month's first day, the day: at most
  // 47,846 days, no overflow in nanoseconds.
  const unsigned days = years * 365 + (years + 1) / 4 + kDaysBeforeMonth[month - 1] +
                        (month > 2 && leap ? 1u : 0u) + day - 1;
  *nanos = static_cast<std::int64_t>(days) * kNanosPerDay +
           (static_cast<std::int64_t>(hh) * 3600 + mm * 60 + ss) * kNanosPerSecond + fraction;
  return true;
}
#endif

}  // namespace

// Aligned to a 64-byte line: its inlined common path is ~90 instructions
// that run on every typed read of a timestamp, and placed mid-line by the
// link it costs decode_read/NewOrderSingle (two timestamps) ~20%.
__attribute__((aligned(64))) ErrorCode ParseUtcTimestamp(std::string_view text, std::int64_t* nanos) noexcept {
  if (CommonUtcTimestamp(text, nanos)) [[likely]] return ErrorCode::kOk;
  return values_internal::GeneralUtcTimestamp(text, nanos);
}

[[gnu::noinline]] ErrorCode values_internal::GeneralUtcTimestamp(std::string_view text,
                                                                 std::int64_t* nanos) noexcept {
  const char* p = text.data();
  unsigned y, m, d;
  std::int64_t time_of_day;
  if (!FastTimestamp(text, &y, &m, &d, &time_of_day)) {
    if (text.size() < 17 || p[8] != '-') return ErrorCode::kBadValue;
    if (!ParseYmd(p, &y, &m, &d)) return ErrorCode::kBadValue;
    const ErrorCode code = ParseTimeOfDay(p + 9, text.size() - 9, &time_of_day);
    if (code != ErrorCode::kOk) return code;
  }
  if (y >= 1970 && y <= 2099) [[likely]] {
    // Every fourth year is a leap year here (2000 is one, by the 400 rule):
    // whole years, their leap days, the month's first day, the day. At most
    // 47,846 days: no overflow in nanoseconds.
    const unsigned years = y - 1970;
    const unsigned days = years * 365 + (years + 1) / 4 + kDaysBeforeMonth[m - 1] +
                          (m > 2 && y % 4 == 0 ? 1 : 0) + d - 1;
    *nanos = static_cast<std::int64_t>(days) * kNanosPerDay + time_of_day;
    return ErrorCode::kOk;
  }
  const std::int64_t days = DaysFromCivil(y, m, d);
  // Before 1970, multiply days + 1 and add a negative time of day: the first
  // day of the int64 range (1677-09-21) starts below INT64_MIN, its end does not.
  const std::int64_t whole_days = days < 0 ? days + 1 : days;
  const std::int64_t rest = days < 0 ? time_of_day - kNanosPerDay : time_of_day;
  std::int64_t result;
  if (__builtin_mul_overflow(whole_days, kNanosPerDay, &result) ||
      __builtin_add_overflow(result, rest, &result)) {
    return ErrorCode::kValueOutOfRange;
  }
  *nanos = result;
  return ErrorCode::kOk;
}

ErrorCode ParseUtcTimeOnly(std::string_view text, std::int64_t* nanos) noexcept {
  return ParseTimeOfDay(text.data(), text.size(), nanos);
}

ErrorCode ParseUtcDateOnly(std::string_view text, Date* out) noexcept {
  return ParseDate(text, out);
}

ErrorCode ParseLocalMktDate(std::string_view text, Date* out) noexcept {
  return ParseDate(text, out);
}

ErrorCode ParseMonthYear(std::string_view text, MonthYear* out) noexcept {
  const char* p = text.data();
  unsigned y, m;
  if ((text.size() != 6 && text.size() != 8) || !Digits(p, 4, &y) || !Digits(p + 4, 2, &m) ||
      m < 1 || m > 12) {
    return ErrorCode::kBadValue;
  }
  MonthYear result;
  result.year = static_cast<std::int16_t>(y);
  result.month = static_cast<std::uint8_t>(m);
  if (text.size() == 8) {
    unsigned v;
    if (p[6] == 'w') {
      if (!Digits(p + 7, 1, &v) || v < 1 || v > 5) return ErrorCode::kBadValue;
      result.week = static_cast<std::uint8_t>(v);
    } else {
      if (!Digits(p + 6, 2, &v) || v < 1 || v > DaysInMonth(y, m)) return ErrorCode::kBadValue;
      result.day = static_cast<std::uint8_t>(v);
    }
  }
  *out = result;
  return ErrorCode::kOk;
}

void MultipleValues::Iterator::Measure() noexcept {
  const void* space = std::memchr(begin_, ' ', static_cast<std::size_t>(end_ - begin_));
  length_ = space != nullptr ? static_cast<std::size_t>(static_cast<const char*>(space) - begin_)
                             : static_cast<std::size_t>(end_ - begin_);
}

void MultipleValues::Iterator::Advance() noexcept {
  const char* next = begin_ + length_;
  if (next == end_) {
    begin_ = nullptr;
    length_ = 0;
    return;
  }
  begin_ = next + 1;  // past the space
  Measure();
}

std::size_t MultipleValues::size() const noexcept {
  if (text_.empty()) return 0;
  std::size_t n = 1;
  for (char c : text_) n += c == ' ' ? 1 : 0;
  return n;
}

ErrorCode ValidateMultipleStringValue(std::string_view text) noexcept {
  if (text.empty()) return ErrorCode::kBadValue;
  for (std::string_view token : MultipleValues(text)) {
    if (token.empty() || token.find('\x01') != std::string_view::npos) return ErrorCode::kBadValue;
  }
  return ErrorCode::kOk;
}

ErrorCode ValidateMultipleCharValue(std::string_view text) noexcept {
  if (text.empty()) return ErrorCode::kBadValue;
  for (std::string_view token : MultipleValues(text)) {
    if (token.size() != 1 || token[0] == '\x01') return ErrorCode::kBadValue;
  }
  return ErrorCode::kOk;
}

}  // namespace fixwire
