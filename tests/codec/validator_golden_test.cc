// Golden validation cases: one valid NewOrderSingle per FIX version, and a
// mutation of it for every reject reason the validator reports, in FIX 4.2,
// FIX 4.4 and FIXT 1.1 / FIX 5.0 SP2 (the shipped dictionaries) and the small
// test dictionary. Each case checks the check, the 373 code, the tag, and
// that the offset points at that tag's value in the bytes; each switchable
// check is also turned off to see the message pass.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fixwire/dictionary/dictionary_set.h"
#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::Frame;
using testing::LoadOrDie;

struct Profile {
  const char* name;
  const char* transport;
  const char* application;  // nullptr for FIX 4.x
  const char* begin;
  const char* wrong_begin;
  // A valid group in the NewOrderSingle body, and its parts.
  std::uint32_t group_tag;
  const char* group_ok;           // count 2
  const char* group_out_of_order;  // second field before the first non-delimiter
  std::uint32_t out_of_order_tag;
  const char* group_no_delimiter;
  std::uint32_t no_delimiter_tag;
  const char* group_count_wrong;  // count 3, two entries
};

const Profile kProfiles[] = {
    {"mini44", "tests/data/dictionaries/mini44.xml", nullptr, "FIX.4.4", "FIX.4.2", 453,
     "453=2|448=P1|447=D|452=3|448=P2|447=B|452=1", "453=1|448=P1|452=3|447=D", 447,
     "453=1|447=D|448=P1", 447, "453=3|448=P1|447=D|448=P2|447=B"},
    {"FIX42", "codec/dictionaries/FIX42.xml", nullptr, "FIX.4.2", "FIX.4.4", 78,
     "78=2|79=A1|80=10|79=A2|80=20", "78=1|79=A1|80=10|79=A2", 0, "78=1|80=10|79=A1", 80,
     "78=3|79=A1|80=10|79=A2|80=20"},
    {"FIX44", "codec/dictionaries/FIX44.xml", nullptr, "FIX.4.4", "FIX.4.2", 453,
     "453=2|448=P1|447=D|452=3|448=P2|447=B|452=1", "453=1|448=P1|452=3|447=D", 447,
     "453=1|447=D|448=P1", 447, "453=3|448=P1|447=D|448=P2|447=B"},
    {"FIXT11_FIX50SP2", "codec/dictionaries/FIXT11.xml", "codec/dictionaries/FIX50SP2.xml",
     "FIXT.1.1", "FIX.4.4", 453, "453=2|448=P1|447=D|452=3|448=P2|447=B|452=1",
     "453=1|448=P1|452=3|447=D", 447, "453=1|447=D|448=P1", 447,
     "453=3|448=P1|447=D|448=P2|447=B"},
};

constexpr char kBody[] = "11=ORD1|21=1|55=IBM|54=1|60=20240102-03:04:05|38=100|40=2|44=10.5|59=0";

class ValidatorGoldenTest : public ::testing::TestWithParam<Profile> {
 protected:
  void SetUp() override {
    const Profile& p = GetParam();
    transport_ = LoadOrDie(p.transport);
    if (p.application != nullptr) {
      app_ = LoadOrDie(p.application);
      set_.emplace(transport_);
      set_->Add("9", app_);
      set_->set_default_appl_ver_id("9");
    } else {
      set_.emplace(transport_);
    }
  }
  bool fixt() const { return GetParam().application != nullptr; }
  std::string Header() const {
    return std::string(fixt() ? "1128=9|" : "") + "49=SENDER|56=TARGET|34=2|52=20240102-03:04:05.678";
  }
  // Validates `type` with `header`|`body`, as a session would: select the
  // dictionaries, index the groups, validate.
  ValidationResult Check(std::string_view body, ValidationOptions options = {},
                         std::string_view type = "D", std::optional<std::string> header = {},
                         std::optional<std::string> begin = {}) {
    std::string fields = header.value_or(Header());
    if (!body.empty()) fields += "|" + std::string(body);
    DecodeInto(decoded_, Frame(begin.value_or(GetParam().begin), type, fields));
    EXPECT_TRUE(decoded_.error.ok()) << ErrorCodeName(decoded_.error.code);
    if (!decoded_.error.ok()) return Fail();
    return ValidateMessage(decoded_.view, *set_, Validator(options), storage_, &msg_);
  }
  static ValidationResult Fail() {
    return ValidationResult{ValidationCheck::kCapacity, SessionRejectReason::kOther, 0, 0};
  }
  // Expects `r` to fail `check` with `reason` at the n-th occurrence of `tag`
  // (n < 0: a missing field, offset 0).
  void Expect(const ValidationResult& r, ValidationCheck check, SessionRejectReason reason,
              std::uint32_t tag, int n = 0) {
    EXPECT_EQ(ValidationCheckName(r.check), ValidationCheckName(check));
    EXPECT_EQ(r.reason_code(), static_cast<int>(reason));
    EXPECT_EQ(r.tag, tag);
    if (n < 0) {
      EXPECT_EQ(r.offset, 0u);
      return;
    }
    if (tag == 8) {  // the first field: "8=" at offset 0
      EXPECT_EQ(r.offset, 2u);
      return;
    }
    // The offset is the value of the n-th "<tag>=" field: check it in the bytes.
    std::string key = "\x01" + std::to_string(tag) + "=";
    std::size_t at = 0;
    for (int i = 0; i <= n; ++i) {
      at = decoded_.bytes.find(key, at == 0 ? 0 : at + 1);
      ASSERT_NE(at, std::string::npos);
    }
    EXPECT_EQ(r.offset, at + key.size());
  }
  void ExpectOk(const ValidationResult& r) {
    EXPECT_TRUE(r.ok()) << ValidationCheckName(r.check) << " reason " << r.reason_code()
                        << " tag " << r.tag;
  }

  Dictionary transport_, app_;
  std::optional<DictionarySet> set_;
  Decoded decoded_;
  GroupStorage storage_{64, 1024};
  GroupedMessage msg_;
};

std::string With(std::string_view a, std::string_view b) { return std::string(a) + "|" + std::string(b); }

TEST_P(ValidatorGoldenTest, ValidMessagesPass) {
  ExpectOk(Check(kBody));
  ExpectOk(Check(With(kBody, GetParam().group_ok)));
  ExpectOk(Check(With(kBody, "58=free text")));
}

TEST_P(ValidatorGoldenTest, RequiredTagMissing1) {
  Expect(Check("21=1|55=IBM|54=1|60=20240102-03:04:05|38=100|40=2"), ValidationCheck::kRequired,
         SessionRejectReason::kRequiredTagMissing, 11, -1);
  Expect(Check("11=A|21=1|55=IBM|60=20240102-03:04:05|38=100|40=2"), ValidationCheck::kRequired,
         SessionRejectReason::kRequiredTagMissing, 54, -1);
  // Header field.
  Expect(Check(kBody, {}, "D", std::string(fixt() ? "1128=9|" : "") + "49=S|34=2|52=20240102-03:04:05"),
         ValidationCheck::kRequired, SessionRejectReason::kRequiredTagMissing, 56, -1);
  ValidationOptions off;
  off.check_required = false;
  ExpectOk(Check("21=1|55=IBM|54=1|60=20240102-03:04:05|38=100|40=2", off));
}

TEST_P(ValidatorGoldenTest, InvalidTagNumber0AndUndefinedTag3) {
  ASSERT_EQ(transport_.field(4990), nullptr);
  Expect(Check(With(kBody, "4990=x")), ValidationCheck::kTagKnown,
         SessionRejectReason::kInvalidTagNumber, 4990);
  ASSERT_EQ(transport_.field(5999), nullptr);
  Expect(Check(With(kBody, "5999=x")), ValidationCheck::kTagKnown,
         SessionRejectReason::kUndefinedTag, 5999);
  ValidationOptions user;
  user.check_user_defined_tags = false;
  ExpectOk(Check(With(kBody, "5999=x"), user));
  Expect(Check(With(kBody, "4990=x"), user), ValidationCheck::kTagKnown,
         SessionRejectReason::kInvalidTagNumber, 4990);
  ValidationOptions off;
  off.check_tag_known = false;
  ExpectOk(Check(With(kBody, "4990=x|5999=y"), off));
}

TEST_P(ValidatorGoldenTest, TagNotDefinedForMessageType2) {
  Expect(Check(With(kBody, "112=TEST")), ValidationCheck::kTagInMessage,
         SessionRejectReason::kTagNotDefinedForMessageType, 112);
  ValidationOptions off;
  off.check_tag_in_message = false;
  ExpectOk(Check(With(kBody, "112=TEST"), off));
}

TEST_P(ValidatorGoldenTest, TagWithoutValue4) {
  Expect(Check(With(kBody, "58=")), ValidationCheck::kEmptyValue,
         SessionRejectReason::kTagSpecifiedWithoutValue, 58);
  ValidationOptions off;
  off.check_empty_values = false;
  ExpectOk(Check(With(kBody, "58="), off));
}

TEST_P(ValidatorGoldenTest, ValueIncorrect5) {
  ASSERT_FALSE(transport_.IsValidEnum(*(fixt() ? app_ : transport_).field(54), "Z"));
  Expect(Check("11=A|21=1|55=IBM|54=Z|60=20240102-03:04:05|38=100|40=2"),
         ValidationCheck::kEnumValue, SessionRejectReason::kValueIsIncorrect, 54);
  ValidationOptions off;
  off.check_enum_values = false;
  ExpectOk(Check("11=A|21=1|55=IBM|54=Z|60=20240102-03:04:05|38=100|40=2", off));
}

TEST_P(ValidatorGoldenTest, IncorrectDataFormat6) {
  Expect(Check("11=A|21=1|55=IBM|54=1|60=20240102-03:04:05|38=abc|40=2"),
         ValidationCheck::kValueFormat, SessionRejectReason::kIncorrectDataFormat, 38);
  Expect(Check("11=A|21=1|55=IBM|54=1|60=20241302-03:04:05|38=100|40=2"),
         ValidationCheck::kValueFormat, SessionRejectReason::kIncorrectDataFormat, 60);
  Expect(Check("11=A|21=1|55=IBM|54=1|60=20240102-03:04:05|38=100|40=2|44=1.2.3"),
         ValidationCheck::kValueFormat, SessionRejectReason::kIncorrectDataFormat, 44);
  ValidationOptions off;
  off.check_value_format = false;
  ExpectOk(Check("11=A|21=1|55=IBM|54=1|60=20241302-03:04:05|38=abc|40=2", off));
}

TEST_P(ValidatorGoldenTest, InvalidMsgType11) {
  ASSERT_EQ((fixt() ? app_ : transport_).message("ZZ"), nullptr);
  Expect(Check(kBody, {}, "ZZ"), ValidationCheck::kMsgType, SessionRejectReason::kInvalidMsgType,
         35);
}

TEST_P(ValidatorGoldenTest, TagAppearsMoreThanOnce13) {
  Expect(Check(With(kBody, "55=MSFT")), ValidationCheck::kRepeatedTag,
         SessionRejectReason::kTagAppearsMoreThanOnce, 55, 1);
  ValidationOptions off;
  off.check_repeated_tags = false;
  ExpectOk(Check(With(kBody, "55=MSFT"), off));
}

TEST_P(ValidatorGoldenTest, TagOutOfRequiredOrder14) {
  // A header field after a body field.
  Expect(Check(std::string(kBody) + "|52=20240102-03:04:05", {}, "D",
               std::string(fixt() ? "1128=9|" : "") + "49=SENDER|56=TARGET|34=2"),
         ValidationCheck::kFieldOrder, SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, 52);
  // A body field after a trailer field.
  Expect(Check(std::string(kBody) + "|93=2|89=ab|58=late"), ValidationCheck::kFieldOrder,
         SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, 58);
  ValidationOptions off;
  off.check_field_order = false;
  ExpectOk(Check(std::string(kBody) + "|93=2|89=ab|58=late", off));
}

TEST_P(ValidatorGoldenTest, RepeatingGroupFieldsOutOfOrder15) {
  const Profile& p = GetParam();
  if (p.out_of_order_tag != 0) {
    Expect(Check(With(kBody, p.group_out_of_order)), ValidationCheck::kGroupOrder,
           SessionRejectReason::kRepeatingGroupFieldsOutOfOrder, p.out_of_order_tag);
    ValidationOptions off;
    off.check_group_order = false;
    ExpectOk(Check(With(kBody, p.group_out_of_order), off));
  }
  Expect(Check(With(kBody, p.group_no_delimiter)), ValidationCheck::kGroupOrder,
         SessionRejectReason::kRepeatingGroupFieldsOutOfOrder, p.no_delimiter_tag);
}

TEST_P(ValidatorGoldenTest, IncorrectNumInGroupCount16) {
  const Profile& p = GetParam();
  Expect(Check(With(kBody, p.group_count_wrong)), ValidationCheck::kGroupCount,
         SessionRejectReason::kIncorrectNumInGroupCount, p.group_tag);
  ValidationOptions off;
  off.check_group_count = false;
  ExpectOk(Check(With(kBody, p.group_count_wrong), off));
}

TEST_P(ValidatorGoldenTest, BeginStringMismatch) {
  Expect(Check(kBody, {}, "D", {}, std::string(GetParam().wrong_begin)),
         ValidationCheck::kBeginString, SessionRejectReason::kValueIsIncorrect, 8);
  ValidationOptions off;
  off.check_begin_string = false;
  ExpectOk(Check(kBody, off, "D", {}, std::string(GetParam().wrong_begin)));
}

TEST_P(ValidatorGoldenTest, UnsupportedApplVerId18) {
  if (!fixt()) GTEST_SKIP() << "FIXT only";
  Expect(Check(kBody, {}, "D", std::string("1128=Z|49=S|56=T|34=2|52=20240102-03:04:05")),
         ValidationCheck::kApplVerId, SessionRejectReason::kInvalidUnsupportedApplicationVersion,
         1128);
  // FIX50 (7) is a valid ApplVerID with no dictionary in the set: 18; with
  // the check off the default application dictionary validates the body.
  Expect(Check(kBody, {}, "D", std::string("1128=7|49=S|56=T|34=2|52=20240102-03:04:05")),
         ValidationCheck::kApplVerId, SessionRejectReason::kInvalidUnsupportedApplicationVersion,
         1128);
  ValidationOptions off;
  off.check_appl_ver_id = false;
  ExpectOk(Check(kBody, off, "D", std::string("1128=7|49=S|56=T|34=2|52=20240102-03:04:05")));
  // No 1128 and no default: 18 on DefaultApplVerID(1137).
  DictionarySet no_default(transport_);
  no_default.Add("9", app_);
  DecodeInto(decoded_, Frame("FIXT.1.1", "D", "49=S|56=T|34=2|52=20240102-03:04:05|" + std::string(kBody)));
  ValidationResult r = ValidateMessage(decoded_.view, no_default, Validator(), storage_, &msg_);
  EXPECT_EQ(r.reason_code(), 18);
  EXPECT_EQ(r.tag, 1137u);
  // No 1128: the session's DefaultApplVerID.
  ExpectOk(Check(kBody, {}, "D", std::string("49=S|56=T|34=2|52=20240102-03:04:05")));
  // Admin messages use the transport dictionary.
  ExpectOk(Check("98=0|108=30|1137=9", {}, "A", std::string("49=S|56=T|34=1|52=20240102-03:04:05")));
  Expect(Check("98=0|108=30|1137=9|112=T", {}, "A",
               std::string("49=S|56=T|34=1|52=20240102-03:04:05")),
         ValidationCheck::kTagInMessage, SessionRejectReason::kTagNotDefinedForMessageType, 112);
}

TEST_P(ValidatorGoldenTest, ValidateAllocatesNothing) {
  ValidationResult r = Check(With(kBody, GetParam().group_ok));
  ASSERT_TRUE(r.ok());
  Validator validator;
  DictionarySet::Selection s = set_->Select(decoded_.view);
  ::fixwire::testing::AllocationScope scope;
  for (int i = 0; i < 100; ++i) {
    ValidationResult v =
        ValidateMessage(decoded_.view, *s.header, *s.body, validator, storage_, &msg_);
    if (!v.ok()) ADD_FAILURE();
    if (!validator.Validate(msg_).ok()) ADD_FAILURE();
    if (set_->Select(decoded_.view).body != s.body) ADD_FAILURE();
  }
  EXPECT_EQ(scope.allocations(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Versions, ValidatorGoldenTest, ::testing::ValuesIn(kProfiles),
                         [](const ::testing::TestParamInfo<Profile>& i) { return i.param.name; });

}  // namespace
}  // namespace fixwire
