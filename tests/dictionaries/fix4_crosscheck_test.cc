// Cross-checks fixwire's FIX 4.0 .. FIX 4.4 dictionaries against facts stated independently in
// QuickFIX's generated C++ headers (libquickfix-dev, /usr/include/quickfix): field numbers and
// names (FixFieldNumbers.h), enumerated values (FixValues.h), header and trailer (Message.h) and,
// per message, the fields and group layouts of fix40/*.h .. fix44/*.h. The headers are read as
// text; nothing is copied.
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/dictionaries/fix4_model.h"

namespace fixwire_fix4test {
namespace {

constexpr char kInclude[] = "/usr/include/quickfix/";

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Dictionary MustLoad(const std::string& path) {
  Dictionary d;
  std::string error;
  EXPECT_TRUE(LoadDictionary(path, &d, &error)) << error;
  return d;
}

// name -> numbers (a name can be listed for more than one number across versions).
const std::multimap<std::string, int>& HeaderNumbers() {
  static const std::multimap<std::string, int>* numbers = [] {
    auto* out = new std::multimap<std::string, int>();
    const std::string text = ReadText(std::string(kInclude) + "FixFieldNumbers.h");
    const std::regex pattern(R"(const int (\w+) = (\d+);)");
    for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
      out->emplace((*it)[1].str(), std::stoi((*it)[2].str()));
    }
    return out;
  }();
  return *numbers;
}

// field name -> every value QuickFIX defines for it (all FIX versions merged).
const std::map<std::string, std::set<std::string>>& HeaderValues() {
  static const std::map<std::string, std::set<std::string>>* values = [] {
    auto* out = new std::map<std::string, std::set<std::string>>();
    const std::string text = ReadText(std::string(kInclude) + "FixValues.h");
    const std::regex pattern(R"(const (?:char|int|bool) (\w+?)_\w+(?:\[\])? = ([^;]+);)");
    for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
      std::string value = (*it)[2].str();
      if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"')) value = value.substr(1, value.size() - 2);
      (*out)[(*it)[1].str()].insert(value);
    }
    return out;
  }();
  return *values;
}

// One message class of a generated header: body fields, constructor fields, group orders.
struct HeaderMessage {
  bool found = false;
  std::set<std::string> fields;                     // FIELD_SET at message level
  std::set<std::string> constructor;                // required fields the constructor takes
  std::map<std::string, std::vector<int>> groups;   // "/NoA/NoB" -> message_order tags
};

HeaderMessage ReadHeaderMessage(const std::string& version, const std::string& name) {
  HeaderMessage out;
  const std::string text = ReadText(std::string(kInclude) + version + "/" + name + ".h");
  if (text.empty()) return out;
  out.found = true;
  const std::regex constructor(name + R"(\(\s*\n((?:\s*const FIX::\w+& a\w+\s*,?\s*\)?\s*\n)+)\s*: Message)");
  std::smatch match;
  if (std::regex_search(text, match, constructor)) {
    const std::string params = match[1].str();
    const std::regex param(R"(FIX::(\w+)&)");
    for (std::sregex_iterator it(params.begin(), params.end(), param), end; it != end; ++it) {
      out.constructor.insert((*it)[1].str());
    }
  }
  const std::regex class_line(R"(^\s*class (\w+)\s*:\s*public (FIX::Group|Message))");
  const std::regex group_line(R"(FIX::Group\((\d+),(\d+),FIX::message_order\(([\d,]+)\))");
  const std::regex field_line(R"(FIELD_SET\(\*this, FIX::(\w+)\))");
  std::vector<std::pair<std::string, int>> classes;  // open classes and the brace depth they opened at
  int depth = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_search(line, match, class_line)) classes.emplace_back(match[1].str(), depth);
    if (std::regex_search(line, match, group_line)) {
      std::string path;
      for (size_t i = 1; i < classes.size(); ++i) path += "/" + classes[i].first;
      std::vector<int> tags;
      std::stringstream list(match[3].str());
      for (std::string tag; std::getline(list, tag, ',');) {
        if (tag != "0") tags.push_back(std::stoi(tag));
      }
      out.groups[path] = tags;
    }
    if (std::regex_search(line, match, field_line) && classes.size() == 1) out.fields.insert(match[1].str());
    for (char c : line) depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    while (!classes.empty() && depth <= classes.back().second && line.find('}') != std::string::npos) {
      classes.pop_back();
    }
  }
  return out;
}

class Versions : public ::testing::TestWithParam<std::pair<const char*, const char*>> {
 protected:
  std::string Path() const { return GetParam().first; }
  std::string HeaderDir() const { return GetParam().second; }
};

TEST_P(Versions, FieldNumbersAndNamesAgreeWithQuickFix) {
  Dictionary d = MustLoad(Path());
  ASSERT_GT(HeaderNumbers().size(), 900u) << "FixFieldNumbers.h not readable";
  for (const FieldDef& field : d.fields) {
    bool found = false;
    auto range = HeaderNumbers().equal_range(field.name);
    for (auto it = range.first; it != range.second; ++it) found = found || it->second == field.number;
    EXPECT_TRUE(found) << Path() << ": " << field.number << " " << field.name << " is not a FIX field";
  }
}

TEST_P(Versions, EnumeratedValuesAreValuesQuickFixKnows) {
  Dictionary d = MustLoad(Path());
  ASSERT_FALSE(HeaderValues().empty()) << "FixValues.h not readable";
  int checked = 0;
  for (const FieldDef& field : d.fields) {
    if (field.values.empty() || field.type == "BOOLEAN") continue;
    auto it = HeaderValues().find(field.name);
    if (it == HeaderValues().end()) {
      ADD_FAILURE() << Path() << ": QuickFIX lists no values for " << field.name;
      continue;
    }
    for (const auto& value : field.values) {
      EXPECT_EQ(it->second.count(value.first), 1u) << Path() << ": " << field.name << "=" << value.first;
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);  // FIX 4.0: 221
}

// Every field that a QuickFIX message of this version uses is defined by our dictionary, under
// the same name.
TEST_P(Versions, DefinesEveryFieldTheVersionsMessagesUse) {
  Dictionary d = MustLoad(Path());
  int messages = 0;
  for (const MessageDef& message : d.messages) {
    HeaderMessage header = ReadHeaderMessage(HeaderDir(), message.name);
    if (!header.found) continue;
    ++messages;
    for (const std::string& name : header.fields) {
      EXPECT_NE(d.Field(name), nullptr) << Path() << ": " << message.name << " uses undefined " << name;
    }
  }
  EXPECT_GE(messages, 27) << Path();  // FIX 4.0 has 27
}

std::string Names(const Dictionary& d, const std::vector<int>& tags) {
  std::string out;
  for (int tag : tags) {
    const FieldDef* field = d.FieldNumber(tag);
    out += " " + (field ? field->name : std::to_string(tag));
  }
  return out;
}

void CompareGroups(const Dictionary& d, const HeaderMessage& header, const std::vector<FlatGroup>& groups,
                   const std::string& path, const std::string& where, std::set<std::string>* seen) {
  for (const FlatGroup& group : groups) {
    const std::string group_path = path + "/" + group.count;
    seen->insert(group_path);
    std::vector<int> ours;
    for (const std::string& name : group.members) ours.push_back(d.Field(name) ? d.Field(name)->number : 0);
    auto it = header.groups.find(group_path);
    if (it == header.groups.end()) {
      ADD_FAILURE() << where << ": QuickFIX has no group " << group_path;
    } else {
      // QuickFIX's message_order leaves out some nested count tags: compare on the tags it lists.
      std::set<int> listed(it->second.begin(), it->second.end());
      std::vector<int> common;
      for (int tag : ours) {
        if (listed.count(tag)) common.push_back(tag);
      }
      std::set<int> ours_set(ours.begin(), ours.end());
      std::vector<int> missing;
      for (int tag : it->second) {
        if (!ours_set.count(tag)) missing.push_back(tag);
      }
      EXPECT_EQ(common, it->second) << where << " " << group_path << "\n ours:" << Names(d, ours)
                                    << "\n QuickFIX:" << Names(d, it->second);
      EXPECT_TRUE(missing.empty()) << where << " " << group_path << " lacks" << Names(d, missing);
    }
    CompareGroups(d, header, group.nested, group_path, where, seen);
  }
}

// Where fixwire follows the FIX 4.0 specification and QuickFIX does not: the specification has a
// count field followed by repeating fields, QuickFIX lists them as plain fields of the enclosing
// scope (docs/dictionaries.md). Paths of groups, as CompareGroups names them.
bool FollowsSpecificationNotQuickFix(const std::string& version, const std::string& message,
                                     const std::string& group_path) {
  if (version != "fix40") return false;
  return ((message == "News" || message == "Email") && group_path == "/LinesOfText") ||
         (message == "Allocation" && group_path == "/NoAllocs/NoDlvyInst");
}

// Dissolves the groups FollowsSpecificationNotQuickFix names into their enclosing scope, as
// QuickFIX reads them.
void DissolveSpecificationGroups(const std::string& version, const std::string& message,
                                 const std::string& path, std::vector<std::string>* members,
                                 std::vector<FlatGroup>* groups) {
  for (size_t i = 0; i < groups->size();) {
    FlatGroup& group = (*groups)[i];
    const std::string group_path = path + "/" + group.count;
    if (FollowsSpecificationNotQuickFix(version, message, group_path)) {
      members->insert(members->end(), group.members.begin(), group.members.end());
      groups->erase(groups->begin() + static_cast<std::ptrdiff_t>(i));
      continue;
    }
    DissolveSpecificationGroups(version, message, group_path, &group.members, &group.nested);
    ++i;
  }
}

// Each message's body fields, required fields and group layouts (members in order, nesting)
// agree with QuickFIX's generated class for the same message.
TEST_P(Versions, MessagesAgreeWithQuickFixsGeneratedClasses) {
  Dictionary d = MustLoad(Path());
  int compared = 0;
  for (const MessageDef& message : d.messages) {
    HeaderMessage header = ReadHeaderMessage(HeaderDir(), message.name);
    if (!header.found) continue;
    ++compared;
    const std::string where = Path() + " " + message.name + " (" + message.msgtype + ")";
    FlatScope body = Flatten(d, message.body);
    std::vector<std::string> dissolved;
    DissolveSpecificationGroups(HeaderDir(), message.name, "", &dissolved, &body.groups);
    std::set<std::string> ours(body.members.begin(), body.members.end());
    ours.insert(dissolved.begin(), dissolved.end());
    for (const std::string& name : ours) {
      EXPECT_EQ(header.fields.count(name), 1u) << where << ": QuickFIX's class has no " << name;
    }
    for (const std::string& name : header.fields) {
      EXPECT_EQ(ours.count(name), 1u) << where << ": we lack " << name;
    }
    std::set<std::string> groups;
    for (const FlatGroup& group : body.groups) groups.insert(group.count);
    for (size_t i = 0; i < body.members.size(); ++i) {
      const bool constructor = header.constructor.count(body.members[i]) == 1;
      if (groups.count(body.members[i])) continue;  // QuickFIX's constructors never take groups
      EXPECT_EQ(body.required[i], constructor) << where << ": required " << body.members[i];
    }
    std::set<std::string> seen;
    CompareGroups(d, header, body.groups, "", where, &seen);
    for (const auto& group : header.groups) {
      EXPECT_EQ(seen.count(group.first), 1u) << where << ": we lack group " << group.first;
    }
  }
  EXPECT_GE(compared, 27) << Path();  // FIX 4.0 has 27
}

// The standard header and trailer hold the same fields as QuickFIX's Header and Trailer classes.
TEST_P(Versions, HeaderAndTrailerAgreeWithQuickFix) {
  Dictionary d = MustLoad(Path());
  const std::string text = ReadText(std::string(kInclude) + HeaderDir() + "/Message.h");
  const size_t header_at = text.find("class Header");
  const size_t trailer_at = text.find("class Trailer");
  ASSERT_NE(header_at, std::string::npos);
  ASSERT_NE(trailer_at, std::string::npos);
  const std::regex field_line(R"(FIELD_SET\(\*this, FIX::(\w+)\))");
  auto fields_in = [&field_line](const std::string& part) {
    std::set<std::string> out;
    for (std::sregex_iterator it(part.begin(), part.end(), field_line), end; it != end; ++it) {
      out.insert((*it)[1].str());
    }
    return out;
  };
  const std::string header_text = text.substr(header_at, trailer_at - header_at);
  const std::string trailer_text = text.substr(trailer_at, text.find("};", trailer_at) - trailer_at);
  auto all_names = [&d](const std::vector<Member>& members) {
    std::set<std::string> out;
    const FlatScope scope = Flatten(d, members);
    out.insert(scope.members.begin(), scope.members.end());
    for (const FlatGroup& group : scope.groups) out.insert(group.members.begin(), group.members.end());
    return out;
  };
  EXPECT_EQ(all_names(d.header), fields_in(header_text)) << Path();
  EXPECT_EQ(all_names(d.trailer), fields_in(trailer_text)) << Path();
  EXPECT_GE(fields_in(header_text).size(), 18u);  // FIX 4.0 has 18
}

INSTANTIATE_TEST_SUITE_P(Fix4, Versions,
                         ::testing::Values(std::make_pair("codec/dictionaries/FIX40.xml", "fix40"),
                                           std::make_pair("codec/dictionaries/FIX41.xml", "fix41"),
                                           std::make_pair("codec/dictionaries/FIX42.xml", "fix42"),
                                           std::make_pair("codec/dictionaries/FIX43.xml", "fix43"),
                                           std::make_pair("codec/dictionaries/FIX44.xml", "fix44")));

}  // namespace
}  // namespace fixwire_fix4test
