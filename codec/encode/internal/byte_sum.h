// byte_sum.h: the byte sum of an encoded body, for Finish's CheckSum
// (internal).
//
// SumShortBytes(p, n, readable_from) is the sum of p[0..n) as unsigned
// bytes for n below kInlineSumLimit; Finish sums longer bodies with
// simd::ByteSum, the dispatched kernel, whose wider vectors then pay for the
// call. SumShortBytes is inline SSE2 (part of baseline x86-64, so no run-time
// dispatch and no call): SAD against zero over the whole 16-byte blocks as
// one jump into an unrolled run (no loop), and a last partial block as one
// 16-byte load that ends at p + n with the bytes before p masked off. It
// earns its place on an encoder's short bodies (most FIX messages are below
// 200 bytes): calling simd::ByteSum there instead costs 12 to 29 more
// instructions a message (of 416 to 825) on the encode, encode_typed and
// template rows of benchmarks/encode_instructions.
//
// Bounds: reads [p, p + n), and for a last partial block also the bytes
// from p + n - 16 on, which the caller promises are readable when they are
// at or after `readable_from` (the start of the encoder's buffer); the bytes
// before p never count. When they are not (a tiny message at the very start
// of the buffer), the partial block is summed byte by byte. No allocation.
#ifndef FIXWIRE_ENCODE_INTERNAL_BYTE_SUM_H_
#define FIXWIRE_ENCODE_INTERNAL_BYTE_SUM_H_

#include <emmintrin.h>

#include <cstddef>
#include <cstdint>

namespace fixwire::encode_internal {

// kTailMasks: 16 zero bytes, then 16 0xFF bytes; the 16 bytes at kTailMasks + k
// keep the last k bytes of a block (k = 0..16).
alignas(32) inline constexpr unsigned char kTailMasks[32] = {
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};

// SumShortBytes: the sum of p[0..n), n below 256 (see above).
[[gnu::always_inline]] inline std::uint64_t SumShortBytes(const char* p, std::size_t n,
                                                          const char* readable_from) noexcept {
  __m128i sum = _mm_setzero_si128();
  __m128i zero = _mm_setzero_si128();
  // Opaque to the compiler, so that it keeps one zero register instead of
  // rematerialising it (pxor) before every SAD.
  __asm__("" : "+x"(zero));
  const auto load = [](const char* q) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(q)); };
  // The n / 16 whole blocks through one jump into an unrolled run (a switch
  // whose cases fall through): three instructions a block, no loop and no
  // per-block test.
  const auto sad16 = [&](int offset) noexcept { return _mm_sad_epu8(load(p + offset), zero); };
  // The index from n's low byte: 0..15 by its type, so neither a range check
  // nor a jump outside the run, whatever n.
  switch (static_cast<std::uint8_t>(n) >> 4) {
    case 15:
      sum = _mm_add_epi64(sum, sad16(224));
      [[fallthrough]];
    case 14:
      sum = _mm_add_epi64(sum, sad16(208));
      [[fallthrough]];
    case 13:
      sum = _mm_add_epi64(sum, sad16(192));
      [[fallthrough]];
    case 12:
      sum = _mm_add_epi64(sum, sad16(176));
      [[fallthrough]];
    case 11:
      sum = _mm_add_epi64(sum, sad16(160));
      [[fallthrough]];
    case 10:
      sum = _mm_add_epi64(sum, sad16(144));
      [[fallthrough]];
    case 9:
      sum = _mm_add_epi64(sum, sad16(128));
      [[fallthrough]];
    case 8:
      sum = _mm_add_epi64(sum, sad16(112));
      [[fallthrough]];
    case 7:
      sum = _mm_add_epi64(sum, sad16(96));
      [[fallthrough]];
    case 6:
      sum = _mm_add_epi64(sum, sad16(80));
      [[fallthrough]];
    case 5:
      sum = _mm_add_epi64(sum, sad16(64));
      [[fallthrough]];
    case 4:
      sum = _mm_add_epi64(sum, sad16(48));
      [[fallthrough]];
    case 3:
      sum = _mm_add_epi64(sum, sad16(32));
      [[fallthrough]];
    case 2:
      sum = _mm_add_epi64(sum, sad16(16));
      [[fallthrough]];
    case 1:
      sum = _mm_add_epi64(sum, sad16(0));
      [[fallthrough]];
    default:
      break;
  }
  p += n & ~std::size_t{15};
  n &= 15;
  if (n != 0) {
    if (p + n - readable_from >= 16) [[likely]] {
      const __m128i mask = load(reinterpret_cast<const char*>(kTailMasks) + n);
      sum = _mm_add_epi64(sum, _mm_sad_epu8(_mm_and_si128(load(p + n - 16), mask), zero));
    } else {
      std::uint64_t tail = 0;
      for (std::size_t i = 0; i < n; ++i) tail += static_cast<unsigned char>(p[i]);
      sum = _mm_add_epi64(sum, _mm_cvtsi64_si128(static_cast<long long>(tail)));
    }
  }
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(sum)) +
         static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum)));
}

// Finish sums a body (after a template's prefix) shorter than this with
// SumShortBytes, a longer one with simd::ByteSum.
inline constexpr std::size_t kInlineSumLimit = 256;

}  // namespace fixwire::encode_internal

#endif  // FIXWIRE_ENCODE_INTERNAL_BYTE_SUM_H_
