// find.h: searches a FIX decoder and framer need, over a byte span.
//
// Every function reads exactly [data, data + size) (no padding needed), never
// allocates, never fails, and returns `size` when there is no match.
#ifndef FIXWIRE_SIMD_FIND_H_
#define FIXWIRE_SIMD_FIND_H_

#include <cstddef>

namespace fixwire::simd {

// FindByte returns the index of the first byte equal to `byte`.
std::size_t FindByte(const char* data, std::size_t size, char byte) noexcept;

// FindSoh returns the index of the first SOH (0x01).
inline std::size_t FindSoh(const char* data, std::size_t size) noexcept {
  return FindByte(data, size, '\x01');
}

// FindTrailer returns the index of the SOH that starts the first "\x01" "10="
// (the SOH that ends the last body field; the trailer's "10=" follows it).
std::size_t FindTrailer(const char* data, std::size_t size) noexcept;

// FindBeginString returns the index of the '8' of the first "8=FIX" that
// starts the span or follows an SOH: the resync point after garbage.
// "58=FIX.4.2" inside a Text field does not match.
std::size_t FindBeginString(const char* data, std::size_t size) noexcept;

}  // namespace fixwire::simd

#endif  // FIXWIRE_SIMD_FIND_H_
