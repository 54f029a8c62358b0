// MsgType lookup (Dictionary::message, and ShortMessage, its inline table of
// every one- and two-byte MsgType) against an independent map of the types
// the XML defines: every string of one and two bytes, three-byte types
// (UTF-8 '€', ASCII) and random longer ones. Then IndexGroups' ways by
// message type: a type that lists no count tag at all (returns after the
// lookup), a type whose body lists one, the same types when the header
// lists one, an unknown type of one, two and three bytes, a defined
// three-byte type, two-byte types of non-ASCII bytes, and FIXT's two
// dictionaries: records and Error against IndexGroupsReference, and the body
// scope against the MessageDef found by name (message_by_name: a linear
// search, not the table under test).
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/internal/group_indexer.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_indexer_reference.h"
#include "tests/codec/group_records_test_util.h"

namespace fixwire {
namespace {

using testing::DictionaryCache;
using testing::ExpectSameResult;
using testing::Frame;

// Message types and names. "0" and "00", "0A" and "A0", "A" and "AA" differ
// only in length or order; "\xC3\xA9" (é) and "\xC3\x83" (Ã) are two
// non-ASCII bytes; "\xE2\x82\xAC" (€) three. Types named NoGroups* list
// no count tag in their body; the others list NoLow (20).
struct TypeName {
  const char* type;
  const char* name;
  bool body_groups;
};
constexpr TypeName kTypes[] = {
    {"0", "NoGroups0", false},         {"00", "Groups00", true},
    {"0A", "NoGroups0A", false},       {"A0", "GroupsA0", true},
    {"A", "GroupsA", true},            {"AA", "NoGroupsAA", false},
    {"\x7f", "GroupsDel", true},       {"\xC3\xA9", "GroupsEAcute", true},
    {"\xC3\x83", "NoGroupsATilde", false}, {"\xE2\x82\xAC", "GroupsEuro", true},
    {"ABC", "NoGroupsABC", false},     {"UCUST", "GroupsLong", true},
};

// The dictionary's XML; `header_group`: the header defines NoHdr (300).
std::string Xml(bool header_group) {
  std::string xml = R"(<fix type="FIX" major="4" minor="4" servicepack="0">
<header><field name="BeginString" required="Y"/><field name="BodyLength" required="Y"/>
<field name="MsgType" required="Y"/><field name="SenderCompID" required="N"/>)";
  if (header_group) {
    xml += R"(<group name="NoHdr" required="N"><field name="HdrID" required="N"/>
<field name="HdrX" required="N"/></group>)";
  }
  xml += "</header>\n<trailer><field name=\"CheckSum\" required=\"Y\"/></trailer>\n<messages>\n";
  for (const TypeName& t : kTypes) {
    xml += std::string("<message name=\"") + t.name + "\" msgtype=\"" + t.type +
           "\" msgcat=\"app\"><field name=\"Text\" required=\"N\"/>";
    if (t.body_groups) {
      xml += R"(<group name="NoLow" required="N"><field name="LowID" required="N"/>
<field name="LowX" required="N"/></group>)";
    }
    xml += "</message>\n";
  }
  xml += "</messages>\n<fields>\n";
  const struct {
    int number;
    const char* name;
    const char* type;
  } fields[] = {{8, "BeginString", "STRING"}, {9, "BodyLength", "LENGTH"},
                {35, "MsgType", "STRING"},    {10, "CheckSum", "STRING"},
                {49, "SenderCompID", "STRING"}, {58, "Text", "STRING"},
                {20, "NoLow", "NUMINGROUP"},  {21, "LowID", "STRING"},
                {22, "LowX", "STRING"},       {300, "NoHdr", "NUMINGROUP"},
                {301, "HdrID", "STRING"},     {302, "HdrX", "STRING"}};
  for (const auto& f : fields) {
    xml += "<field number=\"" + std::to_string(f.number) + "\" name=\"" + f.name +
           "\" type=\"" + f.type + "\"/>\n";
  }
  xml += "</fields></fix>";
  return xml;
}

constexpr const char* kPlain = "inline:types-no-header-group";
constexpr const char* kHeader = "inline:types-header-group";

class MessageTypeTest : public ::testing::Test {
 protected:
  MessageTypeTest() {
    dicts_.AddXml(kPlain, Xml(false));
    dicts_.AddXml(kHeader, Xml(true));
    for (const TypeName& t : kTypes) names_[t.type] = t.name;
  }

  // The name message(type) must find, or "" for none.
  std::string Want(const std::string& type) const {
    auto it = names_.find(type);
    return it == names_.end() ? "" : it->second;
  }
  static std::string Got(const Dictionary& d, const std::string& type) {
    const MessageDef* m = d.message(type);
    return m == nullptr ? "" : std::string(d.message_name(*m));
  }

  DictionaryCache dicts_;
  std::map<std::string, std::string> names_;
};

TEST_F(MessageTypeTest, EveryOneAndTwoByteTypeAgreesWithTheMap) {
  for (const char* which : {kPlain, kHeader}) {
    const Dictionary& d = dicts_.Get(which);
    int found = 0;
    for (int a = 0; a < 256; ++a) {
      const std::string one(1, static_cast<char>(a));
      ASSERT_EQ(Got(d, one), Want(one)) << which << " byte " << a;
      const MessageDef* m = nullptr;
      ASSERT_TRUE(d.ShortMessage(one, &m)) << a;
      found += m != nullptr;
      for (int b = 0; b < 256; ++b) {
        const std::string two{static_cast<char>(a), static_cast<char>(b)};
        ASSERT_EQ(Got(d, two), Want(two)) << which << " bytes " << a << " " << b;
        ASSERT_TRUE(d.ShortMessage(two, &m)) << a << " " << b;
        found += m != nullptr;
      }
    }
    EXPECT_EQ(found, 9) << which;  // the one- and two-byte types of kTypes
  }
}

TEST_F(MessageTypeTest, LongerTypesAreNotInTheShortTable) {
  const Dictionary& d = dicts_.Get(kPlain);
  const MessageDef* m = nullptr;
  EXPECT_FALSE(d.ShortMessage("", &m));
  EXPECT_EQ(d.message(""), nullptr);
  for (const char* t : {"\xE2\x82\xAC", "ABC", "UCUST", "AAA", "000", "0A0", "UCUS", "UCUSTX"}) {
    EXPECT_FALSE(d.ShortMessage(t, &m)) << t;
    EXPECT_EQ(Got(d, t), Want(t)) << t;
  }
  std::mt19937 rng(35);
  for (int i = 0; i < 20000; ++i) {
    std::string t(3 + rng() % 3, '\0');
    for (char& c : t) c = static_cast<char>(rng() % 4 == 0 ? "ABCU0\xE2\x82\xAC"[rng() % 8] : rng());
    ASSERT_EQ(Got(d, t), Want(t)) << i;
  }
  // A Dictionary not made by the loader has no table and no types.
  const Dictionary empty;
  EXPECT_FALSE(empty.ShortMessage("A", &m));
  EXPECT_EQ(empty.message("A"), nullptr);
  EXPECT_EQ(empty.message("AA"), nullptr);
}

// Index one message both ways and compare; body_scope against the
// MessageDef found by name. *groups: the groups the reference found.
void Check(const Dictionary& header, const Dictionary& body, bool fixt, const std::string& type,
           const std::string& fields, const std::map<std::string, std::string>& names,
           const std::string& what, std::uint32_t* groups) {
  const std::string bytes = Frame(fixt ? "FIXT.1.1" : "FIX.4.4", type, fields);
  FieldIndex index(64);
  MessageView view;
  ASSERT_TRUE(Decoder().Decode(bytes, index, view).ok()) << what;
  GroupStorage fast_storage(16, 64), reference_storage(16, 64);
  GroupedMessage fast, reference;
  const Error one = fixt ? IndexGroups(view, header, body, GroupOptions{}, fast_storage, &fast)
                         : IndexGroups(view, body, GroupOptions{}, fast_storage, &fast);
  const Error two = testing::IndexGroupsReference(view, header, body, GroupOptions{},
                                                         reference_storage, &reference);
  ExpectSameResult(one, fast, two, reference, what);
  auto it = names.find(type);
  const std::uint32_t want_scope =
      it == names.end() ? 0 : body.message_by_name(it->second)->body;
  ASSERT_EQ(fast.body_scope(), want_scope) << what;
  *groups = reference.group_count();
}

TEST_F(MessageTypeTest, IndexGroupsByMessageTypeAgreesWithTheReference) {
  const std::vector<std::string> types = {
      "0", "00", "0A", "A0", "A", "AA", "\x7f", "\xC3\xA9", "\xC3\x83", "\xE2\x82\xAC", "ABC",
      "UCUST", "Z", "ZZ", "ZZZ", "\xC3\xA8", "\xE2\x82\xAD", "0\x7f", "UCUS"};
  // Bodies: none, a NoLow group, a NoHdr group in the header, both, and
  // count tags with bad counts or out of place.
  const std::vector<std::string> bodies = {
      "49=S|58=x",
      "49=S|20=2|21=a|22=b|21=c|58=x",
      "49=S|300=1|301=h|302=i|58=x",
      "49=S|300=1|301=h|20=1|21=a|22=b",
      "49=S|20=3|21=a|22=b|21=c",
      "49=S|20=1|22=b|21=a",
      "300=x|49=S|20=1|21=a",
      "49=S|58=x|20=0",
  };
  int grouped = 0;
  for (const bool fixt : {false, true}) {
    for (const char* which : {kPlain, kHeader}) {
      // FIXT: the other dictionary as the transport (header and trailer).
      const Dictionary& body = dicts_.Get(which);
      const Dictionary& header = fixt ? dicts_.Get(which == kPlain ? kHeader : kPlain) : body;
      for (const std::string& type : types) {
        for (const std::string& fields : bodies) {
          std::uint32_t groups = 0;
          Check(header, body, fixt, type, fields, names_,
                std::string(fixt ? "fixt " : "") + which + " 35=" + type + " " + fields, &groups);
          if (HasFatalFailure()) return;
          grouped += groups != 0;
        }
      }
    }
  }
  EXPECT_GT(grouped, 40);  // groups were found, not only skipped
}

}  // namespace
}  // namespace fixwire
