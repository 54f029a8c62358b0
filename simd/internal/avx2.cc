// avx2.cc: the byte kernels with AVX2, 32 bytes per vector (compiled with ISA_AVX2_COPTS).
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fixwire/simd/internal/generic_kernels.h"
#include "fixwire/simd/internal/kernel_table.h"

namespace fixwire::simd_internal {
namespace {

// LoadPartial256 returns p[0..n) (n is 0..32) in the low n byte lanes, zeros above.
inline __m256i LoadPartial256(const char* p, std::size_t n) noexcept {
  if (n >= 32) return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  if (n >= 16) {
    return _mm256_set_m128i(LoadPartial128(p + 16, n - 16),
                            _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  return _mm256_set_m128i(_mm_setzero_si128(), LoadPartial128(p, n));
}

struct Avx2 {
  static constexpr std::size_t kWidth = 32;
  static constexpr bool kMaskedTail = false;
  using Mask = std::uint32_t;

  static Mask Eq(const char* p, char c) noexcept {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return static_cast<Mask>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(c))));
  }

  static Mask EqN(const char* p, std::size_t n, char c) noexcept {
    const __m256i v = LoadPartial256(p, n);
    return static_cast<Mask>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(c)))) &
           LowBitsOf<Mask>(n);
  }

  using Sum = __m256i;  // four 64-bit partial sums (SAD against zero)
  static Sum SumZero() noexcept { return _mm256_setzero_si256(); }
  static std::uint64_t SohSum64(const char* p, Sum* acc) noexcept {
    return SohSum(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
                  _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)), acc);
  }
  static std::uint64_t SohSum64N(const char* p, std::size_t n, Sum* acc) noexcept {
    // Zero lanes past the data: no SOH, nothing added.
    const __m256i lo = LoadPartial256(p, n < 32 ? n : 32);
    const __m256i hi = n > 32 ? LoadPartial256(p + 32, n - 32) : _mm256_setzero_si256();
    return SohSum(lo, hi, acc);
  }
  static std::uint64_t SohSum64Skip(const char* p, std::size_t skip, Sum* acc) noexcept {
    // Lanes below skip zeroed: no SOH, nothing added.
    const unsigned char* keep = KeepLanesFrom(skip);
    const __m256i lo = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
                                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(keep)));
    const __m256i hi = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)),
                                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(keep + 32)));
    return SohSum(lo, hi, acc) >> skip;
  }
  static std::uint64_t SohSum(__m256i lo, __m256i hi, Sum* acc) noexcept {
    const __m256i zero = _mm256_setzero_si256();
    *acc = _mm256_add_epi64(*acc, _mm256_add_epi64(_mm256_sad_epu8(lo, zero), _mm256_sad_epu8(hi, zero)));
    const __m256i kSoh = _mm256_set1_epi8('\x01');
    const std::uint64_t l = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, kSoh)));
    const std::uint64_t h = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, kSoh)));
    return l | (h << 32);
  }
  static std::uint64_t SumReduce(Sum acc) noexcept {
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    s = _mm_add_epi64(s, _mm_unpackhi_epi64(s, s));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(s));
  }

  static void Classify64N(const char* p, std::size_t n, std::uint64_t* soh, std::uint64_t* eq) noexcept {
    // Zero lanes past the data are neither SOH nor '='.
    const __m256i lo = LoadPartial256(p, n < 32 ? n : 32);
    const __m256i hi = n > 32 ? LoadPartial256(p + 32, n - 32) : _mm256_setzero_si256();
    Classify(lo, hi, soh, eq);
  }

  static void Classify64(const char* p, std::uint64_t* soh, std::uint64_t* eq) noexcept {
    Classify(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
             _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)), soh, eq);
  }

  static void Classify(__m256i lo, __m256i hi, std::uint64_t* soh, std::uint64_t* eq) noexcept {
    const __m256i kSoh = _mm256_set1_epi8('\x01');
    const __m256i kEq = _mm256_set1_epi8('=');
    const auto bits = [](__m256i v, __m256i c) -> std::uint64_t {
      return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, c)));
    };
    *soh = bits(lo, kSoh) | (bits(hi, kSoh) << 32);
    *eq = bits(lo, kEq) | (bits(hi, kEq) << 32);
  }
};

std::uint64_t ByteSumAvx2(const char* data, std::size_t size) noexcept {
  const __m256i zero = _mm256_setzero_si256();
  __m256i acc0 = zero, acc1 = zero, acc2 = zero, acc3 = zero;
  std::size_t i = 0;
  for (; i + 128 <= size; i += 128) {
    const char* p = data + i;
    acc0 = _mm256_add_epi64(acc0, _mm256_sad_epu8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), zero));
    acc1 = _mm256_add_epi64(acc1, _mm256_sad_epu8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)), zero));
    acc2 = _mm256_add_epi64(acc2, _mm256_sad_epu8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 64)), zero));
    acc3 = _mm256_add_epi64(acc3, _mm256_sad_epu8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 96)), zero));
  }
  for (; i + 32 <= size; i += 32) {
    acc0 = _mm256_add_epi64(acc0, _mm256_sad_epu8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i)), zero));
  }
  if (i < size) {
    // Zero lanes past the data add nothing.
    acc1 = _mm256_add_epi64(acc1, _mm256_sad_epu8(LoadPartial256(data + i, size - i), zero));
  }
  const __m256i acc = _mm256_add_epi64(_mm256_add_epi64(acc0, acc1), _mm256_add_epi64(acc2, acc3));
  __m128i s = _mm_add_epi64(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
  s = _mm_add_epi64(s, _mm_unpackhi_epi64(s, s));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(s));
}

void ScanStructuralAvx2(const char* data, std::size_t size, std::uint64_t* soh_masks,
                        std::uint64_t* eq_masks) noexcept {
  GenericScanStructural<Avx2>(data, size, soh_masks, eq_masks);
}
std::uint64_t ScanSohSumAvx2(const char* data, std::size_t size, std::uint64_t* soh_masks) noexcept {
  return GenericScanSohSum<Avx2>(data, size, soh_masks);
}
std::size_t FindByteAvx2(const char* data, std::size_t size, char byte) noexcept {
  return GenericFindByte<Avx2>(data, size, byte);
}
std::size_t FindTrailerAvx2(const char* data, std::size_t size) noexcept {
  return GenericFindTrailer<Avx2>(data, size);
}
std::size_t FindBeginStringAvx2(const char* data, std::size_t size) noexcept {
  return GenericFindBeginString<Avx2>(data, size);
}

}  // namespace

constexpr KernelTable kAvx2Kernels = {
    "avx2",          ByteSumAvx2,         ScanStructuralAvx2, FindByteAvx2,
    FindTrailerAvx2, FindBeginStringAvx2, ScanSohSumAvx2,
};

}  // namespace fixwire::simd_internal
