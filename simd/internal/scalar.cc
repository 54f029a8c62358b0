// scalar.cc: the portable reference implementation of the byte kernels.
//
// Byte at a time on purpose: this is what every SIMD version is tested and
// benchmarked against. The library is built with -fno-tree-vectorize so the
// compiler does not silently turn it into an SSE2 version.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fixwire/simd/internal/kernel_table.h"

namespace fixwire::simd_internal {
namespace {

std::uint64_t ByteSumScalar(const char* data, std::size_t size) noexcept {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < size; ++i) sum += static_cast<unsigned char>(data[i]);
  return sum;
}

void ScanStructuralScalar(const char* data, std::size_t size, std::uint64_t* soh_masks,
                          std::uint64_t* eq_masks) noexcept {
  std::size_t block = 0;
  for (std::size_t start = 0; start < size; start += 64, ++block) {
    const std::size_t n = size - start < 64 ? size - start : 64;
    std::uint64_t soh = 0;
    std::uint64_t eq = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const char c = data[start + i];
      soh |= static_cast<std::uint64_t>(c == '\x01') << i;
      eq |= static_cast<std::uint64_t>(c == '=') << i;
    }
    soh_masks[block] = soh;
    eq_masks[block] = eq;
  }
}

std::uint64_t ScanSohSumScalar(const char* data, std::size_t size, std::uint64_t* soh_masks) noexcept {
  std::uint64_t sum = 0;
  std::size_t block = 0;
  for (std::size_t start = 0; start < size; start += 64, ++block) {
    const std::size_t n = size - start < 64 ? size - start : 64;
    std::uint64_t soh = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const unsigned char c = static_cast<unsigned char>(data[start + i]);
      sum += c;
      soh |= static_cast<std::uint64_t>(c == 0x01) << i;
    }
    soh_masks[block] = soh;
  }
  return sum;
}

std::size_t FindByteScalar(const char* data, std::size_t size, char byte) noexcept {
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == byte) return i;
  }
  return size;
}

std::size_t FindTrailerScalar(const char* data, std::size_t size) noexcept {
  if (size < 4) return size;
  for (std::size_t i = 0; i + 4 <= size; ++i) {
    if (data[i] == '\x01' && data[i + 1] == '1' && data[i + 2] == '0' && data[i + 3] == '=') {
      return i;
    }
  }
  return size;
}

std::size_t FindBeginStringScalar(const char* data, std::size_t size) noexcept {
  if (size < 5) return size;
  for (std::size_t i = 0; i + 5 <= size; ++i) {
    if ((i == 0 || data[i - 1] == '\x01') && std::memcmp(data + i, "8=FIX", 5) == 0) return i;
  }
  return size;
}

}  // namespace

constexpr KernelTable kScalarKernels = {
    "scalar",         ByteSumScalar,         ScanStructuralScalar, FindByteScalar,
    FindTrailerScalar, FindBeginStringScalar, ScanSohSumScalar,
};

}  // namespace fixwire::simd_internal
