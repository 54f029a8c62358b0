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

#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_records_test_util.h"
#include "tests/codec/validation_agreement_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::DictionaryCache;
using testing::ExpectSameRecords;
using testing::Frame;
using testing::Join;
using testing::Mutate;
using testing::Split;

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

class OnePassTest : public ::testing::Test {
 protected:
  const Dictionary& Dict(const std::string& file) { return dicts_.Get(file); }

  // Compare validates `fields` (after 35) both ways and compares.
  void Compare(const Base& b, const std::string& fields, const std::string& what) {
    agree_.Compare(Dict(b.dictionary), b.begin, b.type, fields, what);
  }

  DictionaryCache dicts_;
  testing::ValidationAgreement agree_;
  Decoded decoded_;
  GroupStorage storage_a_{64, 512};
  GroupedMessage msg_a_;
};

TEST_F(OnePassTest, BasesAreValidAndAgree) {
  for (const Base& b : kBases) {
    const std::string fields = std::string(kHeader) + (*b.fields ? "|" : "") + b.fields;
    const int valid_before = agree_.valid();
    Compare(b, fields, "base");
    EXPECT_EQ(agree_.valid(), valid_before + 1) << b.type << " is not valid (or did not decode)";
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
    Mutate(f, rng, tags, values);
    Compare(b, Join(f), "iteration " + std::to_string(iter));
    if (HasFatalFailure()) return;
  }
  // The mutations must reach both outcomes often enough to mean something.
  EXPECT_GT(agree_.valid(), agree_.compared() / 50);
  EXPECT_GT(agree_.compared() - agree_.valid(), agree_.compared() / 2);
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
