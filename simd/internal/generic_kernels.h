// generic_kernels.h: the kernel algorithms written once, over a small vector
// "traits" type each per-ISA file supplies (sse2.cc, avx2.cc, avx512.cc).
//
// Include only from those .cc files, after defining the traits: everything
// here is in an anonymous namespace, so each ISA's copy is compiled with that
// ISA's flags and can never be merged by the linker with another ISA's copy.
//
// A traits type V provides:
//   kWidth             bytes per vector (16, 32 or 64); Mask has kWidth bits
//   Eq(p, c)           bit i set when p[i] == c, for p[0..kWidth) (all readable)
//   Classify64(p, soh, eq)  SOH and '=' masks of the 64 readable bytes p[0..64)
//   EqN(p, n, c)       like Eq over p[0..n) only (n <= kWidth), higher bits 0
//   Classify64N(p, n, soh, eq)  like Classify64 over p[0..n) only (n < 64)
//   Sum, SumZero()     a vector of byte-sum accumulators, and its zero
//   SohSum64(p, &acc)  the SOH mask of the 64 readable bytes p[0..64), adding
//                      their byte sum into acc
//   SohSum64N(p, n, &acc)  the same over p[0..n) only (n < 64), higher bits 0
//   SumReduce(acc)     the total of acc's lanes
//   SohSum64Skip(p, skip, &acc)  (only when !kMaskedTail) the 64 readable
//                      bytes p[0..64) of which the first `skip` (1..63) are
//                      left out: the SOH mask of p[skip..64) shifted down by
//                      skip, adding the byte sum of p[skip..64) only
//   kMaskedTail        true when EqN is a masked load (AVX-512): FindByte then
//                      uses it instead of an overlapping last vector.
// The partial forms read exactly p[0..n): AVX-512 with masked loads (masked-off
// lanes never fault), SSE2/AVX2 by assembling the bytes from at most two
// scalar loads per 8 bytes (LoadPartial128 below). So no kernel reads a byte
// outside [data, data + size).
#ifndef FIXWIRE_SIMD_INTERNAL_GENERIC_KERNELS_H_
#define FIXWIRE_SIMD_INTERNAL_GENERIC_KERNELS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <emmintrin.h>

namespace fixwire::simd_internal {
namespace {

inline unsigned CountTrailingZeros(std::uint32_t m) noexcept { return __builtin_ctz(m); }
inline unsigned CountTrailingZeros(std::uint64_t m) noexcept { return __builtin_ctzll(m); }

// LowBits returns a mask of the low n bits of a Mask, n in 0..bits of Mask.
template <class Mask>
inline Mask LowBitsOf(std::size_t n) noexcept {
  return n >= sizeof(Mask) * 8 ? static_cast<Mask>(~Mask{0}) : static_cast<Mask>((Mask{1} << n) - 1);
}

// LoadUpTo8 returns p[0..n) (n is 0..8) in the low n bytes, zeros above,
// reading exactly those bytes with at most two loads.
inline std::uint64_t LoadUpTo8(const char* p, std::size_t n) noexcept {
  if (n >= 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  if (n >= 4) {
    std::uint32_t lo;
    std::uint32_t hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);  // overlaps lo: the shared bytes are equal, so OR is exact
    return lo | (static_cast<std::uint64_t>(hi) << (8 * (n - 4)));
  }
  if (n >= 2) {
    std::uint16_t lo;
    std::uint16_t hi;
    std::memcpy(&lo, p, 2);
    std::memcpy(&hi, p + n - 2, 2);
    return lo | (static_cast<std::uint64_t>(hi) << (8 * (n - 2)));
  }
  return n == 1 ? static_cast<unsigned char>(p[0]) : 0;
}

// kKeepFrom64 is 64 zero bytes then 64 0xFF bytes: the 64 bytes at
// kKeepFrom64 + 64 - skip keep (as an AND mask) lanes skip..63 of a 64-byte block.
alignas(64) constexpr unsigned char kKeepFrom64[128] = {
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

// KeepLanesFrom returns the AND mask of kKeepFrom64 for `skip` (0..64).
inline const unsigned char* KeepLanesFrom(std::size_t skip) noexcept { return kKeepFrom64 + 64 - skip; }

// LoadPartial128 returns p[0..n) (n is 0..16) in the low n byte lanes, zeros above.
inline __m128i LoadPartial128(const char* p, std::size_t n) noexcept {
  if (n >= 16) return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  if (n > 8) {
    return _mm_set_epi64x(static_cast<long long>(LoadUpTo8(p + 8, n - 8)),
                          static_cast<long long>(LoadUpTo8(p, 8)));
  }
  return _mm_set_epi64x(0, static_cast<long long>(LoadUpTo8(p, n)));
}

template <class V>
void GenericScanStructural(const char* data, std::size_t size, std::uint64_t* soh_masks,
                           std::uint64_t* eq_masks) noexcept {
  std::size_t i = 0;
  std::size_t block = 0;
  for (; i + 64 <= size; i += 64, ++block) {
    V::Classify64(data + i, &soh_masks[block], &eq_masks[block]);
  }
  if (i == size) return;
  V::Classify64N(data + i, size - i, &soh_masks[block], &eq_masks[block]);
}

// GenericScanSohSum: ScanStructural's SOH masks and ByteSum in one pass, each
// 64-byte block loaded once (the decoder's scan).
template <class V>
std::uint64_t GenericScanSohSum(const char* data, std::size_t size, std::uint64_t* soh_masks) noexcept {
  typename V::Sum acc = V::SumZero();
  std::size_t i = 0;
  std::size_t block = 0;
  for (; i + 64 <= size; i += 64, ++block) soh_masks[block] = V::SohSum64(data + i, &acc);
  if (i != size) {
    if constexpr (!V::kMaskedTail) {
      if (size >= 64) {
        // Without masked loads: the last 64 bytes, minus those the blocks before took.
        soh_masks[block] = V::SohSum64Skip(data + size - 64, 64 - (size - i), &acc);
        return V::SumReduce(acc);
      }
    }
    soh_masks[block] = V::SohSum64N(data + i, size - i, &acc);
  }
  return V::SumReduce(acc);
}

template <class V>
std::size_t GenericFindByte(const char* data, std::size_t size, char byte) noexcept {
  using Mask = typename V::Mask;
  constexpr std::size_t kW = V::kWidth;
  std::size_t i = 0;
  for (; i + 4 * kW <= size; i += 4 * kW) {
    const Mask m0 = V::Eq(data + i, byte);
    const Mask m1 = V::Eq(data + i + kW, byte);
    const Mask m2 = V::Eq(data + i + 2 * kW, byte);
    const Mask m3 = V::Eq(data + i + 3 * kW, byte);
    if ((m0 | m1 | m2 | m3) != 0) {
      if (m0 != 0) return i + CountTrailingZeros(m0);
      if (m1 != 0) return i + kW + CountTrailingZeros(m1);
      if (m2 != 0) return i + 2 * kW + CountTrailingZeros(m2);
      return i + 3 * kW + CountTrailingZeros(m3);
    }
  }
  for (; i + kW <= size; i += kW) {
    const Mask m = V::Eq(data + i, byte);
    if (m != 0) return i + CountTrailingZeros(m);
  }
  if (i == size) return size;
  if (!V::kMaskedTail && size >= kW) {
    // One overlapping vector ending at size; drop the bytes already checked.
    const std::size_t j = size - kW;
    const Mask m = static_cast<Mask>(V::Eq(data + j, byte) >> (i - j));
    return m != 0 ? i + CountTrailingZeros(m) : size;
  }
  const Mask m = V::EqN(data + i, size - i, byte);
  return m != 0 ? i + CountTrailingZeros(m) : size;
}

// GenericFindPattern returns the first i with data[i..i+N) == pattern[0..N), or
// size.
template <class V, std::size_t N>
std::size_t GenericFindPattern(const char* data, std::size_t size, const char (&pattern)[N + 1]) noexcept {
  using Mask = typename V::Mask;
  constexpr std::size_t kW = V::kWidth;
  if (size < N) return size;
  std::size_t i = 0;
  for (; i + (N - 1) + kW <= size; i += kW) {
    Mask m = V::Eq(data + i, pattern[0]);
    for (std::size_t k = 1; k < N; ++k) m &= V::Eq(data + i + k, pattern[k]);
    if (m != 0) return i + CountTrailingZeros(m);
  }
  const std::size_t rest = size - i;  // < kW + N - 1
  if (rest < N) return size;
  // Candidates i .. i + rest - N; lanes past each partial load are 0 bits.
  Mask m = V::EqN(data + i, rest < kW ? rest : kW, pattern[0]);
  for (std::size_t k = 1; k < N; ++k) {
    const std::size_t n = rest - k < kW ? rest - k : kW;
    m &= V::EqN(data + i + k, n, pattern[k]);
  }
  return m != 0 ? i + CountTrailingZeros(m) : size;
}

template <class V>
std::size_t GenericFindTrailer(const char* data, std::size_t size) noexcept {
  return GenericFindPattern<V, 4>(data, size, "\x01" "10=");
}

// GenericFindBeginString: "8=FIX" at the start, else the first "\x01" "8=FIX".
// Vectors filter on three of the six bytes (SOH at +0, '=' at +2, 'X' at +5,
// a combination that is rare in FIX text) and the few candidates are checked
// in full; a candidate's 'X' matched inside the span, so the check reads only
// bytes of the span.
template <class V>
std::size_t GenericFindBeginString(const char* data, std::size_t size) noexcept {
  using Mask = typename V::Mask;
  constexpr std::size_t kW = V::kWidth;
  constexpr std::size_t kN = 6;
  if (size < 5) return size;
  if (std::memcmp(data, "8=FIX", 5) == 0) return 0;
  if (size < kN) return size;
  std::size_t i = 0;
  for (; i + (kN - 1) + kW <= size; i += kW) {
    Mask m = V::Eq(data + i, '\x01') & V::Eq(data + i + 2, '=') & V::Eq(data + i + 5, 'X');
    for (; m != 0; m &= m - 1) {
      const std::size_t soh = i + CountTrailingZeros(m);
      if (std::memcmp(data + soh + 1, "8=FI", 4) == 0) return soh + 1;
    }
  }
  const std::size_t rest = size - i;  // < kW + kN - 1
  if (rest < kN) return size;
  Mask m = V::EqN(data + i, rest < kW ? rest : kW, '\x01') &
           V::EqN(data + i + 2, rest - 2 < kW ? rest - 2 : kW, '=') &
           V::EqN(data + i + 5, rest - 5 < kW ? rest - 5 : kW, 'X');
  for (; m != 0; m &= m - 1) {
    const std::size_t soh = i + CountTrailingZeros(m);
    if (std::memcmp(data + soh + 1, "8=FI", 4) == 0) return soh + 1;
  }
  return size;
}

}  // namespace
}  // namespace fixwire::simd_internal

#endif  // FIXWIRE_SIMD_INTERNAL_GENERIC_KERNELS_H_
