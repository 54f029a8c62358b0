// The encoder's word-store fast paths, densely, against references written
// here: EightDigitWord for every value below 10^8 (a decimal odometer), tags
// known only at run time (every tag 1..99999, "tag=" from
// std::to_string), integers below 10^8 (every value below 10^5, every digit
// count, random; std::to_string), text of every length 1..40 with a SOH at
// every position, decimals of up to 7 digits with 1..6
// decimals (every mantissa below 10^4 for each exponent, random; integer
// arithmetic and snprintf), and each of them written into every buffer size
// with guard bytes after the buffer (the 8-byte stores must stay inside).
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "fixwire/encode/encoder.h"
#include "fixwire/encode/internal/format_int.h"
#include "gtest/gtest.h"

namespace fixwire {
namespace {

// The tag hidden from the optimizer, so the run-time tag path is taken.
std::uint32_t Opaque(std::uint32_t tag) {
  volatile std::uint32_t v = tag;
  return v;
}

template <typename F>
std::string Fragment(F add) {
  char buffer[128];
  Encoder e(buffer);
  e.BeginFragment();
  add(e);
  const EncodeResult r = e.FinishFragment();
  if (!r.ok()) return "ERR";
  return std::string(r.bytes);
}

// Reference decimal text: integer part and zero-padded fraction from integer
// arithmetic, printed with snprintf.
std::string RefDecimal(std::int64_t m, int decimals) {
  std::int64_t p = 1;
  for (int i = 0; i < decimals; ++i) p *= 10;
  const std::int64_t a = m < 0 ? -m : m;
  char text[64];
  std::snprintf(text, sizeof text, "%s%" PRId64 ".%0*" PRId64, m < 0 ? "-" : "", a / p, decimals, a % p);
  return text;
}

TEST(EncoderFastPaths, EveryRunTimeTagBelow100000) {
  for (std::uint32_t tag = 1; tag < 100000; ++tag) {
    const std::uint32_t t = Opaque(tag);
    const std::string want = std::to_string(tag) + "=";
    ASSERT_EQ(Fragment([t](Encoder& e) { e.AddUint(t, 7); }), want + "7\x01") << tag;
    ASSERT_EQ(Fragment([t](Encoder& e) { e.AddString(t, "AB"); }), want + "AB\x01") << tag;
    ASSERT_EQ(Fragment([t](Encoder& e) { e.AddChar(t, 'x'); }), want + "x\x01") << tag;
  }
  for (std::uint32_t tag : {999999u, 1000000u, 123456789u, 999999999u}) {
    const std::uint32_t t = Opaque(tag);
    ASSERT_EQ(Fragment([t](Encoder& e) { e.AddInt(t, -5); }), std::to_string(tag) + "=-5\x01");
  }
}

// EightDigitWord for every value below 10^8 against a decimal odometer (a
// char[8] counter incremented digit by digit).
TEST(EncoderFastPaths, EightDigitWordForEveryValueBelow10To8) {
  char odometer[8] = {'0', '0', '0', '0', '0', '0', '0', '0'};
  for (std::uint32_t v = 0; v < 100000000; ++v) {
    const std::uint64_t word = encode_internal::EightDigitWord(v);
    char text[8];
    std::memcpy(text, &word, 8);
    if (std::memcmp(text, odometer, 8) != 0) {
      FAIL() << v << " gives " << std::string(text, 8) << ", want " << std::string(odometer, 8);
    }
    for (int i = 7; i >= 0 && ++odometer[i] > '9'; --i) odometer[i] = '0';
  }
}

TEST(EncoderFastPaths, IntegersBelow10To8) {
  auto check = [](std::int64_t v) {
    const std::uint32_t t = Opaque(38);
    ASSERT_EQ(Fragment([t, v](Encoder& e) { e.AddInt(t, v); }), "38=" + std::to_string(v) + "\x01");
    ASSERT_EQ(Fragment([v](Encoder& e) { e.AddInt(38, -v); }), "38=" + std::to_string(-v) + "\x01");
    const auto u = static_cast<std::uint64_t>(v);
    ASSERT_EQ(Fragment([t, u](Encoder& e) { e.AddUint(t, u); }), "38=" + std::to_string(u) + "\x01");
  };
  for (std::int64_t v = 0; v < 100000; ++v) check(v);
  for (std::int64_t p = 1; p <= 1000000000; p *= 10) {
    for (std::int64_t v : {p - 1, p, p + 1, 2 * p - 1, 9 * p, 10 * p - 1}) check(v);
  }
  std::mt19937_64 rng(5);
  for (int i = 0; i < 100000; ++i) check(static_cast<std::int64_t>(rng() % 100000000));
}

TEST(EncoderFastPaths, DecimalsUpTo7Digits) {
  auto check = [](std::int64_t m, int decimals) {
    const std::uint32_t t = Opaque(44);
    const Decimal d{m, -decimals};
    ASSERT_EQ(Fragment([t, d](Encoder& e) { e.AddDecimal(t, d); }), "44=" + RefDecimal(m, decimals) + "\x01")
        << m << "e-" << decimals;
    ASSERT_EQ(Fragment([d](Encoder& e) { e.AddDecimal(44, d); }), "44=" + RefDecimal(m, decimals) + "\x01")
        << m << "e-" << decimals;
  };
  for (int decimals = 1; decimals <= 8; ++decimals) {
    for (std::int64_t m = -10000; m <= 10000; ++m) check(m, decimals);
    for (std::int64_t p = 1; p <= 1000000000; p *= 10) {
      for (std::int64_t m : {p - 1, p, p + 1, 10 * p - 1}) {
        check(m, decimals);
        check(-m, decimals);
      }
    }
  }
  std::mt19937_64 rng(6);
  for (int i = 0; i < 200000; ++i) {
    const auto m = static_cast<std::int64_t>(rng() % 20000000) - 10000000;
    check(m, static_cast<int>(rng() % 8) + 1);
  }
}

// Text of every length 1..40 (the one-load path is 1..16), with a SOH at
// every position refused, through a run-time and a constant tag.
TEST(EncoderFastPaths, StringsOfEveryShortLength) {
  std::mt19937_64 rng(7);
  for (std::size_t n = 1; n <= 40; ++n) {
    for (int round = 0; round < 20; ++round) {
      std::string text(n, ' ');
      for (char& c : text) c = static_cast<char>(' ' + rng() % 95);
      const std::uint32_t t = Opaque(55);
      ASSERT_EQ(Fragment([t, &text](Encoder& e) { e.AddString(t, text); }), "55=" + text + "\x01") << n;
      ASSERT_EQ(Fragment([&text](Encoder& e) { e.AddString(55, text); }), "55=" + text + "\x01") << n;
      for (std::size_t i = 0; i < n; ++i) {
        std::string bad = text;
        bad[i] = '\x01';
        ASSERT_EQ(Fragment([t, &bad](Encoder& e) { e.AddString(t, bad); }), "ERR") << n << " at " << i;
        ASSERT_EQ(Fragment([&bad](Encoder& e) { e.AddString(55, bad); }), "ERR") << n << " at " << i;
      }
    }
  }
  ASSERT_EQ(Fragment([](Encoder& e) { e.AddString(Opaque(55), ""); }), "ERR");
}

// UTCTimeOnly through one encoder (its "HH:MM:SS" cache hit, missed,
// refilled), every precision, against snprintf; invalid times in between
// fail and leave the next time right.
TEST(EncoderFastPaths, TimeOnlyThroughTheCacheOfTheLastSecond) {
  std::mt19937_64 rng(31);
  char buffer[128];
  Encoder e(buffer);
  const TimePrecision precisions[] = {TimePrecision::kSeconds, TimePrecision::kMillis, TimePrecision::kMicros,
                                      TimePrecision::kNanos, TimePrecision::kPicos};
  std::int64_t ns = 0;
  for (int i = 0; i < 200000; ++i) {
    switch (rng() % 6) {
      case 0: ns = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(kNanosPerDay)); break;
      case 1: ns = (ns / kNanosPerSecond) * kNanosPerSecond + static_cast<std::int64_t>(rng() % 1000000000); break;
      case 2: ns = rng() % 2 ? 0 : kNanosPerDay - 1; break;
      case 3: {  // invalid: before midnight or a full day
        e.BeginFragment();
        e.AddTimeOnly(273, rng() % 2 ? -1 - static_cast<std::int64_t>(rng() % 1000) : kNanosPerDay + static_cast<std::int64_t>(rng() % 1000),
                      TimePrecision::kMillis);
        ASSERT_EQ(e.FinishFragment().error.code, ErrorCode::kInvalidValue);
        continue;
      }
      default: ns += static_cast<std::int64_t>(rng() % 3000000000); if (ns >= kNanosPerDay) ns -= kNanosPerDay; break;
    }
    const TimePrecision p = precisions[rng() % 5];
    e.BeginFragment();
    e.AddTimeOnly(Opaque(273), ns, p);
    const EncodeResult r = e.FinishFragment();
    ASSERT_TRUE(r.ok());
    const std::int64_t sec = ns / kNanosPerSecond, frac = ns % kNanosPerSecond;
    char want[64];
    int n = std::snprintf(want, sizeof want, "273=%02" PRId64 ":%02" PRId64 ":%02" PRId64, sec / 3600, sec / 60 % 60,
                          sec % 60);
    switch (p) {
      case TimePrecision::kSeconds: break;
      case TimePrecision::kMillis: n += std::snprintf(want + n, sizeof want - n, ".%03" PRId64, frac / 1000000); break;
      case TimePrecision::kMicros: n += std::snprintf(want + n, sizeof want - n, ".%06" PRId64, frac / 1000); break;
      case TimePrecision::kNanos: n += std::snprintf(want + n, sizeof want - n, ".%09" PRId64, frac); break;
      case TimePrecision::kPicos: n += std::snprintf(want + n, sizeof want - n, ".%09" PRId64 "000", frac); break;
    }
    ASSERT_EQ(std::string(r.bytes), std::string(want) + "\x01") << ns;
  }
}

// Each field alone in every buffer size 0..N+8, inside a block with guard
// bytes: exactly the expected bytes or kBufferTooSmall, never a stray write.
template <typename F>
void EverySize(const std::string& expected, F add) {
  constexpr std::size_t kGuard = 32;
  for (std::size_t size = 0; size <= expected.size() + 8; ++size) {
    std::vector<char> block(size + kGuard, '\x7f');
    Encoder e(std::span<char>(block.data(), size));
    e.BeginFragment();
    add(e);
    const EncodeResult r = e.FinishFragment();
    if (size >= expected.size()) {
      ASSERT_TRUE(r.ok()) << size;
      ASSERT_EQ(std::string(r.bytes), expected) << size;
    } else {
      ASSERT_EQ(r.error.code, ErrorCode::kBufferTooSmall) << size;
    }
    for (std::size_t i = size; i < block.size(); ++i) ASSERT_EQ(block[i], '\x7f') << "size " << size << " at " << i;
  }
}

TEST(EncoderFastPaths, NeverWritesPastTheBuffer) {
  const std::uint32_t t = Opaque(270);
  EverySize("270=1.08345\x01", [t](Encoder& e) { e.AddDecimal(t, Decimal{108345, -5}); });
  EverySize("270=-0.5\x01", [t](Encoder& e) { e.AddDecimal(t, Decimal{-5, -1}); });
  EverySize("44=123.45\x01", [](Encoder& e) { e.AddDecimal(44, Decimal{12345, -2}); });
  EverySize("271=1250000\x01", [t](Encoder& e) { e.AddInt(t + 1, 1250000); });
  EverySize("270=9\x01", [t](Encoder& e) { e.AddUint(t, 9); });
  EverySize("270=-7\x01", [t](Encoder& e) { e.AddInt(t, -7); });
  EverySize("270=Q\x01", [t](Encoder& e) { e.AddString(t, "Q"); });
  EverySize("270=EUR/USD\x01", [t](Encoder& e) { e.AddString(t, "EUR/USD"); });
  EverySize("7=Y\x01", [](Encoder& e) { e.AddBool(Opaque(7), true); });
  for (std::size_t n = 1; n <= 20; ++n) {
    const std::string text(n, 'k');
    EverySize("270=" + text + "\x01", [t, &text](Encoder& e) { e.AddString(t, text); });
    EverySize("55=" + text + "\x01", [&text](Encoder& e) { e.AddString(55, text); });
  }
  const std::string long_text(50, 'z');
  EverySize("9999=" + long_text + "\x01", [&long_text](Encoder& e) { e.AddString(Opaque(9999), long_text); });
}

}  // namespace
}  // namespace fixwire
