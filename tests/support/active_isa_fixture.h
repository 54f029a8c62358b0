// active_isa_fixture.h: ActiveIsaTest, a googletest fixture parameterised by
// simd::Isa that makes the parameter the active implementation for the
// test's duration (and restores the previous one after). On a CPU without
// that implementation the test is skipped with a message, never passed
// silently. Tests only; the active ISA is process-wide, so not for tests
// that run in parallel threads.
#ifndef FIXWIRE_TESTS_SUPPORT_ACTIVE_ISA_FIXTURE_H_
#define FIXWIRE_TESTS_SUPPORT_ACTIVE_ISA_FIXTURE_H_

#include "gtest/gtest.h"
#include "fixwire/simd/cpu_features.h"

namespace fixwire::testing {

class ActiveIsaTest : public ::testing::TestWithParam<simd::Isa> {
 protected:
  void SetUp() override {
    if (!simd::CpuSupports(GetParam())) GTEST_SKIP() << "CPU lacks " << simd::IsaName(GetParam());
    previous_ = simd::ActiveIsa();
    ASSERT_TRUE(simd::SetActiveIsa(GetParam()));
  }
  void TearDown() override { (void)simd::SetActiveIsa(previous_); }

 private:
  simd::Isa previous_ = simd::Isa::kScalar;
};

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_SUPPORT_ACTIVE_ISA_FIXTURE_H_
