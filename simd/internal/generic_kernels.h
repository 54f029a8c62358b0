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
//   kMaskedTail        true when the ISA can load a partial vector without
//                      touching bytes past it (AVX-512 masked loads); then also
//   EqPartial(p, n, c)      like Eq over p[0..n), n <= kWidth, higher bits 0
//   Classify64Partial(p, n, soh, eq)  like Classify64 over p[0..n), n < 64
// Without masked tails the remainder is copied into a zeroed stack buffer.
// Either way no kernel reads a byte outside [data, data + size).
#ifndef FIXWIRE_SIMD_INTERNAL_GENERIC_KERNELS_H_
#define FIXWIRE_SIMD_INTERNAL_GENERIC_KERNELS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fixwire::simd_internal {
namespace {

inline unsigned CountTrailingZeros(std::uint32_t m) noexcept { return __builtin_ctz(m); }
inline unsigned CountTrailingZeros(std::uint64_t m) noexcept { return __builtin_ctzll(m); }

template <class V>
void GenericScanStructural(const char* data, std::size_t size, std::uint64_t* soh_masks,
                           std::uint64_t* eq_masks) noexcept {
  std::size_t i = 0;
  std::size_t block = 0;
  for (; i + 64 <= size; i += 64, ++block) {
    V::Classify64(data + i, &soh_masks[block], &eq_masks[block]);
  }
  if (i == size) return;
  if constexpr (V::kMaskedTail) {
    V::Classify64Partial(data + i, size - i, &soh_masks[block], &eq_masks[block]);
  } else {
    alignas(64) char buffer[64] = {};  // zero bytes are neither SOH nor '='
    std::memcpy(buffer, data + i, size - i);
    V::Classify64(buffer, &soh_masks[block], &eq_masks[block]);
  }
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
  if constexpr (V::kMaskedTail) {
    const Mask m = V::EqPartial(data + i, size - i, byte);
    return m != 0 ? i + CountTrailingZeros(m) : size;
  } else {
    if (size >= kW) {
      // One overlapping vector ending at size; drop the bytes already checked.
      const std::size_t j = size - kW;
      const Mask m = static_cast<Mask>(V::Eq(data + j, byte) >> (i - j));
      return m != 0 ? i + CountTrailingZeros(m) : size;
    }
    alignas(64) char buffer[kW];
    std::memset(buffer, ~byte, kW);  // filler that never matches
    std::memcpy(buffer, data, size);
    const Mask m = V::Eq(buffer, byte);
    return m != 0 ? CountTrailingZeros(m) : size;
  }
}

// GenericFindPattern returns the first i with data[i..i+N) == pattern[0..N), or
// size. No pattern byte may be 0 (the zero filler of the tail buffer).
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
  Mask m;
  if constexpr (V::kMaskedTail) {
    m = V::EqPartial(data + i, rest < kW ? rest : kW, pattern[0]);
    for (std::size_t k = 1; k < N; ++k) {
      const std::size_t n = rest - k < kW ? rest - k : kW;
      m &= V::EqPartial(data + i + k, n, pattern[k]);
    }
  } else {
    alignas(64) char buffer[kW + N - 1] = {};
    std::memcpy(buffer, data + i, rest);
    m = V::Eq(buffer, pattern[0]);
    for (std::size_t k = 1; k < N; ++k) m &= V::Eq(buffer + k, pattern[k]);
  }
  return m != 0 ? i + CountTrailingZeros(m) : size;
}

template <class V>
std::size_t GenericFindTrailer(const char* data, std::size_t size) noexcept {
  return GenericFindPattern<V, 4>(data, size, "\x01" "10=");
}

template <class V>
std::size_t GenericFindBeginString(const char* data, std::size_t size) noexcept {
  if (size < 5) return size;
  if (std::memcmp(data, "8=FIX", 5) == 0) return 0;
  const std::size_t soh = GenericFindPattern<V, 6>(data, size, "\x01" "8=FIX");
  return soh == size ? size : soh + 1;
}

}  // namespace
}  // namespace fixwire::simd_internal

#endif  // FIXWIRE_SIMD_INTERNAL_GENERIC_KERNELS_H_
