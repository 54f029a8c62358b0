// sse2.cc: the byte kernels with SSE2, 16 bytes per vector (compiled with ISA_SSE2_COPTS).
#include <emmintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fixwire/simd/internal/generic_kernels.h"
#include "fixwire/simd/internal/kernel_table.h"

namespace fixwire::simd_internal {
namespace {

struct Sse2 {
  static constexpr std::size_t kWidth = 16;
  static constexpr bool kMaskedTail = false;
  using Mask = std::uint32_t;

  static Mask Eq(const char* p, char c) noexcept {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    return static_cast<Mask>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c))));
  }

  static Mask EqN(const char* p, std::size_t n, char c) noexcept {
    const __m128i v = LoadPartial128(p, n);
    return static_cast<Mask>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)))) & LowBitsOf<Mask>(n);
  }

  using Sum = __m128i;  // two 64-bit partial sums (SAD against zero)
  static Sum SumZero() noexcept { return _mm_setzero_si128(); }
  static std::uint64_t SohSum64(const char* p, Sum* acc) noexcept {
    const __m128i kSoh = _mm_set1_epi8('\x01');
    const __m128i zero = _mm_setzero_si128();
    std::uint64_t s = 0;
    for (int k = 0; k < 4; ++k) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
      *acc = _mm_add_epi64(*acc, _mm_sad_epu8(v, zero));
      s |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, kSoh))))
           << (16 * k);
    }
    return s;
  }
  static std::uint64_t SohSum64Skip(const char* p, std::size_t skip, Sum* acc) noexcept {
    const __m128i kSoh = _mm_set1_epi8('\x01');
    const __m128i zero = _mm_setzero_si128();
    const unsigned char* keep = KeepLanesFrom(skip);
    std::uint64_t s = 0;
    for (int k = 0; k < 4; ++k) {
      // Lanes below skip zeroed: no SOH, nothing added.
      const __m128i v = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k)),
                                      _mm_loadu_si128(reinterpret_cast<const __m128i*>(keep + 16 * k)));
      *acc = _mm_add_epi64(*acc, _mm_sad_epu8(v, zero));
      s |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, kSoh))))
           << (16 * k);
    }
    return s >> skip;
  }
  static std::uint64_t SohSum64N(const char* p, std::size_t n, Sum* acc) noexcept {
    const __m128i kSoh = _mm_set1_epi8('\x01');
    const __m128i zero = _mm_setzero_si128();
    std::uint64_t s = 0;
    for (std::size_t off = 0; off < n; off += 16) {
      // Zero lanes past the data: no SOH, nothing added.
      const __m128i v = LoadPartial128(p + off, n - off < 16 ? n - off : 16);
      *acc = _mm_add_epi64(*acc, _mm_sad_epu8(v, zero));
      s |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, kSoh))))
           << off;
    }
    return s;
  }
  static std::uint64_t SumReduce(Sum acc) noexcept {
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_add_epi64(acc, _mm_unpackhi_epi64(acc, acc))));
  }

  static void Classify64N(const char* p, std::size_t n, std::uint64_t* soh, std::uint64_t* eq) noexcept {
    const __m128i kSoh = _mm_set1_epi8('\x01');
    const __m128i kEq = _mm_set1_epi8('=');
    std::uint64_t s = 0;
    std::uint64_t e = 0;
    for (std::size_t off = 0; off < n; off += 16) {
      // Zero lanes past the data are neither SOH nor '='.
      const __m128i v = LoadPartial128(p + off, n - off < 16 ? n - off : 16);
      s |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, kSoh))))
           << off;
      e |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, kEq))))
           << off;
    }
    *soh = s;
    *eq = e;
  }

  static void Classify64(const char* p, std::uint64_t* soh, std::uint64_t* eq) noexcept {
    const __m128i kSoh = _mm_set1_epi8('\x01');
    const __m128i kEq = _mm_set1_epi8('=');
    std::uint64_t s = 0;
    std::uint64_t e = 0;
    for (int k = 0; k < 4; ++k) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
      s |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(
               _mm_movemask_epi8(_mm_cmpeq_epi8(v, kSoh))))
           << (16 * k);
      e |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(
               _mm_movemask_epi8(_mm_cmpeq_epi8(v, kEq))))
           << (16 * k);
    }
    *soh = s;
    *eq = e;
  }
};

std::uint64_t ByteSumSse2(const char* data, std::size_t size) noexcept {
  const __m128i zero = _mm_setzero_si128();
  __m128i acc0 = zero, acc1 = zero, acc2 = zero, acc3 = zero;
  std::size_t i = 0;
  for (; i + 64 <= size; i += 64) {
    const char* p = data + i;
    acc0 = _mm_add_epi64(acc0, _mm_sad_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), zero));
    acc1 = _mm_add_epi64(acc1, _mm_sad_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16)), zero));
    acc2 = _mm_add_epi64(acc2, _mm_sad_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 32)), zero));
    acc3 = _mm_add_epi64(acc3, _mm_sad_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 48)), zero));
  }
  for (; i + 16 <= size; i += 16) {
    acc0 = _mm_add_epi64(acc0, _mm_sad_epu8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i)), zero));
  }
  if (i < size) {
    // Zero lanes past the data add nothing.
    acc1 = _mm_add_epi64(acc1, _mm_sad_epu8(LoadPartial128(data + i, size - i), zero));
  }
  const __m128i acc = _mm_add_epi64(_mm_add_epi64(acc0, acc1), _mm_add_epi64(acc2, acc3));
  const __m128i high = _mm_unpackhi_epi64(acc, acc);
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_add_epi64(acc, high)));
}

void ScanStructuralSse2(const char* data, std::size_t size, std::uint64_t* soh_masks,
                        std::uint64_t* eq_masks) noexcept {
  GenericScanStructural<Sse2>(data, size, soh_masks, eq_masks);
}
std::uint64_t ScanSohSumSse2(const char* data, std::size_t size, std::uint64_t* soh_masks) noexcept {
  return GenericScanSohSum<Sse2>(data, size, soh_masks);
}
std::size_t FindByteSse2(const char* data, std::size_t size, char byte) noexcept {
  return GenericFindByte<Sse2>(data, size, byte);
}
std::size_t FindTrailerSse2(const char* data, std::size_t size) noexcept {
  return GenericFindTrailer<Sse2>(data, size);
}
std::size_t FindBeginStringSse2(const char* data, std::size_t size) noexcept {
  return GenericFindBeginString<Sse2>(data, size);
}

}  // namespace

constexpr KernelTable kSse2Kernels = {
    "sse2",          ByteSumSse2,         ScanStructuralSse2, FindByteSse2,
    FindTrailerSse2, FindBeginStringSse2, ScanSohSumSse2,
};

}  // namespace fixwire::simd_internal
