// format_int_test.cc: the encoder's integer writers (codec/encode/internal/format_int.h),
// which delegate to simd/digits.h, against std::to_string and a zero-padding
// reference written here: every fixed width 1..10 (every value below 10^5
// that fits, the edges of each width, random), writing backward to an end,
// signed values including INT64_MIN, the *Wide writers (every value below
// 200000, each power of ten's neighbours, random; within their 8 bytes of
// scratch), and the constexpr digit count and tag words. Every write goes into a buffer of guard bytes, checked after.
#include "fixwire/encode/internal/format_int.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>

#include "gtest/gtest.h"

namespace fixwire::encode_internal {
namespace {

// v zero-padded to `width` digits (v below 10^width), digit by digit.
std::string Padded(std::uint64_t v, int width) {
  std::string s(static_cast<std::size_t>(width), '0');
  for (int i = width - 1; i >= 0; --i, v /= 10)
    s[static_cast<std::size_t>(i)] = static_cast<char>('0' + v % 10);
  return s;
}

struct Guarded {
  char bytes[48];
  Guarded() { std::memset(bytes, '#', sizeof(bytes)); }
  char* at() { return bytes + 8; }
  // The text at at()[0..n), with '#' everywhere else.
  ::testing::AssertionResult Holds(std::string_view text) const {
    if (std::string_view(bytes + 8, text.size()) != text) {
      return ::testing::AssertionFailure()
             << std::string_view(bytes + 8, text.size()) << " != " << text;
    }
    for (std::size_t i = 0; i < sizeof(bytes); ++i) {
      if ((i < 8 || i >= 8 + text.size()) && bytes[i] != '#') {
        return ::testing::AssertionFailure()
               << "byte " << static_cast<int>(i) - 8 << " written for " << text;
      }
    }
    return ::testing::AssertionSuccess();
  }
};

template <int kWidth>
void CheckFixedDigits(std::mt19937_64& rng) {
  std::uint64_t limit = 1;
  for (int i = 0; i < kWidth; ++i) limit *= 10;
  limit =
      std::min<std::uint64_t>(limit, std::uint64_t{std::numeric_limits<std::uint32_t>::max()} + 1);
  auto check = [](std::uint32_t v) {
    Guarded g;
    WriteFixedDigits<kWidth>(g.at(), v);
    ASSERT_TRUE(g.Holds(Padded(v, kWidth))) << "width " << kWidth << " value " << v;
  };
  for (std::uint64_t v = 0; v < std::min<std::uint64_t>(limit, 100000); ++v)
    check(static_cast<std::uint32_t>(v));
  for (std::uint64_t d = 1; d <= 1000 && d <= limit; ++d)
    check(static_cast<std::uint32_t>(limit - d));
  for (int k = 0; k < 20000; ++k) check(static_cast<std::uint32_t>(rng() % limit));
}

TEST(FormatIntTest, WriteFixedDigitsEveryWidth) {
  std::mt19937_64 rng(1);
  CheckFixedDigits<1>(rng);
  CheckFixedDigits<2>(rng);
  CheckFixedDigits<3>(rng);
  CheckFixedDigits<4>(rng);
  CheckFixedDigits<5>(rng);
  CheckFixedDigits<6>(rng);
  CheckFixedDigits<7>(rng);
  CheckFixedDigits<8>(rng);
  CheckFixedDigits<9>(rng);
  CheckFixedDigits<10>(rng);
}

TEST(FormatIntTest, WriteFixedWidthEveryWidth) {
  std::mt19937_64 rng(2);
  for (int width = 1; width <= 20; ++width) {
    for (int k = 0; k < 2000; ++k) {
      std::uint64_t v = rng();
      if (width < 20) {
        std::uint64_t limit = 1;
        for (int i = 0; i < width; ++i) limit *= 10;
        v %= limit;
      }
      Guarded g;
      WriteFixedWidth(g.at(), v, width);
      ASSERT_TRUE(g.Holds(Padded(v, width))) << "width " << width << " value " << v;
    }
  }
}

TEST(FormatIntTest, UnsignedSignedAndBackward) {
  std::mt19937_64 rng(3);
  auto check = [](std::uint64_t u) {
    const std::string want = std::to_string(u);
    Guarded g;
    ASSERT_EQ(WriteUnsigned(g.at(), u), g.at() + want.size());
    ASSERT_TRUE(g.Holds(want));
    Guarded b;
    WriteDigitsBackward(b.at() + want.size(), u);
    ASSERT_TRUE(b.Holds(want));
    ASSERT_EQ(CountDigits(u), static_cast<int>(want.size()));
    const auto s = static_cast<std::int64_t>(u);
    const std::string want_signed = std::to_string(s);
    Guarded sg;
    ASSERT_EQ(WriteSigned(sg.at(), s), sg.at() + want_signed.size());
    ASSERT_TRUE(sg.Holds(want_signed));
  };
  for (std::uint64_t v = 0; v < 100000; ++v) check(v);
  std::uint64_t p = 1;
  for (int k = 0; k < 20; ++k, p *= 10) {
    check(p - 1);
    check(p);
    check(0 - p);  // negative as signed
  }
  check(std::numeric_limits<std::uint64_t>::max());
  check(static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::min()));
  check(static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  for (int k = 0; k < 200000; ++k) check(rng() >> (rng() % 64));
}

// The *Wide writers (one digit pair below 100, two pairs below 10^4, the
// eight-digit step below 10^8, WriteUnsigned beyond) against std::to_string:
// the text and its end, and no byte written outside the text and the 8
// bytes of scratch room the callers guarantee (after a '-').
TEST(FormatIntTest, WideWritersAgainstToString) {
  std::mt19937_64 rng(5);
  auto holds_within = [](const Guarded& g, std::string_view want, std::size_t scratch_end) {
    if (std::string_view(g.bytes + 8, want.size()) != want) return false;
    for (std::size_t i = 0; i < sizeof(g.bytes); ++i) {
      if ((i < 8 || i >= 8 + std::max(want.size(), scratch_end)) && g.bytes[i] != '#') return false;
    }
    return true;
  };
  auto check = [&](std::uint64_t u) {
    const std::string want = std::to_string(u);
    Guarded g;
    ASSERT_EQ(WriteUnsignedWide(g.at(), u), g.at() + want.size()) << u;
    ASSERT_TRUE(holds_within(g, want, 8)) << u;
    const auto s = static_cast<std::int64_t>(u);
    const std::string want_signed = std::to_string(s);
    Guarded sg;
    ASSERT_EQ(WriteSignedWide(sg.at(), s), sg.at() + want_signed.size()) << s;
    ASSERT_TRUE(holds_within(sg, want_signed, s < 0 ? 9 : 8)) << s;
  };
  for (std::uint64_t v = 0; v < 200000; ++v) {
    check(v);
    check(0 - v);  // negative as signed
  }
  std::uint64_t p = 1;
  for (int k = 0; k < 20; ++k, p *= 10) {
    for (std::uint64_t d = 0; d < 3; ++d) {
      check(p - 1 - d);
      check(p + d);
      check(0 - p - d);
    }
  }
  check(std::numeric_limits<std::uint64_t>::max());
  check(static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::min()));
  check(static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  for (int k = 0; k < 200000; ++k) check(rng() >> (rng() % 64));
}

static_assert(CountDigits(0) == 1 && CountDigits(9) == 1 && CountDigits(10) == 2 &&
              CountDigits(99999999) == 8 && CountDigits(100000000) == 9 &&
              CountDigits(~0ull) == 20);
static_assert(TagWord(8) == 0x3D38 && TagWord(35) == 0x3D3533 &&
              TagWord(1234567) == 0x3D37363534333231ull);
static_assert(kPowersOf10[0] == 1 && kPowersOf10[19] == 10000000000000000000ull);

}  // namespace
}  // namespace fixwire::encode_internal
