// active_isa.h: inline questions about the active kernel implementation, for
// code outside //simd that picks its own ISA-specific path per call (the
// decoder's field walks).
//
// Internal: users ask simd::ActiveIsa(). These answer the same question in
// one relaxed load and one or two compares. Before the first kernel call,
// ActiveIsa() or SetActiveIsa() has chosen the implementation they return
// false (the caller then takes its baseline path, which is always correct).
// Thread-safe: the active table is one atomic pointer.
#ifndef FIXWIRE_SIMD_INTERNAL_ACTIVE_ISA_H_
#define FIXWIRE_SIMD_INTERNAL_ACTIVE_ISA_H_

#include <atomic>

namespace fixwire::simd_internal {

struct KernelTable;
extern std::atomic<const KernelTable*> g_active_kernels;  // dispatch.h
extern const KernelTable kAvx2Kernels;
extern const KernelTable kAvx512Kernels;

// ActiveIsaIsAvx2OrWider is simd::ActiveIsa() >= Isa::kAvx2, once chosen.
inline bool ActiveIsaIsAvx2OrWider() noexcept {
  const KernelTable* active = g_active_kernels.load(std::memory_order_relaxed);
  return active == &kAvx2Kernels || active == &kAvx512Kernels;
}

// ActiveIsaIsAvx512 is simd::ActiveIsa() == Isa::kAvx512, once chosen.
inline bool ActiveIsaIsAvx512() noexcept {
  return g_active_kernels.load(std::memory_order_relaxed) == &kAvx512Kernels;
}

}  // namespace fixwire::simd_internal

#endif  // FIXWIRE_SIMD_INTERNAL_ACTIVE_ISA_H_
