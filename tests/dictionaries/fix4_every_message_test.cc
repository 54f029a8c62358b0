// Every message of FIX40.xml .. FIX44.xml, built with just its required fields (and one entry of
// each required group) from our own reading of the file, must pass QuickFIX 1.15's validation;
// dropping any one required body field must make QuickFIX reject it as "required tag missing"
// (373=1) naming that tag. This proves QuickFIX reads the same required fields, types and group
// layouts from the files as the specification (and our model) says they have.
#include <cstdio>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/dictionaries/fix4_model.h"
#include "tests/dictionaries/fix4_quickfix.h"

namespace fixwire_fix4test {
namespace {

struct Part {
  int tag;
  std::string value;
};

// A value of the right form for field's type (the first enumerated value when it has some).
std::string SampleValue(const FieldDef& field) {
  if (!field.values.empty()) return field.values.front().first;
  const std::string& t = field.type;
  if (t == "INT" || t == "SEQNUM" || t == "LENGTH" || t == "NUMINGROUP") return "1";
  if (t == "FLOAT" || t == "PRICE" || t == "QTY" || t == "AMT" || t == "PRICEOFFSET" || t == "PERCENTAGE") {
    return "1.5";
  }
  if (t == "CHAR") return "A";
  if (t == "BOOLEAN") return "Y";
  if (t == "CURRENCY") return "USD";
  if (t == "EXCHANGE") return "XNYS";
  if (t == "COUNTRY") return "US";
  if (t == "UTCTIMESTAMP") return "20240102-10:11:12";
  if (t == "UTCTIMEONLY") return "10:11:12";
  if (t == "UTCDATE" || t == "UTCDATEONLY" || t == "LOCALMKTDATE") return "20240102";
  if (t == "MONTHYEAR") return "202401";
  if (t == "DAYOFMONTH") return "15";
  return "X";
}

class Builder {
 public:
  explicit Builder(const Dictionary& d) : d_(d) {}

  // Appends the required members of a scope; in a group entry the delimiter always comes first.
  void AddScope(const std::vector<std::string>& members, const std::vector<bool>& required,
                const std::vector<FlatGroup>& groups, bool entry, std::vector<Part>* out) {
    for (size_t i = 0; i < members.size(); ++i) {
      if (!required[i] && !(entry && i == 0)) continue;
      const FieldDef* field = d_.Field(members[i]);
      ASSERT_NE(field, nullptr) << members[i];
      const FlatGroup* group = nullptr;
      for (const FlatGroup& g : groups) {
        if (g.count == members[i]) group = &g;
      }
      if (group != nullptr) {
        out->push_back({field->number, "1"});
        AddScope(group->members, group->required, group->nested, true, out);
        continue;
      }
      if (field->type == "DATA") {
        out->push_back({field->number - 1, "1"});  // its length field
        out->push_back({field->number, "x"});
        continue;
      }
      out->push_back({field->number, SampleValue(*field)});
    }
  }

 private:
  const Dictionary& d_;
};

std::string Frame(const std::string& begin_string, const std::string& msgtype, const std::vector<Part>& body,
                  int skip_index) {
  std::string text = "35=" + msgtype + "\x01" + "34=2\x01" + "49=SENDER\x01" + "52=20240102-10:11:12.123\x01" +
                     "56=TARGET\x01";
  for (size_t i = 0; i < body.size(); ++i) {
    if (static_cast<int>(i) == skip_index) continue;
    text += std::to_string(body[i].tag) + "=" + body[i].value + "\x01";
  }
  std::string message = "8=" + begin_string + "\x01" + "9=" + std::to_string(text.size()) + "\x01" + text;
  unsigned sum = 0;
  for (unsigned char c : message) sum += c;
  char checksum[8];
  std::snprintf(checksum, sizeof checksum, "%03u", sum % 256);
  return message + "10=" + checksum + "\x01";
}

class EveryMessage : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(EveryMessage, RequiredFieldsAloneValidateAndEachIsNeeded) {
  const std::string path = GetParam().first;
  const std::string begin_string = GetParam().second;
  ASSERT_EQ(QuickFixLoadError(path), "");
  Dictionary d;
  std::string error;
  ASSERT_TRUE(LoadDictionary(path, &d, &error)) << error;
  ASSERT_GE(d.messages.size(), 27u);  // FIX 4.0 has 27
  int drops = 0;
  for (const MessageDef& message : d.messages) {
    const FlatScope body = Flatten(d, message.body);
    std::vector<Part> parts;
    Builder(d).AddScope(body.members, body.required, body.groups, false, &parts);
    const QuickFixVerdict verdict = QuickFixValidate(path, Frame(begin_string, message.msgtype, parts, -1));
    EXPECT_TRUE(verdict.ok) << path << " " << message.name << ": " << verdict.text << " (reason "
                            << verdict.reject_reason << ", tag " << verdict.tag << ")";
    // Drop each top-level required plain field in turn (group entries stay whole).
    std::vector<int> top_level;
    {
      size_t at = 0;
      for (size_t i = 0; i < body.members.size(); ++i) {
        if (!body.required[i]) continue;
        bool is_group = false;
        for (const FlatGroup& g : body.groups) is_group = is_group || g.count == body.members[i];
        const FieldDef* field = d.Field(body.members[i]);
        if (!is_group && field != nullptr && field->type != "DATA") top_level.push_back(static_cast<int>(at));
        if (is_group) {
          // Skip past the count and its entry's parts.
          std::vector<Part> entry;
          for (const FlatGroup& g : body.groups) {
            if (g.count == body.members[i]) Builder(d).AddScope(g.members, g.required, g.nested, true, &entry);
          }
          at += 1 + entry.size();
        } else {
          at += field != nullptr && field->type == "DATA" ? 2 : 1;
        }
      }
    }
    for (int index : top_level) {
      const QuickFixVerdict dropped = QuickFixValidate(path, Frame(begin_string, message.msgtype, parts, index));
      EXPECT_FALSE(dropped.ok) << path << " " << message.name << " without " << parts[index].tag;
      EXPECT_EQ(dropped.reject_reason, 1) << path << " " << message.name << " without " << parts[index].tag << ": "
                                          << dropped.text;
      EXPECT_EQ(dropped.tag, parts[index].tag) << path << " " << message.name << ": " << dropped.text;
      ++drops;
    }
  }
  EXPECT_GT(drops, 60) << path;  // FIX 4.0 and 4.1 have fewer than 100
}

INSTANTIATE_TEST_SUITE_P(Fix4, EveryMessage,
                         ::testing::Values(std::make_pair("codec/dictionaries/FIX40.xml", "FIX.4.0"),
                                           std::make_pair("codec/dictionaries/FIX41.xml", "FIX.4.1"),
                                           std::make_pair("codec/dictionaries/FIX42.xml", "FIX.4.2"),
                                           std::make_pair("codec/dictionaries/FIX43.xml", "FIX.4.3"),
                                           std::make_pair("codec/dictionaries/FIX44.xml", "FIX.4.4")));

}  // namespace
}  // namespace fixwire_fix4test
