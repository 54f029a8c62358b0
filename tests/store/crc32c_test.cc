// crc32c_test.cc: the SSE4.2 and table CRC-32C agree, with the standard's check value.
#include "fixwire/store/internal/crc32c.h"

#include <cstdint>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace fixwire::store_internal {
namespace {

TEST(Crc32cTest, CheckValue) {
  EXPECT_EQ(Crc32cScalar(0, "123456789", 9), 0xE3069283u);
  if (CpuHasSse42()) {
    EXPECT_EQ(Crc32cSse42(0, "123456789", 9), 0xE3069283u);
  }
  EXPECT_EQ(Crc32c(0, "123456789", 9), 0xE3069283u);
  EXPECT_EQ(Crc32c(0, "", 0), 0u);
}

TEST(Crc32cTest, ImplementationsAgreeOnRandomData) {
  if (!CpuHasSse42()) GTEST_SKIP() << "no SSE4.2 on this CPU";
  std::mt19937_64 rng(7);
  std::vector<unsigned char> buf(4096 + 16);
  for (auto& b : buf) b = static_cast<unsigned char>(rng());
  for (int i = 0; i < 20000; ++i) {
    const std::size_t offset = rng() % 16;
    const std::size_t size = rng() % 4096;
    const auto seed = static_cast<std::uint32_t>(rng());
    ASSERT_EQ(Crc32cScalar(seed, buf.data() + offset, size),
              Crc32cSse42(seed, buf.data() + offset, size))
        << "offset " << offset << " size " << size;
  }
}

TEST(Crc32cTest, Incremental) {
  const char text[] = "8=FIX.4.4\x01" "9=5\x01" "35=0\x01" "10=161\x01";
  const std::size_t n = sizeof text - 1;
  for (std::size_t cut = 0; cut <= n; ++cut) {
    EXPECT_EQ(Crc32c(Crc32c(0, text, cut), text + cut, n - cut), Crc32c(0, text, n));
    EXPECT_EQ(Crc32cScalar(Crc32cScalar(0, text, cut), text + cut, n - cut),
              Crc32cScalar(0, text, n));
  }
}

}  // namespace
}  // namespace fixwire::store_internal
