// dictionary_test_util.h: helpers for the dictionary, group and validator
// tests: build a framed FIX message from a readable field list, decode it.
// Test-only.
#ifndef FIXWIRE_TESTS_CODEC_DICTIONARY_TEST_UTIL_H_
#define FIXWIRE_TESTS_CODEC_DICTIONARY_TEST_UTIL_H_

#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "gtest/gtest.h"

namespace fixwire::testing {

// Frame returns "8=<begin>|9=<len>|35=<type>|<fields>|10=<sum>|" with '|'
// replaced by SOH; `fields` is '|'-separated, without a trailing '|'. The
// length and checksum are computed here, byte by byte.
inline std::string Frame(std::string_view begin, std::string_view type, std::string_view fields) {
  std::string body = "35=" + std::string(type) + "\x01";
  for (char c : fields) body += c == '|' ? '\x01' : c;
  if (!fields.empty()) body += '\x01';
  std::string msg = "8=" + std::string(begin) + "\x01" + "9=" + std::to_string(body.size()) +
                    "\x01" + body;
  unsigned sum = 0;
  for (unsigned char c : msg) sum += c;
  char trailer[16];
  std::snprintf(trailer, sizeof trailer, "10=%03u\x01", sum % 256);
  return msg + trailer;
}

// A standard header after 35 (49, 56, 34, 52).
inline constexpr std::string_view kStdHeader = "49=SENDER|56=TARGET|34=2|52=20240102-03:04:05.678";

inline Dictionary LoadOrDie(const std::string& path) {
  auto d = LoadDictionaryFile(path);
  if (!d.ok()) {
    ADD_FAILURE() << d.status();
    return Dictionary();
  }
  return std::move(*d);
}

// DictionaryCache loads each dictionary once: a file by its path
// (LoadOrDie), or XML text registered under a name with AddXml.
class DictionaryCache {
 public:
  const Dictionary& Get(const std::string& name) {
    for (auto& [n, d] : dicts_) {
      if (n == name) return *d;
    }
    dicts_.emplace_back(name, std::make_unique<Dictionary>(LoadOrDie(name)));
    return *dicts_.back().second;
  }
  void AddXml(const std::string& name, std::string_view xml) {
    auto loaded = LoadDictionaryFromString(xml, name);
    EXPECT_TRUE(loaded.ok()) << loaded.status().message();
    dicts_.emplace_back(name, std::make_unique<Dictionary>(loaded.ok() ? std::move(*loaded)
                                                                      : Dictionary()));
  }

 private:
  std::vector<std::pair<std::string, std::unique_ptr<Dictionary>>> dicts_;
};

// Decoded holds a message's bytes, index and view together.
struct Decoded {
  std::string bytes;
  FieldIndex index{4096};
  MessageView view;
  Error error;
};

inline void DecodeInto(Decoded& d, std::string bytes, const LengthFieldTable* lengths = nullptr) {
  d.bytes = std::move(bytes);
  DecoderOptions options;
  options.length_fields = lengths;
  options.allow_empty_values = true;
  d.error = Decoder(options).Decode(d.bytes, d.index, d.view);
}

// MessageMaker writes random fields for a dictionary's message layouts:
// each member present with probability 2/3, groups of 0..3 entries nested up
// to four deep, values from a small set (counts 0..2 for count fields).
class MessageMaker {
 public:
  MessageMaker(const Dictionary& d, std::mt19937& rng) : d_(d), rng_(rng) {}

  // Fields for `scope` (a body, or one group entry when `entry`), in template
  // order for an entry (the delimiter first), shuffled a little for a body.
  void Fill(const Scope& s, bool entry, int depth, std::vector<std::string>& out) {
    const auto members = d_.members(s);
    for (std::uint32_t p = 0; p < members.size(); ++p) {
      const ScopeMember& m = members[p];
      const bool must = entry && p == 0;
      if (!must && rng_() % 3 == 0) continue;
      if (m.group != 0) {
        if (depth >= 4) continue;
        const Scope& g = d_.scope(m.group);
        const int k = static_cast<int>(rng_() % 4);
        out.push_back(std::to_string(m.tag) + "=" + std::to_string(k));
        for (int e = 0; e < k; ++e) Fill(g, true, depth + 1, out);
        continue;
      }
      const FieldDef* f = d_.field(m.tag);
      if (f == nullptr || f->is_length() || f->is_data()) continue;  // the decoder splits those
      if (m.tag == 8 || m.tag == 9 || m.tag == 35 || m.tag == 10) continue;  // Frame writes them
      out.push_back(std::to_string(m.tag) + "=" + Value(*f));
    }
  }

 private:
  std::string Value(const FieldDef& f) {
    if (f.flags & FieldDef::kIsGroupCount) return std::to_string(rng_() % 3);
    static const char* const kValues[] = {"1", "A", "x", "20240102-03:04:05", "12.5", "N"};
    return kValues[rng_() % 6];
  }

  const Dictionary& d_;
  std::mt19937& rng_;
};


}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_CODEC_DICTIONARY_TEST_UTIL_H_
