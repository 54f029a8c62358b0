// Differential check: fixwire's validator against QuickFIX 1.15's
// DataDictionary::validate (parse-time checks on) on the same messages with
// the same shipped dictionaries: hand-picked mutations of a valid
// NewOrderSingle covering every reject reason, then random mutations. Both
// must agree on valid / invalid and on the SessionRejectReason and tag, except
// for the differences listed in KnownDifference (each one asserted, so a
// change on either side shows up).
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "fixwire/dictionary/dictionary_set.h"
#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/validator_quickfix_reference.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::Frame;
using testing::LoadOrDie;

struct Version {
  const char* name;
  const char* transport;
  const char* application;  // "" for FIX 4.x
  const char* begin;
  const char* header;
  const char* group;  // a valid group for the NewOrderSingle body
};

const Version kVersions[] = {
    {"FIX42", "codec/dictionaries/FIX42.xml", "", "FIX.4.2",
     "49=SENDER|56=TARGET|34=2|52=20240102-03:04:05.678", "78=2|79=A1|80=10|79=A2|80=20"},
    {"FIX44", "codec/dictionaries/FIX44.xml", "", "FIX.4.4",
     "49=SENDER|56=TARGET|34=2|52=20240102-03:04:05.678",
     "453=2|448=P1|447=D|452=3|448=P2|447=B|452=1"},
    {"FIXT11_FIX50SP2", "codec/dictionaries/FIXT11.xml", "codec/dictionaries/FIX50SP2.xml",
     "FIXT.1.1", "1128=9|49=SENDER|56=TARGET|34=2|52=20240102-03:04:05.678",
     "453=2|448=P1|447=D|452=3|448=P2|447=B|452=1"},
};

struct Outcome {
  bool valid;
  int reason;
  int tag;
};

class ValidatorQuickFixTest : public ::testing::TestWithParam<Version> {
 protected:
  void SetUp() override {
    const Version& v = GetParam();
    std::string error;
    qf_ = fixwire_qfref::QfReference::Load(v.transport, v.application, &error);
    ASSERT_NE(qf_, nullptr) << error;
    transport_ = LoadOrDie(v.transport);
    if (*v.application != 0) app_ = LoadOrDie(v.application);
  }
  const Dictionary& body_dict() const { return *GetParam().application ? app_ : transport_; }

  std::string Message(std::string_view type, std::string_view header, std::string_view body) {
    std::string fields(header);
    if (!body.empty()) fields += "|" + std::string(body);
    return Frame(GetParam().begin, type, fields);
  }
  Outcome Fixwire(const std::string& bytes) {
    DecodeInto(decoded_, bytes);
    if (!decoded_.error.ok()) return Outcome{false, -2, static_cast<int>(decoded_.error.tag)};
    const Dictionary& body =
        transport_.message(decoded_.view.msg_type()) != nullptr ? transport_ : body_dict();
    ValidationResult r = ValidateMessage(decoded_.view, transport_, body, Validator(), storage_, &msg_);
    if (r.ok()) return Outcome{true, -1, 0};
    return Outcome{false, r.reason_code(), static_cast<int>(r.tag)};
  }
  Outcome QuickFix(const std::string& bytes) {
    fixwire_qfref::QfVerdict v = qf_->Validate(bytes);
    last_what_ = v.what;
    return Outcome{v.valid, v.valid ? -1 : v.reason, v.valid ? 0 : v.tag};
  }

  std::unique_ptr<fixwire_qfref::QfReference> qf_;
  Dictionary transport_, app_;
  Decoded decoded_;
  GroupStorage storage_{64, 1024};
  GroupedMessage msg_;
  std::string last_what_;
};

constexpr char kBody[] = "11=ORD1|21=1|55=IBM|54=1|60=20240102-03:04:05|38=100|40=2|44=10.5|59=0";

struct Case {
  Case(const char* n, std::string b, std::string t = "D", std::optional<std::string> h = {})
      : name(n), body(std::move(b)), type(std::move(t)), header(std::move(h)) {}
  const char* name;
  std::string body;
  std::string type;
  std::optional<std::string> header;
};

// KnownDifference returns true for a case where the two are expected to
// differ, and checks how.
bool KnownDifference(const Case& c, const Outcome& fw, const Outcome& qf) {
  // A user-defined tag (>= 5000) the dictionary does not define: fixwire
  // reports 3 (undefined tag), QuickFIX 0 (invalid tag number).
  if (c.name == std::string("user_defined_unknown")) {
    EXPECT_EQ(fw.reason, 3);
    EXPECT_EQ(qf.reason, 0);
    return true;
  }
  // A required standard-header field missing: fixwire reports 1; QuickFIX's
  // DataDictionary::validate accepts the message (its Session checks the
  // CompIDs itself).
  if (c.name == std::string("missing_header_field")) {
    EXPECT_EQ(fw.reason, 1);
    EXPECT_TRUE(qf.valid);
    return true;
  }
  // An entry whose fields are out of the dictionary's order, or that does
  // not start with the delimiter: fixwire reports 15; QuickFIX's parser
  // accepts the first and treats the second as a count mismatch or a
  // misplaced field.
  if (c.name == std::string("group_out_of_order") || c.name == std::string("group_no_delimiter")) {
    EXPECT_EQ(fw.reason, 15);
    EXPECT_NE(qf.reason, 15);
    return true;
  }
  return false;
}

TEST_P(ValidatorQuickFixTest, SameVerdictOnEveryRejectReason) {
  const Version& v = GetParam();
  std::string hdr = v.header;
  std::string body(kBody);
  std::vector<Case> cases = {
      {"valid", body},
      {"valid_group", body + "|" + v.group},
      {"missing_body_field", "21=1|55=IBM|54=1|60=20240102-03:04:05|38=100|40=2"},
      {"missing_header_field", body, "D", std::string(*v.application ? "1128=9|" : "") + "49=S|34=2|52=20240102-03:04:05"},
      {"unknown_tag", body + "|4990=x"},
      {"user_defined_unknown", body + "|5999=x"},
      {"not_in_message", body + "|112=TEST"},
      {"empty_value", body + "|58="},
      {"bad_enum", "11=A|21=1|55=IBM|54=Z|60=20240102-03:04:05|38=100|40=2"},
      {"bad_qty", "11=A|21=1|55=IBM|54=1|60=20240102-03:04:05|38=abc|40=2"},
      {"bad_time", "11=A|21=1|55=IBM|54=1|60=20241302-03:04:05|38=100|40=2"},
      {"bad_msgtype", body, "ZZ"},
      {"repeated", body + "|55=MSFT"},
      {"header_after_body", body + "|52=20240102-03:04:05", "D",
       std::string(*v.application ? "1128=9|" : "") + "49=SENDER|56=TARGET|34=2"},
      {"group_count", body + "|" + std::string(v.group).replace(std::string(v.group).find('2'), 1, "3")},
  };
  if (std::string(v.group).rfind("453", 0) == 0) {
    cases.emplace_back("group_out_of_order", body + "|453=1|448=P1|452=3|447=D");
    cases.emplace_back("group_no_delimiter", body + "|453=1|447=D|448=P1");
  } else {
    cases.emplace_back("group_no_delimiter", body + "|78=1|80=10|79=A1");
  }
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::string bytes = Message(c.type, c.header.value_or(hdr), c.body);
    Outcome fw = Fixwire(bytes);
    Outcome qf = QuickFix(bytes);
    if (KnownDifference(c, fw, qf)) continue;
    EXPECT_EQ(fw.valid, qf.valid) << last_what_;
    EXPECT_EQ(fw.reason, qf.reason) << last_what_;
    if (fw.reason != 1 && fw.reason != 11) {  // QuickFIX's tag for these is its own choice
      EXPECT_EQ(fw.tag, qf.tag) << last_what_;
    }
  }
}

// Random single mutations of a valid message. Outside repeating groups both
// libraries must agree on valid / invalid and on the reason. Inside a group
// fixwire checks more than QuickFIX 1.15 (QuickFIX does not check the values
// of fields inside group entries, and ends a group at an unknown tag where
// fixwire keeps the tag in the entry and rejects it), so there fixwire must
// reject whatever QuickFIX rejects.
TEST_P(ValidatorQuickFixTest, RandomMutationsAgree) {
  const Version& v = GetParam();
  std::vector<std::string> base;
  auto split = [](const std::string& b, std::vector<std::string>* out) {
    std::size_t pos = 0;
    while (true) {
      std::size_t bar = b.find('|', pos);
      out->push_back(b.substr(pos, bar == std::string::npos ? std::string::npos : bar - pos));
      if (bar == std::string::npos) break;
      pos = bar + 1;
    }
  };
  split(kBody, &base);
  const std::size_t group_begin = base.size();  // the count field
  split(v.group, &base);
  const std::size_t group_end = base.size();
  base.push_back("58=hello");
  const char* junk[] = {"", "abc", "-1", "1.5", "Z", "20240230", "99999999999999999999", "Y", "X Y"};
  std::mt19937 rng(7);
  int outside = 0, inside = 0;
  for (int iter = 0; iter < 400; ++iter) {
    std::vector<std::string> f = base;
    std::size_t i = rng() % f.size();
    std::string tag = f[i].substr(0, f[i].find('='));
    bool in_group = i > group_begin && i < group_end;
    switch (rng() % 4) {
      case 0:  // drop a field
        in_group = i >= group_begin && i < group_end;
        f.erase(f.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      case 1:  // replace a value with junk
        f[i] = tag + "=" + junk[rng() % (sizeof junk / sizeof junk[0])];
        in_group = i >= group_begin && i < group_end;
        break;
      case 2:  // repeat a field at the end
        f.push_back(f[i]);
        break;
      case 3:  // a defined tag of another message, or an unknown one
        f.insert(f.begin() + static_cast<std::ptrdiff_t>(i), rng() % 2 ? "112=T" : "4990=u");
        break;
    }
    std::string body;
    for (std::size_t k = 0; k < f.size(); ++k) body += (k ? "|" : "") + f[k];
    std::string bytes = Message("D", v.header, body);
    Outcome fw = Fixwire(bytes);
    if (fw.reason == -2) continue;  // the decoder refused (fixwire only parses framed input)
    Outcome qf = QuickFix(bytes);
    std::string detail = body + "\nfixwire " + std::to_string(fw.valid) + " " +
                         std::to_string(fw.reason) + " tag " + std::to_string(fw.tag) +
                         "\nquickfix " + std::to_string(qf.valid) + " " +
                         std::to_string(qf.reason) + " tag " + std::to_string(qf.tag) + " " +
                         last_what_;
    if (in_group) {
      ++inside;
      if (!qf.valid) {
        EXPECT_FALSE(fw.valid) << detail;
      }
    } else {
      ++outside;
      EXPECT_EQ(fw.valid, qf.valid) << detail;
      if (!fw.valid && !qf.valid) {
        EXPECT_EQ(fw.reason, qf.reason) << detail;
      }
    }
  }
  EXPECT_GT(outside, 200);
  EXPECT_GT(inside, 20);
}

INSTANTIATE_TEST_SUITE_P(Versions, ValidatorQuickFixTest, ::testing::ValuesIn(kVersions),
                         [](const ::testing::TestParamInfo<Version>& i) { return i.param.name; });

}  // namespace
}  // namespace fixwire
