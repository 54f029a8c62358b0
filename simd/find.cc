// find.cc: public searches, dispatching to the active kernels.
#include "fixwire/simd/find.h"

#include "fixwire/simd/internal/active_kernels.h"

namespace fixwire::simd {

std::size_t FindByte(const char* data, std::size_t size, char byte) noexcept {
  return simd_internal::Active().find_byte(data, size, byte);
}

std::size_t FindTrailer(const char* data, std::size_t size) noexcept {
  return simd_internal::Active().find_trailer(data, size);
}

std::size_t FindBeginString(const char* data, std::size_t size) noexcept {
  return simd_internal::Active().find_begin_string(data, size);
}

}  // namespace fixwire::simd
