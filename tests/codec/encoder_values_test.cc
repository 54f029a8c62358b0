// Value formatting at every boundary, through the public Encoder API, each
// checked against an independent reference written here (std::to_string and
// string arithmetic for integers and decimals, snprintf for doubles, a
// year-by-year civil calendar for timestamps).
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <string_view>

#include "fixwire/encode/encoder.h"
#include "fixwire/encode/internal/format_time.h"
#include "gtest/gtest.h"
#include "tests/codec/encoder_test_support.h"

namespace fixwire {
namespace {

using namespace std::string_literals;
// Reference decimal text by string manipulation (shared with the message property tests).
using test_support::RefDecimal;

// Encode one field "1=<value>|" in a fragment; return the value text or
// "ERR:<code>" on failure.
template <typename F>
std::string One(F add) {
  char buffer[256];
  Encoder e(buffer);
  e.BeginFragment();
  add(e);
  const EncodeResult r = e.FinishFragment();
  if (!r.ok()) return "ERR:" + std::to_string(static_cast<int>(r.error.code));
  EXPECT_GE(r.bytes.size(), 4u);
  EXPECT_EQ(r.bytes.substr(0, 2), "1=");
  EXPECT_EQ(r.bytes.back(), '\x01');
  return std::string(r.bytes.substr(2, r.bytes.size() - 3));
}

const std::string kInvalid = "ERR:" + std::to_string(static_cast<int>(ErrorCode::kInvalidValue));

TEST(EncoderValues, SignedAndUnsignedAtEveryDigitCount) {
  std::uint64_t p = 1;
  for (int digits = 1; digits <= 20; ++digits) {
    const std::uint64_t lo = p;
    const std::uint64_t hi = digits == 20 ? std::numeric_limits<std::uint64_t>::max() : p * 10 - 1;
    for (std::uint64_t v : {lo, hi, lo + 1, hi - 1}) {
      EXPECT_EQ(One([v](Encoder& e) { e.AddUint(1, v); }), std::to_string(v));
      if (v <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        const auto s = static_cast<std::int64_t>(v);
        EXPECT_EQ(One([s](Encoder& e) { e.AddInt(1, s); }), std::to_string(s));
        EXPECT_EQ(One([s](Encoder& e) { e.AddInt(1, -s); }), std::to_string(-s));
      }
    }
    if (digits < 20) p *= 10;
  }
  for (std::int64_t v : {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                         std::int64_t{0}, std::int64_t{-1}}) {
    EXPECT_EQ(One([v](Encoder& e) { e.AddInt(1, v); }), std::to_string(v));
  }
  EXPECT_EQ(One([](Encoder& e) { e.AddUint(1, 0); }), "0");
  std::mt19937_64 rng(1);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t v = rng() >> (rng() % 64);
    EXPECT_EQ(One([v](Encoder& e) { e.AddUint(1, v); }), std::to_string(v));
    const auto s = static_cast<std::int64_t>(rng()) >> (rng() % 64);
    EXPECT_EQ(One([s](Encoder& e) { e.AddInt(1, s); }), std::to_string(s));
  }
}

TEST(EncoderValues, DecimalExact) {
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{12345, -2}); }), "123.45");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{150, -2}); }), "1.50");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{-1, -3}); }), "-0.001");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{0, -2}); }), "0.00");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{0, 5}); }), "0");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{7, 2}); }), "700");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{123456789012345678, -18}); }),
            "0.123456789012345678");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{-999999999999999999, -9}); }),
            "-999999999.999999999");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{1, 41}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{1, -41}); }), kInvalid);
  // The extreme exponents, with short and negative mantissas (a short price's
  // shape must not let them through).
  for (std::int32_t x : {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max(), -1000, 1000}) {
    for (std::int64_t m : {std::int64_t{12345}, std::int64_t{-12345}, std::int64_t{0}}) {
      EXPECT_EQ(One([x, m](Encoder& e) { e.AddDecimal(1, Decimal{m, x}); }), kInvalid) << x << " " << m;
    }
  }
  const std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  for (int x = -40; x <= 40; ++x) {
    for (std::int64_t m : {kMin, std::numeric_limits<std::int64_t>::max(), std::int64_t{0}, std::int64_t{1},
                           std::int64_t{-1}, std::int64_t{123456789012345678}, std::int64_t{-100}}) {
      EXPECT_EQ(One([m, x](Encoder& e) { e.AddDecimal(1, Decimal{m, x}); }), RefDecimal(m, x)) << m << "e" << x;
    }
  }
  std::mt19937_64 rng(2);
  for (int i = 0; i < 20000; ++i) {
    const auto m = static_cast<std::int64_t>(rng()) >> (rng() % 64);
    const int x = static_cast<int>(rng() % 81) - 40;
    ASSERT_EQ(One([m, x](Encoder& e) { e.AddDecimal(1, Decimal{m, x}); }), RefDecimal(m, x)) << m << "e" << x;
  }
}

// Reference: exact text, then drop digits past `decimals`, rounding half away
// from zero on the decimal string.
std::string RefDecimalFixed(std::int64_t m, int exponent, int decimals) {
  std::string s = RefDecimal(m, exponent);
  const bool negative = s[0] == '-';
  if (negative) s.erase(0, 1);
  if (s.find('.') == std::string::npos) s += ".";
  const std::size_t dot = s.find('.');
  std::string int_part = s.substr(0, dot);
  std::string frac = s.substr(dot + 1);
  if (frac.size() < static_cast<std::size_t>(decimals)) frac += std::string(decimals - frac.size(), '0');
  bool round_up = frac.size() > static_cast<std::size_t>(decimals) && frac[decimals] >= '5';
  frac.resize(static_cast<std::size_t>(decimals));
  std::string all = int_part + frac;
  if (round_up) {
    int i = static_cast<int>(all.size()) - 1;
    while (i >= 0 && all[i] == '9') all[i--] = '0';
    if (i < 0) {
      all.insert(0, "1");
    } else {
      ++all[i];
    }
  }
  // Strip leading zeros of the integer part, keeping one.
  const std::size_t int_len = all.size() - static_cast<std::size_t>(decimals);
  std::string ip = all.substr(0, int_len);
  while (ip.size() > 1 && ip[0] == '0') ip.erase(0, 1);
  if (ip.empty()) ip = "0";
  std::string out = decimals > 0 ? ip + "." + all.substr(int_len) : ip;
  if (negative && out.find_first_not_of("0.") != std::string::npos) out = "-" + out;
  return out;
}

TEST(EncoderValues, DecimalWithFixedDecimals) {
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{12345, -3}, 2); }), "12.35");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{-12345, -3}, 2); }), "-12.35");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{12344, -3}, 2); }), "12.34");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{5, 0}, 2); }), "5.00");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{-4, -1}, 0); }), "0");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{-5, -1}, 0); }), "-1");
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{1, 0}, 19); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{1, 0}, -1); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDecimal(1, Decimal{std::numeric_limits<std::int64_t>::max(), 0}, 1); }),
            kInvalid);  // the rescaled mantissa overflows
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20000; ++i) {
    auto m = static_cast<std::int64_t>(rng()) >> (rng() % 64);
    const int x = static_cast<int>(rng() % 41) - 30;
    const int decimals = static_cast<int>(rng() % 19);
    // Keep the rescaled mantissa in range for this property (overflow is tested above).
    if (x + decimals > 0) m >>= std::min(63, 4 * (x + decimals));
    const std::string got = One([m, x, decimals](Encoder& e) { e.AddDecimal(1, Decimal{m, x}, decimals); });
    if (got == kInvalid) {
      // Only legitimate when m * 10^(x + decimals) overflows int64.
      const __int128 scaled = static_cast<__int128>(m) * static_cast<__int128>(
          [&] { __int128 p = 1; for (int k = 0; k < x + decimals; ++k) p *= 10; return p; }());
      EXPECT_TRUE(x + decimals > 18 || scaled > std::numeric_limits<std::int64_t>::max() ||
                  scaled < std::numeric_limits<std::int64_t>::min()) << m << "e" << x << " /" << decimals;
      continue;
    }
    ASSERT_EQ(got, RefDecimalFixed(m, x, decimals)) << m << "e" << x << " /" << decimals;
  }
}

// snprintf's "%.*f" is correctly rounded (ties to even) in glibc; the encoder
// writes no sign on a zero result.
std::string RefDouble(double v, int precision) {
  char text[512];
  std::snprintf(text, sizeof text, "%.*f", precision, v);
  std::string s = text;
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

TEST(EncoderValues, DoubleCorrectlyRounded) {
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 0.125, 2); }), "0.12");  // exact tie: to even
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 0.375, 2); }), "0.38");
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 2.5, 0); }), "2");
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 1.005, 2); }), "1.00");  // 1.00499999999999989...
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, -0.001, 2); }), "0.00");
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 123.456, 0); }), "123");
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 5e-324, 18); }), "0.000000000000000000");
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 1e19, 0); }), "10000000000000000000");
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 1e20, 0); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, 1.0, 19); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, std::numeric_limits<double>::infinity(), 2); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDouble(1, std::numeric_limits<double>::quiet_NaN(), 2); }), kInvalid);
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 50000; ++i) {
    const int precision = static_cast<int>(rng() % 19);
    // |v| * 10^precision below 1e19 so every value is representable.
    const int max_log = 19 - precision;
    const double magnitude = std::pow(10.0, unit(rng) * (max_log + 8) - 8) * 0.9;
    double v = (rng() & 1) ? -magnitude : magnitude;
    if (i % 7 == 0) v = std::round(v * 1000.0) / 1000.0 + ((rng() & 1) ? 0.0005 : 0.0);  // near ties
    ASSERT_EQ(One([v, precision](Encoder& e) { e.AddDouble(1, v, precision); }), RefDouble(v, precision))
        << v << " p=" << precision;
  }
}

// --- Dates and times against a calendar walked year by year. ---

struct Civil {
  std::int64_t year;
  int month, day;
};

Civil RefCivil(std::int64_t days) {  // days since 1970-01-01
  auto leap = [](std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; };
  std::int64_t y = 1970;
  while (days < 0) {
    --y;
    days += leap(y) ? 366 : 365;
  }
  while (days >= (leap(y) ? 366 : 365)) {
    days -= leap(y) ? 366 : 365;
    ++y;
  }
  const int lengths[12] = {31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int m = 0;
  while (days >= lengths[m]) days -= lengths[m++];
  return Civil{y, m + 1, static_cast<int>(days) + 1};
}

// Days from 1970-01-01 to January 1st of `year`.
std::int64_t RefCivilDays(std::int64_t year) {
  auto leap = [](std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; };
  std::int64_t days = 0;
  for (std::int64_t y = 1970; y < year; ++y) days += leap(y) ? 366 : 365;
  for (std::int64_t y = year; y < 1970; ++y) days -= leap(y) ? 366 : 365;
  return days;
}

std::string RefTimestamp(std::int64_t ns, TimePrecision p) {
  std::int64_t days = ns / kNanosPerDay, rem = ns % kNanosPerDay;
  if (rem < 0) {
    rem += kNanosPerDay;
    --days;
  }
  const Civil c = RefCivil(days);
  const std::int64_t sec = rem / kNanosPerSecond, frac = rem % kNanosPerSecond;
  char text[64];
  std::snprintf(text, sizeof text, "%04" PRId64 "%02d%02d-%02" PRId64 ":%02" PRId64 ":%02" PRId64, c.year, c.month,
                c.day, sec / 3600, sec / 60 % 60, sec % 60);
  std::string s = text;
  char f[16];
  switch (p) {
    case TimePrecision::kSeconds: break;
    case TimePrecision::kMillis: std::snprintf(f, sizeof f, ".%03" PRId64, frac / 1000000); s += f; break;
    case TimePrecision::kMicros: std::snprintf(f, sizeof f, ".%06" PRId64, frac / 1000); s += f; break;
    case TimePrecision::kNanos: std::snprintf(f, sizeof f, ".%09" PRId64, frac); s += f; break;
    case TimePrecision::kPicos: std::snprintf(f, sizeof f, ".%09" PRId64 "000", frac); s += f; break;
  }
  return s;
}

constexpr TimePrecision kPrecisions[] = {TimePrecision::kSeconds, TimePrecision::kMillis, TimePrecision::kMicros,
                                         TimePrecision::kNanos, TimePrecision::kPicos};

TEST(EncoderValues, TimestampKnownValues) {
  EXPECT_EQ(One([](Encoder& e) { e.AddTimestamp(1, 0, TimePrecision::kSeconds); }), "19700101-00:00:00");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimestamp(1, -1, TimePrecision::kNanos); }), "19691231-23:59:59.999999999");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimestamp(1, 1'796'225'400'123'456'789, TimePrecision::kMillis); }),
            "20261202-15:30:00.123");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimestamp(1, 1'796'225'400'123'456'789, TimePrecision::kMicros); }),
            "20261202-15:30:00.123456");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimestamp(1, 1'796'225'400'123'456'789, TimePrecision::kPicos); }),
            "20261202-15:30:00.123456789000");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimestamp(1, std::numeric_limits<std::int64_t>::max(), TimePrecision::kNanos); }),
            "22620411-23:47:16.854775807");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimestamp(1, std::numeric_limits<std::int64_t>::min(), TimePrecision::kNanos); }),
            "16770921-00:12:43.145224192");
  // 2000-02-29 (leap, divisible by 400) is day 11016.
  EXPECT_EQ(One([](Encoder& e) { e.AddTimestamp(1, 11016 * kNanosPerDay, TimePrecision::kSeconds); }),
            "20000229-00:00:00");
}

TEST(EncoderValues, TimestampEveryPrecisionAgainstCivilCalendar) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20000; ++i) {
    std::int64_t ns = static_cast<std::int64_t>(rng());
    constexpr std::int64_t kSpan = 290ll * 365 * 86400;  // +-290 years of seconds fit int64 nanoseconds
    if (i % 3 == 0) ns = (static_cast<std::int64_t>(rng() % (2 * kSpan)) - kSpan) * kNanosPerSecond;  // whole seconds
    if (i % 5 == 0) ns = (static_cast<std::int64_t>(rng() % 200000) - 100000) * kNanosPerDay - 1 + (i % 2);  // day edges
    for (TimePrecision p : kPrecisions) {
      ASSERT_EQ(One([ns, p](Encoder& e) { e.AddTimestamp(1, ns, p); }), RefTimestamp(ns, p)) << ns;
    }
  }
}

TEST(EncoderValues, TimestampsThroughOneEncoderReuseTheCachedSecondCorrectly) {
  // One encoder for all: runs within a second (cache hits), across second and
  // day edges, before the epoch and jumping back in time (misses).
  char buffer[256];
  Encoder e(buffer);
  std::mt19937_64 rng(7);
  std::int64_t ns = 1'796'225'399'999'999'000;
  for (int i = 0; i < 50000; ++i) {
    switch (rng() % 4) {
      case 0: ns += static_cast<std::int64_t>(rng() % 1000); break;                  // same second, mostly
      case 1: ns += static_cast<std::int64_t>(rng() % 3) * kNanosPerSecond; break;    // next seconds
      case 2: ns -= static_cast<std::int64_t>(rng() % 2000) * 1'000'000; break;       // back in time
      default: if (rng() % 50 == 0) ns = -ns; break;                                  // before 1970 and back
    }
    const TimePrecision p = kPrecisions[rng() % 5];
    e.BeginFragment();
    e.AddTimestamp(1, ns, p);
    const EncodeResult r = e.FinishFragment();
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r.bytes.substr(2, r.bytes.size() - 3), RefTimestamp(ns, p)) << ns;
  }
}

// One encoder (the second cached after the first call), both sides of every
// millisecond edge of a second and a random time between them, every
// precision, against the reference; UTCTimeOnly the same way.
TEST(EncoderValues, EveryMillisecondEdgeOfACachedSecond) {
  char buffer[256];
  Encoder e(buffer);
  std::mt19937_64 rng(8);
  const auto check = [&e](std::int64_t ns, bool time_only) {
    for (TimePrecision p : kPrecisions) {
      e.BeginFragment();
      if (time_only) {
        e.AddTimeOnly(1, ns, p);
      } else {
        e.AddTimestamp(1, ns, p);
      }
      const EncodeResult r = e.FinishFragment();
      ASSERT_TRUE(r.ok());
      const std::string want = RefTimestamp(ns, p);
      ASSERT_EQ(r.bytes.substr(2, r.bytes.size() - 3), time_only ? want.substr(9) : want) << ns;
    }
  };
  for (const std::int64_t second : {std::int64_t{1'796'225'400} * kNanosPerSecond, std::int64_t{-7} * kNanosPerSecond,
                                    std::int64_t{55'799} * kNanosPerSecond}) {
    for (std::int64_t ms = 0; ms < 1000; ++ms) {
      const std::int64_t start = second + ms * 1'000'000;
      for (const std::int64_t ns : {start, start + 999'999, start + static_cast<std::int64_t>(rng() % 1'000'000)}) {
        check(ns, false);
        if (second >= 0 && second < kNanosPerDay) check(ns, true);
      }
    }
  }
}

// MillisOfNanos is monotone (a multiply and a shift), so it equals
// nanos / 10^6 on all of [0, 2^32) when it does on both sides of every
// multiple of 10^6 there.
TEST(EncoderValues, MillisOfNanosAtEveryMillisecondEdge) {
  constexpr std::uint64_t kLimit = std::uint64_t{1} << 32;
  for (std::uint64_t k = 1; k * 1'000'000 < kLimit; ++k) {
    ASSERT_EQ(encode_internal::MillisOfNanos(k * 1'000'000 - 1), k - 1) << k;
    ASSERT_EQ(encode_internal::MillisOfNanos(k * 1'000'000), k) << k;
  }
  EXPECT_EQ(encode_internal::MillisOfNanos(0), 0u);
  EXPECT_EQ(encode_internal::MillisOfNanos(kLimit - 1), (kLimit - 1) / 1'000'000);
}

TEST(EncoderValues, TimeOnly) {
  EXPECT_EQ(One([](Encoder& e) { e.AddTimeOnly(1, 0, TimePrecision::kMillis); }), "00:00:00.000");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimeOnly(1, kNanosPerDay - 1, TimePrecision::kNanos); }),
            "23:59:59.999999999");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimeOnly(1, kNanosPerDay - 1, TimePrecision::kSeconds); }), "23:59:59");
  EXPECT_EQ(One([](Encoder& e) { e.AddTimeOnly(1, kNanosPerDay, TimePrecision::kMillis); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddTimeOnly(1, -1, TimePrecision::kMillis); }), kInvalid);
  std::mt19937_64 rng(6);
  for (int i = 0; i < 5000; ++i) {
    const auto ns = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(kNanosPerDay));
    for (TimePrecision p : kPrecisions) {
      ASSERT_EQ(One([ns, p](Encoder& e) { e.AddTimeOnly(1, ns, p); }), RefTimestamp(ns, p).substr(9));
    }
  }
}

TEST(EncoderValues, DatesAndMonthYear) {
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{2024, 2, 29}); }), "20240229");
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{2000, 2, 29}); }), "20000229");
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{0, 1, 1}); }), "00000101");
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{9999, 12, 31}); }), "99991231");
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{1900, 2, 29}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{2023, 2, 29}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{2023, 4, 31}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{2023, 13, 1}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{2023, 0, 1}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{2023, 1, 0}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{10000, 1, 1}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddDate(1, Date{-1, 1, 1}); }), kInvalid);
  // Every day of 1896..1904 and 1999..2001 against the reference calendar.
  for (std::int64_t d = RefCivilDays(1896); d < RefCivilDays(2002); d += (d == RefCivilDays(1905) ? RefCivilDays(1999) - d : 1)) {
    const Civil c = RefCivil(d);
    const Date date{static_cast<std::int16_t>(c.year), static_cast<std::uint8_t>(c.month),
                    static_cast<std::uint8_t>(c.day)};
    ASSERT_EQ(One([date](Encoder& e) { e.AddDate(1, date); }), RefTimestamp(d * kNanosPerDay, TimePrecision::kSeconds).substr(0, 8));
  }
  EXPECT_EQ(One([](Encoder& e) { e.AddMonthYear(1, MonthYear{2026, 12, 0, 0}); }), "202612");
  EXPECT_EQ(One([](Encoder& e) { e.AddMonthYear(1, MonthYear{2026, 12, 31, 0}); }), "20261231");
  EXPECT_EQ(One([](Encoder& e) { e.AddMonthYear(1, MonthYear{2026, 1, 0, 5}); }), "202601w5");
  EXPECT_EQ(One([](Encoder& e) { e.AddMonthYear(1, MonthYear{2026, 1, 0, 6}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddMonthYear(1, MonthYear{2026, 1, 3, 2}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddMonthYear(1, MonthYear{2026, 2, 29, 0}); }), kInvalid);
  EXPECT_EQ(One([](Encoder& e) { e.AddMonthYear(1, MonthYear{2026, 13, 0, 0}); }), kInvalid);
}

}  // namespace
}  // namespace fixwire
