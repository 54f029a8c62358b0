// Property test: random messages (every value kind, data fields with SOH
// inside, nested repeating groups, tags of every width) encode to exactly the
// bytes an independent assembler gives (std::to_string, string arithmetic,
// a year-walk calendar, a byte-sum loop), in buffers of random sizes.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "fixwire/encode/encoder.h"
#include "gtest/gtest.h"
#include "tests/codec/encoder_test_support.h"

namespace fixwire {
namespace {

TEST(EncoderProperty, RandomMessagesMatchTheIndependentAssembly) {
  std::mt19937_64 rng(21);
  for (int i = 0; i < 5000; ++i) {
    const test_support::SpecMessage m = test_support::RandomMessage(rng);
    const std::string expected = test_support::ExpectedMessage(m);
    std::vector<char> buffer(expected.size() + 8 + rng() % 1000);
    Encoder e(buffer);
    test_support::EncodeSpec(m, e);
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok()) << static_cast<int>(r.error.code) << " tag " << r.error.tag;
    ASSERT_EQ(r.bytes, expected);
  }
}

}  // namespace
}  // namespace fixwire
