// avx512.cc: the byte kernels with AVX-512F/BW, 64 bytes per vector; tails use
// masked loads, which never touch (or fault on) the bytes masked off.
// Compiled with ISA_AVX512_COPTS.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "fixwire/simd/internal/generic_kernels.h"
#include "fixwire/simd/internal/kernel_table.h"

namespace fixwire::simd_internal {
namespace {

// LowBits returns a mask of the low n bits, n in 0..64.
inline __mmask64 LowBits(std::size_t n) noexcept {
  return n >= 64 ? ~__mmask64{0} : _bzhi_u64(~0ull, static_cast<unsigned>(n));
}

// SumLanes returns the total of the eight 64-bit lanes, in registers (a
// store and eight loads would wait on store forwarding). The halves come by
// the zero-masking extract rather than _mm512_extracti64x4_epi64, a cast or
// _mm512_reduce_add_epi64, whose undefined-source operand trips GCC 12's
// -Wuninitialized.
inline std::uint64_t SumLanes(__m512i v) noexcept {
  const __m256i s4 = _mm256_add_epi64(_mm512_maskz_extracti64x4_epi64(0xF, v, 0),
                                      _mm512_maskz_extracti64x4_epi64(0xF, v, 1));
  const __m128i s2 = _mm_add_epi64(_mm256_castsi256_si128(s4), _mm256_extracti128_si256(s4, 1));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_add_epi64(s2, _mm_unpackhi_epi64(s2, s2))));
}

struct Avx512 {
  static constexpr std::size_t kWidth = 64;
  static constexpr bool kMaskedTail = true;
  using Mask = std::uint64_t;

  static Mask Eq(const char* p, char c) noexcept {
    return _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(p), _mm512_set1_epi8(c));
  }
  static Mask EqN(const char* p, std::size_t n, char c) noexcept {
    const __mmask64 valid = LowBits(n);
    return _mm512_mask_cmpeq_epi8_mask(valid, _mm512_maskz_loadu_epi8(valid, p), _mm512_set1_epi8(c));
  }
  static void Classify64(const char* p, std::uint64_t* soh, std::uint64_t* eq) noexcept {
    const __m512i v = _mm512_loadu_si512(p);
    *soh = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\x01'));
    *eq = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('='));
  }
  using Sum = __m512i;  // eight 64-bit partial sums (SAD against zero)
  static Sum SumZero() noexcept { return _mm512_setzero_si512(); }
  static std::uint64_t SohSum64(const char* p, Sum* acc) noexcept {
    const __m512i v = _mm512_loadu_si512(p);
    *acc = _mm512_add_epi64(*acc, _mm512_sad_epu8(v, _mm512_setzero_si512()));
    return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\x01'));
  }
  static std::uint64_t SohSum64N(const char* p, std::size_t n, Sum* acc) noexcept {
    // Masked-off lanes load as 0: no SOH, nothing added.
    const __m512i v = _mm512_maskz_loadu_epi8(LowBits(n), p);
    *acc = _mm512_add_epi64(*acc, _mm512_sad_epu8(v, _mm512_setzero_si512()));
    return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\x01'));
  }
  static std::uint64_t SumReduce(Sum acc) noexcept { return SumLanes(acc); }

  static void Classify64N(const char* p, std::size_t n, std::uint64_t* soh,
                                std::uint64_t* eq) noexcept {
    // Masked-off lanes load as 0, which is neither SOH nor '='.
    const __m512i v = _mm512_maskz_loadu_epi8(LowBits(n), p);
    *soh = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\x01'));
    *eq = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('='));
  }
};

std::uint64_t ByteSumAvx512(const char* data, std::size_t size) noexcept {
  const __m512i zero = _mm512_setzero_si512();
  __m512i acc0 = zero, acc1 = zero, acc2 = zero, acc3 = zero;
  std::size_t i = 0;
  for (; i + 256 <= size; i += 256) {
    const char* p = data + i;
    acc0 = _mm512_add_epi64(acc0, _mm512_sad_epu8(_mm512_loadu_si512(p), zero));
    acc1 = _mm512_add_epi64(acc1, _mm512_sad_epu8(_mm512_loadu_si512(p + 64), zero));
    acc2 = _mm512_add_epi64(acc2, _mm512_sad_epu8(_mm512_loadu_si512(p + 128), zero));
    acc3 = _mm512_add_epi64(acc3, _mm512_sad_epu8(_mm512_loadu_si512(p + 192), zero));
  }
  for (; i + 64 <= size; i += 64) {
    acc0 = _mm512_add_epi64(acc0, _mm512_sad_epu8(_mm512_loadu_si512(data + i), zero));
  }
  if (i < size) {
    // Masked-off lanes load as 0 and add nothing.
    acc1 = _mm512_add_epi64(acc1, _mm512_sad_epu8(_mm512_maskz_loadu_epi8(LowBits(size - i), data + i), zero));
  }
  const __m512i acc = _mm512_add_epi64(_mm512_add_epi64(acc0, acc1), _mm512_add_epi64(acc2, acc3));
  return SumLanes(acc);
}

void ScanStructuralAvx512(const char* data, std::size_t size, std::uint64_t* soh_masks,
                          std::uint64_t* eq_masks) noexcept {
  GenericScanStructural<Avx512>(data, size, soh_masks, eq_masks);
}
std::uint64_t ScanSohSumAvx512(const char* data, std::size_t size, std::uint64_t* soh_masks) noexcept {
  return GenericScanSohSum<Avx512>(data, size, soh_masks);
}
std::size_t FindByteAvx512(const char* data, std::size_t size, char byte) noexcept {
  return GenericFindByte<Avx512>(data, size, byte);
}
std::size_t FindTrailerAvx512(const char* data, std::size_t size) noexcept {
  return GenericFindTrailer<Avx512>(data, size);
}
std::size_t FindBeginStringAvx512(const char* data, std::size_t size) noexcept {
  return GenericFindBeginString<Avx512>(data, size);
}

}  // namespace

constexpr KernelTable kAvx512Kernels = {
    "avx512",          ByteSumAvx512,         ScanStructuralAvx512, FindByteAvx512,
    FindTrailerAvx512, FindBeginStringAvx512, ScanSohSumAvx512,
};

}  // namespace fixwire::simd_internal
