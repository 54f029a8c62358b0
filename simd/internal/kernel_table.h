// kernel_table.h: the function table each implementation of the byte kernels
// fills in (scalar, SSE2, AVX2, AVX-512BW), and the tables themselves.
//
// Internal: users call the functions in simd/*.h, which dispatch through the
// active table. Every entry keeps the contract of its public counterpart: it
// reads exactly [data, data + size), never allocates and never fails.
//
// A table may only be called on a CPU that supports its ISA
// (fixwire::simd::CpuSupports); the tables are constant-initialized, so they
// can be used from any thread and during static initialization.
#ifndef FIXWIRE_SIMD_INTERNAL_KERNEL_TABLE_H_
#define FIXWIRE_SIMD_INTERNAL_KERNEL_TABLE_H_

#include <cstddef>
#include <cstdint>

namespace fixwire::simd_internal {

struct KernelTable {
  const char* name;  // "scalar", "sse2", "avx2", "avx512"
  // Sum of all bytes as unsigned values (not reduced).
  std::uint64_t (*byte_sum)(const char* data, std::size_t size) noexcept;
  // See simd/structural_scan.h: fills BlockCount(size) masks of each kind.
  void (*scan_structural)(const char* data, std::size_t size, std::uint64_t* soh_masks,
                          std::uint64_t* eq_masks) noexcept;
  // Index of the first `byte`, or size.
  std::size_t (*find_byte)(const char* data, std::size_t size, char byte) noexcept;
  // Index of the SOH of the first "\x01" "10=", or size.
  std::size_t (*find_trailer)(const char* data, std::size_t size) noexcept;
  // Index of the first "8=FIX" at the start or after an SOH, or size.
  std::size_t (*find_begin_string)(const char* data, std::size_t size) noexcept;
  // See simd/structural_scan.h ScanSohAndSum: the SOH masks of scan_structural
  // (BlockCount(size) of them, no '=' masks) and byte_sum's result, in one pass.
  std::uint64_t (*scan_soh_sum)(const char* data, std::size_t size,
                                std::uint64_t* soh_masks) noexcept;
};

// One table per implementation, each defined in its own per-ISA library.
extern const KernelTable kScalarKernels;
extern const KernelTable kSse2Kernels;
extern const KernelTable kAvx2Kernels;
extern const KernelTable kAvx512Kernels;

}  // namespace fixwire::simd_internal

#endif  // FIXWIRE_SIMD_INTERNAL_KERNEL_TABLE_H_
