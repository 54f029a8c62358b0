// checksum.cc: public CheckSum entry points, dispatching to the active kernels.
#include "fixwire/simd/checksum.h"

#include "fixwire/simd/internal/active_kernels.h"

namespace fixwire::simd {

std::uint8_t Checksum(const char* data, std::size_t size) noexcept {
  return static_cast<std::uint8_t>(simd_internal::Active().byte_sum(data, size));
}

std::uint64_t ByteSum(const char* data, std::size_t size) noexcept {
  return simd_internal::Active().byte_sum(data, size);
}

}  // namespace fixwire::simd
