// encoder_checksum_test: Finish()'s BodyLength and CheckSum (the body summed
// with simd::ByteSum, the head and BodyLength from values) against a plain
// byte loop over the finished message. Random calls of every value type,
// precision, length and tag range (compile-time and run-time tags, both
// sides of the run-time tag table's end), templates (whose pre-encoded parts
// come with their sums), Encoder::Cursor and Encoder::SummingCursor runs,
// every buffer size, zero-padded BodyLength.
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/encode/message_template.h"
#include "gtest/gtest.h"

namespace fixwire {
namespace {

// CheckFrame checks "8=..<SOH>9=N<SOH>" + N body bytes + "10=ddd<SOH>" with
// ddd the sum of every byte before it mod 256 (a plain loop, no encoder code).
::testing::AssertionResult CheckFrame(std::string_view m) {
  if (m.size() < 7 || m.substr(0, 2) != "8=") return ::testing::AssertionFailure() << "no 8=";
  const std::size_t soh1 = m.find('\x01');
  if (soh1 == std::string_view::npos || m.substr(soh1 + 1, 2) != "9=") {
    return ::testing::AssertionFailure() << "no 9=";
  }
  const std::size_t soh2 = m.find('\x01', soh1 + 3);
  if (soh2 == std::string_view::npos) return ::testing::AssertionFailure() << "no SOH after 9=";
  std::size_t body_length = 0;
  for (std::size_t i = soh1 + 3; i < soh2; ++i) body_length = body_length * 10 + static_cast<std::size_t>(m[i] - '0');
  const std::size_t trailer = m.size() - 7;
  if (trailer != soh2 + 1 + body_length) {
    return ::testing::AssertionFailure() << "BodyLength " << body_length << " but body is "
                                         << (trailer - soh2 - 1);
  }
  unsigned sum = 0;
  for (std::size_t i = 0; i < trailer; ++i) sum += static_cast<unsigned char>(m[i]);
  sum %= 256;
  char expected[8];
  expected[0] = '1';
  expected[1] = '0';
  expected[2] = '=';
  expected[3] = static_cast<char>('0' + sum / 100);
  expected[4] = static_cast<char>('0' + sum / 10 % 10);
  expected[5] = static_cast<char>('0' + sum % 10);
  expected[6] = '\x01';
  if (m.substr(trailer) != std::string_view(expected, 7)) {
    return ::testing::AssertionFailure() << "trailer " << m.substr(trailer, 6) << " expected sum " << sum;
  }
  return ::testing::AssertionSuccess();
}

std::uint32_t RandomTag(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0: return 1 + static_cast<std::uint32_t>(rng() % 9);
    case 1: return 10 + static_cast<std::uint32_t>(rng() % 990);
    case 2: return 1000 + static_cast<std::uint32_t>(rng() % 48);  // around the tag table's end
    case 3: return 1024 + static_cast<std::uint32_t>(rng() % 8976);
    case 4: return 10000 + static_cast<std::uint32_t>(rng() % 999990000);
    default: return 999999999 - static_cast<std::uint32_t>(rng() % 3);
  }
}

std::string RandomText(std::mt19937_64& rng) {
  const std::size_t n = rng() % 4 == 0 ? 1 + rng() % 60 : 1 + rng() % 17;
  std::string s(n, 'x');
  for (char& c : s) {
    unsigned b = static_cast<unsigned>(rng() % 255) + 1;  // any byte but 0x00...
    if (b == 1) b = 0xFF;                                  // ...and SOH
    c = static_cast<char>(b);
  }
  return s;
}

std::int64_t RandomInt(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0: return static_cast<std::int64_t>(rng() % 10);
    case 1: return static_cast<std::int64_t>(rng() % 100000000) - 50000000;
    case 2: return static_cast<std::int64_t>(rng());
    case 3: return std::numeric_limits<std::int64_t>::min() + static_cast<std::int64_t>(rng() % 3);
    case 4: return std::numeric_limits<std::int64_t>::max() - static_cast<std::int64_t>(rng() % 3);
    default: {
      const int digits = 1 + static_cast<int>(rng() % 18);
      std::int64_t p = 1;
      for (int i = 0; i < digits; ++i) p *= 10;
      return static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(p)) * (rng() % 2 ? 1 : -1);
    }
  }
}

std::uint64_t RandomUint(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0: return rng() % 100;
    case 1: return rng() % 100000000;
    case 2: return std::numeric_limits<std::uint64_t>::max() - rng() % 3;
    default: return rng() >> (rng() % 64);
  }
}

TimePrecision RandomPrecision(std::mt19937_64& rng) {
  constexpr TimePrecision kAll[] = {TimePrecision::kSeconds, TimePrecision::kMillis, TimePrecision::kMicros,
                                    TimePrecision::kNanos, TimePrecision::kPicos};
  return kAll[rng() % 5];
}

// AddRandomField adds one valid field of a random type (tags mostly run-time,
// some compile-time so that the constant tag words are covered too) through
// `e`, an Encoder or an Encoder::Cursor (the same calls).
template <typename Writer>
void AddRandomField(std::mt19937_64& rng, Writer& e, int* open_groups) {
  const std::uint32_t tag = RandomTag(rng);
  switch (rng() % 17) {
    case 0: e.AddString(tag, RandomText(rng)); break;
    case 1: e.AddString(58, RandomText(rng)); break;
    case 2: e.AddInt(tag, RandomInt(rng)); break;
    case 3: e.AddInt(38, RandomInt(rng)); break;
    case 4: e.AddUint(tag, RandomUint(rng)); break;
    case 5: e.AddChar(tag, static_cast<char>(2 + rng() % 254)); break;
    case 6: e.AddBool(tag, rng() % 2 == 0); break;
    case 7: {
      const int exponent = rng() % 8 == 0 ? static_cast<int>(rng() % 81) - 40 : static_cast<int>(rng() % 13) - 8;
      e.AddDecimal(tag, Decimal{RandomInt(rng), exponent});
      break;
    }
    case 8: e.AddDecimal(44, Decimal{static_cast<std::int64_t>(rng() % 20000000) - 10000000, -static_cast<int>(rng() % 8)}); break;
    case 9: e.AddDecimal(tag, Decimal{static_cast<std::int64_t>(rng() % 1000000), static_cast<int>(rng() % 7) - 3}, static_cast<int>(rng() % 10)); break;
    case 10: e.AddDouble(tag, static_cast<double>(static_cast<std::int64_t>(rng() % 2000000) - 1000000) / 997.0, static_cast<int>(rng() % 10)); break;
    case 11: e.AddTimestamp(tag, static_cast<std::int64_t>(rng()), RandomPrecision(rng)); break;
    case 12: e.AddTimestamp(52, 1'796'225'400'000'000'000 + static_cast<std::int64_t>(rng() % 5'000'000'000), RandomPrecision(rng)); break;
    case 13: e.AddTimeOnly(tag, static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(kNanosPerDay)), RandomPrecision(rng)); break;
    case 14: {
      Date d;
      d.year = static_cast<std::int16_t>(rng() % 10000);
      d.month = static_cast<std::uint8_t>(1 + rng() % 12);
      d.day = static_cast<std::uint8_t>(1 + rng() % 28);
      e.AddDate(tag, d);
      MonthYear my;
      my.year = d.year;
      my.month = d.month;
      if (rng() % 3 == 0) my.day = d.day;
      else if (rng() % 2 == 0) my.week = static_cast<std::uint8_t>(1 + rng() % 5);
      e.AddMonthYear(RandomTag(rng), my);
      break;
    }
    case 15: {
      std::string data = RandomText(rng);
      data[rng() % data.size()] = '\x01';  // data fields may hold SOH
      e.AddData(tag, RandomTag(rng), data);
      break;
    }
    default:
      if (rng() % 2 == 0) {
        e.AddRawFields("58=raw text\x01" "1000=x\x01");
      } else {
        ++*open_groups;
        auto g = e.BeginGroup(tag, 2);
        for (int i = 0; i < 2; ++i) {
          g.NextEntry();
          e.AddString(RandomTag(rng), RandomText(rng));
          e.AddInt(RandomTag(rng), RandomInt(rng));
        }
        g.End();
      }
      break;
  }
}

TEST(EncoderChecksum, RandomFieldsOfEveryTypeGiveTheByteLoopsChecksum) {
  std::mt19937_64 rng(20261203);
  std::vector<char> buffer(8192);
  for (int round = 0; round < 20000; ++round) {
    EncoderOptions options;
    options.zero_padded_body_length = rng() % 4 == 0;
    Encoder e(buffer, options);
    const char* begin_strings[] = {"FIX.4.2", "FIX.4.4", "FIXT.1.1", "F"};
    e.Begin(begin_strings[rng() % 4], rng() % 2 ? "D" : "AE");
    int groups = 0;
    const int fields = static_cast<int>(rng() % 40);
    for (int i = 0; i < fields; ++i) AddRandomField(rng, e, &groups);
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok()) << "round " << round << " code " << static_cast<int>(r.error.code) << " tag "
                        << r.error.tag;
    ASSERT_TRUE(CheckFrame(r.bytes)) << "round " << round;
    // Finish() twice gives the same message.
    const EncodeResult again = e.Finish();
    ASSERT_TRUE(again.ok());
    ASSERT_EQ(again.bytes, r.bytes);
  }
}

// Every buffer size from 0 up to the message's: either an error or a
// correctly framed message (the near-end paths sum as the in-place ones).
// Exactly sized heap blocks so that ASan sees any stray byte.
TEST(EncoderChecksum, EveryBufferSizeGivesAnErrorOrACorrectFrame) {
  std::mt19937_64 rng(77);
  for (int round = 0; round < 300; ++round) {
    const std::uint64_t seed = rng();
    auto encode = [seed](Encoder& e) {
      std::mt19937_64 r(seed);
      e.Begin("FIX.4.4", "8");
      int groups = 0;
      const int fields = static_cast<int>(r() % 12);
      for (int i = 0; i < fields; ++i) AddRandomField(r, e, &groups);
      return e.Finish();
    };
    std::vector<char> big(8192);
    Encoder full(big);
    const EncodeResult whole = encode(full);
    ASSERT_TRUE(whole.ok());
    const std::string expected(whole.bytes);
    ASSERT_TRUE(CheckFrame(expected));
    for (std::size_t size = 0; size <= expected.size() + 8; ++size) {
      std::unique_ptr<char[]> block(new char[size == 0 ? 1 : size]);
      Encoder e(std::span<char>(block.get(), size));
      const EncodeResult r = encode(e);
      if (!r.ok()) continue;
      ASSERT_EQ(r.bytes, expected) << "size " << size;
    }
  }
}

TEST(EncoderChecksum, TemplatesGiveTheByteLoopsChecksum) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 2000; ++round) {
    MessageTemplate t;
    t.Init(rng() % 2 ? "FIX.4.2" : "FIXT.1.1", "D", RandomPrecision(rng));
    const std::string sender = RandomText(rng);
    t.AddHeaderString(49, sender.substr(0, 30));
    if (rng() % 2) t.AddHeaderString(56, "TARGET");
    if (rng() % 2) {
      t.AddBodyFields([&rng](Encoder& e) {
        e.AddChar(21, '1');
        e.AddString(1, RandomText(rng).substr(0, 20));
      });
    }
    ASSERT_TRUE(t.error().ok()) << static_cast<int>(t.error().code) << " tag " << t.error().tag;
    std::vector<char> buffer(1024);
    Encoder e(buffer);
    for (int m = 0; m < 5; ++m) {
      t.Start(e, RandomUint(rng), static_cast<std::int64_t>(rng() >> 1));
      int groups = 0;
      const int fields = static_cast<int>(rng() % 8);
      for (int i = 0; i < fields; ++i) AddRandomField(rng, e, &groups);
      const EncodeResult r = e.Finish();
      ASSERT_TRUE(r.ok());
      ASSERT_TRUE(CheckFrame(r.bytes)) << "round " << round;
    }
  }
}

// Encoder::Cursor runs (every cursor call, after a Begin or a template's
// Start, between fields written by the encoder itself) give the byte loop's
// CheckSum, in a large buffer and at every buffer size up to the message's
// (an error or the same bytes).
TEST(EncoderChecksum, CursorFieldsGiveTheByteLoopsChecksum) {
  std::mt19937_64 rng(1903);
  MessageTemplate t;
  t.Init("FIX.4.4", "D");
  t.AddHeaderString(49, "SENDER");
  t.AddBodyFields([](Encoder& e) { e.AddChar(21, '1'); });
  ASSERT_TRUE(t.error().ok());
  for (int round = 0; round < 3000; ++round) {
    const std::uint64_t seed = rng();
    auto encode = [seed, &t](Encoder& e) {
      std::mt19937_64 r(seed);
      if (r() % 2 == 0) {
        e.Begin("FIX.4.2", "D");
      } else {
        t.Start(e, RandomUint(r), static_cast<std::int64_t>(r() >> 1));
      }
      int groups = 0;
      if (r() % 2 == 0) AddRandomField(r, e, &groups);
      {
        Encoder::Cursor c(e);
        const int fields = static_cast<int>(r() % 24);
        for (int i = 0; i < fields; ++i) AddRandomField(r, c, &groups);
      }
      if (r() % 2 == 0) AddRandomField(r, e, &groups);
      if (r() % 3 == 0) {
        Encoder::Cursor c(e);
        AddRandomField(r, c, &groups);
      }
      return e.Finish();
    };
    std::vector<char> big(8192);
    Encoder full(big);
    const EncodeResult whole = encode(full);
    ASSERT_TRUE(whole.ok()) << "round " << round << " code " << static_cast<int>(whole.error.code);
    ASSERT_TRUE(CheckFrame(whole.bytes)) << "round " << round;
    if (round % 20 != 0) continue;
    const std::string expected(whole.bytes);
    for (std::size_t size = 0; size <= expected.size() + 8; ++size) {
      std::unique_ptr<char[]> block(new char[size == 0 ? 1 : size]);
      Encoder e(std::span<char>(block.get(), size));
      const EncodeResult r = encode(e);
      if (!r.ok()) continue;
      ASSERT_EQ(r.bytes, expected) << "round " << round << " size " << size;
    }
  }
}

// ShortText: 1..16 bytes, none of them SOH (SummingCursor's summed strings).
std::string ShortText(std::mt19937_64& rng) {
  std::string s(1 + rng() % 16, 'x');
  for (char& c : s) c = static_cast<char>(rng() % 2 == 0 ? 'A' + rng() % 26 : 2 + rng() % 254);
  return s;
}

constexpr std::int64_t kSecondStart = 1'796'225'400'000'000'000;  // 2026-12-03 00:50:00 UTC

// AddSummedKindField adds a field of a kind SummingCursor sums (constant and
// run-time tags, every value range of the kind) or, one time in five, any
// field (AddRandomField: also the kinds it does not sum).
template <typename Writer>
void AddSummedKindField(std::mt19937_64& rng, Writer& c, int* open_groups) {
  switch (rng() % 10) {
    case 0: c.AddString(11, ShortText(rng)); break;
    case 1: c.AddString(RandomTag(rng), ShortText(rng)); break;
    case 2: c.AddInt(38, RandomInt(rng)); break;
    case 3: c.AddUint(RandomTag(rng), RandomUint(rng)); break;
    case 4: c.AddChar(54, static_cast<char>(2 + rng() % 254)); break;
    case 5: c.AddBool(RandomTag(rng), rng() % 2 == 0); break;
    case 6: {
      const auto mantissa = static_cast<std::int64_t>(rng() % 20000000) - 10000000;
      c.AddDecimal(44, Decimal{mantissa, -static_cast<int>(rng() % 8)});
      break;
    }
    case 7:
      c.AddTimestamp(60, kSecondStart + static_cast<std::int64_t>(rng() % 1'000'000'000),
                     rng() % 4 == 0 ? TimePrecision::kSeconds : TimePrecision::kMillis);
      break;
    default: AddRandomField(rng, c, open_groups); break;
  }
}

// A template's Start then a SummingCursor run (Finish() reads neither back
// when every field is summed: sequence numbers below 10^8, SendingTime
// mostly in the encoder's cached second) gives the byte loop's CheckSum
// and exactly the bytes of the same calls through a Cursor (read back), in
// a large buffer message after message and at every buffer size.
TEST(EncoderChecksum, SummingCursorRunsGiveTheCursorsBytes) {
  std::mt19937_64 rng(2207);
  MessageTemplate t;
  t.Init("FIX.4.4", "D");
  t.AddHeaderString(49, "SENDER");
  t.AddHeaderString(56, "TARGET");
  t.AddBodyFields([](Encoder& e) {
    e.AddChar(21, '1');
    e.AddChar(40, '2');
  });
  ASSERT_TRUE(t.error().ok());
  std::vector<char> summing_buffer(8192), plain_buffer(8192);
  Encoder summing(summing_buffer), plain(plain_buffer);  // kept: their cached second too
  for (int round = 0; round < 4000; ++round) {
    const std::uint64_t seed = rng();
    auto encode = [seed, &t](Encoder& e, auto cursor_type) {
      using CursorType = typename decltype(cursor_type)::type;
      std::mt19937_64 r(seed);
      const std::uint64_t seq = r() % 8 == 0 ? RandomUint(r) : r() % 100000;
      const std::int64_t now = kSecondStart + static_cast<std::int64_t>(
                                                  r() % 16 == 0 ? r() % 5'000'000'000 : r() % 1'000'000'000);
      t.Start(e, seq, now);
      int groups = 0;
      if (r() % 8 == 0) AddRandomField(r, e, &groups);  // the run then does not follow the summed part
      {
        CursorType c(e);
        const int fields = static_cast<int>(r() % 16);
        for (int i = 0; i < fields; ++i) AddSummedKindField(r, c, &groups);
      }
      if (r() % 4 == 0) AddRandomField(r, e, &groups);
      return e.Finish();
    };
    const EncodeResult expected = encode(plain, std::type_identity<Encoder::Cursor>{});
    const EncodeResult got = encode(summing, std::type_identity<Encoder::SummingCursor>{});
    ASSERT_TRUE(got.ok()) << "round " << round << " code " << static_cast<int>(got.error.code);
    ASSERT_TRUE(CheckFrame(got.bytes)) << "round " << round;
    ASSERT_EQ(got.bytes, expected.bytes) << "round " << round;
    if (round % 40 != 0) continue;
    const std::string whole(got.bytes);
    for (std::size_t size = 0; size <= whole.size() + 8; ++size) {
      std::unique_ptr<char[]> a(new char[size == 0 ? 1 : size]);
      std::unique_ptr<char[]> b(new char[size == 0 ? 1 : size]);
      Encoder small_summing(std::span<char>(a.get(), size)), small_plain(std::span<char>(b.get(), size));
      const EncodeResult s = encode(small_summing, std::type_identity<Encoder::SummingCursor>{});
      const EncodeResult p = encode(small_plain, std::type_identity<Encoder::Cursor>{});
      ASSERT_EQ(s.ok(), p.ok()) << "round " << round << " size " << size;
      if (!s.ok()) {
        ASSERT_EQ(s.error.code, p.error.code) << "round " << round << " size " << size;
        ASSERT_EQ(s.error.tag, p.error.tag) << "round " << round << " size " << size;
        ASSERT_EQ(s.error.offset, p.error.offset) << "round " << round << " size " << size;
        continue;
      }
      ASSERT_TRUE(CheckFrame(s.bytes)) << "round " << round << " size " << size;
      ASSERT_EQ(s.bytes, p.bytes) << "round " << round << " size " << size;
    }
  }
}

// Bodies of every length 1..2000 (BodyLength of one to four digits, as one
// word or zero padded to the buffer's width).
TEST(EncoderChecksum, EveryBodyLength) {
  for (bool zero_padded : {false, true}) {
    std::vector<char> buffer(4096);
    EncoderOptions options;
    options.zero_padded_body_length = zero_padded;
    for (std::size_t n = 1; n <= 2000; ++n) {
      Encoder e(buffer, options);
      e.Begin("FIX.4.4", "0");
      e.AddString(58, std::string(n, 'a' + static_cast<char>(n % 26)));
      const EncodeResult r = e.Finish();
      ASSERT_TRUE(r.ok());
      ASSERT_TRUE(CheckFrame(r.bytes)) << n;
      if (zero_padded) {
        ASSERT_EQ(r.bytes.data(), buffer.data());
      }
    }
  }
}

// Bodies around the edges of Finish's paths: the inline one (below 1000
// bytes), the out-of-line one (1000 and more: four and five digits), and
// the inline sum's 256-byte limit, in buffers of several sizes.
TEST(EncoderChecksum, BodyLengthsAroundThePathEdges) {
  std::vector<std::size_t> lengths;
  for (std::size_t edge : {std::size_t{10}, std::size_t{100}, std::size_t{256}, std::size_t{1000},
                           std::size_t{10000}, std::size_t{100000}}) {
    for (std::size_t n = edge - 8; n <= edge + 8; ++n) lengths.push_back(n);
  }
  for (std::size_t buffer_size : {std::size_t{1200}, std::size_t{20000}, std::size_t{200000}}) {
    std::vector<char> buffer(buffer_size);
    for (std::size_t n : lengths) {
      // "58=" + text + SOH after "35=0<SOH>" (5 bytes): a body of n bytes.
      if (n < 10) continue;
      Encoder e(buffer);
      e.Begin("FIX.4.4", "0");
      e.AddString(58, std::string(n - 9, 'a' + static_cast<char>(n % 26)));
      const EncodeResult r = e.Finish();
      if (n + 30 > buffer_size) {
        if (r.ok()) {
          ASSERT_TRUE(CheckFrame(r.bytes)) << n;
        }
        continue;
      }
      ASSERT_TRUE(r.ok()) << n;
      ASSERT_TRUE(CheckFrame(r.bytes)) << n;
      ASSERT_EQ(r.bytes.find("\x01" "9=" + std::to_string(n) + "\x01"), 9u) << n;
    }
  }
}

}  // namespace
}  // namespace fixwire
