// Cross-checks our FIXT11.xml, FIX50SP2.xml, FIX50SP1.xml and FIX50.xml against the facts in QuickFIX
// 1.15's generated headers (Debian libquickfix-dev): FixFieldNumbers.h / FixFields.h (every field
// number, name and type QuickFIX knows) and fix50sp2/*.h, fix50sp1/*.h, fix50/*.h, fixt11/*.h (the
// fields and groups of every message class). The headers are read as text; nothing from them is copied
// into the dictionaries. Our SP2 file follows a later extension pack than QuickFIX's, so QuickFIX's
// per-message facts must be a subset of ours there; FIX 5.0 SP1 and FIX 5.0 have had no extension
// pack since, so there every message must agree exactly.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/dictionaries/fixt_model.h"

namespace fixwire_dicttest {
namespace {

constexpr char kFixt[] = "codec/dictionaries/FIXT11.xml";
constexpr char kFix50Sp2[] = "codec/dictionaries/FIX50SP2.xml";
constexpr char kFix50Sp1[] = "codec/dictionaries/FIX50SP1.xml";
constexpr char kFix50[] = "codec/dictionaries/FIX50.xml";
constexpr char kQuickFixInclude[] = "/usr/include/quickfix";

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every piece of text between an occurrence of open and the next close, with the offset of open.
std::vector<std::pair<size_t, std::string>> Between(const std::string& text, const std::string& open,
                                                    const std::string& close) {
  std::vector<std::pair<size_t, std::string>> out;
  for (size_t at = text.find(open); at != std::string::npos; at = text.find(open, at + 1)) {
    const size_t begin = at + open.size();
    const size_t end = text.find(close, begin);
    if (end == std::string::npos) break;
    out.emplace_back(at, text.substr(begin, end - begin));
  }
  return out;
}

DictModel Load(const std::string& path) {
  DictModel model;
  std::string error;
  EXPECT_TRUE(LoadDictModel(path, &model, &error)) << error;
  return model;
}

// QuickFIX's field constants: name -> number, and number -> names (a number may have several names
// across FIX versions, e.g. 327 HaltReasonChar / HaltReasonInt).
struct QuickFixFields {
  std::map<std::string, int> number_of;
  std::map<int, std::set<std::string>> names_of;
  std::map<std::string, std::string> type_of;  // from DEFINE_<TYPE>(Name)
};

const QuickFixFields& QuickFix() {
  static const QuickFixFields* fields = [] {
    auto* f = new QuickFixFields();
    const std::string numbers = ReadText(std::string(kQuickFixInclude) + "/FixFieldNumbers.h");
    for (const auto& [at, decl] : Between(numbers, "const int ", ";")) {  // "Name = 123"
      const size_t eq = decl.find(" = ");
      const std::string name = decl.substr(0, eq);
      const int number = std::stoi(decl.substr(eq + 3));
      f->number_of[name] = number;
      f->names_of[number].insert(name);
    }
    const std::string defs = ReadText(std::string(kQuickFixInclude) + "/FixFields.h");
    for (const auto& [at, def] : Between(defs, "DEFINE_", ")")) {  // "TYPE(Name"
      const size_t paren = def.find('(');
      if (paren != std::string::npos) f->type_of[def.substr(paren + 1)] = def.substr(0, paren);
    }
    return f;
  }();
  return *fields;
}

TEST(FixtCrossCheck, QuickFixHeadersAreReadable) {
  // Guards the parsing below: a few constants every FIX version has.
  EXPECT_EQ(QuickFix().number_of.at("Account"), 1);
  EXPECT_EQ(QuickFix().number_of.at("ApplVerID"), 1128);
  EXPECT_EQ(QuickFix().type_of.at("Price"), "PRICE");
  EXPECT_GT(QuickFix().number_of.size(), 1400u);
}

// Every field of ours exists in QuickFIX under the same number, name and type. Documented exceptions,
// where the FIX specification and QuickFIX name or type a field differently:
//   327: FIX 5.0 SP2 calls the int field HaltReason; QuickFIX calls it HaltReasonInt (HaltReasonChar for 4.x).
//   CheckSum(10): the specification's datatype is String; QuickFIX gives it its own CHECKSUM type.
TEST(FixtCrossCheck, FieldNumbersNamesAndTypes) {
  for (const char* path : {kFixt, kFix50Sp2}) {
    DictModel model = Load(path);
    for (const FieldDef& field : model.fields) {
      auto names = QuickFix().names_of.find(field.number);
      ASSERT_NE(names, QuickFix().names_of.end()) << path << ": QuickFIX has no field " << field.number;
      if (field.number == 327) {
        EXPECT_EQ(field.name, "HaltReason");
        EXPECT_TRUE(names->second.count("HaltReasonInt"));
        continue;
      }
      EXPECT_TRUE(names->second.count(field.name)) << path << ": " << field.number << " is " << field.name
                                                   << " here, " << *names->second.begin() << " in QuickFIX";
      auto type = QuickFix().type_of.find(field.name);
      ASSERT_NE(type, QuickFix().type_of.end()) << field.name;
      if (field.name == "CheckSum") continue;
      EXPECT_EQ(field.type, type->second) << path << ": " << field.name;
    }
  }
}

// Every field of an earlier version's dictionary exists in QuickFIX under the same number, name and
// type; the names are the ones QuickFIX's message classes of that version (dir) use, and the highest
// field number is the highest those classes use.
void ExpectEarlierFieldsAgree(const DictModel& model, const std::string& dir, int expected_highest) {
  ASSERT_GT(model.fields.size(), 1000u) << dir;
  int highest = 0;
  for (const FieldDef& field : model.fields) {
    highest = std::max(highest, field.number);
    auto names = QuickFix().names_of.find(field.number);
    ASSERT_NE(names, QuickFix().names_of.end()) << dir << ": QuickFIX has no field " << field.number;
    EXPECT_TRUE(names->second.count(field.name)) << dir << ": " << field.number << " is " << field.name
                                                 << " here, " << *names->second.begin() << " in QuickFIX";
    auto type = QuickFix().type_of.find(field.name);
    ASSERT_NE(type, QuickFix().type_of.end()) << field.name;
    if (field.name == "CheckSum") continue;  // String in the specification, see above
    EXPECT_EQ(field.type, type->second) << dir << ": " << field.name;
  }
  int highest_used = 0, used = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(kQuickFixInclude) + "/" + dir)) {
    const std::string text = ReadText(entry.path().string());
    for (const auto& [at, name] : Between(text, "FIELD_SET(*this, FIX::", ")")) {
      const int number = QuickFix().number_of.at(name);
      highest_used = std::max(highest_used, number);
      const FieldDef* ours = model.FieldNumbered(number);
      ASSERT_NE(ours, nullptr) << entry.path() << ": " << name << "(" << number << ")";
      EXPECT_EQ(ours->name, name) << entry.path() << ": " << number;
      ++used;
    }
  }
  EXPECT_GT(used, 5000) << dir;
  EXPECT_EQ(highest_used, expected_highest) << dir;
  EXPECT_EQ(highest, highest_used) << dir;
}

// FIX 5.0 SP1 (327 is HaltReasonChar there, as in QuickFIX; 1009 SideQty and 1059.. UndlyInstrument...
// keep their FIX 5.0 names, which SP2 changed); tags up to 1426.
TEST(FixtCrossCheck, Fix50Sp1FieldsAgreeWithQuickFix) {
  ExpectEarlierFieldsAgree(Load(kFix50Sp1), "fix50sp1", 1426);
}

// FIX 5.0 (names some fields differently from SP1 and SP2, e.g. 982 ExpType); tags up to 1139.
TEST(FixtCrossCheck, Fix50FieldsAgreeWithQuickFix) {
  ExpectEarlierFieldsAgree(Load(kFix50), "fix50", 1139);
}

// QuickFIX's FixValues.h: field name -> every enumerated value it defines for that name, over all FIX
// versions (so it may hold values FIX 5.0 SP2 no longer has). Values are trimmed: QuickFIX spells
// QuoteCondition's "f" as "f " (a space cannot be part of a MultipleStringValue item).
std::map<std::string, std::set<std::string>> QuickFixValues() {
  std::map<std::string, std::set<std::string>> out;
  std::stringstream lines(ReadText(std::string(kQuickFixInclude) + "/FixValues.h"));
  for (std::string line; std::getline(lines, line);) {
    const size_t decl = line.find("const ");
    const size_t eq = line.find(" = ");
    if (decl == std::string::npos || eq == std::string::npos) continue;
    const size_t name_at = line.find(' ', decl + 6) + 1;  // after "const char " / "const int "
    const std::string field = line.substr(name_at, line.find('_', name_at) - name_at);
    std::string value = line.substr(eq + 3, line.rfind(';') - eq - 3);
    if (!value.empty() && (value.front() == '\'' || value.front() == '"')) value = value.substr(1, value.size() - 2);
    while (!value.empty() && value.back() == ' ') value.pop_back();
    out[field].insert(value);
  }
  return out;
}

// Every enumerated value of ours is one QuickFIX knows for that field. Documented exception:
// SessionRejectReason(373) 18 "Invalid/unsupported application version", which FIXT 1.1 adds and
// QuickFIX 1.15 does not list (and 327 HaltReason, named differently, see above).
TEST(FixtCrossCheck, EnumeratedValuesAreKnownToQuickFix) {
  const auto values = QuickFixValues();
  EXPECT_TRUE(values.at("Side").count("1"));  // guards the parsing
  EXPECT_TRUE(values.at("MsgType").count("AE"));
  int checked = 0;
  for (const char* path : {kFixt, kFix50Sp2}) {
    DictModel model = Load(path);
    for (const FieldDef& field : model.fields) {
      if (field.values.empty() || field.number == 327) continue;
      auto known = values.find(field.name);
      ASSERT_NE(known, values.end()) << path << ": QuickFIX has no values for " << field.name;
      for (const auto& [value, description] : field.values) {
        if (field.number == 373 && value == "18") continue;
        EXPECT_TRUE(known->second.count(value)) << path << ": " << field.name << " value " << value;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 2900);
  for (const char* path : {kFix50Sp1, kFix50}) {
    DictModel earlier = Load(path);
    int checked_earlier = 0;
    for (const FieldDef& field : earlier.fields) {
      if (field.values.empty()) continue;
      auto known = values.find(field.name);
      ASSERT_NE(known, values.end()) << path << ": QuickFIX has no values for " << field.name;
      for (const auto& [value, description] : field.values) {
        if (field.number == 373 && value == "18") continue;  // see above
        EXPECT_TRUE(known->second.count(value)) << path << ": " << field.name << " value " << value;
        ++checked_earlier;
      }
    }
    EXPECT_GT(checked_earlier, 2000) << path;
  }
}

// Every field QuickFIX's FIX 5.0 SP2 and FIXT 1.1 message classes use is in our dictionaries.
TEST(FixtCrossCheck, EveryFieldQuickFixUsesIsDefined) {
  DictModel app = Load(kFix50Sp2);
  DictModel transport = Load(kFixt);
  int checked = 0;
  for (const char* dir : {"fix50sp2", "fixt11"}) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(kQuickFixInclude) + "/" + dir)) {
      const std::string text = ReadText(entry.path().string());
      for (const auto& [at, name] : Between(text, "FIELD_SET(*this, FIX::", ")")) {
        const int number = QuickFix().number_of.at(name);
        const DictModel& model = std::string(dir) == "fixt11" ? transport : app;
        EXPECT_NE(model.FieldNumbered(number), nullptr) << entry.path() << ": " << name << "(" << number << ")";
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

struct QuickFixGroup {
  int count_tag;
  int delimiter;
  std::vector<int> members;
};

struct QuickFixMessage {
  std::string file;
  std::string msgtype;
  std::vector<int> top;  // FIELD_SETs of the message class itself (count tags included)
  std::vector<QuickFixGroup> groups;
};

std::vector<QuickFixMessage> QuickFixMessages(const std::string& dir) {
  std::vector<QuickFixMessage> out;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(kQuickFixInclude) + "/" + dir)) {
    const std::string text = ReadText(entry.path().string());
    const auto msgtypes = Between(text, "FIX::MsgType(\"", "\"");
    if (text.find(": public Message") == std::string::npos || msgtypes.empty()) continue;
    QuickFixMessage message;
    message.file = entry.path().filename().string();
    message.msgtype = msgtypes.front().second;
    // The message class's own fields are the ones indented by exactly four spaces.
    for (const auto& [at, name] : Between(text, "\n    FIELD_SET(*this, FIX::", ")")) {
      message.top.push_back(QuickFix().number_of.at(name));
    }
    for (const auto& [at, args] : Between(text, "FIX::Group(", "))")) {  // "627,628,FIX::message_order(628,...,0"
      const size_t comma = args.find(',');
      const size_t order_at = args.find("message_order(");
      if (comma == std::string::npos || order_at == std::string::npos) continue;
      QuickFixGroup g{std::stoi(args.substr(0, comma)), std::stoi(args.substr(comma + 1)), {}};
      std::stringstream order(args.substr(order_at + 14));
      for (std::string tag; std::getline(order, tag, ',');) {
        if (tag != "0") g.members.push_back(std::stoi(tag));
      }
      message.groups.push_back(std::move(g));
    }
    out.push_back(std::move(message));
  }
  return out;
}

void CollectGroups(const std::vector<FlatGroup>& groups, std::vector<const FlatGroup*>* out) {
  for (const FlatGroup& g : groups) {
    out->push_back(&g);
    CollectGroups(g.nested, out);
  }
}

void ExpectMessagesCovered(const DictModel& model, const std::string& dir, size_t at_least) {
  const std::vector<QuickFixMessage> messages = QuickFixMessages(dir);
  EXPECT_GE(messages.size(), at_least) << dir;
  for (const QuickFixMessage& qf : messages) {
    const MessageDef* ours = model.MessageOfType(qf.msgtype);
    ASSERT_NE(ours, nullptr) << dir << "/" << qf.file << ": no message " << qf.msgtype;
    const FlatScope flat = model.Flatten(ours->body);
    const std::set<int> top(flat.tags.begin(), flat.tags.end());
    for (int tag : qf.top) EXPECT_TRUE(top.count(tag)) << qf.file << ": tag " << tag << " not in our " << ours->name;
    std::vector<const FlatGroup*> groups;
    CollectGroups(flat.groups, &groups);
    for (const QuickFixGroup& g : qf.groups) {
      // Some group of ours with the same count tag and delimiter holds every member QuickFIX lists.
      bool found = false;
      for (const FlatGroup* mine : groups) {
        if (mine->count_tag != g.count_tag || mine->delimiter != g.delimiter) continue;
        const std::set<int> members(mine->members.begin(), mine->members.end());
        bool all = true;
        for (int tag : g.members) all = all && members.count(tag);
        found = found || all;
      }
      EXPECT_TRUE(found) << qf.file << ": group " << g.count_tag << " (delimiter " << g.delimiter
                         << ") not matched in our " << ours->name;
    }
  }
}

// QuickFIX's message classes take a message's required body fields (those listed directly in the
// message, not through a component or group) as constructor arguments, in layout order. Ours must be
// exactly those, for every message.
TEST(FixtCrossCheck, RequiredBodyFieldsMatchQuickFixConstructors) {
  DictModel app = Load(kFix50Sp2);
  DictModel sp1 = Load(kFix50Sp1);
  DictModel fix50 = Load(kFix50);
  DictModel transport = Load(kFixt);
  const std::map<std::string, const DictModel*> models = {
      {"fix50sp2", &app}, {"fixt11", &transport}, {"fix50sp1", &sp1}, {"fix50", &fix50}};
  int messages = 0;
  for (const auto& [dir, model_ptr] : models) {
    const DictModel& model = *model_ptr;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(kQuickFixInclude) + "/" + dir)) {
      const std::string text = ReadText(entry.path().string());
      const auto classes = Between(text, "class ", " : public Message");
      const auto msgtypes = Between(text, "FIX::MsgType(\"", "\"");
      if (classes.empty() || msgtypes.empty()) continue;
      const MessageDef* ours = model.MessageOfType(msgtypes.front().second);
      ASSERT_NE(ours, nullptr) << entry.path();
      if (dir == "fix50") {
        EXPECT_EQ(ours->name, classes.front().second) << entry.path();
      }
      std::vector<std::string> expected;
      const std::string ctor = "\n    " + classes.front().second + "(\n";
      const size_t at = text.find(ctor);
      if (at != std::string::npos) {
        const std::string args = text.substr(at + ctor.size(), text.find(')', at + ctor.size()) - at - ctor.size());
        for (const auto& [pos, name] : Between(args, "const FIX::", "&")) expected.push_back(name);
      }
      std::vector<std::string> required;
      for (const Node& n : ours->body) {
        if (n.kind == Node::kField && n.required) required.push_back(n.name);
      }
      EXPECT_EQ(required, expected) << ours->name;
      ++messages;
    }
  }
  EXPECT_GT(messages, 300);
}

TEST(FixtCrossCheck, ApplicationMessagesCoverQuickFixs) {
  ExpectMessagesCovered(Load(kFix50Sp2), "fix50sp2", 100);
}

// A message class or group class of QuickFIX's, read with its nesting: the FIELD_SETs of the class
// itself in order (count tags included) and its group classes in order. QuickFIX's message_order lists
// of an entry leave out what a component two levels down holds, count tags and fields alike (e.g.
// NoLegSecurityAltID in a NoLegs entry; in SP1 also SecurityXML and the trading rules in a
// NoRelatedSym entry), although the class declares them: a quirk of QuickFIX's generator, not of the
// specification. So the FIELD_SETs are the facts compared; message_order must be a subsequence of them.
struct QuickFixScope {
  int count_tag = 0;
  int delimiter = 0;
  std::vector<int> order;  // message_order, groups only
  std::vector<int> tags;
  std::vector<QuickFixScope> groups;
};

QuickFixScope ReadNested(const std::string& text) {
  QuickFixScope root;
  std::vector<QuickFixScope*> open = {&root};
  std::stringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos) continue;
    const std::string s = line.substr(first);
    if (s.rfind("FIELD_SET(*this, FIX::", 0) == 0) {
      open.back()->tags.push_back(QuickFix().number_of.at(s.substr(22, s.find(')') - 22)));
    } else if (s.find("() : FIX::Group(") != std::string::npos) {
      const std::string args = s.substr(s.find("FIX::Group(") + 11);  // "453,448,FIX::message_order(448,...,0)) {}"
      QuickFixScope group;
      group.count_tag = std::stoi(args);
      group.delimiter = std::stoi(args.substr(args.find(',') + 1));
      std::stringstream order(args.substr(args.find("message_order(") + 14));
      for (std::string tag; std::getline(order, tag, ',');) {
        if (std::stoi(tag) != 0) group.order.push_back(std::stoi(tag));
      }
      open.back()->groups.push_back(std::move(group));
      open.push_back(&open.back()->groups.back());
    } else if (s == "};" && open.size() > 1) {
      open.pop_back();
    }
  }
  return root;
}

bool IsSubsequence(const std::vector<int>& part, const std::vector<int>& whole) {
  size_t at = 0;
  for (int tag : whole) at += at < part.size() && part[at] == tag;
  return at == part.size();
}

// Where two tag lists first differ, for failure messages (gtest prints only the first 32 elements).
std::string FirstDifference(const std::vector<int>& ours, const std::vector<int>& theirs) {
  size_t i = 0;
  while (i < ours.size() && i < theirs.size() && ours[i] == theirs[i]) ++i;
  const auto at = [i](const std::vector<int>& v) {
    return i < v.size() ? std::to_string(v[i]) : std::string("(end)");
  };
  return "first difference at " + std::to_string(i) + ": ours " + at(ours) + ", QuickFIX's " +
         at(theirs);
}

void ExpectSameGroups(const std::vector<FlatGroup>& ours, const std::vector<QuickFixScope>& theirs,
                      const std::string& where, int* checked) {
  ASSERT_EQ(ours.size(), theirs.size()) << where << ": number of groups";
  for (size_t i = 0; i < ours.size(); ++i) {
    const std::string at = where + "/" + std::to_string(theirs[i].count_tag);
    EXPECT_EQ(ours[i].count_tag, theirs[i].count_tag) << at;
    EXPECT_EQ(ours[i].delimiter, theirs[i].delimiter) << at;
    EXPECT_EQ(ours[i].members, theirs[i].tags) << at << ": " << FirstDifference(ours[i].members, theirs[i].tags);
    EXPECT_TRUE(IsSubsequence(theirs[i].order, ours[i].members)) << at << ": message_order";
    ++*checked;
    ExpectSameGroups(ours[i].nested, theirs[i].groups, at, checked);
  }
}

// An earlier version agrees with QuickFIX's message classes of that version (dir) exactly: the same
// messages under the same names; in each, the same top-level fields in the same order, and the same
// groups at every depth, in the same places, with the same delimiter and the same members in the same
// order.
void ExpectMessagesAgree(const DictModel& model, const std::string& dir, size_t expected_messages,
                         int expected_groups_at_least) {
  const std::vector<QuickFixMessage> messages = QuickFixMessages(dir);
  EXPECT_EQ(messages.size(), expected_messages) << dir;
  EXPECT_EQ(model.messages.size(), messages.size()) << dir;
  int groups_checked = 0;
  for (const QuickFixMessage& qf : messages) {
    const MessageDef* ours = model.MessageOfType(qf.msgtype);
    ASSERT_NE(ours, nullptr) << dir << "/" << qf.file << ": no message " << qf.msgtype;
    EXPECT_EQ(ours->name + ".h", qf.file) << dir;
    const QuickFixScope theirs = ReadNested(ReadText(std::string(kQuickFixInclude) + "/" + dir + "/" + qf.file));
    const FlatScope flat = model.Flatten(ours->body);
    EXPECT_EQ(flat.tags, theirs.tags) << dir << ": " << ours->name << ": " << FirstDifference(flat.tags, theirs.tags);
    ExpectSameGroups(flat.groups, theirs.groups, dir + ": " + ours->name, &groups_checked);
  }
  EXPECT_GT(groups_checked, expected_groups_at_least) << dir;
}

TEST(FixtCrossCheck, Fix50Sp1MessagesAgreeWithQuickFix) {
  ExpectMessagesAgree(Load(kFix50Sp1), "fix50sp1", 105, 1000);
}

TEST(FixtCrossCheck, Fix50MessagesAgreeWithQuickFix) {
  ExpectMessagesAgree(Load(kFix50), "fix50", 93, 1000);
}

TEST(FixtCrossCheck, SessionMessagesCoverQuickFixs) {
  ExpectMessagesCovered(Load(kFixt), "fixt11", 7);
}

TEST(FixtCrossCheck, HeaderAndTrailerCoverQuickFixs) {
  DictModel transport = Load(kFixt);
  const std::string text = ReadText(std::string(kQuickFixInclude) + "/fixt11/Message.h");
  const size_t trailer_at = text.find("class Trailer");
  ASSERT_NE(trailer_at, std::string::npos);
  const FlatScope header = transport.Flatten(transport.header);
  const FlatScope trailer = transport.Flatten(transport.trailer);
  std::set<int> header_tags(header.tags.begin(), header.tags.end());
  for (const FlatGroup& g : header.groups) header_tags.insert(g.members.begin(), g.members.end());
  const std::set<int> trailer_tags(trailer.tags.begin(), trailer.tags.end());
  int seen = 0;
  for (const auto& [at, name] : Between(text, "FIELD_SET(*this, FIX::", ")")) {
    const int tag = QuickFix().number_of.at(name);
    EXPECT_TRUE(at > trailer_at ? trailer_tags.count(tag) : header_tags.count(tag)) << name;
    ++seen;
  }
  EXPECT_GT(seen, 30);
}

}  // namespace
}  // namespace fixwire_dicttest
