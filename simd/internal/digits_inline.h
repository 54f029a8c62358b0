// digits_inline.h: the inline halves of simd/digits.h (included by it; do not
// include directly): its word-at-a-time building blocks and tables (one
// implementation, which the codec's parsers and formatters share), then the
// steps only //simd uses (namespace simd_internal). The 1..8 digit parse and
// the 1..16 digit format are inline so that a caller pays no call per value;
// longer inputs and values go to the out-of-line functions at the bottom (digits.cc).
//
// Every word here holds ASCII bytes in memory order: the first byte in the
// lowest 8 bits (std::memcpy of a little-endian load/store). Bounds are those
// of digits.h: reads exactly [data, data + size), writes exactly n bytes.
// Baseline x86-64 only (SSE2 is part of it); no other ISA flags.
#ifndef FIXWIRE_SIMD_INTERNAL_DIGITS_INLINE_H_
#define FIXWIRE_SIMD_INTERNAL_DIGITS_INLINE_H_

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fixwire/simd/internal/load_inline.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fixwire::simd {

inline constexpr std::uint64_t kAsciiZeros = 0x3030303030303030ull;

// "00" "01" ... "99": two ASCII digits per entry (pairs[2 * i], pairs[2 * i + 1]).
struct DigitPairTable {
  char pairs[200];
};
inline constexpr DigitPairTable kDigitPairs = [] {
  DigitPairTable t{};
  for (int i = 0; i < 100; ++i) {
    t.pairs[2 * i] = static_cast<char>('0' + i / 10);
    t.pairs[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return t;
}();

// kPowersOf10[i] is 10^i, i = 0..19.
inline constexpr std::array<std::uint64_t, 20> kPowersOf10 = [] {
  std::array<std::uint64_t, 20> p{};
  std::uint64_t x = 1;
  for (std::uint64_t& e : p) {
    e = x;
    x *= 10;
  }
  return p;
}();

// DecimalDigits: floor(bit_width * log10(2)) is the count or one less,
// settled by one compare with a power of ten. v | 1 has v's count, and one
// digit for 0.
constexpr int DecimalDigits(std::uint64_t v) noexcept {
  const std::uint64_t x = v | 1;
  const int t = (static_cast<int>(std::bit_width(x)) * 1233) >> 12;
  return t + (x >= kPowersOf10[static_cast<std::size_t>(t)] ? 1 : 0);
}

// NonDigitLanes, given v = chunk - kAsciiZeros (one subtraction over the
// whole word): the lowest byte of chunk that is not a digit shows in bit 7
// of its lane: below '0' it borrows (lane >= 0xCF), above '9' either the
// lane is >= 0x80 or lane + 0x76 is (lanes below it are digits, so no borrow
// or carry reaches it). Digits give lanes 0..9, and 0..9 + 0x76 stays below 0x80.
inline std::uint64_t NonDigitLanes(std::uint64_t v) noexcept {
  return (v | (v + 0x7676767676767676ull)) & 0x8080808080808080ull;
}
inline bool AreEightDigitValues(std::uint64_t v) noexcept { return NonDigitLanes(v) == 0; }

inline bool AreEightDigits(std::uint64_t chunk) noexcept {
  return AreEightDigitValues(chunk - kAsciiZeros);
}

// EightDigitValue: pairs, then 4-digit groups, then the value, each step one
// multiply-shift over all lanes at once. (The last step on 32-bit registers
// needs no 64-bit constants; a 64-bit masked multiply by 1 + 10^4 << 32
// instead costs one instruction more per call.)
inline std::uint32_t EightDigitValue(std::uint64_t v) noexcept {
  v = v * 10 + (v >> 8);  // bytes 0, 2, 4, 6: the pairs (odd bytes junk)
  v = ((v & 0x00FF00FF00FF00FFull) * (1 + (100ull << 16))) >>
      16;  // 16-bit lanes 0, 2: 4-digit groups
  return static_cast<std::uint32_t>(static_cast<std::uint16_t>(v) * 10000u +
                                    static_cast<std::uint32_t>(v >> 32));
}

// ParseUpToFourDigits works in 32-bit arithmetic (two multiplies, no 64-bit
// constants): '0' is subtracted from every lane, then the digits are shifted
// into the top lanes: the lanes below read as leading zeros, the lanes above
// (and any borrow into them) are shifted out, and the check is that of
// NonDigitLanes.
inline bool ParseUpToFourDigits(const char* p, std::size_t n, std::uint32_t* out) noexcept {
  std::uint32_t w;  // p[0..n) in the low n bytes
  if (n >= 2) {
    std::uint16_t lo;
    std::uint16_t hi;
    std::memcpy(&lo, p, 2);
    std::memcpy(&hi, p + n - 2, 2);  // overlaps lo for n < 4: the shared byte is equal
    w = lo | static_cast<std::uint32_t>(hi) << (8 * (n - 2));
  } else {
    w = static_cast<unsigned char>(p[0]);
  }
  const std::uint32_t x = (w - 0x30303030u) << ((0u - 8 * static_cast<unsigned>(n)) & 31);
  if (((x | (x + 0x76767676u)) & 0x80808080u) != 0) return false;
  const std::uint32_t pairs = (x * (10 * 256 + 1)) >> 8 & 0x00FF00FFu;  // bytes 0, 2: two pairs
  *out = (pairs * ((100u << 16) + 1)) >> 16;
  return true;
}

}  // namespace fixwire::simd

namespace fixwire::simd_internal {

// The building blocks under simd's own names too (one definition).
using simd::AreEightDigits;
using simd::AreEightDigitValues;
using simd::DecimalDigits;
using simd::DigitPairTable;
using simd::EightDigitValue;
using simd::kAsciiZeros;
using simd::kDigitPairs;
using simd::kPowersOf10;
using simd::Load8;
using simd::LoadPartial;
using simd::NonDigitLanes;
using simd::ParseUpToFourDigits;
using simd::Store8;

// DivBelow1e10By1e8 and DivBelow1e10By1e4 are v / 10^8 and v / 10^4 for v
// below 10^10 by one multiply-shift each (no 128-bit multiply): the divisor's
// factor 2^8 (2^4) shifted out first, then n / d as n * m >> k with m =
// ceil(2^k / d); that is exact while n * (m * d - 2^k) < 2^k, checked below.
inline constexpr std::uint64_t kMulBy1e8 = 90071993;    // ceil(2^45 / 390625), 10^8 = 2^8 * 390625
inline constexpr std::uint64_t kMulBy1e4 = 1759218605;  // ceil(2^40 / 625), 10^4 = 2^4 * 625
static_assert((9999999999ull >> 8) * (kMulBy1e8 * 390625 - (1ull << 45)) < (1ull << 45));
static_assert((9999999999ull >> 4) * (kMulBy1e4 * 625 - (1ull << 40)) < (1ull << 40));
static_assert(kMulBy1e4 < (1ull << 31));  // an imul immediate
inline std::uint64_t DivBelow1e10By1e8(std::uint64_t v) noexcept {
  return ((v >> 8) * kMulBy1e8) >> 45;
}
inline std::uint64_t DivBelow1e10By1e4(std::uint64_t v) noexcept {
  return ((v >> 4) * kMulBy1e4) >> 40;
}

// QuadHalvesBelow1e10 is QuadHalves(mid, low) of the low eight digits of v
// (below 10^10), given q4 = v / 10^4 and hi = v / 10^8: mid = q4 - 10^4 hi,
// low = v - 10^4 q4, and 4 mid + 2^18 low = 2^18 v + (4 - 2^16 * 40000) q4 -
// 40000 hi, taken modulo 2^32 (both halves fit their 16 bits, so nothing
// carries between them): three multiplies by constants and no subtraction
// per half.
inline constexpr std::uint32_t kQuadQ4Factor = static_cast<std::uint32_t>(4 - (40000ull << 16));
static_assert(kQuadQ4Factor < (1u << 31));  // an imul immediate
inline std::uint32_t QuadHalvesBelow1e10(std::uint64_t v, std::uint64_t q4, std::uint64_t hi) noexcept {
  return static_cast<std::uint32_t>(v << 18) + static_cast<std::uint32_t>(q4) * kQuadQ4Factor -
         static_cast<std::uint32_t>(hi) * 40000u;
}

// The eight-digit step: high * 10^4 + low (both below 10^4) as eight digit
// values 0..9 with leading zeros, the first digit in the lowest byte (OR
// kAsciiZeros for ASCII). Two implementations with the same result; tests
// compare both with the byte-at-a-time reference.
//
// EightDigitBytesSwar (portable): the halves in 32-bit lanes (most
// significant highest), each lane split into quotient and remainder by 100,
// then each 16-bit lane by 10 (lane-parallel multiply-shifts, exact for these
// ranges), then byte-swapped into memory order. Six dependent multiplies.
inline std::uint64_t EightDigitBytesSwar(std::uint32_t high, std::uint32_t low) noexcept {
  std::uint64_t v = low | (std::uint64_t{high} << 32);
  std::uint64_t q = ((v * 5243) >> 19) & 0x0000007F0000007Full;  // lane / 100 (exact below 43699)
  v += q * (0x10000 - 100);                                      // lane: (q << 16) + lane % 100
  q = ((v * 103) >> 10) & 0x000F000F000F000Full;  // 16-bit lane / 10 (exact below 179)
  v += q * (0x100 - 10);                          // lane: (q << 8) + lane % 10
  return __builtin_bswap64(v);
}

#if defined(__SSE2__)
// EightDigitBytesSse2 (SSE2 is part of baseline x86-64): each half copied to
// four 16-bit lanes, lane i of a half y becomes t_i = y / 10^(3-i) (y, 1234,
// gives 1, 12, 123, 1234), and the digits are t_i - 10 * t_(i-1). The
// divisions are two unsigned multiply-highs per lane on 4y (below 2^16):
// floor(floor(4y * m / 2^16) * 2^(16-s) / 2^16) = floor(y * m / 2^(14+s)),
// with m = ceil(2^(14+s) / d) and y * (m * d - 2^(14+s)) < 2^(14+s) for
// y <= 9999, so exact: d = 1000: m 33555, s 11; d = 100: m 41944, s 8;
// d = 10: m 52429, s 5; d = 1: m 2^15, s 1. The multiplies run in the vector
// unit, which leaves the scalar multiplier to the caller's divisions.
//
// EightDigitVectorSse2 takes the halves as one word, 4 * high | (4 * low) << 16
// (QuadHalves), and returns the eight digit values in the low 8 bytes.
inline __m128i EightDigitVectorSse2(std::uint32_t quad_halves) noexcept {
  __m128i x = _mm_cvtsi32_si128(static_cast<int>(quad_halves));  // 16-bit lanes: 4 high, 4 low
  x = _mm_unpacklo_epi16(x, x);
  x = _mm_unpacklo_epi32(x, x);  // lanes 0..3: 4 high, lanes 4..7: 4 low
  constexpr auto u16 = [](unsigned lane) {
    return static_cast<short>(static_cast<std::uint16_t>(lane));
  };  // unsigned lanes
  const __m128i m = _mm_setr_epi16(u16(33555), u16(41944), u16(52429), u16(1u << 15), u16(33555),
                                   u16(41944), u16(52429), u16(1u << 15));
  const __m128i shift = _mm_setr_epi16(u16(1u << 5), u16(1u << 8), u16(1u << 11), u16(1u << 15),
                                       u16(1u << 5), u16(1u << 8), u16(1u << 11), u16(1u << 15));
  const __m128i t = _mm_mulhi_epu16(_mm_mulhi_epu16(x, m), shift);  // t_i per half
  __m128i ten = _mm_set1_epi16(10);
#if defined(__GNUC__)
  // Opaque to the optimizer: one pmullw instead of the four shift/add
  // instructions gcc otherwise makes of * 10 (the asm is pure, so a loop
  // still keeps the constant in a register).
  asm("" : "+x"(ten));
#endif
  const __m128i prev10 = _mm_slli_epi64(_mm_mullo_epi16(t, ten), 16);  // 10 * t_(i-1), 0 for i = 0
  const __m128i digits = _mm_sub_epi16(t, prev10);
  return _mm_packus_epi16(digits, digits);
}
#endif

// QuadHalves: the halves (both below 10^4) as the SSE2 step takes them.
inline std::uint32_t QuadHalves(std::uint32_t high, std::uint32_t low) noexcept {
  return (high << 2) | (low << 18);
}

#if defined(__SSE2__)
inline std::uint64_t EightDigitBytesSse2(std::uint32_t high, std::uint32_t low) noexcept {
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(EightDigitVectorSse2(QuadHalves(high, low))));
}
#endif

inline std::uint64_t EightDigitBytesOfHalves(std::uint32_t high, std::uint32_t low) noexcept {
#if defined(__SSE2__)
  return EightDigitBytesSse2(high, low);
#else
  return EightDigitBytesSwar(high, low);
#endif
}

// StoreEightAscii writes the eight-digit step of QuadHalves(high, low) as
// ASCII to out[0..8): with SSE2 straight from the vector register (the '0's
// ORed there, one 8-byte store).
inline void StoreEightAscii(char* out, std::uint32_t quad_halves) noexcept {
#if defined(__SSE2__)
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out),
                   _mm_or_si128(EightDigitVectorSse2(quad_halves), _mm_set1_epi8('0')));
#else
  Store8(out, EightDigitBytesSwar((quad_halves & 0xFFFF) >> 2, quad_halves >> 18) | kAsciiZeros);
#endif
}

}  // namespace fixwire::simd_internal

namespace fixwire::simd {

inline std::uint64_t EightDigitBytes(std::uint32_t x) noexcept {
  const std::uint32_t high = x / 10000;
  return simd_internal::EightDigitBytesOfHalves(high, x - high * 10000);
}

}  // namespace fixwire::simd

namespace fixwire::simd_internal {

using simd::EightDigitBytes;

// Pair returns the two ASCII digits of x (< 100) in the low 16 bits, in memory order.
inline std::uint32_t Pair(std::uint32_t x) noexcept {
  std::uint16_t pair;
  std::memcpy(&pair, &kDigitPairs.pairs[2 * x], 2);
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
    std::memcpy(out, &kDigitPairs.pairs[2 * x], 2);
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
[[nodiscard]] bool ParseUnsignedLong(const char* data, std::size_t size,
                                     std::uint64_t* out) noexcept;
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
  if (v < 10000000000ull) {  // 9..10 digits: a head of one or two digits, then eight
    // The head (v / 10^8) and the two 4-digit halves of the rest (from v / 10^4)
    // come from v independently, so the digit steps start after one multiply.
    const std::uint64_t hi = si::DivBelow1e10By1e8(v);
    const std::uint64_t q4 = si::DivBelow1e10By1e4(v);
    const std::uint32_t quad = si::QuadHalvesBelow1e10(v, q4, hi);
    if (hi >= 10) {
      std::memcpy(out, &si::kDigitPairs.pairs[2 * hi], 2);
      si::StoreEightAscii(out + 2, quad);
      return 10;
    }
    out[0] = static_cast<char>('0' + hi);
    si::StoreEightAscii(out + 1, quad);
    return 9;
  }
  if (v < 10000000000000000ull) {  // 11..16 digits: the head, then eight
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
