// format_decimal.h: FIX decimal text (price, qty, amount) from an exact
// Decimal, from a Decimal rescaled to a fixed number of decimals, and from a
// double rounded to a stated number of decimals (internal).
//
// Output is plain FIX float text: optional '-', digits, optional '.' and
// digits; never an exponent, never a '+'. A value that rounds to zero is
// written without a sign.
//
// Bounds: each function writes at most kMaxDecimalChars bytes at `out` and
// returns the end, or nullptr (having written possibly some bytes, all within
// the same bound) when the value cannot be written. No allocation, no locale,
// no printf/strtod.
#ifndef FIXWIRE_ENCODE_INTERNAL_FORMAT_DECIMAL_H_
#define FIXWIRE_ENCODE_INTERNAL_FORMAT_DECIMAL_H_

#include <cstdint>
#include <cstring>

#include "fixwire/values/decimal.h"
#include "fixwire/encode/internal/format_int.h"

namespace fixwire::encode_internal {

// Decimal exponents the encoder writes: -40..40 (mantissa * 10^exponent).
inline constexpr int kMaxDecimalExponent = 40;
// Fixed decimals for AddDecimal(tag, d, decimals) and AddDouble: 0..18.
inline constexpr int kMaxFixedDecimals = 18;
// '-' + 19 digits + 40 zeros, or '-' + "0." + 40 digits.
inline constexpr std::size_t kMaxDecimalChars = 64;

// IsShortScaled: magnitude below 10^7 with 1..6 digits after the point
// (most prices: 123.45, 1.08345, 0.05), WriteShortScaled's case.
[[gnu::always_inline]] inline bool IsShortScaled(std::uint64_t magnitude, int frac_digits) noexcept {
  return magnitude < 10000000 && static_cast<unsigned>(frac_digits) - 1 < 6;
}

// WriteShortScaled writes an IsShortScaled value from its eight-digit word
// (leading '0's): the last k = max(n, f + 1) digits (n digits, f after the
// point: a value below 1 takes its "0" and the fraction's leading zeros
// from the word) as one 8-byte store, then '.' and the f fraction digits as
// a second word stored over the fraction's place (the bytes after the text
// are scratch).
// `sum` receives the k digits and '.' (running_sum.h): the digit word holds
// all k digits, which the fraction's store only moves one place for '.'.
template <typename Sum = NoSum>
[[gnu::always_inline]] inline char* WriteShortScaled(char* out, std::uint64_t magnitude, int frac_digits,
                                                     Sum&& sum = Sum{}) noexcept {
  const std::size_t n = DigitsBelow10To8(static_cast<std::uint32_t>(magnitude));  // 1..7
  const auto f = static_cast<std::size_t>(frac_digits);                             // 1..6
  const std::size_t k = n > f ? n : f + 1;                                          // 2..7
  const std::uint64_t word = EightDigitWord(static_cast<std::uint32_t>(magnitude));
  const std::uint64_t digits = word >> (64 - 8 * k);
  const std::uint64_t fraction = ((word >> (64 - 8 * f)) << 8) | std::uint64_t{'.'};
  std::memcpy(out, &digits, 8);
  std::memcpy(out + (k - f), &fraction, 8);
  sum.Word(digits);
  sum.Add('.');
  return out + k + 1;
}

// WriteScaled writes magnitude * 10^-frac_digits (frac_digits 0..40) with
// exactly frac_digits digits after the point ("0.05" for 5 and 2). May store
// up to 8 bytes at `out` however short the text (within kMaxDecimalChars).
inline char* WriteScaled(char* out, std::uint64_t magnitude, int frac_digits) noexcept {
  if (frac_digits == 0) return WriteUnsignedWide(out, magnitude);
  if (IsShortScaled(magnitude, frac_digits)) [[likely]] return WriteShortScaled(out, magnitude, frac_digits);
  const int n = CountDigits(magnitude);
  if (n > frac_digits) {
    // Integer part and fraction, right to left: the fraction's digits two at
    // a time (one more when odd), '.', then the integer part's digits.
    char* const end = out + n + 1;
    char* p = end;
    int k = frac_digits;  // < n <= 20
    for (; k >= 2; k -= 2) {
      p -= 2;
      WritePair(p, static_cast<unsigned>(magnitude % 100));
      magnitude /= 100;
    }
    if (k != 0) {
      *--p = static_cast<char>('0' + magnitude % 10);
      magnitude /= 10;
    }
    *--p = '.';
    WriteDigitsBackward(p, magnitude);  // n - frac_digits > 0 digits
    return end;
  }
  out[0] = '0';
  out[1] = '.';
  const int zeros = frac_digits - n;
  std::memset(out + 2, '0', static_cast<std::size_t>(zeros));
  WriteDigitsBackward(out + 2 + frac_digits, magnitude);
  return out + 2 + frac_digits;
}

// WriteDecimalAnyMagnitude is WriteDecimal after the sign, for every
// exponent in range (out of line: the common short prices never get here).
[[gnu::noinline]] inline char* WriteDecimalAnyMagnitude(char* out, std::uint64_t magnitude, int exponent) noexcept {
  if (exponent >= 0) {
    out = WriteUnsignedWide(out, magnitude);
    if (magnitude != 0 && exponent > 0) {
      std::memset(out, '0', static_cast<std::size_t>(exponent));
      out += exponent;
    }
    return out;
  }
  return WriteScaled(out, magnitude, -exponent);
}

// WriteDecimal writes d exactly: {12345,-2} "123.45", {150,-2} "1.50",
// {-1,-3} "-0.001", {7,2} "700", {0,3} "0". nullptr when |exponent| > 40.
// Short prices inline (WriteShortScaled), the rest out of line.
// `sum` receives the text (running_sum.h; a value that is not a short price
// invalidates it).
template <typename Sum = NoSum>
[[gnu::always_inline]] inline char* WriteDecimal(char* out, Decimal d, Sum&& sum = Sum{}) noexcept {
  std::uint64_t magnitude = static_cast<std::uint64_t>(d.mantissa);
  if (d.mantissa < 0) {
    *out++ = '-';
    sum.Add('-');
    magnitude = 0 - magnitude;
  }
  // A short price's exponent (-6..-1) is in range: checked only for the rest
  // (negated without overflow for INT32_MIN, which is then no short price).
  const auto frac_digits = static_cast<int>(0u - static_cast<unsigned>(d.exponent));
  if (IsShortScaled(magnitude, frac_digits)) [[likely]] return WriteShortScaled(out, magnitude, frac_digits, sum);
  sum.Invalidate();
  if (d.exponent > kMaxDecimalExponent || d.exponent < -kMaxDecimalExponent) [[unlikely]] return nullptr;
  return WriteDecimalAnyMagnitude(out, magnitude, d.exponent);
}

// RescaleDecimal returns d with exactly `decimals` digits after the point,
// rounding half away from zero when digits are dropped ({12345,-3} to 2 ->
// {1235,-2}); false when decimals is outside 0..18 or the result overflows.
inline bool RescaleDecimal(Decimal d, int decimals, Decimal* out) noexcept {
  if (decimals < 0 || decimals > kMaxFixedDecimals) return false;
  const int shift = d.exponent + decimals;  // multiply the mantissa by 10^shift
  std::int64_t m = d.mantissa;
  if (shift > 0) {
    if (m != 0) {
      if (shift > 18) return false;
      const __int128 p = static_cast<__int128>(m) * static_cast<__int128>(kPowersOf10[shift]);
      if (p > INT64_MAX || p < INT64_MIN) return false;
      m = static_cast<std::int64_t>(p);
    }
  } else if (shift < 0) {
    const bool negative = m < 0;
    std::uint64_t magnitude = static_cast<std::uint64_t>(m);
    if (negative) magnitude = 0 - magnitude;
    const int k = -shift;
    std::uint64_t q = 0;
    if (k <= 19) {
      const std::uint64_t divisor = kPowersOf10[k];
      q = magnitude / divisor;
      const std::uint64_t r = magnitude % divisor;
      if (r >= divisor - r) ++q;  // half away from zero
    }  // else |m| < 10^19 / 2 < 10^k / 2: rounds to 0
    m = negative ? -static_cast<std::int64_t>(q) : static_cast<std::int64_t>(q);
  }
  *out = Decimal{m, -decimals};
  return true;
}

// WriteDecimalFixed writes d rounded (half away from zero) or zero-extended
// to exactly `decimals` digits after the point; nullptr as RescaleDecimal.
inline char* WriteDecimalFixed(char* out, Decimal d, int decimals) noexcept {
  Decimal scaled;
  if (!RescaleDecimal(d, decimals, &scaled)) return nullptr;
  return WriteDecimal(out, scaled);
}

// WriteDouble writes v rounded to `precision` decimals (0..18), correctly
// rounded from v's exact binary value, ties to even (the digits printf's
// "%.*f" gives). nullptr for NaN, infinity, a precision outside 0..18, or a
// value whose rounded digits exceed UINT64_MAX (about 1.8e19 / 10^precision).
char* WriteDouble(char* out, double v, int precision) noexcept;

}  // namespace fixwire::encode_internal

#endif  // FIXWIRE_ENCODE_INTERNAL_FORMAT_DECIMAL_H_
