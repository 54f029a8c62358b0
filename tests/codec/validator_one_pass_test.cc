// ValidateMessage's one-pass path (every check on, one dictionary) against
// the two-pass path it replaces (IndexGroups, then Validator::Validate):
// the same ValidationResult, and for a valid message the same group records,
// on hand-written messages and on thousands of random mutations of them
// (fields dropped, repeated, swapped, retagged, values broken or emptied,
// counts changed) with the shipped FIX 4.2 / 4.4 dictionaries and the test
// dictionary with nested groups.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "codec/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::Frame;
using testing::LoadOrDie;

struct Base {
  const char* dictionary;  // file
  const char* begin;
  const char* type;
  const char* fields;  // after 35, '|'-separated
};

constexpr const char* kHeader = "49=SENDER|56=TARGET|34=7|52=20240102-03:04:05.678";

const Base kBases[] = {
    {"codec/dictionaries/FIX42.xml", "FIX.4.2", "D",
     "11=ORD000042|21=1|38=5000|40=2|44=123.45|54=1|55=MSFT|59=0|60=20240102-03:04:05.676"},
    {"codec/dictionaries/FIX42.xml", "FIX.4.2", "R",
     "131=QR-1|146=3|55=MSFT|48=US0001|22=4|54=1|38=1000|40=2|55=AAPL|48=US0002|22=4|54=2|"
     "38=2000|40=2|55=IBM|48=US0003|22=4|54=1|38=3000|40=2"},
    {"codec/dictionaries/FIX44.xml", "FIX.4.4", "X",
     "262=MD-7|268=3|279=0|269=0|278=E1|55=EUR/USD|270=1.0834|271=1000000|273=15:30:00.100|"
     "290=1|279=0|269=1|278=E2|55=EUR/USD|270=1.0836|271=1250000|273=15:30:00.101|290=1|"
     "279=1|269=0|278=E3|55=EUR/USD|270=1.0833|271=1500000|273=15:30:00.102|290=2"},
    {"codec/dictionaries/FIX44.xml", "FIX.4.4", "8",
     "6=123.4512|11=ORD42|14=1500|15=USD|17=EX-1|30=XNAS|31=123.45|32=500|37=B-77|38=5000|"
     "39=1|40=2|44=123.45|54=1|55=MSFT|59=0|60=20240102-03:04:05.676|150=F|151=3500"},
    {"codec/dictionaries/FIX44.xml", "FIX.4.4", "0", ""},
    {"tests/data/dictionaries/mini44.xml", "FIX.4.4", "R",
     "131=Q|146=2|55=A|555=2|600=L|624=1|604=1|605=X|606=4|600=M|624=2|55=B|555=1|600=N|624=1|"
     "604=2|605=Y|606=5|605=Z|606=6"},
};

// Splits "a=b|c=d" into fields and joins them back.
std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size() && !s.empty()) {
    std::size_t bar = s.find('|', start);
    if (bar == std::string::npos) bar = s.size();
    out.push_back(s.substr(start, bar - start));
    start = bar + 1;
  }
  return out;
}
std::string Join(const std::vector<std::string>& f) {
  std::string s;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (i != 0) s.push_back('|');
    s += f[i];
  }
  return s;
}

class OnePassTest : public ::testing::Test {
 protected:
  const Dictionary& Dict(const std::string& file) {
    for (auto& [name, d] : dicts_) {
      if (name == file) return *d;
    }
    dicts_.emplace_back(file, std::make_unique<Dictionary>(LoadOrDie(file)));
    return *dicts_.back().second;
  }

  // Compare validates `fields` (after 35) both ways and compares.
  void Compare(const Base& b, const std::string& fields, const std::string& what) {
    const Dictionary& d = Dict(b.dictionary);
    DecodeInto(decoded_, Frame(b.begin, b.type, fields));
    if (!decoded_.error.ok()) return;  // the decoder refused it: nothing to validate
    const Validator validator;
    const ValidationResult one =
        ValidateMessage(decoded_.view, d, d, validator, storage_a_, &msg_a_);
    const ValidationResult two = codec_internal::ValidateMessageTwoPass(
        decoded_.view, d, d, validator, storage_b_, &msg_b_);
    ++compared_;
    if (two.ok()) ++valid_;
    ASSERT_EQ(one.check, two.check) << what << "\n" << fields << "\n"
                                    << ValidationCheckName(one.check) << " vs "
                                    << ValidationCheckName(two.check);
    ASSERT_EQ(one.reason, two.reason) << what << "\n" << fields;
    ASSERT_EQ(one.tag, two.tag) << what << "\n" << fields;
    ASSERT_EQ(one.offset, two.offset) << what << "\n" << fields;
    if (!two.ok()) return;
    ASSERT_EQ(msg_a_.group_count(), msg_b_.group_count()) << fields;
    ASSERT_EQ(msg_a_.entry_count(), msg_b_.entry_count()) << fields;
    ASSERT_EQ(msg_a_.first_top_level_group(), msg_b_.first_top_level_group()) << fields;
    ASSERT_EQ(msg_a_.body_scope(), msg_b_.body_scope()) << fields;
    ASSERT_EQ(msg_a_.header_dictionary(), msg_b_.header_dictionary());
    ASSERT_EQ(msg_a_.body_dictionary(), msg_b_.body_dictionary());
    for (std::uint32_t g = 0; g < msg_a_.group_count(); ++g) {
      const codec_internal::GroupRecord& x = msg_a_.group_record(g);
      const codec_internal::GroupRecord& y = msg_b_.group_record(g);
      ASSERT_EQ(x.scope, y.scope);
      ASSERT_EQ(x.count_field, y.count_field);
      ASSERT_EQ(x.end_field, y.end_field);
      ASSERT_EQ(x.first_entry, y.first_entry);
      ASSERT_EQ(x.size, y.size);
      ASSERT_EQ(x.declared, y.declared);
      ASSERT_EQ(x.next_sibling, y.next_sibling);
      for (std::uint32_t e = 0; e < x.size; ++e) {
        const codec_internal::EntryRecord& p = msg_a_.entry_record(x.first_entry + e);
        const codec_internal::EntryRecord& q = msg_b_.entry_record(y.first_entry + e);
        ASSERT_EQ(p.begin, q.begin);
        ASSERT_EQ(p.end, q.end);
        ASSERT_EQ(p.first_child, q.first_child);
      }
    }
  }

  std::vector<std::pair<std::string, std::unique_ptr<Dictionary>>> dicts_;
  Decoded decoded_;
  GroupStorage storage_a_{64, 512};
  GroupStorage storage_b_{64, 512};
  GroupedMessage msg_a_, msg_b_;
  int compared_ = 0;
  int valid_ = 0;
};

TEST_F(OnePassTest, BasesAreValidAndAgree) {
  for (const Base& b : kBases) {
    const std::string fields = std::string(kHeader) + (*b.fields ? "|" : "") + b.fields;
    Compare(b, fields, "base");
    const Dictionary& d = Dict(b.dictionary);
    ValidationResult r = ValidateMessage(decoded_.view, d, d, Validator(), storage_a_, &msg_a_);
    EXPECT_TRUE(r.ok()) << b.type << " " << ValidationCheckName(r.check) << " tag " << r.tag;
  }
}

TEST_F(OnePassTest, HandPickedFailuresAgree) {
  const Base& nos = kBases[0];
  const Base& qr = kBases[1];
  const std::string h = kHeader;
  const char* nos_cases[] = {
      "11=A|21=1|38=5000|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05",    // 44 optional: ok
      "11=A|21=1|38=5000|40=2|54=1|55=MSFT|59=0",                          // 60 missing
      "11=A|21=9|38=5000|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05",    // bad enum
      "11=A|21=1|38=5x00|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05",    // bad int
      "11=A|21=1|38=5000|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05|11=B",  // repeated
      "11=A|21=1|38=5000|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05|49=X",  // header late
      "11=A|21=1|38=5000|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05|146=1|55=X",  // not in msg
      "11=A|21=1|38=5000|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05|9999=1",  // unknown
      "11=A|21=1|38=5000|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05|5001=x",  // user-defined
      "11=|21=1|38=5000|40=2|54=1|55=MSFT|59=0|60=20240102-03:04:05",     // empty value
  };
  for (const char* c : nos_cases) Compare(nos, h + "|" + c, c);
  const char* qr_cases[] = {
      "131=Q|146=2|55=A|54=1|55=B|54=2",
      "131=Q|146=3|55=A|54=1|55=B|54=2",        // count mismatch
      "131=Q|146=1|55=A|54=1|55=B|54=2",        // more entries than declared
      "131=Q|146=2|55=A|54=1|54=2|55=B",        // order
      "131=Q|146=2|54=1|55=A|55=B",             // missing delimiter
      "131=Q|146=x|55=A",                       // bad count
      "131=Q|146=2|55=A|54=7|55=B|54=2",        // bad enum in entry 1
      "131=Q|146=2|55=A|54=1|55=B|54=7",        // bad enum in a repeated entry
      "131=Q|146=2|55=A|54=1|55=B|54=",         // empty value in a repeated entry
      "131=Q|146=1|55=A|9999=1|54=1",           // unknown in entry
      "146=1|55=A",                             // 131 missing
      "131=Q|146=1|55=A|146=1|55=B",            // count repeated
      "131=Q|146=0",
  };
  for (const char* c : qr_cases) Compare(qr, h + "|" + c, c);
}

TEST_F(OnePassTest, RandomMutationsAgree) {
  std::mt19937 rng(20261203);
  const char* tags[] = {"55", "54", "38", "146", "131", "11", "9999", "5001", "49", "10",
                        "268", "269", "279", "555", "600", "35", "60", "52", "22", "48"};
  const char* values[] = {"", "0", "1", "2", "x", "-1", "1.5", "A", "20240102-03:04:05",
                          "99999999999999999999", "15:30:00", "3"};
  for (int iter = 0; iter < 20000; ++iter) {
    const Base& b = kBases[rng() % (sizeof kBases / sizeof kBases[0])];
    std::vector<std::string> f = Split(std::string(kHeader) + (*b.fields ? "|" : "") + b.fields);
    const int mutations = 1 + static_cast<int>(rng() % 3);
    for (int m = 0; m < mutations && !f.empty(); ++m) {
      const std::size_t at = rng() % f.size();
      const std::size_t eq = f[at].find('=');
      switch (rng() % 7) {
        case 0:  // drop
          f.erase(f.begin() + static_cast<std::ptrdiff_t>(at));
          break;
        case 1:  // repeat
          f.insert(f.begin() + static_cast<std::ptrdiff_t>(rng() % (f.size() + 1)), f[at]);
          break;
        case 2:  // swap
          std::swap(f[at], f[rng() % f.size()]);
          break;
        case 3:  // retag
          f[at] = std::string(tags[rng() % (sizeof tags / sizeof tags[0])]) + f[at].substr(eq);
          break;
        case 4:  // new value
          f[at] = f[at].substr(0, eq + 1) + values[rng() % (sizeof values / sizeof values[0])];
          break;
        case 5:  // flip a value byte
          if (f[at].size() > eq + 1) {
            f[at][eq + 1 + rng() % (f[at].size() - eq - 1)] = "0aZ.-: "[rng() % 7];
          }
          break;
        default:  // insert a random field
          f.insert(f.begin() + static_cast<std::ptrdiff_t>(rng() % (f.size() + 1)),
                   std::string(tags[rng() % (sizeof tags / sizeof tags[0])]) + "=" +
                       values[rng() % (sizeof values / sizeof values[0])]);
          break;
      }
    }
    Compare(b, Join(f), "iteration " + std::to_string(iter));
    if (HasFatalFailure()) return;
  }
  // The mutations must reach both outcomes often enough to mean something.
  EXPECT_GT(valid_, compared_ / 50);
  EXPECT_GT(compared_ - valid_, compared_ / 2);
}

TEST_F(OnePassTest, NoAllocation) {
  const Base& b = kBases[1];
  const Dictionary& d = Dict(b.dictionary);
  DecodeInto(decoded_, Frame(b.begin, b.type, std::string(kHeader) + "|" + b.fields));
  ASSERT_TRUE(decoded_.error.ok());
  const Validator validator;
  ValidationResult r;
  {
    fixwire::testing::AllocationScope scope;
    r = ValidateMessage(decoded_.view, d, d, validator, storage_a_, &msg_a_);
    EXPECT_EQ(scope.allocations(), 0u);
  }
  EXPECT_TRUE(r.ok());
}

}  // namespace
}  // namespace fixwire
