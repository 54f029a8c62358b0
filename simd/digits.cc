// digits.cc: the out-of-line parts of simd/digits.h: parsing of 9..20 digits
// (and rejecting size 0 / above 20), formatting of values of 17..20 digits,
// AllDigits, DigitCount and FormatFixedWidth. The inline parts are in
// simd/internal/digits_inline.h.
#include "fixwire/simd/digits.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fixwire::simd_internal {
namespace {

// LoadRightAligned returns eight ASCII bytes: 8 - n '0's followed by p[0..n)
// (n is 1..7), so the eight-digit parser reads it as the n-digit number.
inline std::uint64_t LoadRightAligned(const char* p, std::size_t n) noexcept {
  return (LoadPartial(p, n) << (8 * (8 - n))) | (kAsciiZeros >> (8 * n));
}

// StoreLow writes exactly the low n bytes (n is 1..8) of `bytes` to p[0..n),
// with at most two (overlapping) stores.
inline void StoreLow(char* p, std::uint64_t bytes, std::size_t n) noexcept {
  if (n >= 4) {
    const auto first = static_cast<std::uint32_t>(bytes);
    const auto last = static_cast<std::uint32_t>(bytes >> (8 * (n - 4)));
    std::memcpy(p, &first, 4);
    std::memcpy(p + n - 4, &last, 4);
  } else if (n >= 2) {
    const auto first = static_cast<std::uint16_t>(bytes);
    const auto last = static_cast<std::uint16_t>(bytes >> (8 * (n - 2)));
    std::memcpy(p, &first, 2);
    std::memcpy(p + n - 2, &last, 2);
  } else {
    p[0] = static_cast<char>(bytes);
  }
}

// ParseNineTo19 parses size 9..19 digits (no overflow possible): a head of
// 1..8 digits from one 8-byte load at data, '0' subtracted and shifted into the
// top lanes (the bytes after the head, and any borrow into them, are shifted
// out; the lanes below read as leading zeros), then one or two chunks of eight.
// Every load stays inside [data, data + size); one check for all chunks.
inline bool ParseNineTo19(const char* data, std::size_t size, std::uint64_t* out) noexcept {
  const std::size_t head = (size - 1) % 8 + 1;  // 1..8
  const std::uint64_t first = (Load8(data) - kAsciiZeros) << (8 * (8 - head));
  const std::uint64_t second = Load8(data + head) - kAsciiZeros;
  std::uint64_t bad = NonDigitLanes(first) | NonDigitLanes(second);
  std::uint64_t value = std::uint64_t{EightDigitValue(first)} * 100000000 + EightDigitValue(second);
  if (size > 16) {
    const std::uint64_t third = Load8(data + head + 8) - kAsciiZeros;
    bad |= NonDigitLanes(third);
    value = value * 100000000 + EightDigitValue(third);
  }
  if (bad != 0) return false;
  *out = value;
  return true;
}

// StoreLeading writes x (< 10^8) as exactly n digits (n is 1..8, n >= DigitCount(x)).
inline void StoreLeading(char* p, std::uint32_t x, std::size_t n) noexcept {
  StoreLow(p, (EightDigitBytes(x) | kAsciiZeros) >> (8 * (8 - n)), n);
}

}  // namespace

// Every size but 1..8 (0 and above 20 fail). Only 20 digits can overflow: the
// first 19 cannot, the last step is checked.
bool ParseUnsignedLong(const char* data, std::size_t size, std::uint64_t* out) noexcept {
  if (size - 1 < 8) return simd::ParseUnsigned(data, size, out);  // 1..8: the inline paths
  if (size == 0 || size > simd::kMaxUint64Digits) return false;
  if (size < simd::kMaxUint64Digits) return ParseNineTo19(data, size, out);
  std::uint64_t value;
  if (!ParseNineTo19(data, 19, &value)) return false;
  const auto last = static_cast<unsigned char>(data[19] - '0');
  if (last > 9) return false;
  if (__builtin_mul_overflow(value, 10, &value)) return false;
  if (__builtin_add_overflow(value, last, &value)) return false;
  *out = value;
  return true;
}

// v >= 10^16: 17..20 digits, the top (at most 1844) then two groups of eight.
std::size_t FormatUnsignedLong(std::uint64_t v, char* out) noexcept {
  const std::uint64_t top = v / 10000000000000000ull;
  const std::uint64_t rest = v - top * 10000000000000000ull;
  const std::uint64_t mid = rest / 100000000;
  const auto lo = static_cast<std::uint32_t>(rest - mid * 100000000);
  const std::size_t head = FormatBelow1e8(static_cast<std::uint32_t>(top), out);
  Store8(out + head, EightDigitBytes(static_cast<std::uint32_t>(mid)) | kAsciiZeros);
  Store8(out + head + 8, EightDigitBytes(lo) | kAsciiZeros);
  return head + 16;
}

}  // namespace fixwire::simd_internal

namespace fixwire::simd {

namespace si = simd_internal;

bool AllDigits(const char* data, std::size_t size) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    if (!si::AreEightDigits(si::Load8(data + i))) return false;
  }
  if (i == size) return true;
  return si::AreEightDigits(si::LoadRightAligned(data + i, size - i));
}

std::size_t DigitCount(std::uint64_t v) noexcept {
  return static_cast<std::size_t>(si::DecimalDigits(v));
}

void FormatFixedWidth(std::uint64_t v, std::size_t width, char* out) noexcept {
  if (width == 0) return;  // outside the contract (1..20): write nothing
  if (width < kMaxUint64Digits) v %= si::kPowersOf10[width];
  while (width > 8) {
    const std::uint64_t q = v / 100000000;
    si::Store8(out + width - 8, si::EightDigitBytes(static_cast<std::uint32_t>(v - q * 100000000)) |
                                    si::kAsciiZeros);
    v = q;
    width -= 8;
  }
  si::StoreLeading(out, static_cast<std::uint32_t>(v), width);
}

}  // namespace fixwire::simd
