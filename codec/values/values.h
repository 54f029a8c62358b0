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
[[nodiscard]] inline ErrorCode ParseInt64(std::string_view text, std::int64_t* out) noexcept;
[[nodiscard]] inline ErrorCode ParseUint64(std::string_view text, std::uint64_t* out) noexcept;
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
// ParseDecimal is inline for its common case: after the sign, 1..8 bytes,
// digits with at most one dot, in one word: the dot's byte taken out (the
// bytes above it moved down one), then the k digits parsed as one SWAR
// number (at most 8 digits: no overflow, exact). Longer values and every
// error take one call.
[[nodiscard]] inline ErrorCode ParseDecimal(std::string_view text, Decimal* out) noexcept;

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

#include "fixwire/values/internal/parse_inline.h"  // IWYU pragma: export

#endif  // FIXWIRE_VALUES_VALUES_H_
