// framing_test.cc: FastFrameHeader (the word-at-a-time header read the
// decoder and the stream framer share) against its byte-by-byte reference,
// ParseFrameHeaderBytewise: on every header it takes it gives exactly the
// reference's result, and it takes every header of its shape that the
// reference accepts. Headers: every BeginString length, BodyLength widths,
// leading zeros, and random single-byte changes.
#include <cstdint>
#include <random>
#include <string>

#include "fixwire/values/error.h"
#include "fixwire/wire/internal/framing.h"
#include "gtest/gtest.h"

namespace fixwire {
namespace {

using wire_internal::FastFrameHeader;
using wire_internal::FrameHeader;
using wire_internal::ParseFrameHeader;
using wire_internal::ParseFrameHeaderBytewise;

void ExpectAgrees(const std::string& bytes) {
  ASSERT_GE(bytes.size(), 32u);
  FrameHeader fast;
  FrameHeader slow;
  const bool took = FastFrameHeader(bytes.data(), &fast);
  const Error e = ParseFrameHeaderBytewise(bytes.data(), bytes.size(), &slow);
  if (took) {
    ASSERT_TRUE(e.ok()) << bytes;
    EXPECT_EQ(fast.begin_string_length, slow.begin_string_length) << bytes;
    EXPECT_EQ(fast.body_length_offset, slow.body_length_offset) << bytes;
    EXPECT_EQ(fast.body_length_digits, slow.body_length_digits) << bytes;
    EXPECT_EQ(fast.body_length, slow.body_length) << bytes;
    EXPECT_EQ(fast.body_start, slow.body_start) << bytes;
  } else if (e.ok()) {
    // Left to the reference only outside FastFrameHeader's shape.
    EXPECT_TRUE(slow.begin_string_length + 3 > 18 || slow.body_length_digits > 7) << bytes;
  }
  // ParseFrameHeader is the two together.
  FrameHeader both;
  const Error e2 = ParseFrameHeader(bytes.data(), bytes.size(), &both);
  EXPECT_EQ(e2.code, e.code) << bytes;
  EXPECT_EQ(e2.offset, e.offset) << bytes;
  if (e.ok()) {
    EXPECT_EQ(both.body_start, slow.body_start) << bytes;
  }
}

std::string Header(const std::string& begin, const std::string& length) {
  std::string s = "8=" + begin + "\x01" "9=" + length + "\x01" "35=0\x01";
  s.resize(48, 'x');
  return s;
}

TEST(FramingTest, FastFrameHeaderAgreesWithTheByteLoop) {
  for (const std::string begin : {"FIX.4.4", "FIX.4.2", "FIXT.1.1", "FIX.5.0SP2", "FIX.", "FIXT.",
                                  "FIX", "FIXT", "FIX.4.4.long.version", "FIX.4.2.extra12",
                                  "FIX.4.2.extra123", "FIX.4.2.extra1234", "FIY.4.4"}) {
    for (const std::string length : {"1", "9", "10", "65", "999", "1000", "9999", "12345",
                                     "1234567", "12345678", "123456789", "0", "01", "", "1a",
                                     "-5"}) {
      ExpectAgrees(Header(begin, length));
    }
  }
}

TEST(FramingTest, RandomByteChangesAgree) {
  std::mt19937 rng(25);
  const std::string bytes[] = {Header("FIX.4.4", "65"), Header("FIXT.1.1", "1234"),
                               Header("FIX.5.0SP2", "7"), Header("FIX.4.2", "1234567")};
  const char alphabet[] = {'\x01', '=', '0', '1', '9', '8', 'F', 'I', 'X', 'T', '.', 'a'};
  for (int i = 0; i < 100000; ++i) {
    std::string m = bytes[rng() % 4];
    const int changes = 1 + static_cast<int>(rng() % 3);
    for (int c = 0; c < changes; ++c) m[rng() % 32] = alphabet[rng() % sizeof alphabet];
    ExpectAgrees(m);
    if (::testing::Test::HasFailure()) return;
  }
}

}  // namespace
}  // namespace fixwire
