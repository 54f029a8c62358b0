// timestamp_fast_path_test.cc: ParseUtcTimestamp (whose common shapes, sizes
// 17, 21, 24 and 27, take a fast path) against the general parser alone
// (values_internal::GeneralUtcTimestamp) and against timegm: same
// code on every input, same value on success. Inputs are parsed from exact
// heap blocks, so ASan sees any read past the text.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <random>
#include <string>
#include <string_view>

#include "fixwire/values/values.h"

namespace fixwire {
namespace {

// ExpectLikeGeneral parses t with both parsers from an exact heap copy.
void ExpectLikeGeneral(const std::string& t) {
  std::unique_ptr<char[]> exact(new char[t.size() + 1]);
  std::memcpy(exact.get(), t.data(), t.size());
  const std::string_view text(exact.get(), t.size());
  std::int64_t got = 0x5A5A5A5A;
  std::int64_t want = 0x5A5A5A5A;
  const ErrorCode got_code = ParseUtcTimestamp(text, &got);
  const ErrorCode want_code = values_internal::GeneralUtcTimestamp(text, &want);
  ASSERT_EQ(got_code, want_code) << '"' << t << '"';
  if (want_code == ErrorCode::kOk) {
    ASSERT_EQ(got, want) << t;
  }
}

std::int64_t TimegmNanos(int y, int mo, int d, int h, int mi, int s) {
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  tm.tm_sec = s;  // 60 lands on the next minute, as FIX's leap second is read
  return static_cast<std::int64_t>(timegm(&tm)) * 1'000'000'000;
}

std::string Format(int y, int mo, int d, int h, int mi, int s) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d-%02d:%02d:%02d", y, mo, d, h, mi, s);
  return buf;
}

// Digits returns `width` random decimal digits.
std::string Digits(std::mt19937_64& rng, int width) {
  std::string s;
  for (int i = 0; i < width; ++i) s += static_cast<char>('0' + rng() % 10);
  return s;
}

// FractionNanos: the nanoseconds of `width` fraction digits (at most 9 used).
std::int64_t FractionNanos(const std::string& digits) {
  std::int64_t v = 0;
  for (std::size_t i = 0; i < 9; ++i) v = v * 10 + (i < digits.size() ? digits[i] - '0' : 0);
  return v;
}

int DaysInMonth(int y, int mo) {
  const int days[] = {31, (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28,
                      31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return days[mo - 1];
}

// ValidTime: a random valid date and time of day (seconds 0..60) in the
// years [first_year, first_year + years).
struct ValidTime {
  int y, mo, d, h, mi, s;
  std::string Text() const { return Format(y, mo, d, h, mi, s); }
};
ValidTime RandomValidTime(std::mt19937_64& rng, int first_year, int years) {
  ValidTime t;
  t.y = first_year + static_cast<int>(rng() % static_cast<unsigned>(years));
  t.mo = 1 + static_cast<int>(rng() % 12);
  t.d = 1 + static_cast<int>(rng() % DaysInMonth(t.y, t.mo));
  t.h = static_cast<int>(rng() % 24);
  t.mi = static_cast<int>(rng() % 60);
  t.s = static_cast<int>(rng() % 61);
  return t;
}

// Valid timestamps of every fraction width 0..13 (the fast path's 0, 3, 6, 9
// and every other), years in and around 1970..2099: both parsers agree, and
// the valid widths agree with timegm.
TEST(TimestampFastPathTest, RandomValidEveryFractionWidth) {
  std::mt19937_64 rng(2026);
  for (int i = 0; i < 200000; ++i) {
    const ValidTime v = i % 3 == 0 ? RandomValidTime(rng, 1900, 300) : RandomValidTime(rng, 1970, 130);
    const int width = static_cast<int>(rng() % 14) - 1;  // -1: no dot
    const std::string digits = width > 0 ? Digits(rng, width) : "";
    const std::string t = v.Text() + (width >= 0 ? "." + digits : "");
    ExpectLikeGeneral(t);
    if (width == -1 || width == 3 || width == 6 || width == 9 || width == 12) {
      std::int64_t nanos = 0;
      ASSERT_EQ(ParseUtcTimestamp(t, &nanos), ErrorCode::kOk) << t;
      ASSERT_EQ(nanos, TimegmNanos(v.y, v.mo, v.d, v.h, v.mi, v.s) + FractionNanos(digits)) << t;
    }
  }
}

// Every byte value at every position of each fast shape, at the edges of its
// years, months, days, times and fractions.
TEST(TimestampFastPathTest, EveryByteAtEveryPositionOfEveryShape) {
  for (const char* base :
       {"20261202-15:30:00", "19700101-00:00:00.000", "20991231-23:59:60.999",
        "20960229-12:34:56.000000", "19700101-00:00:00.999999", "20000229-23:59:59.123456789",
        "20991231-23:59:60.000000000", "19691231-23:59:59.999999999", "21000101-00:00:00.000001",
        "20261202-15:30:00.123456789012"}) {
    for (std::size_t i = 0; i < std::strlen(base); ++i) {
      for (int b = 0; b < 256; ++b) {
        std::string t = base;
        t[i] = static_cast<char>(b);
        ExpectLikeGeneral(t);
      }
    }
  }
}

// Every month 00..19 and day 00..39 of years around the fast range and its
// 4-year cycle, times at and past their bounds, every fast fraction width.
TEST(TimestampFastPathTest, EveryMonthAndDayAroundTheFastRange) {
  std::mt19937_64 rng(9);
  const int hours[] = {0, 9, 10, 19, 20, 23, 24, 29, 99};
  const int minutes[] = {0, 9, 10, 59, 60, 61, 99};
  const int seconds[] = {0, 9, 10, 59, 60, 61, 99};
  for (int y : {0, 1070, 1600, 1677, 1900, 1968, 1969, 1970, 1971, 1972, 1973, 1999, 2000, 2001,
                2024, 2095, 2096, 2097, 2098, 2099, 2100, 2101, 2170, 2262, 2263, 9999}) {
    for (int mo = 0; mo < 20; ++mo) {
      for (int d = 0; d < 40; ++d) {
        const std::string t = Format(y, mo, d, hours[rng() % 9], minutes[rng() % 7], seconds[rng() % 7]);
        ExpectLikeGeneral(t);
        for (int width : {3, 6, 9}) ExpectLikeGeneral(t + "." + Digits(rng, width));
      }
    }
  }
}

// Random strings of every length 0..32 over the bytes a timestamp is made of
// (and a few others), some built on a valid prefix: never a difference.
TEST(TimestampFastPathTest, RandomShapesEveryLength) {
  std::mt19937_64 rng(17);
  const std::string alphabet = "0123456789-:.x \x01/0123456789";
  for (int i = 0; i < 300000; ++i) {
    const std::size_t n = rng() % 33;
    std::string t;
    if (rng() % 2 == 0) {
      t = Format(1970 + static_cast<int>(rng() % 130), 1 + static_cast<int>(rng() % 12),
                 1 + static_cast<int>(rng() % 28), static_cast<int>(rng() % 24),
                 static_cast<int>(rng() % 60), static_cast<int>(rng() % 61)) +
          "." + Digits(rng, 15);
      t.resize(n);
      if (n != 0 && rng() % 3 == 0) t[rng() % n] = alphabet[rng() % alphabet.size()];
    } else {
      for (std::size_t k = 0; k < n; ++k) t += alphabet[rng() % alphabet.size()];
    }
    ExpectLikeGeneral(t);
  }
}

// The millisecond shape "YYYYMMDD-HH:MM:SS.sss" (size 21, the most common
// SendingTime; its own lanes in the fast path): random valid values against
// timegm, with years around the fast range; then every single-byte mutation
// at every position and every truncation of each, against the general parser.
TEST(TimestampFastPathTest, MillisecondShapeEveryMutationAndTruncation) {
  std::mt19937_64 rng(21);
  for (int i = 0; i < 400; ++i) {
    const ValidTime v = i % 4 == 0 ? RandomValidTime(rng, 1940, 200) : RandomValidTime(rng, 1970, 130);
    const std::string millis = Digits(rng, 3);
    const std::string t = v.Text() + "." + millis;
    ASSERT_EQ(t.size(), 21u);
    std::int64_t nanos = 0;
    ASSERT_EQ(ParseUtcTimestamp(t, &nanos), ErrorCode::kOk) << t;
    ASSERT_EQ(nanos, TimegmNanos(v.y, v.mo, v.d, v.h, v.mi, v.s) + std::stoi(millis) * 1'000'000) << t;
    for (std::size_t k = 0; k < t.size(); ++k) {
      for (int b = 0; b < 256; ++b) {
        std::string m = t;
        m[k] = static_cast<char>(b);
        ExpectLikeGeneral(m);
      }
    }
    for (std::size_t n = 0; n < t.size(); ++n) ExpectLikeGeneral(t.substr(0, n));
    ExpectLikeGeneral(t + Digits(rng, 1));
  }
}

TEST(TimestampFastPathTest, Boundaries) {
  std::int64_t t = -1;
  ASSERT_EQ(ParseUtcTimestamp("19700101-00:00:00.000000000", &t), ErrorCode::kOk);
  EXPECT_EQ(t, 0);
  ASSERT_EQ(ParseUtcTimestamp("19700101-00:00:00.000000001", &t), ErrorCode::kOk);
  EXPECT_EQ(t, 1);
  ASSERT_EQ(ParseUtcTimestamp("19700101-00:00:00.000001", &t), ErrorCode::kOk);
  EXPECT_EQ(t, 1000);
  ASSERT_EQ(ParseUtcTimestamp("20161231-23:59:60.999999", &t), ErrorCode::kOk);  // leap second
  EXPECT_EQ(t, TimegmNanos(2017, 1, 1, 0, 0, 0) + 999'999'000);
  ASSERT_EQ(ParseUtcTimestamp("20161231-23:59:60.123456789", &t), ErrorCode::kOk);
  EXPECT_EQ(t, TimegmNanos(2017, 1, 1, 0, 0, 0) + 123'456'789);
  ASSERT_EQ(ParseUtcTimestamp("20991231-23:59:59.999999999", &t), ErrorCode::kOk);
  EXPECT_EQ(t, TimegmNanos(2099, 12, 31, 23, 59, 59) + 999'999'999);
  ASSERT_EQ(ParseUtcTimestamp("21000101-00:00:00.000000", &t), ErrorCode::kOk);  // past the fast range
  EXPECT_EQ(t, TimegmNanos(2100, 1, 1, 0, 0, 0));
  ASSERT_EQ(ParseUtcTimestamp("19691231-23:59:59.999999999", &t), ErrorCode::kOk);
  EXPECT_EQ(t, -1);
  for (const char* bad : {"20261202-15:30:00.12345a", "20261202-15:30:00,123456", "20261202-15:30:00.1234567 ",
                          "20261202-15:30:00.a23456789", "20261202-15:30:00.12345678a", "20261202-15:30:00:123456",
                          "20261202-15:30:00.12345/", "20261202-15:30:00.12345:", "20260230-15:30:00.123456"}) {
    EXPECT_EQ(ParseUtcTimestamp(bad, &t), ErrorCode::kBadValue) << bad;
  }
}

}  // namespace
}  // namespace fixwire
