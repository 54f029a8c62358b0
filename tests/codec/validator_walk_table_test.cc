// The validator's compiled walk tables (Dictionary::walk_table and
// walk_char_sets, codec/internal/validation_tables.h) against what they are
// compiled from, and the one-pass path that reads them against the two-pass
// path:
//   - every tag of every shipped and test dictionary: the entry's ordinal,
//     placement, group-count and stop flags and check kind agree with its
//     TagInfo; a char set accepts exactly the one-byte values QuickValueOk
//     accepts (every byte value, lengths 0..3);
//   - random messages generated from the FIX 4.2, 4.4 and 5.0SP2
//     dictionaries (every message type, random optional fields, groups,
//     values of every field type, enums, boundary timestamps), then mutated:
//     ValidateMessage's answer (one pass first) equals the two-pass path's,
//     and for a valid message the group records are the same.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "fixwire/dictionary/internal/dictionary_value_format.h"
#include "fixwire/dictionary/internal/validation_tables.h"
#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_records_test_util.h"
#include "tests/codec/validation_agreement_test_util.h"

namespace fixwire {
namespace {

using dictionary_internal::WalkCheck;
using testing::Decoded;
using testing::DecodeInto;
using testing::DictionaryCache;
using testing::ExpectSameRecords;
using testing::Frame;
using testing::Join;
using testing::Mutate;
using testing::Split;

const char* const kDictionaries[] = {
    "codec/dictionaries/FIX42.xml",    "codec/dictionaries/FIX44.xml",
    "codec/dictionaries/FIX50SP2.xml", "codec/dictionaries/FIXT11.xml",
    "tests/data/dictionaries/mini44.xml", "tests/data/dictionaries/custom.xml",
};

TEST(WalkTableTest, EntriesAgreeWithTagInfo) {
  DictionaryCache dicts;
  for (const char* file : kDictionaries) {
    const Dictionary& d = dicts.Get(file);
    const auto table = d.walk_table();
    const auto tags = d.tag_table();
    ASSERT_EQ(table.size(), tags.size()) << file;
    int char_sets = 0;
    for (std::uint32_t tag = 0; tag < table.size(); ++tag) {
      const std::uint64_t e = table[tag];
      const TagInfo info = tags[tag];
      const std::uint32_t route = dictionary_internal::WalkRoute(e);
      ASSERT_EQ(dictionary_internal::WalkOrdinal(e), info.ordinal) << file << " tag " << tag;
      if (!info.defined()) {
        ASSERT_EQ(e, dictionary_internal::kUndefinedWalkEntry) << file << " tag " << tag;
        continue;
      }
      const WalkCheck check = dictionary_internal::WalkCheckIn(e);
      ASSERT_EQ(check, dictionary_internal::WalkCheckOf(info.value_class)) << file << " tag " << tag;
      ASSERT_EQ(route & 3u, info.placement) << file << " tag " << tag;
      ASSERT_EQ((route & dictionary_internal::kRouteGroupCount) != 0,
                (info.flags & FieldDef::kIsGroupCount) != 0)
          << file << " tag " << tag;
      ASSERT_EQ((route & dictionary_internal::kRouteStop) != 0, check == WalkCheck::kNone)
          << file << " tag " << tag;
      ASSERT_EQ(route & ~15u, 0u) << file << " tag " << tag;
      ASSERT_EQ((e >> 51) & 31u, 0u) << file << " tag " << tag;
      if (check != WalkCheck::kCharSet) continue;
      ++char_sets;
      // The set accepts exactly what QuickValueOk accepts, for every byte
      // value as the first byte, at lengths 0..3.
      const std::uint64_t* set = d.walk_char_sets() + 4 * dictionary_internal::WalkCharSet(e);
      for (int n = 0; n <= 3; ++n) {
        for (int c = 0; c < 256; ++c) {
          const char v[3] = {static_cast<char>(c), static_cast<char>(c), 'A'};
          const bool walk = n == 1 && ((set[c >> 6] >> (c & 63)) & 1u);
          ASSERT_EQ(walk, dictionary_internal::QuickValueOk(d, info, v, static_cast<std::size_t>(n)))
              << file << " tag " << tag << " byte " << c << " length " << n;
        }
      }
    }
    EXPECT_GT(char_sets, 0) << file;
  }
}

// --- random messages from a dictionary ---

class MessageGenerator {
 public:
  MessageGenerator(const Dictionary& d, std::mt19937& rng) : d_(d), rng_(rng) {}

  // Fields after 35, '|'-separated: the header's, the body's and the
  // trailer's members (required ones always, others at random) with values
  // of their types; each group with 0..3 entries.
  std::string Message(const MessageDef& m) {
    std::vector<std::string> out;
    EmitScope(d_.header(), out, /*skip_first=*/true);
    EmitScope(d_.scope(m.body), out, false);
    EmitScope(d_.trailer(), out, false);
    return Join(out);
  }

 private:
  bool Chance(int percent) { return static_cast<int>(rng_() % 100) < percent; }

  void EmitScope(const fixwire::Scope& s, std::vector<std::string>& out, bool skip_first) {
    for (const ScopeMember& m : d_.members(s)) {
      // 8, 9, 35 and 10 are Frame's.
      if (m.tag == 8 || m.tag == 9 || m.tag == 35 || m.tag == 10) continue;
      if (skip_first && m.tag == 8) continue;
      const FieldDef& f = d_.fields()[m.ordinal];
      if (f.is_length() || f.is_data()) continue;  // Length/Data pairs: not generated
      if (!m.required && !Chance(40)) continue;
      if (m.group != 0) {
        const int entries = static_cast<int>(rng_() % 4);
        out.push_back(std::to_string(m.tag) + "=" + std::to_string(entries));
        for (int k = 0; k < entries; ++k) Entry(d_.scope(m.group), out);
        continue;
      }
      out.push_back(std::to_string(m.tag) + "=" + Value(f));
    }
  }

  void Entry(const fixwire::Scope& g, std::vector<std::string>& out) {
    bool first = true;
    for (const ScopeMember& m : d_.members(g)) {
      const FieldDef& f = d_.fields()[m.ordinal];
      if (f.is_length() || f.is_data()) {
        first = false;
        continue;
      }
      if (!first && !m.required && !Chance(50)) continue;
      first = false;
      if (m.group != 0) {
        const int entries = static_cast<int>(rng_() % 3);
        out.push_back(std::to_string(m.tag) + "=" + std::to_string(entries));
        for (int k = 0; k < entries; ++k) Entry(d_.scope(m.group), out);
        continue;
      }
      out.push_back(std::to_string(m.tag) + "=" + Value(f));
    }
  }

  std::string Pick(const std::vector<std::string>& v) { return v[rng_() % v.size()]; }

  std::string Timestamp() {
    static const std::vector<std::string> dates = {"20240229", "20230228", "16780101", "22611231",
                                                   "20241231", "20240131", "20240430", "20000229",
                                                   "19000228", "20240101"};
    static const std::vector<std::string> times = {"00:00:00", "23:59:59", "23:59:60", "12:30:45",
                                                   "09:05:01"};
    static const std::vector<std::string> fractions = {"", ".000", ".123", ".999999",
                                                       ".123456789", ".123456789012"};
    return Pick(dates) + "-" + Pick(times) + Pick(fractions);
  }

  std::string Value(const FieldDef& f) {
    if (f.has_enums() && Chance(90)) {
      const auto listing = d_.enum_listing(f);
      if (!listing.empty()) {
        std::string v = listing[rng_() % listing.size()].first;
        if (f.type == FieldType::kMultipleCharValue || f.type == FieldType::kMultipleValueString) {
          if (Chance(30)) v += " " + listing[rng_() % listing.size()].first;
        }
        return v;
      }
    }
    switch (f.type) {
      case FieldType::kChar: return Pick({"A", "1", "z", "~"});
      case FieldType::kBoolean: return Pick({"Y", "N"});
      case FieldType::kInt: return Pick({"0", "7", "-12", "123456789", "123456789012345678"});
      case FieldType::kLength:
      case FieldType::kNumInGroup:
      case FieldType::kSeqNum: return Pick({"0", "1", "42", "12345678", "999999999999999999"});
      case FieldType::kTagNum: return Pick({"1", "55", "9999"});
      case FieldType::kDayOfMonth: return Pick({"1", "15", "31"});
      case FieldType::kFloat:
      case FieldType::kQty:
      case FieldType::kPrice:
      case FieldType::kPriceOffset:
      case FieldType::kAmt:
      case FieldType::kPercentage:
        return Pick({"0", "1.5", "-2.25", "100", ".5", "5.", "12345678.12345678", "0.0001"});
      case FieldType::kCountry: return "US";
      case FieldType::kCurrency: return "USD";
      case FieldType::kExchange: return "XNAS";
      case FieldType::kLanguage: return "en";
      case FieldType::kMonthYear: return Pick({"202401", "20240115", "202401w2"});
      case FieldType::kUtcTimestamp: return Timestamp();
      case FieldType::kUtcTimeOnly:
      case FieldType::kLocalMktTime: return Pick({"00:00:00", "23:59:60", "12:30:45.123"});
      case FieldType::kUtcDateOnly:
      case FieldType::kLocalMktDate: return Pick({"20240229", "20241231"});
      case FieldType::kTzTimeOnly: return "12:30Z";
      case FieldType::kTzTimestamp: return "20240102-12:30:00Z";
      case FieldType::kTenor: return "M3";
      default: return Pick({"abc", "X", "a b c", "12"});
    }
  }

  const Dictionary& d_;
  std::mt19937& rng_;
};

class WalkAgreementTest : public ::testing::Test {
 protected:
  void Compare(const Dictionary& d, const std::string& type, const std::string& fields,
               const std::string& what) {
    agree_.Compare(d, d.begin_string(), type, fields, what);
  }

  DictionaryCache dicts_;
  testing::ValidationAgreement agree_;
};

TEST_F(WalkAgreementTest, RandomDictionaryMessagesAndMutations) {
  std::mt19937 rng(0x5eed16);
  const char* tags[] = {"55", "54", "38", "11", "9999", "5001", "49", "56", "52", "60",
                        "10", "35", "21", "40", "44", "59", "34", "146", "453", "268"};
  const char* values[] = {"", "0", "1", "2", "x", " ", "-1", "1.5", "A", "20240102-03:04:05",
                          "20240230-03:04:05", "20240102-24:00:00", "20240102-03:04:61",
                          "20240102-03:04:05.12", "99999999999999999999", "15:30:00", "\x80"};
  for (const char* file : {"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX44.xml",
                           "codec/dictionaries/FIX50SP2.xml"}) {
    const Dictionary& d = dicts_.Get(file);
    MessageGenerator gen(d, rng);
    const auto messages = d.messages();
    ASSERT_FALSE(messages.empty()) << file;
    const int before_compared = agree_.compared();
    const int before_valid = agree_.valid();
    for (int iter = 0; iter < 6000; ++iter) {
      const MessageDef& m = messages[rng() % messages.size()];
      const std::string type(d.message_type(m));
      std::vector<std::string> f = Split(gen.Message(m));
      if (iter % 3 != 0) Mutate(f, rng, tags, values);
      Compare(d, type, Join(f), std::string(file) + " " + type + " iteration " + std::to_string(iter));
      if (HasFatalFailure()) return;
    }
    // Both outcomes, often enough to mean something (FIX 5.0SP2's messages
    // lack a standard header in that dictionary: all rejected).
    EXPECT_GT(agree_.compared() - before_compared, 3000) << file;
    if (std::string(file).find("FIX50") == std::string::npos) {
      EXPECT_GT(agree_.valid() - before_valid, 300) << file;
    }
    EXPECT_GT((agree_.compared() - before_compared) - (agree_.valid() - before_valid), 1000) << file;
  }
}

}  // namespace
}  // namespace fixwire
