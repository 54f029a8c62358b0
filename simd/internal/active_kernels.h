// active_kernels.h: the kernel table the public kernel functions jump
// through, chosen on first use (simd::Dispatch, cpu_features.cc).
//
// Internal to //simd. Thread-safe: the choice is one atomic pointer.
#ifndef FIXWIRE_SIMD_INTERNAL_ACTIVE_KERNELS_H_
#define FIXWIRE_SIMD_INTERNAL_ACTIVE_KERNELS_H_

#include <atomic>

#include "fixwire/simd/internal/kernel_table.h"

namespace fixwire::simd_internal {

extern std::atomic<const KernelTable*> g_active_kernels;

// InitActiveKernels makes the first choice (simd::Dispatch::Active) and returns its table.
const KernelTable& InitActiveKernels() noexcept;

// Active returns the table the public kernels dispatch to.
inline const KernelTable& Active() noexcept {
  const KernelTable* table = g_active_kernels.load(std::memory_order_acquire);
  if (__builtin_expect(table != nullptr, 1)) return *table;
  return InitActiveKernels();
}

}  // namespace fixwire::simd_internal

#endif  // FIXWIRE_SIMD_INTERNAL_ACTIVE_KERNELS_H_
