// simd_internal.cc: per-ISA table lookup and the byte-at-a-time digit references.
#include "fixwire/simd/internal/simd_internal.h"

#include "fixwire/simd/cpu_features.h"

namespace fixwire::simd_internal {

const KernelTable& KernelsFor(simd::Isa isa) noexcept {
  switch (isa) {
    case simd::Isa::kScalar:
      return kScalarKernels;
    case simd::Isa::kSse2:
      return kSse2Kernels;
    case simd::Isa::kAvx2:
      return kAvx2Kernels;
    case simd::Isa::kAvx512:
      return kAvx512Kernels;
  }
  return kScalarKernels;
}

bool ParseUnsignedReference(const char* data, std::size_t size, std::uint64_t* out) noexcept {
  if (size == 0 || size > 20) return false;
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] < '0' || data[i] > '9') return false;
    const std::uint64_t digit = static_cast<std::uint64_t>(data[i] - '0');
    // value * 10 + digit <= UINT64_MAX  <=>  value <= (UINT64_MAX - digit) / 10
    if (value > (UINT64_MAX - digit) / 10) return false;
    value = value * 10 + digit;
  }
  *out = value;
  return true;
}

bool AllDigitsReference(const char* data, std::size_t size) noexcept {
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] < '0' || data[i] > '9') return false;
  }
  return true;
}

std::size_t DigitCountReference(std::uint64_t v) noexcept {
  std::size_t n = 1;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

std::size_t FormatUnsignedReference(std::uint64_t v, char* out) noexcept {
  char reversed[20];
  std::size_t n = 0;
  do {
    reversed[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  for (std::size_t i = 0; i < n; ++i) out[i] = reversed[n - 1 - i];
  return n;
}

void FormatFixedWidthReference(std::uint64_t v, std::size_t width, char* out) noexcept {
  for (std::size_t i = width; i > 0; --i) {
    out[i - 1] = static_cast<char>('0' + v % 10);
    v /= 10;
  }
}

}  // namespace fixwire::simd_internal
