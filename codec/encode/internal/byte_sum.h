// byte_sum.h: the byte sum behind an encoded message's CheckSum, inline
// (internal).
//
// SumBytes(p, n, readable_from) is the sum of p[0..n) as unsigned bytes, the
// same value as simd::ByteSum, computed in place with SSE2 (part of baseline
// x86-64, so no run-time dispatch and no call): SAD against zero over blocks
// of 256 bytes, then the remaining whole 16-byte blocks as one jump into an
// unrolled run (no loop), and a last partial block as one 16-byte load that
// ends at p + n with the bytes before p masked off. An encoder's body is short
// (most FIX messages are below 200 bytes), so the call and set-up of the
// dispatched kernel would cost about as much as the summing.
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

// AddShortBytes returns sum (two 64-bit halves) plus the bytes of p[0..n),
// n below 256, as the two halves' total (SumBytes's end).
[[gnu::always_inline]] inline std::uint64_t AddShortBytes(__m128i sum, const char* p, std::size_t n,
                                                          const char* readable_from) noexcept {
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

[[gnu::always_inline]] inline std::uint64_t SumBytes(const char* p, std::size_t n, const char* readable_from) noexcept {
  const __m128i zero = _mm_setzero_si128();
  __m128i sum = zero;
  const auto load = [](const char* q) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(q)); };
  // The sums of 64 bytes from q, as two 64-bit halves (four SADs).
  const auto sum64 = [&](const char* q) noexcept {
    const __m128i a = _mm_sad_epu8(load(q), zero);
    const __m128i b = _mm_sad_epu8(load(q + 16), zero);
    const __m128i c = _mm_sad_epu8(load(q + 32), zero);
    const __m128i d = _mm_sad_epu8(load(q + 48), zero);
    return _mm_add_epi64(_mm_add_epi64(a, b), _mm_add_epi64(c, d));
  };
  for (; n >= 256; n -= 256, p += 256) {
    for (int i = 0; i < 256; i += 64) {
      sum = _mm_add_epi64(sum, sum64(p + i));
    }
  }
  return AddShortBytes(sum, p, n, readable_from);
}

// SumShortBytes is SumBytes for n below 256 (an encoder's usual body): no
// 256-byte loop to test for.
[[gnu::always_inline]] inline std::uint64_t SumShortBytes(const char* p, std::size_t n,
                                                          const char* readable_from) noexcept {
  return AddShortBytes(_mm_setzero_si128(), p, n, readable_from);
}

}  // namespace fixwire::encode_internal

#endif  // FIXWIRE_ENCODE_INTERNAL_BYTE_SUM_H_
