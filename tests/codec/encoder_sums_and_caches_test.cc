// The encoder's inline byte sum, branch-free digit count and timestamp cache
// against references:
// - Finish's body sum (SumShortBytes below kInlineSumLimit, simd::ByteSum
//   from there on) against a plain byte loop for every length 0..600 at
//   several alignments, with bytes 0..255, and with the readable start at,
//   before and just inside the last 16-byte block (its scalar tail);
//   SumShortBytes alone for every length below 256;
// - DigitsBelow10To8 against simd's DecimalDigits (every value below 2^20,
//   each power of ten and its neighbours, random 32-bit values);
// - AddTimestamp through one encoder's cache of the last second (hit, miss,
//   refilled, negative times, the first and last seconds of the int64 range,
//   every precision) against the uncached encode_internal::WriteUtcTimestamp,
//   random walks forward and backward across midnights, month and year ends
//   and leap days, and a few fixed points known from the calendar;
// - kShortLengthTexts (Finish's BodyLength below 1000) for every entry
//   against std::to_string;
// - Rebind: one encoder moved across buffers writes what fresh ones write.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "fixwire/encode/encoder.h"
#include "fixwire/encode/internal/byte_sum.h"
#include "fixwire/encode/internal/format_int.h"
#include "fixwire/encode/internal/format_time.h"
#include "fixwire/simd/checksum.h"
#include "gtest/gtest.h"

namespace fixwire {
namespace {

std::uint64_t PlainSum(const char* p, std::size_t n) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += static_cast<unsigned char>(p[i]);
  return sum;
}

// BodySum is the sum Finish takes of a body's bytes (Encoder::MessageSumBeforeLength).
std::uint64_t BodySum(const char* p, std::size_t n, const char* readable_from) {
  return n < encode_internal::kInlineSumLimit ? encode_internal::SumShortBytes(p, n, readable_from)
                                              : simd::ByteSum(p, n);
}

TEST(EncoderByteSum, EveryLengthAlignmentAndReadableStart) {
  std::mt19937_64 rng(17);
  std::vector<char> block(700);
  for (char& c : block) c = static_cast<char>(rng());
  for (std::size_t offset = 0; offset < 40; ++offset) {
    for (std::size_t n = 0; n <= 600 && offset + n <= block.size(); ++n) {
      const char* p = block.data() + offset;
      const std::uint64_t want = PlainSum(p, n);
      // Readable from the block's start (the usual case), from p itself (a
      // short tail must then be summed byte by byte), and from a point
      // inside the 16 bytes before the end.
      ASSERT_EQ(BodySum(p, n, block.data()), want) << offset << " " << n;
      ASSERT_EQ(BodySum(p, n, p), want) << offset << " " << n;
      const char* inside_last_block = n > 15 ? p + n - 15 : p;
      ASSERT_EQ(BodySum(p, n, inside_last_block), want) << offset << " " << n;
    }
  }
}

// SumShortBytes (Finish's inline sum: below 256 bytes, whole blocks through
// one jump into an unrolled run) against the plain loop for every length
// 0..255, every alignment within 32 bytes and every readable start that
// changes the last block's path, on random bytes and on all-0xFF bytes (the
// largest sums).
TEST(EncoderByteSum, ShortSumsEveryLengthAlignmentAndReadableStart) {
  std::mt19937_64 rng(29);
  for (int fill : {0, 1}) {
    std::vector<char> block(300);
    for (char& c : block) c = fill == 0 ? static_cast<char>(rng()) : static_cast<char>(0xFF);
    for (std::size_t offset = 0; offset < 32; ++offset) {
      for (std::size_t n = 0; n < 256 && offset + n <= block.size(); ++n) {
        const char* p = block.data() + offset;
        const std::uint64_t want = PlainSum(p, n);
        ASSERT_EQ(encode_internal::SumShortBytes(p, n, block.data()), want) << offset << " " << n;
        ASSERT_EQ(encode_internal::SumShortBytes(p, n, p), want) << offset << " " << n;
        for (std::size_t back = 0; back < 16 && back <= n; ++back) {
          ASSERT_EQ(encode_internal::SumShortBytes(p, n, p + n - back), want) << offset << " " << n << " " << back;
        }
      }
    }
  }
}

TEST(EncoderByteSum, AllHighBytes) {
  std::vector<char> block(1024, static_cast<char>(0xFF));
  for (std::size_t n = 0; n <= block.size(); n += 7) {
    ASSERT_EQ(BodySum(block.data(), n, block.data()), 255u * n) << n;
  }
}

// Every entry of Finish's BodyLength table: the digits right-aligned in bytes
// 0..2 with '0' before them, SOH, the digit count and the digits' byte sum.
TEST(EncoderShortLengthTexts, EveryEntryAgainstToString) {
  for (std::uint32_t v = 0; v < 1000; ++v) {
    const std::uint64_t e = encode_internal::kShortLengthTexts[v];
    const std::string digits = std::to_string(v);
    const std::string padded = std::string(3 - digits.size(), '0') + digits;
    char bytes[8];
    std::memcpy(bytes, &e, 8);
    ASSERT_EQ(std::string(bytes, 3), padded) << v;
    ASSERT_EQ(bytes[3], '\x01') << v;
    ASSERT_EQ(static_cast<std::size_t>(bytes[4]), digits.size()) << v;
    ASSERT_EQ(e >> 40, PlainSum(digits.data(), digits.size())) << v;
  }
}

TEST(EncoderDigitCount, AgainstDecimalDigits) {
  auto check = [](std::uint32_t v) {
    ASSERT_EQ(static_cast<int>(encode_internal::DigitsBelow10To8(v)), simd_internal::DecimalDigits(v)) << v;
  };
  for (std::uint32_t v = 0; v < (1u << 20); ++v) check(v);
  for (std::uint64_t p = 1; p < (std::uint64_t{1} << 32); p *= 10) {
    for (std::uint64_t v = p > 2 ? p - 2 : 0; v <= p + 2 && v < (std::uint64_t{1} << 32); ++v) {
      check(static_cast<std::uint32_t>(v));
    }
  }
  for (int bit = 0; bit < 32; ++bit) {
    check(1u << bit);
    check((1u << bit) - 1);
  }
  check(UINT32_MAX);
  std::mt19937 rng(3);
  for (int i = 0; i < 1000000; ++i) check(static_cast<std::uint32_t>(rng()));
}

constexpr TimePrecision kPrecisions[] = {TimePrecision::kSeconds, TimePrecision::kMillis, TimePrecision::kMicros,
                                         TimePrecision::kNanos, TimePrecision::kPicos};

std::string Uncached(std::int64_t nanos, TimePrecision p) {
  char text[64];
  char* end = encode_internal::WriteUtcTimestamp(text, nanos, p);
  return "52=" + std::string(text, end) + "\x01";
}

std::string Cached(Encoder& e, std::int64_t nanos, TimePrecision p) {
  e.BeginFragment();
  e.AddTimestamp(52, nanos, p);
  const EncodeResult r = e.FinishFragment();
  return r.ok() ? std::string(r.bytes) : "ERR";
}

TEST(EncoderTimestampCache, RandomWalkAgainstUncached) {
  std::mt19937_64 rng(41);
  char buffer[128];
  Encoder e(buffer);
  std::int64_t ns = 0;
  for (int i = 0; i < 300000; ++i) {
    switch (rng() % 8) {
      case 0: ns = static_cast<std::int64_t>(rng()); break;  // anywhere, negative too
      case 1: ns = rng() % 2 ? INT64_MIN + static_cast<std::int64_t>(rng() % 3000000000)
                             : INT64_MAX - static_cast<std::int64_t>(rng() % 3000000000); break;
      case 2: ns = -static_cast<std::int64_t>(rng() % 3000000000); break;  // around the epoch
      case 3: ns = (ns / kNanosPerSecond) * kNanosPerSecond; break;        // a second's first nanosecond
      case 4: ns = (ns / kNanosPerSecond) * kNanosPerSecond - 1; break;    // the one before it
      default: {  // small steps: mostly the same second, sometimes the next
        const auto step = static_cast<std::int64_t>(rng() % 1500000000);
        ns = ns > INT64_MAX - step ? INT64_MIN + static_cast<std::int64_t>(rng() % 1000) : ns + step;
        break;
      }
    }
    const TimePrecision p = kPrecisions[rng() % 5];
    ASSERT_EQ(Cached(e, ns, p), Uncached(ns, p)) << ns;
  }
}

// Random walks through the cache around calendar edges: the midnights
// before and after leap days (2000, 2024, 1904 and the non-leap 1900 and
// 2100), month ends, year ends and the epoch, in steps forward and backward
// of up to a few seconds (mostly within one second, so hits and misses mix),
// with jumps between the edges, every precision, against the uncached text.
TEST(EncoderTimestampCache, WalksAcrossMidnightsAndLeapDays) {
  auto days_from_civil = [](std::int64_t y, unsigned m, unsigned d) {
    // Days since 1970-01-01 of a proleptic Gregorian date (the inverse of
    // CivilFromDays, written here as a reference).
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
  };
  struct Day { std::int64_t y; unsigned m, d; };
  const Day kEdges[] = {{2000, 2, 29}, {2000, 3, 1},  {2024, 2, 29}, {2024, 3, 1},  {1904, 2, 29},
                        {1900, 3, 1},  {2100, 3, 1},  {2023, 3, 1},  {2026, 12, 31}, {2027, 1, 1},
                        {1970, 1, 1},  {1969, 12, 31}, {2026, 4, 30}, {2026, 5, 1}};
  std::mt19937_64 rng(43);
  char buffer[128];
  Encoder e(buffer);
  for (int walk = 0; walk < 400; ++walk) {
    const Day& edge = kEdges[rng() % std::size(kEdges)];
    // Start within a few seconds of the edge's midnight.
    std::int64_t ns = days_from_civil(edge.y, edge.m, edge.d) * kNanosPerDay +
                      static_cast<std::int64_t>(rng() % 6000000000) - 3000000000;
    for (int step = 0; step < 500; ++step) {
      const TimePrecision p = kPrecisions[rng() % 5];
      ASSERT_EQ(Cached(e, ns, p), Uncached(ns, p)) << ns;
      std::int64_t delta = static_cast<std::int64_t>(rng() % 400000000);  // mostly the same second
      if (rng() % 8 == 0) delta = static_cast<std::int64_t>(rng() % 3000000000);
      if (rng() % 16 == 0) delta = static_cast<std::int64_t>(rng() % 3) * kNanosPerDay;  // a day or two
      ns += rng() % 3 == 0 ? -delta : delta;  // backward a third of the time
    }
  }
  // Fixed points: the last nanosecond of the leap day and the next one.
  constexpr std::int64_t kMar1st2024 = 1709251200LL * kNanosPerSecond;  // 2024-03-01 00:00:00 UTC
  EXPECT_EQ(Cached(e, kMar1st2024 - 1, TimePrecision::kNanos), "52=20240229-23:59:59.999999999\x01");
  EXPECT_EQ(Cached(e, kMar1st2024, TimePrecision::kNanos), "52=20240301-00:00:00.000000000\x01");
  EXPECT_EQ(Cached(e, kMar1st2024 - 1, TimePrecision::kMillis), "52=20240229-23:59:59.999\x01");
}

// Every millisecond of a second (and the nanoseconds around it) at
// millisecond precision, through the cache, against snprintf.
TEST(EncoderTimestampCache, EveryMillisecond) {
  char buffer[128];
  Encoder e(buffer);
  constexpr std::int64_t kSecond = 1'796'225'400'000'000'000;  // 2026-12-02 15:30:00 UTC
  for (std::int64_t ms = 0; ms < 1000; ++ms) {
    for (std::int64_t extra : {std::int64_t{0}, std::int64_t{1}, std::int64_t{999999}}) {
      char want[64];
      std::snprintf(want, sizeof want, "52=20261202-15:30:00.%03d\x01", static_cast<int>(ms));
      ASSERT_EQ(Cached(e, kSecond + ms * 1000000 + extra, TimePrecision::kMillis), want) << ms;
    }
  }
}

TEST(EncoderTimestampCache, TheInt64RangeEndsAndTheEpoch) {
  char buffer[128];
  Encoder e(buffer);
  // The first second of the int64 range starts before INT64_MIN; then
  // INT64_MAX's second, then back: each alternation must not reuse the other.
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(Cached(e, INT64_MIN, TimePrecision::kNanos), "52=16770921-00:12:43.145224192\x01");
    EXPECT_EQ(Cached(e, INT64_MIN + 854775807, TimePrecision::kNanos), "52=16770921-00:12:43.999999999\x01");
    EXPECT_EQ(Cached(e, INT64_MAX, TimePrecision::kNanos), "52=22620411-23:47:16.854775807\x01");
    EXPECT_EQ(Cached(e, INT64_MAX - 854775807, TimePrecision::kMillis), "52=22620411-23:47:16.000\x01");
  }
  // A fresh encoder's cache holds the epoch's second: right from the start.
  Encoder fresh(buffer);
  EXPECT_EQ(Cached(fresh, 0, TimePrecision::kMillis), "52=19700101-00:00:00.000\x01");
  EXPECT_EQ(Cached(fresh, 999999999, TimePrecision::kNanos), "52=19700101-00:00:00.999999999\x01");
  EXPECT_EQ(Cached(fresh, -1, TimePrecision::kNanos), "52=19691231-23:59:59.999999999\x01");
  EXPECT_EQ(Cached(fresh, 1000000000, TimePrecision::kSeconds), "52=19700101-00:00:01\x01");
  // 2024-02-29 12:34:56.789 UTC is 1709210096789 ms since the epoch.
  EXPECT_EQ(Cached(fresh, 1709210096789000000, TimePrecision::kMicros), "52=20240229-12:34:56.789000\x01");
  // A bad precision fails whether the second is cached or not.
  Encoder bad(buffer);
  EXPECT_EQ(Cached(bad, 5, static_cast<TimePrecision>(99)), "ERR");
  EXPECT_EQ(Cached(bad, 5000000000, static_cast<TimePrecision>(99)), "ERR");
}

}  // namespace
}  // namespace fixwire

namespace fixwire {
namespace {

// Rebind: one encoder moved from buffer to buffer (of random sizes, some too
// small) writes exactly what a fresh encoder writes there, with its header
// and timestamp caches carried over, BeginStrings switching now and then.
TEST(EncoderRebind, SameBytesAsAFreshEncoder) {
  std::mt19937_64 rng(42);
  std::vector<char> reused_buffer(4096);
  std::vector<char> fresh_buffer(4096);
  Encoder reused(std::span<char>(reused_buffer.data(), 16));
  std::int64_t now = 1'796'551'200'000'000'000;
  static constexpr const char* kBegins[] = {"FIX.4.4", "FIX.4.2", "FIXT.1.1"};
  for (int i = 0; i < 20'000; ++i) {
    const std::size_t size = 40 + rng() % 400;
    const std::size_t offset = rng() % 64;
    now += static_cast<std::int64_t>(rng() % 3'000'000'000);
    const char* begin = kBegins[rng() % 8 == 0 ? rng() % 3 : 0];
    const std::string id = "ID" + std::to_string(rng() % 100000);
    auto body = [&](Encoder& e) {
      e.Begin(begin, "D");
      e.AddString(49, "SENDER");
      e.AddUint(34, static_cast<std::uint64_t>(i + 1));
      e.AddTimestamp(52, now, static_cast<TimePrecision>(rng() % 2 == 0 ? 3 : 6));
      e.AddString(11, id);
      e.AddTimestamp(60, now - 1000, TimePrecision::kMillis);
      return e.Finish();
    };
    reused.Rebind(std::span<char>(reused_buffer.data() + offset, size));
    Encoder fresh(std::span<char>(fresh_buffer.data() + offset, size));
    std::mt19937_64 saved = rng;
    const EncodeResult a = body(reused);
    rng = saved;
    const EncodeResult b = body(fresh);
    ASSERT_EQ(a.ok(), b.ok()) << i;
    if (a.ok()) {
      ASSERT_EQ(std::string(a.bytes), std::string(b.bytes)) << i;
      // At the same place in its buffer (the message starts where the
      // BodyLength it needs lets it, in both).
      ASSERT_EQ(a.bytes.data() - reused_buffer.data(), b.bytes.data() - fresh_buffer.data());
    } else {
      ASSERT_EQ(a.error.code, b.error.code);
    }
  }
}

TEST(EncoderRebind, FinishBeforeBeginIsStillAnError) {
  char buffer[256];
  Encoder e(std::span<char>(buffer, sizeof buffer));
  e.Begin("FIX.4.4", "0");
  ASSERT_TRUE(e.Finish().ok());
  e.Rebind(std::span<char>(buffer, sizeof buffer));
  EXPECT_EQ(e.Finish().error.code, ErrorCode::kInvalidValue);
}

}  // namespace
}  // namespace fixwire
