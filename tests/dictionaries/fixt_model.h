// fixt_model.h: a plain, test-only reading of a QuickFIX-format XML data dictionary.
//
// Loads a dictionary file with pugixml into simple value types so tests can check it against the FIX
// specification's facts and against QuickFIX, independently of fixwire's own dictionary loader.
// Components are expanded (flattened) on request; nothing here is shared between threads.
// Errors: LoadDictModel returns false and fills *error; it never throws.
#ifndef FIXWIRE_TESTS_DICTIONARIES_FIXT_MODEL_H_
#define FIXWIRE_TESTS_DICTIONARIES_FIXT_MODEL_H_

#include <map>
#include <string>
#include <vector>

namespace fixwire_dicttest {

struct FieldDef {
  int number = 0;
  std::string name;
  std::string type;
  std::vector<std::pair<std::string, std::string>> values;  // (enum, description) in file order
};

// One child of a message, component, group, header or trailer, as written in the file.
struct Node {
  enum Kind { kField, kGroup, kComponent } kind = kField;
  std::string name;
  bool required = false;
  std::vector<Node> children;  // groups only
};

struct MessageDef {
  std::string name;
  std::string msgtype;
  std::string msgcat;
  std::vector<Node> body;
};

// A group after components are expanded: count tag, delimiter tag, members in order.
struct FlatGroup {
  int count_tag = 0;
  int delimiter = 0;  // 0 when the group has no member
  std::vector<int> members;          // tags directly in an entry, nested count tags included, in order
  std::vector<FlatGroup> nested;     // groups inside an entry
};

// A scope (message body, header, trailer, or group entry) after components are expanded.
struct FlatScope {
  std::vector<int> tags;  // fields and count tags in order
  std::vector<FlatGroup> groups;
};

struct DictModel {
  std::string type;  // "FIX" or "FIXT"
  int major = 0, minor = 0, servicepack = 0;
  std::vector<Node> header, trailer;
  std::vector<MessageDef> messages;
  std::map<std::string, std::vector<Node>> components;
  std::vector<FieldDef> fields;                 // file order
  std::map<std::string, int> field_by_name;     // name -> index into fields (first one)
  std::map<int, int> field_by_number;           // number -> index into fields (first one)
  std::vector<std::string> load_problems;       // duplicate names/numbers/components/messages seen

  const FieldDef* FieldNamed(const std::string& name) const;
  const FieldDef* FieldNumbered(int number) const;
  const MessageDef* MessageOfType(const std::string& msgtype) const;

  // Expands components; unknown names are skipped (the consistency checks report them), and a
  // component already on the expansion path is not expanded again (cycles are reported separately).
  FlatScope Flatten(const std::vector<Node>& nodes) const;
};

// Reads path; false with *error set when the file is unreadable or not XML of the expected shape.
bool LoadDictModel(const std::string& path, DictModel* model, std::string* error);

// Every problem the consistency rules find, one sentence each (empty when the file is consistent):
// unknown field or component names, duplicate numbers/names, groups whose name is not a NUMINGROUP
// field or which have no delimiter field, component cycles, duplicate msgtypes, a tag twice in a scope.
std::vector<std::string> ConsistencyProblems(const DictModel& model);

}  // namespace fixwire_dicttest

#endif  // FIXWIRE_TESTS_DICTIONARIES_FIXT_MODEL_H_
