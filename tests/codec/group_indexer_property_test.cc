// Property test for IndexGroups against a reference written here from the
// documented rules (group_view.h), field by field, with none of the
// indexer's shortcuts (no first-candidate lookup, no member windows, no runs
// of repeated entries, no precompiled count-tag lists): every field of every
// entry is decided through Dictionary::LookupMember, every top-level field
// through GroupIn on the body, the header and the trailer.
//
// Messages are random: built from the shipped dictionaries' own message
// layouts (FIX 4.2, FIX 4.4, FIXT 1.1 + FIX 5.0 SP2) and from small random
// dictionaries (random tags, groups nested up to three deep, count tags in
// the header, a member tag repeated in one group, tags beyond the member
// windows and beyond the dense tag table), then mutated (wrong counts,
// dropped delimiters, fields reordered, repeated, retagged or unknown). Each
// is indexed under every GroupOptions combination; the Error and every
// group and entry record must be the same, and every entry's lookups
// (Find, Has, GetOr, group) must agree with a reference lookup over the
// entry's own fields.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/internal/group_records.h"
#include "fixwire/values/values.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_records_test_util.h"

namespace fixwire {
namespace {

using dictionary_internal::EntryRecord;
using dictionary_internal::GroupRecord;
using dictionary_internal::kNoGroup;
using testing::Decoded;
using testing::DecodeInto;
using testing::Frame;
using testing::Join;
using testing::MessageMaker;
using testing::Mutate;
using testing::Split;

// ---------------------------------------------------------------------------
// The reference indexer.

struct RefResult {
  Error error;
  std::vector<GroupRecord> groups;
  std::vector<EntryRecord> entries;  // entry_count slots; unfilled reserved slots stay zero
  std::uint32_t first_group = kNoGroup;
  std::uint32_t body_scope = 0;
};

class RefIndexer {
 public:
  RefIndexer(const MessageView& view, const Dictionary& header_dict, const Dictionary& body_dict,
             const GroupOptions& options, std::uint32_t max_groups, std::uint32_t max_entries)
      : view_(view), hd_(header_dict), bd_(body_dict), options_(options),
        max_groups_(max_groups), max_entries_(max_entries) {}

  RefResult Run() {
    RefResult r;
    const MessageDef* msg = bd_.message(view_.msg_type());
    r.body_scope = msg != nullptr ? msg->body : 0;
    const Scope* body = msg != nullptr ? &bd_.scope(msg->body) : nullptr;
    std::uint32_t last = kNoGroup;
    std::uint32_t i = 0;
    while (i < view_.field_count()) {
      const std::uint32_t tag = view_.field(i).tag;
      const Dictionary* dict = nullptr;
      const Scope* g = TopLevelGroup(tag, body, &dict);
      if (g == nullptr) {
        ++i;
        continue;
      }
      std::uint32_t id = kNoGroup, next = i + 1;
      r.error = Group(*dict, *g, i, &id, &next, r);
      if (id != kNoGroup) {
        if (last == kNoGroup) {
          r.first_group = id;
        } else {
          r.groups[last].next_sibling = id;
        }
        last = id;
      }
      i = next;
      if (!r.error.ok()) break;
    }
    return r;
  }

 private:
  // The group a top-level field with `tag` counts: a group of the body,
  // else of the header, else of the trailer (those two from the header
  // dictionary); nullptr when none.
  const Scope* TopLevelGroup(std::uint32_t tag, const Scope* body, const Dictionary** dict) const {
    if (body != nullptr) {
      if (const Scope* g = bd_.GroupIn(*body, tag)) {
        *dict = &bd_;
        return g;
      }
    }
    for (const Scope* s : {&hd_.header(), &hd_.trailer()}) {
      if (const Scope* g = hd_.GroupIn(*s, tag)) {
        *dict = &hd_;
        return g;
      }
    }
    return nullptr;
  }

  Error Fail(ErrorCode code, std::uint32_t i) const {
    return Error{code, view_.field(i).offset, view_.field(i).tag};
  }

  // Group indexes the group counted by field c (the rules of group_view.h).
  Error Group(const Dictionary& dict, const Scope& scope, std::uint32_t c, std::uint32_t* id,
              std::uint32_t* next, RefResult& r) {
    const std::uint32_t n = view_.field_count();
    *id = kNoGroup;
    *next = c + 1;
    std::uint64_t declared = 0;
    if (ParseUint64(view_.value(view_.field(c)), &declared) != ErrorCode::kOk) {
      return Fail(ErrorCode::kBadValue, c);
    }
    // Each entry holds a field: the entry slots set aside are the declared
    // count, at most the fields left.
    const std::uint32_t reserve =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(declared, n - (c + 1)));
    if (r.groups.size() >= max_groups_ || reserve > max_entries_ - r.entries.size()) {
      return Fail(ErrorCode::kIndexCapacityExceeded, c);
    }
    const std::uint32_t gid = static_cast<std::uint32_t>(r.groups.size());
    *id = gid;
    GroupRecord rec{};
    rec.scope = scope.id;
    rec.count_field = c;
    rec.end_field = c + 1;
    rec.first_entry = static_cast<std::uint32_t>(r.entries.size());
    rec.size = 0;
    rec.declared = static_cast<std::uint32_t>(std::min<std::uint64_t>(declared, 0xFFFFFFFFu));
    rec.next_sibling = kNoGroup;
    r.groups.push_back(rec);
    r.entries.resize(r.entries.size() + reserve, EntryRecord{0, 0, 0});
    const std::span<const ScopeMember> members = dict.members(scope);
    std::uint32_t size = 0;
    bool in_entry = false;
    std::uint32_t entry = 0;  // index in r.entries
    std::uint32_t pos = 0;
    std::uint32_t last_child = kNoGroup;
    std::uint32_t j = c + 1;
    Error err;
    while (j < n) {
      const std::uint32_t tag = view_.field(j).tag;
      std::uint32_t p;
      bool nested;
      if (tag == scope.delimiter) {
        if (size == reserve) {
          err = Fail(ErrorCode::kGroupCountMismatch, c);
          break;
        }
        if (in_entry) r.entries[entry].end = j;
        entry = r.groups[gid].first_entry + size++;
        in_entry = true;
        r.entries[entry] = EntryRecord{j, j + 1, kNoGroup};
        last_child = kNoGroup;
        p = 0;
        nested = members[0].group != 0;
      } else {
        const std::uint32_t found = dict.LookupMember(scope, tag);
        if (found == scope.members_count) {  // not in the template
          const bool unknown = !bd_.tag_info(tag).defined() && !hd_.tag_info(tag).defined();
          if (in_entry && unknown && options_.unknown_fields == UnknownInGroup::kError) {
            err = Fail(ErrorCode::kGroupUnknownField, j);
            break;
          }
          if (in_entry && unknown && options_.unknown_fields == UnknownInGroup::kKeepInEntry) {
            ++j;
            continue;
          }
          break;  // the enclosing scope's field
        }
        if (!in_entry) {
          err = Fail(ErrorCode::kGroupMissingDelimiter, j);
          break;
        }
        p = found & ~ScopeSlot::kIsGroup;
        nested = (found & ScopeSlot::kIsGroup) != 0;
        if (p <= pos && !options_.allow_out_of_order) {
          err = Fail(ErrorCode::kGroupFieldOutOfOrder, j);
          break;
        }
      }
      pos = p;
      if (!nested) {
        ++j;
        continue;
      }
      std::uint32_t child = kNoGroup, after = j + 1;
      err = Group(dict, dict.scope(members[p].group), j, &child, &after, r);
      j = after;
      if (child != kNoGroup) {
        if (last_child == kNoGroup) {
          r.entries[entry].first_child = child;
        } else {
          r.groups[last_child].next_sibling = child;
        }
        last_child = child;
      }
      if (!err.ok()) break;
    }
    if (in_entry) r.entries[entry].end = j;
    r.groups[gid].size = size;
    r.groups[gid].end_field = j;
    *next = j;
    if (!err.ok()) return err;
    if (size != declared && (options_.check_count || size > declared)) {
      return Fail(ErrorCode::kGroupCountMismatch, c);
    }
    return Error{};
  }

  const MessageView& view_;
  const Dictionary& hd_;
  const Dictionary& bd_;
  const GroupOptions& options_;
  std::uint32_t max_groups_, max_entries_;
};

// ---------------------------------------------------------------------------
// Random messages from a dictionary's layouts.

// (testing::MessageMaker, dictionary_test_util.h.)

// ---------------------------------------------------------------------------
// Small random dictionaries.

struct RandomDictionary {
  std::string xml;
  std::vector<std::string> msg_types;
  std::vector<std::uint32_t> tags;  // every tag defined
};

class DictionaryMaker {
 public:
  explicit DictionaryMaker(std::mt19937& rng) : rng_(rng) {}

  RandomDictionary Make() {
    RandomDictionary r;
    // Plain fields: small tags, tags far apart (beyond one member window),
    // and sometimes one beyond the dense tag table.
    std::set<std::uint32_t> used = {8, 9, 35, 10, 49, 56};
    auto fresh = [&](std::uint32_t lo, std::uint32_t hi) {
      while (true) {
        const std::uint32_t t = lo + static_cast<std::uint32_t>(rng_() % (hi - lo + 1));
        if (used.insert(t).second) return t;
      }
    };
    const int plain_count = 4 + static_cast<int>(rng_() % 10);
    for (int i = 0; i < plain_count; ++i) {
      const int kind = static_cast<int>(rng_() % 10);
      plain_.push_back(kind < 7   ? fresh(11, 120)
                       : kind < 9 ? fresh(1000, 6000)
                                  : fresh(70000, 70100));
    }
    const int count_tags = 2 + static_cast<int>(rng_() % 5);
    for (int i = 0; i < count_tags; ++i) counts_.push_back(fresh(121, 200));

    std::string fields;
    for (std::uint32_t t : {8u, 9u, 35u, 10u, 49u, 56u}) {
      const char* type = t == 9 ? "LENGTH" : "STRING";
      fields += Field(t, type);
    }
    for (std::uint32_t t : plain_) fields += Field(t, "STRING");
    for (std::uint32_t t : counts_) fields += Field(t, "NUMINGROUP");
    std::string header = R"(<field name="F8" required="Y"/><field name="F9" required="Y"/>)"
                         R"(<field name="F35" required="Y"/><field name="F49" required="N"/>)";
    std::set<std::uint32_t> in_header = {8, 9, 35, 49, 56};
    if (rng_() % 2 == 0) header += Group(0, {}, in_header);
    header += R"(<field name="F56" required="N"/>)";
    std::string messages;
    const int message_count = 1 + static_cast<int>(rng_() % 3);
    for (int m = 0; m < message_count; ++m) {
      // Some types longer than two characters: the MsgType lookup IndexGroups
      // does not take inline.
      const std::string type = (m == 1 ? "ULONG" : "U") + std::to_string(m);
      r.msg_types.push_back(type);
      messages += "<message name=\"M" + std::to_string(m) + "\" msgtype=\"" + type +
                  "\" msgcat=\"app\">" + Body() + "</message>";
    }
    r.xml = std::string(R"(<fix type="FIX" major="4" minor="4" servicepack="0"><header>)") +
            header + "</header><trailer><field name=\"F10\" required=\"Y\"/></trailer><messages>" +
            messages + "</messages><components/><fields>" + fields + "</fields></fix>";
    r.tags = plain_;
    r.tags.insert(r.tags.end(), counts_.begin(), counts_.end());
    return r;
  }

 private:
  static std::string Field(std::uint32_t tag, const char* type) {
    return "<field number=\"" + std::to_string(tag) + "\" name=\"F" + std::to_string(tag) +
           "\" type=\"" + type + "\"/>";
  }
  static std::string Ref(std::uint32_t tag) {
    return "<field name=\"F" + std::to_string(tag) + "\" required=\"N\"/>";
  }
  // Group: a random group; `outer` holds the count tags of the enclosing
  // groups (a group does not contain itself), `taken` the tags already in
  // the enclosing scope (a tag appears once in a scope).
  std::string Group(int depth, std::set<std::uint32_t> outer, std::set<std::uint32_t>& taken) {
    std::vector<std::uint32_t> free_counts;
    for (std::uint32_t t : counts_) {
      if (outer.count(t) == 0 && taken.count(t) == 0) free_counts.push_back(t);
    }
    if (free_counts.empty()) return "";
    const std::uint32_t count = free_counts[rng_() % free_counts.size()];
    taken.insert(count);
    outer.insert(count);
    std::set<std::uint32_t> inside;
    std::string first;
    if (depth < 3 && rng_() % 5 == 0) first = Group(depth + 1, outer, inside);  // a group as the delimiter
    std::string rest;
    const int members = 1 + static_cast<int>(rng_() % 5);
    for (int i = 0; i < members; ++i) {
      const std::uint32_t t = plain_[rng_() % plain_.size()];
      if (!inside.insert(t).second) continue;
      rest += Ref(t);
      if (depth < 3 && rng_() % 3 == 0) rest += Group(depth + 1, outer, inside);
    }
    if (first.empty() && rest.empty()) return "";
    return "<group name=\"F" + std::to_string(count) + "\" required=\"N\">" + first + rest +
           "</group>";
  }
  std::string Body() {
    std::string s;
    std::set<std::uint32_t> used;
    const int items = 1 + static_cast<int>(rng_() % 6);
    for (int i = 0; i < items; ++i) {
      if (rng_() % 2 == 0) {
        const std::uint32_t t = plain_[rng_() % plain_.size()];
        if (used.insert(t).second) s += Ref(t);
      } else {
        s += Group(0, {}, used);
      }
    }
    return s;
  }

  std::mt19937& rng_;
  std::vector<std::uint32_t> plain_;
  std::vector<std::uint32_t> counts_;
};

// ---------------------------------------------------------------------------

std::vector<GroupOptions> AllOptions() {
  std::vector<GroupOptions> all;
  for (bool out_of_order : {false, true}) {
    for (UnknownInGroup u :
         {UnknownInGroup::kError, UnknownInGroup::kKeepInEntry, UnknownInGroup::kEndGroup}) {
      for (bool count : {false, true}) all.push_back(GroupOptions{out_of_order, u, count});
    }
  }
  return all;
}

class PropertyTest : public ::testing::Test {
 protected:
  // Check indexes the message both ways under every option set and compares.
  void Check(const Dictionary& h, const Dictionary& d, const std::string& begin,
             const std::string& type, const std::vector<std::string>& fields) {
    const std::string text = Join(fields);
    DecodeInto(decoded_, Frame(begin, type, text));
    if (!decoded_.error.ok()) return;
    const std::vector<GroupOptions> all_options = AllOptions();
    for (std::size_t option_index = 0; option_index < all_options.size(); ++option_index) {
      const GroupOptions& options = all_options[option_index];
      // The lookups under a third of the option sets (each kind of unknown
      // field handling, in and out of order): they read only the records.
      const bool check_reads = option_index % 4 == 0;
      const Error got = &h == &d ? IndexGroups(decoded_.view, d, options, storage_, &msg_)
                                 : IndexGroups(decoded_.view, h, d, options, storage_, &msg_);
      const RefResult want =
          RefIndexer(decoded_.view, h, d, options, kMaxGroups, kMaxEntries).Run();
      ++checked_;
      if (!want.groups.empty()) ++with_groups_;
      if (!want.error.ok()) ++errors_;
      const std::string what = type + " | " + text + " | options " +
                               std::to_string(options.allow_out_of_order) + "," +
                               std::to_string(static_cast<int>(options.unknown_fields)) + "," +
                               std::to_string(options.check_count);
      ASSERT_EQ(got.code, want.error.code)
          << what << "\n" << ErrorCodeName(got.code) << " vs " << ErrorCodeName(want.error.code);
      ASSERT_EQ(got.offset, want.error.offset) << what;
      ASSERT_EQ(got.tag, want.error.tag) << what;
      ASSERT_EQ(msg_.group_count(), want.groups.size()) << what;
      ASSERT_EQ(msg_.entry_count(), want.entries.size()) << what;
      ASSERT_EQ(GroupedMessageAccess::first_top_level_group(msg_), want.first_group) << what;
      ASSERT_EQ(msg_.body_scope(), want.body_scope) << what;
      ASSERT_EQ(msg_.header_dictionary(), &h) << what;
      ASSERT_EQ(msg_.body_dictionary(), &d) << what;
      for (std::uint32_t g = 0; g < want.groups.size(); ++g) {
        const GroupRecord& x = GroupedMessageAccess::group_record(msg_, g);
        const GroupRecord& y = want.groups[g];
        ASSERT_EQ(x.scope, y.scope) << what << " group " << g;
        ASSERT_EQ(x.count_field, y.count_field) << what << " group " << g;
        ASSERT_EQ(x.end_field, y.end_field) << what << " group " << g;
        ASSERT_EQ(x.first_entry, y.first_entry) << what << " group " << g;
        ASSERT_EQ(x.size, y.size) << what << " group " << g;
        ASSERT_EQ(x.declared, y.declared) << what << " group " << g;
        ASSERT_EQ(x.next_sibling, y.next_sibling) << what << " group " << g;
        for (std::uint32_t e = 0; e < y.size; ++e) {
          const EntryRecord& p = GroupedMessageAccess::entry_record(msg_, x.first_entry + e);
          const EntryRecord& q = want.entries[y.first_entry + e];
          ASSERT_EQ(p.begin, q.begin) << what << " group " << g << " entry " << e;
          ASSERT_EQ(p.end, q.end) << what << " group " << g << " entry " << e;
          ASSERT_EQ(p.first_child, q.first_child) << what << " group " << g << " entry " << e;
        }
      }
      // The views agree with the records: every group's entries and fields.
      for (std::uint32_t g = 0; g < want.groups.size(); ++g) {
        const GroupView view = GroupedMessageAccess::group_at(msg_, g);
        ASSERT_EQ(view.size(), want.groups[g].size) << what;
        for (std::uint32_t e = 0; e < view.size(); ++e) {
          const EntryRecord& q = want.entries[want.groups[g].first_entry + e];
          ASSERT_EQ(view.entry(e).fields().size(), q.end - q.begin) << what;
          if (!check_reads) continue;
          CheckReads(view.entry(e), q, want, what);
          if (HasFatalFailure()) return;
        }
      }
    }
  }

  // CheckReads compares an entry's lookups with a reference over the
  // reference records: the entry's own fields are its range less the ranges
  // of its nested groups (each group's fields after its count field), and
  // Find is the first own field with the tag. The tags of the entry and
  // its neighbours are looked up, plus tags the message does not have.
  void CheckReads(const GroupEntryView& entry, const EntryRecord& q, const RefResult& want,
                  const std::string& what) {
    const MessageView& view = decoded_.view;
    std::vector<bool> own(q.end - q.begin, true);  // own[i - q.begin]
    std::vector<std::uint32_t> children;
    for (std::uint32_t c = q.first_child; c != kNoGroup; c = want.groups[c].next_sibling) {
      children.push_back(c);
      for (std::uint32_t i = want.groups[c].count_field + 1; i < want.groups[c].end_field; ++i) {
        own[i - q.begin] = false;
      }
    }
    std::vector<std::uint32_t> tags = {0, 1, 7777, 65535, 65536, 70000, 4294967295u};
    // The entry's tags (its nested groups' too) and its neighbours'.
    const std::uint32_t from = q.begin >= 2 ? q.begin - 2 : 0;
    const std::uint32_t to = std::min<std::uint32_t>(q.end + 2, view.field_count());
    for (std::uint32_t i = from; i < to; ++i) tags.push_back(view.field(i).tag);
    for (const std::uint32_t tag : tags) {
      const Field* expected = nullptr;
      for (std::uint32_t i = q.begin; i < q.end; ++i) {
        if (own[i - q.begin] && view.field(i).tag == tag) {
          expected = &view.fields()[i];
          break;
        }
      }
      ASSERT_EQ(entry.Find(tag), expected) << what << " tag " << tag;
      ASSERT_EQ(entry.Has(tag), expected != nullptr) << what << " tag " << tag;
      if (expected != nullptr) {
        ASSERT_EQ(entry.GetOr(tag, "absent"), view.value(*expected)) << what << " tag " << tag;
      }
      // group(tag): the first nested group whose count field has the tag.
      std::uint32_t expected_group = kNoGroup;
      for (const std::uint32_t c : children) {
        if (view.field(want.groups[c].count_field).tag == tag) {
          expected_group = c;
          break;
        }
      }
      const GroupView nested = entry.group(tag);
      ASSERT_EQ(nested.present(), expected_group != kNoGroup) << what << " tag " << tag;
      if (expected_group != kNoGroup) {
        ASSERT_EQ(&nested.count_field(), &view.fields()[want.groups[expected_group].count_field])
            << what << " tag " << tag;
        ASSERT_EQ(nested.size(), want.groups[expected_group].size) << what << " tag " << tag;
      }
    }
  }

  // Mutated: `fields` with random mutations (tags from `tags` plus unknown
  // ones and count tags, values including bad counts).
  std::vector<std::string> Mutated(std::vector<std::string> fields,
                                   const std::vector<std::string>& tags) {
    std::vector<const char*> tag_ptrs;
    for (const std::string& t : tags) tag_ptrs.push_back(t.c_str());
    static const char* const kValues[] = {"0", "1", "2", "3", "x", "-1", "", "99999999999999999999"};
    Mutate(fields, rng_, tag_ptrs, kValues);
    return fields;
  }

  static constexpr std::uint32_t kMaxGroups = 64;
  static constexpr std::uint32_t kMaxEntries = 512;
  std::mt19937 rng_{20261203};
  Decoded decoded_;
  GroupStorage storage_{kMaxGroups, kMaxEntries};
  GroupedMessage msg_;
  int checked_ = 0;
  int with_groups_ = 0;
  int errors_ = 0;
};

struct Shipped {
  const char* header_dictionary;
  const char* body_dictionary;
  const char* begin;
};

TEST_F(PropertyTest, ShippedDictionariesAgreeWithTheReference) {
  const Shipped kShipped[] = {
      {"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX42.xml", "FIX.4.2"},
      {"codec/dictionaries/FIX44.xml", "codec/dictionaries/FIX44.xml", "FIX.4.4"},
      {"codec/dictionaries/FIXT11.xml", "codec/dictionaries/FIX50SP2.xml", "FIXT.1.1"},
  };
  testing::DictionaryCache cache;
  for (const Shipped& s : kShipped) {
    const Dictionary& h = cache.Get(s.header_dictionary);
    const Dictionary& d = cache.Get(s.body_dictionary);
    // Tags to mutate with: group count tags and delimiters of the dictionary,
    // a few plain ones, header ones, and tags no dictionary defines.
    std::vector<std::string> tags = {"55", "54", "38", "49", "56", "627", "628", "9999", "10",
                                     "60000", "80000"};
    for (std::size_t i = 0; i < d.scope_count(); i += 7) {
      const Scope& g = d.scope(static_cast<std::uint32_t>(i));
      if (g.count_tag == 0) continue;
      tags.push_back(std::to_string(g.count_tag));
      tags.push_back(std::to_string(g.delimiter));
    }
    MessageMaker maker(d, rng_);
    const auto messages = d.messages();
    for (int round = 0; round < 300; ++round) {
      const MessageDef& m = messages[rng_() % messages.size()];
      std::vector<std::string> fields = Split(std::string(testing::kStdHeader));
      if (rng_() % 4 == 0 && h.GroupIn(h.header(), 627) != nullptr) {
        fields.insert(fields.end(), {"627=2", "628=H1", "628=H2"});
      }
      maker.Fill(d.scope(m.body), false, 0, fields);
      const std::string type(d.message_type(m));
      Check(h, d, s.begin, type, fields);
      if (HasFatalFailure()) return;
      for (int k = 0; k < 4; ++k) {
        Check(h, d, s.begin, type, Mutated(fields, tags));
        if (HasFatalFailure()) return;
      }
    }
  }
  EXPECT_GT(with_groups_, checked_ / 4);
  EXPECT_GT(errors_, checked_ / 20);
}

// IndexGroups decides "no top-level group" from the message type's listed
// count tags (the body's, the header's and the trailer's) before walking.
// Count tags of every kind are put anywhere here: the body's and other
// messages' count tags, nested groups' count tags, the header's and the
// trailer's, before and after the header fields, repeated, under the wrong
// MsgType and under MsgTypes the dictionary does not define (short and
// long); decoded with the default field index and with one whose direct
// table is tiny (every lookup of a listed tag through its hash table).
TEST_F(PropertyTest, CountTagsAnywhereAgreeWithTheReference) {
  const Shipped kShipped[] = {
      {"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX42.xml", "FIX.4.2"},
      {"codec/dictionaries/FIX44.xml", "codec/dictionaries/FIX44.xml", "FIX.4.4"},
      {"codec/dictionaries/FIXT11.xml", "codec/dictionaries/FIX50SP2.xml", "FIXT.1.1"},
  };
  testing::DictionaryCache cache;
  std::vector<std::unique_ptr<Dictionary>> randoms;
  struct Case {
    const Dictionary* h;
    const Dictionary* d;
    std::string begin;
  };
  std::vector<Case> cases;
  for (const Shipped& s : kShipped) {
    cases.push_back({&cache.Get(s.header_dictionary), &cache.Get(s.body_dictionary), s.begin});
  }
  for (int i = 0; i < 20; ++i) {
    DictionaryMaker dm(rng_);
    auto loaded = LoadDictionaryFromString(dm.Make().xml, "random");
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    randoms.push_back(std::make_unique<Dictionary>(std::move(*loaded)));
    cases.push_back({randoms.back().get(), randoms.back().get(), "FIX.4.4"});
  }
  const std::uint32_t kTinyDirect = 8;  // every tag from 8 on through the hash table
  for (const Case& c : cases) {
    const Dictionary& h = *c.h;
    const Dictionary& d = *c.d;
    // Every count tag the dictionaries know (top-level and nested).
    std::vector<std::uint32_t> counts;
    for (const Dictionary* dict : {&h, &d}) {
      for (std::size_t i = 0; i < dict->scope_count(); ++i) {
        const Scope& g = dict->scope(static_cast<std::uint32_t>(i));
        if (g.count_tag != 0) counts.push_back(g.count_tag);
      }
    }
    if (counts.empty()) continue;
    MessageMaker maker(d, rng_);
    const auto messages = d.messages();
    for (int round = 0; round < 120; ++round) {
      const MessageDef& m = messages[rng_() % messages.size()];
      std::vector<std::string> fields = Split(std::string(testing::kStdHeader));
      const std::size_t header_end = fields.size();
      maker.Fill(d.scope(m.body), false, 0, fields);
      // One to four count fields at random places (0 to 2 entries' worth:
      // a value the group may or may not match), some repeated.
      const int k = 1 + static_cast<int>(rng_() % 4);
      for (int i = 0; i < k; ++i) {
        const std::uint32_t tag = counts[rng_() % counts.size()];
        const std::size_t at = rng_() % 3 == 0 ? rng_() % (header_end + 1)
                                               : rng_() % (fields.size() + 1);
        const std::string f = std::to_string(tag) + "=" + std::to_string(rng_() % 3);
        fields.insert(fields.begin() + static_cast<std::ptrdiff_t>(at), f);
        if (rng_() % 4 == 0) fields.push_back(f);
      }
      std::string type(d.message_type(m));
      switch (rng_() % 6) {
        case 0:  // another message's type
          type = std::string(d.message_type(messages[rng_() % messages.size()]));
          break;
        case 1:
          type = "ZZ";  // not defined, short
          break;
        case 2:
          type = "ZZZZ";  // not defined, long
          break;
        default:
          break;
      }
      Check(h, d, c.begin, type, fields);
      if (HasFatalFailure()) return;
      // The same through a field index whose direct table covers only tags below 8.
      Decoded small;
      small.index = FieldIndex(4096, kTinyDirect);
      DecodeInto(small, Frame(c.begin, type, Join(fields)));
      if (!small.error.ok()) continue;
      for (const GroupOptions& options : AllOptions()) {
        const Error got = &h == &d ? IndexGroups(small.view, d, options, storage_, &msg_)
                                   : IndexGroups(small.view, h, d, options, storage_, &msg_);
        const RefResult want = RefIndexer(small.view, h, d, options, kMaxGroups, kMaxEntries).Run();
        ASSERT_EQ(got.code, want.error.code) << type << " | " << Join(fields);
        ASSERT_EQ(got.offset, want.error.offset) << type << " | " << Join(fields);
        ASSERT_EQ(msg_.group_count(), want.groups.size()) << type << " | " << Join(fields);
        ASSERT_EQ(msg_.entry_count(), want.entries.size()) << type << " | " << Join(fields);
        ASSERT_EQ(GroupedMessageAccess::first_top_level_group(msg_), want.first_group) << type << " | " << Join(fields);
        for (std::uint32_t g = 0; g < want.groups.size(); ++g) {
          ASSERT_EQ(GroupedMessageAccess::group_record(msg_, g).count_field, want.groups[g].count_field);
          ASSERT_EQ(GroupedMessageAccess::group_record(msg_, g).end_field, want.groups[g].end_field);
          ASSERT_EQ(GroupedMessageAccess::group_record(msg_, g).size, want.groups[g].size);
          ASSERT_EQ(GroupedMessageAccess::group_record(msg_, g).next_sibling, want.groups[g].next_sibling);
        }
      }
    }
  }
  EXPECT_GT(with_groups_, checked_ / 8);
}

TEST_F(PropertyTest, RandomDictionariesAgreeWithTheReference) {
  for (int dict_round = 0; dict_round < 60; ++dict_round) {
    DictionaryMaker dm(rng_);
    const RandomDictionary rd = dm.Make();
    auto loaded = LoadDictionaryFromString(rd.xml, "random");
    ASSERT_TRUE(loaded.ok()) << loaded.status().message() << "\n" << rd.xml;
    const Dictionary& d = *loaded;
    std::vector<std::string> tags = {"49", "56", "9999", "65000"};
    for (std::uint32_t t : rd.tags) tags.push_back(std::to_string(t));
    MessageMaker maker(d, rng_);
    for (int round = 0; round < 60; ++round) {
      const std::string& type = rd.msg_types[rng_() % rd.msg_types.size()];
      const MessageDef* m = d.message(type);
      ASSERT_NE(m, nullptr);
      std::vector<std::string> fields = {"49=S"};
      maker.Fill(d.header(), false, 0, fields);
      maker.Fill(d.scope(m->body), false, 0, fields);
      Check(d, d, "FIX.4.4", type, fields);
      if (HasFatalFailure()) return;
      for (int k = 0; k < 4; ++k) {
        Check(d, d, "FIX.4.4", type, Mutated(fields, tags));
        if (HasFatalFailure()) return;
      }
      // An entry repeated whole, many times (the indexer's runs), then cut.
      for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
        const std::uint32_t tag = static_cast<std::uint32_t>(std::stoul(fields[i]));
        if (!(d.tag_info(tag).flags & FieldDef::kIsGroupCount)) continue;
        const std::size_t eq = fields[i].find('=');
        const int k = std::atoi(fields[i].c_str() + eq + 1);
        if (k < 1) continue;
        // A slice from the first entry on: up to the next field with the
        // delimiter's tag (at most six fields), repeated.
        const std::string delimiter = fields[i + 1].substr(0, fields[i + 1].find('=') + 1);
        std::size_t end = i + 2;
        while (end < fields.size() && end < i + 7 && fields[end].rfind(delimiter, 0) != 0) ++end;
        std::vector<std::string> runs(fields.begin(), fields.begin() + static_cast<std::ptrdiff_t>(i + 1));
        const int copies = 2 + static_cast<int>(rng_() % 12);
        for (int c = 0; c < copies; ++c) {
          runs.insert(runs.end(), fields.begin() + static_cast<std::ptrdiff_t>(i + 1),
                      fields.begin() + static_cast<std::ptrdiff_t>(end));
        }
        runs[i] = fields[i].substr(0, eq + 1) + std::to_string(copies + static_cast<int>(rng_() % 3) - 1);
        if (rng_() % 2 == 0 && runs.size() > i + 2) runs.pop_back();  // a cut last entry
        Check(d, d, "FIX.4.4", type, runs);
        if (HasFatalFailure()) return;
        Check(d, d, "FIX.4.4", type, Mutated(runs, tags));
        if (HasFatalFailure()) return;
        break;
      }
    }
  }
  EXPECT_GT(with_groups_, checked_ / 4);
  EXPECT_GT(errors_, checked_ / 20);
}

}  // namespace
}  // namespace fixwire
