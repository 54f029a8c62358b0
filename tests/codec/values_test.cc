// values_test.cc: the typed value parsers at their boundaries, against
// independent references: std::from_chars for integers, __int128 digit
// arithmetic and strtod for decimals, glibc's timegm for timestamps.
#include "fixwire/values/values.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "fixwire/values/decimal.h"

namespace fixwire {
namespace {

TEST(IntTest, BoundariesAndErrors) {
  std::int64_t v = 0;
  EXPECT_EQ(ParseInt64("9223372036854775807", &v), ErrorCode::kOk);
  EXPECT_EQ(v, INT64_MAX);
  EXPECT_EQ(ParseInt64("-9223372036854775808", &v), ErrorCode::kOk);
  EXPECT_EQ(v, INT64_MIN);
  EXPECT_EQ(ParseInt64("9223372036854775808", &v), ErrorCode::kValueOutOfRange);
  EXPECT_EQ(ParseInt64("-9223372036854775809", &v), ErrorCode::kValueOutOfRange);
  EXPECT_EQ(ParseInt64("99999999999999999999999", &v), ErrorCode::kValueOutOfRange);
  EXPECT_EQ(ParseInt64("00000000000000000000000000023", &v), ErrorCode::kOk);
  EXPECT_EQ(v, 23);
  EXPECT_EQ(ParseInt64("-0", &v), ErrorCode::kOk);
  EXPECT_EQ(v, 0);
  for (const char* bad : {"", "-", "+1", " 1", "1 ", "1a", "--1", "1-", "0x10", "1.0"}) {
    EXPECT_EQ(ParseInt64(bad, &v), ErrorCode::kBadValue) << bad;
  }
  std::uint64_t u = 0;
  EXPECT_EQ(ParseUint64("18446744073709551615", &u), ErrorCode::kOk);
  EXPECT_EQ(u, UINT64_MAX);
  EXPECT_EQ(ParseUint64("18446744073709551616", &u), ErrorCode::kValueOutOfRange);
  EXPECT_EQ(ParseUint64("000000000000000000000018446744073709551615", &u), ErrorCode::kOk);
  EXPECT_EQ(u, UINT64_MAX);
  EXPECT_EQ(ParseUint64("-1", &u), ErrorCode::kBadValue);
  EXPECT_EQ(ParseUint64("", &u), ErrorCode::kBadValue);
}

TEST(IntTest, RandomAgainstFromChars) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 200000; ++i) {
    std::string s;
    if (rng() % 3 == 0) s += '-';
    const int digits = 1 + static_cast<int>(rng() % 21);
    for (int k = 0; k < digits; ++k) s += static_cast<char>('0' + rng() % 10);
    if (rng() % 50 == 0) s[rng() % s.size()] = 'x';
    std::int64_t want = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), want);
    std::int64_t got = 0;
    const ErrorCode code = ParseInt64(s, &got);
    const std::size_t sign = s[0] == '-' ? 1 : 0;
    const bool well_formed = s.size() > sign && s.find_first_not_of("0123456789", sign) == std::string::npos;
    if (!well_formed) {
      ASSERT_EQ(code, ErrorCode::kBadValue) << s;
    } else if (r.ec == std::errc() && r.ptr == s.data() + s.size()) {
      ASSERT_EQ(code, ErrorCode::kOk) << s;
      ASSERT_EQ(got, want) << s;
    } else if (r.ec == std::errc::result_out_of_range) {
      ASSERT_EQ(code, ErrorCode::kValueOutOfRange) << s;
    } else {
      FAIL() << "from_chars rejected a well-formed " << s;
    }
  }
}

// ReferenceInt: the expected ParseInt64 result from std::from_chars and a
// plain well-formedness test (an optional '-', then digits only).
ErrorCode ReferenceInt(const std::string& s, std::int64_t* value) {
  const std::size_t sign = !s.empty() && s[0] == '-' ? 1 : 0;
  if (s.size() == sign || s.find_first_not_of("0123456789", sign) != std::string::npos) {
    return ErrorCode::kBadValue;
  }
  const auto r = std::from_chars(s.data(), s.data() + s.size(), *value);
  return r.ec == std::errc() ? ErrorCode::kOk : ErrorCode::kValueOutOfRange;
}

// Short numbers (the 1..8 byte fast path and its edges): every length 0..12,
// every position replaced by bytes next to the digits and other classes, each
// in a heap block of exactly its size (ASan catches a read past it).
TEST(IntTest, ShortNumbersEveryPositionExactBuffers) {
  const unsigned char kBytes[] = {'/', ':', '0', '9', '5', '-', '+', ' ', 0x00, 0x01, 0x7f,
                                  0x80, 0xb0, 0xb9, 0xd0, 0xff, 'a', '=', '.'};
  std::mt19937_64 rng(8);
  for (std::size_t n = 0; n <= 12; ++n) {
    for (int round = 0; round < 20; ++round) {
      std::string base;
      for (std::size_t k = 0; k < n; ++k) base += static_cast<char>('0' + rng() % 10);
      for (std::size_t pos = 0; pos <= n; ++pos) {
        for (unsigned char b : kBytes) {
          std::string s = base;
          if (pos < n) s[pos] = static_cast<char>(b);
          std::unique_ptr<char[]> exact(new char[s.size() + 1]);
          std::memcpy(exact.get() + 1, s.data(), s.size());
          const std::string_view view(exact.get() + 1, s.size());  // ends at the block's end
          std::int64_t want = 0;
          const ErrorCode want_code = ReferenceInt(s, &want);
          std::int64_t got = -7;
          ASSERT_EQ(ParseInt64(view, &got), want_code) << s;
          if (want_code == ErrorCode::kOk) {
            ASSERT_EQ(got, want) << s;
          }
          std::uint64_t ugot = 7;
          const ErrorCode ucode = ParseUint64(view, &ugot);
          if (!s.empty() && s[0] == '-') {
            ASSERT_EQ(ucode, ErrorCode::kBadValue) << s;
          } else {
            ASSERT_EQ(ucode, want_code) << s;
            if (want_code == ErrorCode::kOk) {
              ASSERT_EQ(ugot, static_cast<std::uint64_t>(want)) << s;
            }
          }
          if (pos == n) break;  // the unmutated string once
        }
      }
    }
  }
}

TEST(CharBoolTest, ExactForms) {
  char c = 0;
  EXPECT_EQ(ParseChar("1", &c), ErrorCode::kOk);
  EXPECT_EQ(c, '1');
  EXPECT_EQ(ParseChar("", &c), ErrorCode::kBadValue);
  EXPECT_EQ(ParseChar("12", &c), ErrorCode::kBadValue);
  bool b = false;
  EXPECT_EQ(ParseBool("Y", &b), ErrorCode::kOk);
  EXPECT_TRUE(b);
  EXPECT_EQ(ParseBool("N", &b), ErrorCode::kOk);
  EXPECT_FALSE(b);
  for (const char* bad : {"", "y", "n", "YES", "1", "T"}) EXPECT_EQ(ParseBool(bad, &b), ErrorCode::kBadValue);
}

TEST(DecimalTest, HandCheckedValues) {
  struct Case {
    const char* text;
    std::int64_t mantissa;
    std::int32_t exponent;
  };
  const Case cases[] = {
      {"123.45", 12345, -2},
      {"-0.001", -1, -3},
      {"100", 100, 0},
      {"1.50", 150, -2},
      {"5.", 5, 0},
      {".5", 5, -1},
      {"007.50", 750, -2},
      {"-007", -7, 0},
      {"-0", 0, 0},
      {"0.000", 0, -3},
      {"0.000000000000000001", 1, -18},
      {"123456789012345.678", 123456789012345678, -3},
      {"1.234567890123456789", 1234567890123456789, -18},
      {"9223372036854775807", INT64_MAX, 0},
      {"-9223372036854775808", INT64_MIN, 0},
      {"922337203685477580.7", INT64_MAX, -1},
      {"000000000000000000000000001.5", 15, -1},
  };
  for (const Case& c : cases) {
    Decimal d;
    ASSERT_EQ(ParseDecimal(c.text, &d), ErrorCode::kOk) << c.text;
    EXPECT_EQ(d.mantissa, c.mantissa) << c.text;
    EXPECT_EQ(d.exponent, c.exponent) << c.text;
  }
  Decimal d;
  for (const char* bad : {"", "-", ".", "-.", "1.2.3", "1e5", "+1", " 1", "1 ", "1,5", "--1"}) {
    EXPECT_EQ(ParseDecimal(bad, &d), ErrorCode::kBadValue) << bad;
  }
  for (const char* big : {"9223372036854775808", "-9223372036854775809", "12345678901234567890",
                          "1.0000000000000000000"}) {
    EXPECT_EQ(ParseDecimal(big, &d), ErrorCode::kValueOutOfRange) << big;
  }
}

// Random decimals with 0..18 fraction digits, signs and leading zeros; the
// expected mantissa comes from __int128 arithmetic over the digit string.
TEST(DecimalTest, RandomAgainstInt128AndStrtod) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100000; ++i) {
    const int int_digits = static_cast<int>(rng() % 12);
    const int frac_digits = static_cast<int>(rng() % 19);
    const int leading_zeros = rng() % 4 == 0 ? static_cast<int>(rng() % 5) : 0;
    const bool negative = rng() % 2 == 0;
    std::string digits(leading_zeros, '0');
    for (int k = 0; k < int_digits + frac_digits; ++k) digits += static_cast<char>('0' + rng() % 10);
    if (digits.empty()) digits = "0";
    const std::size_t split = digits.size() - frac_digits;
    std::string text = (negative ? "-" : "") + digits.substr(0, split);
    const bool dot = frac_digits > 0 || rng() % 4 == 0;
    if (dot) text += "." + digits.substr(split);
    __int128 want = 0;
    int significant = 0;
    for (char c : digits) {
      want = want * 10 + (c - '0');
      if (want != 0) ++significant;
    }
    if (negative) want = -want;
    Decimal d;
    const ErrorCode code = ParseDecimal(text, &d);
    if (significant > 19 || want > INT64_MAX || want < INT64_MIN) {
      ASSERT_EQ(code, ErrorCode::kValueOutOfRange) << text;
      continue;
    }
    ASSERT_EQ(code, ErrorCode::kOk) << text;
    ASSERT_EQ(d.mantissa, static_cast<std::int64_t>(want)) << text;
    ASSERT_EQ(d.exponent, -frac_digits) << text;
    // strtod rounds correctly; so does ToDouble for |mantissa| <= 2^53.
    const double ref = std::strtod(text.c_str(), nullptr);
    if (want <= (__int128{1} << 53) && want >= -(__int128{1} << 53)) {
      ASSERT_EQ(d.ToDouble(), ref) << text;
    } else {
      ASSERT_NEAR(d.ToDouble(), ref, std::fabs(ref) * 1e-15) << text;
    }
  }
}

// ReferenceDecimal: the expected ParseDecimal result, read character by
// character with __int128 arithmetic: an optional '-', then digits with at
// most one '.', at least one digit; more than 19 significant digits or a
// value outside int64 is out of range.
ErrorCode ReferenceDecimal(const std::string& s, Decimal* d) {
  std::size_t i = !s.empty() && s[0] == '-' ? 1 : 0;
  const bool negative = i == 1;
  __int128 value = 0;
  int digits = 0, significant = 0, fraction = 0, dots = 0;
  for (; i < s.size(); ++i) {
    if (s[i] == '.') {
      if (++dots > 1) return ErrorCode::kBadValue;
    } else if (s[i] >= '0' && s[i] <= '9') {
      ++digits;
      fraction += dots;
      if (value != 0 || s[i] != '0') ++significant;
      if (significant <= 19) value = value * 10 + (s[i] - '0');
    } else {
      return ErrorCode::kBadValue;
    }
  }
  if (digits == 0) return ErrorCode::kBadValue;
  if (negative) value = -value;
  if (significant > 19 || value > INT64_MAX || value < INT64_MIN) return ErrorCode::kValueOutOfRange;
  d->mantissa = static_cast<std::int64_t>(value);
  d->exponent = -fraction;
  return ErrorCode::kOk;
}

void ExpectDecimalLikeReference(const std::string& s) {
  std::unique_ptr<char[]> exact(new char[s.size()]);  // ASan sees any read past the text
  std::memcpy(exact.get(), s.data(), s.size());
  Decimal want, got;
  const ErrorCode want_code = ReferenceDecimal(s, &want);
  ASSERT_EQ(ParseDecimal(std::string_view(exact.get(), s.size()), &got), want_code) << s;
  if (want_code == ErrorCode::kOk) {
    ASSERT_EQ(got.mantissa, want.mantissa) << s;
    ASSERT_EQ(got.exponent, want.exponent) << s;
  }
}

// Every string of up to 7 bytes over digits, '.', '-' and two other bytes
// (the one-word path and its edges), against the reference.
TEST(DecimalTest, EveryShortStringAgainstReference) {
  const char alphabet[] = {'0', '1', '9', '.', '-', '/', ':'};
  for (std::size_t n = 0; n <= 7; ++n) {
    std::vector<std::size_t> at(n, 0);
    while (true) {
      std::string s(n, ' ');
      for (std::size_t k = 0; k < n; ++k) s[k] = alphabet[at[k]];
      ExpectDecimalLikeReference(s);
      std::size_t k = 0;
      while (k < n && ++at[k] == sizeof alphabet) at[k++] = 0;
      if (k == n) break;
    }
  }
}

// Random decimals of 1..20 bytes (after an optional sign), each also with one
// byte replaced by a digit, '.', '-' or another byte at every position.
TEST(DecimalTest, RandomAndMutatedAgainstReference) {
  std::mt19937_64 rng(12);
  const std::string replacements = "05.-x\x01/:";
  for (int i = 0; i < 20000; ++i) {
    const std::size_t n = 1 + rng() % 20;
    std::string s = rng() % 3 == 0 ? "-" : "";
    for (std::size_t k = 0; k < n; ++k) s += static_cast<char>('0' + rng() % 10);
    if (rng() % 4 != 0) s[s.size() - 1 - rng() % n] = '.';
    ExpectDecimalLikeReference(s);
    for (std::size_t pos = 0; pos < s.size(); ++pos) {
      std::string t = s;
      t[pos] = replacements[rng() % replacements.size()];
      ExpectDecimalLikeReference(t);
    }
  }
}

TEST(DecimalTest, EquivalentAndLargeExponents) {
  EXPECT_TRUE((Decimal{150, -2}).Equivalent(Decimal{15, -1}));
  EXPECT_TRUE((Decimal{0, -3}).Equivalent(Decimal{0, 2}));
  EXPECT_TRUE((Decimal{-1000, -3}).Equivalent(Decimal{-1, 0}));
  EXPECT_FALSE((Decimal{1, 0}).Equivalent(Decimal{10, 0}));
  EXPECT_FALSE((Decimal{1, 0}).Equivalent(Decimal{-1, 0}));
  EXPECT_EQ((Decimal{5, 30}).ToDouble(), 5e30);
  EXPECT_EQ((Decimal{5, -30}).ToDouble(), 5e-30);
  EXPECT_EQ((Decimal{-25, -1}).ToDouble(), -2.5);
}

// --- Timestamps and dates, against timegm. ---

std::int64_t TimegmNanos(int y, int mo, int d, int h, int mi, int s) {
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  tm.tm_sec = s;  // 60 is normalised to the next minute, as FIX's leap second is read
  return static_cast<std::int64_t>(timegm(&tm)) * 1'000'000'000;
}

std::string Format(int y, int mo, int d, int h, int mi, int s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d-%02d:%02d:%02d", y, mo, d, h, mi, s);
  return buf;
}

TEST(TimestampTest, BoundariesAndEveryFractionWidth) {
  std::int64_t t = -1;
  EXPECT_EQ(ParseUtcTimestamp("19700101-00:00:00", &t), ErrorCode::kOk);
  EXPECT_EQ(t, 0);
  EXPECT_EQ(ParseUtcTimestamp("19691231-23:59:59.999", &t), ErrorCode::kOk);
  EXPECT_EQ(t, -1'000'000);
  EXPECT_EQ(ParseUtcTimestamp("20991231-23:59:59", &t), ErrorCode::kOk);
  EXPECT_EQ(t, TimegmNanos(2099, 12, 31, 23, 59, 59));
  EXPECT_EQ(ParseUtcTimestamp("20161231-23:59:60", &t), ErrorCode::kOk);  // a real leap second
  EXPECT_EQ(t, TimegmNanos(2017, 1, 1, 0, 0, 0));
  EXPECT_EQ(ParseUtcTimestamp("20161231-23:59:60.5", &t), ErrorCode::kBadValue);
  EXPECT_EQ(ParseUtcTimestamp("20161231-23:59:60.500", &t), ErrorCode::kOk);
  EXPECT_EQ(t, TimegmNanos(2017, 1, 1, 0, 0, 0) + 500'000'000);

  const std::int64_t base = TimegmNanos(2026, 12, 2, 15, 30, 0);
  const std::string s = "20261202-15:30:00";
  const std::pair<const char*, std::int64_t> widths[] = {
      {"", 0},
      {".123", 123'000'000},
      {".123456", 123'456'000},
      {".123456789", 123'456'789},
      {".123456789012", 123'456'789},  // picoseconds dropped
      {".000000001", 1},
      {".999999999999", 999'999'999},
  };
  for (const auto& [frac, nanos] : widths) {
    ASSERT_EQ(ParseUtcTimestamp(s + frac, &t), ErrorCode::kOk) << frac;
    EXPECT_EQ(t, base + nanos) << frac;
  }
  for (const char* frac : {".", ".1", ".12", ".1234", ".12345", ".1234567", ".12345678",
                           ".1234567890", ".12345678901", ".1234567890123", ".12a", ",123"}) {
    EXPECT_EQ(ParseUtcTimestamp(s + frac, &t), ErrorCode::kBadValue) << frac;
  }
  for (const char* bad : {"20261302-15:30:00", "20261232-15:30:00", "20260229-15:30:00",
                          "21000229-00:00:00", "20261202-24:00:00", "20261202-15:60:00",
                          "20261202-15:30:61", "20261202 15:30:00", "20261202-15-30-00",
                          "2026120-15:30:00", "20261202-15:30:0", "", "20261202",
                          "2026120a-15:30:00", "20260001-00:00:00", "20260100-00:00:00"}) {
    EXPECT_EQ(ParseUtcTimestamp(bad, &t), ErrorCode::kBadValue) << bad;
  }
  EXPECT_EQ(ParseUtcTimestamp("20000229-00:00:00", &t), ErrorCode::kOk);
  EXPECT_EQ(t, TimegmNanos(2000, 2, 29, 0, 0, 0));
  // Outside int64 nanoseconds (about 1677..2262).
  EXPECT_EQ(ParseUtcTimestamp("22630101-00:00:00", &t), ErrorCode::kValueOutOfRange);
  EXPECT_EQ(ParseUtcTimestamp("99991231-23:59:59", &t), ErrorCode::kValueOutOfRange);
  EXPECT_EQ(ParseUtcTimestamp("16000101-00:00:00", &t), ErrorCode::kValueOutOfRange);
}

TEST(TimestampTest, RandomAgainstTimegm) {
  std::mt19937_64 rng(21);
  for (int i = 0; i < 100000; ++i) {
    const int y = 1970 + static_cast<int>(rng() % 130);  // 1970..2099
    const int mo = 1 + static_cast<int>(rng() % 12);
    const int d = 1 + static_cast<int>(rng() % 31);
    const int h = static_cast<int>(rng() % 24);
    const int mi = static_cast<int>(rng() % 60);
    const int s = static_cast<int>(rng() % 61);
    const int days_in_month[] = {31, (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28,
                                 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    std::int64_t t;
    const ErrorCode code = ParseUtcTimestamp(Format(y, mo, d, h, mi, s), &t);
    if (d > days_in_month[mo - 1]) {
      ASSERT_EQ(code, ErrorCode::kBadValue) << Format(y, mo, d, h, mi, s);
      continue;
    }
    ASSERT_EQ(code, ErrorCode::kOk) << Format(y, mo, d, h, mi, s);
    ASSERT_EQ(t, TimegmNanos(y, mo, d, h, mi, s)) << Format(y, mo, d, h, mi, s);
    EXPECT_EQ(DaysFromCivil(y, mo, d) * 86'400'000'000'000,
              TimegmNanos(y, mo, d, 0, 0, 0));
  }
}

// Every day of the years at and next to the edges of the parser's 1970..2099
// shortcut (and the leap-year rule's 2000 and 2100), against timegm.
TEST(TimestampTest, EveryDayAroundTheFastRange) {
  for (int y : {1968, 1969, 1970, 1971, 1972, 1973, 1999, 2000, 2001, 2096, 2098, 2099, 2100, 2101}) {
    const int days_in_month[] = {31, (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28,
                                 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    for (int mo = 1; mo <= 12; ++mo) {
      for (int d = 1; d <= days_in_month[mo - 1]; ++d) {
        std::int64_t t = 0;
        ASSERT_EQ(ParseUtcTimestamp(Format(y, mo, d, 23, 59, 59), &t), ErrorCode::kOk)
            << Format(y, mo, d, 23, 59, 59);
        ASSERT_EQ(t, TimegmNanos(y, mo, d, 23, 59, 59)) << Format(y, mo, d, 23, 59, 59);
      }
    }
  }
}

// StrictTimestamp: a separate reading of "YYYYMMDD-HH:MM:SS[.sss]" (the two
// forms the parser's fast path takes): false when the layout or a range is
// wrong, else the fields.
bool StrictTimestamp(const std::string& t, int* f) {
  if (t.size() != 17 && t.size() != 21) return false;
  const char* layout = t.size() == 17 ? "dddddddd-dd:dd:dd" : "dddddddd-dd:dd:dd.ddd";
  for (std::size_t i = 0; i < t.size(); ++i) {
    const bool digit = t[i] >= '0' && t[i] <= '9';
    if (layout[i] == 'd' ? !digit : t[i] != layout[i]) return false;
  }
  auto num = [&](std::size_t at, std::size_t n) { return std::stoi(t.substr(at, n)); };
  f[0] = num(0, 4), f[1] = num(4, 2), f[2] = num(6, 2), f[3] = num(9, 2), f[4] = num(12, 2);
  f[5] = num(15, 2), f[6] = t.size() == 21 ? num(18, 3) : 0;
  const int y = f[0];
  const int days_in_month[] = {31, (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28,
                               31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return f[1] >= 1 && f[1] <= 12 && f[2] >= 1 && f[2] <= days_in_month[f[1] - 1] && f[3] <= 23 &&
         f[4] <= 59 && f[5] <= 60;
}

// Valid timestamps with 0 and 3 fraction digits, and each with one byte
// replaced: the parser agrees with StrictTimestamp and timegm on every one.
TEST(TimestampTest, MutatedCommonFormsAgainstStrictReading) {
  std::mt19937_64 rng(77);
  const std::string alphabet = "0123456789-:.x \x01/";
  for (int i = 0; i < 20000; ++i) {
    std::string t = Format(1970 + static_cast<int>(rng() % 130), 1 + static_cast<int>(rng() % 12),
                           1 + static_cast<int>(rng() % 28), static_cast<int>(rng() % 24),
                           static_cast<int>(rng() % 60), static_cast<int>(rng() % 61));
    if (rng() % 2 == 0) {
      t += '.';  // (not "." + ...: GCC 12 -O2 warns -Wrestrict on that)
      t += std::to_string(100 + rng() % 900);
    }
    if (i % 4 != 0) t[rng() % t.size()] = alphabet[rng() % alphabet.size()];
    int f[7];
    std::int64_t nanos = 0;
    const ErrorCode code = ParseUtcTimestamp(t, &nanos);
    if (!StrictTimestamp(t, f)) {
      EXPECT_EQ(code, ErrorCode::kBadValue) << t;
      continue;
    }
    if (f[0] < 1700 || f[0] > 2200) continue;  // near the int64 range: covered above
    ASSERT_EQ(code, ErrorCode::kOk) << t;
    EXPECT_EQ(nanos, TimegmNanos(f[0], f[1], f[2], f[3], f[4], f[5]) + f[6] * 1'000'000ll) << t;
  }
}

// ExpectLikeStrictReading parses t from an exact heap block (ASan sees any
// read past it) and checks the result against StrictTimestamp and timegm.
void ExpectLikeStrictReading(const std::string& t) {
  std::unique_ptr<char[]> exact(new char[t.size()]);
  std::memcpy(exact.get(), t.data(), t.size());
  int f[7];
  std::int64_t nanos = 0;
  const ErrorCode code = ParseUtcTimestamp(std::string_view(exact.get(), t.size()), &nanos);
  if (!StrictTimestamp(t, f)) {
    ASSERT_EQ(code, ErrorCode::kBadValue) << t;
    return;
  }
  if (f[0] < 1700 || f[0] > 2200) return;  // near the int64 range: covered above
  ASSERT_EQ(code, ErrorCode::kOk) << t;
  ASSERT_EQ(nanos, TimegmNanos(f[0], f[1], f[2], f[3], f[4], f[5]) + f[6] * 1'000'000ll) << t;
}

// Every byte value at every position of both common forms, at the edges of
// the fast path's years, months, days and times.
TEST(TimestampTest, EveryByteAtEveryPositionOfTheCommonForms) {
  for (const char* base : {"20261202-15:30:00", "19700101-00:00:00.000", "20991231-23:59:60.999",
                           "20960229-12:34:56", "20000229-23:59:59.123"}) {
    for (std::size_t i = 0; i < std::strlen(base); ++i) {
      for (int b = 0; b < 256; ++b) {
        std::string t = base;
        t[i] = static_cast<char>(b);
        ExpectLikeStrictReading(t);
      }
    }
  }
}

// Every month 00..19 and day 00..39 of years around the fast range and its
// 4-year cycle, with times at and past their bounds, both forms.
TEST(TimestampTest, EveryMonthAndDayNumberAroundTheFastRange) {
  std::mt19937_64 rng(5);
  const int hours[] = {0, 9, 10, 19, 20, 23, 24, 29, 99};
  const int minutes[] = {0, 9, 10, 59, 60, 61, 99};
  const int seconds[] = {0, 9, 10, 59, 60, 61, 99};
  for (int y : {1900, 1968, 1969, 1970, 1971, 1972, 1973, 1974, 1999, 2000, 2001, 2023, 2024, 2025,
                2026, 2095, 2096, 2097, 2098, 2099, 2100, 2101, 2170, 9999, 0, 1070}) {
    for (int mo = 0; mo < 20; ++mo) {
      for (int d = 0; d < 40; ++d) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%04d%02d%02d-%02d:%02d:%02d", y, mo, d, hours[rng() % 9],
                      minutes[rng() % 7], seconds[rng() % 7]);
        ExpectLikeStrictReading(buf);
        ExpectLikeStrictReading(std::string(buf) + "." + std::to_string(100 + rng() % 900));
      }
    }
  }
}

TEST(TimeOnlyTest, Boundaries) {
  std::int64_t t = -1;
  EXPECT_EQ(ParseUtcTimeOnly("00:00:00", &t), ErrorCode::kOk);
  EXPECT_EQ(t, 0);
  EXPECT_EQ(ParseUtcTimeOnly("23:59:59.999999999", &t), ErrorCode::kOk);
  EXPECT_EQ(t, 86'399'999'999'999);
  EXPECT_EQ(ParseUtcTimeOnly("23:59:60", &t), ErrorCode::kOk);
  EXPECT_EQ(t, 86'400'000'000'000);
  EXPECT_EQ(ParseUtcTimeOnly("15:30:00.123", &t), ErrorCode::kOk);
  EXPECT_EQ(t, (15 * 3600 + 30 * 60) * 1'000'000'000LL + 123'000'000);
  for (const char* bad : {"", "24:00:00", "12:60:00", "12:00:61", "12:00", "12:00:00.", "1:00:00",
                          "12:00:00.12", "12-00-00"}) {
    EXPECT_EQ(ParseUtcTimeOnly(bad, &t), ErrorCode::kBadValue) << bad;
  }
}

TEST(DateTest, DatesAndMonthYear) {
  Date d;
  EXPECT_EQ(ParseUtcDateOnly("19700101", &d), ErrorCode::kOk);
  EXPECT_EQ(d, (Date{1970, 1, 1}));
  EXPECT_EQ(ParseLocalMktDate("20991231", &d), ErrorCode::kOk);
  EXPECT_EQ(d, (Date{2099, 12, 31}));
  EXPECT_EQ(ParseLocalMktDate("20240229", &d), ErrorCode::kOk);
  EXPECT_EQ(d, (Date{2024, 2, 29}));
  for (const char* bad : {"20230229", "20231301", "20230100", "2023010", "202301011", "2023-01-01", ""}) {
    EXPECT_EQ(ParseUtcDateOnly(bad, &d), ErrorCode::kBadValue) << bad;
    EXPECT_EQ(ParseLocalMktDate(bad, &d), ErrorCode::kBadValue) << bad;
  }
  MonthYear my;
  EXPECT_EQ(ParseMonthYear("202612", &my), ErrorCode::kOk);
  EXPECT_EQ(my, (MonthYear{2026, 12, 0, 0}));
  EXPECT_EQ(ParseMonthYear("20261231", &my), ErrorCode::kOk);
  EXPECT_EQ(my, (MonthYear{2026, 12, 31, 0}));
  EXPECT_EQ(ParseMonthYear("202612w3", &my), ErrorCode::kOk);
  EXPECT_EQ(my, (MonthYear{2026, 12, 0, 3}));
  for (const char* bad : {"202613", "202600", "2026", "20261", "202612w6", "202612w0", "202611w",
                          "20261131", "202612x3", "2026123"}) {
    EXPECT_EQ(ParseMonthYear(bad, &my), ErrorCode::kBadValue) << bad;
  }
}

TEST(MultipleValuesTest, IterationAndValidation) {
  std::vector<std::string_view> tokens;
  for (std::string_view t : MultipleValues("1 A 22 bcd")) tokens.push_back(t);
  EXPECT_EQ(tokens, (std::vector<std::string_view>{"1", "A", "22", "bcd"}));
  EXPECT_EQ(MultipleValues("1 A 22 bcd").size(), 4u);
  tokens.clear();
  for (std::string_view t : MultipleValues("a  b ")) tokens.push_back(t);
  EXPECT_EQ(tokens, (std::vector<std::string_view>{"a", "", "b", ""}));
  EXPECT_EQ(MultipleValues("").begin(), MultipleValues("").end());
  EXPECT_EQ(MultipleValues("").size(), 0u);
  EXPECT_EQ(ValidateMultipleStringValue("AB CD E"), ErrorCode::kOk);
  EXPECT_EQ(ValidateMultipleCharValue("A B C"), ErrorCode::kOk);
  EXPECT_EQ(ValidateMultipleCharValue("A BC"), ErrorCode::kBadValue);
  for (const char* bad : {"", " A", "A ", "A  B"}) {
    EXPECT_EQ(ValidateMultipleStringValue(bad), ErrorCode::kBadValue) << '"' << bad << '"';
    EXPECT_EQ(ValidateMultipleCharValue(bad), ErrorCode::kBadValue) << '"' << bad << '"';
  }
}

}  // namespace
}  // namespace fixwire
