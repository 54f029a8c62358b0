#include "tests/dictionaries/fixt_model.h"

#include <functional>
#include <set>

#include "pugixml.hpp"

namespace fixwire_dicttest {
namespace {

const std::set<std::string>& KnownTypes() {
  static const std::set<std::string> kTypes = {
      "AMT",         "BOOLEAN",        "CHAR",         "COUNTRY",      "CURRENCY",     "DATA",
      "DAYOFMONTH",  "EXCHANGE",       "FLOAT",        "INT",          "LANGUAGE",     "LENGTH",
      "LOCALMKTDATE", "MONTHYEAR",     "MULTIPLECHARVALUE", "MULTIPLESTRINGVALUE", "MULTIPLEVALUESTRING",
      "NUMINGROUP",  "PERCENTAGE",     "PRICE",        "PRICEOFFSET",  "QTY",          "SEQNUM",
      "STRING",      "TZTIMEONLY",     "TZTIMESTAMP",  "UTCDATEONLY",  "UTCTIMEONLY",  "UTCTIMESTAMP",
      "XMLDATA"};
  return kTypes;
}

std::vector<Node> ReadNodes(const pugi::xml_node& parent, std::vector<std::string>* problems,
                            const std::string& where) {
  std::vector<Node> out;
  for (pugi::xml_node child : parent.children()) {
    if (child.type() != pugi::node_element) continue;
    Node node;
    const std::string tag = child.name();
    if (tag == "field") {
      node.kind = Node::kField;
    } else if (tag == "group") {
      node.kind = Node::kGroup;
      node.children = ReadNodes(child, problems, where + "/" + child.attribute("name").value());
    } else if (tag == "component") {
      node.kind = Node::kComponent;
    } else {
      problems->push_back(where + ": unexpected element <" + tag + ">");
      continue;
    }
    node.name = child.attribute("name").value();
    const std::string required = child.attribute("required").value();
    if (required != "Y" && required != "N") {
      problems->push_back(where + ": " + node.name + " has required=\"" + required + "\"");
    }
    node.required = required == "Y";
    out.push_back(std::move(node));
  }
  return out;
}

}  // namespace

const FieldDef* DictModel::FieldNamed(const std::string& name) const {
  auto it = field_by_name.find(name);
  return it == field_by_name.end() ? nullptr : &fields[it->second];
}

const FieldDef* DictModel::FieldNumbered(int number) const {
  auto it = field_by_number.find(number);
  return it == field_by_number.end() ? nullptr : &fields[it->second];
}

const MessageDef* DictModel::MessageOfType(const std::string& msgtype) const {
  for (const MessageDef& m : messages) {
    if (m.msgtype == msgtype) return &m;
  }
  return nullptr;
}

FlatScope DictModel::Flatten(const std::vector<Node>& nodes) const {
  FlatScope scope;
  std::set<std::string> path;
  std::function<void(const std::vector<Node>&, FlatScope*)> walk = [&](const std::vector<Node>& list,
                                                                       FlatScope* out) {
    for (const Node& node : list) {
      if (node.kind == Node::kComponent) {
        auto it = components.find(node.name);
        if (it == components.end() || path.count(node.name)) continue;
        path.insert(node.name);
        walk(it->second, out);
        path.erase(node.name);
        continue;
      }
      const FieldDef* field = FieldNamed(node.name);
      const int tag = field ? field->number : 0;
      out->tags.push_back(tag);
      if (node.kind == Node::kGroup) {
        FlatScope entry;
        walk(node.children, &entry);
        FlatGroup group;
        group.count_tag = tag;
        group.delimiter = entry.tags.empty() ? 0 : entry.tags.front();
        group.members = entry.tags;
        group.nested = entry.groups;
        out->groups.push_back(std::move(group));
      }
    }
  };
  walk(nodes, &scope);
  return scope;
}

bool LoadDictModel(const std::string& path, DictModel* model, std::string* error) {
  pugi::xml_document doc;
  pugi::xml_parse_result parsed = doc.load_file(path.c_str());
  if (!parsed) {
    *error = path + ": " + parsed.description() + " at byte " + std::to_string(parsed.offset);
    return false;
  }
  pugi::xml_node fix = doc.child("fix");
  if (!fix) {
    *error = path + ": no <fix> root element";
    return false;
  }
  *model = DictModel();
  model->type = fix.attribute("type").value();
  model->major = fix.attribute("major").as_int(-1);
  model->minor = fix.attribute("minor").as_int(-1);
  model->servicepack = fix.attribute("servicepack").as_int(-1);
  auto& problems = model->load_problems;
  for (const char* section : {"header", "trailer", "messages", "components", "fields"}) {
    if (!fix.child(section)) problems.push_back(std::string("no <") + section + "> section");
  }
  model->header = ReadNodes(fix.child("header"), &problems, "header");
  model->trailer = ReadNodes(fix.child("trailer"), &problems, "trailer");
  for (pugi::xml_node m : fix.child("messages").children("message")) {
    MessageDef message;
    message.name = m.attribute("name").value();
    message.msgtype = m.attribute("msgtype").value();
    message.msgcat = m.attribute("msgcat").value();
    message.body = ReadNodes(m, &problems, "message " + message.name);
    model->messages.push_back(std::move(message));
  }
  for (pugi::xml_node c : fix.child("components").children("component")) {
    const std::string name = c.attribute("name").value();
    if (model->components.count(name)) problems.push_back("component " + name + " defined twice");
    model->components[name] = ReadNodes(c, &problems, "component " + name);
  }
  for (pugi::xml_node f : fix.child("fields").children("field")) {
    FieldDef field;
    field.number = f.attribute("number").as_int(0);
    field.name = f.attribute("name").value();
    field.type = f.attribute("type").value();
    for (pugi::xml_node v : f.children("value")) {
      field.values.emplace_back(v.attribute("enum").value(), v.attribute("description").value());
    }
    const int index = static_cast<int>(model->fields.size());
    if (!model->field_by_name.emplace(field.name, index).second) {
      problems.push_back("field name " + field.name + " defined twice");
    }
    if (!model->field_by_number.emplace(field.number, index).second) {
      problems.push_back("field number " + std::to_string(field.number) + " defined twice");
    }
    model->fields.push_back(std::move(field));
  }
  return true;
}

std::vector<std::string> ConsistencyProblems(const DictModel& model) {
  std::vector<std::string> problems = model.load_problems;
  for (const FieldDef& field : model.fields) {
    const std::string what = "field " + field.name + "(" + std::to_string(field.number) + ")";
    if (field.number <= 0) problems.push_back(what + ": number is not a positive integer");
    if (field.name.empty()) problems.push_back(what + ": no name");
    if (!KnownTypes().count(field.type)) problems.push_back(what + ": unknown type " + field.type);
    std::set<std::string> seen;
    for (const auto& [value, description] : field.values) {
      if (value.empty()) problems.push_back(what + ": empty enum value");
      if (!seen.insert(value).second) problems.push_back(what + ": enum value " + value + " listed twice");
      if (field.type == "CHAR" && value.size() != 1) {
        problems.push_back(what + ": CHAR enum value " + value + " is not one character");
      }
    }
  }

  // Names, groups and delimiters, everywhere a node list appears.
  std::function<std::string(const std::vector<Node>&, std::set<std::string>&)> first_field =
      [&](const std::vector<Node>& nodes, std::set<std::string>& path) -> std::string {
    if (nodes.empty()) return "";
    const Node& node = nodes.front();
    if (node.kind != Node::kComponent) return node.name;
    auto it = model.components.find(node.name);
    if (it == model.components.end() || !path.insert(node.name).second) return "";
    return first_field(it->second, path);
  };
  std::function<void(const std::vector<Node>&, const std::string&)> check =
      [&](const std::vector<Node>& nodes, const std::string& where) {
        for (const Node& node : nodes) {
          if (node.kind == Node::kComponent) {
            if (!model.components.count(node.name)) {
              problems.push_back(where + ": unknown component " + node.name);
            }
            continue;
          }
          const FieldDef* field = model.FieldNamed(node.name);
          if (!field) {
            problems.push_back(where + ": unknown field " + node.name);
            continue;
          }
          if (node.kind == Node::kField && field->type == "NUMINGROUP") {
            problems.push_back(where + ": NUMINGROUP field " + node.name + " used outside a <group>");
          }
          if (node.kind == Node::kGroup) {
            if (field->type != "NUMINGROUP") {
              problems.push_back(where + ": group " + node.name + " is counted by a " + field->type + " field");
            }
            std::set<std::string> path;
            const std::string delimiter = first_field(node.children, path);
            if (delimiter.empty() || !model.FieldNamed(delimiter)) {
              problems.push_back(where + ": group " + node.name + " has no delimiter field");
            }
            check(node.children, where + "/" + node.name);
          }
        }
      };
  check(model.header, "header");
  check(model.trailer, "trailer");
  for (const MessageDef& m : model.messages) check(m.body, "message " + m.name);
  for (const auto& [name, nodes] : model.components) check(nodes, "component " + name);

  // Component cycles: depth-first search over "component A mentions component B" (inside groups too).
  std::map<std::string, int> state;  // 0 unvisited, 1 on the path, 2 done
  std::function<void(const std::string&)> visit = [&](const std::string& name) {
    state[name] = 1;
    std::function<void(const std::vector<Node>&)> edges = [&](const std::vector<Node>& nodes) {
      for (const Node& node : nodes) {
        if (node.kind == Node::kGroup) edges(node.children);
        if (node.kind != Node::kComponent || !model.components.count(node.name)) continue;
        if (state[node.name] == 1) {
          problems.push_back("component cycle through " + name + " -> " + node.name);
        } else if (state[node.name] == 0) {
          visit(node.name);
        }
      }
    };
    edges(model.components.at(name));
    state[name] = 2;
  };
  for (const auto& entry : model.components) {
    if (state[entry.first] == 0) visit(entry.first);
  }

  std::set<std::string> msgtypes, names;
  for (const MessageDef& m : model.messages) {
    if (m.msgtype.empty()) problems.push_back("message " + m.name + " has no msgtype");
    if (!msgtypes.insert(m.msgtype).second) problems.push_back("msgtype " + m.msgtype + " defined twice");
    if (!names.insert(m.name).second) problems.push_back("message name " + m.name + " defined twice");
    if (m.msgcat != "admin" && m.msgcat != "app") problems.push_back("message " + m.name + " msgcat " + m.msgcat);
  }

  // No tag twice in one scope (a message body, the header, the trailer, or a group entry).
  std::function<void(const FlatScope&, const std::string&)> unique_tags = [&](const FlatScope& scope,
                                                                             const std::string& where) {
    std::set<int> seen;
    for (int tag : scope.tags) {
      if (tag != 0 && !seen.insert(tag).second) {
        problems.push_back(where + ": tag " + std::to_string(tag) + " appears twice");
      }
    }
    std::function<void(const FlatGroup&, const std::string&)> group = [&](const FlatGroup& g,
                                                                          const std::string& at) {
      std::set<int> inside;
      for (int tag : g.members) {
        if (tag != 0 && !inside.insert(tag).second) {
          problems.push_back(at + ": tag " + std::to_string(tag) + " appears twice in one entry");
        }
      }
      for (const FlatGroup& n : g.nested) group(n, at + "/" + std::to_string(n.count_tag));
    };
    for (const FlatGroup& g : scope.groups) group(g, where + "/" + std::to_string(g.count_tag));
  };
  unique_tags(model.Flatten(model.header), "header");
  unique_tags(model.Flatten(model.trailer), "trailer");
  for (const MessageDef& m : model.messages) unique_tags(model.Flatten(m.body), "message " + m.name);
  return problems;
}

}  // namespace fixwire_dicttest
