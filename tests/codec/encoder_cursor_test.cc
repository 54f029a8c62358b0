// encoder_cursor_test: Encoder::Cursor against the encoder's own calls. Random
// runs of fields (every field call the encoder has: each value kind, all
// widths of integers and strings, fixed decimals, doubles, dates, MonthYear,
// data fields with SOH inside, raw fields, repeating groups, nested, with
// right and wrong entry counts; tags common, large and invalid, invalid
// values, a timestamp's second changing) are written once through the
// encoder's calls and once through a cursor, at every buffer size from 0 to
// 24 bytes past the message (so the buffer ends inside every kind of field;
// under ASan: no byte outside the buffer); the results must be identical:
// the same bytes, or the same first error with the same tag and offset. The
// bytes past the result are compared too (the same scratch stores). Writing
// through a cursor allocates nothing. A hand-written message and a
// hand-counted group error pin the cursor's new calls to golden values.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/values/decimal.h"
#include "fixwire/encode/encoder.h"
#include "gtest/gtest.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

enum class Kind {
  kInt, kUint, kChar, kBool, kDecimal, kTimestamp, kTimeOnly, kString,  // the cursor's first calls
  kDecimalFixed, kDouble, kDate, kMonthYear, kData, kRawFields, kGroup,  // drawn by RandomCall
  kEntry, kEndGroup,                                                     // inside a group only
};
constexpr int kDrawnKinds = 15;  // kInt .. kGroup

struct Call {
  Kind kind;
  std::uint32_t tag;
  std::int64_t integer;
  std::int32_t exponent;  // decimal exponent, time precision, double precision, group count
  std::string text;
  std::int32_t decimals = 0;   // kDecimalFixed
  double real = 0;             // kDouble
  std::uint32_t data_tag = 0;  // kData
  Date date{};                 // kDate
  MonthYear month_year{};      // kMonthYear
};

// Apply makes the call `c` on `w` (an Encoder or a Cursor); `groups` holds
// w's open groups (reserved by the caller: no allocation).
template <typename Writer, typename Group>
void Apply(Writer& w, std::vector<Group>& groups, const Call& c) {
  switch (c.kind) {
    case Kind::kInt: w.AddInt(c.tag, c.integer); break;
    case Kind::kUint: w.AddUint(c.tag, static_cast<std::uint64_t>(c.integer)); break;
    case Kind::kChar: w.AddChar(c.tag, c.text[0]); break;
    case Kind::kBool: w.AddBool(c.tag, (c.integer & 1) != 0); break;
    case Kind::kDecimal: w.AddDecimal(c.tag, Decimal{c.integer, c.exponent}); break;
    case Kind::kTimestamp: w.AddTimestamp(c.tag, c.integer, static_cast<TimePrecision>(c.exponent)); break;
    case Kind::kTimeOnly: w.AddTimeOnly(c.tag, c.integer, static_cast<TimePrecision>(c.exponent)); break;
    case Kind::kString: w.AddString(c.tag, c.text); break;
    case Kind::kDecimalFixed: w.AddDecimal(c.tag, Decimal{c.integer, c.exponent}, c.decimals); break;
    case Kind::kDouble: w.AddDouble(c.tag, c.real, c.exponent); break;
    case Kind::kDate: w.AddDate(c.tag, c.date); break;
    case Kind::kMonthYear: w.AddMonthYear(c.tag, c.month_year); break;
    case Kind::kData: w.AddData(c.tag, c.data_tag, c.text); break;
    case Kind::kRawFields: w.AddRawFields(c.text); break;
    case Kind::kGroup: groups.push_back(w.BeginGroup(c.tag, static_cast<std::uint32_t>(c.exponent))); break;
    case Kind::kEntry: groups.back().NextEntry(); break;
    case Kind::kEndGroup:
      groups.back().End();
      groups.pop_back();
      break;
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

// RandomText: `n` printable bytes, one of them SOH sometimes.
std::string RandomText(std::mt19937_64& rng, std::size_t n, int soh_one_in) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += static_cast<char>(' ' + rng() % 95);
  if (n != 0 && rng() % soh_one_in == 0) text[rng() % n] = '\x01';
  return text;
}

Call RandomCall(std::mt19937_64& rng) {
  Call c{static_cast<Kind>(rng() % kDrawnKinds), RandomTag(rng), RandomInteger(rng), 0, ""};
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
      // Every precision, sometimes one that is not (1, 5).
      constexpr std::int32_t kPrecisions[] = {0, 3, 3, 3, 6, 9, 12, 1, 5};
      const std::size_t drawn = rng() % 10 == 0 ? std::size(kPrecisions) : std::size(kPrecisions) - 2;
      c.exponent = kPrecisions[rng() % drawn];
      break;
    }
    case Kind::kString: {
      const std::size_t n = rng() % 5 == 0 ? rng() % 80 : rng() % 18;
      c.text = RandomText(rng, n, 20);
      break;
    }
    case Kind::kDecimalFixed:
      c.integer >>= rng() % 64;
      c.exponent = static_cast<std::int32_t>(rng() % 41) - 20;
      c.decimals = static_cast<std::int32_t>(rng() % 21) - 1;  // -1 and 19: out of range; some overflow
      break;
    case Kind::kDouble: {
      switch (rng() % 8) {
        case 0: c.real = std::numeric_limits<double>::quiet_NaN(); break;
        case 1: c.real = (rng() % 2 ? 1 : -1) * std::numeric_limits<double>::infinity(); break;
        case 2: c.real = std::ldexp(static_cast<double>(c.integer), static_cast<int>(rng() % 40)); break;  // huge
        default: c.real = static_cast<double>(c.integer >> (rng() % 64)) / 1024.0; break;
      }
      c.exponent = static_cast<std::int32_t>(rng() % 21) - 1;  // -1 and 19: out of range
      break;
    }
    case Kind::kDate:
      // Mostly valid; sometimes a year, month or day out of range (31 April, 29 February).
      c.date = Date{static_cast<std::int16_t>(rng() % 12 == 0 ? static_cast<int>(rng() % 10010) - 5 : 1990 + rng() % 50),
                    static_cast<std::uint8_t>(rng() % 14), static_cast<std::uint8_t>(rng() % 32)};
      if (rng() % 2) c.date.month = static_cast<std::uint8_t>(1 + rng() % 12);
      break;
    case Kind::kMonthYear:
      c.month_year = MonthYear{static_cast<std::int16_t>(rng() % 12 == 0 ? static_cast<int>(rng() % 10010) - 5
                                                                         : 1990 + rng() % 50),
                               static_cast<std::uint8_t>(1 + rng() % (rng() % 8 == 0 ? 13 : 12)),
                               static_cast<std::uint8_t>(rng() % 3 == 0 ? rng() % 32 : 0),
                               static_cast<std::uint8_t>(rng() % 3 == 0 ? rng() % 7 : 0)};
      break;
    case Kind::kData:
      c.data_tag = rng() % 20 == 0 ? RandomTag(rng) : c.tag + 1;
      c.text = RandomText(rng, rng() % 5 == 0 ? rng() % 120 : rng() % 12, 2);  // SOH inside often, empty sometimes
      break;
    case Kind::kRawFields: {
      // One to three "tag=value<SOH>"; sometimes empty or without the final SOH.
      for (std::uint64_t k = 0, n = 1 + rng() % 3; k < n; ++k) {
        c.text += std::to_string(RandomTag(rng)) + "=" + RandomText(rng, 1 + rng() % 30, 1000) + "\x01";
      }
      if (rng() % 20 == 0) c.text.pop_back();
      if (rng() % 40 == 0) c.text.clear();
      break;
    }
    case Kind::kGroup:
      c.exponent = static_cast<std::int32_t>(rng() % 4);  // NumInGroup
      break;
    default:
      break;
  }
  return c;
}

// RandomCalls: up to 24 calls; a group gets 0..3 entries (so the count is
// wrong sometimes), nests at most two deep, and is ended, or left open at the
// end sometimes.
std::vector<Call> RandomCalls(std::mt19937_64& rng) {
  std::vector<Call> calls;
  std::vector<std::uint64_t> entries_left;  // of each open group
  for (std::uint64_t i = 0, n = rng() % 24; i < n; ++i) {
    if (!entries_left.empty() && rng() % 3 == 0) {
      if (entries_left.back() > 0) {
        --entries_left.back();
        calls.push_back(Call{Kind::kEntry, 0, 0, 0, ""});
      } else {
        calls.push_back(Call{Kind::kEndGroup, 0, 0, 0, ""});
        entries_left.pop_back();
      }
      continue;
    }
    calls.push_back(RandomCall(rng));
    if (calls.back().kind == Kind::kGroup) {
      if (entries_left.size() == 2) {
        calls.back().kind = Kind::kUint;
      } else {
        entries_left.push_back(rng() % 4);
      }
    }
  }
  if (rng() % 4 != 0) {
    for (std::size_t k = 0; k < entries_left.size(); ++k) calls.push_back(Call{Kind::kEndGroup, 0, 0, 0, ""});
  }
  return calls;
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
    std::vector<CursorGroupEncoder> groups;
    groups.reserve(calls.size());
    testing::AllocationScope scope;
    {
      Encoder::Cursor c(e);
      for (const Call& call : calls) Apply(c, groups, call);
    }
    EXPECT_EQ(scope.allocations(), 0u);
  } else {
    std::vector<GroupEncoder> groups;
    for (const Call& call : calls) Apply(e, groups, call);
  }
  out.result = e.Finish();
  return out;
}

TEST(EncoderCursorTest, SameResultAsTheEncoderAtEveryBufferSize) {
  std::mt19937_64 rng(17);
  for (int message = 0; message < 600; ++message) {
    const std::vector<Call> calls = RandomCalls(rng);
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
    c.AddDecimal(6, Decimal{12345, -3}, 2);
    c.AddDouble(6, 101.25, 4);
    c.AddDate(75, Date{2026, 12, 4});
    c.AddMonthYear(200, MonthYear{2026, 12, 0, 0});
    c.AddData(95, 96, "ab\x01" "cd");
    c.AddRawFields("58=hi\x01");
    CursorGroupEncoder g = c.BeginGroup(453, 1);
    g.NextEntry();
    c.AddString(448, "A");
    g.End();
  }
  EXPECT_EQ(scope.allocations(), 0u);
}

// The new calls through a cursor against a hand-written body.
TEST(EncoderCursorTest, WritesTheHandWrittenBody) {
  char buffer[256];
  Encoder e(buffer);
  e.BeginFragment();
  {
    Encoder::Cursor c(e);
    c.AddDecimal(44, Decimal{12345, -3}, 2);
    c.AddDecimal(44, Decimal{5, 0}, 2);
    c.AddDouble(6, 1.5, 3);
    c.AddDouble(6, 0.125, 2);  // exactly a tie: to even
    c.AddDate(75, Date{2026, 12, 4});
    c.AddMonthYear(200, MonthYear{2026, 12, 0, 0});
    c.AddMonthYear(200, MonthYear{2026, 3, 0, 2});
    c.AddData(95, 96, "ab\x01" "cd");
    c.AddRawFields("58=hi\x01" "1=x\x01");
    CursorGroupEncoder g = c.BeginGroup(453, 2);
    for (const char* id : {"A", "B"}) {
      g.NextEntry();
      c.AddString(448, id);
      c.AddChar(447, 'D');
    }
    g.End();
    c.AddInt(38, 100);
  }
  const EncodeResult r = e.FinishFragment();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes,
            "44=12.35\x01" "44=5.00\x01" "6=1.500\x01" "6=0.12\x01" "75=20261204\x01" "200=202612\x01"
            "200=202603w2\x01" "95=5\x01" "96=ab\x01" "cd\x01" "58=hi\x01" "1=x\x01" "453=2\x01"
            "448=A\x01" "447=D\x01" "448=B\x01" "447=D\x01" "38=100\x01");
}

// A group with one entry of two: the error, at the offset counted by hand,
// and nothing written after it.
TEST(EncoderCursorTest, GroupCountMismatchAtTheCursorsPosition) {
  char buffer[256];
  Encoder e(buffer);
  e.Begin("FIX.4.4", "D");  // "8=FIX.4.4|9=" (12) + 3 digits + SOH: 35=D at 16
  {
    Encoder::Cursor c(e);
    CursorGroupEncoder g = c.BeginGroup(453, 2);  // at 21
    g.NextEntry();
    c.AddString(448, "A");  // at 27, ends at 33
    g.End();
    c.AddInt(38, 100);
  }
  EXPECT_EQ(e.body_size(), 33u - 16u);
  const EncodeResult r = e.Finish();
  EXPECT_EQ(r.error.code, ErrorCode::kGroupCountMismatch);
  EXPECT_EQ(r.error.tag, 453u);
  EXPECT_EQ(r.error.offset, 33u);
  EXPECT_TRUE(r.bytes.empty());
}

}  // namespace
}  // namespace fixwire
