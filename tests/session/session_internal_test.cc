// The session's shortcuts against their references, on random inputs:
// TimestampCache against ParseUtcTimestamp (runs of SendingTimes in one
// minute, every precision, minutes changing, leap seconds, corrupted bytes
// anywhere), SameText and KnownText against string equality (every length
// 0..40, one byte changed anywhere), and HeaderTemplates against the
// encoder's own header calls (more MsgTypes than slots, invalid ones).
#include <cstdio>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "fixwire/encode/encoder.h"
#include "fixwire/session/internal/header_templates.h"
#include "fixwire/session/internal/same_text.h"
#include "fixwire/session/internal/timestamp_cache.h"
#include "fixwire/values/values.h"
#include "gtest/gtest.h"

namespace fixwire::testing {
namespace {

std::string Timestamp(std::mt19937_64& rng, int minute_of_day, int digits) {
  char text[40];
  const int second = static_cast<int>(rng() % 61);  // 60: a leap second
  std::snprintf(text, sizeof text, "20261206-%02d:%02d:%02d", minute_of_day / 60, minute_of_day % 60,
                second);
  std::string s = text;
  if (digits > 0) {
    s += '.';
    for (int i = 0; i < digits; ++i) s += static_cast<char>('0' + rng() % 10);
  }
  return s;
}

TEST(TimestampCache, AnswersAsParseUtcTimestampDoes) {
  std::mt19937_64 rng(20261206);
  session_internal::TimestampCache cache;
  int minute = 600;
  int checked = 0;
  int fast = 0;
  for (int i = 0; i < 200'000; ++i) {
    if (rng() % 50 == 0) minute = static_cast<int>(rng() % 1440);  // a new minute now and then
    static constexpr int kDigits[] = {0, 3, 6, 9, 1, 2, 4, 5, 7, 8};
    std::string text = Timestamp(rng, minute, kDigits[rng() % (rng() % 4 == 0 ? 10 : 4)]);
    if (rng() % 10 == 0) {  // a corrupted byte anywhere
      text[rng() % text.size()] = static_cast<char>(rng() % 256);
    }
    if (rng() % 40 == 0) text.resize(rng() % text.size());  // cut short
    std::int64_t want = -1;
    std::int64_t got = -2;
    const ErrorCode want_code = ParseUtcTimestamp(text, &want);
    const ErrorCode got_code = cache.Parse(text, &got);
    ASSERT_EQ(got_code, want_code) << text;
    if (want_code == ErrorCode::kOk) {
      ASSERT_EQ(got, want) << text;
      ++fast;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 200'000);
  EXPECT_GT(fast, 100'000);  // most inputs were valid: the comparison was not vacuous
}

// A random text of 0..40 letters and a second one: equal, one byte changed,
// or cut or lengthened.
std::pair<std::string, std::string> TextPair(std::mt19937_64& rng) {
  const std::size_t n = rng() % 41;
  std::string a(n, ' ');
  for (char& c : a) c = static_cast<char>('A' + rng() % 26);
  std::string b = a;
  const int change = static_cast<int>(rng() % 3);
  if (change == 1 && n > 0) b[rng() % n] ^= static_cast<char>(1 + rng() % 255);
  if (change == 2) b.resize(rng() % (n + 2), 'A');
  return {a, b};
}

TEST(SameText, AnswersAsEqualityDoes) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 20'000; ++round) {
    const auto [a, b] = TextPair(rng);
    ASSERT_EQ(session_internal::SameText(a, b), a == b) << a << " / " << b;
  }
}

TEST(KnownText, AnswersAsEqualityDoes) {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 20'000; ++round) {
    const auto [a, b] = TextPair(rng);
    const session_internal::KnownText known(a);
    ASSERT_EQ(known.Matches(b), a == b) << a << " / " << b;
  }
}

// The header the session writes field by field (Session::Header without
// routing fields), finished with an empty body.
std::string GenericHeader(std::string_view begin_string, std::string_view msg_type,
                          std::string_view sender, std::string_view target, std::uint64_t seq,
                          std::int64_t now, TimePrecision precision) {
  std::vector<char> buffer(2048);
  Encoder e(buffer);
  e.Begin(begin_string, msg_type);
  e.AddString(49, sender);
  e.AddString(56, target);
  e.AddUint(34, seq);
  e.AddTimestamp(52, now, precision);
  const EncodeResult r = e.Finish();
  return r.ok() ? std::string(r.bytes) : std::string();
}

TEST(HeaderTemplates, WriteTheGenericHeader) {
  std::mt19937_64 rng(5);
  const std::vector<std::string> types = {
      "0", "1", "2", "3", "4", "5", "A", "D", "8", "F", "G", "9", "j", "AE", "V", "W", "X",
      "R", "S", "H", "AB", "AC", "Q", "AS", "BE", "U1", "ABCDEFG", "ABCDEFGH", "", "D\x01"};
  for (const char* begin_string : {"FIX.4.2", "FIXT.1.1"}) {
    for (const TimePrecision precision : {TimePrecision::kMillis, TimePrecision::kMicros}) {
      session_internal::HeaderTemplates templates(begin_string, "SENDER", "TARGET", precision);
      std::int64_t now = 1'796'551'200'123'000'000;
      int built = 0;
      for (int i = 0; i < 5000; ++i) {
        const std::string& type = types[rng() % (rng() % 4 == 0 ? types.size() : 6)];
        now += static_cast<std::int64_t>(rng() % 3'000'000'000);
        const std::uint64_t seq = 1 + rng() % 10'000'000;
        const MessageTemplate* t = templates.Find(type);
        const bool cacheable = !type.empty() && type.size() <= 7 && type.find('\x01') == type.npos;
        ASSERT_EQ(t != nullptr, cacheable) << type;
        if (t == nullptr) continue;
        std::vector<char> buffer(2048);
        Encoder e(buffer);
        t->Start(e, seq, now);
        const EncodeResult r = e.Finish();
        ASSERT_TRUE(r.ok()) << type;
        ASSERT_EQ(std::string(r.bytes),
                  GenericHeader(begin_string, type, "SENDER", "TARGET", seq, now, precision))
            << type;
        ++built;
      }
      EXPECT_GT(built, 3000);
    }
  }
  // A value the encoder refuses: no template, the generic calls report it.
  session_internal::HeaderTemplates bad("FIX.4.4", "SEN\x01" "DER", "TARGET", TimePrecision::kMillis);
  EXPECT_EQ(bad.Find("D"), nullptr);
  session_internal::HeaderTemplates empty("FIX.4.4", "", "TARGET", TimePrecision::kMillis);
  EXPECT_EQ(empty.Find("D"), nullptr);
}

}  // namespace
}  // namespace fixwire::testing
