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

inline void WritePair(char* p, std::uint32_t two_digits) noexcept {
  std::memcpy(p, &kDigitPairs[2 * two_digits], 2);
}

// WriteEight writes x (< 10^8) as exactly eight digits to p[0..8).
inline void WriteEight(char* p, std::uint32_t x) noexcept {
  const std::uint32_t hi = x / 10000;
  const std::uint32_t lo = x % 10000;
  WritePair(p, hi / 100);
  WritePair(p + 2, hi % 100);
  WritePair(p + 4, lo / 100);
  WritePair(p + 6, lo % 100);
}

// WriteUpToEight writes x (< 10^8) as `n` digits ending at end (n = DigitCount(x) or more).
inline void WriteSmall(char* end, std::uint32_t x, std::size_t n) noexcept {
  while (n >= 2) {
    end -= 2;
    WritePair(end, x % 100);
    x /= 100;
    n -= 2;
  }
  if (n == 1) end[-1] = static_cast<char>('0' + x);
}

}  // namespace

bool ParseUnsigned(const char* data, std::size_t size, std::uint64_t* out) noexcept {
  if (size == 0 || size > kMaxUint64Digits) return false;
  std::uint64_t value = 0;
  std::size_t head = size % 8;
  if (head != 0) {
    const std::uint64_t chunk = LoadRightAligned(data, head);
    if (!AreEightDigits(chunk)) return false;
    value = ParseEightDigits(chunk);
  }
  for (std::size_t i = head; i < size; i += 8) {
    const std::uint64_t chunk = Load8(data + i);
    if (!AreEightDigits(chunk)) return false;
    // Only a 20-digit input can overflow (value < 10^12 before its last step).
    if (__builtin_mul_overflow(value, 100000000ull, &value)) return false;
    if (__builtin_add_overflow(value, ParseEightDigits(chunk), &value)) return false;
  }
  *out = value;
  return true;
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
  const int bits = 64 - __builtin_clzll(v | 1);                // 1..64
  const std::size_t t = static_cast<std::size_t>(bits * 1233) >> 12;  // floor(bits * log10(2))
  return t + ((v | 1) >= kPow10[t] ? 1 : 0);  // v | 1: DigitCount(0) is 1
}

std::size_t FormatUnsigned(std::uint64_t v, char* out) noexcept {
  const std::size_t n = DigitCount(v);
  char* end = out + n;
  std::size_t left = n;
  while (left > 8) {
    const std::uint64_t q = v / 100000000;
    WriteEight(end - 8, static_cast<std::uint32_t>(v - q * 100000000));
    v = q;
    end -= 8;
    left -= 8;
  }
  WriteSmall(end, static_cast<std::uint32_t>(v), left);
  return n;
}

void FormatFixedWidth(std::uint64_t v, std::size_t width, char* out) noexcept {
  if (width < kMaxUint64Digits) v %= kPow10[width];
  char* end = out + width;
  std::size_t left = width;
  while (left > 8) {
    const std::uint64_t q = v / 100000000;
    WriteEight(end - 8, static_cast<std::uint32_t>(v - q * 100000000));
    v = q;
    end -= 8;
    left -= 8;
  }
  WriteSmall(end, static_cast<std::uint32_t>(v), left);
}

}  // namespace fixwire::simd
