#include "tests/dictionaries/fix4_model.h"

#include <cstdlib>
#include <set>

#include "pugixml.hpp"

namespace fixwire_fix4test {
namespace {

const std::set<std::string>& KnownTypes() {
  static const std::set<std::string>* types = new std::set<std::string>{
      "AMT",        "BOOLEAN",     "CHAR",         "COUNTRY",      "CURRENCY",
      "DATA",       "DAYOFMONTH",  "EXCHANGE",     "FLOAT",        "INT",
      "LANGUAGE",   "LENGTH",      "LOCALMKTDATE", "MONTHYEAR",    "MULTIPLECHARVALUE",
      "MULTIPLESTRINGVALUE",       "MULTIPLEVALUESTRING",          "NUMINGROUP",
      "PERCENTAGE", "PRICE",       "PRICEOFFSET",  "QTY",          "SEQNUM",
      "STRING",     "TZTIMEONLY",  "TZTIMESTAMP",  "UTCDATE",      "UTCDATEONLY",
      "UTCTIMEONLY", "UTCTIMESTAMP", "XMLDATA"};
  return *types;
}

std::vector<Member> ReadMembers(const pugi::xml_node& parent) {
  std::vector<Member> out;
  for (pugi::xml_node child : parent.children()) {
    if (child.type() != pugi::node_element) continue;
    Member member;
    const std::string tag = child.name();
    if (tag == "group") {
      member.kind = Member::kGroup;
      member.children = ReadMembers(child);
    } else if (tag == "component") {
      member.kind = Member::kComponent;
    } else {
      member.kind = Member::kField;
      if (tag != "field") member.name = "<" + tag + ">";  // reported as an unknown field
    }
    if (member.name.empty()) member.name = child.attribute("name").value();
    member.required_text = child.attribute("required").value();
    member.required = member.required_text == "Y";
    out.push_back(std::move(member));
  }
  return out;
}

// Whether an enumerated value is well-formed for its field's type (the types that constrain it).
bool ValueFitsType(const std::string& type, const std::string& value) {
  auto all_digits = [&value] {
    if (value.empty()) return false;
    for (char c : value) {
      if (c < '0' || c > '9') return false;
    }
    return true;
  };
  if (type == "INT" || type == "NUMINGROUP" || type == "LENGTH" || type == "SEQNUM" || type == "DAYOFMONTH") {
    return all_digits();
  }
  if (type == "CHAR") return value.size() == 1 && value[0] != ' ';
  if (type == "BOOLEAN") return value == "Y" || value == "N";
  if (type == "MULTIPLEVALUESTRING" || type == "MULTIPLECHARVALUE" || type == "MULTIPLESTRINGVALUE") {
    return value.find(' ') == std::string::npos;  // a single value of the space-separated list
  }
  return true;
}

bool OldCounts(const Dictionary& d) {
  return d.type == "FIX" && d.major == "4" && (d.minor == "0" || d.minor == "1" || d.minor == "2");
}

class Checker {
 public:
  explicit Checker(const Dictionary& d) : d_(d) {}

  std::vector<std::string> Run() {
    if (d_.type != "FIX" && d_.type != "FIXT") Add("<fix> type is \"" + d_.type + "\"");
    CheckFields();
    std::set<std::string> component_names;
    for (const auto& component : d_.components) {
      if (!component_names.insert(component.first).second) {
        Add("component " + component.first + " defined twice");
      }
    }
    if (d_.has_header) CheckScope(d_.header, "header");
    if (d_.has_trailer) CheckScope(d_.trailer, "trailer");
    std::set<std::string> msgtypes, names;
    for (const MessageDef& message : d_.messages) {
      const std::string where = "message " + message.name;
      if (message.msgtype.empty()) Add(where + " has no msgtype");
      if (!msgtypes.insert(message.msgtype).second) Add("msgtype " + message.msgtype + " used twice");
      if (!names.insert(message.name).second) Add("message name " + message.name + " used twice");
      if (message.msgcat != "admin" && message.msgcat != "app") {
        Add(where + " has msgcat \"" + message.msgcat + "\"");
      }
      CheckScope(message.body, where);
    }
    for (const auto& component : d_.components) {
      CheckMembers(component.second, "component " + component.first);
      std::vector<std::string> path;
      FindCycle(component.first, &path);
    }
    return problems_;
  }

 private:
  void Add(const std::string& problem) { problems_.push_back(problem); }

  void CheckFields() {
    std::set<int> numbers;
    std::set<std::string> names;
    for (const FieldDef& field : d_.fields) {
      const std::string where = "field " + field.name + " (" + field.number_text + ")";
      if (field.number <= 0 || std::to_string(field.number) != field.number_text) {
        Add(where + ": bad number");
      }
      if (!numbers.insert(field.number).second) Add("field number " + field.number_text + " used twice");
      if (field.name.empty()) Add("field " + field.number_text + " has no name");
      if (!names.insert(field.name).second) Add("field name " + field.name + " used twice");
      if (KnownTypes().count(field.type) == 0) Add(where + ": unknown type \"" + field.type + "\"");
      std::set<std::string> enums;
      for (const auto& value : field.values) {
        if (value.first.empty() || value.second.empty()) Add(where + ": empty enum or description");
        if (!enums.insert(value.first).second) Add(where + ": enum " + value.first + " listed twice");
        if (!ValueFitsType(field.type, value.first)) {
          Add(where + ": enum " + value.first + " is not a valid " + field.type);
        }
      }
    }
  }

  // Checks names and groups, then that no tag repeats in the scope (and in each group entry).
  void CheckScope(const std::vector<Member>& members, const std::string& where) {
    CheckMembers(members, where);
    CheckRepeats(Flatten(d_, members).members, where);
    for (const FlatGroup& group : Flatten(d_, members).groups) CheckGroupRepeats(group, where);
  }

  void CheckGroupRepeats(const FlatGroup& group, const std::string& where) {
    CheckRepeats(group.members, where + "/" + group.count);
    for (const FlatGroup& nested : group.nested) CheckGroupRepeats(nested, where + "/" + group.count);
  }

  void CheckRepeats(const std::vector<std::string>& names, const std::string& where) {
    std::set<std::string> seen;
    for (const std::string& name : names) {
      if (!seen.insert(name).second) Add(where + ": " + name + " appears twice in one scope");
    }
  }

  void CheckMembers(const std::vector<Member>& members, const std::string& where) {
    for (const Member& member : members) {
      if (member.required_text != "Y" && member.required_text != "N") {
        Add(where + ": " + member.name + " has required=\"" + member.required_text + "\"");
      }
      if (member.kind == Member::kComponent) {
        if (d_.Component(member.name) == nullptr) Add(where + ": unknown component " + member.name);
        continue;
      }
      const FieldDef* field = d_.Field(member.name);
      if (field == nullptr) {
        Add(where + ": unknown field " + member.name);
        continue;
      }
      if (member.kind != Member::kGroup) continue;
      const std::string group_where = where + "/" + member.name;
      if (OldCounts(d_)) {
        if (field->type != "INT" && field->type != "NUMINGROUP") {
          Add(group_where + ": count field type is " + field->type);
        }
        // FIX 4.2's only count field not named No... is LinesOfText(33) (FIX 4.3 renamed it).
        if (member.name.compare(0, 2, "No") != 0 && member.name != "LinesOfText") {
          Add(group_where + ": count field not named No...");
        }
      } else if (field->type != "NUMINGROUP") {
        Add(group_where + ": count field type is " + field->type + ", not NUMINGROUP");
      }
      if (member.children.empty()) {
        Add(group_where + ": group has no members (no delimiter)");
      } else if (member.children.front().kind == Member::kGroup) {
        Add(group_where + ": group starts with a nested group, not a delimiter field");
      }
      CheckMembers(member.children, group_where);
    }
  }

  // Depth-first search over component references; reports each cycle found from name.
  void FindCycle(const std::string& name, std::vector<std::string>* path) {
    for (const std::string& on_path : *path) {
      if (on_path == name) {
        std::string text = "component cycle:";
        for (const std::string& step : *path) text += " " + step;
        Add(text + " " + name);
        return;
      }
    }
    const std::vector<Member>* members = d_.Component(name);
    if (members == nullptr || path->size() > 64) return;
    path->push_back(name);
    VisitComponents(*members, path);
    path->pop_back();
  }

  void VisitComponents(const std::vector<Member>& members, std::vector<std::string>* path) {
    for (const Member& member : members) {
      if (member.kind == Member::kComponent) FindCycle(member.name, path);
      if (member.kind == Member::kGroup) VisitComponents(member.children, path);
    }
  }

  const Dictionary& d_;
  std::vector<std::string> problems_;
};

void FlattenInto(const Dictionary& d, const std::vector<Member>& members, bool required,
                 std::vector<std::string>* names, std::vector<bool>* flags, std::vector<FlatGroup>* groups,
                 std::vector<std::string>* expanding) {
  for (const Member& member : members) {
    if (member.kind == Member::kComponent) {
      const std::vector<Member>* component = d.Component(member.name);
      bool on_path = false;
      for (const std::string& name : *expanding) on_path = on_path || name == member.name;
      if (component == nullptr || on_path) continue;
      expanding->push_back(member.name);
      FlattenInto(d, *component, required && member.required, names, flags, groups, expanding);
      expanding->pop_back();
      continue;
    }
    names->push_back(member.name);
    flags->push_back(required && member.required);
    if (member.kind == Member::kGroup) {
      FlatGroup group;
      group.count = member.name;
      FlattenInto(d, member.children, true, &group.members, &group.required, &group.nested, expanding);
      groups->push_back(std::move(group));
    }
  }
}

}  // namespace

const FieldDef* Dictionary::Field(const std::string& name) const {
  for (const FieldDef& field : fields) {
    if (field.name == name) return &field;
  }
  return nullptr;
}

const FieldDef* Dictionary::FieldNumber(int number) const {
  for (const FieldDef& field : fields) {
    if (field.number == number) return &field;
  }
  return nullptr;
}

const std::vector<Member>* Dictionary::Component(const std::string& name) const {
  for (const auto& component : components) {
    if (component.first == name) return &component.second;
  }
  return nullptr;
}

const MessageDef* Dictionary::Message(const std::string& msgtype) const {
  for (const MessageDef& message : messages) {
    if (message.msgtype == msgtype) return &message;
  }
  return nullptr;
}

bool LoadDictionary(const std::string& path, Dictionary* dictionary, std::string* error) {
  pugi::xml_document document;
  const pugi::xml_parse_result parsed = document.load_file(path.c_str());
  if (!parsed) {
    *error = path + ": " + parsed.description() + " at byte " + std::to_string(parsed.offset);
    return false;
  }
  const pugi::xml_node fix = document.child("fix");
  if (!fix) {
    *error = path + ": no <fix> root element";
    return false;
  }
  Dictionary d;
  d.type = fix.attribute("type").value();
  d.major = fix.attribute("major").value();
  d.minor = fix.attribute("minor").value();
  d.servicepack = fix.attribute("servicepack").value();
  if (pugi::xml_node header = fix.child("header")) {
    d.has_header = true;
    d.header = ReadMembers(header);
  }
  if (pugi::xml_node trailer = fix.child("trailer")) {
    d.has_trailer = true;
    d.trailer = ReadMembers(trailer);
  }
  for (pugi::xml_node message : fix.child("messages").children("message")) {
    MessageDef def;
    def.name = message.attribute("name").value();
    def.msgtype = message.attribute("msgtype").value();
    def.msgcat = message.attribute("msgcat").value();
    def.body = ReadMembers(message);
    d.messages.push_back(std::move(def));
  }
  for (pugi::xml_node component : fix.child("components").children("component")) {
    d.components.emplace_back(component.attribute("name").value(), ReadMembers(component));
  }
  for (pugi::xml_node field : fix.child("fields").children("field")) {
    FieldDef def;
    def.number_text = field.attribute("number").value();
    def.number = std::atoi(def.number_text.c_str());
    def.name = field.attribute("name").value();
    def.type = field.attribute("type").value();
    for (pugi::xml_node value : field.children("value")) {
      def.values.emplace_back(value.attribute("enum").value(), value.attribute("description").value());
    }
    d.fields.push_back(std::move(def));
  }
  *dictionary = std::move(d);
  return true;
}

std::vector<std::string> ConsistencyProblems(const Dictionary& dictionary) {
  return Checker(dictionary).Run();
}

FlatScope Flatten(const Dictionary& dictionary, const std::vector<Member>& members) {
  FlatScope scope;
  std::vector<std::string> expanding;
  FlattenInto(dictionary, members, true, &scope.members, &scope.required, &scope.groups, &expanding);
  return scope;
}

}  // namespace fixwire_fix4test
