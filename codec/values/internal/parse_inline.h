// parse_inline.h: the inline halves of values.h's number parsers (included
// by values.h, after ErrorCode and Decimal; do not include directly): the
// common short cases in a few word operations, everything else one call into
// values.cc.
#ifndef FIXWIRE_VALUES_INTERNAL_PARSE_INLINE_H_
#define FIXWIRE_VALUES_INTERNAL_PARSE_INLINE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "fixwire/simd/digits.h"
#include "fixwire/simd/load.h"

namespace fixwire {

namespace values_internal {
[[nodiscard]] ErrorCode ParseInt64Long(std::string_view text, std::int64_t* out) noexcept;
[[nodiscard]] ErrorCode ParseUint64Long(std::string_view text, std::uint64_t* out) noexcept;
// GeneralUtcTimestamp is ParseUtcTimestamp without its common-shape fast
// path: the general parser every other input takes (the tests' reference).
[[nodiscard]] ErrorCode GeneralUtcTimestamp(std::string_view text, std::int64_t* nanos) noexcept;

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

[[nodiscard]] ErrorCode ParseDecimalLong(std::string_view text, Decimal* out) noexcept;
// DotLanes: bit 7 set in the lane of the lowest '.' byte of w (and maybe in
// lanes above it); 0 when w has none. Exact for the lowest: a borrow only
// starts at a byte equal to '.'.
inline std::uint64_t DotLanes(std::uint64_t w) noexcept {
  const std::uint64_t x = w ^ 0x2E2E2E2E2E2E2E2Eull;  // '.' bytes become 0
  return (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
}
}  // namespace values_internal

inline ErrorCode ParseInt64(std::string_view text, std::int64_t* out) noexcept {
  std::uint32_t v;
  if (values_internal::ShortDigits(text, &v)) {
    *out = v;
    return ErrorCode::kOk;
  }
  return values_internal::ParseInt64Long(text, out);
}
inline ErrorCode ParseUint64(std::string_view text, std::uint64_t* out) noexcept {
  std::uint32_t v;
  if (values_internal::ShortDigits(text, &v)) {
    *out = v;
    return ErrorCode::kOk;
  }
  return values_internal::ParseUint64Long(text, out);
}

inline ErrorCode ParseDecimal(std::string_view text, Decimal* out) noexcept {
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

}  // namespace fixwire

#endif  // FIXWIRE_VALUES_INTERNAL_PARSE_INLINE_H_
