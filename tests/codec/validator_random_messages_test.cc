// ValidateMessage's one-pass path against the two-pass path on messages
// generated from the shipped dictionaries (FIX 4.2, FIX 4.4, FIXT 1.1 and
// FIX 5.0 SP2, each as both the header and the body dictionary): for a
// random message type, its header, body and trailer fields (every required
// one, some optional ones, sometimes a repeating group with a few entries)
// with values of each field's type (enumerated values from the dictionary),
// then random mutations (fields dropped, repeated, swapped, retagged,
// values replaced by boundary values or broken). The two paths must give
// the same ValidationResult (check, reason, tag, offset) and, for a valid
// message, the same group records.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_records_test_util.h"
#include "tests/codec/validation_agreement_test_util.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::DictionaryCache;
using testing::ExpectSameRecords;
using testing::Join;
using testing::Mutate;

struct Source {
  const char* file;
  const char* begin;  // BeginString on the wire
};

const Source kSources[] = {
    {"codec/dictionaries/FIX42.xml", "FIX.4.2"},
    {"codec/dictionaries/FIX44.xml", "FIX.4.4"},
    {"codec/dictionaries/FIXT11.xml", "FIXT.1.1"},
    {"codec/dictionaries/FIX50SP2.xml", "FIX.5.0SP2"},
};

// Values a mutation may put anywhere: empty, boundary and broken ones of
// most types.
const char* const kValues[] = {"",
                               "0",
                               "1",
                               "-1",
                               "Y",
                               "N",
                               " ",
                               "x",
                               "A",
                               "1.5",
                               "-0.25",
                               ".5",
                               "5.",
                               ".",
                               "-",
                               "12345678",
                               "123456789",
                               "999999999999999999",
                               "9999999999999999999",
                               "00000000000000000001",
                               "20240102-03:04:05",
                               "20240102-03:04:05.678",
                               "20240102-03:04:05.678901",
                               "20240102-23:59:60",
                               "20240229-03:04:05",
                               "20230229-03:04:05",
                               "20241301-03:04:05",
                               "20240102-24:00:00",
                               "20240102-03:04:05.67",
                               "16770101-00:00:00",
                               "22611231-23:59:59.999",
                               "03:04:05",
                               "03:04:05.123",
                               "23:59:60",
                               "24:00:00",
                               "20240102",
                               "202401",
                               "USD",
                               "US",
                               "en",
                               "XNAS",
                               "A B",
                               "D5",
                               "32",
                               "15"};

// ValueOf: a value of the field's type (one of its enumerated values when
// it has them).
std::string ValueOf(const Dictionary& d, const FieldDef& f, std::mt19937& rng) {
  if (f.has_enums()) {
    auto listing = d.enum_listing(f);
    if (!listing.empty()) return listing[rng() % listing.size()].first;
  }
  auto digits = [&](int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s.push_back(static_cast<char>('0' + rng() % 10));
    if (s[0] == '0' && n > 1) s[0] = '1';
    return s;
  };
  switch (f.type) {
    case FieldType::kInt:
      return (rng() % 4 == 0 ? "-" : "") + digits(1 + static_cast<int>(rng() % 12));
    case FieldType::kLength:
    case FieldType::kNumInGroup:
    case FieldType::kSeqNum:
      return digits(1 + static_cast<int>(rng() % 12));
    case FieldType::kTagNum:
      return digits(1 + static_cast<int>(rng() % 4));
    case FieldType::kDayOfMonth:
      return std::to_string(1 + rng() % 31);
    case FieldType::kFloat:
    case FieldType::kQty:
    case FieldType::kPrice:
    case FieldType::kPriceOffset:
    case FieldType::kAmt:
    case FieldType::kPercentage:
      return (rng() % 5 == 0 ? "-" : "") + digits(1 + static_cast<int>(rng() % 9)) +
             (rng() % 2 ? "." + digits(1 + static_cast<int>(rng() % 6)) : "");
    case FieldType::kChar:
      return std::string(1, static_cast<char>('A' + rng() % 26));
    case FieldType::kBoolean:
      return rng() % 2 ? "Y" : "N";
    case FieldType::kUtcTimestamp: {
      static const char* const kFractions[] = {"", ".123", ".123456", ".123456789"};
      return "2024" + std::string(rng() % 2 ? "0229" : "1231") + "-" +
             std::to_string(10 + rng() % 14) + ":" + std::to_string(10 + rng() % 50) + ":" +
             std::to_string(10 + rng() % 51) + kFractions[rng() % 4];
    }
    case FieldType::kUtcTimeOnly:
    case FieldType::kLocalMktTime:
      return std::to_string(10 + rng() % 14) + ":30:" + std::to_string(10 + rng() % 51) +
             (rng() % 2 ? ".250" : "");
    case FieldType::kUtcDateOnly:
    case FieldType::kLocalMktDate:
      return "20240131";
    case FieldType::kMonthYear:
      return "202403";
    case FieldType::kCurrency:
      return "EUR";
    case FieldType::kCountry:
      return "DE";
    case FieldType::kLanguage:
      return "de";
    case FieldType::kExchange:
      return "XETR";
    case FieldType::kTzTimestamp:
      return "20240102-03:04:05Z";
    case FieldType::kTzTimeOnly:
      return "03:04Z";
    case FieldType::kTenor:
      return "M3";
    case FieldType::kMultipleCharValue:
      return "A";
    case FieldType::kMultipleValueString:
      return "AB CD";
    default: {
      std::string s;
      const int n = 1 + static_cast<int>(rng() % 10);
      for (int i = 0; i < n; ++i) s.push_back(static_cast<char>('a' + rng() % 26));
      return s;
    }
  }
}

class RandomMessagesTest : public ::testing::Test {
 protected:
  // AddScope appends fields of `s` (every required one, about a third of
  // the optional ones, a group with 1..3 entries now and then), skipping
  // 8, 9, 35 and 10 (Frame writes them) and Length/Data pairs.
  void AddScope(const Dictionary& d, const Scope& s, std::mt19937& rng, int depth,
                std::vector<std::string>& out, std::vector<std::string>& tags) {
    for (const ScopeMember& m : d.members(s)) {
      if (m.tag == 8 || m.tag == 9 || m.tag == 35 || m.tag == 10) continue;
      const FieldDef* f = d.field(m.tag);
      if (f == nullptr || f->is_data() || f->is_length()) continue;
      tags.push_back(std::to_string(m.tag));
      if (m.group != 0) {
        if (depth >= 2 || (!m.required && rng() % 5 != 0)) continue;
        const Scope& g = d.scope(m.group);
        const int entries = 1 + static_cast<int>(rng() % 3);
        out.push_back(std::to_string(m.tag) + "=" + std::to_string(entries));
        for (int e = 0; e < entries; ++e) {
          const std::size_t before = out.size();
          AddScope(d, g, rng, depth + 1, out, tags);
          // An entry starts with its delimiter.
          const std::string delimiter = std::to_string(g.delimiter) + "=";
          if (out.size() == before || out[before].rfind(delimiter, 0) != 0) {
            const FieldDef* df = d.field(g.delimiter);
            if (df == nullptr) continue;
            out.insert(out.begin() + static_cast<std::ptrdiff_t>(before),
                       delimiter + ValueOf(d, *df, rng));
          }
        }
        continue;
      }
      if (!m.required && rng() % 3 != 0) continue;
      out.push_back(std::to_string(m.tag) + "=" + ValueOf(d, *f, rng));
    }
  }

  void Compare(const Dictionary& d, const Source& src, std::string_view type,
               const std::string& fields) {
    agree_.Compare(d, src.begin, type, fields, std::string(src.file) + " " + std::string(type));
  }

  DictionaryCache dicts_;
  testing::ValidationAgreement agree_;
};

TEST_F(RandomMessagesTest, OnePassAgreesWithTwoPass) {
  std::mt19937 rng(0x5EED15);
  int unmutated_valid = 0, unmutated = 0;
  for (int iter = 0; iter < 12000; ++iter) {
    const Source& src = kSources[iter % 4];
    const Dictionary& d = dicts_.Get(src.file);
    const auto messages = d.messages();
    const MessageDef& m = messages[rng() % messages.size()];
    std::vector<std::string> fields, tags;
    AddScope(d, d.header(), rng, 0, fields, tags);
    AddScope(d, d.scope(m.body), rng, 0, fields, tags);
    AddScope(d, d.trailer(), rng, 0, fields, tags);
    const std::string type(d.message_type(m));
    if (iter % 3 == 0) {
      const int before = agree_.valid();
      Compare(d, src, type, Join(fields));
      if (HasFatalFailure()) return;
      ++unmutated;
      unmutated_valid += agree_.valid() - before;
    }
    tags.push_back("9999");
    tags.push_back("5001");
    tags.push_back("10");
    tags.push_back("49");
    std::vector<const char*> tag_ptrs;
    for (const std::string& t : tags) tag_ptrs.push_back(t.c_str());
    Mutate(fields, rng, tag_ptrs, kValues);
    Compare(d, src, type, Join(fields));
    if (HasFatalFailure()) return;
  }
  // Both outcomes, often enough to mean something; most generated messages
  // of the FIX 4.x dictionaries are valid before mutation.
  EXPECT_GT(unmutated_valid, unmutated / 4);
  EXPECT_GT(agree_.valid(), agree_.compared() / 10);
  EXPECT_GT(agree_.compared() - agree_.valid(), agree_.compared() / 3);
}

}  // namespace
}  // namespace fixwire
