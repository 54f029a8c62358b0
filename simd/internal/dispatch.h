// dispatch.h: the active kernel table, chosen once at first use.
//
// Internal to //simd: the public kernel functions call Active() and jump
// through the table. Thread-safe: the choice is one atomic pointer.
#ifndef FIXWIRE_SIMD_INTERNAL_DISPATCH_H_
#define FIXWIRE_SIMD_INTERNAL_DISPATCH_H_

#include <atomic>

#include "fixwire/simd/internal/kernel_table.h"

namespace fixwire::simd_internal {

extern std::atomic<const KernelTable*> g_active_kernels;

// InitActiveKernels picks the first table (CPUID, FIXWIRE_SIMD) and returns it.
const KernelTable& InitActiveKernels() noexcept;

// Active returns the table the public kernels dispatch to.
inline const KernelTable& Active() noexcept {
  const KernelTable* table = g_active_kernels.load(std::memory_order_acquire);
  if (__builtin_expect(table != nullptr, 1)) return *table;
  return InitActiveKernels();
}

}  // namespace fixwire::simd_internal

#endif  // FIXWIRE_SIMD_INTERNAL_DISPATCH_H_
