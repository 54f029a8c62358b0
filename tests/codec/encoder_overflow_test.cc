// Every overflow point: a message of N bytes encoded into every buffer size
// from 0 to beyond N gives either exactly the expected bytes or a clean
// kBufferTooSmall, and never a write outside the buffer. Each size runs twice:
// in an exactly-sized heap block (ASan, under --config=asan, catches any
// stray write) and in a larger block whose guard bytes must stay untouched.
// Also: invalid values and tags, and that errors are sticky.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "fixwire/encode/encoder.h"
#include "gtest/gtest.h"
#include "tests/codec/encoder_test_support.h"

namespace fixwire {
namespace {

using namespace std::string_literals;
using test_support::ExpectedMessage;
using test_support::RandomMessage;
using test_support::SpecMessage;

int Digits(std::size_t v) { return static_cast<int>(std::to_string(v).size()); }

// The encoder needs the message plus the part of its reservation for
// BodyLength (digits of the buffer size) that the actual length doesn't use.
bool ShouldFit(std::size_t buffer_size, const std::string& expected, std::size_t body_length) {
  return buffer_size >= expected.size() + static_cast<std::size_t>(Digits(buffer_size) - Digits(body_length));
}

void CheckEverySize(const SpecMessage& m) {
  const std::string expected = ExpectedMessage(m);
  // BodyLength: from after "9=n<SOH>" up to "10=".
  const std::size_t body_begin = expected.find("\x01" "35=") + 1;
  const std::size_t body_end = expected.size() - 7;
  const std::size_t body = body_end - body_begin;
  bool fitted_before = false;
  // Up to 24 bytes past the message: Finish's inline path (which stores 16
  // zero bytes where the trailer goes) needs 16 bytes of room after the body,
  // so the sizes just above the fit take the out-of-line one.
  for (std::size_t size = 0; size <= expected.size() + 24; ++size) {
    {
      std::unique_ptr<char[]> exact(new char[size == 0 ? 1 : size]);
      Encoder e(std::span<char>(exact.get(), size));
      test_support::EncodeSpec(m, e);
      const EncodeResult r = e.Finish();
      const bool fits = ShouldFit(size, expected, body);
      ASSERT_EQ(r.ok(), fits) << "size " << size << " of " << expected.size();
      if (r.ok()) {
        ASSERT_EQ(r.bytes, expected);
        ASSERT_GE(r.bytes.data(), exact.get());
        ASSERT_LE(r.bytes.data() + r.bytes.size(), exact.get() + size);
        fitted_before = true;
      } else {
        ASSERT_EQ(r.error.code, ErrorCode::kBufferTooSmall);
        ASSERT_TRUE(r.bytes.empty());
        ASSERT_FALSE(fitted_before) << "fits at a smaller size but not at " << size;
      }
    }
    {
      constexpr std::size_t kGuard = 64;
      std::vector<char> block(size + kGuard, '\xA5');
      Encoder e(std::span<char>(block.data(), size));
      test_support::EncodeSpec(m, e);
      (void)e.Finish();
      for (std::size_t i = size; i < block.size(); ++i) {
        ASSERT_EQ(block[i], '\xA5') << "guard byte " << i - size << " written, buffer size " << size;
      }
    }
  }
}

TEST(EncoderOverflow, EveryBufferSizeOfRandomMessages) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 150; ++i) CheckEverySize(RandomMessage(rng));
}

TEST(EncoderOverflow, EveryBufferSizeOfALongStringAndData) {
  SpecMessage m;
  m.begin_string = "FIX.4.4";
  m.msg_type = "B";
  test_support::SpecField text;
  text.kind = test_support::SpecField::Kind::kString;
  text.tag = 58;
  text.text = std::string(1200, 'q');
  m.fields.push_back(text);
  test_support::SpecField data;
  data.kind = test_support::SpecField::Kind::kData;
  data.tag = 95;
  data.data_tag = 96;
  data.text = std::string(300, '\x01');
  m.fields.push_back(data);
  CheckEverySize(m);
}

TEST(EncoderOverflow, ErrorsAreStickyAndCarryTagAndOffset) {
  char buffer[256];
  Encoder e(buffer);
  e.Begin("FIX.4.4", "D");
  e.AddString(49, "A");
  const std::size_t before = e.body_size();
  e.AddString(58, "bad\x01value"s);
  e.AddString(56, "B");  // ignored: the encoder is frozen
  EXPECT_EQ(e.body_size(), before);
  const EncodeResult r = e.Finish();
  EXPECT_EQ(r.error.code, ErrorCode::kInvalidValue);
  EXPECT_EQ(r.error.tag, 58u);
  // 8=FIX.4.4|9= (12) + 3 reserved digits + SOH, then "35=D|49=A|".
  EXPECT_EQ(r.error.offset, 16u + 10u);
  EXPECT_TRUE(r.bytes.empty());
}

ErrorCode FirstError(void (*add)(Encoder&)) {
  char buffer[256];
  Encoder e(buffer);
  e.Begin("FIX.4.4", "D");
  add(e);
  return e.Finish().error.code;
}

TEST(EncoderOverflow, InvalidValuesAndTagsAreRefused) {
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddString(58, ""); }), ErrorCode::kInvalidValue);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddString(58, "\x01"); }), ErrorCode::kInvalidValue);
  for (std::size_t len = 1; len < 40; ++len) {
    for (std::size_t at = 0; at < len; ++at) {
      std::string v(len, 'a');
      v[at] = '\x01';
      char buffer[256];
      Encoder e(buffer);
      e.Begin("FIX.4.4", "D");
      e.AddString(58, v);
      ASSERT_EQ(e.Finish().error.code, ErrorCode::kInvalidValue) << len << " " << at;
    }
  }
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddChar(54, '\x01'); }), ErrorCode::kInvalidValue);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddData(95, 96, ""); }), ErrorCode::kInvalidValue);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddRawFields("58=x"); }), ErrorCode::kInvalidValue);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddInt(0, 1); }), ErrorCode::kInvalidTag);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddString(kMaxTag + 1, "x"); }), ErrorCode::kInvalidTag);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddData(0, 96, "x"); }), ErrorCode::kInvalidTag);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddData(95, 0, "x"); }), ErrorCode::kInvalidTag);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddUint(kMaxTag, 1); }), ErrorCode::kOk);
  EXPECT_EQ(FirstError([](Encoder& e) { e.AddString(58, "a=b"); }), ErrorCode::kOk);
}

TEST(EncoderOverflow, BadBeginStringOrMsgType) {
  char buffer[128];
  Encoder e(buffer);
  e.Begin("", "D");
  EXPECT_EQ(e.Finish().error.code, ErrorCode::kInvalidValue);
  e.Begin("FIX.4.4\x01", "D");
  EXPECT_EQ(e.Finish().error.code, ErrorCode::kInvalidValue);
  e.Begin(std::string(17, 'F'), "D");
  EXPECT_EQ(e.Finish().error.code, ErrorCode::kInvalidValue);
  e.Begin("FIX.4.4", "");
  EXPECT_EQ(e.Finish().error.tag, 35u);
  e.Begin("FIX.4.4", "D");  // starts over cleanly
  EXPECT_TRUE(e.Finish().ok());
  Encoder fresh(buffer);
  EXPECT_EQ(fresh.Finish().error.code, ErrorCode::kInvalidValue);  // no Begin
}

}  // namespace
}  // namespace fixwire
