// digits_test.cc: SWAR parsing and table formatting against the byte-at-a-time
// references in simd_internal and against hand-written golden strings.
#include "fixwire/simd/digits.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "gtest/gtest.h"
#include "fixwire/simd/internal/simd_internal.h"
#include "tests/simd/test_buffers.h"

namespace fixwire::simd {
namespace {

using simd_internal::AllDigitsReference;
using simd_internal::DigitCountReference;
using simd_internal::FormatFixedWidthReference;
using simd_internal::FormatUnsignedReference;
using simd_internal::ParseUnsignedReference;
using simd_test::ExactBuffer;

// Parse runs ParseUnsigned on an exact-size heap copy (ASan catches over-reads).
bool Parse(std::string_view s, std::uint64_t* out, std::size_t align = 0) {
  const ExactBuffer buf(s, align);
  return ParseUnsigned(buf.data(), buf.size(), out);
}

bool AllDigitsExact(std::string_view s, std::size_t align = 0) {
  const ExactBuffer buf(s, align);
  return AllDigits(buf.data(), buf.size());
}

std::string RefFormat(std::uint64_t v) {
  char out[20];
  return std::string(out, FormatUnsignedReference(v, out));
}

// A random value with exactly `digits` decimal digits.
std::uint64_t RandomWithDigits(std::mt19937_64& rng, int digits) {
  if (digits == 1) return rng() % 10;
  std::uint64_t lo = 1;
  for (int i = 1; i < digits; ++i) lo *= 10;
  const std::uint64_t hi = digits == 20 ? UINT64_MAX : lo * 10 - 1;
  return lo + rng() % (hi - lo + 1 == 0 ? UINT64_MAX : hi - lo + 1);
}

TEST(ParseUnsignedTest, GoldenValues) {
  std::uint64_t v = 0;
  ASSERT_TRUE(Parse("0", &v));
  EXPECT_EQ(v, 0u);
  ASSERT_TRUE(Parse("7", &v));
  EXPECT_EQ(v, 7u);
  ASSERT_TRUE(Parse("174", &v));
  EXPECT_EQ(v, 174u);
  ASSERT_TRUE(Parse("12345678", &v));
  EXPECT_EQ(v, 12345678u);
  ASSERT_TRUE(Parse("123456789", &v));
  EXPECT_EQ(v, 123456789u);
  ASSERT_TRUE(Parse("9999999999999999999", &v));
  EXPECT_EQ(v, 9999999999999999999ull);
  ASSERT_TRUE(Parse("18446744073709551615", &v));
  EXPECT_EQ(v, UINT64_MAX);
  ASSERT_TRUE(Parse("00000000000000000042", &v));
  EXPECT_EQ(v, 42u);
}

TEST(ParseUnsignedTest, OverflowBoundaries) {
  std::uint64_t v = 0;
  EXPECT_FALSE(Parse("18446744073709551616", &v));
  EXPECT_FALSE(Parse("18446744073709551617", &v));
  EXPECT_FALSE(Parse("18446744073709551620", &v));
  EXPECT_FALSE(Parse("18446744073709552615", &v));
  EXPECT_FALSE(Parse("19446744073709551615", &v));
  EXPECT_FALSE(Parse("20000000000000000000", &v));
  EXPECT_FALSE(Parse("99999999999999999999", &v));
  EXPECT_FALSE(Parse("184467440737095516150", &v));  // 21 digits
  EXPECT_FALSE(Parse("000000000000000000001", &v));  // 21 digits, small value: size limit
  // Every value within 100000 of the limit, from both sides, with 128-bit arithmetic as the oracle.
  for (unsigned __int128 x = static_cast<unsigned __int128>(UINT64_MAX) - 100000;
       x <= static_cast<unsigned __int128>(UINT64_MAX) + 100000; ++x) {
    char text[40];
    std::size_t n = 0;
    char rev[40];
    unsigned __int128 t = x;
    do {
      rev[n++] = static_cast<char>('0' + static_cast<int>(t % 10));
      t /= 10;
    } while (t != 0);
    for (std::size_t i = 0; i < n; ++i) text[i] = rev[n - 1 - i];
    const bool fits = x <= UINT64_MAX;
    ASSERT_EQ(ParseUnsigned(text, n, &v), fits) << std::string_view(text, n);
    if (fits) {
      ASSERT_EQ(v, static_cast<std::uint64_t>(x));
    }
  }
}

TEST(ParseUnsignedTest, EveryDigitCountMatchesTheValue) {
  std::mt19937_64 rng(1);
  for (int digits = 1; digits <= 20; ++digits) {
    for (int k = 0; k < 2000; ++k) {
      const std::uint64_t want = RandomWithDigits(rng, digits);
      const std::string text = RefFormat(want);
      ASSERT_EQ(text.size(), static_cast<std::size_t>(digits));
      std::uint64_t got = 0;
      ASSERT_TRUE(Parse(text, &got, k % 64)) << text;
      ASSERT_EQ(got, want) << text;
    }
  }
}

TEST(ParseUnsignedTest, LeadingZerosAtEveryCount) {
  for (std::size_t zeros = 0; zeros < 20; ++zeros) {
    for (std::string_view tail : {"0", "1", "9", "42", "12345678", "1234567"}) {
      const std::string text = std::string(zeros, '0') + std::string(tail);
      std::uint64_t got = 0;
      std::uint64_t want = 0;
      const bool ok = ParseUnsignedReference(text.data(), text.size(), &want);
      ASSERT_EQ(Parse(text, &got), ok) << text;
      ASSERT_EQ(ok, text.size() <= 20) << text;
      if (ok) {
        ASSERT_EQ(got, want) << text;
      }
    }
  }
}

TEST(ParseUnsignedTest, NonDigitAtEveryPosition) {
  for (std::size_t size = 1; size <= 20; ++size) {
    for (std::size_t pos = 0; pos < size; ++pos) {
      for (int b = 0; b < 256; ++b) {
        if (b >= '0' && b <= '9') continue;
        std::string text(size, '5');
        text[pos] = static_cast<char>(b);
        std::uint64_t v = 0;
        ASSERT_FALSE(Parse(text, &v)) << "size " << size << " pos " << pos << " byte " << b;
        ASSERT_FALSE(AllDigitsExact(text)) << "size " << size << " pos " << pos << " byte " << b;
      }
    }
  }
}

TEST(ParseUnsignedTest, EmptyAndTooLong) {
  std::uint64_t v = 0;
  EXPECT_FALSE(ParseUnsigned(nullptr, 0, &v));
  EXPECT_FALSE(Parse("", &v));
  EXPECT_FALSE(Parse(std::string(21, '0'), &v));
  EXPECT_FALSE(Parse(std::string(64, '1'), &v));
}

TEST(ParseUnsignedTest, RandomStringsMatchTheReference) {
  std::mt19937_64 rng(2);
  static constexpr char kBytes[] = "0123456789012345678901234567890123456789/:a \x01-+.";
  for (int k = 0; k < 200000; ++k) {
    const std::size_t size = rng() % 23;
    std::string text(size, '0');
    for (char& c : text) c = kBytes[rng() % (sizeof(kBytes) - 1)];
    std::uint64_t got = 0;
    std::uint64_t want = 0;
    const bool ok = ParseUnsignedReference(text.data(), text.size(), &want);
    ASSERT_EQ(Parse(text, &got), ok) << text;
    if (ok) {
      ASSERT_EQ(got, want) << text;
    }
  }
}

TEST(AllDigitsTest, MatchesTheReference) {
  EXPECT_TRUE(AllDigitsExact(""));
  EXPECT_TRUE(AllDigitsExact("0123456789"));
  EXPECT_FALSE(AllDigitsExact("12a"));
  for (std::size_t size = 0; size <= 100; ++size) {
    const std::string good(size, '7');
    ASSERT_TRUE(AllDigitsExact(good, size % 64)) << size;
    for (std::size_t pos = 0; pos < size; ++pos) {
      for (char bad : {'/', ':', '\0', '\x01', '\xb0', '\xff', 'A', ' '}) {
        std::string text = good;
        text[pos] = bad;
        ASSERT_EQ(AllDigitsExact(text), AllDigitsReference(text.data(), text.size()));
        ASSERT_FALSE(AllDigitsExact(text)) << size << " " << pos;
      }
    }
  }
}

std::vector<std::uint64_t> BoundaryValues() {
  std::vector<std::uint64_t> values = {
      0, 1, 9, UINT64_MAX, UINT64_MAX - 1, 1ull << 63, (1ull << 63) - 1};
  std::uint64_t p = 1;
  for (int k = 0; k < 20; ++k) {
    values.push_back(p - 1);
    values.push_back(p);
    values.push_back(p + 1);
    if (k < 19) p *= 10;
  }
  for (int bit = 0; bit < 64; ++bit) {
    values.push_back(1ull << bit);
    values.push_back((1ull << bit) - 1);
  }
  return values;
}

TEST(DigitCountTest, BoundariesAndRandom) {
  EXPECT_EQ(DigitCount(0), 1u);
  EXPECT_EQ(DigitCount(9), 1u);
  EXPECT_EQ(DigitCount(10), 2u);
  EXPECT_EQ(DigitCount(UINT64_MAX), 20u);
  EXPECT_EQ(DigitCount(9999999999999999999ull), 19u);
  EXPECT_EQ(DigitCount(10000000000000000000ull), 20u);
  for (std::uint64_t v : BoundaryValues()) ASSERT_EQ(DigitCount(v), DigitCountReference(v)) << v;
  std::mt19937_64 rng(3);
  for (int k = 0; k < 100000; ++k) {
    const std::uint64_t v = rng() >> (rng() % 64);
    ASSERT_EQ(DigitCount(v), DigitCountReference(v)) << v;
  }
}

// Format writes into a sentinel-filled buffer and checks nothing past the digits changed.
std::string Format(std::uint64_t v) {
  char out[32];
  std::memset(out, '#', sizeof(out));
  const std::size_t n = FormatUnsigned(v, out);
  EXPECT_LE(n, kMaxUint64Digits);
  for (std::size_t i = n; i < sizeof(out); ++i)
    EXPECT_EQ(out[i], '#') << "wrote past the digits of " << v;
  return std::string(out, n);
}

TEST(FormatUnsignedTest, GoldenValues) {
  EXPECT_EQ(Format(0), "0");
  EXPECT_EQ(Format(7), "7");
  EXPECT_EQ(Format(10), "10");
  EXPECT_EQ(Format(174), "174");
  EXPECT_EQ(Format(1234567890), "1234567890");
  EXPECT_EQ(Format(100000000), "100000000");
  EXPECT_EQ(Format(UINT64_MAX), "18446744073709551615");
}

TEST(FormatUnsignedTest, MatchesTheReferenceAtBoundariesAndRandom) {
  for (std::uint64_t v : BoundaryValues()) ASSERT_EQ(Format(v), RefFormat(v)) << v;
  std::mt19937_64 rng(4);
  for (int k = 0; k < 200000; ++k) {
    const std::uint64_t v = rng() >> (rng() % 64);
    ASSERT_EQ(Format(v), RefFormat(v)) << v;
  }
}

// The inline paths split at 10, 100, 10^4 (table pairs), 10^8 (SWAR lanes,
// leading zeros from the trailing zero bytes) and 10^16: every value below
// 2 * 10^5, a stride through the rest of 10^8, and the same with every high
// part of the 9..16 digit path. Compared with the reference formatter
// (snprintf-free, digit by digit), and with a sentinel for over-writes.
TEST(FormatUnsignedTest, InlinePathsMatchTheReference) {
  char want[24];
  auto check = [&want](std::uint64_t v) {
    const std::size_t n = FormatUnsignedReference(v, want);
    char got[32];
    std::memset(got, '#', sizeof(got));
    const std::size_t m = FormatUnsigned(v, got);
    ASSERT_EQ(std::string_view(got, m), std::string_view(want, n)) << v;
    ASSERT_EQ(got[m], '#') << "wrote past the digits of " << v;
  };
  for (std::uint64_t v = 0; v < 200000; ++v) check(v);
  for (std::uint64_t v = 200000; v < 100000000; v += 997) check(v);
  for (std::uint64_t v = 100000000; v < 10000000000000000ull; v = v * 7 + 13) {
    for (std::uint64_t d = 0; d < 64; ++d) check(v + d);
  }
}

// The 9..10 digit path: a head of v / 10^8 (one byte, or a table pair) and
// eight digits, from two independent multiply-shift divisions. Every head with
// low parts at the lane edges and random ones, every value near 10^8, 10^9
// and 10^10, and random 9- and 10-digit values.
TEST(FormatUnsignedTest, NineAndTenDigitsMatchTheReference) {
  std::mt19937_64 rng(8);
  std::vector<std::uint64_t> values;
  for (std::uint64_t head = 1; head < 100; ++head) {
    for (std::uint64_t low : {0ull, 1ull, 9999ull, 10000ull, 99990000ull, 99999999ull}) {
      values.push_back(head * 100000000 + low);
    }
    for (int k = 0; k < 50; ++k) values.push_back(head * 100000000 + rng() % 100000000);
  }
  for (std::uint64_t edge : {100000000ull, 1000000000ull, 10000000000ull}) {
    for (std::uint64_t d = 0; d < 2000; ++d) values.push_back(edge - 1000 + d);
  }
  for (int k = 0; k < 100000; ++k) values.push_back(RandomWithDigits(rng, 9 + k % 2));
  for (std::uint64_t v : values) ASSERT_EQ(Format(v), RefFormat(v)) << v;
}

// The multiply-shift divisions of the 9..10 digit path against the division
// operator: every value below 2^20, the values on both sides of every
// multiple of 10^4 in the top 2^22 below 10^10, and random values.
TEST(DigitsInternalTest, DivisionsBelow1e10MatchTheOperator) {
  auto check = [](std::uint64_t v) {
    ASSERT_EQ(simd_internal::DivBelow1e10By1e8(v), v / 100000000) << v;
    ASSERT_EQ(simd_internal::DivBelow1e10By1e4(v), v / 10000) << v;
  };
  for (std::uint64_t v = 0; v < (1u << 20); ++v) check(v);
  for (std::uint64_t v = 10000000000ull - (1u << 22); v < 10000000000ull; v += 10000) {
    check(v - 1);
    check(v);
  }
  check(9999999999ull);
  std::mt19937_64 rng(9);
  for (int k = 0; k < 1000000; ++k) check(rng() % 10000000000ull);
}

// ParseUpToFourDigits (the 1..4 digit integers of codec/values.h) against the
// reference: every 1- and 2-byte string, every 3- and 4-byte string over the
// digits and the bytes next to them and at the ends of the byte range, each
// at the very end of an exact heap block.
TEST(DigitsInternalTest, UpToFourDigitsMatchesTheReference) {
  std::vector<unsigned char> alphabet = {'/', ':', 0x00, 0x7f, 0x80, 0xb0, 0xb9, 0xd0, 0xff, '-'};
  for (unsigned char c = '0'; c <= '9'; ++c) alphabet.push_back(c);
  std::vector<unsigned char> every(256);
  for (int b = 0; b < 256; ++b) every[static_cast<std::size_t>(b)] = static_cast<unsigned char>(b);
  auto check = [](const std::string& s) {
    std::unique_ptr<char[]> exact(new char[s.size()]);
    std::memcpy(exact.get(), s.data(), s.size());
    std::uint64_t want = 0;
    const bool want_ok = ParseUnsignedReference(s.data(), s.size(), &want);
    std::uint32_t got = 0;
    ASSERT_EQ(simd_internal::ParseUpToFourDigits(exact.get(), s.size(), &got), want_ok) << s;
    if (want_ok) {
      ASSERT_EQ(got, want) << s;
    }
  };
  for (std::size_t n = 1; n <= 4; ++n) {
    const std::vector<unsigned char>& bytes = n <= 2 ? every : alphabet;
    std::vector<std::size_t> at(n, 0);
    while (true) {
      std::string s(n, '\0');
      for (std::size_t k = 0; k < n; ++k) s[k] = static_cast<char>(bytes[at[k]]);
      check(s);
      std::size_t k = 0;
      while (k < n && ++at[k] == bytes.size()) at[k++] = 0;
      if (k == n) break;
    }
  }
}

// The halves word of the 9..10 digit path, straight from v, v / 10^4 and
// v / 10^8, against the halves computed one by one: every value below 2^20,
// both sides of every multiple of 10^4 in the top 2^22 below 10^10, and
// random values below 10^10.
TEST(DigitsInternalTest, QuadHalvesBelow1e10MatchTheHalves) {
  auto check = [](std::uint64_t v) {
    const std::uint64_t q4 = v / 10000;
    const std::uint64_t hi = v / 100000000;
    const auto mid = static_cast<std::uint32_t>(q4 % 10000);
    const auto low = static_cast<std::uint32_t>(v % 10000);
    ASSERT_EQ(simd_internal::QuadHalvesBelow1e10(v, q4, hi), mid * 4 + low * 4 * 65536) << v;
  };
  for (std::uint64_t v = 0; v < (1u << 20); ++v) check(v);
  for (std::uint64_t v = 10000000000ull - (1u << 22); v < 10000000000ull; v += 10000) {
    check(v - 1);
    check(v);
  }
  std::mt19937_64 rng(11);
  for (int k = 0; k < 1000000; ++k) check(rng() % 10000000000ull);
}

// The eight-digit step, every implementation built here (the SWAR one always,
// SSE2 on x86-64), against the reference's zero-padded digits: every high half
// with low halves at the edges of each digit and random ones, and the same
// with the roles swapped (the halves are independent lanes in both).
TEST(DigitsInternalTest, EightDigitStepMatchesTheReference) {
  std::mt19937_64 rng(10);
  auto check = [](std::uint32_t high, std::uint32_t low) {
    char text[8];
    FormatFixedWidthReference(std::uint64_t{high} * 10000 + low, 8, text);
    std::uint64_t want;
    std::memcpy(&want, text, 8);
    want -= simd_internal::kAsciiZeros;
    ASSERT_EQ(simd_internal::EightDigitBytesSwar(high, low), want) << high << " " << low;
#if defined(__SSE2__)
    ASSERT_EQ(simd_internal::EightDigitBytesSse2(high, low), want) << high << " " << low;
#endif
    ASSERT_EQ(simd_internal::EightDigitBytes(high * 10000 + low), want) << high << " " << low;
    char ascii[10] = {'#', '#', '#', '#', '#', '#', '#', '#', '#', '#'};  // guard bytes
    simd_internal::StoreEightAscii(ascii + 1, simd_internal::QuadHalves(high, low));
    ASSERT_EQ(std::string(ascii, 10), "#" + std::string(text, 8) + "#") << high << " " << low;
  };
  for (std::uint32_t a = 0; a < 10000; ++a) {
    for (std::uint32_t b : {0u, 1u, 9u, 10u, 99u, 100u, 999u, 1000u, 9999u}) {
      check(a, b);
      check(b, a);
    }
    const auto r = static_cast<std::uint32_t>(rng() % 10000);
    check(a, r);
    check(r, a);
  }
}

static_assert(simd_internal::DecimalDigits(0) == 1 && simd_internal::DecimalDigits(9) == 1 &&
              simd_internal::DecimalDigits(10) == 2 &&
              simd_internal::DecimalDigits(UINT64_MAX) == 20 &&
              simd_internal::DecimalDigits(9999999999999999999ull) == 19);

// Every 3- and 4-byte string over '0'..'9' plus a few non-digits: the 3..7
// digit parse loads overlapping halves and shifts the lanes into place.
TEST(ParseUnsignedTest, EveryShortStringMatchesTheReference) {
  const char kBytes[] = "0123456789/:a \x01\xff";
  const std::size_t k = sizeof(kBytes) - 1;
  for (std::size_t size = 3; size <= 4; ++size) {
    std::size_t total = 1;
    for (std::size_t i = 0; i < size; ++i) total *= k;
    for (std::size_t code = 0; code < total; ++code) {
      std::string text(size, '0');
      for (std::size_t i = 0, c = code; i < size; ++i, c /= k) text[i] = kBytes[c % k];
      ExactBuffer buf(text, 0);
      std::uint64_t got = 0;
      std::uint64_t want = 0;
      const bool ok = ParseUnsigned(buf.data(), buf.size(), &got);
      ASSERT_EQ(ok, ParseUnsignedReference(text.data(), text.size(), &want)) << text;
      if (ok) {
        ASSERT_EQ(got, want) << text;
      }
    }
  }
}

TEST(FormatFixedWidthTest, GoldenValues) {
  char out[20];
  FormatFixedWidth(7, 3, out);
  EXPECT_EQ(std::string_view(out, 3), "007");
  FormatFixedWidth(161, 3, out);
  EXPECT_EQ(std::string_view(out, 3), "161");
  FormatFixedWidth(2026, 4, out);
  EXPECT_EQ(std::string_view(out, 4), "2026");
  FormatFixedWidth(12345, 2, out);  // the low two digits
  EXPECT_EQ(std::string_view(out, 2), "45");
  FormatFixedWidth(0, 1, out);
  EXPECT_EQ(std::string_view(out, 1), "0");
  FormatFixedWidth(UINT64_MAX, 20, out);
  EXPECT_EQ(std::string_view(out, 20), "18446744073709551615");
  FormatFixedWidth(42, 20, out);
  EXPECT_EQ(std::string_view(out, 20), "00000000000000000042");
}

TEST(FormatFixedWidthTest, EveryWidthMatchesTheReference) {
  std::mt19937_64 rng(5);
  std::vector<std::uint64_t> values = BoundaryValues();
  for (int k = 0; k < 3000; ++k) values.push_back(rng() >> (rng() % 64));
  for (std::size_t width = 1; width <= 20; ++width) {
    for (std::uint64_t v : values) {
      char got[24];
      char want[24];
      std::memset(got, '#', sizeof(got));
      FormatFixedWidth(v, width, got);
      FormatFixedWidthReference(v, width, want);
      ASSERT_EQ(std::string_view(got, width), std::string_view(want, width))
          << v << " width " << width;
      for (std::size_t i = width; i < sizeof(got); ++i)
        ASSERT_EQ(got[i], '#') << "wrote past width";
    }
  }
}

TEST(RoundTripTest, FormatThenParse) {
  std::mt19937_64 rng(6);
  std::vector<std::uint64_t> values = BoundaryValues();
  for (int k = 0; k < 300000; ++k) values.push_back(rng() >> (rng() % 64));
  for (std::uint64_t v : values) {
    char text[20];
    const std::size_t n = FormatUnsigned(v, text);
    std::uint64_t back = 0;
    ASSERT_TRUE(ParseUnsigned(text, n, &back)) << v;
    ASSERT_EQ(back, v);
    // Fixed width, zero-padded to 20, parses back too.
    char padded[20];
    FormatFixedWidth(v, 20, padded);
    ASSERT_TRUE(ParseUnsigned(padded, 20, &back)) << v;
    ASSERT_EQ(back, v);
  }
}

TEST(RoundTripTest, ParseThenFormat) {
  std::mt19937_64 rng(7);
  for (int k = 0; k < 100000; ++k) {
    const std::size_t size = 1 + rng() % 19;
    std::string text(size, '0');
    text[0] = static_cast<char>('1' + rng() % 9);
    for (std::size_t i = 1; i < size; ++i) text[i] = static_cast<char>('0' + rng() % 10);
    std::uint64_t v = 0;
    ASSERT_TRUE(Parse(text, &v)) << text;
    ASSERT_EQ(Format(v), text);
  }
}

}  // namespace
}  // namespace fixwire::simd
