// digits_inline.h: the inline halves of simd/digits.h (included by it; do not
// include directly). The 1..8 digit parse and the 1..16 digit format are
// inline so that a caller pays no call per value; longer inputs and values go
// to the out-of-line functions at the bottom (digits.cc).
//
// Every word here holds ASCII bytes in memory order: the first byte in the
// lowest 8 bits (std::memcpy of a little-endian load/store). Bounds are those
// of digits.h: reads exactly [data, data + size), writes exactly n bytes.
#ifndef FIXWIRE_SIMD_INTERNAL_DIGITS_INLINE_H_
#define FIXWIRE_SIMD_INTERNAL_DIGITS_INLINE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fixwire::simd_internal {

inline constexpr std::uint64_t kAsciiZeros = 0x3030303030303030ull;

// "00" "01" ... "99": two ASCII digits per entry.
constexpr std::array<char, 200> MakeDigitPairs() {
  std::array<char, 200> pairs{};
  for (int i = 0; i < 100; ++i) {
    pairs[2 * i] = static_cast<char>('0' + i / 10);
    pairs[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return pairs;
}
inline constexpr std::array<char, 200> kDigitPairs = MakeDigitPairs();

inline std::uint64_t Load8(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline void Store8(char* p, std::uint64_t bytes) noexcept { std::memcpy(p, &bytes, 8); }

// AreEightDigitValues: given v = chunk - kAsciiZeros (one subtraction over
// the whole word), every byte of chunk was '0'..'9'. The lowest byte that is
// not a digit shows in bit 7 of its lane: below '0' it borrows (lane >= 0xCF),
// above '9' either the lane is >= 0x80 or lane + 0x76 is (lanes below it are
// digits, so no borrow or carry reaches it). Digits give lanes 0..9, and
// 0..9 + 0x76 stays below 0x80.
inline bool AreEightDigitValues(std::uint64_t v) noexcept {
  return ((v | (v + 0x7676767676767676ull)) & 0x8080808080808080ull) == 0;
}

// AreEightDigits: every byte of the word is '0'..'9'.
inline bool AreEightDigits(std::uint64_t chunk) noexcept { return AreEightDigitValues(chunk - kAsciiZeros); }

// EightDigitValue: eight digit values 0..9 (first, most significant, in the
// lowest byte) to their number: pairs, then 4-digit groups, then the value,
// each step one multiply-shift over all lanes at once.
inline std::uint32_t EightDigitValue(std::uint64_t v) noexcept {
  v = v * 10 + (v >> 8);                                       // bytes 0, 2, 4, 6: the pairs (odd bytes junk)
  v = ((v & 0x00FF00FF00FF00FFull) * (1 + (100ull << 16))) >> 16;  // 16-bit lanes 0, 2: 4-digit groups
  return static_cast<std::uint32_t>(((v & 0x0000FFFF0000FFFFull) * (1 + (10000ull << 32))) >> 32);
}

// EightDigitBytes returns x (< 10^8) as eight digit values 0..9 with leading
// zeros, the first digit in the lowest byte (add kAsciiZeros for ASCII).
// SWAR: two 4-digit halves in 32-bit lanes (x + q * (2^32 - 10^4) moves the
// quotient q up a lane and leaves the remainder), then each lane splits into
// quotient and remainder by 100, then each 16-bit lane by 10 (the divisions by
// multiply-shift are exact for these ranges); built most significant part
// highest, then byte-swapped into memory order.
inline std::uint64_t EightDigitBytes(std::uint32_t x) noexcept {
  const std::uint64_t hi = x / 10000;
  std::uint64_t v = x + hi * ((1ull << 32) - 10000);              // lane 0: x % 10000, lane 1: hi
  std::uint64_t q = ((v * 5243) >> 19) & 0x0000007F0000007Full;    // lane / 100 (exact below 43699)
  v += q * (0x10000 - 100);                                         // lane: (q << 16) + lane % 100
  q = ((v * 103) >> 10) & 0x000F000F000F000Full;                    // 16-bit lane / 10 (exact below 179)
  v += q * (0x100 - 10);                                            // lane: (q << 8) + lane % 10
  return __builtin_bswap64(v);
}

// Pair returns the two ASCII digits of x (< 100) in the low 16 bits, in memory order.
inline std::uint32_t Pair(std::uint32_t x) noexcept {
  std::uint16_t pair;
  std::memcpy(&pair, &kDigitPairs[2 * x], 2);
  return pair;
}

// FormatBelow1e8 writes x (< 10^8) without leading zeros; returns the count.
// One or two digits: a byte or a table pair; three or four: two table pairs;
// five to eight: the SWAR digit bytes, whose low zero bytes are the leading zeros.
inline std::size_t FormatBelow1e8(std::uint32_t x, char* out) noexcept {
  if (x < 100) {
    if (x < 10) {
      out[0] = static_cast<char>('0' + x);
      return 1;
    }
    std::memcpy(out, &kDigitPairs[2 * x], 2);
    return 2;
  }
  if (x < 10000) {
    const std::uint32_t hi = x / 100;
    const std::uint32_t four = Pair(hi) | (Pair(x - hi * 100) << 16);
    if (x >= 1000) {
      std::memcpy(out, &four, 4);
      return 4;
    }
    const auto last = static_cast<std::uint16_t>(four >> 16);
    out[0] = static_cast<char>(four >> 8);
    std::memcpy(out + 1, &last, 2);
    return 3;
  }
  const std::uint64_t digits = EightDigitBytes(x);
  // x >= 10^4: at most 3 leading zero bytes, so n is 5..8.
  const unsigned zero_bits = static_cast<unsigned>(__builtin_ctzll(digits)) & ~7u;
  const std::size_t n = 8 - zero_bits / 8;
  const std::uint64_t ascii = (digits >> zero_bits) | kAsciiZeros;
  const auto first = static_cast<std::uint32_t>(ascii);
  const auto last = static_cast<std::uint32_t>(ascii >> (8 * (n - 4)));
  std::memcpy(out, &first, 4);
  std::memcpy(out + n - 4, &last, 4);  // overlaps first unless n is 8
  return n;
}

// The out-of-line rest (digits.cc): ParseUnsignedLong takes sizes 0 and 9 and up.
[[nodiscard]] bool ParseUnsignedLong(const char* data, std::size_t size, std::uint64_t* out) noexcept;
std::size_t FormatUnsignedLong(std::uint64_t v, char* out) noexcept;

}  // namespace fixwire::simd_internal

namespace fixwire::simd {

inline bool ParseUnsigned(const char* data, std::size_t size, std::uint64_t* out) noexcept {
  namespace si = simd_internal;
  if (size == 8) {  // dates (YYYYMMDD), sequence numbers: one load
    const std::uint64_t v = si::Load8(data) - si::kAsciiZeros;
    if (!si::AreEightDigitValues(v)) return false;
    *out = si::EightDigitValue(v);
    return true;
  }
  if (size - 3 < 5) {  // 3..7 digits
    // Two overlapping loads, '0' subtracted from every lane, then shifted up
    // so that the digits end in the top lane: the lanes below read as leading
    // zeros, the lanes above the digits (and any borrow into them) are
    // shifted out. (raw - zeros) << s is (raw << s) - (zeros << s).
    std::uint64_t raw;
    if (size >= 4) {
      std::uint32_t lo;
      std::uint32_t hi;
      std::memcpy(&lo, data, 4);
      std::memcpy(&hi, data + size - 4, 4);
      raw = lo | (static_cast<std::uint64_t>(hi) << (8 * (size - 4)));
    } else {
      std::uint16_t lo;
      std::memcpy(&lo, data, 2);
      raw = lo | (static_cast<std::uint64_t>(static_cast<unsigned char>(data[2])) << 16);
    }
    const unsigned shift = (0u - 8 * static_cast<unsigned>(size)) & 63;  // 64 - 8 * size: 8..40
    const std::uint64_t v = (raw - si::kAsciiZeros) << shift;
    if (!si::AreEightDigitValues(v)) return false;
    *out = si::EightDigitValue(v);
    return true;
  }
  if (size - 1 < 2) {  // one or two digits: cheaper byte by byte than a SWAR step
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
  return si::ParseUnsignedLong(data, size, out);
}

inline std::size_t FormatUnsigned(std::uint64_t v, char* out) noexcept {
  namespace si = simd_internal;
  if (v < 100000000) return si::FormatBelow1e8(static_cast<std::uint32_t>(v), out);
  if (v < 10000000000000000ull) {  // 9..16 digits: the head, then eight
    const std::uint64_t hi = v / 100000000;
    const auto lo = static_cast<std::uint32_t>(v - hi * 100000000);
    const std::size_t head = si::FormatBelow1e8(static_cast<std::uint32_t>(hi), out);
    si::Store8(out + head, si::EightDigitBytes(lo) | si::kAsciiZeros);
    return head + 8;
  }
  return si::FormatUnsignedLong(v, out);
}

}  // namespace fixwire::simd

#endif  // FIXWIRE_SIMD_INTERNAL_DIGITS_INLINE_H_
