// format_int.h: decimal integer formatting for the encoder (internal).
//
// The encoder's names for the digit code of simd/digits.h: the digit pair
// table, the powers of ten, the digit count, the eight-digit step and
// FormatUnsigned are simd's (one implementation, tested there against
// byte-at-a-time references); this header adds the encoder's shapes of them:
// writing backward to an end, signed values, fixed widths known at compile
// time, "<tag>=" words, and the *Wide variants, which write a tag or a value
// below 10^8 as one 8-byte word store (the digits computed in a register). A
// constant tag (the common case, `encoder.AddInt(38, qty)`) folds to a few
// stores at -O3 (TagWord and CountDigits are constexpr).
//
// Bounds: every function writes exactly the bytes it reports (returned end
// pointer or stated width) and never reads, except the *Wide ones, which
// may store up to 8 bytes at their start however short the text (the bytes
// past the returned end are scratch); the caller guarantees the room (at
// most kMaxUnsignedChars, kMaxSignedChars, and 8). No allocation, never fails.
#ifndef FIXWIRE_ENCODE_INTERNAL_FORMAT_INT_H_
#define FIXWIRE_ENCODE_INTERNAL_FORMAT_INT_H_

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fixwire/encode/internal/running_sum.h"
#include "fixwire/simd/digits.h"

namespace fixwire::codec_internal {

inline constexpr std::size_t kMaxUnsignedChars = 20;  // 18446744073709551615
inline constexpr std::size_t kMaxSignedChars = 20;    // -9223372036854775808

using simd::DigitPairTable;
using simd::kDigitPairs;  // kDigitPairs.pairs: "00" "01" ... "99"
using simd::kPowersOf10;  // kPowersOf10[i] is 10^i, i = 0..19

// CountDigits returns the number of decimal digits of v (1 for 0).
constexpr int CountDigits(std::uint64_t v) noexcept { return simd::DecimalDigits(v); }

// WritePair writes the two digits of v (0..99) to out[0..2).
[[gnu::always_inline]] inline void WritePair(char* out, unsigned v) noexcept {
  std::memcpy(out, &kDigitPairs.pairs[2 * v], 2);
}

// WriteUnsigned writes v without leading zeros; returns the end.
[[gnu::always_inline]] inline char* WriteUnsigned(char* out, std::uint64_t v) noexcept {
  return out + simd::FormatUnsigned(v, out);
}

// WriteDigitsBackward writes v's digits so that the last one lands at end[-1]
// (CountDigits(v) bytes before it); no padding.
[[gnu::always_inline]] inline void WriteDigitsBackward(char* end, std::uint64_t v) noexcept {
  WriteUnsigned(end - CountDigits(v), v);
}

// WriteSigned writes v with a leading '-' when negative; returns the end.
inline char* WriteSigned(char* out, std::int64_t v) noexcept {
  std::uint64_t magnitude = static_cast<std::uint64_t>(v);
  if (v < 0) {
    *out++ = '-';
    magnitude = 0 - magnitude;  // well defined for INT64_MIN
  }
  return WriteUnsigned(out, magnitude);
}

// EightDigitWord returns v (below 10^8) as eight ASCII digits, zero padded,
// as the little-endian bytes of a word (the most significant digit first in
// memory): simd's eight-digit step, no table and no loop.
[[gnu::always_inline]] inline std::uint64_t EightDigitWord(std::uint32_t v) noexcept {
  return simd::EightDigitBytes(v) | simd::kAsciiZeros;
}

// kDigitCountSteps[i], for the values of bit width i + 1 (2^i .. 2^(i+1) - 1,
// which share their digit count d or cross one power of ten p = 10^d):
// (d << 32) + 2^32 - p, so that (v + entry) >> 32 is d, plus one from v >= p
// on (the carry out of the low half); d << 32 when p is beyond 32 bits.
inline constexpr std::array<std::uint64_t, 32> kDigitCountSteps = [] {
  std::array<std::uint64_t, 32> t{};
  for (int i = 0; i < 32; ++i) {
    const std::uint64_t low = std::uint64_t{1} << i;
    const auto d = static_cast<std::uint64_t>(simd::DecimalDigits(low));
    const std::uint64_t p = kPowersOf10[d];
    t[static_cast<std::size_t>(i)] = p < (std::uint64_t{1} << 32) ? (d << 32) + ((std::uint64_t{1} << 32) - p) : d << 32;
  }
  return t;
}();

// DigitsBelow10To8 returns the number of digits of v (1..99999999; any v
// below 2^32 in fact): one table step indexed by the bit width, no branch,
// so that the end of the text (the next field's position) does not wait for
// the digits themselves.
// (A size_t, so that callers add it to pointers without a sign extension.)
[[gnu::always_inline]] inline std::size_t DigitsBelow10To8(std::uint32_t v) noexcept {
  const int width_index = 31 - __builtin_clz(v | 1);
  return static_cast<std::size_t>((v + kDigitCountSteps[static_cast<std::size_t>(width_index)]) >> 32);
}

// kShortLengthTexts[v], for v below 1000 (a BodyLength of one to three
// digits, most messages): bytes 0..2 v's digits right-aligned (padded with
// '0' in front), byte 3 SOH, byte 4 the digit count, byte 5 the byte sum of
// the digits (at most 3 * '9' = 171), bytes 6..7 zero. Stored as its low four
// bytes so that SOH lands right before the body; 8 KiB of constant data.
inline constexpr std::array<std::uint64_t, 1000> kShortLengthTexts = [] {
  std::array<std::uint64_t, 1000> t{};
  for (std::uint32_t v = 0; v < 1000; ++v) {
    const std::uint64_t d0 = '0' + v / 100, d1 = '0' + v / 10 % 10, d2 = '0' + v % 10;
    const std::uint64_t n = v >= 100 ? 3 : v >= 10 ? 2 : 1;
    const std::uint64_t digit_sum = (n == 3 ? d0 : 0) + (n >= 2 ? d1 : 0) + d2;
    t[v] = d0 | (d1 << 8) | (d2 << 16) | (std::uint64_t{1} << 24) | (n << 32) | (digit_sum << 40);
  }
  return t;
}();

// WriteUnsignedWide is WriteUnsigned for a caller with at least 8 bytes of
// room at `out` (the bytes after the digits are scratch): a value below 10^8
// (most quantities, counts and sequence numbers) is one store of its digits,
// no loop; below 100 one digit pair, below 10^4 from two digit pairs, above
// from the eight-digit step.
// `sum` receives the digits (running_sum.h).
template <typename Sum = NoSum>
[[gnu::always_inline]] inline char* WriteUnsignedWide(char* out, std::uint64_t v, Sum&& sum = Sum{}) noexcept {
  if (v < 10000) {
    if (v < 100) {
      // One or two digits (group counts, levels, small flags): one digit
      // pair from the table, its '0' shifted out below 10.
      const int one_digit = v < 10 ? 1 : 0;
      std::uint16_t pair;
      std::memcpy(&pair, &kDigitPairs.pairs[2 * v], 2);
      const auto digits = static_cast<std::uint16_t>(pair >> (8 * one_digit));
      std::memcpy(out, &digits, 2);
      sum.Word(digits);
      return out + 2 - one_digit;
    }
    // Three or four digits (small quantities, most sequence numbers of a
    // session's day): two digit pairs from the table, cheaper than the
    // eight-digit step.
    const auto x = static_cast<std::uint32_t>(v);
    const std::uint32_t high = x / 100;
    std::uint16_t hi_pair, lo_pair;
    std::memcpy(&hi_pair, &kDigitPairs.pairs[2 * high], 2);
    std::memcpy(&lo_pair, &kDigitPairs.pairs[2 * (x - high * 100)], 2);
    // One compare for both the shift and the size.
    const std::size_t three = x < 1000 ? 1 : 0;
    const std::uint32_t four = hi_pair | (std::uint32_t{lo_pair} << 16);
    const std::uint64_t digits = std::uint64_t{four >> (8 * three)};
    std::memcpy(out, &digits, 8);
    sum.Word(digits);
    return out + 4 - three;
  }
  if (v < 100000000) [[likely]] {
    const std::size_t n = DigitsBelow10To8(static_cast<std::uint32_t>(v));
    const std::uint64_t digits = EightDigitWord(static_cast<std::uint32_t>(v)) >> (8 * (8 - n));
    std::memcpy(out, &digits, 8);
    sum.Word(digits);
    return out + n;
  }
  sum.Invalidate();
  return WriteUnsigned(out, v);
}

// WriteSignedWide is WriteSigned with WriteUnsignedWide's 8 bytes of room
// (after the sign).
template <typename Sum = NoSum>
[[gnu::always_inline]] inline char* WriteSignedWide(char* out, std::int64_t v, Sum&& sum = Sum{}) noexcept {
  std::uint64_t magnitude = static_cast<std::uint64_t>(v);
  if (v < 0) {
    *out++ = '-';
    sum.Add('-');
    magnitude = 0 - magnitude;
  }
  return WriteUnsignedWide(out, magnitude, sum);
}

// WriteFixedDigits writes v (below 10^kWidth) as exactly kWidth digits, zero
// padded, to out[0..kWidth): the eight-digit step, then the last kWidth bytes
// of the word (for 9 and 10 digits, a head of v / 10^8 from the pair table).
template <int kWidth>
[[gnu::always_inline]] inline void WriteFixedDigits(char* out, std::uint32_t v) noexcept {
  static_assert(kWidth >= 1 && kWidth <= 10);
  if constexpr (kWidth <= 8) {
    const std::uint64_t word = EightDigitWord(v) >> (8 * (8 - kWidth));
    std::memcpy(out, &word, kWidth);
  } else {
    const std::uint32_t head = v / 100000000;
    const std::uint64_t word = EightDigitWord(v - head * 100000000);
    std::memcpy(out, &kDigitPairs.pairs[2 * head + (10 - kWidth)], kWidth - 8);
    std::memcpy(out + kWidth - 8, &word, 8);
  }
}

// WriteFixedWidth writes the low `width` digits of v, zero padded, to
// out[0..width). v must be below 10^width.
inline void WriteFixedWidth(char* out, std::uint64_t v, int width) noexcept {
  simd::FormatFixedWidth(v, static_cast<std::size_t>(width), out);
}

// CopyBytes copies n bytes (no overlap) with inline overlapping word moves
// for n <= 64 (FIX values and a template's fixed fields are short) and
// memcpy beyond.
inline void CopyBytes(char* dst, const char* src, std::size_t n) noexcept {
  if (n >= 8) {
    if (n > 16) {
      struct Block {
        char bytes[16];
      };
      if (n <= 32) {  // two overlapping 16-byte moves
        Block a, b;
        std::memcpy(&a, src, 16);
        std::memcpy(&b, src + n - 16, 16);
        std::memcpy(dst, &a, 16);
        std::memcpy(dst + n - 16, &b, 16);
        return;
      }
      if (n <= 64) {  // two 16-byte moves from each end
        Block a, b, c, d;
        std::memcpy(&a, src, 16);
        std::memcpy(&b, src + 16, 16);
        std::memcpy(&c, src + n - 32, 16);
        std::memcpy(&d, src + n - 16, 16);
        std::memcpy(dst, &a, 16);
        std::memcpy(dst + 16, &b, 16);
        std::memcpy(dst + n - 32, &c, 16);
        std::memcpy(dst + n - 16, &d, 16);
        return;
      }
      std::memcpy(dst, src, n);
      return;
    }
    std::uint64_t a, b;
    std::memcpy(&a, src, 8);
    std::memcpy(&b, src + n - 8, 8);
    std::memcpy(dst, &a, 8);
    std::memcpy(dst + n - 8, &b, 8);
  } else if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, src, 4);
    std::memcpy(&b, src + n - 4, 4);
    std::memcpy(dst, &a, 4);
    std::memcpy(dst + n - 4, &b, 4);
  } else if (n != 0) {
    dst[0] = src[0];
    dst[n / 2] = src[n / 2];
    dst[n - 1] = src[n - 1];
  }
}

// WriteTag writes "<tag>=" and returns the end (tag already validated).
[[gnu::always_inline]] inline char* WriteTag(char* out, std::uint32_t tag) noexcept {
  char* p = WriteUnsigned(out, tag);
  *p = '=';
  return p + 1;
}

static_assert(std::endian::native == std::endian::little, "word stores assume little-endian bytes");

// TagWord is "<tag>=" as the little-endian bytes of a word (tag < 10^7).
constexpr std::uint64_t TagWord(std::uint32_t tag) noexcept {
  const int n = CountDigits(tag);
  std::uint64_t word = std::uint64_t{'='} << (8 * n);
  for (int i = n - 1; i >= 0; --i) {
    word |= std::uint64_t{static_cast<unsigned char>('0' + tag % 10)} << (8 * i);
    tag /= 10;
  }
  return word;
}

// ShortTagWord is TagWord for a tag below 10000 computed at run time: two
// digit pairs from the table, the leading zeros shifted out; *size gets the
// length of "<tag>=".
[[gnu::always_inline]] inline std::uint64_t ShortTagWord(std::uint32_t tag, int* size) noexcept {
  std::uint16_t hi, lo;
  std::memcpy(&hi, &kDigitPairs.pairs[2 * (tag / 100)], 2);
  std::memcpy(&lo, &kDigitPairs.pairs[2 * (tag % 100)], 2);
  // Digits minus one: 0 for 1..9, 3 for 1000..9999.
  const int extra = (tag >= 10 ? 1 : 0) + (tag >= 100 ? 1 : 0) + (tag >= 1000 ? 1 : 0);
  const std::uint64_t four =
      std::uint64_t{hi} | (std::uint64_t{lo} << 16) | (std::uint64_t{'='} << 32);
  *size = extra + 2;
  return four >> (8 * (3 - extra));
}

// WriteTagWide is WriteTag for a caller with at least 8 bytes of room at
// `out`: a tag known at compile time (the usual `AddInt(38, qty)`) is then one
// 8-byte store of its precomputed text, a tag below 10000 known only at run
// time (a generic loop over fields) one 8-byte store of ShortTagWord (the
// bytes after "=" are scratch, overwritten by the value), any other tag as
// WriteTag.
[[gnu::always_inline]] inline char* WriteTagWide(char* out, std::uint32_t tag) noexcept {
  if (__builtin_constant_p(tag) && tag < 10000000) {
    const std::uint64_t word = TagWord(tag);
    std::memcpy(out, &word, 8);
    return out + CountDigits(tag) + 1;
  }
  if (tag < 10000) [[likely]] {
    int size;
    const std::uint64_t word = ShortTagWord(tag, &size);
    std::memcpy(out, &word, 8);
    return out + size;
  }
  return WriteTag(out, tag);
}

}  // namespace fixwire::codec_internal

#endif  // FIXWIRE_ENCODE_INTERNAL_FORMAT_INT_H_
