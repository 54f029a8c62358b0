// Loading QuickFIX-format dictionaries: the small test dictionaries (facts
// checked by hand against the XML), every shipped dictionary (checked against
// an independent regex scan of the file), and malformed files, each of which
// must give a Status naming the file, the line and the problem.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <span>
#include <sstream>
#include <string>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "gtest/gtest.h"

namespace fixwire {
namespace {

const char kMini44[] = "tests/data/dictionaries/mini44.xml";
const char kCustom[] = "tests/data/dictionaries/custom.xml";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::uint32_t> MemberTags(const Dictionary& d, const Scope& s) {
  std::vector<std::uint32_t> tags;
  for (const ScopeMember& m : d.members(s)) tags.push_back(m.tag);
  return tags;
}

std::vector<std::uint32_t> RequiredTags(const Dictionary& d, const Scope& s) {
  std::vector<std::uint32_t> tags;
  for (std::uint16_t p : d.required_positions(s)) tags.push_back(d.members(s)[p].tag);
  return tags;
}

TEST(DictionaryLoaderTest, Mini44Version) {
  auto d = LoadDictionaryFile(kMini44);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->type(), "FIX");
  EXPECT_EQ(d->major(), 4);
  EXPECT_EQ(d->minor(), 4);
  EXPECT_EQ(d->begin_string(), "FIX.4.4");
  EXPECT_FALSE(d->is_transport());
}

TEST(DictionaryLoaderTest, Mini44Fields) {
  auto d = LoadDictionaryFile(kMini44);
  ASSERT_TRUE(d.ok()) << d.status();
  const FieldDef* price = d->field(44);
  ASSERT_NE(price, nullptr);
  EXPECT_EQ(price->type, FieldType::kPrice);
  EXPECT_EQ(d->field_name(*price), "Price");
  EXPECT_EQ(d->field_by_name("Price"), price);
  EXPECT_EQ(d->field(2), nullptr);
  EXPECT_EQ(d->field(0), nullptr);
  EXPECT_EQ(d->field(999999), nullptr);
  EXPECT_EQ(d->field_by_name("NoSuchField"), nullptr);
  EXPECT_EQ(d->field(1079)->type, FieldType::kTzTimeOnly);
  EXPECT_EQ(d->field(18)->type, FieldType::kMultipleCharValue);
  // Ordinals are dense and follow tag order.
  for (std::size_t i = 0; i < d->field_count(); ++i) {
    EXPECT_EQ(d->fields()[i].ordinal, i);
    if (i > 0) {
      EXPECT_LT(d->fields()[i - 1].tag, d->fields()[i].tag);
    }
  }
  // Length/Data pairs, including SignatureLength(93) -> Signature(89).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(d->length_data_pairs().begin(),
                                                             d->length_data_pairs().end());
  std::vector<std::pair<std::uint32_t, std::uint32_t>> expected = {{93, 89}, {95, 96}, {354, 355}};
  EXPECT_EQ(pairs, expected);
  EXPECT_TRUE(d->field(93)->is_length());
  EXPECT_EQ(d->field(93)->paired_tag, 89u);
  EXPECT_TRUE(d->field(89)->is_data());
  EXPECT_FALSE(d->field(9)->is_length());  // BodyLength has no data field
}

TEST(DictionaryLoaderTest, Mini44Enums) {
  auto d = LoadDictionaryFile(kMini44);
  ASSERT_TRUE(d.ok()) << d.status();
  const FieldDef& side = *d->field(54);
  EXPECT_TRUE(d->IsValidEnum(side, "1"));
  EXPECT_TRUE(d->IsValidEnum(side, "5"));
  EXPECT_FALSE(d->IsValidEnum(side, "3"));
  EXPECT_FALSE(d->IsValidEnum(side, "12"));
  EXPECT_FALSE(d->IsValidEnum(side, ""));
  const FieldDef& role = *d->field(452);  // INT enums with a two-digit value
  EXPECT_TRUE(d->IsValidEnum(role, "12"));
  EXPECT_TRUE(d->IsValidEnum(role, "3"));
  EXPECT_FALSE(d->IsValidEnum(role, "2"));
  EXPECT_FALSE(d->IsValidEnum(role, "121"));
  const FieldDef& exec_inst = *d->field(18);  // MULTIPLECHARVALUE
  EXPECT_TRUE(d->IsValidEnum(exec_inst, "1 G"));
  EXPECT_TRUE(d->IsValidEnum(exec_inst, "2"));
  EXPECT_FALSE(d->IsValidEnum(exec_inst, "1 X"));
  EXPECT_FALSE(d->IsValidEnum(exec_inst, "1  2"));
  EXPECT_FALSE(d->IsValidEnum(exec_inst, "1 "));
  const FieldDef& symbol = *d->field(55);  // no enums: anything goes
  EXPECT_TRUE(d->IsValidEnum(symbol, "ANYTHING"));
  ASSERT_EQ(d->enum_listing(side).size(), 3u);
  EXPECT_EQ(d->enum_listing(side)[2].first, "5");
  EXPECT_EQ(d->enum_listing(side)[2].second, "SELL_SHORT");
}

TEST(DictionaryLoaderTest, Mini44HeaderTrailerAndMessages) {
  auto d = LoadDictionaryFile(kMini44);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(MemberTags(*d, d->header()),
            (std::vector<std::uint32_t>{8, 9, 35, 49, 56, 34, 43, 52, 122, 627}));
  EXPECT_EQ(RequiredTags(*d, d->header()), (std::vector<std::uint32_t>{8, 9, 35, 49, 56, 34, 52}));
  EXPECT_EQ(MemberTags(*d, d->trailer()), (std::vector<std::uint32_t>{93, 89, 10}));
  EXPECT_EQ(d->messages().size(), 8u);
  const MessageDef* nos = d->message("D");
  ASSERT_NE(nos, nullptr);
  EXPECT_EQ(d->message_name(*nos), "NewOrderSingle");
  EXPECT_EQ(d->message_type(*nos), "D");
  EXPECT_FALSE(nos->admin);
  EXPECT_TRUE(d->message("A")->admin);
  EXPECT_EQ(d->message("Z"), nullptr);
  EXPECT_EQ(d->message("DD"), nullptr);
  EXPECT_EQ(d->message(""), nullptr);
  EXPECT_EQ(d->message_by_name("QuoteRequest"), d->message("R"));
  const Scope& body = d->scope(nos->body);
  // Components expand in place; a required component's required fields are
  // required (Symbol), an optional component's are not.
  EXPECT_EQ(MemberTags(*d, body),
            (std::vector<std::uint32_t>{11, 1, 453, 21, 18, 55, 48, 22, 200, 205, 541, 1079, 421,
                                        207, 54, 60, 38, 152, 40, 44, 211, 15, 59, 432, 126, 114,
                                        12, 849, 1132, 286, 58, 354, 355}));
  EXPECT_EQ(RequiredTags(*d, body), (std::vector<std::uint32_t>{11, 55, 54, 60, 40}));
  EXPECT_TRUE(d->Contains(body, d->ordinal(44)));
  EXPECT_FALSE(d->Contains(body, d->ordinal(448)));  // inside the NoPartyIDs group
  EXPECT_FALSE(d->Contains(body, d->ordinal(8)));    // header
}

TEST(DictionaryLoaderTest, Mini44NestedGroups) {
  auto d = LoadDictionaryFile(kMini44);
  ASSERT_TRUE(d.ok()) << d.status();
  const Scope& body = d->scope(d->message("R")->body);
  EXPECT_EQ(MemberTags(*d, body), (std::vector<std::uint32_t>{131, 146, 58}));
  EXPECT_EQ(RequiredTags(*d, body), (std::vector<std::uint32_t>{131, 146}));
  const Scope* sym = d->GroupIn(body, 146);
  ASSERT_NE(sym, nullptr);
  EXPECT_EQ(sym->count_tag, 146u);
  EXPECT_EQ(sym->delimiter, 55u);
  EXPECT_EQ(MemberTags(*d, *sym),
            (std::vector<std::uint32_t>{55, 48, 22, 200, 205, 541, 1079, 421, 207, 54, 38, 555,
                                        15}));
  EXPECT_EQ(RequiredTags(*d, *sym), (std::vector<std::uint32_t>{55}));
  const Scope* legs = d->GroupIn(*sym, 555);
  ASSERT_NE(legs, nullptr);
  EXPECT_EQ(legs->delimiter, 600u);
  EXPECT_EQ(MemberTags(*d, *legs), (std::vector<std::uint32_t>{600, 624, 604, 623}));
  EXPECT_EQ(RequiredTags(*d, *legs), (std::vector<std::uint32_t>{624}));
  const Scope* alt = d->GroupIn(*legs, 604);
  ASSERT_NE(alt, nullptr);
  EXPECT_EQ(MemberTags(*d, *alt), (std::vector<std::uint32_t>{605, 606}));
  EXPECT_EQ(d->GroupIn(*alt, 604), nullptr);
  EXPECT_EQ(d->GroupIn(body, 555), nullptr);  // only direct members
  // A group inside a component (Parties) is shared by every message using it.
  const Scope* parties = d->GroupIn(d->scope(d->message("D")->body), 453);
  ASSERT_NE(parties, nullptr);
  EXPECT_EQ(MemberTags(*d, *parties), (std::vector<std::uint32_t>{448, 447, 452, 802}));
  ASSERT_NE(d->GroupIn(*parties, 802), nullptr);
  // A header group.
  const Scope* hops = d->GroupIn(d->header(), 627);
  ASSERT_NE(hops, nullptr);
  EXPECT_EQ(hops->delimiter, 628u);
}

TEST(DictionaryLoaderTest, CustomDictionaryWithUserDefinedFieldsAndMessages) {
  auto d = LoadDictionaryFile(kCustom);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->field(5002)->type, FieldType::kString);
  EXPECT_TRUE(d->IsValidEnum(*d->field(5002), "XX"));
  EXPECT_TRUE(d->IsValidEnum(*d->field(5002), "H"));
  EXPECT_FALSE(d->IsValidEnum(*d->field(5002), "X"));
  // Above the dense tag table: the sparse side table.
  ASSERT_NE(d->field(100001), nullptr);
  EXPECT_EQ(d->field_name(*d->field(100001)), "VenueFarTag");
  EXPECT_EQ(d->field(100000), nullptr);
  EXPECT_EQ(d->field(100002), nullptr);
  const MessageDef* u1 = d->message("U1");
  ASSERT_NE(u1, nullptr);
  EXPECT_EQ(d->message_name(*u1), "VenueRiskLimit");
  const Scope* limits = d->GroupIn(d->scope(u1->body), 5003);
  ASSERT_NE(limits, nullptr);
  EXPECT_EQ(MemberTags(*d, *limits), (std::vector<std::uint32_t>{5004, 15, 100001}));
  EXPECT_TRUE(d->Contains(*limits, d->ordinal(100001)));
  const MessageDef* longtype = d->message("UCUST");
  ASSERT_NE(longtype, nullptr);
  EXPECT_EQ(d->message_name(*longtype), "VenueLongTypeMessage");
  EXPECT_EQ(d->message("UCUS"), nullptr);
  EXPECT_TRUE(d->Contains(d->header(), d->ordinal(9500)));
}

struct MalformedCase {
  const char* file;
  int line;
  const char* problem;  // a substring of the message
};

class MalformedTest : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedTest, GivesFileLineAndProblem) {
  const MalformedCase& c = GetParam();
  std::string path = std::string("tests/data/dictionaries/malformed/") + c.file;
  auto d = LoadDictionaryFile(path);
  ASSERT_FALSE(d.ok());
  std::string msg(d.status().message());
  EXPECT_EQ(msg.rfind(path + ":" + std::to_string(c.line) + ": ", 0), 0u) << msg;
  EXPECT_NE(msg.find(c.problem), std::string::npos) << msg;
}

INSTANTIATE_TEST_SUITE_P(
    Files, MalformedTest,
    ::testing::Values(
        MalformedCase{"unknown_field.xml", 12, "unknown field name 'Symbl' in message 'NewOrderSingle'"},
        MalformedCase{"wrong_type.xml", 17, "unknown type 'PRICY'"},
        MalformedCase{"bad_number.xml", 17, "bad number '4x4'"},
        MalformedCase{"duplicate_number.xml", 17, "duplicate field number 55"},
        MalformedCase{"duplicate_name.xml", 17, "duplicate field name 'Symbol'"},
        MalformedCase{"group_not_numingroup.xml", 12, "count field is not NUMINGROUP (type is STRING)"},
        MalformedCase{"unknown_component.xml", 12, "unknown component 'Instrumnt'"},
        MalformedCase{"component_cycle.xml", 22, "component cycle: A -> B -> A"},
        MalformedCase{"duplicate_msgtype.xml", 14, "duplicate msgtype 'D'"},
        MalformedCase{"empty_group.xml", 12, "group 'NoRelatedSym' has no fields"},
        MalformedCase{"no_fix_root.xml", 1, "no <fix> root element"},
        MalformedCase{"truncated.xml", 59, "XML error"}));

TEST(DictionaryLoaderTest, MissingFile) {
  auto d = LoadDictionaryFile("tests/data/dictionaries/does_not_exist.xml");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(d.status().message().find("does_not_exist.xml"), std::string::npos);
}

// Every prefix of a valid file is either a valid dictionary or an error;
// never a crash (run under ASan in CI).
TEST(DictionaryLoaderTest, EveryTruncationIsAnError) {
  std::string xml = ReadFile(kMini44);
  ASSERT_FALSE(xml.empty());
  int errors = 0;
  for (std::size_t n = 0; n < xml.size(); n += 7) {
    auto d = LoadDictionaryFromString(std::string_view(xml).substr(0, n), "cut.xml");
    if (!d.ok()) {
      ++errors;
      EXPECT_EQ(std::string(d.status().message()).rfind("cut.xml:", 0), 0u);
    }
  }
  EXPECT_EQ(errors, static_cast<int>((xml.size() + 6) / 7));
}

TEST(DictionaryLoaderTest, AttributeProblemsInline) {
  struct Case {
    const char* xml;
    const char* problem;
  } cases[] = {
      {"<fix type='FOO' major='4' minor='4'/>", "type must be FIX or FIXT"},
      {"<fix type='FIX' major='x' minor='4'/>", "major is not a version number"},
      {"<fix type='FIX' major='4' minor='4'><fields><field number='1' type='INT'/></fields></fix>",
       "field 1 has no name"},
      {"<fix type='FIX' major='4' minor='4'><fields><field number='0' name='A' type='INT'/>"
       "</fields></fix>",
       "bad number '0'"},
      {"<fix type='FIX' major='4' minor='4'><fields><field number='1' name='A' type='CHAR'>"
       "<value enum='X'/><value enum='X'/></field></fields></fix>",
       "lists enum value 'X' twice"},
      {"<fix type='FIX' major='4' minor='4'><messages><message name='M' msgtype='M'>"
       "<field name='A'/><field name='A'/></message></messages>"
       "<fields><field number='1' name='A' type='INT'/></fields></fix>",
       "field 'A' appears twice in message 'M'"},
      {"<fix type='FIX' major='4' minor='4'><messages><message name='M' msgtype='M'>"
       "<fieldd name='A'/></message></messages>"
       "<fields><field number='1' name='A' type='INT'/></fields></fix>",
       "unexpected element <fieldd>"},
      {"<fix type='FIX' major='4' minor='4'></fix>", "no <fields> section"},
  };
  for (const Case& c : cases) {
    auto d = LoadDictionaryFromString(c.xml, "inline.xml");
    ASSERT_FALSE(d.ok()) << c.xml;
    EXPECT_NE(d.status().message().find(c.problem), std::string::npos) << d.status();
  }
}

TEST(DictionaryLoaderTest, IntGroupCountAcceptedWarnedAfterFix42) {
  auto xml = [](const char* minor) {
    return std::string("<fix type='FIX' major='4' minor='") + minor +
           "'><messages><message name='M' msgtype='M'><group name='NoX'>"
           "<field name='A'/></group></message></messages><fields>"
           "<field number='1' name='A' type='STRING'/><field number='2' name='NoX' type='INT'/>"
           "</fields></fix>";
  };
  // FIX 4.0-4.2 type every NoXXX field int: normal, no warning.
  std::vector<std::string> w42;
  auto d42 = LoadDictionaryFromString(xml("2"), "fix42.xml", &w42);
  ASSERT_TRUE(d42.ok()) << d42.status();
  EXPECT_TRUE(d42->field(2)->flags & FieldDef::kIsGroupCount);
  EXPECT_TRUE(w42.empty());
  // Later versions: accepted as QuickFIX does, with a warning.
  std::vector<std::string> w44;
  auto d44 = LoadDictionaryFromString(xml("4"), "fix44.xml", &w44);
  ASSERT_TRUE(d44.ok()) << d44.status();
  EXPECT_TRUE(d44->field(2)->flags & FieldDef::kIsGroupCount);
  ASSERT_EQ(w44.size(), 1u);
  EXPECT_EQ(w44[0],
            "fix44.xml:1: group 'NoX' in message 'M': count field is INT, not NUMINGROUP; "
            "accepted as a group");
  // The old signature still loads it, silently.
  EXPECT_TRUE(LoadDictionaryFromString(xml("4"), "fix44.xml").ok());
}

// QuickFIX's FIX43.xml types NoClearingInstructions (in NoSides) INT.
TEST(DictionaryLoaderTest, Fix43NestedIntGroupCountQuirk) {
  const std::string path = "tests/data/dictionaries/int_group_count43.xml";
  std::vector<std::string> warnings;
  auto d = LoadDictionaryFile(path, &warnings);
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], path + ":31: group 'NoClearingInstructions' in group 'NoSides': "
                                "count field is INT, not NUMINGROUP; accepted as a group");
  EXPECT_TRUE(d->field(576)->flags & FieldDef::kIsGroupCount);
  const MessageDef* cross = d->message("s");
  ASSERT_NE(cross, nullptr);
  const Scope& body = d->scope(cross->body);
  const Scope* sides = nullptr;
  for (const ScopeMember& m : d->members(body)) {
    if (m.tag == 552) sides = &d->scope(m.group);
  }
  ASSERT_NE(sides, nullptr);
  const Scope* clearing = nullptr;
  for (const ScopeMember& m : d->members(*sides)) {
    if (m.tag == 576) clearing = &d->scope(m.group);
  }
  ASSERT_NE(clearing, nullptr);
  EXPECT_EQ(clearing->count_tag, 576u);
  EXPECT_EQ(clearing->delimiter, 577u);
  // Without a warnings list it loads the same.
  EXPECT_TRUE(LoadDictionaryFile(path).ok());
  // A failed load leaves the list unchanged.
  std::vector<std::string> none;
  EXPECT_FALSE(LoadDictionaryFile("tests/data/dictionaries/malformed/truncated.xml", &none).ok());
  EXPECT_TRUE(none.empty());
}

// --- shipped dictionaries ---

// An independent reference: attributes read from the raw text of each
// element that starts with `open` (e.g. "<field number="), not with pugixml.
std::vector<std::map<std::string, std::string>> ScanElements(const std::string& xml,
                                                             const std::string& open) {
  std::vector<std::map<std::string, std::string>> out;
  for (std::size_t at = xml.find(open); at != std::string::npos; at = xml.find(open, at + 1)) {
    std::size_t end = xml.find('>', at);
    std::string tag = xml.substr(at, end - at);
    std::map<std::string, std::string> attrs;
    std::size_t p = tag.find(' ');
    while (p != std::string::npos) {
      std::size_t eq = tag.find("=\"", p);
      if (eq == std::string::npos) break;
      std::size_t close = tag.find('"', eq + 2);
      std::string name = tag.substr(p + 1, eq - p - 1);
      while (!name.empty() && name[0] == ' ') name.erase(0, 1);
      attrs[name] = tag.substr(eq + 2, close - eq - 2);
      p = tag.find(' ', close);
    }
    out.push_back(attrs);
  }
  return out;
}

std::map<std::uint32_t, std::pair<std::string, std::string>> ScanFields(const std::string& xml) {
  std::map<std::uint32_t, std::pair<std::string, std::string>> out;
  for (auto& a : ScanElements(xml, "<field number=")) {
    out[std::stoul(a["number"])] = {a["name"], a["type"]};
  }
  return out;
}

std::vector<std::string> ShippedDictionaries() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator("codec/dictionaries")) {
    if (e.path().extension() == ".xml") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(ShippedDictionariesTest, EveryShippedDictionaryLoadsAndIsConsistent) {
  std::vector<std::string> files = ShippedDictionaries();
  ASSERT_FALSE(files.empty());
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    auto d = LoadDictionaryFile(path);
    ASSERT_TRUE(d.ok()) << d.status();
    std::string xml = ReadFile(path);
    auto scanned = ScanFields(xml);
    EXPECT_EQ(scanned.size(), d->field_count());
    for (const auto& [tag, name_type] : scanned) {
      const FieldDef* f = d->field(tag);
      ASSERT_NE(f, nullptr) << tag;
      EXPECT_EQ(d->field_name(*f), name_type.first);
      FieldType t;
      ASSERT_TRUE(FieldTypeFromName(name_type.second, &t));
      EXPECT_EQ(f->type, t) << tag;
    }
    // Every group has a NUMINGROUP count field and a delimiter that is its
    // first member; every member is a defined field.
    for (std::size_t id = 1; id < d->scope_count(); ++id) {
      const Scope& s = d->scope(static_cast<std::uint32_t>(id));
      for (const ScopeMember& m : d->members(s)) {
        ASSERT_NE(d->field(m.tag), nullptr);
        if (m.group != 0) {
          if (d->major() == 4 && d->minor() <= 2) {
            EXPECT_TRUE(d->field(m.tag)->type == FieldType::kNumInGroup ||
                        d->field(m.tag)->type == FieldType::kInt);
          } else {
            EXPECT_EQ(d->field(m.tag)->type, FieldType::kNumInGroup);
          }
          EXPECT_TRUE(d->field(m.tag)->flags & FieldDef::kIsGroupCount);
          const Scope& g = d->scope(m.group);
          EXPECT_EQ(g.count_tag, m.tag);
          ASSERT_GT(g.members_count, 0u);
          EXPECT_EQ(g.delimiter, d->members(g)[0].tag);
        }
      }
    }
    std::size_t messages = 0;
    for (auto& a : ScanElements(xml, "<message ")) {
      ++messages;
      const MessageDef* m = d->message(a["msgtype"]);
      ASSERT_NE(m, nullptr) << a["msgtype"];
      EXPECT_EQ(d->message_name(*m), a["name"]);
    }
    EXPECT_EQ(messages, d->messages().size());
    if (d->is_transport() || d->major() < 5) {
      EXPECT_TRUE(d->Contains(d->header(), d->ordinal(8)));
      EXPECT_TRUE(d->Contains(d->trailer(), d->ordinal(10)));
    }
  }
}

// ValueClassOf, hand-checked against the FIX types' formats, and every
// TagInfo (dense and sparse tags) carries its field's class.
TEST(DictionaryLoaderTest, ValueClasses) {
  struct Case {
    FieldType type;
    bool enums;
    ValueClass expected;
  };
  const Case cases[] = {
      {FieldType::kString, false, ValueClass::kText},
      {FieldType::kString, true, ValueClass::kTextEnum},
      {FieldType::kData, false, ValueClass::kText},
      {FieldType::kXmlData, false, ValueClass::kText},
      {FieldType::kChar, false, ValueClass::kChar},
      {FieldType::kChar, true, ValueClass::kCharEnum},
      {FieldType::kBoolean, false, ValueClass::kOther},
      {FieldType::kInt, false, ValueClass::kSigned},
      {FieldType::kInt, true, ValueClass::kOther},
      {FieldType::kLength, false, ValueClass::kUnsigned},
      {FieldType::kNumInGroup, false, ValueClass::kUnsigned},
      {FieldType::kSeqNum, false, ValueClass::kUnsigned},
      {FieldType::kTagNum, false, ValueClass::kOther},
      {FieldType::kDayOfMonth, false, ValueClass::kOther},
      {FieldType::kPrice, false, ValueClass::kDecimal},
      {FieldType::kQty, false, ValueClass::kDecimal},
      {FieldType::kAmt, false, ValueClass::kDecimal},
      {FieldType::kFloat, false, ValueClass::kDecimal},
      {FieldType::kPriceOffset, false, ValueClass::kDecimal},
      {FieldType::kPercentage, false, ValueClass::kDecimal},
      {FieldType::kPrice, true, ValueClass::kOther},
      {FieldType::kUtcTimestamp, false, ValueClass::kTimestamp},
      {FieldType::kUtcTimeOnly, false, ValueClass::kTimeOfDay},
      {FieldType::kLocalMktTime, false, ValueClass::kTimeOfDay},
      {FieldType::kUtcDateOnly, false, ValueClass::kOther},
      {FieldType::kMultipleValueString, true, ValueClass::kOther},
      {FieldType::kCurrency, false, ValueClass::kOther},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(ValueClassOf(c.type, c.enums), c.expected) << FieldTypeName(c.type) << " " << c.enums;
  }
  for (const char* file : {kMini44, "tests/data/dictionaries/custom.xml"}) {
    auto d = LoadDictionaryFile(file);
    ASSERT_TRUE(d.ok()) << d.status();
    for (const FieldDef& f : d->fields()) {
      EXPECT_EQ(d->tag_info(f.tag).value_class, ValueClassOf(f.type, f.has_enums())) << f.tag;
    }
  }
}

// ExpandMasks adds the bit indices of `masks` to *out, checking that the
// words increase and no mask is empty.
void ExpandMasks(std::span<const RequiredMask> masks, std::set<std::uint32_t>* out) {
  std::int64_t last = -1;
  for (const RequiredMask& m : masks) {
    EXPECT_GT(static_cast<std::int64_t>(m.word), last);
    EXPECT_NE(m.bits, 0u);
    last = m.word;
    for (std::uint32_t b = 0; b < 64; ++b) {
      if ((m.bits >> b) & 1u) out->insert(m.word * 64 + b);
    }
  }
}

// ShippedAndTestDictionaries: the shipped dictionaries and the two test
// ones (mini44, custom with user-defined fields and messages).
std::vector<std::string> ShippedAndTestDictionaries() {
  std::vector<std::string> files = ShippedDictionaries();
  files.push_back("tests/data/dictionaries/mini44.xml");
  files.push_back("tests/data/dictionaries/custom.xml");
  return files;
}

// Every scope's required masks hold exactly its required members (by the
// members' own required flags), by ordinal and by position, one mask per
// word in increasing word order, none empty.
TEST(ShippedDictionariesTest, RequiredMasksHoldExactlyTheRequiredMembers) {
  for (const std::string& path : ShippedAndTestDictionaries()) {
    SCOPED_TRACE(path);
    auto d = LoadDictionaryFile(path);
    ASSERT_TRUE(d.ok()) << d.status();
    for (std::size_t id = 1; id < d->scope_count(); ++id) {
      const Scope& s = d->scope(static_cast<std::uint32_t>(id));
      std::set<std::uint32_t> want_ordinals, want_positions, got_ordinals, got_positions;
      std::uint32_t p = 0;
      for (const ScopeMember& m : d->members(s)) {
        if (m.required) {
          want_ordinals.insert(m.ordinal);
          want_positions.insert(p);
        }
        ++p;
      }
      ExpandMasks(d->required_by_ordinal(s), &got_ordinals);
      ExpandMasks(d->required_by_position(s), &got_positions);
      EXPECT_EQ(got_ordinals, want_ordinals) << "scope " << id;
      EXPECT_EQ(got_positions, want_positions) << "scope " << id;
      for (const RequiredMask& m : d->required_by_ordinal(s)) EXPECT_LT(m.word, d->field_words());
    }
  }
}

// Each message's merged masks hold exactly the required members of the
// header, its body and the trailer (by the members' own required flags).
TEST(ShippedDictionariesTest, MessageRequiredMasksMergeHeaderBodyAndTrailer) {
  for (const std::string& path : ShippedAndTestDictionaries()) {
    SCOPED_TRACE(path);
    auto d = LoadDictionaryFile(path);
    ASSERT_TRUE(d.ok()) << d.status();
    for (const MessageDef& msg : d->messages()) {
      std::set<std::uint32_t> want, got;
      for (const Scope* s : {&d->header(), &d->scope(msg.body), &d->trailer()}) {
        for (const ScopeMember& m : d->members(*s)) {
          if (m.required) want.insert(m.ordinal);
        }
      }
      ExpandMasks(d->message_required(msg), &got);
      for (const RequiredMask& m : d->message_required(msg)) EXPECT_LT(m.word, d->field_words());
      EXPECT_EQ(got, want) << d->message_name(msg);
    }
  }
}

TEST(ShippedDictionariesTest, ExpectedVersionsAreShipped) {
  std::set<std::string> names;
  for (const std::string& p : ShippedDictionaries()) {
    names.insert(std::filesystem::path(p).filename().string());
  }
  EXPECT_TRUE(names.count("FIXT11.xml"));
  EXPECT_TRUE(names.count("FIX50SP2.xml"));
  auto fixt = LoadDictionaryFile("codec/dictionaries/FIXT11.xml");
  ASSERT_TRUE(fixt.ok()) << fixt.status();
  EXPECT_EQ(fixt->begin_string(), "FIXT.1.1");
  EXPECT_TRUE(fixt->is_transport());
  auto sp2 = LoadDictionaryFile("codec/dictionaries/FIX50SP2.xml");
  ASSERT_TRUE(sp2.ok()) << sp2.status();
  EXPECT_EQ(sp2->begin_string(), "FIX.5.0SP2");
  ASSERT_NE(sp2->message("D"), nullptr);
}

}  // namespace
}  // namespace fixwire
