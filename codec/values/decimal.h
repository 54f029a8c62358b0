// decimal.h: an exact decimal number, as FIX prices, quantities and amounts are.
//
// Decimal{mantissa, exponent} is mantissa * 10^exponent, exactly: "123.45" is
// {12345, -2}, "-0.001" is {-1, -3}, "100" is {100, 0}. Parsing keeps every
// digit given (trailing zeros included: "1.50" is {150, -2}) so that values
// re-encode byte for byte; compare with Equivalent() for numeric equality.
// A plain value type: copy freely, no allocation.
#ifndef FIXWIRE_VALUES_DECIMAL_H_
#define FIXWIRE_VALUES_DECIMAL_H_

#include <cstdint>

namespace fixwire {

struct Decimal {
  std::int64_t mantissa = 0;
  std::int32_t exponent = 0;  // power of ten; <= 0 for values written with a '.'

  friend constexpr bool operator==(const Decimal&, const Decimal&) = default;

  // ToDouble returns the nearest double (one correctly rounded division or
  // multiplication by a power of ten for |exponent| <= 22).
  double ToDouble() const noexcept;

  // Equivalent reports numeric equality ({150,-2} is equivalent to {15,-1}).
  bool Equivalent(const Decimal& other) const noexcept;
};

}  // namespace fixwire

#endif  // FIXWIRE_VALUES_DECIMAL_H_
