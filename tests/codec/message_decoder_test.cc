// message_decoder_test.cc: MessageDecoder sizes its index from the largest
// message it accepts, so every workload (the 165 KB snapshot included)
// decodes with default settings and exactly as Decoder::Decode into a large
// index; an index sized by hand too small, or a message over the limit, gets
// an error whose hint says which limit to raise.
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks/workloads.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_decoder.h"
#include "fixwire/wire/message_view.h"
#include "gtest/gtest.h"
#include "tests/codec/fix_test_util.h"

namespace fixwire {
namespace {

TEST(MessageDecoderTest, DecodesEveryWorkloadWithDefaults) {
  MessageDecoder decoder;
  EXPECT_EQ(decoder.options().max_message_size, MessageDecoder::kDefaultMaxMessageSize);
  EXPECT_GE(decoder.index().capacity(),
            FieldIndex::CapacityFor(MessageDecoder::kDefaultMaxMessageSize));
  const Decoder plain;
  FieldIndex big(1 << 18);
  for (const bench::Workload& w : bench::AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    MessageView view;
    const Error e = decoder.Decode(w.bytes, view);
    ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code);
    MessageView want;
    ASSERT_TRUE(plain.Decode(w.bytes, big, want).ok());
    ASSERT_EQ(view.field_count(), want.field_count());
    for (std::uint32_t i = 0; i < view.field_count(); ++i) {
      EXPECT_EQ(view.field(i).tag, want.field(i).tag);
      EXPECT_EQ(view.value(view.field(i)), want.value(want.field(i)));
    }
  }
}

TEST(MessageDecoderTest, SmallIndexSaysHowToRaiseIt) {
  const bench::Workload& w = bench::GetWorkload("MDSnapshot165K");
  const Decoder decoder;
  FieldIndex small(1024);
  MessageView view;
  const Error e = decoder.Decode(w.bytes, small, view);
  EXPECT_EQ(e.code, ErrorCode::kIndexCapacityExceeded);
  EXPECT_NE(ErrorCodeHint(e.code).find("FieldIndex::CapacityFor"), std::string_view::npos);
  FieldIndex sized(FieldIndex::CapacityFor(static_cast<std::uint32_t>(w.bytes.size())));
  EXPECT_TRUE(decoder.Decode(w.bytes, sized, view).ok());
}

TEST(MessageDecoderTest, TooLargeSaysWhichOption) {
  DecoderOptions options;
  options.max_message_size = 4096;
  MessageDecoder decoder(options);
  const bench::Workload& w = bench::GetWorkload("MDSnapshot165K");
  MessageView view;
  const Error e = decoder.Decode(w.bytes, view);
  EXPECT_EQ(e.code, ErrorCode::kMessageTooLarge);
  EXPECT_NE(ErrorCodeHint(e.code).find("max_message_size"), std::string_view::npos);
}

// The densest message the bound allows: every body field "1=x<SOH>" (or
// "1=<SOH>" with empty values allowed), filling max_message_size exactly.
TEST(MessageDecoderTest, DensestMessageFits) {
  for (bool allow_empty : {false, true}) {
    DecoderOptions options;
    options.max_message_size = 4096;
    options.allow_empty_values = allow_empty;
    MessageDecoder decoder(options);
    std::vector<testing::RefField> body = {{35, "0"}};
    std::string m;
    while (true) {
      body.push_back({1, allow_empty ? "" : "x"});
      const std::string next = testing::Assemble("FIX.4.4", body);
      if (next.size() > options.max_message_size) break;
      m = next;
    }
    MessageView view;
    const Error e = decoder.Decode(m, view);
    ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " allow_empty " << allow_empty;
    EXPECT_LE(view.field_count(), decoder.index().capacity());
  }
}

TEST(MessageDecoderTest, OnlyLimitCodesHaveHints) {
  for (int c = 0; c <= static_cast<int>(kLastErrorCode); ++c) {
    const ErrorCode code = static_cast<ErrorCode>(c);
    const bool limit = code == ErrorCode::kIndexCapacityExceeded ||
                       code == ErrorCode::kMessageTooLarge || code == ErrorCode::kArenaExhausted ||
                       code == ErrorCode::kBufferTooSmall;
    EXPECT_EQ(!ErrorCodeHint(code).empty(), limit) << ErrorCodeName(code);
  }
}

}  // namespace
}  // namespace fixwire
