// MessageTemplate: the pre-encoded fields plus the patched 34 and 52 and the
// appended body give exactly the message an independent assembler builds.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "fixwire/encode/encoder.h"
#include "fixwire/encode/message_template.h"
#include "gtest/gtest.h"
#include "tests/codec/encoder_test_support.h"

namespace fixwire {
namespace {

using namespace std::string_literals;
using test_support::Frame;
using test_support::RefTimestamp;

constexpr std::int64_t kTime = 1'796'225'400'123'000'000;

MessageTemplate NewOrderTemplate() {
  MessageTemplate t;
  EXPECT_TRUE(t.Init("FIX.4.2", "D").ok());
  EXPECT_TRUE(t.AddHeaderString(49, "BANZAI").ok());
  EXPECT_TRUE(t.AddHeaderString(56, "EXEC").ok());
  EXPECT_TRUE(t.AddHeaderFields([](Encoder& e) { e.AddString(50, "DESK1"); e.AddString(57, "ROUTE"); }).ok());
  EXPECT_TRUE(t.AddBodyFields([](Encoder& e) { e.AddChar(21, '1'); e.AddString(1, "ACCT"); }).ok());
  return t;
}

TEST(MessageTemplate, StartPatchesSeqNumAndSendingTime) {
  const MessageTemplate t = NewOrderTemplate();
  EXPECT_EQ(t.header_fields(), "35=D\x01" "49=BANZAI\x01" "56=EXEC\x01" "50=DESK1\x01" "57=ROUTE\x01"s);
  EXPECT_EQ(t.body_fields(), "21=1\x01" "1=ACCT\x01"s);
  std::uint64_t seq = 1;
  for (int digits = 1; digits <= 20; ++digits) {
    char buffer[512];
    Encoder e(buffer);
    const std::int64_t when = kTime + digits * 1'000'001;
    t.Start(e, seq, when);
    e.AddString(11, "ORD" + std::to_string(digits));
    e.AddDecimal(44, Decimal{12345, -2});
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok());
    const std::string body = "35=D\x01" "49=BANZAI\x01" "56=EXEC\x01" "50=DESK1\x01" "57=ROUTE\x01" "34="s +
                             std::to_string(seq) + "\x01" "52=" + RefTimestamp(when, TimePrecision::kMillis) +
                             "\x01" "21=1\x01" "1=ACCT\x01" "11=ORD" + std::to_string(digits) +
                             "\x01" "44=123.45\x01";
    EXPECT_EQ(r.bytes, Frame("FIX.4.2", body));
    seq = digits == 19 ? UINT64_MAX : seq * 10 + 9;  // 1, 19, 199, ..., then UINT64_MAX
  }
}

TEST(MessageTemplate, EverySendingTimePrecision) {
  for (TimePrecision p : {TimePrecision::kSeconds, TimePrecision::kMillis, TimePrecision::kMicros,
                          TimePrecision::kNanos, TimePrecision::kPicos}) {
    MessageTemplate t;
    ASSERT_TRUE(t.Init("FIX.4.4", "0", p).ok());
    char buffer[256];
    Encoder e(buffer);
    t.Start(e, 7, kTime + 456'789);
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.bytes, Frame("FIX.4.4", "35=0\x01" "34=7\x01" "52="s + RefTimestamp(kTime + 456'789, p) + "\x01"));
  }
}

TEST(MessageTemplate, IsAPlainValue) {
  auto original = std::make_unique<MessageTemplate>(NewOrderTemplate());
  const MessageTemplate copy = *original;
  char a[512], b[512];
  Encoder ea(a), eb(b);
  original->Start(ea, 5, kTime);
  const std::string first(ea.Finish().bytes);
  original.reset();
  copy.Start(eb, 5, kTime);
  EXPECT_EQ(eb.Finish().bytes, first);
}

TEST(MessageTemplate, BuildErrorsAreKeptAndReportedByFinish) {
  MessageTemplate t;
  EXPECT_EQ(t.error().code, ErrorCode::kInvalidValue);  // not initialised
  EXPECT_EQ(t.Init("", "D").code, ErrorCode::kInvalidValue);
  EXPECT_EQ(t.Init("FIX.4.4", "").code, ErrorCode::kInvalidValue);
  ASSERT_TRUE(t.Init("FIX.4.4", "D").ok());
  EXPECT_EQ(t.AddHeaderString(49, "A\x01" "B").code, ErrorCode::kInvalidValue);
  EXPECT_EQ(t.AddHeaderString(56, "OK").code, ErrorCode::kInvalidValue);  // sticky
  char buffer[256];
  Encoder e(buffer);
  t.Start(e, 1, kTime);
  e.AddString(11, "X");
  EXPECT_EQ(e.Finish().error.code, ErrorCode::kInvalidValue);
  // Init clears the error.
  ASSERT_TRUE(t.Init("FIX.4.4", "D").ok());
  EXPECT_EQ(t.AddHeaderString(0, "x").code, ErrorCode::kInvalidTag);
  ASSERT_TRUE(t.Init("FIX.4.4", "D").ok());
  EXPECT_EQ(t.AddBodyFields([](Encoder& enc) { enc.AddString(58, std::string(300, 'x')); }).code,
            ErrorCode::kBufferTooSmall);
}

// One template object through every state of Start's one-test fast path
// (no error, header within 64 bytes and body within 32): an error after a
// good build and a rebuild after it, and fixed parts that grow past the
// block sizes field by field; each Start gives the independently assembled
// message (or the kept error), whichever path it takes.
TEST(MessageTemplate, TheSameTemplateAcrossErrorsAndBlockSizes) {
  MessageTemplate t;
  char buffer[1024];
  Encoder e(buffer);
  auto expect_message = [&](const std::string& header, const std::string& body) {
    t.Start(e, 42, kTime);
    e.AddString(11, "ID");
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok());
    const std::string want = Frame("FIX.4.4", "35=D\x01" + header + "34=42\x01" "52=" +
                                                  RefTimestamp(kTime, TimePrecision::kMillis) + "\x01" + body +
                                                  "11=ID\x01");
    ASSERT_EQ(std::string(r.bytes), want);
  };
  ASSERT_TRUE(t.Init("FIX.4.4", "D").ok());
  expect_message("", "");
  EXPECT_EQ(t.AddHeaderString(49, "A\x01").code, ErrorCode::kInvalidValue);
  t.Start(e, 42, kTime);
  EXPECT_EQ(e.Finish().error.code, ErrorCode::kInvalidValue);
  ASSERT_TRUE(t.Init("FIX.4.4", "D").ok());
  expect_message("", "");
  std::string header, body;
  for (int i = 0; i < 12; ++i) {  // the header passes 64 bytes ("35=D|" and 8-byte fields)
    ASSERT_TRUE(t.AddHeaderString(100 + i, "ABCD").ok());
    header += std::to_string(100 + i) + "=ABCD\x01";
    expect_message(header, body);
  }
  ASSERT_TRUE(t.Init("FIX.4.4", "D").ok());
  header.clear();
  for (int i = 0; i < 8; ++i) {  // the body passes 32 bytes
    ASSERT_TRUE(t.AddBodyFields([i](Encoder& enc) { enc.AddString(200 + i, "XY"); }).ok());
    body += std::to_string(200 + i) + "=XY\x01";
    expect_message(header, body);
  }
}

TEST(MessageTemplate, RefusesTheFieldsItWritesItself) {
  for (const std::uint32_t tag : {8u, 9u, 10u, 34u, 35u, 52u}) {
    MessageTemplate h;
    ASSERT_TRUE(h.Init("FIX.4.4", "D").ok());
    const Error eh = h.AddHeaderFields([tag](Encoder& e) { e.AddString(49, "A"); e.AddString(tag, "X"); });
    EXPECT_EQ(eh.code, ErrorCode::kInvalidTag) << tag;
    EXPECT_EQ(eh.tag, tag);
    EXPECT_EQ(h.header_fields(), "35=D\x01"s) << tag;  // nothing of the refused call is kept
    MessageTemplate b;
    ASSERT_TRUE(b.Init("FIX.4.4", "D").ok());
    const Error eb = b.AddBodyFields([tag](Encoder& e) { e.AddUint(tag, 7); });
    EXPECT_EQ(eb.code, ErrorCode::kInvalidTag) << tag;
    EXPECT_EQ(eb.tag, tag);
    EXPECT_EQ(b.body_fields(), "") << tag;
  }
  // Neighbouring tags and a data field whose bytes look like a reserved field are fine.
  MessageTemplate t;
  ASSERT_TRUE(t.Init("FIX.4.4", "D").ok());
  EXPECT_TRUE(t.AddHeaderFields([](Encoder& e) { e.AddString(3, "x"); e.AddString(340, "x"); e.AddString(1034, "x"); }).ok());
  EXPECT_TRUE(t.AddBodyFields([](Encoder& e) { e.AddData(95, 96, "a\x01" "34=1\x01" "52=x"); e.AddChar(21, '1'); }).ok());
  EXPECT_EQ(t.body_fields(), "95=11\x01" "96=a\x01" "34=1\x01" "52=x\x01" "21=1\x01"s);
}

TEST(MessageTemplate, SmallOutputBufferIsACleanError) {
  const MessageTemplate t = NewOrderTemplate();
  char big[512];
  Encoder full(big);
  t.Start(full, 123, kTime);
  const std::string expected(full.Finish().bytes);
  for (std::size_t size = 0; size < expected.size() + 4; ++size) {
    std::vector<char> block(size + 32, '\x5A');
    Encoder e(std::span<char>(block.data(), size));
    t.Start(e, 123, kTime);
    const EncodeResult r = e.Finish();
    if (r.ok()) {
      EXPECT_EQ(r.bytes, expected);
    } else {
      EXPECT_EQ(r.error.code, ErrorCode::kBufferTooSmall);
    }
    for (std::size_t i = size; i < block.size(); ++i) ASSERT_EQ(block[i], '\x5A') << size;
  }
}


// The first part of a template message that does not fit a buffer of `size`
// gives the error, each part checked at its exact size (as the encoder's
// field-by-field calls do): the reserved 8/9 header (tag 8, offset 0), the
// fixed header fields (tag 0), 34, 52, the fixed body fields (tag 0), the
// caller's field, the trailer (tag 10).
Error ExpectedSizeError(const MessageTemplate& t, std::size_t size, const std::vector<std::pair<std::uint32_t, std::size_t>>& parts) {
  std::size_t digits = 1;
  for (std::size_t v = size; v >= 10; v /= 10) ++digits;
  const std::size_t reserve = std::string_view("8=FIX.4.2\x01" "9=").size() + digits + 1;
  if (reserve > size) return Error{ErrorCode::kBufferTooSmall, 0, 8};
  std::size_t offset = reserve;
  for (const auto& [tag, length] : parts) {
    if (offset + length > size) return Error{ErrorCode::kBufferTooSmall, static_cast<std::uint32_t>(offset), tag};
    offset += length;
  }
  return Error{};
}

// Start in every buffer size, for short and long sequence numbers and every
// precision: the whole message, or exactly the error of the first part that
// does not fit (code, offset, tag), and nothing written past the buffer.
TEST(MessageTemplate, EveryBufferSizeGivesTheFirstMisfitsError) {
  const TimePrecision precisions[] = {TimePrecision::kSeconds, TimePrecision::kMillis, TimePrecision::kMicros,
                                      TimePrecision::kNanos, TimePrecision::kPicos};
  for (const TimePrecision p : precisions) {
    MessageTemplate t;
    ASSERT_TRUE(t.Init("FIX.4.2", "D", p).ok());
    ASSERT_TRUE(t.AddHeaderString(49, "BANZAI").ok());
    ASSERT_TRUE(t.AddBodyFields([](Encoder& e) { e.AddChar(21, '1'); }).ok());
    for (const std::uint64_t seq : {std::uint64_t{7}, std::uint64_t{4567}, std::uint64_t{123456789},
                                    std::uint64_t{18446744073709551615u}}) {
      const std::string seq_field = "34=" + std::to_string(seq) + "\x01";
      const std::string time_field = "52=" + RefTimestamp(kTime, p) + "\x01";
      const std::vector<std::pair<std::uint32_t, std::size_t>> parts = {
          {0, t.header_fields().size()}, {34, seq_field.size()}, {52, time_field.size()},
          {0, t.body_fields().size()}, {11, 8}, {10, 7}};
      char big[512];
      Encoder full(big);
      t.Start(full, seq, kTime);
      full.AddString(11, "ORD1");
      const EncodeResult whole = full.Finish();
      ASSERT_TRUE(whole.ok());
      ASSERT_EQ(whole.bytes, Frame("FIX.4.2", std::string(t.header_fields()) + seq_field + time_field +
                                                  std::string(t.body_fields()) + "11=ORD1\x01"));
      for (std::size_t size = 0; size < whole.bytes.size() + 12; ++size) {
        std::vector<char> block(size + 64, '\x5A');
        Encoder e(std::span<char>(block.data(), size));
        t.Start(e, seq, kTime);
        e.AddString(11, "ORD1");
        const EncodeResult r = e.Finish();
        const Error want = ExpectedSizeError(t, size, parts);
        if (want.ok()) {
          ASSERT_TRUE(r.ok()) << size;
          ASSERT_EQ(r.bytes, whole.bytes) << size;
        } else {
          ASSERT_EQ(r.error.code, want.code) << size;
          ASSERT_EQ(r.error.offset, want.offset) << size;
          ASSERT_EQ(r.error.tag, want.tag) << size;
        }
        for (std::size_t i = size; i < block.size(); ++i) ASSERT_EQ(block[i], '\x5A') << size;
      }
    }
  }
}

// Fixed header parts of every size 10..109 and fixed body parts of none and
// of sizes around Start's block copies (64 bytes of header, 32 of body), in
// every buffer size: the whole message as a plain assembly of the parts, or
// exactly the first misfit's error, and nothing written past the buffer.
TEST(MessageTemplate, EveryFixedPartSizeAndBufferSize) {
  std::mt19937_64 rng(7);
  auto text = [&rng](std::size_t n) {
    std::string s(n, ' ');
    for (char& c : s) c = static_cast<char>('A' + rng() % 26);
    return s;
  };
  for (std::size_t header_text = 1; header_text <= 100; ++header_text) {
    for (const std::size_t body_text : {0, 1, 10, 20, 26, 27, 28, 29, 30, 40, 50}) {
      MessageTemplate t;
      ASSERT_TRUE(t.Init("FIX.4.2", "D").ok());
      ASSERT_TRUE(t.AddHeaderString(49, text(header_text)).ok());
      if (body_text != 0) {
        const std::string body = text(body_text);
        ASSERT_TRUE(t.AddBodyFields([&body](Encoder& e) { e.AddString(58, body); }).ok());
      }
      ASSERT_EQ(t.header_fields().size(), 9 + header_text);
      const std::uint64_t seq = rng() % 2 ? rng() % 100000 : rng();
      const std::int64_t when = kTime + static_cast<std::int64_t>(rng() % 1000000000000);
      const std::string seq_field = "34=" + std::to_string(seq) + "\x01";
      const std::string time_field = "52=" + RefTimestamp(when, TimePrecision::kMillis) + "\x01";
      std::vector<std::pair<std::uint32_t, std::size_t>> parts = {
          {0, t.header_fields().size()}, {34, seq_field.size()}, {52, time_field.size()}};
      if (body_text != 0) parts.push_back({0, t.body_fields().size()});
      parts.push_back({11, 8});
      parts.push_back({10, 7});
      const std::string whole = Frame("FIX.4.2", std::string(t.header_fields()) + seq_field + time_field +
                                                     std::string(t.body_fields()) + "11=ORD1\x01");
      for (std::size_t size = 0; size < whole.size() + 12; ++size) {
        std::vector<char> block(size + 64, '\x5A');
        Encoder e(std::span<char>(block.data(), size));
        t.Start(e, seq, when);
        e.AddString(11, "ORD1");
        const EncodeResult r = e.Finish();
        const Error want = ExpectedSizeError(t, size, parts);
        if (want.ok()) {
          ASSERT_TRUE(r.ok()) << header_text << " " << body_text << " " << size;
          ASSERT_EQ(r.bytes, whole) << header_text << " " << body_text << " " << size;
        } else {
          ASSERT_EQ(r.error.code, want.code) << header_text << " " << body_text << " " << size;
          ASSERT_EQ(r.error.offset, want.offset) << header_text << " " << body_text << " " << size;
          ASSERT_EQ(r.error.tag, want.tag) << header_text << " " << body_text << " " << size;
        }
        for (std::size_t i = size; i < block.size(); ++i) ASSERT_EQ(block[i], '\x5A') << size;
      }
    }
  }
}

}  // namespace
}  // namespace fixwire
