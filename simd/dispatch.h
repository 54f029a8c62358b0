// dispatch.h: which ISA-specific code may run, for code outside //simd that
// has its own per-ISA versions (the decoder's field walks, the group
// indexer's repeat compare).
//
// simd chooses one implementation (cpu_features.h: the best the CPU
// supports, or the one FIXWIRE_SIMD names; SetActiveIsa changes it later).
// Dispatch::Active() answers from that same choice, so forcing an ISA forces
// every per-ISA path with it: the kernels and every caller that asks here.
//
//   const fixwire::simd::Dispatch isa = fixwire::simd::Dispatch::Active();
//   if (isa.avx2()) return WalkAvx2(...);      // built with AVX2 + BMI flags
//   return WalkScalar(...);
//
// Valid from the first call, also during static initialisation: the choice
// is one constant-initialised atomic word, and the first query makes it.
// After that a query is one relaxed load and a compare, and the answers are
// bits of the loaded word. Thread-safe (see SetActiveIsa for switching while
// other threads run).
#ifndef FIXWIRE_SIMD_DISPATCH_H_
#define FIXWIRE_SIMD_DISPATCH_H_

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "fixwire/simd/cpu_features.h"

namespace fixwire::simd {

class Dispatch {
 public:
  // Active returns the current choice, making the first one if none was made.
  [[gnu::always_inline]] static Dispatch Active() noexcept {
    const std::uint64_t bits = state_.load(std::memory_order_relaxed);
    if (bits != 0) [[likely]] return Dispatch(bits);
    return Dispatch(Choose());
  }

  // isa is ActiveIsa(): the implementation the kernels dispatch to.
  Isa isa() const noexcept { return static_cast<Isa>(bits_ & kIsaMask); }

  // avx2: code built for AVX2 + BMI1 + BMI2 + LZCNT + POPCNT may run: the
  // active implementation is kAvx2 or kAvx512 (which includes those features;
  // simd only ever chooses what CpuSupports).
  bool avx2() const noexcept { return (bits_ & kAvx2Bit) != 0; }

  // avx512_vbmi2: code built for AVX-512 F/BW/VL + VBMI + VBMI2 may run: the
  // active implementation is kAvx512 and CpuSupportsAvx512Vbmi2().
  bool avx512_vbmi2() const noexcept { return (bits_ & kAvx512Vbmi2Bit) != 0; }

  // avx512_walk_min_bytes: the shortest input (in bytes, 64-byte blocks)
  // from which a 64-byte-block AVX-512 loop whose per-block chain is longer
  // than its AVX2 counterpart's pays on this core: from the third block on
  // cores that execute 512-bit operations at full width
  // (CpuHasFullWidthAvx512), from 384 bytes on the others. Larger than any
  // input when avx512_vbmi2() is false, so that `size >=
  // avx512_walk_min_bytes()` alone decides.
  std::size_t avx512_walk_min_bytes() const noexcept {
    return static_cast<std::size_t>(bits_ >> kMinBytesShift);
  }

 private:
  friend bool SetActiveIsa(Isa isa) noexcept;

  // The word: the Isa in bits 0-1, kChosenBit (never 0 once chosen), the
  // feature bits, and avx512_walk_min_bytes from kMinBytesShift up.
  static constexpr std::uint64_t kIsaMask = 3;
  static constexpr std::uint64_t kChosenBit = 4;
  static constexpr std::uint64_t kAvx2Bit = 8;
  static constexpr std::uint64_t kAvx512Vbmi2Bit = 16;
  static constexpr unsigned kMinBytesShift = 8;

  explicit Dispatch(std::uint64_t bits) noexcept : bits_(bits) {}

  // Choose makes the first choice (CPUID, FIXWIRE_SIMD) unless SetActiveIsa
  // made one, and returns the word. Out of line: runs once.
  [[gnu::cold]] static std::uint64_t Choose() noexcept;
  // WordFor is the word for `isa` on this CPU.
  static std::uint64_t WordFor(Isa isa) noexcept;

  static std::atomic<std::uint64_t> state_;  // 0 until the first choice
  std::uint64_t bits_;
};

}  // namespace fixwire::simd

#endif  // FIXWIRE_SIMD_DISPATCH_H_
