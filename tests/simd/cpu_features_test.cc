// cpu_features_test.cc: Isa names, CPU support queries and SetActiveIsa.
#include "simd/cpu_features.h"
#include "simd/internal/active_isa.h"

#include <cstdlib>
#include <string>

#include "gtest/gtest.h"

namespace fixwire::simd {
namespace {

TEST(CpuFeaturesTest, NamesRoundTrip) {
  EXPECT_EQ(IsaName(Isa::kScalar), "scalar");
  EXPECT_EQ(IsaName(Isa::kSse2), "sse2");
  EXPECT_EQ(IsaName(Isa::kAvx2), "avx2");
  EXPECT_EQ(IsaName(Isa::kAvx512), "avx512");
  for (Isa isa : kAllIsas) EXPECT_EQ(ParseIsaName(IsaName(isa)), isa);
  EXPECT_EQ(ParseIsaName(""), std::nullopt);
  EXPECT_EQ(ParseIsaName("AVX2"), std::nullopt);
  EXPECT_EQ(ParseIsaName("avx"), std::nullopt);
  EXPECT_EQ(ParseIsaName("avx5120"), std::nullopt);
}

TEST(CpuFeaturesTest, SupportIsMonotonicAndBestIsSupported) {
  EXPECT_TRUE(CpuSupports(Isa::kScalar));
#if defined(__x86_64__)
  EXPECT_TRUE(CpuSupports(Isa::kSse2)) << "SSE2 is part of x86-64";
#endif
  if (CpuSupports(Isa::kAvx512)) { EXPECT_TRUE(CpuSupports(Isa::kAvx2)); }
  if (CpuSupports(Isa::kAvx2)) { EXPECT_TRUE(CpuSupports(Isa::kSse2)); }
  const Isa best = BestSupportedIsa();
  EXPECT_TRUE(CpuSupports(best));
  for (Isa isa : kAllIsas) {
    if (CpuSupports(isa)) { EXPECT_GE(static_cast<int>(best), static_cast<int>(isa)); }
  }
}

TEST(CpuFeaturesTest, SetActiveIsaSwitchesEverySupportedIsa) {
  for (Isa isa : kAllIsas) {
    if (!CpuSupports(isa)) continue;
    ASSERT_TRUE(SetActiveIsa(isa));
    EXPECT_EQ(ActiveIsa(), isa);
  }
  ASSERT_TRUE(SetActiveIsa(BestSupportedIsa()));
}

// The inline queries the decoder asks per message agree with ActiveIsa().
TEST(CpuFeaturesTest, InlineActiveIsaQueriesMatchActiveIsa) {
  (void)ActiveIsa();  // chosen now, if no kernel has run yet
  for (Isa isa : kAllIsas) {
    if (!CpuSupports(isa)) continue;
    ASSERT_TRUE(SetActiveIsa(isa));
    EXPECT_EQ(simd_internal::ActiveIsaIsAvx2OrWider(), ActiveIsa() >= Isa::kAvx2) << IsaName(isa);
    EXPECT_EQ(simd_internal::ActiveIsaIsAvx512(), ActiveIsa() == Isa::kAvx512) << IsaName(isa);
  }
  ASSERT_TRUE(SetActiveIsa(BestSupportedIsa()));
}

TEST(CpuFeaturesTest, SetActiveIsaRefusesWhatTheCpuLacks) {
  bool any_missing = false;
  for (Isa isa : kAllIsas) {
    if (CpuSupports(isa)) continue;
    any_missing = true;
    const Isa before = ActiveIsa();
    EXPECT_FALSE(SetActiveIsa(isa));
    EXPECT_EQ(ActiveIsa(), before);
  }
  if (!any_missing) GTEST_SKIP() << "this CPU supports every Isa; nothing to refuse";
}

TEST(CpuFeaturesTest, CpuSupportsMatchesTheCompilersView) {
  // __builtin_cpu_supports is GCC/Clang's own CPUID reading: an independent check.
  EXPECT_EQ(CpuSupports(Isa::kAvx2), __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                                         __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"));
  EXPECT_EQ(CpuSupports(Isa::kAvx512), CpuSupports(Isa::kAvx2) && __builtin_cpu_supports("avx512f") &&
                                           __builtin_cpu_supports("avx512bw") &&
                                           __builtin_cpu_supports("avx512vl"));
}

}  // namespace
}  // namespace fixwire::simd
