// Golden messages: the encoder's output compared byte for byte with messages
// whose BodyLength and CheckSum were computed independently (literal bytes
// checked by hand / by a separate script, or a trivial byte loop below).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/arena/buffer_pool.h"
#include "fixwire/encode/encoder.h"
#include "gtest/gtest.h"

namespace fixwire {
namespace {

using namespace std::string_literals;

constexpr std::int64_t kTime = 1'796'225'400'123'000'000;  // 2026-12-02T15:30:00.123Z

// Frame wraps a body (35= .. last field) in 8=, 9= and 10= with a plain loop.
std::string Frame(std::string_view begin_string, std::string_view body) {
  std::string m = "8=" + std::string(begin_string) + "\x01" "9=" + std::to_string(body.size()) + "\x01";
  m += body;
  unsigned sum = 0;
  for (unsigned char c : m) sum += c;
  char trailer[8];
  trailer[0] = '1';
  trailer[1] = '0';
  trailer[2] = '=';
  trailer[3] = static_cast<char>('0' + (sum % 256) / 100);
  trailer[4] = static_cast<char>('0' + (sum % 256) / 10 % 10);
  trailer[5] = static_cast<char>('0' + (sum % 256) % 10);
  trailer[6] = '\x01';
  m.append(trailer, 7);
  return m;
}

TEST(EncoderGolden, HeartbeatLiteralBytes) {
  char buffer[256];
  Encoder e(buffer);
  e.Begin("FIX.4.2", "0");
  e.AddString(49, "SNDR");
  e.AddString(56, "TGT");
  e.AddUint(34, 1);
  e.AddTimestamp(52, kTime, TimePrecision::kMillis);
  const EncodeResult r = e.Finish();
  ASSERT_TRUE(r.ok()) << static_cast<int>(r.error.code);
  EXPECT_EQ(r.bytes,
            "8=FIX.4.2\x01" "9=50\x01" "35=0\x01" "49=SNDR\x01" "56=TGT\x01" "34=1\x01"
            "52=20261202-15:30:00.123\x01" "10=227\x01"s);
}

TEST(EncoderGolden, NewOrderSingleLiteralBytes) {
  char buffer[1024];
  Encoder e(buffer);
  e.Begin("FIX.4.4", "D");
  e.AddString(49, "BANZAI");
  e.AddString(56, "EXEC");
  e.AddUint(34, 215);
  e.AddTimestamp(52, kTime, TimePrecision::kMillis);
  e.AddString(11, "ORD-1");
  e.AddChar(21, '1');
  e.AddDecimal(38, Decimal{100, 0});
  e.AddChar(40, '2');
  e.AddDecimal(44, Decimal{12345, -2});
  e.AddChar(54, '1');
  e.AddString(55, "IBM");
  e.AddChar(59, '0');
  e.AddTimestamp(60, kTime, TimePrecision::kMillis);
  const EncodeResult r = e.Finish();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes,
            "8=FIX.4.4\x01" "9=133\x01" "35=D\x01" "49=BANZAI\x01" "56=EXEC\x01" "34=215\x01"
            "52=20261202-15:30:00.123\x01" "11=ORD-1\x01" "21=1\x01" "38=100\x01" "40=2\x01"
            "44=123.45\x01" "54=1\x01" "55=IBM\x01" "59=0\x01" "60=20261202-15:30:00.123\x01"
            "10=209\x01"s);
}

TEST(EncoderGolden, EveryValueKind) {
  char buffer[1024];
  Encoder e(buffer);
  e.Begin("FIXT.1.1", "8");
  e.AddInt(1001, -42);
  e.AddUint(1002, 18446744073709551615ull);
  e.AddChar(1003, 'x');
  e.AddBool(1004, true);
  e.AddBool(1005, false);
  e.AddString(1006, "a=b c");
  e.AddDecimal(1007, Decimal{-5, -3});
  e.AddDecimal(1008, Decimal{12345, -3}, 2);
  e.AddDouble(1009, 0.1, 4);
  e.AddTimestamp(1010, kTime + 456'789, TimePrecision::kNanos);
  e.AddTimeOnly(1011, (15 * 3600 + 30 * 60) * kNanosPerSecond + 7'000'000, TimePrecision::kMillis);
  e.AddDate(1012, Date{2024, 2, 29});
  e.AddMonthYear(1013, MonthYear{2026, 12, 0, 3});
  e.AddData(95, 96, "ab\x01" "cd"s);
  const EncodeResult r = e.Finish();
  ASSERT_TRUE(r.ok());
  const std::string body =
      "35=8\x01" "1001=-42\x01" "1002=18446744073709551615\x01" "1003=x\x01" "1004=Y\x01" "1005=N\x01"
      "1006=a=b c\x01" "1007=-0.005\x01" "1008=12.35\x01" "1009=0.1000\x01"
      "1010=20261202-15:30:00.123456789\x01" "1011=15:30:00.007\x01" "1012=20240229\x01"
      "1013=202612w3\x01" "95=5\x01" "96=ab\x01" "cd\x01"s;
  EXPECT_EQ(r.bytes, Frame("FIXT.1.1", body));
}

TEST(EncoderGolden, NestedGroups) {
  char buffer[512];
  Encoder e(buffer);
  e.Begin("FIX.4.4", "AB");
  e.AddString(55, "SPREAD");
  GroupEncoder legs = e.BeginGroup(555, 2);
  for (int leg = 0; leg < 2; ++leg) {
    legs.NextEntry();
    e.AddString(600, leg == 0 ? "A" : "B");
    GroupEncoder parties = e.BeginGroup(539, 1);
    parties.NextEntry();
    e.AddString(524, "P");
    parties.End();
  }
  legs.End();
  const EncodeResult r = e.Finish();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes, Frame("FIX.4.4",
                           "35=AB\x01" "55=SPREAD\x01" "555=2\x01" "600=A\x01" "539=1\x01" "524=P\x01"
                           "600=B\x01" "539=1\x01" "524=P\x01"s));
}

TEST(EncoderGolden, GroupCountMismatchIsAnError) {
  char buffer[512];
  Encoder e(buffer);
  e.Begin("FIX.4.4", "AB");
  GroupEncoder legs = e.BeginGroup(555, 2);
  legs.NextEntry();
  e.AddString(600, "A");
  legs.End();
  const EncodeResult r = e.Finish();
  EXPECT_EQ(r.error.code, ErrorCode::kGroupCountMismatch);
  EXPECT_EQ(r.error.tag, 555u);
  EXPECT_TRUE(r.bytes.empty());
}

TEST(EncoderGolden, MessageStartsInsideTheBufferWithinTheReservation) {
  // 1000-byte buffer: 4 digits reserved; a 2-digit body length starts 2 bytes in.
  std::vector<char> buffer(1000);
  Encoder e(buffer);
  e.Begin("FIX.4.2", "0");
  e.AddString(49, "S");
  const EncodeResult r = e.Finish();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes.data(), buffer.data() + 2);
  EXPECT_EQ(r.bytes, Frame("FIX.4.2", "35=0\x01" "49=S\x01"s));
}

TEST(EncoderGolden, ZeroPaddedBodyLengthOption) {
  std::vector<char> buffer(1000);
  Encoder e(buffer, EncoderOptions{.zero_padded_body_length = true});
  e.Begin("FIX.4.2", "0");
  e.AddString(49, "S");
  const EncodeResult r = e.Finish();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes.data(), buffer.data());
  // Literal, checksum by hand: sum of "8=FIX.4.2|9=0010|35=0|49=S|" is 1323, 1323 % 256 = 43.
  EXPECT_EQ(r.bytes, "8=FIX.4.2\x01" "9=0010\x01" "35=0\x01" "49=S\x01" "10=043\x01"s);
}

TEST(EncoderGolden, BodyLengthAtEveryDigitCountBoundary) {
  // Body lengths 5, 10, 99/100, 999/1000, 9999/10000 exercise every header width.
  for (std::size_t target : {5u, 10u, 99u, 100u, 999u, 1000u, 9999u, 10000u}) {
    std::vector<char> buffer(target + 64);
    Encoder e(buffer);
    e.Begin("FIX.4.4", "0");  // "35=0|" is 5 bytes
    std::string body = "35=0\x01"s;
    if (target > 5) {
      // "58=" + text + SOH fills the rest exactly when the text is target - 9 long.
      const std::string text(target - 9, 'x');
      e.AddString(58, text);
      body += "58=" + text + "\x01";
    }
    ASSERT_EQ(body.size(), target);
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.bytes, Frame("FIX.4.4", body)) << target;
  }
}

TEST(EncoderGolden, EncodesIntoAPooledBuffer) {
  BufferPool pool(2, 256);
  PooledBuffer buf = pool.acquire();
  ASSERT_TRUE(buf);
  Encoder e(buf.span());
  e.Begin("FIX.4.2", "0");
  e.AddString(49, "S");
  const EncodeResult r = e.Finish();
  ASSERT_TRUE(r.ok());
  EXPECT_GE(r.bytes.data(), buf.data());
  EXPECT_LE(r.bytes.data() + r.bytes.size(), buf.data() + buf.size());
  EXPECT_EQ(r.bytes, Frame("FIX.4.2", "35=0\x01" "49=S\x01"s));
}

TEST(EncoderGolden, FinishTwiceGivesTheSameBytes) {
  char buffer[128];
  Encoder e(buffer);
  e.Begin("FIX.4.2", "0");
  e.AddUint(34, 7);
  const EncodeResult a = e.Finish();
  const std::string first(a.bytes);
  const EncodeResult b = e.Finish();
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b.bytes, first);
}

TEST(EncoderGolden, BeginStartsOverInTheSameBuffer) {
  char buffer[128];
  Encoder e(buffer);
  for (int i = 0; i < 3; ++i) {
    e.Begin("FIX.4.2", "0");
    e.AddUint(34, static_cast<std::uint64_t>(i));
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.bytes, Frame("FIX.4.2", "35=0\x01" "34="s + std::to_string(i) + "\x01"));
  }
}

TEST(EncoderGolden, FragmentHasNoHeaderOrTrailer) {
  char buffer[64];
  Encoder e(buffer);
  e.BeginFragment();
  e.AddString(49, "A");
  e.AddUint(56, 12);
  const EncodeResult r = e.FinishFragment();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.bytes, "49=A\x01" "56=12\x01"s);
  EXPECT_EQ(e.Finish().error.code, ErrorCode::kInvalidValue);  // not a message
}

}  // namespace
}  // namespace fixwire
