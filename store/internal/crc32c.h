// crc32c.h: CRC-32C (Castagnoli), the checksum of every store record.
//
// Crc32c picks, once, the SSE4.2 crc32 instruction when the CPU has it and a
// slice-by-8 table otherwise; both give the same value (tests compare them).
// `crc` is the running value: Crc32c(Crc32c(0, a), b) == Crc32c(0, a + b).
#ifndef FIXWIRE_STORE_INTERNAL_CRC32C_H_
#define FIXWIRE_STORE_INTERNAL_CRC32C_H_

#include <cstddef>
#include <cstdint>

namespace fixwire::store_internal {

std::uint32_t Crc32c(std::uint32_t crc, const void* data, std::size_t size) noexcept;

// The two implementations, for tests and benchmarks.
std::uint32_t Crc32cScalar(std::uint32_t crc, const void* data, std::size_t size) noexcept;
std::uint32_t Crc32cSse42(std::uint32_t crc, const void* data, std::size_t size) noexcept;
bool CpuHasSse42() noexcept;

}  // namespace fixwire::store_internal

#endif  // FIXWIRE_STORE_INTERNAL_CRC32C_H_
