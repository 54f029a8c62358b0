// The session's inbound shortcuts against their references, on random
// inputs: TimestampCache against ParseUtcTimestamp (runs of SendingTimes in
// one minute, every precision, minutes changing, leap seconds, corrupted
// bytes anywhere), and SameText against string equality (every length 0..40,
// one byte changed anywhere).
#include <cstdio>
#include <random>
#include <string>

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

TEST(SameText, AnswersAsEqualityDoes) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 20'000; ++round) {
    const std::size_t n = rng() % 41;
    std::string a(n, ' ');
    for (char& c : a) c = static_cast<char>('A' + rng() % 26);
    std::string b = a;
    const int change = static_cast<int>(rng() % 3);
    if (change == 1 && n > 0) b[rng() % n] ^= static_cast<char>(1 + rng() % 255);
    if (change == 2) b.resize(rng() % (n + 2), 'A');
    ASSERT_EQ(session_internal::SameText(a, b), a == b) << a << " / " << b;
  }
}

}  // namespace
}  // namespace fixwire::testing
