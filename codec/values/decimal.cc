// decimal.cc: Decimal's conversions (see decimal.h).
#include "fixwire/values/decimal.h"

#include <cstdint>

namespace fixwire {
namespace {

// Every power of ten up to 1e22 is exactly representable as a double.
constexpr double kExactPowers[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                     1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                     1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

constexpr std::int64_t kMaxExactMantissa = std::int64_t{1} << 53;

// Normalize strips trailing zero digits of the mantissa into the exponent.
Decimal Normalize(Decimal d) noexcept {
  if (d.mantissa == 0) return Decimal{0, 0};
  while (d.mantissa % 10 == 0) {
    d.mantissa /= 10;
    ++d.exponent;
  }
  return d;
}

}  // namespace

double Decimal::ToDouble() const noexcept {
  // Fast exact path: the mantissa and the power of ten are both exact doubles,
  // so one IEEE multiplication or division rounds correctly.
  if (mantissa >= -kMaxExactMantissa && mantissa <= kMaxExactMantissa && exponent >= -22 &&
      exponent <= 22) {
    const double m = static_cast<double>(mantissa);
    return exponent < 0 ? m / kExactPowers[-exponent] : m * kExactPowers[exponent];
  }
  // Otherwise use x87 extended precision (64-bit significand: every int64
  // mantissa is exact), then round once more to double. This can differ from
  // the correctly rounded result in the last bit in rare halfway cases.
  long double m = static_cast<long double>(mantissa);
  long double scale = 1.0L;
  long double base = 10.0L;
  for (std::int64_t e = exponent < 0 ? -static_cast<std::int64_t>(exponent) : exponent; e > 0;
       e >>= 1) {
    if (e & 1) scale *= base;
    base *= base;
  }
  return static_cast<double>(exponent < 0 ? m / scale : m * scale);
}

bool Decimal::Equivalent(const Decimal& other) const noexcept {
  return Normalize(*this) == Normalize(other);
}

}  // namespace fixwire
