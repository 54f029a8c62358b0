// cpu_features.h: which SIMD implementation of the byte kernels runs.
//
// fixwire's kernels (checksum.h, structural_scan.h, find.h) exist as a scalar
// reference and as SSE2, AVX2 and AVX-512BW versions. One is chosen once, on
// first use, from CPUID (and XGETBV for the OS-enabled AVX state): the best the
// CPU supports, unless the environment variable FIXWIRE_SIMD names another
// (scalar|sse2|avx2|avx512; an unsupported or unknown name is ignored and the
// best is used). SetActiveIsa() changes the choice later, for tests and
// benchmarks.
//
// Thread use: ActiveIsa() and the kernels may be called from any thread.
// SetActiveIsa() is meant for test and benchmark set-up; calling it while other
// threads run kernels is safe (the switch is one atomic store) but which
// implementation those in-flight calls use is unspecified.
#ifndef FIXWIRE_SIMD_CPU_FEATURES_H_
#define FIXWIRE_SIMD_CPU_FEATURES_H_

#include <cstdint>
#include <optional>
#include <string_view>

namespace fixwire::simd {

// Isa names one implementation of the kernels, in increasing order of width.
enum class Isa : std::uint8_t {
  kScalar = 0,  // portable C++, the reference every other one is tested against
  kSse2 = 1,    // 16 bytes per step (baseline on x86-64)
  kAvx2 = 2,    // 32 bytes per step
  kAvx512 = 3,  // 64 bytes per step, AVX-512F + AVX-512BW, masked tails
};

inline constexpr Isa kAllIsas[] = {Isa::kScalar, Isa::kSse2, Isa::kAvx2, Isa::kAvx512};

// IsaName returns "scalar", "sse2", "avx2" or "avx512".
std::string_view IsaName(Isa isa) noexcept;

// ParseIsaName maps a name as returned by IsaName back to its Isa; nullopt for any other text.
std::optional<Isa> ParseIsaName(std::string_view name) noexcept;

// CpuSupports reports whether this CPU and OS can run `isa` (scalar: always).
bool CpuSupports(Isa isa) noexcept;

// CpuSupportsAvx512Vbmi2 reports whether this CPU and OS can run AVX-512
// F/BW/VL together with VBMI and VBMI2 (byte permutes and byte compress),
// which the decoder's AVX-512 field walk needs on top of Isa::kAvx512.
// Independent of the active implementation; cheap after the first call.
bool CpuSupportsAvx512Vbmi2() noexcept;

// CpuHasFullWidthAvx512 reports whether this CPU can run Isa::kAvx512 and is
// known to execute 512-bit operations at full width: AMD family 1Ah (Zen 5)
// and later. False on Zen 4, which splits them into two 256-bit halves, and on
// every CPU not classified here (Intel cores included). The decoder uses it to
// choose how short a body its AVX-512 field walk takes. Cheap after the first call.
bool CpuHasFullWidthAvx512() noexcept;

// BestSupportedIsa returns the widest implementation this CPU supports.
Isa BestSupportedIsa() noexcept;

// ActiveIsa returns the implementation the kernels currently dispatch to.
Isa ActiveIsa() noexcept;

// SetActiveIsa makes the kernels use `isa`. Returns false, changing nothing,
// when the CPU does not support it.
[[nodiscard]] bool SetActiveIsa(Isa isa) noexcept;

}  // namespace fixwire::simd

#endif  // FIXWIRE_SIMD_CPU_FEATURES_H_
