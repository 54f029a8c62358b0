// values.h: parsers for the FIX value types, from the bytes of one field value.
//
// Every parser takes the value's bytes (a std::string_view, as MessageView
// returns them) and writes the result to an out-parameter. It returns
// ErrorCode::kOk on success; kBadValue when the text is not of the type (the
// out-parameter is then unspecified); kValueOutOfRange when it is of the type
// but does not fit (an int64 overflow, a timestamp outside int64 nanoseconds).
// No allocation, no locale, no exceptions; any thread.
//
//   std::int64_t qty;
//   if (ParseInt64(view.Get(38).value_or(""), &qty) != ErrorCode::kOk) ...
//
// Formats accepted (FIX specification):
//   int     [-]digits, leading zeros allowed ("00023" is 23), no '+'
//   uint    digits (SeqNum, Length, NumInGroup)
//   char    exactly one byte; Boolean exactly "Y" or "N"
//   float   [-]digits[.digits] with at least one digit ("5.", ".5", "-0.001");
//           Decimal keeps every digit given (see codec/decimal.h); at most 19
//           significant digits and |value| representable as an int64 mantissa
//   UTCTimestamp  YYYYMMDD-HH:MM:SS[.fff|.ffffff|.fffffffff|.ffffffffffff]
//           -> nanoseconds since 1970-01-01T00:00:00Z; seconds 00..60 (60 is
//           a leap second and lands on the next minute's :00); picosecond
//           digits below the nanosecond are dropped; other fraction widths
//           are kBadValue
//   UTCTimeOnly   HH:MM:SS[.fff|...] -> nanoseconds since midnight
//   UTCDateOnly / LocalMktDate  YYYYMMDD (a real calendar date)
//   MonthYear     YYYYMM, YYYYMMDD or YYYYMMwW (week 1..5)
//   MultipleCharValue / MultipleStringValue  tokens separated by single
//           spaces: iterate with MultipleValues, check with Validate*.
#ifndef FIXWIRE_VALUES_VALUES_H_
#define FIXWIRE_VALUES_VALUES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string_view>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/simd/digits.h"

namespace fixwire {

// ParseInt64 and ParseUint64 are inline for 1..8 digits without a sign (a
// typed getter's common case: counts, quantities, sequence numbers), one
// call otherwise.
namespace values_internal {
[[nodiscard]] ErrorCode ParseInt64Long(std::string_view text, std::int64_t* out) noexcept;
[[nodiscard]] ErrorCode ParseUint64Long(std::string_view text, std::uint64_t* out) noexcept;
// GeneralUtcTimestampForTest is ParseUtcTimestamp without its common-shape
// fast path (the general parser every other input takes): the reference the
// tests compare the fast path with.
[[nodiscard]] ErrorCode GeneralUtcTimestampForTest(std::string_view text, std::int64_t* nanos) noexcept;

// ShortDigits parses 1..8 ASCII digits (leading zeros allowed) into *out,
// reading exactly text's bytes; false for any other text (a sign, a
// non-digit, no digit, more than 8). 1..4 bytes in 32-bit arithmetic; 5..8
// with two overlapping 4-byte loads, '0' taken from every lane and the digits
// shifted into the top lanes (the lanes above them, and any borrow into
// those, are shifted out; the lanes below read as leading zeros), one check
// of every lane, one SWAR sum.
[[gnu::always_inline]] inline bool ShortDigits(std::string_view text, std::uint32_t* out) noexcept {
  const std::size_t n = text.size();
  if (n - 1 < 4) return simd::ParseUpToFourDigits(text.data(), n, out);
  if (n - 5 >= 4) return false;
  std::uint32_t lo;
  std::uint32_t hi;
  std::memcpy(&lo, text.data(), 4);
  std::memcpy(&hi, text.data() + n - 4, 4);  // overlaps lo below 8 bytes: the same bytes
  const std::uint64_t raw = lo | static_cast<std::uint64_t>(hi) << (8 * (n - 4));
  const std::uint64_t v = (raw - simd::kAsciiZeros) << ((0u - 8 * static_cast<unsigned>(n)) & 63);
  if (!simd::AreEightDigitValues(v)) return false;
  *out = simd::EightDigitValue(v);
  return true;
}
}  // namespace values_internal
[[nodiscard]] inline ErrorCode ParseInt64(std::string_view text, std::int64_t* out) noexcept {
  std::uint32_t v;
  if (values_internal::ShortDigits(text, &v)) {
    *out = v;
    return ErrorCode::kOk;
  }
  return values_internal::ParseInt64Long(text, out);
}
[[nodiscard]] inline ErrorCode ParseUint64(std::string_view text, std::uint64_t* out) noexcept {
  std::uint32_t v;
  if (values_internal::ShortDigits(text, &v)) {
    *out = v;
    return ErrorCode::kOk;
  }
  return values_internal::ParseUint64Long(text, out);
}
// ParseChar and ParseBool are inline: a typed getter's whole work.
[[nodiscard]] inline ErrorCode ParseChar(std::string_view text, char* out) noexcept {
  if (text.size() != 1 || text[0] == '\x01') return ErrorCode::kBadValue;
  *out = text[0];
  return ErrorCode::kOk;
}
[[nodiscard]] inline ErrorCode ParseBool(std::string_view text, bool* out) noexcept {
  if (text.size() != 1 || (text[0] != 'Y' && text[0] != 'N')) return ErrorCode::kBadValue;
  *out = text[0] == 'Y';
  return ErrorCode::kOk;
}

namespace values_internal {
[[nodiscard]] ErrorCode ParseDecimalLong(std::string_view text, Decimal* out) noexcept;
// DotLanes: bit 7 set in the lane of the lowest '.' byte of w (and maybe in
// lanes above it); 0 when w has none. Exact for the lowest: a borrow only
// starts at a byte equal to '.'.
inline std::uint64_t DotLanes(std::uint64_t w) noexcept {
  const std::uint64_t x = w ^ 0x2E2E2E2E2E2E2E2Eull;  // '.' bytes become 0
  return (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
}
}  // namespace values_internal
// ParseDecimal is inline for its common case: after the sign, 1..8 bytes,
// digits with at most one dot, in one word: the dot's byte taken out (the
// bytes above it moved down one), then the k digits parsed as one SWAR
// number (at most 8 digits: no overflow, exact). Longer values and every
// error take one call (values_internal::ParseDecimalLong).
[[nodiscard]] inline ErrorCode ParseDecimal(std::string_view text, Decimal* out) noexcept {
  const bool negative = !text.empty() && text[0] == '-';
  const char* const p = text.data() + (negative ? 1 : 0);
  const std::size_t n = text.size() - (negative ? 1 : 0);
  if (n - 1 < 8) [[likely]] {
    const std::uint64_t w = n == 8 ? simd::Load8(p) : simd::LoadPartial(p, n);
    const std::uint64_t dots = values_internal::DotLanes(w);
    const std::uint64_t below = ((dots & (0 - dots)) >> 7) - 1;  // the bytes below the dot; all without one
    const std::uint64_t digits = (w & below) | ((w >> 8) & ~below);
    const std::size_t k = n - (dots != 0 ? 1 : 0);  // digits (a second dot fails the digit check)
    const std::uint64_t v = (digits - simd::kAsciiZeros) << ((0u - 8 * static_cast<unsigned>(k)) & 63);
    if (k != 0 && simd::AreEightDigitValues(v)) {
      const std::uint64_t mantissa = simd::EightDigitValue(v);
      out->mantissa = negative ? static_cast<std::int64_t>(0 - mantissa) : static_cast<std::int64_t>(mantissa);
      // The dot at byte ctz / 8: fraction digits n - 1 - that.
      out->exponent = dots != 0 ? static_cast<std::int32_t>(__builtin_ctzll(dots) / 8 + 1) -
                                      static_cast<std::int32_t>(n)
                                : 0;
      return ErrorCode::kOk;
    }
  }
  return values_internal::ParseDecimalLong(text, out);
}

// ParseUtcTimestamp writes nanoseconds since the epoch (negative before 1970).
[[nodiscard]] ErrorCode ParseUtcTimestamp(std::string_view text, std::int64_t* nanos) noexcept;
// ParseUtcTimeOnly writes nanoseconds since midnight (0 .. 86'400'999'999'999 with :60).
[[nodiscard]] ErrorCode ParseUtcTimeOnly(std::string_view text, std::int64_t* nanos) noexcept;
[[nodiscard]] ErrorCode ParseUtcDateOnly(std::string_view text, Date* out) noexcept;
[[nodiscard]] ErrorCode ParseLocalMktDate(std::string_view text, Date* out) noexcept;
[[nodiscard]] ErrorCode ParseMonthYear(std::string_view text, MonthYear* out) noexcept;

// DaysFromCivil returns the days from 1970-01-01 to the given proleptic
// Gregorian date (negative before). Exposed for the encoder and tests.
std::int64_t DaysFromCivil(std::int64_t year, unsigned month, unsigned day) noexcept;

// MultipleValues iterates the space-separated tokens of a MultipleCharValue or
// MultipleStringValue in order. Runs of spaces yield empty tokens (the
// Validate functions reject them); an empty text yields no token.
//
//   for (std::string_view token : MultipleValues(view.Get(18).value_or(""))) ...
class MultipleValues {
 public:
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using pointer = const std::string_view*;
    using reference = std::string_view;

    Iterator() = default;
    std::string_view operator*() const noexcept { return std::string_view(begin_, length_); }
    Iterator& operator++() noexcept {
      Advance();
      return *this;
    }
    Iterator operator++(int) noexcept {
      Iterator old = *this;
      Advance();
      return old;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) noexcept {
      return a.begin_ == b.begin_;
    }

   private:
    friend class MultipleValues;
    Iterator(const char* begin, const char* end) noexcept : begin_(begin), end_(end) { Measure(); }
    void Measure() noexcept;  // sets length_ for the token at begin_
    void Advance() noexcept;

    const char* begin_ = nullptr;  // start of the current token; nullptr at the end
    const char* end_ = nullptr;    // end of the whole text
    std::size_t length_ = 0;
  };

  explicit MultipleValues(std::string_view text) noexcept : text_(text) {}
  Iterator begin() const noexcept {
    return text_.empty() ? Iterator() : Iterator(text_.data(), text_.data() + text_.size());
  }
  Iterator end() const noexcept { return Iterator(); }
  // size counts the tokens (spaces + 1 for a non-empty text).
  std::size_t size() const noexcept;

 private:
  std::string_view text_;
};

// ValidateMultipleStringValue: kOk when the text is one or more non-empty
// tokens separated by single spaces and contains no SOH; else kBadValue.
[[nodiscard]] ErrorCode ValidateMultipleStringValue(std::string_view text) noexcept;
// ValidateMultipleCharValue: the same with every token exactly one byte.
[[nodiscard]] ErrorCode ValidateMultipleCharValue(std::string_view text) noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_VALUES_VALUES_H_
