// The validator's SWAR value checks (codec/internal/dictionary_value_format.h)
// against simple byte-by-byte references: UtcTimestampOk against the
// previous (digit-pair, loop) implementation kept here as the reference,
// and against CheckFormat, on every single-byte change of valid timestamps
// of each length, random timestamp-shaped values and random bytes.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "fixwire/dictionary/internal/dictionary_value_format.h"
#include "gtest/gtest.h"

namespace fixwire {
namespace {

using dictionary_internal::CheckFormat;
using dictionary_internal::UtcTimestampOk;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
unsigned Two(const char* p) { return (p[0] - '0') * 10u + (p[1] - '0'); }

// ReferenceTimestampOk: YYYYMMDD-HH:MM:SS[.f{3,6,9,12}], year 1678..2261, a
// real date, hour <= 23, minute <= 59, second <= 60; one byte at a time.
bool ReferenceTimestampOk(const char* p, std::size_t n) {
  if (n != 17 && n != 21 && n != 24 && n != 27 && n != 30) return false;
  for (std::size_t i = 0; i < 17; ++i) {
    const bool sep = i == 8 || i == 11 || i == 14;
    if (sep) {
      if (p[i] != (i == 8 ? '-' : ':')) return false;
    } else if (!IsDigit(p[i])) {
      return false;
    }
  }
  const unsigned year = Two(p) * 100 + Two(p + 2);
  const unsigned month = Two(p + 4), day = Two(p + 6);
  const unsigned hour = Two(p + 9), minute = Two(p + 12), second = Two(p + 15);
  if (year < 1678 || year > 2261 || month < 1 || month > 12 || day < 1 || hour > 23 ||
      minute > 59 || second > 60) {
    return false;
  }
  static const unsigned kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (day > (month == 2 && leap ? 29u : kDays[month - 1])) return false;
  if (n == 17) return true;
  if (p[17] != '.') return false;
  for (std::size_t i = 18; i < n; ++i) {
    if (!IsDigit(p[i])) return false;
  }
  return true;
}

// Check: the SWAR check agrees with the reference and, when it accepts,
// with CheckFormat. The value is copied to exactly n bytes of its own
// heap buffer so that ASan sees any read beyond it.
void Check(const std::string& v) {
  std::unique_ptr<char[]> own(new char[v.size() == 0 ? 1 : v.size()]);
  std::memcpy(own.get(), v.data(), v.size());
  const bool quick = v.size() >= 17 ? UtcTimestampOk(own.get(), v.size()) : false;
  const bool ref = ReferenceTimestampOk(v.data(), v.size());
  ASSERT_EQ(quick, ref) << "'" << v << "'";
  if (quick) {
    ASSERT_EQ(CheckFormat(FieldType::kUtcTimestamp, v), ErrorCode::kOk) << "'" << v << "'";
  }
}

TEST(UtcTimestampSwarTest, EverySingleByteChangeOfValidTimestamps) {
  const char* const bases[] = {
      "20261202-09:30:00",          "20240229-23:59:60.123",
      "16780101-00:00:00.000000",   "22611231-23:59:59.999999999",
      "20000229-12:00:00.000000000000", "19000228-05:06:07.890",
      "21000131-19:45:31.5",        "20261130-08:59:58.000001"};
  for (const char* base : bases) {
    const std::string b(base);
    Check(b);
    for (std::size_t i = 0; i < b.size(); ++i) {
      for (int c = 0; c < 256; ++c) {
        std::string v = b;
        v[i] = static_cast<char>(c);
        Check(v);
        if (HasFatalFailure()) return;
      }
    }
  }
}

TEST(UtcTimestampSwarTest, RandomFieldValuesAndLengths) {
  std::mt19937_64 rng(2026);
  auto r = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
  for (int i = 0; i < 400000; ++i) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04u%02u%02u-%02u:%02u:%02u", 1600 + r(800), r(14), r(33),
                  r(26), r(62), r(63));
    std::string v(buf);
    const unsigned width = r(14);
    if (width != 0) {
      v += r(16) == 0 ? ',' : '.';
      for (unsigned k = 0; k < width; ++k) v += static_cast<char>('0' + r(10));
    }
    if (r(4) == 0) v[r(static_cast<unsigned>(v.size()))] = static_cast<char>(rng());
    Check(v);
    if (HasFatalFailure()) return;
  }
}

TEST(UtcTimestampSwarTest, RandomBytes) {
  std::mt19937_64 rng(7);
  const std::string alphabet = "0123456789:-./ \x01\xff";
  for (int i = 0; i < 200000; ++i) {
    const std::size_t n = 17 + rng() % 15;
    std::string v(n, '0');
    for (auto& c : v) {
      c = rng() % 2 ? alphabet[rng() % alphabet.size()] : static_cast<char>(rng());
    }
    Check(v);
    if (HasFatalFailure()) return;
  }
}

// ReferenceTimeOfDayOk: HH:MM:SS[.f{3,6,9,12}], hour <= 23, minute <= 59,
// second <= 60; one byte at a time.
bool ReferenceTimeOfDayOk(const char* p, std::size_t n) {
  if (n != 8 && n != 12 && n != 15 && n != 18 && n != 21) return false;
  for (std::size_t i = 0; i < 8; ++i) {
    if (i == 2 || i == 5 ? p[i] != ':' : !IsDigit(p[i])) return false;
  }
  if (Two(p) > 23 || Two(p + 3) > 59 || Two(p + 6) > 60) return false;
  if (n == 8) return true;
  if (p[8] != '.') return false;
  for (std::size_t i = 9; i < n; ++i) {
    if (!IsDigit(p[i])) return false;
  }
  return true;
}

void CheckTime(const std::string& v) {
  std::unique_ptr<char[]> own(new char[v.size() == 0 ? 1 : v.size()]);
  std::memcpy(own.get(), v.data(), v.size());
  const bool quick = v.size() >= 8 ? dictionary_internal::TimeOfDayOk(own.get(), v.size()) : false;
  ASSERT_EQ(quick, ReferenceTimeOfDayOk(v.data(), v.size())) << "'" << v << "'";
  if (quick) {
    ASSERT_EQ(CheckFormat(FieldType::kUtcTimeOnly, v), ErrorCode::kOk) << "'" << v << "'";
  }
}

TEST(TimeOfDaySwarTest, EverySingleByteChangeAndRandomValues) {
  const char* const bases[] = {"00:00:00", "23:59:60.999", "15:30:00.100000",
                               "09:05:07.000000001", "12:34:56.789012345678"};
  for (const char* base : bases) {
    const std::string b(base);
    CheckTime(b);
    for (std::size_t i = 0; i < b.size(); ++i) {
      for (int c = 0; c < 256; ++c) {
        std::string v = b;
        v[i] = static_cast<char>(c);
        CheckTime(v);
        if (HasFatalFailure()) return;
      }
    }
  }
  std::mt19937_64 rng(11);
  auto r = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
  for (int i = 0; i < 300000; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02u:%02u:%02u", r(26), r(62), r(63));
    std::string v(buf);
    const unsigned width = r(15);
    if (width != 0) {
      v += r(16) == 0 ? ':' : '.';
      for (unsigned k = 0; k < width; ++k) v += static_cast<char>('0' + r(10));
    }
    if (r(4) == 0) v[r(static_cast<unsigned>(v.size()))] = static_cast<char>(rng());
    CheckTime(v);
    if (HasFatalFailure()) return;
  }
}

// ShortUnsigned8 and DecimalSyntax8 against the byte-by-byte ShortUnsigned
// and DecimalSyntax on every value of 1..4 bytes over an alphabet of digits,
// '.', '-' and neighbours, and on random values of 1..8 bytes, each read
// from an 8-byte buffer whose bytes after the value are random.
void CheckShort(const std::string& v, std::uint64_t tail) {
  char buf[8];
  std::memcpy(buf, &tail, 8);
  std::memcpy(buf, v.data(), v.size());
  const std::size_t n = v.size();
  ASSERT_EQ(dictionary_internal::ShortUnsigned8(buf, n), dictionary_internal::ShortUnsigned(v.data(), 0, n))
      << "'" << v << "'";
  if (v[0] != '-') {
    ASSERT_EQ(dictionary_internal::DecimalSyntax8(buf, n), dictionary_internal::DecimalSyntax(v.data(), n))
        << "'" << v << "'";
  }
}

TEST(ShortValueSwarTest, EveryShortValueOverAnAlphabet) {
  const std::string alphabet("0159./-,:\x00\xb0 a", 13);
  std::mt19937_64 rng(3);
  std::vector<std::string> level = {""};
  for (std::size_t n = 1; n <= 4; ++n) {
    std::vector<std::string> next;
    for (const std::string& s : level) {
      for (char c : alphabet) {
        next.push_back(s + c);
        CheckShort(next.back(), rng());
        if (HasFatalFailure()) return;
      }
    }
    level = std::move(next);
  }
}

TEST(ShortValueSwarTest, RandomValuesUpToEightBytes) {
  std::mt19937_64 rng(5);
  const std::string alphabet = "0123456789.-";
  for (int i = 0; i < 300000; ++i) {
    std::string v(1 + rng() % 8, '0');
    for (auto& c : v) {
      c = rng() % 16 ? alphabet[rng() % alphabet.size()] : static_cast<char>(rng());
    }
    CheckShort(v, rng());
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace fixwire
