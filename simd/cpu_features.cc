// cpu_features.cc: CPU detection (CPUID + XGETBV) and the choice of kernels.
#include "fixwire/simd/cpu_features.h"

#include <atomic>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "fixwire/simd/dispatch.h"
#include "fixwire/simd/internal/active_kernels.h"
#include "fixwire/simd/internal/kernel_table.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define FIXWIRE_SIMD_X86 1
#endif

namespace fixwire::simd_internal {

std::atomic<const KernelTable*> g_active_kernels{nullptr};

namespace {

using simd::Isa;

struct CpuFlags {
  bool sse2 = false;
  bool avx2 = false;    // AVX2 + BMI1 + BMI2 + LZCNT + POPCNT, YMM state enabled by the OS
  bool avx512 = false;  // the above + AVX-512 F/BW/VL, ZMM and opmask state enabled by the OS
  bool avx512_vbmi2 = false;  // the above + AVX-512 VBMI and VBMI2
  bool full_width_avx512 = false;  // avx512 on AMD family 1Ah (Zen 5) or later
};

#if defined(FIXWIRE_SIMD_X86)
std::uint64_t ReadXcr0() noexcept {
  std::uint32_t eax = 0;
  std::uint32_t edx = 0;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<std::uint64_t>(edx) << 32) | eax;
}
#endif

CpuFlags DetectCpu() noexcept {
  CpuFlags flags;
#if defined(FIXWIRE_SIMD_X86)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(0, &eax, &ebx, &ecx, &edx) == 0) return flags;
  const unsigned max_leaf = eax;
  // "AuthenticAMD" in ebx, edx, ecx.
  const bool amd = ebx == 0x68747541u && edx == 0x69746e65u && ecx == 0x444d4163u;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return flags;
  const unsigned base_family = (eax >> 8) & 0xF;
  const unsigned family = base_family == 0xF ? base_family + ((eax >> 20) & 0xFF) : base_family;
  flags.sse2 = (edx & (1u << 26)) != 0;
  const bool popcnt = (ecx & (1u << 23)) != 0;
  const bool osxsave = (ecx & (1u << 27)) != 0;
  const bool avx = (ecx & (1u << 28)) != 0;
  if (!osxsave || !avx || max_leaf < 7) return flags;
  const std::uint64_t xcr0 = ReadXcr0();
  const bool ymm_state = (xcr0 & 0x6) == 0x6;      // SSE + AVX state
  const bool zmm_state = (xcr0 & 0xE6) == 0xE6;    // + opmask, ZMM_Hi256, Hi16_ZMM
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  const bool bmi1 = (ebx & (1u << 3)) != 0;
  const bool avx2 = (ebx & (1u << 5)) != 0;
  const bool bmi2 = (ebx & (1u << 8)) != 0;
  const bool avx512f = (ebx & (1u << 16)) != 0;
  const bool avx512bw = (ebx & (1u << 30)) != 0;
  const bool avx512vl = (ebx & (1u << 31)) != 0;
  const bool vbmi = (ecx & (1u << 1)) != 0;
  const bool vbmi2 = (ecx & (1u << 6)) != 0;
  bool lzcnt = false;
  if (__get_cpuid(0x80000000u, &eax, &ebx, &ecx, &edx) && eax >= 0x80000001u) {
    __get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx);
    lzcnt = (ecx & (1u << 5)) != 0;
  }
  flags.avx2 = flags.sse2 && ymm_state && avx2 && bmi1 && bmi2 && lzcnt && popcnt;
  flags.avx512 = flags.avx2 && zmm_state && avx512f && avx512bw && avx512vl;
  flags.avx512_vbmi2 = flags.avx512 && vbmi && vbmi2;
  flags.full_width_avx512 = flags.avx512 && amd && family >= 0x1A;
#endif
  return flags;
}

const CpuFlags& Cpu() noexcept {
  static const CpuFlags flags = DetectCpu();
  return flags;
}

const KernelTable* TableFor(Isa isa) noexcept {
  switch (isa) {
    case Isa::kScalar:
      return &kScalarKernels;
    case Isa::kSse2:
      return &kSse2Kernels;
    case Isa::kAvx2:
      return &kAvx2Kernels;
    case Isa::kAvx512:
      return &kAvx512Kernels;
  }
  return &kScalarKernels;
}

Isa InitialIsa() noexcept {
  Isa isa = simd::BestSupportedIsa();
  if (const char* env = std::getenv("FIXWIRE_SIMD"); env != nullptr) {
    if (std::optional<Isa> forced = simd::ParseIsaName(env);
        forced.has_value() && simd::CpuSupports(*forced)) {
      isa = *forced;
    }
  }
  return isa;
}

}  // namespace

const KernelTable& InitActiveKernels() noexcept {
  // The first choice installs its table; installing the chosen one here too
  // keeps this exact whichever thread chose.
  const KernelTable* no_table = nullptr;
  g_active_kernels.compare_exchange_strong(no_table, TableFor(simd::Dispatch::Active().isa()),
                                           std::memory_order_acq_rel);
  return *g_active_kernels.load(std::memory_order_acquire);
}

}  // namespace fixwire::simd_internal

namespace fixwire::simd {

std::string_view IsaName(Isa isa) noexcept {
  switch (isa) {
    case Isa::kScalar:
      return "scalar";
    case Isa::kSse2:
      return "sse2";
    case Isa::kAvx2:
      return "avx2";
    case Isa::kAvx512:
      return "avx512";
  }
  return "unknown";
}

std::optional<Isa> ParseIsaName(std::string_view name) noexcept {
  for (Isa isa : kAllIsas) {
    if (IsaName(isa) == name) return isa;
  }
  return std::nullopt;
}

bool CpuSupports(Isa isa) noexcept {
  const simd_internal::CpuFlags& cpu = simd_internal::Cpu();
  switch (isa) {
    case Isa::kScalar:
      return true;
    case Isa::kSse2:
      return cpu.sse2;
    case Isa::kAvx2:
      return cpu.avx2;
    case Isa::kAvx512:
      return cpu.avx512;
  }
  return false;
}

bool CpuSupportsAvx512Vbmi2() noexcept { return simd_internal::Cpu().avx512_vbmi2; }

bool CpuHasFullWidthAvx512() noexcept { return simd_internal::Cpu().full_width_avx512; }

Isa BestSupportedIsa() noexcept {
  if (CpuSupports(Isa::kAvx512)) return Isa::kAvx512;
  if (CpuSupports(Isa::kAvx2)) return Isa::kAvx2;
  if (CpuSupports(Isa::kSse2)) return Isa::kSse2;
  return Isa::kScalar;
}

Isa ActiveIsa() noexcept { return Dispatch::Active().isa(); }

bool SetActiveIsa(Isa isa) noexcept {
  if (!CpuSupports(isa)) return false;
  simd_internal::g_active_kernels.store(simd_internal::TableFor(isa), std::memory_order_release);
  Dispatch::state_.store(Dispatch::WordFor(isa), std::memory_order_release);
  return true;
}

constinit std::atomic<std::uint64_t> Dispatch::state_{0};

std::uint64_t Dispatch::WordFor(Isa isa) noexcept {
  const simd_internal::CpuFlags& cpu = simd_internal::Cpu();
  std::uint64_t bits = static_cast<std::uint64_t>(isa) | kChosenBit;
  if (isa >= Isa::kAvx2) bits |= kAvx2Bit;
  // The minimum stays above any input unless the AVX-512 walk may run.
  std::uint64_t min_bytes = ~std::uint64_t{0} >> kMinBytesShift;
  if (isa == Isa::kAvx512 && cpu.avx512_vbmi2) {
    bits |= kAvx512Vbmi2Bit;
    // A 64-byte-block AVX-512 walk pays only once enough blocks overlap:
    // from the third block on full-width cores (Zen 5), which one- and
    // two-block inputs never reach; from ~384 bytes where 512-bit operations
    // run as two halves (Zen 4) and on cores not classified.
    min_bytes = cpu.full_width_avx512 ? 2 * 64 + 1 : 384;
  }
  return bits | (min_bytes << kMinBytesShift);
}

std::uint64_t Dispatch::Choose() noexcept {
  static const Isa initial = simd_internal::InitialIsa();
  // A SetActiveIsa() that ran first wins; otherwise install the initial
  // choice, table first, so that a chosen word always has its table.
  const simd_internal::KernelTable* no_table = nullptr;
  simd_internal::g_active_kernels.compare_exchange_strong(
      no_table, simd_internal::TableFor(initial), std::memory_order_acq_rel);
  std::uint64_t no_word = 0;
  state_.compare_exchange_strong(no_word, WordFor(initial), std::memory_order_acq_rel);
  return state_.load(std::memory_order_acquire);
}

}  // namespace fixwire::simd
