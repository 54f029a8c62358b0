// structural_scan.cc: public ScanStructural, dispatching to the active kernels.
#include "fixwire/simd/structural_scan.h"

#include "fixwire/simd/internal/active_kernels.h"

namespace fixwire::simd {

void ScanStructural(const char* data, std::size_t size, std::uint64_t* soh_masks,
                    std::uint64_t* eq_masks) noexcept {
  simd_internal::Active().scan_structural(data, size, soh_masks, eq_masks);
}

std::uint64_t ScanSohAndSum(const char* data, std::size_t size, std::uint64_t* soh_masks) noexcept {
  return simd_internal::Active().scan_soh_sum(data, size, soh_masks);
}

}  // namespace fixwire::simd
