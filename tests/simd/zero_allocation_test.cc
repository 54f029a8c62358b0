// zero_allocation_test.cc: the kernels and digit functions never allocate,
// whichever implementation runs (including the first call, which picks one).
#include <cstdint>
#include <string>

#include "gtest/gtest.h"
#include "fixwire/simd/checksum.h"
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/digits.h"
#include "fixwire/simd/find.h"
#include "fixwire/simd/structural_scan.h"
#include "tests/support/alloc_counter.h"

namespace fixwire::simd {
namespace {

std::uint64_t RunEverything(const std::string& bytes) {
  std::uint64_t acc = Checksum(bytes.data(), bytes.size());
  acc += ByteSum(bytes.data(), bytes.size());
  std::uint64_t soh[8];
  std::uint64_t eq[8];
  ScanStructural(bytes.data(), bytes.size(), soh, eq);
  acc += soh[0] + eq[1];
  acc += FindSoh(bytes.data(), bytes.size());
  acc += FindTrailer(bytes.data(), bytes.size());
  acc += FindBeginString(bytes.data(), bytes.size());
  std::uint64_t v = 0;
  if (ParseUnsigned("1234567890123", 13, &v)) acc += v;
  acc += AllDigits("123", 3) ? 1 : 0;
  char out[20];
  acc += FormatUnsigned(acc, out);
  FormatFixedWidth(acc, 3, out);
  acc += static_cast<unsigned char>(out[0]);
  return acc;
}

TEST(ZeroAllocationTest, EveryKernelOnEveryIsa) {
  const std::string bytes = std::string("junk58=FIX\x01") + "8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=161\x01" +
                            std::string(300, 'x');
  ASSERT_LE(BlockCount(bytes.size()), 8u);
  {
    // The very first call makes the choice (reads CPUID and FIXWIRE_SIMD): no allocation either.
    testing::AllocationScope first;
    RunEverything(bytes);
    EXPECT_EQ(first.allocations(), 0u);
  }
  for (Isa isa : kAllIsas) {
    if (!CpuSupports(isa)) continue;
    ASSERT_TRUE(SetActiveIsa(isa));
    testing::AllocationScope scope;
    const std::uint64_t r = RunEverything(bytes);
    EXPECT_EQ(scope.allocations(), 0u) << IsaName(isa);
    EXPECT_NE(r, 0u);
  }
}

}  // namespace
}  // namespace fixwire::simd
