// checksum.h: the FIX CheckSum (tag 10) of a byte span.
//
// Checksum(data, size) is the sum of all bytes modulo 256, as the FIX
// specification defines CheckSum over everything before "10=". Computed with a
// horizontal byte sum (SAD against zero) in the SIMD versions.
//
// Bounds: reads exactly [data, data + size); no padding is required.
// Never allocates, never fails; size 0 gives 0.
#ifndef FIXWIRE_SIMD_CHECKSUM_H_
#define FIXWIRE_SIMD_CHECKSUM_H_

#include <cstddef>
#include <cstdint>

namespace fixwire::simd {

// Checksum returns the sum of data[0..size) mod 256, using the active implementation.
std::uint8_t Checksum(const char* data, std::size_t size) noexcept;

// ByteSum returns the full (not reduced) sum of the bytes as unsigned values.
std::uint64_t ByteSum(const char* data, std::size_t size) noexcept;

}  // namespace fixwire::simd

#endif  // FIXWIRE_SIMD_CHECKSUM_H_
