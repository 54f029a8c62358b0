// other_engines_test.cc: messages written the way other engines write them
// decode as FIX allows. hffix pads BodyLength with zeros ("9=000155"); FIX's
// int type allows leading zeros, so the decoder accepts them in BodyLength
// and the typed getters in every int value. QuickFIX's own encodings of the
// suite's orders, reports and market data decode to exactly the fields
// QuickFIX itself reads back from them.
#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "benchmarks/quickfix_adapter.h"
#include "benchmarks/quickfix_fields.h"
#include "benchmarks/workloads.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "gtest/gtest.h"
#include "tests/codec/fix_test_util.h"

namespace fixwire {
namespace {

using bench::AllWorkloads;
using bench::Workload;
using testing::RefChecksum;
using testing::RefField;

// ZeroPadded rewrites a message with its BodyLength written in `width`
// digits (zeros in front, as hffix writes it) and the CheckSum recomputed.
std::string ZeroPadded(std::string_view m, std::size_t width) {
  const std::size_t nine = m.find("\x01" "9=") + 3;
  const std::size_t soh = m.find('\x01', nine);
  std::string length(m.substr(nine, soh - nine));
  if (length.size() < width) length.insert(0, width - length.size(), '0');
  std::string out = std::string(m.substr(0, nine)) + length;
  const std::size_t trailer = m.size() - 7;  // "10=nnn<SOH>"
  out += m.substr(soh, trailer - soh);
  char cs[8];
  std::snprintf(cs, sizeof cs, "%03u", RefChecksum(out));
  return out + "10=" + cs + "\x01";
}

std::vector<RefField> Fields(const MessageView& view) {
  std::vector<RefField> out;
  for (const Field& f : view) out.push_back(RefField{f.tag, std::string(view.value(f))});
  return out;
}

TEST(OtherEnginesTest, ZeroPaddedBodyLengthDecodes) {
  const Decoder decoder;
  FieldIndex index(1 << 16);
  FieldIndex plain_index(1 << 16);
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    MessageView plain;
    ASSERT_TRUE(decoder.Decode(w.bytes, plain_index, plain).ok());
    for (std::size_t width : {6u, 7u, 8u, 9u}) {
      const std::string padded = ZeroPadded(w.bytes, width);
      MessageView view;
      const Error e = decoder.Decode(padded, index, view);
      ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " at " << e.offset << " width " << width;
      EXPECT_EQ(view.size(), padded.size());
      EXPECT_EQ(view.body_length(), plain.body_length());
      std::vector<RefField> got = Fields(view);
      std::vector<RefField> want = Fields(plain);
      ASSERT_EQ(got.size(), want.size());
      EXPECT_EQ(got[1].value.size(), width);
      got[1] = want[1];
      got.back() = want.back();  // the CheckSum differs
      EXPECT_EQ(got, want);
    }
  }
}

TEST(OtherEnginesTest, HffixStyleHeartbeat) {
  // Exactly hffix's shape: "9=" always six digits.
  const std::string body = "35=0\x01" "34=000007\x01" "49=HFFIX\x01" "56=FIXWIRE\x01";
  std::string m = "8=FIX.4.2\x01" "9=0000" + std::to_string(body.size()) + "\x01" + body;
  char cs[8];
  std::snprintf(cs, sizeof cs, "%03u", RefChecksum(m));
  m += std::string("10=") + cs + "\x01";
  const Decoder decoder;
  FieldIndex index(64);
  MessageView view;
  ASSERT_TRUE(decoder.Decode(m, index, view).ok());
  EXPECT_EQ(view.body_length(), body.size());
  std::uint64_t seq = 0;
  ASSERT_EQ(view.msg_seq_num(&seq), ErrorCode::kOk);
  EXPECT_EQ(seq, 7u);
}

TEST(OtherEnginesTest, BodyLengthLimits) {
  const Decoder decoder;
  FieldIndex index(64);
  MessageView view;
  const std::string body = "35=0\x01";
  auto with_length = [&](std::string_view length) {
    std::string m = "8=FIX.4.4\x01" "9=" + std::string(length) + "\x01" + body;
    char cs[8];
    std::snprintf(cs, sizeof cs, "%03u", RefChecksum(m));
    return m + "10=" + cs + "\x01" + std::string(32, 'x');  // room for the word reads
  };
  for (std::string_view ok : {"5", "05", "0005", "0000005", "00000005", "000000005"}) {
    EXPECT_TRUE(decoder.Decode(with_length(ok), index, view).ok()) << ok;
  }
  for (std::string_view bad : {"0", "00", "0000000", "000000000", "0000000005", "-5", "+5"}) {
    const Error e = decoder.Decode(with_length(bad), index, view);
    EXPECT_EQ(e.code, ErrorCode::kBadBodyLength) << bad;
    EXPECT_EQ(e.tag, 9u) << bad;
  }
}

TEST(OtherEnginesTest, IntValuesWithLeadingZeros) {
  const std::string m = testing::Assemble(
      "FIX.4.4", {{35, "8"}, {34, "000042"}, {38, "0100"}, {268, "00"}, {95, "0003"},
                  {96, "a\x01="}, {14, "-0007"}, {9000, "0000000000000000000000012"}});
  const Decoder decoder;
  FieldIndex index(64);
  MessageView view;
  const Error e = decoder.Decode(m, index, view);
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code);
  std::uint64_t u = 0;
  std::int64_t i = 0;
  ASSERT_EQ(view.msg_seq_num(&u), ErrorCode::kOk);
  EXPECT_EQ(u, 42u);
  ASSERT_EQ(view.GetUint64(38, &u), ErrorCode::kOk);
  EXPECT_EQ(u, 100u);
  ASSERT_EQ(view.GetUint64(268, &u), ErrorCode::kOk);
  EXPECT_EQ(u, 0u);
  ASSERT_EQ(view.GetInt64(14, &i), ErrorCode::kOk);
  EXPECT_EQ(i, -7);
  ASSERT_EQ(view.GetUint64(9000, &u), ErrorCode::kOk);
  EXPECT_EQ(u, 12u);
  EXPECT_EQ(view.GetOr(96), std::string_view("a\x01=", 3));
}

TEST(OtherEnginesTest, TagsStayWithoutLeadingZeros) {
  const Decoder decoder;
  FieldIndex index(64);
  MessageView view;
  const std::string m = testing::Assemble("FIX.4.4", {{35, "0"}});
  std::string bad = m;
  bad.insert(bad.find("35="), "0");  // "035="
  EXPECT_FALSE(decoder.Decode(bad, index, view).ok());
}

TEST(OtherEnginesTest, QuickFixEncodingsDecodeToQuickFixFields) {
  const Decoder decoder;
  FieldIndex index(1 << 16);
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    std::string error;
    auto encoder = fixwire_qf::QfEncoder::Prepare(std::string(w.begin_string),
                                                  std::string(w.msg_type),
                                                  bench::ToQfFields(w.content()), &error);
    ASSERT_NE(encoder, nullptr) << error;
    std::string bytes;
    ASSERT_GT(encoder->Encode(&bytes), 0u);
    MessageView view;
    const Error e = decoder.Decode(bytes, index, view);
    ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " at " << e.offset;
    fixwire_qf::QfMessage qf;
    ASSERT_TRUE(qf.Decode(bytes)) << qf.last_error();
    std::vector<RefField> want;
    for (auto& [tag, value] : qf.Fields()) {
      want.push_back(RefField{static_cast<std::uint32_t>(tag), value});
    }
    // QuickFIX without a dictionary keeps the fields by tag (repeated tags in
    // no particular order): compare as multisets.
    std::vector<RefField> got = Fields(view);
    auto order = [](const RefField& a, const RefField& b) {
      return a.tag != b.tag ? a.tag < b.tag : a.value < b.value;
    };
    std::sort(got.begin(), got.end(), order);
    std::sort(want.begin(), want.end(), order);
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i].tag, want[i].tag) << i;
      ASSERT_EQ(got[i].value, want[i].value) << got[i].tag;
    }
    // The same encoding with a zero-padded BodyLength, as hffix would frame it.
    const std::string padded = ZeroPadded(bytes, 9);
    MessageView padded_view;
    ASSERT_TRUE(decoder.Decode(padded, index, padded_view).ok());
    ASSERT_TRUE(qf.Decode(padded)) << qf.last_error();
    EXPECT_EQ(padded_view.field_count(), view.field_count());
  }
}

}  // namespace
}  // namespace fixwire
