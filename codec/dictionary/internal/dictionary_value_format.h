// dictionary_value_format.h: does a field value have the format of its
// dictionary type? Used by the validator (SessionRejectReason 6). Internal.
//
// Numeric, boolean, char, timestamp, date and multiple-value types use the
// parsers of fixwire/values/values.h; the rest are checked here from the FIX
// specification's format descriptions (Currency: 3 characters, ISO 4217;
// Country: 2, ISO 3166; Language: 2, ISO 639-1; Exchange: 1..4 characters,
// ISO 10383 MIC or the older one-letter codes; TZTimestamp / TZTimeOnly with
// their Z or +/-hh[:mm] offset; Tenor Dn/Mn/Wn/Yn; LocalMktTime HH:MM:SS[.sss]).
// String, data, pattern and reserved types accept any value. Never allocates;
// any thread.
#ifndef FIXWIRE_DICTIONARY_INTERNAL_DICTIONARY_VALUE_FORMAT_H_
#define FIXWIRE_DICTIONARY_INTERNAL_DICTIONARY_VALUE_FORMAT_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "fixwire/dictionary/internal/field_types.h"
#include "fixwire/values/error.h"
#include "fixwire/simd/timestamp_lanes.h"

namespace fixwire::dictionary_internal {

static_assert(std::endian::native == std::endian::little, "the SWAR checks read words little-endian");

// CheckFormat returns kOk when `value` is a valid `type` value, kBadValue
// when it is not of the type (an integer too large for int64 included, as
// QuickFIX reports it), kValueOutOfRange when it is of the type but outside
// the type's range (DayOfMonth outside 1..31). A float with more significant
// digits than a Decimal holds is a valid float. An empty value is kBadValue
// for every type (the validator reports emptiness separately).
ErrorCode CheckFormat(FieldType type, std::string_view value) noexcept;

// --- Fast paths for the validator's hot loop ---
// CheckFormatFast gives exactly CheckFormat's answer (a test compares them on
// random and boundary inputs) but settles the common cases inline: integers
// of up to 18 digits, decimals (syntax only: CheckFormat accepts every float
// it cannot hold), chars, and UTCTimestamps in years 1678..2261; anything
// else goes to CheckFormat.

inline bool Digits8(std::uint64_t x) noexcept {
  return (x & 0xF0F0F0F0F0F0F0F0ull) == 0x3030303030303030ull &&
         ((x + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) == 0x3030303030303030ull;
}
inline bool IsDigitChar(char c) noexcept { return static_cast<unsigned char>(c - '0') <= 9; }
inline unsigned Two(const char* p) noexcept {
  return static_cast<unsigned>(p[0] - '0') * 10 + static_cast<unsigned>(p[1] - '0');
}

// ShortUnsigned: p[i, n) is 1..18 decimal digits (what ParseUint64 and
// ParseInt64 accept without overflow checks).
inline bool ShortUnsigned(const char* p, std::size_t i, std::size_t n) noexcept {
  if (n == i || n - i > 18) return false;
  for (; i < n; ++i) {
    if (!IsDigitChar(p[i])) return false;
  }
  return true;
}

// DecimalSyntax: [-]digits[.digits] with at least one digit.
// (The same language as "digits and at most one '.'": digits, then
// optionally '.' and digits.)
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
inline bool DecimalSyntax(const char* p, std::size_t n) noexcept {
  std::size_t i = (n != 0 && p[0] == '-') ? 1 : 0;
  const std::size_t start = i;
  while (i < n && IsDigitChar(p[i])) ++i;
  const std::size_t whole = i - start;
  if (i == n) return whole != 0;
  if (p[i] != '.') return false;
  const std::size_t frac = ++i;
  while (i < n && IsDigitChar(p[i])) ++i;
  return i == n && whole + (i - frac) != 0;
}

// BytesBelow10: every byte of x is 0..9.
// (No byte of x has its top bit set and adding 0x76 sets none: then no
// addition carries, and each byte is below 0x80 - 0x76 = 10.)
inline bool BytesBelow10(std::uint64_t x) noexcept {
  return (((x + 0x7676767676767676ull) | x) & 0x8080808080808080ull) == 0;
}

// --- Word-at-a-time checks for values with 8 readable bytes at p ---
// (The caller knows p[0, 8) lies inside its buffer even when n < 8; bytes
// from n on are ignored.) Each gives exactly the answer of the byte-by-byte
// check named, for 1 <= n <= 8 (a test compares them on every short value).

// ShortUnsigned8: ShortUnsigned(p, 0, n) for 1 <= n <= 8. The value's n
// bytes, XORed with '0', are shifted to the top of the word (the rest
// become zero bytes, which pass) and must all be below 10.
inline bool ShortUnsigned8(const char* p, std::size_t n) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return BytesBelow10((x ^ 0x3030303030303030ull) << (64 - 8 * n));
}

// DecimalSyntax8: DecimalSyntax(p, n) for 1 <= n <= 8 when p[0] != '-':
// digits and at most one '.', at least one digit. The bytes that are not
// digits are flagged as in BytesBelow10 (exactly, when every byte is a
// digit or '.': no addition then carries); there may be no flag, or one
// flag on a '.' that is not the whole value.
inline bool DecimalSyntax8(const char* p, std::size_t n) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  const unsigned shift = static_cast<unsigned>(64 - 8 * n);
  const std::uint64_t y = (x ^ 0x3030303030303030ull) << shift;
  const std::uint64_t flags = ((y + 0x7676767676767676ull) | y) & 0x8080808080808080ull;
  if (flags == 0) return true;
  if ((flags & (flags - 1)) != 0 || n == 1) return false;
  // The flagged byte's place in the value.
  const unsigned at = (static_cast<unsigned>(__builtin_ctzll(flags)) - shift) >> 3;
  return p[at] == '.';
}

// kDaysOfMonth: the days of each month of a common year (read-only data:
// a table local to a function is built on the stack at every call).
inline constexpr unsigned char kDaysOfMonth[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

// TimestampFractionOk: the fraction of a UTCTimestamp of length n (17, 21,
// 24, 27 or 30): none for 17, else '.' at 17 and digits to n. One or two
// 8-byte words (never read beyond p + n).
inline bool TimestampFractionOk(const char* p, std::size_t n) noexcept {
  if (n == 17) return true;
  // The fraction: '.' at 17 (its byte exactly 0 after the XOR), digits to n.
  if (n == 21) {
    std::uint32_t f;
    std::memcpy(&f, p + 17, 4);
    f ^= 0x3030302Eu;
    return (f & 0xFF) == 0 && BytesBelow10(f);
  }
  constexpr std::uint64_t kAdd10 = 0x7676767676767676ull;
  std::uint64_t a;
  std::memcpy(&a, p + 16, 8);  // a digit of the seconds, '.', 6 digits
  a ^= 0x3030303030302E30ull;
  if (a & 0xFF00) return false;
  if (n == 24) return BytesBelow10(a);
  std::uint64_t b;
  std::memcpy(&b, p + n - 8, 8);  // n is 27 or 30: the last 8 digits
  b ^= 0x3030303030303030ull;
  return (((a + kAdd10) | a | (b + kAdd10) | b) & 0x8080808080808080ull) == 0;
}

// UtcTimestampOkSwar: UtcTimestampOk in portable 64-bit words: true when
// p[0, n) is certainly a valid UTCTimestamp (CheckFormat kOk):
// YYYYMMDD-HH:MM:SS[.f{3,6,9,12}] with a year in 1678..2261, a real date,
// hour <= 23, minute <= 59, second <= 60. false: not settled here
// (CheckFormat decides). Branch-light SWAR: the date and the time are one
// 8-byte word each, checked for their shape and converted to two-digit
// numbers (one per byte) as a whole; the range checks of month, day, hour,
// minute and second are one add and mask per word; the fraction is one or
// two 8-byte words (never read beyond p + n). UtcTimestampOk where SSE2 is
// missing, and its test reference elsewhere.
inline bool UtcTimestampOkSwar(const char* p, std::size_t n) noexcept {
  constexpr std::uint32_t kLengths = (1u << 17) | (1u << 21) | (1u << 24) | (1u << 27) | (1u << 30);
  if (n >= 32 || !((kLengths >> n) & 1u) || p[8] != '-') return false;
  std::uint64_t date, time;
  std::memcpy(&date, p, 8);
  std::memcpy(&time, p + 9, 8);  // "HH:MM:SS", ':' at bytes 2 and 5
  // Digits become 0..9 and the colons 0: every byte must then be below 10
  // (the colon bytes exactly 0).
  const std::uint64_t d = date ^ 0x3030303030303030ull;
  const std::uint64_t t = time ^ 0x30303A30303A3030ull;
  constexpr std::uint64_t kAdd10 = 0x7676767676767676ull;
  if ((((d + kAdd10) | d | (t + kAdd10) | t) & 0x8080808080808080ull) |
      (t & 0x0000FF0000FF0000ull)) {
    return false;
  }
  // Byte k of dp / tp is 10 * digit k + digit k+1 (<= 99: no carries).
  const std::uint64_t dp = d * 10 + (d >> 8);
  const std::uint64_t tp = t * 10 + (t >> 8);
  // Hour (byte 0) <= 23, minute (byte 3) <= 59, second (byte 6) <= 60: add
  // 127 - limit to each (<= 99 + 127: no carries); the top bit is then set
  // only above the limit.
  constexpr std::uint64_t kTimeBytes = 0x00FF0000FF0000FFull;
  constexpr std::uint64_t kTimeAdd =
      (std::uint64_t{127 - 60} << 48) | (std::uint64_t{127 - 59} << 24) | std::uint64_t{127 - 23};
  // Month (byte 4) 1..12 and day (byte 6) 1..31: v + 127 has its top bit
  // set when v >= 1, v + 127 - limit when v > limit.
  constexpr std::uint64_t kDateBytes = 0x00FF00FF00000000ull;
  constexpr std::uint64_t kDateHigh = 0x0080008000000000ull;
  constexpr std::uint64_t kAtLeast1 = (std::uint64_t{127} << 48) | (std::uint64_t{127} << 32);
  constexpr std::uint64_t kAtMost =
      (std::uint64_t{127 - 31} << 48) | (std::uint64_t{127 - 12} << 32);
  const std::uint64_t md = dp & kDateBytes;
  if ((((tp & kTimeBytes) + kTimeAdd) & 0x0080000080000080ull) |
      (((md + kAtLeast1) & kDateHigh) ^ kDateHigh) | ((md + kAtMost) & kDateHigh)) {
    return false;
  }
  const unsigned year = static_cast<unsigned>(dp & 0xFF) * 100 + static_cast<unsigned>((dp >> 16) & 0xFF);
  if (year - 1678 > 2261 - 1678) return false;
  const unsigned day = static_cast<unsigned>(dp >> 48) & 0xFF;
  if (day > 28) {
    const unsigned month = static_cast<unsigned>(dp >> 32) & 0xFF;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > (month == 2 && leap ? 29u : kDaysOfMonth[month - 1])) return false;
  }
  return TimestampFractionOk(p, n);
}

// UtcTimestampOk: exactly UtcTimestampOkSwar's answer (a test compares them
// on every length 0..40, edges and single-byte mutations), through the
// shared SSE2 core where there is one (TimestampLanes: the digits,
// separators and every bound but the day's in a few vector operations);
// the day past 28 and the fraction as UtcTimestampOkSwar does them.
inline bool UtcTimestampOk(const char* p, std::size_t n) noexcept {
#if defined(FIXWIRE_HAVE_TIMESTAMP_LANES)
  constexpr std::uint32_t kLengths = (1u << 17) | (1u << 21) | (1u << 24) | (1u << 27) | (1u << 30);
  if (n >= 32 || !((kLengths >> n) & 1u)) return false;  // (so n >= 17: p[0, 17) readable)
  __m128i bad;
  const __m128i numbers = simd::TimestampLanes(p, &bad);
  // Month 1..12 and day 1..31: minus 1 (0 wraps to 0xFFFF), at most 11
  // and 30.
  const __m128i less_one = _mm_sub_epi16(numbers, _mm_setr_epi16(0, 0, 1, 1, 0, 0, 0, 0));
  bad = _mm_or_si128(bad, _mm_subs_epu16(less_one, _mm_setr_epi16(-1, -1, 11, 30, -1, -1, -1, -1)));
  if (!simd::AllZero(bad)) return false;
  const unsigned year = static_cast<unsigned>(_mm_cvtsi128_si32(
      _mm_madd_epi16(numbers, _mm_setr_epi16(100, 1, 0, 0, 0, 0, 0, 0))));
  if (year - 1678 > 2261 - 1678) return false;
  const auto day = static_cast<unsigned>(_mm_extract_epi16(numbers, 3));
  if (day > 28) {
    const auto month = static_cast<unsigned>(_mm_extract_epi16(numbers, 2));  // 1..12
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > (month == 2 && leap ? 29u : kDaysOfMonth[month - 1])) return false;
  }
  return TimestampFractionOk(p, n);
#else
  return UtcTimestampOkSwar(p, n);
#endif
}

// TimeOfDayOk: HH:MM:SS[.f{3,6,9,12}] with hour <= 23, minute <= 59,
// second <= 60 (UTCTimeOnly, LocalMktTime): true only when CheckFormat says
// kOk. SWAR as UtcTimestampOk; never reads beyond p + n.
inline bool TimeOfDayOk(const char* p, std::size_t n) noexcept {
  constexpr std::uint32_t kLengths = (1u << 8) | (1u << 12) | (1u << 15) | (1u << 18) | (1u << 21);
  if (n >= 32 || !((kLengths >> n) & 1u)) return false;
  std::uint64_t time;
  std::memcpy(&time, p, 8);
  const std::uint64_t t = time ^ 0x30303A30303A3030ull;  // digits 0..9, colons 0
  constexpr std::uint64_t kAdd10 = 0x7676767676767676ull;
  if ((((t + kAdd10) | t) & 0x8080808080808080ull) | (t & 0x0000FF0000FF0000ull)) return false;
  const std::uint64_t tp = t * 10 + (t >> 8);  // hour byte 0, minute 3, second 6
  constexpr std::uint64_t kTimeAdd =
      (std::uint64_t{127 - 60} << 48) | (std::uint64_t{127 - 59} << 24) | std::uint64_t{127 - 23};
  if (((tp & 0x00FF0000FF0000FFull) + kTimeAdd) & 0x0080000080000080ull) return false;
  if (n == 8) return true;
  // The fraction: '.' at 8 (its byte exactly 0 after the XOR), digits to n.
  if (n == 12) {
    std::uint32_t f;
    std::memcpy(&f, p + 8, 4);
    f ^= 0x3030302Eu;
    return (f & 0xFF) == 0 && BytesBelow10(f);
  }
  std::uint64_t a;
  std::memcpy(&a, p + 7, 8);  // a digit of the seconds, '.', 6 digits
  a ^= 0x3030303030302E30ull;
  if (a & 0xFF00) return false;
  if (n == 15) return BytesBelow10(a);
  std::uint64_t b;
  std::memcpy(&b, p + n - 8, 8);  // n is 18 or 21: the last 8 digits
  b ^= 0x3030303030303030ull;
  return (((a + kAdd10) | a | (b + kAdd10) | b) & 0x8080808080808080ull) == 0;
}

inline ErrorCode CheckFormatFast(FieldType type, const char* p, std::size_t n) noexcept {
  switch (ValueClassOf(type, false)) {
    case ValueClass::kText:
      return n != 0 ? ErrorCode::kOk : ErrorCode::kBadValue;
    case ValueClass::kChar:
      return n == 1 && p[0] != ' ' && p[0] != '\x01' ? ErrorCode::kOk : ErrorCode::kBadValue;
    case ValueClass::kUnsigned:
    case ValueClass::kSigned:
      if (ShortUnsigned(p, (type == FieldType::kInt && n != 0 && p[0] == '-') ? 1 : 0, n)) {
        return ErrorCode::kOk;
      }
      break;  // long, or not digits: the full parser
    case ValueClass::kDecimal:
      if (n > 0x7fffffff) break;
      return DecimalSyntax(p, n) ? ErrorCode::kOk : ErrorCode::kBadValue;
    case ValueClass::kTimestamp:
      if (UtcTimestampOk(p, n)) return ErrorCode::kOk;
      break;
    default:
      break;
  }
  return CheckFormat(type, std::string_view(p, n));
}

// QuickValueOk is the validator's inline pre-check of one field value: true
// only when the value is non-empty, of the field's format (CheckFormat kOk)
// and, for a field with enumerated values, one of them (Dictionary::
// IsValidEnum). false means "not settled here": the caller runs the full
// checks, which find the error or accept the value. `info` is the field's
// TagInfo in `d` (defined). Settles strings and chars (with one-character
// enum values), unsigned and signed integers of up to 18 digits,
// decimals, UTCTimestamps and UTCTimeOnly / LocalMktTime values without
// enums; never allocates.
// (A template over the dictionary type only so that this header needs no
// definition of Dictionary, a public type of this package; instantiated with
// fixwire::Dictionary. Its FieldDef array is read on the enum paths alone.)
template <class Dict>
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
inline bool QuickValueOk(const Dict& d, TagInfo info, const char* p, std::size_t n) noexcept {
  if (n == 0) return false;
  const ValueClass c = info.value_class;
  if (c == ValueClass::kText) return true;  // the most common field, before the switch
  switch (c) {
    case ValueClass::kChar:
      return n == 1 && p[0] != ' ' && p[0] != '\x01';
    case ValueClass::kCharEnum:
      if (p[0] == ' ' || p[0] == '\x01') return false;
      [[fallthrough]];
    case ValueClass::kTextEnum: {
      if (n != 1) return false;
      const unsigned ch = static_cast<unsigned char>(p[0]);
      if (ch >= 128) return false;
      const FieldDef& f = d.fields()[info.ordinal];
      return ((f.char_enum_bits[ch >> 6] >> (ch & 63)) & 1u) != 0;
    }
    case ValueClass::kUnsigned:
      return ShortUnsigned(p, 0, n);
    case ValueClass::kSigned:
      return ShortUnsigned(p, p[0] == '-' ? 1 : 0, n);
    case ValueClass::kDecimal:
      return n <= 0x7fffffff && DecimalSyntax(p, n);
    case ValueClass::kTimestamp:
      return UtcTimestampOk(p, n);
    case ValueClass::kTimeOfDay:
      return TimeOfDayOk(p, n);
    default:
      return false;
  }
}

// --- QuickValueOk with 8-byte words ---
// For a caller that may know 8 bytes at p are readable (`words`: p[0, 8)
// lies inside its buffer even when n < 8): a value of 1..8 bytes without a
// sign is checked a word at a time (ShortUnsigned8, DecimalSyntax8) rather
// than byte by byte. Each gives QuickValueOk's answer for its value
// classes, for every input (a test compares QuickValueOkWords with it).

// IntegerOkWords: QuickValueOk for ValueClass::kUnsigned, or kSigned when
// `is_signed`.
inline bool IntegerOkWords(const char* p, std::size_t n, bool words, bool is_signed) noexcept {
  if (n - 1 < 8 && words && p[0] != '-') return ShortUnsigned8(p, n);
  return n != 0 && ShortUnsigned(p, is_signed && p[0] == '-' ? 1 : 0, n);
}

// DecimalOkWords: QuickValueOk for ValueClass::kDecimal.
inline bool DecimalOkWords(const char* p, std::size_t n, bool words) noexcept {
  if (n - 1 < 8 && words && p[0] != '-') return DecimalSyntax8(p, n);
  return n != 0 && n <= 0x7fffffff && DecimalSyntax(p, n);
}

// QuickValueOkWords: QuickValueOk, through IntegerOkWords and
// DecimalOkWords for their classes.
template <class Dict>
inline bool QuickValueOkWords(const Dict& d, TagInfo info, const char* p, std::size_t n,
                              bool words) noexcept {
  switch (info.value_class) {
    case ValueClass::kUnsigned:
      return IntegerOkWords(p, n, words, false);
    case ValueClass::kSigned:
      return IntegerOkWords(p, n, words, true);
    case ValueClass::kDecimal:
      return DecimalOkWords(p, n, words);
    default:
      return QuickValueOk(d, info, p, n);
  }
}

}  // namespace fixwire::dictionary_internal

#endif  // FIXWIRE_DICTIONARY_INTERNAL_DICTIONARY_VALUE_FORMAT_H_
