// Property test: random messages of EVERY message type in FIXT11.xml, FIX50SP2.xml and FIX50.xml, generated from
// our own reading of the files (fixt_model), must be accepted by QuickFIX 1.15 loaded with the same
// files; and dropping one required field must make QuickFIX reject the message for exactly that tag.
// This shows QuickFIX reads every message, component, group, nesting and required flag the way we
// mean them. Values are valid for their datatype (enumerated fields take one of their values).
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/dictionaries/fixt_model.h"
#include "tests/dictionaries/fixt_quickfix.h"

namespace fixwire_dicttest {
namespace {

constexpr char kFixt[] = "codec/dictionaries/FIXT11.xml";
constexpr char kFix50Sp2[] = "codec/dictionaries/FIX50SP2.xml";
constexpr char kFix50[] = "codec/dictionaries/FIX50.xml";

struct Tv {
  int tag;
  std::string value;
};

struct Generated {
  std::vector<Tv> body;
  std::vector<size_t> required_top;     // indexes into body of top-level fields QuickFIX must require
  std::vector<size_t> required_nested;  // indexes of required plain fields inside group entries
  std::set<size_t> entry_starts;        // indexes of every entry's delimiter
};

class Generator {
 public:
  Generator(const DictModel& model, unsigned seed) : model_(model), rng_(seed) {}

  Generated Message(const MessageDef& message) {
    Generated g;
    Scope scope;
    Emit(message.body, /*all_required=*/true, /*depth=*/0, &scope, &g, /*top=*/true);
    return g;
  }

 private:
  struct Scope {
    std::set<int> open_group;  // members of the group just emitted, until a non-member follows
  };

  bool Chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }

  std::string Value(const FieldDef& f) {
    if (!f.values.empty()) {
      return f.values[std::uniform_int_distribution<size_t>(0, f.values.size() - 1)(rng_)].first;
    }
    const std::string& t = f.type;
    if (t == "INT" || t == "LENGTH" || t == "SEQNUM" || t == "NUMINGROUP") return "7";
    if (t == "DAYOFMONTH") return "15";
    if (t == "FLOAT" || t == "QTY" || t == "PRICE" || t == "PRICEOFFSET" || t == "AMT" || t == "PERCENTAGE") {
      return "1.25";
    }
    if (t == "CHAR") return "Q";
    if (t == "BOOLEAN") return Chance(0.5) ? "Y" : "N";
    if (t == "UTCTIMESTAMP") return "20240102-10:00:00.000";
    if (t == "UTCTIMEONLY") return "10:00:00";
    if (t == "UTCDATEONLY" || t == "LOCALMKTDATE") return "20240102";
    if (t == "MONTHYEAR") return "202401";
    if (t == "TZTIMEONLY") return "10:00:00Z";
    if (t == "TZTIMESTAMP") return "20240102-10:00:00Z";
    if (t == "CURRENCY") return "USD";
    if (t == "COUNTRY") return "US";
    if (t == "EXCHANGE") return "XNYS";
    if (t == "LANGUAGE") return "en";
    return "v" + std::to_string(f.number);
  }

  static bool Skipped(const FieldDef& f) {
    // DATA fields travel with their length field; they are left out, and so are the lengths.
    return f.type == "DATA" || f.type == "XMLDATA" || f.type == "LENGTH";
  }

  std::set<int> Members(const Node& group) const {
    std::set<int> out;
    const FlatScope flat = model_.Flatten(group.children);
    std::vector<const FlatGroup*> stack;
    out.insert(flat.tags.begin(), flat.tags.end());
    for (const FlatGroup& g : flat.groups) stack.push_back(&g);
    while (!stack.empty()) {
      const FlatGroup* g = stack.back();
      stack.pop_back();
      out.insert(g->members.begin(), g->members.end());
      for (const FlatGroup& n : g->nested) stack.push_back(&n);
    }
    return out;
  }

  // Emits nodes into g->body. all_required: every enclosing component reference in this scope is
  // required (QuickFIX requires a component's required field only then).
  void Emit(const std::vector<Node>& nodes, bool all_required, int depth, Scope* scope, Generated* g, bool top) {
    for (const Node& node : nodes) {
      const bool required = all_required && node.required;
      if (node.kind == Node::kComponent) {
        auto it = model_.components.find(node.name);
        ASSERT_NE(it, model_.components.end()) << node.name;
        if (required || Chance(0.5)) Emit(it->second, required, depth, scope, g, top);
        continue;
      }
      const FieldDef* f = model_.FieldNamed(node.name);
      ASSERT_NE(f, nullptr) << node.name;
      if (node.kind == Node::kField) {
        if (Skipped(*f)) continue;
        if (!required && !Chance(0.4)) continue;
        if (scope->open_group.count(f->number)) {
          // Right after a group holding the same tag, the tag would be read as part of the last entry.
          if (!required) continue;
        }
        scope->open_group.clear();
        if (required) (top ? g->required_top : g->required_nested).push_back(g->body.size());
        g->body.push_back({f->number, Value(*f)});
        continue;
      }
      // A group: required ones always, optional ones sometimes, fewer as nesting deepens.
      if (!required && !Chance(depth == 0 ? 0.6 : 0.3)) continue;
      if (scope->open_group.count(f->number)) continue;
      int entries = std::uniform_int_distribution<int>(1, depth == 0 ? 3 : 2)(rng_);
      if (!f->values.empty()) entries = std::stoi(Value(*f));  // e.g. NoSides(552) is 1 or 2
      if (top && required) g->required_top.push_back(g->body.size());
      g->body.push_back({f->number, std::to_string(entries)});
      for (int e = 0; e < entries; ++e) {
        Scope entry;
        const size_t before = g->body.size();
        Emit(node.children, true, depth + 1, &entry, g, false);
        // The delimiter must open every entry: if this entry did not start with the group's first
        // field, the file's first child is an optional field we skipped; put it in.
        if (g->body.size() == before || !StartsWithDelimiter(node, g->body[before].tag)) {
          const FieldDef* first = Delimiter(node.children);
          ASSERT_NE(first, nullptr) << node.name;
          g->body.insert(g->body.begin() + static_cast<long>(before), {first->number, Value(*first)});
          for (size_t& idx : g->required_nested) idx += idx >= before;
          std::set<size_t> shifted;
          for (size_t idx : g->entry_starts) shifted.insert(idx + (idx >= before));
          g->entry_starts = shifted;
        }
        g->entry_starts.insert(before);
      }
      scope->open_group = Members(node);
    }
  }

  const FieldDef* Delimiter(const std::vector<Node>& nodes) const {
    if (nodes.empty()) return nullptr;
    const Node& n = nodes.front();
    if (n.kind == Node::kComponent) return Delimiter(model_.components.at(n.name));
    return model_.FieldNamed(n.name);
  }

  bool StartsWithDelimiter(const Node& group, int tag) const {
    const FieldDef* d = Delimiter(group.children);
    return d && d->number == tag;
  }

  const DictModel& model_;
  std::mt19937 rng_;
};

// The ApplVerID (1128) of an application dictionary: 7 for FIX 5.0, 9 for FIX 5.0 SP2.
std::string ApplVerIdOf(const char* path) { return std::string(path) == kFix50 ? "7" : "9"; }

std::string Frame(const std::string& msgtype, const std::vector<Tv>& body, const char* app) {
  std::string text = "35=" + msgtype + "\x01" "49=BUYSIDE\x01" "56=SELLSIDE\x01" "34=9\x01" "52=20240102-10:00:00.000\x01";
  if (app != nullptr) text += "1128=" + ApplVerIdOf(app) + "\x01";
  for (const Tv& tv : body) text += std::to_string(tv.tag) + "=" + tv.value + "\x01";
  std::string message = "8=FIXT.1.1\x01" "9=" + std::to_string(text.size()) + "\x01" + text;
  unsigned sum = 0;
  for (unsigned char c : message) sum += c;
  char checksum[8];
  std::snprintf(checksum, sizeof checksum, "%03u", sum % 256);
  return message + "10=" + checksum + "\x01";
}

std::string Printable(std::string s) {
  for (char& c : s) {
    if (c == '\x01') c = '|';
  }
  return s;
}

void CheckEveryMessage(const char* path, bool app, int rounds) {
  DictModel model;
  std::string error;
  ASSERT_TRUE(LoadDictModel(path, &model, &error)) << error;
  ASSERT_EQ(QuickFixLoadError(kFixt), "");
  // Session messages are judged with FIXT11.xml alone; the application dictionary is then unused.
  const char* app_path = app ? path : kFix50Sp2;
  ASSERT_EQ(QuickFixLoadError(app_path), "");
  int accepted = 0, rejected_for_missing = 0;
  for (const MessageDef& message : model.messages) {
    if (message.msgtype == "n") continue;  // XMLnonFIX carries an XML body, not tag=value fields
    for (int round = 0; round < rounds; ++round) {
      Generator gen(model, 1000u * static_cast<unsigned>(round) + static_cast<unsigned>(&message - &model.messages[0]));
      const Generated g = gen.Message(message);
      if (::testing::Test::HasFatalFailure()) return;
      const std::string raw = Frame(message.msgtype, g.body, app ? path : nullptr);
      const QuickFixVerdict v = QuickFixValidate(kFixt, app_path, raw);
      EXPECT_TRUE(v.ok) << message.name << ": " << v.text << " (tag " << v.tag << ")\n" << Printable(raw);
      accepted += v.ok;
      if (g.required_top.empty()) continue;
      // Drop one required top-level field (or required group, with its entries).
      const size_t drop = g.required_top[round % g.required_top.size()];
      std::vector<Tv> body = g.body;
      const int tag = body[drop].tag;
      size_t end = drop + 1;
      const FieldDef* f = model.FieldNumbered(tag);
      if (f && f->type == "NUMINGROUP") {
        // A required group: drop the count and the entries (up to the next top-level field).
        size_t next = body.size();
        for (size_t idx : g.required_top) {
          if (idx > drop && idx < next) next = idx;
        }
        end = next;
        // Entries end before the next required top-level field; optional top-level fields after the
        // group are removed too, which only takes away fields QuickFIX does not require.
      }
      body.erase(body.begin() + static_cast<long>(drop), body.begin() + static_cast<long>(end));
      const std::string broken = Frame(message.msgtype, body, app ? path : nullptr);
      const QuickFixVerdict w = QuickFixValidate(kFixt, app_path, broken);
      EXPECT_FALSE(w.ok) << message.name << " accepted without required tag " << tag << "\n" << Printable(broken);
      EXPECT_EQ(w.reject_reason, 1) << message.name << ": " << w.text << " (tag " << w.tag << ")";
      EXPECT_EQ(w.tag, tag) << message.name << ": " << w.text;
      rejected_for_missing += !w.ok;
    }
  }
  EXPECT_GT(accepted, 0);
  std::printf("%s: %d generated messages accepted, %d rejected for a dropped required tag\n", path, accepted,
              rejected_for_missing);
}

// Dropping a required field inside a group entry (not the entry's delimiter) is caught too, however
// deep the entry is nested.
void CheckNestedRequired(const char* path, int rounds) {
  DictModel model;
  std::string error;
  ASSERT_TRUE(LoadDictModel(path, &model, &error)) << error;
  int checked = 0;
  for (const MessageDef& message : model.messages) {
    if (message.msgtype == "n") continue;
    for (int round = 0; round < rounds; ++round) {
      Generator gen(model, 7919u * static_cast<unsigned>(round) + static_cast<unsigned>(&message - &model.messages[0]));
      const Generated g = gen.Message(message);
      if (::testing::Test::HasFatalFailure()) return;
      for (size_t idx : g.required_nested) {
        if (g.entry_starts.count(idx)) continue;
        std::vector<Tv> body = g.body;
        const int tag = body[idx].tag;
        body.erase(body.begin() + static_cast<long>(idx));
        const QuickFixVerdict w = QuickFixValidate(kFixt, path, Frame(message.msgtype, body, path));
        EXPECT_FALSE(w.ok) << message.name << " accepted without required group field " << tag;
        EXPECT_EQ(w.reject_reason, 1) << message.name << ": " << w.text << " (tag " << w.tag << ")";
        EXPECT_EQ(w.tag, tag) << message.name << ": " << w.text;
        ++checked;
        break;  // one per generated message
      }
    }
  }
  EXPECT_GT(checked, 0);
  std::printf("%s: %d messages rejected for a dropped required field inside a group\n", path, checked);
}

TEST(FixtQuickFixProperty, EverySessionMessage) { CheckEveryMessage(kFixt, /*app=*/false, 20); }

TEST(FixtQuickFixProperty, EveryApplicationMessage) { CheckEveryMessage(kFix50Sp2, /*app=*/true, 8); }

// (FIXT11.xml's only session group, NoMsgTypes, has no required field besides its delimiter.)
TEST(FixtQuickFixProperty, RequiredFieldsInsideGroups) { CheckNestedRequired(kFix50Sp2, 6); }

TEST(FixtQuickFixProperty, EveryFix50Message) { CheckEveryMessage(kFix50, /*app=*/true, 8); }

TEST(FixtQuickFixProperty, Fix50RequiredFieldsInsideGroups) { CheckNestedRequired(kFix50, 6); }

}  // namespace
}  // namespace fixwire_dicttest
