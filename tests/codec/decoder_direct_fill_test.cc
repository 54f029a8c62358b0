// decoder_direct_fill_test.cc: the direct lookup table DecodeFast fills
// (decoder.cc's FillDirectFast: the body's fields read back last first, the
// remainder of eight by a jump into the unrolled step, the slots of 8, 9, 35
// and 10 stored as constants) against the general path's, under every SIMD
// implementation: messages of 0 to 40 body fields after 35 (every remainder
// modulo 8), tags repeated, 35 among them, over an index whose slots hold
// the previous message's fields. Every tag of the message and a few absent
// ones find the same field (or none) on both paths, and the fast path took
// the message.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "tests/wire/decoder_paths.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/simd/cpu_features.h"
#include "tests/codec/fix_test_util.h"
#include "tests/support/active_isa_fixture.h"

namespace fixwire {
namespace {

using DecoderPaths = DecoderTestPeer;
using testing::Assemble;
using testing::ExactCopy;

using DecoderDirectFillTest = ::fixwire::testing::ActiveIsaTest;

TEST_P(DecoderDirectFillTest, LookupsMatchTheGeneralPath) {
  testing::RandomMessageMaker maker(1700 + static_cast<int>(GetParam()));
  const Decoder decoder;
  FieldIndex fast_index(64);
  FieldIndex general_index(64);
  // Few distinct tags, so that repeats are common; 35 among them.
  const std::uint32_t kTags[] = {1, 11, 35, 44, 55, 58, 999, 1000, 9999, 35, 11};
  for (int round = 0; round < 60; ++round) {
    for (std::uint32_t n = 0; n <= 40; ++n) {
      std::vector<testing::RefField> body = {{35, "DDDDDDDDDDDDDDDD"}};  // 32 bytes at least
      for (std::uint32_t k = 0; k < n; ++k) {
        body.push_back({kTags[maker.Uniform(0, sizeof kTags / sizeof kTags[0] - 1)],
                        std::string(maker.Uniform(1, 6), static_cast<char>('a' + k % 26))});
      }
      const std::string m = Assemble(round % 2 ? "FIX.4.4" : "FIXT.1.1", body);
      const ExactCopy copy(m);
      MessageView fast_view;
      MessageView general_view;
      ASSERT_TRUE(DecoderPaths::Fast(decoder, copy.view(), fast_index, fast_view)) << m;
      ASSERT_TRUE(DecoderPaths::General(decoder, copy.view(), general_index, general_view).ok());
      ASSERT_EQ(fast_view.field_count(), n + 4);
      std::set<std::uint32_t> tags = {2, 10, 12, 34, 36, 96, 10000};
      for (std::uint32_t i = 0; i < fast_view.field_count(); ++i) tags.insert(fast_view.field(i).tag);
      for (std::uint32_t t : tags) {
        const Field* f = fast_view.Find(t);
        const Field* g = general_view.Find(t);
        ASSERT_EQ(f == nullptr, g == nullptr) << t << " " << m;
        if (f != nullptr) {
          ASSERT_EQ(f - fast_view.fields().data(), g - general_view.fields().data()) << t << " " << m;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllIsas, DecoderDirectFillTest, ::testing::ValuesIn(simd::kAllIsas));

}  // namespace
}  // namespace fixwire
