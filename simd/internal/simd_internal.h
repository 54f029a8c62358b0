// simd_internal.h: direct access to each kernel implementation and to the
// byte-at-a-time digit references, for tests and benchmarks only.
//
// KernelsFor(isa) returns that implementation's table whether or not the CPU
// supports it; calling a table the CPU lacks (CpuSupports(isa) == false) is
// undefined (an illegal instruction). The *Reference functions are the simple,
// obviously correct versions of simd/digits.h the tests compare against.
#ifndef FIXWIRE_SIMD_INTERNAL_SIMD_INTERNAL_H_
#define FIXWIRE_SIMD_INTERNAL_SIMD_INTERNAL_H_

#include <cstddef>
#include <cstdint>

#include "fixwire/simd/internal/kernel_table.h"

namespace fixwire::simd {
enum class Isa : std::uint8_t;  // cpu_features.h
}  // namespace fixwire::simd

namespace fixwire::simd_internal {

const KernelTable& KernelsFor(simd::Isa isa) noexcept;

// Byte-at-a-time versions of the simd/digits.h functions, same contracts.
bool ParseUnsignedReference(const char* data, std::size_t size, std::uint64_t* out) noexcept;
bool AllDigitsReference(const char* data, std::size_t size) noexcept;
std::size_t DigitCountReference(std::uint64_t v) noexcept;
std::size_t FormatUnsignedReference(std::uint64_t v, char* out) noexcept;
void FormatFixedWidthReference(std::uint64_t v, std::size_t width, char* out) noexcept;

}  // namespace fixwire::simd_internal

#endif  // FIXWIRE_SIMD_INTERNAL_SIMD_INTERNAL_H_
