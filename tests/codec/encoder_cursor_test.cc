// encoder_cursor_test: Encoder::Cursor against the encoder's own calls. Random
// runs of fields (every value kind the cursor has, all widths of integers and
// strings, tags common, large and invalid, values with SOH, a timestamp's
// second changing) are written once through the encoder's Add* and once
// through a cursor, at every buffer size from 0 to 24 bytes past the message
// (under ASan: no byte outside the buffer); the results must be identical:
// the same bytes, or the same first error with the same tag and offset. The
// bytes past the result are compared too (the same scratch stores). Writing
// through a cursor allocates nothing.
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "codec/decimal.h"
#include "codec/encoder.h"
#include "gtest/gtest.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

enum class Kind { kInt, kUint, kChar, kBool, kDecimal, kTimestamp, kTimeOnly, kString };

struct Call {
  Kind kind;
  std::uint32_t tag;
  std::int64_t integer;
  std::int32_t exponent;
  std::string text;
};

template <typename Writer>
void Apply(Writer& w, const Call& c) {
  switch (c.kind) {
    case Kind::kInt: w.AddInt(c.tag, c.integer); break;
    case Kind::kUint: w.AddUint(c.tag, static_cast<std::uint64_t>(c.integer)); break;
    case Kind::kChar: w.AddChar(c.tag, c.text[0]); break;
    case Kind::kBool: w.AddBool(c.tag, (c.integer & 1) != 0); break;
    case Kind::kDecimal: w.AddDecimal(c.tag, Decimal{c.integer, c.exponent}); break;
    case Kind::kTimestamp: w.AddTimestamp(c.tag, c.integer, static_cast<TimePrecision>(c.exponent)); break;
    case Kind::kTimeOnly: w.AddTimeOnly(c.tag, c.integer, static_cast<TimePrecision>(c.exponent)); break;
    case Kind::kString: w.AddString(c.tag, c.text); break;
  }
}

std::uint32_t RandomTag(std::mt19937_64& rng) {
  switch (rng() % 10) {
    case 0: return 1 + static_cast<std::uint32_t>(rng() % 9);
    case 1: return 1000 + static_cast<std::uint32_t>(rng() % 100);  // around the tag table's end
    case 2: return 1 + static_cast<std::uint32_t>(rng() % kMaxTag);  // any valid tag
    case 3: return rng() % 50 == 0 ? 0 : kMaxTag + static_cast<std::uint32_t>(rng() % 3);  // invalid sometimes
    default: return 1 + static_cast<std::uint32_t>(rng() % 1023);
  }
}

std::int64_t RandomInteger(std::mt19937_64& rng) {
  const int digits = static_cast<int>(rng() % 19);  // 10^18 fits; the extremes below
  std::int64_t v = static_cast<std::int64_t>(rng() >> 1);
  std::int64_t bound = 1;
  for (int i = 0; i < digits; ++i) bound *= 10;
  v %= bound;
  if (rng() % 4 == 0) v = -v;
  if (rng() % 50 == 0) v = rng() % 2 ? INT64_MIN : INT64_MAX;
  return v;
}

Call RandomCall(std::mt19937_64& rng) {
  Call c{static_cast<Kind>(rng() % 8), RandomTag(rng), RandomInteger(rng), 0, ""};
  switch (c.kind) {
    case Kind::kChar:
      c.text = std::string(1, rng() % 30 == 0 ? '\x01' : static_cast<char>('A' + rng() % 26));
      break;
    case Kind::kDecimal:
      c.exponent = static_cast<std::int32_t>(rng() % 90) - 45;  // some beyond +-40
      if (rng() % 2) c.exponent = -static_cast<std::int32_t>(rng() % 7);
      break;
    case Kind::kTimestamp:
    case Kind::kTimeOnly: {
      // Mostly one of two seconds (the cached second changing), sometimes anything.
      const std::int64_t base = c.kind == Kind::kTimestamp ? 1'764'689'400'000'000'000 : 55'800'000'000'000;
      c.integer = rng() % 8 == 0 ? RandomInteger(rng) : base + static_cast<std::int64_t>(rng() % 2'000'000'000);
      c.exponent = rng() % 10 == 0 ? static_cast<std::int32_t>(rng() % 6) : 1;  // 5: not a precision
      break;
    }
    case Kind::kString: {
      const std::size_t n = rng() % 5 == 0 ? rng() % 80 : rng() % 18;
      for (std::size_t i = 0; i < n; ++i) c.text += static_cast<char>(' ' + rng() % 95);
      if (n != 0 && rng() % 20 == 0) c.text[rng() % n] = '\x01';
      break;
    }
    default:
      break;
  }
  return c;
}

struct Outcome {
  EncodeResult result;
  std::vector<char> buffer;
};

Outcome Encode(const std::vector<Call>& calls, std::size_t size, bool cursor) {
  Outcome out{EncodeResult{}, std::vector<char>(size, '\x7f')};
  Encoder e(std::span<char>(out.buffer.data(), size));
  e.Begin("FIX.4.4", "D");
  if (cursor) {
    Encoder::Cursor c(e);
    for (const Call& call : calls) Apply(c, call);
  } else {
    for (const Call& call : calls) Apply(e, call);
  }
  out.result = e.Finish();
  return out;
}

TEST(EncoderCursorTest, SameResultAsTheEncoderAtEveryBufferSize) {
  std::mt19937_64 rng(17);
  for (int message = 0; message < 300; ++message) {
    std::vector<Call> calls(rng() % 24);
    for (Call& c : calls) c = RandomCall(rng);
    const Outcome big = Encode(calls, 4096, false);
    const std::size_t limit = (big.result.ok() ? big.result.bytes.size() : 400) + 24;
    for (std::size_t size = 0; size <= limit; ++size) {
      const Outcome want = Encode(calls, size, false);
      const Outcome got = Encode(calls, size, true);
      ASSERT_EQ(got.result.ok(), want.result.ok()) << message << " " << size;
      ASSERT_EQ(got.result.bytes, want.result.bytes) << message << " " << size;
      ASSERT_EQ(got.result.error.code, want.result.error.code) << message << " " << size;
      ASSERT_EQ(got.result.error.tag, want.result.error.tag) << message << " " << size;
      ASSERT_EQ(got.result.error.offset, want.result.error.offset) << message << " " << size;
      ASSERT_EQ(got.buffer, want.buffer) << message << " " << size;
    }
  }
}

TEST(EncoderCursorTest, MixesWithTheEncodersCallsBetweenCursors) {
  char a[256], b[256];
  Encoder direct(a), mixed(b);
  direct.Begin("FIX.4.2", "8");
  mixed.Begin("FIX.4.2", "8");
  direct.AddString(49, "SENDER");
  direct.AddUint(34, 12345);
  direct.AddDecimal(44, Decimal{-15025, -2});
  direct.AddString(58, "a text longer than sixteen bytes");
  direct.AddChar(54, '1');
  mixed.AddString(49, "SENDER");
  {
    Encoder::Cursor c(mixed);
    c.AddUint(34, 12345);
    c.AddDecimal(44, Decimal{-15025, -2});
    c.AddString(58, "a text longer than sixteen bytes");
  }
  mixed.AddChar(54, '1');
  const EncodeResult want = direct.Finish();
  const EncodeResult got = mixed.Finish();
  ASSERT_TRUE(want.ok());
  EXPECT_EQ(got.bytes, want.bytes);
}

TEST(EncoderCursorTest, BeforeBeginWritesNothing) {
  char buffer[64];
  Encoder e(buffer);
  {
    Encoder::Cursor c(e);
    c.AddInt(38, 100);
    c.AddString(55, "IBM");
  }
  EXPECT_FALSE(e.Finish().ok());
  EXPECT_EQ(e.body_size(), 0u);
}

TEST(EncoderCursorTest, AllocatesNothing) {
  char buffer[512];
  Encoder e(buffer);
  testing::AllocationScope scope;
  for (int i = 0; i < 100; ++i) {
    e.Begin("FIX.4.4", "D");
    Encoder::Cursor c(e);
    c.AddUint(34, static_cast<std::uint64_t>(i));
    c.AddString(11, "ORDER-0000001");
    c.AddInt(38, 100 + i);
    c.AddDecimal(44, Decimal{12345, -2});
    c.AddChar(54, '1');
    c.AddBool(1000, true);
    c.AddTimestamp(60, 1'764'689'400'123'000'000, TimePrecision::kMillis);
    c.AddTimeOnly(273, 55'800'123'000'000, TimePrecision::kMillis);
  }
  EXPECT_EQ(scope.allocations(), 0u);
}

}  // namespace
}  // namespace fixwire
