// format_decimal.cc: double to fixed-decimal text, exactly rounded.
#include "fixwire/encode/internal/format_decimal.h"

#include <cstdint>
#include <cstring>

namespace fixwire::encode_internal {

char* WriteDouble(char* out, double v, int precision) noexcept {
  if (precision < 0 || precision > kMaxFixedDecimals) return nullptr;
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  const bool negative = (bits >> 63) != 0;
  const int biased_exponent = static_cast<int>((bits >> 52) & 0x7ff);
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  if (biased_exponent == 0x7ff) return nullptr;  // infinity or NaN
  // v = significand * 2^exponent exactly.
  std::uint64_t significand;
  int exponent;
  if (biased_exponent == 0) {
    significand = fraction;
    exponent = -1074;
  } else {
    significand = fraction | (std::uint64_t{1} << 52);
    exponent = biased_exponent - 1075;
  }
  // scaled = v * 10^precision = significand * 10^precision * 2^exponent,
  // with significand * 10^precision < 2^53 * 10^18 < 2^113.
  using u128 = unsigned __int128;
  const u128 product = static_cast<u128>(significand) * kPowersOf10[precision];
  std::uint64_t rounded;
  if (exponent >= 0) {
    if (product == 0) {
      rounded = 0;
    } else {
      if (exponent >= 64 || (product >> (64 - exponent)) != 0) return nullptr;
      rounded = static_cast<std::uint64_t>(product << exponent);
    }
  } else {
    const int shift = -exponent;
    if (shift >= 128) {
      rounded = 0;  // product < 2^113 <= 2^(shift-1): below one half
    } else {
      u128 quotient = product >> shift;
      const u128 remainder = product & ((u128{1} << shift) - 1);
      const u128 half = u128{1} << (shift - 1);
      if (remainder > half || (remainder == half && (quotient & 1) != 0)) ++quotient;
      if ((quotient >> 64) != 0) return nullptr;
      rounded = static_cast<std::uint64_t>(quotient);
    }
  }
  if (negative && rounded != 0) *out++ = '-';
  return WriteScaled(out, rounded, precision);
}

}  // namespace fixwire::encode_internal
