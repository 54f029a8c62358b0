// Validator::Validate's shortcuts for group entries that repeat a checked
// entry's tags (model entries, and runs of them checked column by column)
// against dictionary_internal::ValidateEntryByEntry, which checks every field of
// every entry through the template: the same ValidationResult (check,
// reason, tag, offset) on random groups of many entries whose values are
// drawn from valid and invalid pools per field, with empty values, unknown
// and repeated tags, dropped fields and wrong counts; with every check on
// and with some off. ValidateMessage (one-pass and two-pass) must agree too.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "fixwire/dictionary/internal/validator_paths.h"
#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::DictionaryCache;
using testing::Frame;

constexpr const char* kHeader = "49=SENDER|56=TARGET|34=7|52=20240102-03:04:05.678";

// A group's entry layout: tag and a pool of values (valid first, then invalid).
struct Column {
  std::uint32_t tag;
  std::vector<std::string> valid;
  std::vector<std::string> invalid;
};

struct Case {
  const char* dictionary;
  const char* begin;
  const char* type;
  const char* before;  // body fields before the count field
  std::uint32_t count_tag;
  std::vector<Column> columns;
};

const std::vector<Case>& Cases() {
  static const std::vector<Case> cases = {
      {"codec/dictionaries/FIX42.xml", "FIX.4.2", "R", "131=QR-1", 146,
       {{55, {"MSFT", "AAPL", "I"}, {}},
        {48, {"US0001", "X"}, {}},
        {22, {"4", "1", "5"}, {"Z", "44", " ", "\xff"}},
        {54, {"1", "2", "5"}, {"Z", "12", " ", "0", "\x7f"}},
        {38, {"1000", "5", "123456789", "12.5", "0.001", "1."}, {"1e5", "-5", "1..2", "x", ".", "1-"}},
        {40, {"2", "1", "P"}, {"@", "22", " "}}}},
      {"codec/dictionaries/FIX44.xml", "FIX.4.4", "X", "262=MD-7", 268,
       {{279, {"0", "1", "2"}, {"9", "00"}},
        {269, {"0", "1", "2", "B"}, {"~", " "}},
        {278, {"E1", "MDE-880100"}, {}},
        {55, {"EUR/USD"}, {}},
        {270, {"1.0834", "108345", "1.08345678901", "-1.5", ".5"}, {"1.0.1", "abc", "-", "1,5"}},
        {271, {"1000000", "1", "12345678", "1.5"}, {"-1x", "1e3"}},
        {273, {"15:30:00.100", "23:59:60", "00:00:00"}, {"24:00:00", "15:30", "15:60:00.1"}},
        {290, {"1", "12", "123456789012"}, {"-1", "one", "1.5"}}}},
  };
  return cases;
}

class EntryRunsTest : public ::testing::Test {
 protected:
  // Compare validates `fields` (after 35) with and without the shortcuts.
  void Compare(const Case& c, const std::string& fields, const ValidationOptions& options) {
    const Dictionary& d = dicts_.Get(c.dictionary);
    DecodeInto(decoded_, Frame(c.begin, c.type, fields));
    if (!decoded_.error.ok()) return;
    const Validator validator(options);
    const Error e = IndexGroups(decoded_.view, d, validator.group_options(), storage_, &msg_);
    if (e.ok()) {
      const ValidationResult fast = validator.Validate(msg_);
      const ValidationResult ref = dictionary_internal::ValidateEntryByEntry(validator, msg_);
      ++compared_;
      if (ref.ok()) ++valid_;
      ASSERT_EQ(fast.check, ref.check) << fields << "\n"
                                       << ValidationCheckName(fast.check) << " vs "
                                       << ValidationCheckName(ref.check);
      ASSERT_EQ(fast.reason, ref.reason) << fields;
      ASSERT_EQ(fast.tag, ref.tag) << fields;
      ASSERT_EQ(fast.offset, ref.offset) << fields;
    }
    const ValidationResult one = ValidateMessage(decoded_.view, d, d, validator, storage_, &msg_);
    const ValidationResult two =
        dictionary_internal::ValidateMessageTwoPass(decoded_.view, d, d, validator, storage_, &msg_);
    ASSERT_EQ(one.check, two.check) << fields;
    ASSERT_EQ(one.reason, two.reason) << fields;
    ASSERT_EQ(one.tag, two.tag) << fields;
    ASSERT_EQ(one.offset, two.offset) << fields;
  }

  // Message: a random group of `c`: most entries share one layout and take
  // valid values; some values are invalid, empty, repeated or unknown tags.
  std::string Message(const Case& c, std::mt19937_64& rng) {
    auto r = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    const std::size_t entries = 1 + r(14);
    std::size_t declared = entries;
    if (r(20) == 0) declared += r(3) + 1 > declared ? 1 : r(3);
    if (r(20) == 0 && declared > 0) --declared;
    // The shared layout: the delimiter and a random subset of the rest.
    std::vector<bool> used(c.columns.size(), true);
    for (std::size_t k = 1; k < used.size(); ++k) used[k] = r(4) != 0;
    const unsigned bad_rate = static_cast<unsigned>(r(4)) * 8;  // per mille-ish: 0, 8, 16, 24 in 400
    std::string fields = std::string(kHeader) + "|" + c.before + "|" + std::to_string(c.count_tag) +
                         "=" + std::to_string(declared);
    for (std::size_t e = 0; e < entries; ++e) {
      const bool other_layout = r(8) == 0;
      for (std::size_t k = 0; k < c.columns.size(); ++k) {
        const Column& col = c.columns[k];
        const bool in = other_layout ? (k == 0 || r(2) == 0) : used[k];
        if (!in) continue;
        std::string value = col.valid[r(col.valid.size())];
        if (r(400) < bad_rate) {
          const std::size_t what = r(5);
          if (what == 0 || col.invalid.empty()) {
            value = "";
          } else {
            value = col.invalid[r(col.invalid.size())];
          }
        }
        fields += "|" + std::to_string(col.tag) + "=" + value;
        if (r(500) < bad_rate / 4) fields += "|" + std::to_string(col.tag) + "=" + col.valid[0];
        if (r(800) < bad_rate / 4) fields += "|9999=X";
        if (r(800) < bad_rate / 4) fields += "|5001=U";
      }
    }
    return fields;
  }

  DictionaryCache dicts_;
  Decoded decoded_;
  GroupStorage storage_{64, 512};
  GroupedMessage msg_;
  int compared_ = 0;
  int valid_ = 0;
};

TEST_F(EntryRunsTest, SameResultAsEntryByEntry) {
  std::mt19937_64 rng(42);
  ValidationOptions some_off;
  some_off.check_group_order = false;
  some_off.check_user_defined_tags = false;
  some_off.check_enum_values = false;
  ValidationOptions no_required;
  no_required.check_required = false;
  no_required.check_empty_values = false;
  ValidationOptions all;
  for (int i = 0; i < 6000; ++i) {
    for (const Case& c : Cases()) {
      const std::string fields = Message(c, rng);
      for (const ValidationOptions* o : {&all, &some_off, &no_required}) {
        Compare(c, fields, *o);
        if (HasFatalFailure()) return;
      }
    }
  }
  // Both kinds of outcome were seen often.
  EXPECT_GT(valid_, compared_ / 10);
  EXPECT_LT(valid_, compared_ * 9 / 10);
}

// The one-pass path compares BeginString word-wise: every other BeginString
// (one byte changed, or longer or shorter) is still kBeginString.
TEST(BeginStringTest, EveryOtherBeginStringIsRejected) {
  DictionaryCache dicts;
  const Dictionary& d = dicts.Get("codec/dictionaries/FIX42.xml");
  const std::string right = "FIX.4.2";
  std::vector<std::string> wrong;
  for (std::size_t i = 0; i < right.size(); ++i) {
    for (char c : std::string("FIX.4.23X0 ")) {
      std::string w = right;
      w[i] = c;
      if (w != right) wrong.push_back(w);
    }
  }
  for (std::size_t n = 1; n <= 18; ++n) {
    std::string w = right + std::string(18, '2');
    wrong.push_back(w.substr(0, n));
  }
  wrong.push_back(right + "2");
  Decoded decoded;
  GroupStorage storage(8, 64);
  GroupedMessage msg;
  const std::string body = std::string(kHeader) + "|11=A|21=1|38=5|40=2|54=1|55=X|60=20240102-03:04:05";
  DecodeInto(decoded, Frame(right, "D", body));
  ASSERT_TRUE(ValidateMessage(decoded.view, d, d, Validator(), storage, &msg).ok());
  for (const std::string& w : wrong) {
    if (w == right) continue;
    DecodeInto(decoded, Frame(w, "D", body));
    if (!decoded.error.ok()) continue;
    const ValidationResult r = ValidateMessage(decoded.view, d, d, Validator(), storage, &msg);
    EXPECT_EQ(r.check, ValidationCheck::kBeginString) << w;
  }
}

}  // namespace
}  // namespace fixwire
