// encoder_test_support.h: random FIX messages described by native values, the
// calls that encode them, and the wire bytes they must give, assembled
// independently (std::to_string, string arithmetic, a year-walk calendar and
// a plain byte-sum loop; nothing from the encoder).
#ifndef FIXWIRE_TESTS_CODEC_ENCODER_TEST_SUPPORT_H_
#define FIXWIRE_TESTS_CODEC_ENCODER_TEST_SUPPORT_H_

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/encode/encoder.h"

namespace fixwire::test_support {

inline std::string Frame(std::string_view begin_string, std::string_view body) {
  std::string m = "8=" + std::string(begin_string) + "\x01" "9=" + std::to_string(body.size()) + "\x01";
  m += body;
  unsigned sum = 0;
  for (unsigned char c : m) sum += c;
  sum %= 256;
  m += "10=";
  m += static_cast<char>('0' + sum / 100);
  m += static_cast<char>('0' + sum / 10 % 10);
  m += static_cast<char>('0' + sum % 10);
  m += '\x01';
  return m;
}

inline std::string RefDecimal(std::int64_t m, int exponent) {
  const bool negative = m < 0;
  std::string digits = std::to_string(m);
  if (negative) digits.erase(0, 1);
  std::string out;
  if (exponent >= 0) {
    out = digits;
    if (digits != "0") out += std::string(static_cast<std::size_t>(exponent), '0');
  } else {
    const auto frac = static_cast<std::size_t>(-exponent);
    if (digits.size() <= frac) digits.insert(0, frac - digits.size() + 1, '0');
    out = digits.substr(0, digits.size() - frac) + "." + digits.substr(digits.size() - frac);
  }
  return negative ? "-" + out : out;
}

inline std::string RefTimestamp(std::int64_t ns, TimePrecision p) {
  auto leap = [](std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; };
  std::int64_t days = ns / kNanosPerDay, rem = ns % kNanosPerDay;
  if (rem < 0) {
    rem += kNanosPerDay;
    --days;
  }
  std::int64_t y = 1970;
  while (days < 0) days += leap(--y) ? 366 : 365;
  while (days >= (leap(y) ? 366 : 365)) days -= leap(y++) ? 366 : 365;
  const int lengths[12] = {31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int m = 0;
  while (days >= lengths[m]) days -= lengths[m++];
  const std::int64_t sec = rem / kNanosPerSecond, frac = rem % kNanosPerSecond;
  char text[64];
  std::snprintf(text, sizeof text, "%04" PRId64 "%02d%02d-%02" PRId64 ":%02" PRId64 ":%02" PRId64, y, m + 1,
                static_cast<int>(days) + 1, sec / 3600, sec / 60 % 60, sec % 60);
  std::string s = text;
  char f[24];
  switch (p) {
    case TimePrecision::kSeconds: break;
    case TimePrecision::kMillis: std::snprintf(f, sizeof f, ".%03" PRId64, frac / 1000000); s += f; break;
    case TimePrecision::kMicros: std::snprintf(f, sizeof f, ".%06" PRId64, frac / 1000); s += f; break;
    case TimePrecision::kNanos: std::snprintf(f, sizeof f, ".%09" PRId64, frac); s += f; break;
    case TimePrecision::kPicos: std::snprintf(f, sizeof f, ".%09" PRId64 "000", frac); s += f; break;
  }
  return s;
}

// One field of a random message, by native value.
struct SpecField {
  enum class Kind { kString, kInt, kUint, kChar, kDecimal, kTimestamp, kData, kGroupCount };
  Kind kind = Kind::kString;
  std::uint32_t tag = 0;
  std::string text;          // kString, kData (bytes)
  std::int64_t integer = 0;  // kInt, kDecimal mantissa, kTimestamp ns
  std::uint64_t unsigned_value = 0;  // kUint, kGroupCount
  std::int32_t exponent = 0;
  char ch = 0;
  TimePrecision precision = TimePrecision::kMillis;
  std::uint32_t data_tag = 0;  // kData: the data field's tag (tag is the length field)
};

struct SpecMessage {
  std::string begin_string;
  std::string msg_type;
  std::vector<SpecField> fields;  // after 35, in wire order (group entries inline)
};

// Length/data tag pairs used for data fields (standard FIX pairs).
inline constexpr std::pair<std::uint32_t, std::uint32_t> kDataPairs[] = {{95, 96}, {212, 213}, {354, 355}};

inline std::string RandomText(std::mt19937_64& rng, std::size_t max_len, bool allow_soh) {
  std::string s(1 + rng() % max_len, 'x');
  for (char& c : s) {
    if (allow_soh) {
      c = static_cast<char>(rng() % 256);
    } else {
      do c = static_cast<char>(rng() % 256);
      while (c == '\x01');
    }
  }
  return s;
}

// Body tags avoid 8, 9, 10, 35 and every standard Length/data tag (a decoder
// treats those as data fields); 58 etc. are fine.
inline std::uint32_t RandomTag(std::mt19937_64& rng) {
  static constexpr std::uint32_t kBadTags[] = {
      8,    9,    10,   35,   89,   90,   91,   93,   95,   96,   212,  213,  348,  349,  350,  351,  352,
      353,  354,  355,  356,  357,  358,  359,  360,  361,  362,  363,  364,  365,  445,  446,  618,  619,
      621,  622,  1184, 1185, 1277, 1278, 1280, 1281, 1282, 1283, 1397, 1398, 1401, 1402, 1403, 1404, 1468, 1469};
  for (;;) {
    std::uint32_t t;
    switch (rng() % 4) {
      case 0: t = 1 + static_cast<std::uint32_t>(rng() % 99); break;
      case 1: t = 1 + static_cast<std::uint32_t>(rng() % 9999); break;
      case 2: t = 1 + static_cast<std::uint32_t>(rng() % 999999); break;
      default: t = 1 + static_cast<std::uint32_t>(rng() % 999999999); break;
    }
    bool bad = false;
    for (std::uint32_t b : kBadTags) bad |= (t == b);
    if (!bad) return t;
  }
}

inline void AddRandomFields(std::mt19937_64& rng, int depth, std::size_t count, std::vector<SpecField>* out) {
  for (std::size_t i = 0; i < count; ++i) {
    SpecField f;
    f.tag = RandomTag(rng);
    const auto pick = rng() % (depth < 2 ? 9 : 8);
    switch (pick) {
      case 0: case 1:
        f.kind = SpecField::Kind::kString;
        f.text = RandomText(rng, 24, false);
        break;
      case 2:
        f.kind = SpecField::Kind::kInt;
        f.integer = static_cast<std::int64_t>(rng()) >> (rng() % 64);
        break;
      case 3:
        f.kind = SpecField::Kind::kUint;
        f.unsigned_value = rng() >> (rng() % 64);
        break;
      case 4:
        f.kind = SpecField::Kind::kChar;
        do f.ch = static_cast<char>(rng() % 256);
        while (f.ch == '\x01');
        break;
      case 5:
        f.kind = SpecField::Kind::kDecimal;
        f.integer = static_cast<std::int64_t>(rng()) >> (rng() % 64);
        f.exponent = static_cast<std::int32_t>(rng() % 25) - 20;
        break;
      case 6: {
        f.kind = SpecField::Kind::kTimestamp;
        f.integer = static_cast<std::int64_t>(rng());
        constexpr TimePrecision kP[] = {TimePrecision::kSeconds, TimePrecision::kMillis, TimePrecision::kMicros,
                                        TimePrecision::kNanos, TimePrecision::kPicos};
        f.precision = kP[rng() % 5];
        break;
      }
      case 7: {
        f.kind = SpecField::Kind::kData;
        const auto& pair = kDataPairs[rng() % 3];
        f.tag = pair.first;
        f.data_tag = pair.second;
        f.text = RandomText(rng, 40, true);
        break;
      }
      default: {  // a group, possibly nested
        f.kind = SpecField::Kind::kGroupCount;
        f.unsigned_value = rng() % 4;
        out->push_back(f);
        for (std::uint64_t e = 0; e < f.unsigned_value; ++e) AddRandomFields(rng, depth + 1, 1 + rng() % 3, out);
        continue;
      }
    }
    out->push_back(f);
  }
}

inline SpecMessage RandomMessage(std::mt19937_64& rng) {
  static const char* kVersions[] = {"FIX.4.2", "FIX.4.4", "FIXT.1.1"};
  static const char* kTypes[] = {"0", "D", "8", "AE", "W", "X", "U1"};
  SpecMessage m;
  m.begin_string = kVersions[rng() % 3];
  m.msg_type = kTypes[rng() % 7];
  AddRandomFields(rng, 0, rng() % 30, &m.fields);
  return m;
}

// EncodeSpec begins `e` and adds every field (no Finish).
inline void EncodeSpec(const SpecMessage& m, Encoder& e) {
  e.Begin(m.begin_string, m.msg_type);
  for (const SpecField& f : m.fields) {
    switch (f.kind) {
      case SpecField::Kind::kString: e.AddString(f.tag, f.text); break;
      case SpecField::Kind::kInt: e.AddInt(f.tag, f.integer); break;
      case SpecField::Kind::kUint: e.AddUint(f.tag, f.unsigned_value); break;
      case SpecField::Kind::kChar: e.AddChar(f.tag, f.ch); break;
      case SpecField::Kind::kDecimal: e.AddDecimal(f.tag, Decimal{f.integer, f.exponent}); break;
      case SpecField::Kind::kTimestamp: e.AddTimestamp(f.tag, f.integer, f.precision); break;
      case SpecField::Kind::kData: e.AddData(f.tag, f.data_tag, f.text); break;
      case SpecField::Kind::kGroupCount: e.AddUint(f.tag, f.unsigned_value); break;
    }
  }
}

// ExpectedFields lists (tag, wire value) for 35 and every body field.
inline std::vector<std::pair<std::uint32_t, std::string>> ExpectedFields(const SpecMessage& m) {
  std::vector<std::pair<std::uint32_t, std::string>> out;
  out.emplace_back(35, m.msg_type);
  for (const SpecField& f : m.fields) {
    switch (f.kind) {
      case SpecField::Kind::kString: out.emplace_back(f.tag, f.text); break;
      case SpecField::Kind::kInt: out.emplace_back(f.tag, std::to_string(f.integer)); break;
      case SpecField::Kind::kUint:
      case SpecField::Kind::kGroupCount: out.emplace_back(f.tag, std::to_string(f.unsigned_value)); break;
      case SpecField::Kind::kChar: out.emplace_back(f.tag, std::string(1, f.ch)); break;
      case SpecField::Kind::kDecimal: out.emplace_back(f.tag, RefDecimal(f.integer, f.exponent)); break;
      case SpecField::Kind::kTimestamp: out.emplace_back(f.tag, RefTimestamp(f.integer, f.precision)); break;
      case SpecField::Kind::kData:
        out.emplace_back(f.tag, std::to_string(f.text.size()));
        out.emplace_back(f.data_tag, f.text);
        break;
    }
  }
  return out;
}

inline std::string ExpectedMessage(const SpecMessage& m) {
  std::string body;
  for (const auto& [tag, value] : ExpectedFields(m)) body += std::to_string(tag) + "=" + value + "\x01";
  return Frame(m.begin_string, body);
}

}  // namespace fixwire::test_support

#endif  // FIXWIRE_TESTS_CODEC_ENCODER_TEST_SUPPORT_H_
