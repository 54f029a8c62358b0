// cpu_features_test.cc: Isa names, CPU support queries and SetActiveIsa.
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/dispatch.h"

#include <cstdlib>
#include <fstream>
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

// The inline queries the codec asks per message agree with ActiveIsa() and
// with the CPU.
TEST(CpuFeaturesTest, DispatchQueriesMatchActiveIsa) {
  for (Isa isa : kAllIsas) {
    if (!CpuSupports(isa)) continue;
    ASSERT_TRUE(SetActiveIsa(isa));
    const Dispatch d = Dispatch::Active();
    EXPECT_EQ(d.isa(), isa);
    EXPECT_EQ(ActiveIsa(), isa);
    EXPECT_EQ(d.avx2(), isa >= Isa::kAvx2) << IsaName(isa);
    EXPECT_EQ(d.avx512_vbmi2(), isa == Isa::kAvx512 && CpuSupportsAvx512Vbmi2()) << IsaName(isa);
    if (d.avx512_vbmi2()) {
      EXPECT_EQ(d.avx512_walk_min_bytes(), CpuHasFullWidthAvx512() ? 129u : 384u);
    } else {
      EXPECT_GE(d.avx512_walk_min_bytes(), std::size_t{1} << 55) << IsaName(isa);
    }
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

// CpuInfoField returns the value of the first "name<tabs>: value" line of
// /proc/cpuinfo, or "" when there is no such file or line.
std::string CpuInfoField(const std::string& name) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.pop_back();
    if (key != name) continue;
    std::size_t start = colon + 1;
    while (start < line.size() && line[start] == ' ') ++start;
    return line.substr(start);
  }
  return "";
}

TEST(CpuFeaturesTest, FullWidthAvx512MatchesTheKernelsView) {
  // The Linux kernel's own reading of the vendor and the (combined) family.
  const std::string vendor = CpuInfoField("vendor_id");
  const std::string family = CpuInfoField("cpu family");
  if (vendor.empty() || family.empty()) GTEST_SKIP() << "no /proc/cpuinfo here";
  const bool zen5_or_later = vendor == "AuthenticAMD" && std::atoi(family.c_str()) >= 26;
  EXPECT_EQ(CpuHasFullWidthAvx512(), CpuSupports(Isa::kAvx512) && zen5_or_later)
      << vendor << " family " << family;
}

}  // namespace
}  // namespace fixwire::simd
