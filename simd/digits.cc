// digits.cc: SWAR decimal parsing and table-driven formatting.
#include "simd/digits.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fixwire::simd {
namespace {

constexpr std::uint64_t kAsciiZeros = 0x3030303030303030ull;

constexpr std::uint64_t kPow10[20] = {
    1ull,
    10ull,
    100ull,
    1000ull,
    10000ull,
    100000ull,
    1000000ull,
    10000000ull,
    100000000ull,
    1000000000ull,
    10000000000ull,
    100000000000ull,
    1000000000000ull,
    10000000000000ull,
    100000000000000ull,
    1000000000000000ull,
    10000000000000000ull,
    100000000000000000ull,
    1000000000000000000ull,
    10000000000000000000ull,
};

// "00" "01" ... "99": two ASCII digits per entry.
constexpr std::array<char, 200> MakeDigitPairs() {
  std::array<char, 200> pairs{};
  for (int i = 0; i < 100; ++i) {
    pairs[2 * i] = static_cast<char>('0' + i / 10);
    pairs[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return pairs;
}
constexpr std::array<char, 200> kDigitPairs = MakeDigitPairs();

inline std::uint64_t Load8(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// LoadPartial returns p[0..n) in the low n bytes (little-endian order), zeros
// above; n is 1..7. Reads exactly n bytes, with at most two loads.
inline std::uint64_t LoadPartial(const char* p, std::size_t n) noexcept {
  if (n >= 4) {
    std::uint32_t lo;
    std::uint32_t hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);  // overlaps lo when n < 8: same bytes, so OR is exact
    return lo | (static_cast<std::uint64_t>(hi) << (8 * (n - 4)));
  }
  if (n >= 2) {
    std::uint16_t lo;
    std::uint16_t hi;
    std::memcpy(&lo, p, 2);
    std::memcpy(&hi, p + n - 2, 2);
    return lo | (static_cast<std::uint64_t>(hi) << (8 * (n - 2)));
  }
  return static_cast<unsigned char>(p[0]);
}

// LoadRightAligned returns eight ASCII bytes: 8 - n '0's followed by p[0..n)
// (n is 1..7), so the eight-digit parser reads it as the n-digit number.
inline std::uint64_t LoadRightAligned(const char* p, std::size_t n) noexcept {
  return (LoadPartial(p, n) << (8 * (8 - n))) | (kAsciiZeros >> (8 * n));
}

// AreEightDigits: every byte of the (little-endian) word is '0'..'9'.
inline bool AreEightDigits(std::uint64_t chunk) noexcept {
  // High nibble of b must be 3, and so must the high nibble of b + 6 (rules
  // out ':'..'?'). A carry out of b + 6 only comes from a byte >= 0xFA, which
  // already fails the first test.
  return ((chunk & 0xF0F0F0F0F0F0F0F0ull) |
          (((chunk + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4)) ==
         0x3333333333333333ull;
}

// ParseEightDigits: eight ASCII digits, first byte most significant, to their value.
inline std::uint32_t ParseEightDigits(std::uint64_t chunk) noexcept {
  std::uint64_t v = chunk - kAsciiZeros;                   // eight values 0..9
  v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFull;         // four 2-digit values in 16-bit lanes
  v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFull;       // two 4-digit values in 32-bit lanes
  return static_cast<std::uint32_t>((v * 10000 + (v >> 32)));  // low 32 bits: the 8-digit value
}

inline std::uint64_t Pair(std::uint32_t two_digits) noexcept {
  std::uint16_t pair;
  std::memcpy(&pair, &kDigitPairs[2 * two_digits], 2);
  return pair;
}

// EightDigits returns x (< 10^8) as eight ASCII digits with leading zeros, the
// first digit in the lowest byte (memory order once stored little-endian):
// four independent pairs from the table.
inline std::uint64_t EightDigits(std::uint32_t x) noexcept {
  const std::uint32_t hi = x / 10000;
  const std::uint32_t lo = x % 10000;
  return Pair(hi / 100) | (Pair(hi % 100) << 16) | (Pair(lo / 100) << 32) | (Pair(lo % 100) << 48);
}

inline void Store8(char* p, std::uint64_t digits) noexcept { std::memcpy(p, &digits, 8); }

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

// StoreLeading writes x (< 10^8) as exactly n digits (n is 1..8, n >= DigitCount(x)).
inline void StoreLeading(char* p, std::uint32_t x, std::size_t n) noexcept {
  if (n <= 2) {
    if (n == 2) {
      std::memcpy(p, &kDigitPairs[2 * x], 2);
    } else {
      p[0] = static_cast<char>('0' + x);
    }
    return;
  }
  if (n <= 4) {
    StoreLow(p, (Pair(x / 100) | (Pair(x % 100) << 16)) >> (8 * (4 - n)), n);
    return;
  }
  StoreLow(p, EightDigits(x) >> (8 * (8 - n)), n);
}

// ParseUpTo19 is ParseUnsigned for size 1..19, where no overflow is possible.
inline bool ParseUpTo19(const char* data, std::size_t size, std::uint64_t* out) noexcept {
  const std::size_t head = size % 8;
  std::uint64_t chunk;
  std::size_t i;
  if (head == 0) {
    chunk = Load8(data);
    i = 8;
  } else if (size > 8) {
    // The first `head` digits: shift out the bytes after them, shift in '0's.
    chunk = (Load8(data) << (8 * (8 - head))) | (kAsciiZeros >> (8 * head));
    i = head;
  } else {
    chunk = LoadRightAligned(data, head);
    i = head;
  }
  if (!AreEightDigits(chunk)) return false;
  std::uint64_t value = ParseEightDigits(chunk);
  for (; i < size; i += 8) {
    chunk = Load8(data + i);
    if (!AreEightDigits(chunk)) return false;
    value = value * 100000000 + ParseEightDigits(chunk);
  }
  *out = value;
  return true;
}

}  // namespace

namespace {

// ParseLong handles every size but 1..8 (0 and above 20 fail), out of line so that the common 1..8 digit
// path saves no registers. Only 20 digits can overflow: the first 19 cannot,
// the last step is checked.
[[gnu::noinline]] bool ParseLong(const char* data, std::size_t size, std::uint64_t* out) noexcept {
  if (size == 0 || size > kMaxUint64Digits) return false;
  if (size < kMaxUint64Digits) return ParseUpTo19(data, size, out);
  std::uint64_t value;
  if (!ParseUpTo19(data, 19, &value)) return false;
  const auto last = static_cast<unsigned char>(data[19] - '0');
  if (last > 9) return false;
  if (__builtin_mul_overflow(value, 10, &value)) return false;
  if (__builtin_add_overflow(value, last, &value)) return false;
  *out = value;
  return true;
}

}  // namespace

bool ParseUnsigned(const char* data, std::size_t size, std::uint64_t* out) noexcept {
  if (__builtin_expect(size - 1 < 8, 1)) {  // 1..8 digits (size 0 wraps)
    if (size <= 2) {  // one or two digits: cheaper byte by byte than a SWAR step
      const unsigned first = static_cast<unsigned char>(data[0]) - unsigned{'0'};
      if (first > 9) return false;
      if (size == 1) {
        *out = first;
        return true;
      }
      const unsigned second = static_cast<unsigned char>(data[1]) - unsigned{'0'};
      if (second > 9) return false;
      *out = first * 10 + second;
      return true;
    }
    const std::uint64_t chunk = size == 8 ? Load8(data) : LoadRightAligned(data, size);
    if (!AreEightDigits(chunk)) return false;
    *out = ParseEightDigits(chunk);
    return true;
  }
  return ParseLong(data, size, out);
}

bool AllDigits(const char* data, std::size_t size) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    if (!AreEightDigits(Load8(data + i))) return false;
  }
  if (i == size) return true;
  return AreEightDigits(LoadRightAligned(data + i, size - i));
}

std::size_t DigitCount(std::uint64_t v) noexcept {
  const int bits = 64 - __builtin_clzll(v | 1);                      // 1..64
  const std::size_t t = static_cast<std::size_t>(bits * 1233) >> 12;  // floor(bits * log10(2))
  return t + ((v | 1) >= kPow10[t] ? 1 : 0);  // v | 1: DigitCount(0) is 1
}

std::size_t FormatUnsigned(std::uint64_t v, char* out) noexcept {
  if (v < 10) {
    out[0] = static_cast<char>('0' + v);
    return 1;
  }
  // The digit count depends on v alone, so it is computed alongside the
  // divisions rather than after them.
  const std::size_t n = DigitCount(v);
  if (v < 100000000) {
    if (n < 2 || n > 8) __builtin_unreachable();
    StoreLeading(out, static_cast<std::uint32_t>(v), n);
    return n;
  }
  if (v < 10000000000000000ull) {
    const std::uint64_t hi = v / 100000000;
    const auto lo = static_cast<std::uint32_t>(v - hi * 100000000);
    if (n < 9 || n > 16) __builtin_unreachable();  // 10^8 <= v < 10^16
    StoreLeading(out, static_cast<std::uint32_t>(hi), n - 8);
    Store8(out + n - 8, EightDigits(lo));
    return n;
  }
  const std::uint64_t top = v / 10000000000000000ull;  // at most 1844
  const std::uint64_t rest = v - top * 10000000000000000ull;
  const std::uint64_t mid = rest / 100000000;
  const auto lo = static_cast<std::uint32_t>(rest - mid * 100000000);
  if (n < 17 || n > 20) __builtin_unreachable();  // v >= 10^16
  StoreLeading(out, static_cast<std::uint32_t>(top), n - 16);
  Store8(out + n - 16, EightDigits(static_cast<std::uint32_t>(mid)));
  Store8(out + n - 8, EightDigits(lo));
  return n;
}

void FormatFixedWidth(std::uint64_t v, std::size_t width, char* out) noexcept {
  if (width == 0) return;  // outside the contract (1..20): write nothing
  if (width < kMaxUint64Digits) v %= kPow10[width];
  while (width > 8) {
    const std::uint64_t q = v / 100000000;
    Store8(out + width - 8, EightDigits(static_cast<std::uint32_t>(v - q * 100000000)));
    v = q;
    width -= 8;
  }
  StoreLeading(out, static_cast<std::uint32_t>(v), width);
}

}  // namespace fixwire::simd
