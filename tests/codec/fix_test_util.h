// fix_test_util.h: independent helpers for the codec's decode tests: a small
// message writer (BodyLength and CheckSum computed here), a deliberately
// simple byte-at-a-time reference parser, and a random message generator.
//
// None of this uses fixwire's codec; the decoder is checked against it.
// Test-only; allocates freely.
#ifndef FIXWIRE_TESTS_CODEC_FIX_TEST_UTIL_H_
#define FIXWIRE_TESTS_CODEC_FIX_TEST_UTIL_H_

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fixwire::testing {

struct RefField {
  std::uint32_t tag;
  std::string value;
  friend bool operator==(const RefField&, const RefField&) = default;
};

// The standard Length -> Data pairs, written out again here (from the FIX
// specification) so the decoder's table is checked rather than reused.
inline const std::map<std::uint32_t, std::uint32_t>& ReferenceLengthPairs() {
  static const auto* pairs = new std::map<std::uint32_t, std::uint32_t>{
      {90, 91},     {93, 89},     {95, 96},     {212, 213},   {348, 349},   {350, 351},
      {352, 353},   {354, 355},   {356, 357},   {358, 359},   {360, 361},   {362, 363},
      {364, 365},   {445, 446},   {618, 619},   {621, 622},   {1184, 1185}, {1277, 1278},
      {1280, 1281}, {1282, 1283}, {1397, 1398}, {1401, 1402}, {1403, 1404}, {1468, 1469}};
  return *pairs;
}

inline unsigned RefChecksum(std::string_view bytes) {
  unsigned sum = 0;
  for (unsigned char c : bytes) sum += c;
  return sum % 256;
}

// Assemble writes 8=begin, 9=<len>, the body fields, 10=<sum>.
inline std::string Assemble(std::string_view begin, const std::vector<RefField>& body) {
  std::string b;
  for (const RefField& f : body) {
    b += std::to_string(f.tag);
    b += '=';
    b += f.value;
    b += '\x01';
  }
  std::string m = "8=" + std::string(begin) + "\x01" + "9=" + std::to_string(b.size()) + "\x01" + b;
  char cs[8];
  std::snprintf(cs, sizeof cs, "%03u", RefChecksum(m));
  m += "10=";
  m += cs;
  m += '\x01';
  return m;
}

// AssembleRaw is Assemble with the BodyLength text and CheckSum text given.
inline std::string WithHeader(std::string_view begin, std::string_view body,
                              std::string_view body_length, std::string_view checksum) {
  return "8=" + std::string(begin) + "\x01" + "9=" + std::string(body_length) + "\x01" +
         std::string(body) + "10=" + std::string(checksum) + "\x01";
}

// ReferenceParse splits a well-formed message into fields the simplest way:
// read digits to '=', then either a data field's declared number of bytes
// or bytes to the next SOH. Returns false on anything unexpected.
inline bool ReferenceParse(std::string_view m, std::vector<RefField>* out) {
  out->clear();
  std::size_t i = 0;
  std::size_t pending_data_length = 0;
  std::uint32_t pending_data_tag = 0;
  while (i < m.size()) {
    std::uint32_t tag = 0;
    std::size_t start = i;
    while (i < m.size() && m[i] >= '0' && m[i] <= '9') tag = tag * 10 + (m[i++] - '0');
    if (i == start || i >= m.size() || m[i] != '=') return false;
    ++i;
    std::string value;
    if (pending_data_tag != 0) {
      if (tag != pending_data_tag || i + pending_data_length >= m.size()) return false;
      value = std::string(m.substr(i, pending_data_length));
      i += pending_data_length;
      if (m[i] != '\x01') return false;
      pending_data_tag = 0;
    } else {
      const std::size_t soh = m.find('\x01', i);
      if (soh == std::string_view::npos) return false;
      value = std::string(m.substr(i, soh - i));
      i = soh;
      auto it = ReferenceLengthPairs().find(tag);
      if (it != ReferenceLengthPairs().end()) {
        pending_data_tag = it->second;
        pending_data_length = std::stoul(value);
      }
    }
    ++i;  // the SOH
    out->push_back(RefField{tag, std::move(value)});
  }
  return pending_data_tag == 0;
}

// RandomMessages makes well-formed messages with random tags (small,
// 5000-9999, 10000+, up to 9 digits, some repeated), random printable values
// (with '='), and data fields holding random bytes including SOH and '='.
class RandomMessageMaker {
 public:
  explicit RandomMessageMaker(std::uint64_t seed) : rng_(seed) {}

  std::uint32_t Uniform(std::uint32_t lo, std::uint32_t hi) {
    return std::uniform_int_distribution<std::uint32_t>(lo, hi)(rng_);
  }

  std::uint32_t RandomTag() {
    switch (Uniform(0, 9)) {
      case 0:
        return Uniform(5000, 9999);
      case 1:
        return Uniform(10000, 99999);
      case 2:
        return Uniform(100000, 999999999);
      case 3:
        return Uniform(11, 60);
      default:
        return Uniform(11, 1500);
    }
  }

  std::string RandomValue(std::size_t max_len) {
    std::string v(Uniform(1, static_cast<std::uint32_t>(max_len)), 'x');
    for (char& c : v) c = static_cast<char>(Uniform(0x20, 0x7e));
    return v;
  }

  std::string RandomData(std::size_t max_len) {
    std::string v(Uniform(1, static_cast<std::uint32_t>(max_len)), 'x');
    for (char& c : v) {
      switch (Uniform(0, 5)) {
        case 0:
          c = '\x01';
          break;
        case 1:
          c = '=';
          break;
        default:
          c = static_cast<char>(Uniform(0, 255));
      }
    }
    return v;
  }

  // Body fields: 35 first, then header-ish fields, then random ones.
  std::vector<RefField> RandomBody(std::size_t max_fields = 40) {
    std::vector<RefField> body;
    body.push_back({35, Uniform(0, 1) ? "D" : RandomValue(2)});
    const std::size_t n = Uniform(0, static_cast<std::uint32_t>(max_fields));
    std::vector<std::uint32_t> used;
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint32_t kind = Uniform(0, 9);
      if (kind == 0) {
        // A data field pair from the standard table.
        auto it = ReferenceLengthPairs().begin();
        std::advance(it, Uniform(0, static_cast<std::uint32_t>(ReferenceLengthPairs().size() - 1)));
        const std::string data = RandomData(40);
        body.push_back({it->first, std::to_string(data.size())});
        body.push_back({it->second, data});
        continue;
      }
      std::uint32_t tag;
      if (kind == 1 && !used.empty()) {
        tag = used[Uniform(0, static_cast<std::uint32_t>(used.size() - 1))];  // a repeat
      } else {
        do tag = RandomTag();
        while (tag == 8 || tag == 9 || tag == 10 || ReferenceLengthPairs().count(tag) != 0);
      }
      used.push_back(tag);
      body.push_back({tag, RandomValue(24)});
    }
    return body;
  }

  std::string RandomMessage(std::vector<RefField>* body_out = nullptr,
                            std::size_t max_fields = 40) {
    std::vector<RefField> body = RandomBody(max_fields);
    std::string m = Assemble(Uniform(0, 1) ? "FIX.4.4" : "FIXT.1.1", body);
    if (body_out != nullptr) *body_out = std::move(body);
    return m;
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
};

// ExactCopy is a heap buffer of exactly the bytes, so AddressSanitizer flags
// any read past its end.
struct ExactCopy {
  explicit ExactCopy(std::string_view s)
      : size(s.size()), data(new char[s.size()]) {
    std::copy(s.begin(), s.end(), data.get());
  }
  std::string_view view() const { return std::string_view(data.get(), size); }
  std::size_t size;
  std::unique_ptr<char[]> data;
};

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_CODEC_FIX_TEST_UTIL_H_
