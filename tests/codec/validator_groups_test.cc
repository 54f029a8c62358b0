// Validation inside repeating groups (required fields in every entry at every
// level, values, unknown and repeated tags in entries), a custom dictionary
// with user-defined fields and messages, ValidateStructure, and the value
// format table (hand-checked against the FIX specification's formats).
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "fixwire/dictionary/internal/dictionary_value_format.h"
#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::Frame;
using testing::kStdHeader;
using testing::LoadOrDie;

// Reject reasons as table values (RunCases).
constexpr int kEmpty = static_cast<int>(SessionRejectReason::kTagSpecifiedWithoutValue);
constexpr int kFormat = static_cast<int>(SessionRejectReason::kIncorrectDataFormat);
constexpr int kGroupOrder = static_cast<int>(SessionRejectReason::kRepeatingGroupFieldsOutOfOrder);
constexpr int kInvalid = static_cast<int>(SessionRejectReason::kInvalidTagNumber);
constexpr int kMissing = static_cast<int>(SessionRejectReason::kRequiredTagMissing);
constexpr int kNotInMessage = static_cast<int>(SessionRejectReason::kTagNotDefinedForMessageType);
constexpr int kOrder = static_cast<int>(SessionRejectReason::kTagSpecifiedOutOfRequiredOrder);
constexpr int kTwice = static_cast<int>(SessionRejectReason::kTagAppearsMoreThanOnce);
constexpr int kUndefined = static_cast<int>(SessionRejectReason::kUndefinedTag);
constexpr int kValue = static_cast<int>(SessionRejectReason::kValueIsIncorrect);

class ValidatorGroupsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    mini_ = new Dictionary(LoadOrDie("tests/data/dictionaries/mini44.xml"));
    custom_ = new Dictionary(LoadOrDie("tests/data/dictionaries/custom.xml"));
  }
  static void TearDownTestSuite() {
    delete mini_;
    delete custom_;
  }
  ValidationResult Check(const Dictionary& d, std::string_view type, std::string_view body,
                         ValidationOptions options = {}) {
    DecodeInto(decoded_, Frame("FIX.4.4", type, std::string(kStdHeader) + "|" + std::string(body)));
    EXPECT_TRUE(decoded_.error.ok()) << ErrorCodeName(decoded_.error.code);
    return ValidateMessage(decoded_.view, d, d, Validator(options), storage_, &msg_);
  }
  static void Expect(const ValidationResult& r, SessionRejectReason reason, std::uint32_t tag) {
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.reason_code(), static_cast<int>(reason)) << ValidationCheckName(r.check);
    EXPECT_EQ(r.tag, tag);
  }
  static void ExpectOk(const ValidationResult& r) {
    EXPECT_TRUE(r.ok()) << ValidationCheckName(r.check) << " " << r.reason_code() << " tag "
                        << r.tag;
  }

  // A table row: a message body and the hand-checked verdict (kAccept, or
  // the reason and tag of the reject) under some options.
  static constexpr int kAccept = -1;
  enum class Options { kAll, kNoRequired, kNoUserDefined, kNoGroupOrder };
  struct Case {
    const char* type;
    const char* body;
    int reason;  // kAccept or a SessionRejectReason
    std::uint32_t tag = 0;
    Options options = Options::kAll;
  };
  void RunCases(const Dictionary& d, std::initializer_list<Case> cases) {
    for (const Case& c : cases) {
      ValidationOptions o;
      o.check_required = c.options != Options::kNoRequired;
      o.check_user_defined_tags = c.options != Options::kNoUserDefined;
      o.check_group_order = c.options != Options::kNoGroupOrder;
      SCOPED_TRACE(std::string(c.type) + " " + c.body);
      const ValidationResult r = Check(d, c.type, c.body, o);
      if (c.reason == kAccept) {
        ExpectOk(r);
      } else {
        Expect(r, static_cast<SessionRejectReason>(c.reason), c.tag);
      }
    }
  }

  static Dictionary* mini_;
  static Dictionary* custom_;
  Decoded decoded_;
  GroupStorage storage_{64, 256};
  GroupedMessage msg_;
};
Dictionary* ValidatorGroupsTest::mini_ = nullptr;
Dictionary* ValidatorGroupsTest::custom_ = nullptr;

TEST_F(ValidatorGroupsTest, RequiredFieldsInEveryEntryAtEveryLevel) {
  RunCases(*mini_, {
      {"R", "131=Q|146=1|55=A|555=1|600=L|624=1|604=1|605=X|606=4", kAccept},
      // Second-level entry without LegSide(624).
      {"R", "131=Q|146=1|55=A|555=2|600=L|624=1|600=M", kMissing, 624},
      // Third-level entry without LegSecurityAltIDSource(606), in the second entry.
      {"R", "131=Q|146=1|55=A|555=1|600=L|624=1|604=2|605=X|606=4|605=Y", kMissing, 606},
      // A required group count missing from the body.
      {"R", "131=Q|58=x", kMissing, 146},
      {"W", "55=EURUSD", kMissing, 268},
      {"R", "131=Q|146=1|55=A|555=2|600=L|624=1|600=M", kAccept, 0, Options::kNoRequired},
  });
}

// Entries repeating the previous entry's tags have only their values checked
// again: the failures must still come from the right entry and field.
TEST_F(ValidatorGroupsTest, EntriesRepeatingThePreviousEntrysTags) {
  auto offset_of = [this](std::uint32_t tag, int n) -> std::uint32_t {
    int seen = 0;
    for (const Field& f : decoded_.view.fields()) {
      if (f.tag == tag && seen++ == n) return f.offset;
    }
    ADD_FAILURE() << "no tag " << tag;
    return 0;
  };
  ExpectOk(Check(*mini_, "W", "55=EURUSD|268=3|269=0|270=1.1|269=1|270=1.2|269=0|270=1.3"));
  ValidationResult r = Check(*mini_, "W", "55=EURUSD|268=3|269=0|270=1.1|269=1|270=1.2|269=0|270=1,3");
  Expect(r, SessionRejectReason::kIncorrectDataFormat, 270);
  EXPECT_EQ(r.offset, offset_of(270, 2));
  r = Check(*mini_, "W", "55=EURUSD|268=3|269=0|270=1.1|269=1|270=1.2|269=9|270=1.3");
  Expect(r, SessionRejectReason::kValueIsIncorrect, 269);
  EXPECT_EQ(r.offset, offset_of(269, 2));
  ValidationOptions no_enums;
  no_enums.check_enum_values = false;
  ExpectOk(Check(*mini_, "W", "55=EURUSD|268=3|269=0|270=1.1|269=1|270=1.2|269=9|270=1.3", no_enums));
  // A repeat inside a later entry with the same length but other tags.
  r = Check(*mini_, "W", "55=EURUSD|268=2|269=0|270=1.1|269=1|269=1");
  EXPECT_FALSE(r.ok());
  // Unknown tags kept in entries: reported in the first entry; with the tag
  // check off, a later entry's bad value is still found.
  r = Check(*mini_, "W", "55=EURUSD|268=2|269=0|7777=a|269=1|7777=b");
  Expect(r, SessionRejectReason::kUndefinedTag, 7777);
  EXPECT_EQ(r.offset, offset_of(7777, 0));
  ValidationOptions no_tags;
  no_tags.check_tag_known = false;
  ExpectOk(Check(*mini_, "W", "55=EURUSD|268=2|269=0|7777=a|269=1|7777=b", no_tags));
  r = Check(*mini_, "W", "55=EURUSD|268=2|269=0|7777=a|269=9|7777=b", no_tags);
  Expect(r, SessionRejectReason::kValueIsIncorrect, 269);
  EXPECT_EQ(r.offset, offset_of(269, 1));
}

TEST_F(ValidatorGroupsTest, ValuesInsideEntries) {
  RunCases(*mini_, {
      {"W", "55=EURUSD|268=2|269=0|270=1.1|269=1|270=1.2|272=20240229", kAccept},
      {"W", "55=EURUSD|268=2|269=0|270=1.1|269=9|270=1.2", kValue, 269},
      {"W", "55=EURUSD|268=1|269=0|270=1,1", kFormat, 270},
      {"W", "55=EURUSD|268=1|269=0|272=20230229", kFormat, 272},  // not a leap year
      {"W", "55=EURUSD|268=1|269=0|273=24:00:00", kFormat, 273},
      {"W", "55=EURUSD|268=1|269=0|15=EURO", kFormat, 15},
      {"W", "55=EURUSD|268=1|269=0|270=", kEmpty, 270},
  });
}

TEST_F(ValidatorGroupsTest, UnknownAndRepeatedTagsInEntries) {
  RunCases(*mini_, {
      {"R", "131=Q|146=1|55=A|4990=u|54=1", kInvalid, 4990},
      {"R", "131=Q|146=1|55=A|7777=u|54=1", kUndefined, 7777},
      {"R", "131=Q|146=1|55=A|7777=u|54=1", kAccept, 0, Options::kNoUserDefined},
      {"R", "131=Q|146=1|55=A|54=1|54=2", kTwice, 54, Options::kNoGroupOrder},
      {"R", "131=Q|146=1|55=A|38=5|54=1", kAccept, 0, Options::kNoGroupOrder},
      {"R", "131=Q|146=1|55=A|38=5|54=1", kGroupOrder, 54},
      // The same tag in two different entries is fine.
      {"R", "131=Q|146=2|55=A|54=1|55=B|54=2", kAccept},
      // A group count repeated at message level.
      {"R", "131=Q|146=1|55=A|146=1|55=B", kTwice, 146},
  });
}

TEST_F(ValidatorGroupsTest, CustomDictionaryUserDefinedFieldsAndMessage) {
  constexpr Options kUser = Options::kNoUserDefined;
  RunCases(*custom_, {
      {"U1", "5001=L1|5002=XX|5003=1|5004=10.5|100001=3|58=t", kAccept},
      {"U1", "5001=L1|5002=H", kAccept},
      {"UCUST", "5001=L2", kAccept},
      {"U1", "5001=L1", kMissing, 5002},
      {"U1", "5001=L1|5002=X", kValue, 5002},
      {"U1", "5001=L1|5002=H|5003=1|5004=10.5|100001=abc", kFormat, 100001},
      {"U1", "5001=L1|5002=H|5003=1|15=USD", kGroupOrder, 15},  // no delimiter 5004
      {"UCUST", "5001=L2|5002=H", kNotInMessage, 5002},
      // User-defined fields unchecked: the switch covers every check of tags >= 5000.
      {"UCUST", "5001=L2|5002=BAD", kAccept, 0, kUser},
      {"U1", "5001=L1|5002=H|58=a|58=b", kTwice, 58, kUser},
      // A user-defined group is skipped whole; the fields after it are checked.
      {"U1", "5001=L1|5002=H|5003=1|5004=bad|15=EURO|58=t", kAccept, 0, kUser},
      {"U1", "5001=L1|5002=H|5003=1|5004=1|58=t|58=u", kTwice, 58, kUser},
      // A user-defined header field (9500) must come before the body.
      {"UCUST", "9500=S|5001=L2", kAccept},
      {"UCUST", "5001=L2|9500=S", kOrder, 9500},
  });
  // The user-defined message is unknown to another dictionary.
  Expect(Check(*mini_, "U1", "5001=L1"), SessionRejectReason::kInvalidMsgType, 35);
}

TEST_F(ValidatorGroupsTest, StructureWithoutDictionary) {
  auto structure = [&](std::string_view type, std::string_view fields) {
    DecodeInto(decoded_, Frame("FIX.4.2", type, fields));
    EXPECT_TRUE(decoded_.error.ok());
    return ValidateStructure(decoded_.view);
  };
  ExpectOk(structure("D", "49=S|56=T|34=1|52=20240102-03:04:05|11=A|55=IBM"));
  ExpectOk(structure("0", "49=S|56=T|34=1|52=20240102-03:04:05|627=2|628=A|628=B|112=x"));
  Expect(structure("D", "49=S|56=T|34=1|11=A|52=20240102-03:04:05"),
         SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, 52);
  Expect(structure("D", "49=S|56=T|34=1|11=A|93=1|89=x|58=y"),
         SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, 58);
  Expect(structure("D", "49=S|49=S|56=T|34=1|11=A"), SessionRejectReason::kTagAppearsMoreThanOnce,
         49);
  Expect(structure("D", "49=S|56=T|34=1|58="), SessionRejectReason::kTagSpecifiedWithoutValue, 58);
}

struct FormatCase {
  FieldType type;
  const char* value;
  ErrorCode expected;
};

TEST(ValueFormatTest, EveryTypeAcceptsAndRejects) {
  const ErrorCode ok = ErrorCode::kOk, bad = ErrorCode::kBadValue,
                  range = ErrorCode::kValueOutOfRange;
  const FormatCase cases[] = {
      {FieldType::kInt, "123", ok},          {FieldType::kInt, "-5", ok},
      {FieldType::kInt, "00023", ok},        {FieldType::kInt, "+5", bad},
      {FieldType::kInt, "1.0", bad},         {FieldType::kInt, "99999999999999999999", bad},
      {FieldType::kSeqNum, "1", ok},         {FieldType::kSeqNum, "-1", bad},
      {FieldType::kLength, "12", ok},        {FieldType::kNumInGroup, "x", bad},
      {FieldType::kTagNum, "35", ok},        {FieldType::kTagNum, "035", bad},
      {FieldType::kDayOfMonth, "31", ok},    {FieldType::kDayOfMonth, "32", range},
      {FieldType::kDayOfMonth, "0", range},  {FieldType::kFloat, "1.5", ok},
      {FieldType::kFloat, ".5", ok},         {FieldType::kFloat, "5.", ok},
      {FieldType::kFloat, "1e5", bad},       {FieldType::kPrice, "-0.001", ok},
      {FieldType::kPrice, "99999999999999999999.5", ok},
      {FieldType::kQty, "100", ok},          {FieldType::kAmt, "1,000", bad},
      {FieldType::kPercentage, "0.25", ok},  {FieldType::kPriceOffset, "-1.25", ok},
      {FieldType::kChar, "A", ok},           {FieldType::kChar, "AB", bad},
      {FieldType::kChar, " ", bad},          {FieldType::kBoolean, "Y", ok},
      {FieldType::kBoolean, "N", ok},        {FieldType::kBoolean, "y", bad},
      {FieldType::kBoolean, "YES", bad},     {FieldType::kString, "any thing", ok},
      {FieldType::kData, "a\x01b", ok},      {FieldType::kMultipleCharValue, "A B C", ok},
      {FieldType::kMultipleCharValue, "A BC", bad},
      {FieldType::kMultipleValueString, "AB CD", ok},
      {FieldType::kMultipleValueString, "AB  CD", bad},
      {FieldType::kCountry, "US", ok},       {FieldType::kCountry, "USA", bad},
      {FieldType::kCountry, "us", bad},      {FieldType::kCurrency, "USD", ok},
      {FieldType::kCurrency, "US", bad},     {FieldType::kExchange, "XNYS", ok},
      {FieldType::kExchange, "N", ok},       {FieldType::kExchange, "XNYSE", bad},
      {FieldType::kLanguage, "en", ok},      {FieldType::kLanguage, "EN", bad},
      {FieldType::kMonthYear, "202401", ok}, {FieldType::kMonthYear, "20240115", ok},
      {FieldType::kMonthYear, "202401w2", ok},
      {FieldType::kMonthYear, "202413", bad},
      {FieldType::kUtcTimestamp, "20240102-03:04:05", ok},
      {FieldType::kUtcTimestamp, "20240102-03:04:05.123", ok},
      {FieldType::kUtcTimestamp, "20240102-03:04:05.123456789", ok},
      {FieldType::kUtcTimestamp, "20240102 03:04:05", bad},
      {FieldType::kUtcTimestamp, "20240102-03:04:05.12", bad},
      {FieldType::kUtcTimeOnly, "23:59:60", ok},
      {FieldType::kUtcTimeOnly, "23:60:00", bad},
      {FieldType::kUtcDateOnly, "20240229", ok},
      {FieldType::kUtcDateOnly, "20230229", bad},
      {FieldType::kLocalMktDate, "20241231", ok},
      {FieldType::kLocalMktDate, "2024123", bad},
      {FieldType::kTzTimeOnly, "07:39Z", ok},
      {FieldType::kTzTimeOnly, "02:39-05", ok},
      {FieldType::kTzTimeOnly, "15:39:07+08:00", ok},
      {FieldType::kTzTimeOnly, "13:09:07.250+05:30", ok},
      {FieldType::kTzTimeOnly, "07:39", bad},
      {FieldType::kTzTimeOnly, "07:39+5", bad},
      {FieldType::kTzTimestamp, "20060901-07:39Z", ok},
      {FieldType::kTzTimestamp, "20060901-02:39:07-05", ok},
      {FieldType::kTzTimestamp, "20060901-02:39:07", bad},
      {FieldType::kTzTimestamp, "20061301-07:39Z", bad},
      {FieldType::kTenor, "M3", ok},         {FieldType::kTenor, "D", bad},
      {FieldType::kTenor, "Q3", bad},        {FieldType::kLocalMktTime, "09:30:00", ok},
  };
  for (const FormatCase& c : cases) {
    EXPECT_EQ(dictionary_internal::CheckFormat(c.type, c.value), c.expected)
        << FieldTypeName(c.type) << " '" << c.value << "'";
    EXPECT_EQ(dictionary_internal::CheckFormat(c.type, ""), ErrorCode::kBadValue);
  }
}

// The validator's inline fast paths must give CheckFormat's answer exactly.
TEST(ValueFormatTest, FastPathsMatchTheReference) {
  std::mt19937 rng(5);
  const FieldType types[] = {FieldType::kString,     FieldType::kChar,  FieldType::kInt,
                             FieldType::kLength,     FieldType::kSeqNum, FieldType::kNumInGroup,
                             FieldType::kFloat,      FieldType::kPrice, FieldType::kQty,
                             FieldType::kUtcTimestamp, FieldType::kBoolean};
  const std::string alphabet = "0123456789.-+ eX:\x01";
  auto check = [](FieldType t, const std::string& v) {
    ASSERT_EQ(dictionary_internal::CheckFormatFast(t, v.data(), v.size()),
              dictionary_internal::CheckFormat(t, v))
        << FieldTypeName(t) << " '" << v << "'";
  };
  for (int i = 0; i < 200000; ++i) {
    std::string v(rng() % 24, ' ');
    for (char& c : v) c = alphabet[rng() % alphabet.size()];
    check(types[rng() % (sizeof types / sizeof types[0])], v);
  }
  // Timestamps: random digits in the right shape (every field's range edges).
  const int widths[] = {0, 3, 6, 9, 12, 2};
  for (int i = 0; i < 200000; ++i) {
    char buf[64];
    const int year = 1600 + static_cast<int>(rng() % 800);
    auto r = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
    std::snprintf(buf, sizeof buf, "%04d%02u%02u-%02u:%02u:%02u", year, r(14), r(33), r(26), r(62),
                  r(63));
    std::string v(buf);
    const int w = widths[rng() % 6];
    if (w != 0) {
      v += '.';
      for (int k = 0; k < w; ++k) v += static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 20 == 0) v[rng() % v.size()] = 'x';
    check(FieldType::kUtcTimestamp, v);
  }
  for (const char* v : {"16770921-00:12:43", "16770921-00:12:44", "22620411-23:47:16",
                        "22620411-23:47:17", "20240229-00:00:00", "20230229-00:00:00",
                        "21000229-00:00:00", "20000229-23:59:60.999", "20000229-24:00:00"}) {
    check(FieldType::kUtcTimestamp, v);
  }
  for (const char* v : {"123456789012345678", "1234567890123456789", "-123456789012345678",
                        "99999999999999999999", "-", "--1", "00", "-0", ".", "-.", "1.", ".1"}) {
    for (FieldType t : types) check(t, v);
  }
}

// UtcTimestampOk (the SWAR check) settles exactly the valid timestamps of
// the usual lengths in years 1678..2261, judged by CheckFormat (the
// reference parser), on timestamp-shaped random values with every field's
// range edges and single-byte damage anywhere.
TEST(ValueFormatTest, UtcTimestampOkIsExactInItsRange) {
  std::mt19937 rng(17);
  const int widths[] = {0, 3, 6, 9, 12, 2, 1};
  const std::string junk = "x:.-/ 0\x01";
  for (int i = 0; i < 300000; ++i) {
    char buf[64];
    auto r = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
    std::snprintf(buf, sizeof buf, "%04u%02u%02u-%02u:%02u:%02u", 1600 + r(800), r(14), r(33),
                  r(26), r(62), r(63));
    std::string v(buf);
    const int w = widths[rng() % 7];
    if (w != 0) {
      v += '.';
      for (int k = 0; k < w; ++k) v += static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 8 == 0) v[rng() % v.size()] = junk[rng() % junk.size()];
    const bool quick = dictionary_internal::UtcTimestampOk(v.data(), v.size());
    const bool valid =
        dictionary_internal::CheckFormat(FieldType::kUtcTimestamp, v) == ErrorCode::kOk;
    const unsigned year = static_cast<unsigned>(std::atoi(v.substr(0, 4).c_str()));
    const std::size_t n = v.size();
    const bool usual = (n == 17 || n == 21 || n == 24 || n == 27 || n == 30) && year >= 1678 &&
                       year <= 2261;
    ASSERT_EQ(quick, valid && usual) << "'" << v << "'";
  }
}

// QuickValueOk may only accept what the full checks accept: CheckFormat kOk
// and Dictionary::IsValidEnum, for every field of the test dictionaries, on
// random values built from each field's enum values, digits and punctuation.
// It must also settle the common valid values (else the validator is slow).
TEST(ValueFormatTest, QuickValueOkAcceptsOnlyValidValues) {
  std::mt19937 rng(11);
  const std::string alphabet = "0123456789.-+ :ABYNxyz\x01";
  for (const char* file : {"tests/data/dictionaries/mini44.xml", "tests/data/dictionaries/custom.xml"}) {
    const Dictionary d = testing::LoadOrDie(file);
    for (const FieldDef& f : d.fields()) {
      const TagInfo info = d.tag_info(f.tag);
      ASSERT_TRUE(info.defined());
      std::vector<std::string> samples = {"", "1", "12", "-7", "1.5", "20240102-03:04:05.123",
                                          "20240102-03:04:05", "Y", "N", "USD", "x", " ", "0 1"};
      for (const auto& [value, description] : d.enum_listing(f)) {
        samples.push_back(value);
        samples.push_back(value + " " + value);
        samples.push_back(value + "x");
      }
      for (int i = 0; i < 300; ++i) {
        std::string v(rng() % 8, ' ');
        for (char& c : v) c = alphabet[rng() % alphabet.size()];
        samples.push_back(v);
      }
      for (const std::string& v : samples) {
        const bool quick = dictionary_internal::QuickValueOk(d, info, v.data(), v.size());
        const bool full = !v.empty() && dictionary_internal::CheckFormat(f.type, v) == ErrorCode::kOk &&
                          d.IsValidEnum(f, v);
        if (quick) {
          ASSERT_TRUE(full) << file << " tag " << f.tag << " " << FieldTypeName(f.type) << " '" << v
                            << "'";
        }
      }
    }
  }
  // Time-of-day types against the reference, on time-shaped random values.
  {
    const Dictionary d = testing::LoadOrDie("tests/data/dictionaries/mini44.xml");
    for (FieldType type : {FieldType::kUtcTimeOnly, FieldType::kLocalMktTime}) {
      TagInfo info;
      info.ordinal = 0;
      info.type = type;
      info.value_class = ValueClassOf(type, false);
      const int widths[] = {0, 3, 6, 9, 12, 2, 4};
      for (int i = 0; i < 100000; ++i) {
        char buf[48];
        auto r = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
        std::snprintf(buf, sizeof buf, "%02u:%02u:%02u", r(26), r(62), r(63));
        std::string v(buf);
        const int w = widths[rng() % 7];
        if (w != 0) {
          v += '.';
          for (int k = 0; k < w; ++k) v += static_cast<char>('0' + rng() % 10);
        }
        if (rng() % 10 == 0) v[rng() % v.size()] = alphabet[rng() % alphabet.size()];
        const bool quick = dictionary_internal::QuickValueOk(d, info, v.data(), v.size());
        const bool full = dictionary_internal::CheckFormat(type, v) == ErrorCode::kOk;
        ASSERT_TRUE(!quick || full) << FieldTypeName(type) << " '" << v << "'";
        if (full && v.size() <= 21) {
          ASSERT_TRUE(quick) << FieldTypeName(type) << " '" << v << "'";  // settled inline
        }
      }
    }
  }
  // The common valid values are settled inline.
  const Dictionary d = testing::LoadOrDie("tests/data/dictionaries/mini44.xml");
  auto quick = [&](std::uint32_t tag, std::string_view v) {
    return dictionary_internal::QuickValueOk(d, d.tag_info(tag), v.data(), v.size());
  };
  EXPECT_TRUE(quick(55, "MSFT"));                   // STRING
  EXPECT_TRUE(quick(38, "5000"));                   // QTY
  EXPECT_TRUE(quick(44, "-123.45"));                // PRICE
  EXPECT_TRUE(quick(34, "4567"));                   // SEQNUM
  EXPECT_TRUE(quick(52, "20261202-10:00:00.123"));  // UTCTIMESTAMP
  EXPECT_TRUE(quick(54, "1"));                      // CHAR, enumerated
  EXPECT_FALSE(quick(54, "Q"));                     // not one of Side's values
  EXPECT_FALSE(quick(38, "5e3"));
  EXPECT_FALSE(quick(55, ""));
}

}  // namespace
}  // namespace fixwire
