// CopyMessage: golden forwards and resends with hand-assembled expected
// bytes (BodyLength and CheckSum by a plain loop), a property test over
// random messages against a list-based model of the replacement rules (the
// copy re-decoded by //codec/wire:decoder), every output buffer size, and zero
// allocations.
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/encode/message_copy.h"
#include "fixwire/wire/message_view.h"
#include "gtest/gtest.h"
#include "tests/codec/encoder_test_support.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using namespace std::string_literals;
using test_support::Frame;
using test_support::RefTimestamp;

constexpr std::int64_t kTime = 1'796'225'400'123'000'000;

const std::string kBody =
    "6=123.4512\x01" "11=ORD000042\x01" "95=3\x01" "96=a\x01" "b\x01" "453=2\x01" "448=P1\x01" "448=P2\x01"
    "55=MSFT\x01"s;

class MessageCopyTest : public ::testing::Test {
 protected:
  MessageView Decode(const std::string& bytes) {
    MessageView view;
    const Error e = decoder_.Decode(bytes, index_, view);
    EXPECT_TRUE(e.ok()) << ErrorCodeName(e.code);
    return view;
  }
  Decoder decoder_;
  FieldIndex index_{1024};
  char out_[1024];
};

TEST_F(MessageCopyTest, ForwardReplacesHeaderFieldsInPlace) {
  const std::string source = Frame(
      "FIX.4.4", "35=8\x01" "34=91234\x01" "49=BROKER\x01" "52=20261202-15:30:00.123\x01" "56=CLIENT\x01"s + kBody);
  const MessageView view = Decode(source);
  ForwardOptions fwd;
  fwd.sender_comp_id = "GW";
  fwd.target_comp_id = "VENUE-01";
  fwd.msg_seq_num = 7;
  fwd.sending_time_nanos = kTime + 5'000'000;
  Encoder out(out_);
  const EncodeResult r = CopyMessage(view, fwd, out);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes, Frame("FIX.4.4", "35=8\x01" "34=7\x01" "49=GW\x01" "52=20261202-15:30:00.128\x01"
                                      "56=VENUE-01\x01"s + kBody));
}

TEST_F(MessageCopyTest, NoOptionsIsAnExactCopy) {
  const std::string source = Frame("FIX.4.2", "35=D\x01" "49=A\x01" "56=B\x01"s + kBody);
  const MessageView view = Decode(source);
  Encoder out(out_);
  const EncodeResult r = CopyMessage(view, ForwardOptions{}, out);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes, source);
}

TEST_F(MessageCopyTest, ResendAddsPossDupAndOrigSendingTime) {
  const std::string source = Frame(
      "FIX.4.4", "35=8\x01" "34=91234\x01" "49=BROKER\x01" "52=20261202-15:30:00.123\x01" "56=CLIENT\x01"s + kBody);
  const MessageView view = Decode(source);
  ForwardOptions resend;
  resend.poss_dup = true;
  resend.sending_time_nanos = kTime + 60'000'000'000;
  Encoder out(out_);
  const EncodeResult r = CopyMessage(view, resend, out);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes, Frame("FIX.4.4", "35=8\x01" "43=Y\x01" "122=20261202-15:30:00.123\x01" "34=91234\x01"
                                      "49=BROKER\x01" "52=20261202-15:31:00.123\x01" "56=CLIENT\x01"s + kBody));
}

TEST_F(MessageCopyTest, ResendOfAResendKeepsTheOriginalTime) {
  const std::string source =
      Frame("FIX.4.4", "35=8\x01" "34=5\x01" "43=N\x01" "49=BROKER\x01" "52=20261202-15:35:00.000\x01"
                       "56=CLIENT\x01" "122=20261202-15:30:00.123\x01"s + kBody);
  const MessageView view = Decode(source);
  ForwardOptions resend;
  resend.poss_dup = true;
  resend.sending_time_nanos = kTime;
  resend.sending_time_precision = TimePrecision::kMicros;
  Encoder out(out_);
  const EncodeResult r = CopyMessage(view, resend, out);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes, Frame("FIX.4.4", "35=8\x01" "34=5\x01" "43=Y\x01" "49=BROKER\x01" "52=20261202-15:30:00.123000\x01"
                                      "56=CLIENT\x01" "122=20261202-15:30:00.123\x01"s + kBody));
}

TEST_F(MessageCopyTest, MissingHeaderFieldsAreAddedAfterMsgType) {
  const std::string source = Frame("FIX.4.2", "35=0\x01" "112=TEST\x01"s);
  const MessageView view = Decode(source);
  ForwardOptions fwd;
  fwd.sender_comp_id = "S";
  fwd.target_comp_id = "T";
  fwd.msg_seq_num = 1;
  fwd.sending_time_nanos = kTime;
  Encoder out(out_);
  const EncodeResult r = CopyMessage(view, fwd, out);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes, Frame("FIX.4.2", "35=0\x01" "49=S\x01" "56=T\x01" "34=1\x01" "52=20261202-15:30:00.123\x01"
                                      "112=TEST\x01"s));
}

TEST_F(MessageCopyTest, Errors) {
  Encoder out(out_);
  EXPECT_EQ(CopyMessage(MessageView(), ForwardOptions{}, out).error.code, ErrorCode::kInvalidValue);
  const std::string no_time = Frame("FIX.4.2", "35=0\x01" "49=A\x01"s);
  const MessageView view = Decode(no_time);
  ForwardOptions resend;
  resend.poss_dup = true;
  const EncodeResult r = CopyMessage(view, resend, out);
  EXPECT_EQ(r.error.code, ErrorCode::kFieldNotFound);
  EXPECT_EQ(r.error.tag, 52u);
  ForwardOptions bad;
  bad.sender_comp_id = "A\x01" "B";
  EXPECT_EQ(CopyMessage(view, bad, out).error.code, ErrorCode::kInvalidValue);
}

// The model: (tag, value) lists after 35.
using FieldList = std::vector<std::pair<std::uint32_t, std::string>>;

FieldList ModelCopy(const FieldList& source, const ForwardOptions& o, const std::string& new_time) {
  auto has = [&](std::uint32_t tag) {
    for (const auto& f : source) if (f.first == tag) return true;
    return false;
  };
  auto value_of = [&](std::uint32_t tag) {
    for (const auto& f : source) if (f.first == tag) return f.second;
    return std::string();
  };
  std::vector<std::pair<std::uint32_t, std::string>> replacements;
  if (!o.sender_comp_id.empty()) replacements.emplace_back(49, std::string(o.sender_comp_id));
  if (!o.target_comp_id.empty()) replacements.emplace_back(56, std::string(o.target_comp_id));
  if (o.msg_seq_num) replacements.emplace_back(34, std::to_string(*o.msg_seq_num));
  if (o.sending_time_nanos) replacements.emplace_back(52, new_time);
  if (o.poss_dup) replacements.emplace_back(43, "Y");
  FieldList out;
  for (const auto& r : replacements) {
    if (!has(r.first)) out.push_back(r);
  }
  if (o.poss_dup && !has(122)) out.emplace_back(122, value_of(52));
  std::vector<std::uint32_t> replaced;
  for (const auto& f : source) {
    bool done = false;
    for (const auto& r : replacements) {
      if (r.first != f.first) continue;
      bool already = false;
      for (std::uint32_t t : replaced) already |= (t == f.first);
      if (!already) {
        out.push_back(r);
        replaced.push_back(f.first);
        done = true;
      }
    }
    if (!done) out.push_back(f);
  }
  return out;
}

FieldList BodyFields(const MessageView& v) {
  FieldList out;
  const auto fields = v.fields();
  for (std::size_t i = 3; i + 1 < fields.size(); ++i) out.emplace_back(fields[i].tag, std::string(v.value(fields[i])));
  return out;
}

TEST(MessageCopyProperty, RandomMessagesAndOptionsFollowTheModel) {
  std::mt19937_64 rng(51);
  Decoder decoder;
  FieldIndex source_index(4096), copy_index(4096);
  std::vector<char> source_buffer(1 << 16), copy_buffer(1 << 16);
  for (int iteration = 0; iteration < 3000; ++iteration) {
    test_support::SpecMessage m = test_support::RandomMessage(rng);
    // A random standard header in front of the random body.
    std::vector<test_support::SpecField> header;
    auto text_field = [&](std::uint32_t tag, std::string text) {
      test_support::SpecField f;
      f.tag = tag;
      f.text = std::move(text);
      header.push_back(f);
    };
    if (rng() % 4 != 0) text_field(34, std::to_string(rng() % 1000000));
    if (rng() % 4 != 0) text_field(49, "SENDER" + std::to_string(rng() % 100));
    if (rng() % 4 != 0) text_field(52, RefTimestamp(static_cast<std::int64_t>(rng() >> 2), TimePrecision::kMillis));
    if (rng() % 4 != 0) text_field(56, "TARGET");
    if (rng() % 8 == 0) text_field(43, "N");
    if (rng() % 8 == 0) text_field(122, "20200101-00:00:00");
    m.fields.insert(m.fields.begin(), header.begin(), header.end());
    // Later occurrences of the replaceable tags (as in a group or a repeated
    // header field) anywhere after the header: only the first is replaced.
    for (int extra = static_cast<int>(rng() % 4); extra > 0; --extra) {
      constexpr std::uint32_t kReplaceable[] = {34, 43, 49, 52, 56};
      test_support::SpecField f;
      f.tag = kReplaceable[rng() % 5];
      f.text = "DUP" + std::to_string(rng() % 100);
      const std::size_t at = header.size() + rng() % (m.fields.size() - header.size() + 1);
      m.fields.insert(m.fields.begin() + static_cast<std::ptrdiff_t>(at), f);
    }

    Encoder e(source_buffer);
    test_support::EncodeSpec(m, e);
    const EncodeResult encoded = e.Finish();
    ASSERT_TRUE(encoded.ok());
    MessageView source;
    ASSERT_TRUE(decoder.Decode(encoded.bytes, source_index, source).ok());

    ForwardOptions o;
    if (rng() % 2) o.sender_comp_id = "GW";
    if (rng() % 2) o.target_comp_id = "VENUE";
    if (rng() % 2) o.msg_seq_num = rng() >> (rng() % 64);
    if (rng() % 2) o.sending_time_nanos = static_cast<std::int64_t>(rng() >> 2);
    o.poss_dup = rng() % 3 == 0;
    const bool resend_without_time = o.poss_dup && !source.Has(122) && !source.Has(52);

    Encoder out(copy_buffer);
    const EncodeResult r = CopyMessage(source, o, out);
    if (resend_without_time) {
      EXPECT_EQ(r.error.code, ErrorCode::kFieldNotFound);
      continue;
    }
    ASSERT_TRUE(r.ok()) << ErrorCodeName(r.error.code);
    MessageView copy;
    const Error d = decoder.Decode(r.bytes, copy_index, copy);
    ASSERT_TRUE(d.ok()) << ErrorCodeName(d.code);
    EXPECT_EQ(copy.begin_string(), source.begin_string());
    EXPECT_EQ(copy.msg_type(), source.msg_type());
    const std::string new_time =
        o.sending_time_nanos ? RefTimestamp(*o.sending_time_nanos, TimePrecision::kMillis) : "";
    ASSERT_EQ(BodyFields(copy), ModelCopy(BodyFields(source), o, new_time)) << iteration;
  }
}

TEST_F(MessageCopyTest, EveryOutputSizeIsCleanAndZeroAllocation) {
  const std::string source = Frame(
      "FIX.4.4", "35=8\x01" "34=91234\x01" "49=BROKER\x01" "52=20261202-15:30:00.123\x01" "56=CLIENT\x01"s + kBody);
  const MessageView view = Decode(source);
  ForwardOptions fwd;
  fwd.sender_comp_id = "GATEWAY";
  fwd.msg_seq_num = 123456;
  fwd.sending_time_nanos = kTime;
  fwd.poss_dup = true;
  Encoder full(out_);
  const std::string expected(CopyMessage(view, fwd, full).bytes);
  ASSERT_FALSE(expected.empty());
  for (std::size_t size = 0; size < expected.size() + 8; ++size) {
    std::vector<char> block(size + 32, '\x77');
    Encoder e(std::span<char>(block.data(), size));
    const EncodeResult r = CopyMessage(view, fwd, e);
    if (r.ok()) {
      EXPECT_EQ(r.bytes, expected);
    } else {
      EXPECT_EQ(r.error.code, ErrorCode::kBufferTooSmall);
    }
    for (std::size_t i = size; i < block.size(); ++i) ASSERT_EQ(block[i], '\x77') << size;
  }
  std::size_t total = 0;
  testing::AllocationScope scope;
  for (int i = 0; i < 10000; ++i) {
    fwd.msg_seq_num = static_cast<std::uint64_t>(i);
    Encoder e(out_);
    total += CopyMessage(view, fwd, e).bytes.size();
  }
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_GT(total, 10000 * source.size());
}

}  // namespace
}  // namespace fixwire
