// timestamp_lanes_test.cc: the validator's UTCTimestamp check through the
// shared SSE2 core (dictionary_internal::UtcTimestampOk, TimestampLanes) against
// the portable SWAR check it replaced on x86-64 (UtcTimestampOkSwar, kept
// as the reference): the same answer for random valid timestamps
// (leap seconds, every fraction width), month, day, hour, minute, second
// and year edges (leap years 1900, 2000, 2100, 2024; 1677..1678 and
// 2261..2262), every single-byte change at every position, and every
// length 0..40; and CheckFormat kOk whenever it accepts. Each value is
// copied to an exact heap block, so ASan sees any read past it.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "fixwire/dictionary/internal/dictionary_value_format.h"

namespace fixwire {
namespace {

using dictionary_internal::CheckFormat;
using dictionary_internal::UtcTimestampOk;
using dictionary_internal::UtcTimestampOkSwar;

// Agree: both checks on an exact heap copy of v; true when they accept.
bool Agree(const std::string& v) {
  std::unique_ptr<char[]> own(new char[v.empty() ? 1 : v.size()]);
  std::memcpy(own.get(), v.data(), v.size());
  const bool got = UtcTimestampOk(own.get(), v.size());
  const bool want = UtcTimestampOkSwar(own.get(), v.size());
  EXPECT_EQ(got, want) << "'" << v << "'";
  if (got) {
    EXPECT_EQ(CheckFormat(FieldType::kUtcTimestamp, v), ErrorCode::kOk) << "'" << v << "'";
  }
  return got;
}

std::string Timestamp(unsigned y, unsigned mo, unsigned d, unsigned h, unsigned mi, unsigned s,
                      const std::string& fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04u%02u%02u-%02u:%02u:%02u", y % 10000, mo % 100, d % 100,
                h % 100, mi % 100, s % 100);
  return std::string(buf) + fraction;
}

const std::vector<std::string>& Fractions() {
  static const std::vector<std::string> f = {"",           ".123",          ".000999",
                                             ".987654321", ".000000000001", ".1",
                                             ".12",        ".1234",         ".1234567890123"};
  return f;
}

TEST(TimestampLanesTest, RandomValidTimestampsEveryFraction) {
  std::mt19937_64 rng(17);
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    const unsigned y = 1600 + rng() % 800;
    const unsigned mo = 1 + rng() % 12;
    const unsigned d = 1 + rng() % 31;
    const unsigned h = rng() % 24;
    const unsigned mi = rng() % 60;
    const unsigned s = rng() % 61;  // :60 included
    std::string frac;
    const unsigned width = rng() % 5 * 3;
    if (width != 0) {
      frac = ".";
      for (unsigned k = 0; k < width; ++k) frac += static_cast<char>('0' + rng() % 10);
    }
    accepted += Agree(Timestamp(y, mo, d, h, mi, s, frac)) ? 1 : 0;
  }
  EXPECT_GT(accepted, 10000);  // the generator mostly makes valid ones
}

TEST(TimestampLanesTest, FieldEdgesAndLeapYears) {
  const unsigned years[] = {0,    1,    999,  1600, 1677, 1678, 1679, 1899, 1900, 1904, 1970,
                            1999, 2000, 2023, 2024, 2099, 2100, 2104, 2260, 2261, 2262, 9999};
  for (unsigned y : years) {
    for (unsigned mo : {0u, 1u, 2u, 3u, 4u, 9u, 11u, 12u, 13u, 19u, 20u, 99u}) {
      for (unsigned d : {0u, 1u, 9u, 10u, 27u, 28u, 29u, 30u, 31u, 32u, 39u, 40u, 99u}) {
        for (const std::string& f : Fractions()) Agree(Timestamp(y, mo, d, 12, 30, 30, f));
      }
    }
    for (unsigned h : {0u, 9u, 10u, 19u, 20u, 23u, 24u, 29u, 99u}) {
      for (unsigned mi : {0u, 9u, 10u, 59u, 60u, 99u}) {
        for (unsigned s : {0u, 9u, 10u, 59u, 60u, 61u, 69u, 99u}) {
          Agree(Timestamp(y, 2, 29, h, mi, s, ""));
          Agree(Timestamp(y, 12, 31, h, mi, s, ".999"));
        }
      }
    }
  }
}

TEST(TimestampLanesTest, EverySingleByteChangeAtEveryPosition) {
  std::vector<std::string> bases;
  for (const std::string& f : Fractions()) {
    bases.push_back(Timestamp(2024, 2, 29, 23, 59, 60, f));
    bases.push_back(Timestamp(1678, 1, 1, 0, 0, 0, f));
    bases.push_back(Timestamp(2261, 12, 31, 19, 9, 10, f));
  }
  for (const std::string& base : bases) {
    ASSERT_EQ(UtcTimestampOkSwar(base.data(), base.size()),
              base.size() == 17 || base.size() == 21 || base.size() == 24 || base.size() == 27 ||
                  base.size() == 30);
    for (std::size_t at = 0; at < base.size(); ++at) {
      for (int b = 0; b < 256; ++b) {
        std::string v = base;
        v[at] = static_cast<char>(b);
        Agree(v);
      }
    }
  }
}

TEST(TimestampLanesTest, EveryLength0To40) {
  std::mt19937_64 rng(40);
  const std::string valid = Timestamp(2000, 2, 29, 1, 2, 3, ".123456789012") + "0123456789";
  const char alphabet[] = "0123456789-:.Z ";
  for (std::size_t n = 0; n <= 40; ++n) {
    Agree(valid.substr(0, n));
    for (int i = 0; i < 2000; ++i) {
      std::string v = valid.substr(0, n);
      // A few bytes changed to shape characters or random bytes.
      const int changes = static_cast<int>(rng() % 3);
      for (int c = 0; c < changes && n != 0; ++c) {
        const std::size_t at = rng() % n;
        v[at] = rng() % 2 ? alphabet[rng() % (sizeof alphabet - 1)] : static_cast<char>(rng());
      }
      Agree(v);
    }
  }
}

}  // namespace
}  // namespace fixwire
