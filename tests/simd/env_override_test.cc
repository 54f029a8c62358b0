// env_override_test.cc: the first choice of kernels honours FIXWIRE_SIMD.
//
// Built several times by tests/simd/BUILD.bazel with different FIXWIRE_SIMD
// values and EXPECTED_ISA (the name the test expects to be active, or "best").
#include <cstdlib>
#include <string>

#include "gtest/gtest.h"
#include "fixwire/simd/checksum.h"
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/dispatch.h"

namespace fixwire::simd {
namespace {

TEST(EnvOverrideTest, FirstChoiceFollowsTheEnvironment) {
  const char* env = std::getenv("FIXWIRE_SIMD");
  ASSERT_NE(env, nullptr) << "the BUILD rule sets FIXWIRE_SIMD";
  const char* expected_name = std::getenv("EXPECTED_ISA");
  ASSERT_NE(expected_name, nullptr);
  Isa expected = BestSupportedIsa();
  if (std::string(expected_name) != "best") {
    const auto parsed = ParseIsaName(expected_name);
    ASSERT_TRUE(parsed.has_value());
    if (!CpuSupports(*parsed)) {
      // The override must fall back to the best; still check that, then report the skip.
      EXPECT_EQ(ActiveIsa(), BestSupportedIsa());
      GTEST_SKIP() << "this CPU lacks " << expected_name << "; FIXWIRE_SIMD fell back to "
                   << IsaName(BestSupportedIsa());
    }
    expected = *parsed;
  }
  // The first kernel call makes the choice.
  const char byte = 'A';
  EXPECT_EQ(Checksum(&byte, 1), 65u);
  EXPECT_EQ(ActiveIsa(), expected) << "FIXWIRE_SIMD=" << env;
}

// The per-ISA paths outside //simd ask Dispatch, which follows the same choice.
TEST(EnvOverrideTest, DispatchFollowsTheEnvironment) {
  const Isa active = ActiveIsa();
  const Dispatch d = Dispatch::Active();
  EXPECT_EQ(d.isa(), active);
  EXPECT_EQ(d.avx2(), active >= Isa::kAvx2);
  EXPECT_EQ(d.avx512_vbmi2(), active == Isa::kAvx512 && CpuSupportsAvx512Vbmi2());
}

}  // namespace
}  // namespace fixwire::simd
