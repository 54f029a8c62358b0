// fix4_model.h: a plain, test-only reading of a QuickFIX-format XML data dictionary (pugixml).
//
// Used by the FIX 4.2 / FIX 4.4 dictionary tests to check the shipped files' internal consistency
// and to compare them with independent facts, without going through fixwire's own loader.
// Values are plain copies; nothing is shared between threads. LoadDictionary never throws: it
// returns false with *error set when the file cannot be read or is not a <fix> document.
#ifndef FIXWIRE_TESTS_DICTIONARIES_FIX4_MODEL_H_
#define FIXWIRE_TESTS_DICTIONARIES_FIX4_MODEL_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace fixwire_fix4test {

// One child of a header, trailer, message, component or group, as written in the file.
struct Member {
  enum Kind { kField, kGroup, kComponent };
  Kind kind = kField;
  std::string name;
  bool required = false;
  std::string required_text;     // the attribute as written ("Y", "N", or something wrong)
  std::vector<Member> children;  // groups only
};

struct MessageDef {
  std::string name, msgtype, msgcat;
  std::vector<Member> body;
};

struct FieldDef {
  int number = 0;
  std::string number_text, name, type;
  std::vector<std::pair<std::string, std::string>> values;  // (enum, description), file order
};

struct Dictionary {
  std::string type;
  std::string major, minor, servicepack;
  bool has_header = false, has_trailer = false;
  std::vector<Member> header, trailer;
  std::vector<MessageDef> messages;
  std::vector<std::pair<std::string, std::vector<Member>>> components;  // file order
  std::vector<FieldDef> fields;                                          // file order

  const FieldDef* Field(const std::string& name) const;
  const FieldDef* FieldNumber(int number) const;
  const std::vector<Member>* Component(const std::string& name) const;
  const MessageDef* Message(const std::string& msgtype) const;
};

bool LoadDictionary(const std::string& path, Dictionary* dictionary, std::string* error);

// Every broken rule, one sentence each; empty when the dictionary is consistent. Rules:
// - known field types; unique field numbers and names;
// - enum values unique per field and well-formed for its type (digits for INT and counts, one
//   character for CHAR, Y or N for BOOLEAN, no space inside a multiple-value entry);
// - every referenced field and component exists; components defined once, without cycles;
// - every group is named after a count field (NUMINGROUP; for FIX 4.0-4.2 an INT named No... or
//   LinesOfText) and starts with a field or a component (its delimiter);
// - no tag twice in one scope once components are expanded;
// - unique msgtypes and message names; msgcat admin or app; required is Y or N.
std::vector<std::string> ConsistencyProblems(const Dictionary& dictionary);

// A group after its components are expanded.
struct FlatGroup {
  std::string count;                 // the NoXxx field
  std::vector<std::string> members;  // fields and nested count fields of one entry, in order
  std::vector<bool> required;        // parallel to members
  std::vector<FlatGroup> nested;
};

// A scope (header, trailer, message body) after its components are expanded.
struct FlatScope {
  std::vector<std::string> members;  // fields and count fields at this level, in order
  std::vector<bool> required;        // parallel to members (a member of an optional component is optional)
  std::vector<FlatGroup> groups;
};

// Expands components (a component already being expanded is skipped, so cycles terminate).
FlatScope Flatten(const Dictionary& dictionary, const std::vector<Member>& members);

}  // namespace fixwire_fix4test

#endif  // FIXWIRE_TESTS_DICTIONARIES_FIX4_MODEL_H_
