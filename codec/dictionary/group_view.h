// group_view.h: repeating groups of a decoded message, indexed with a Dictionary.
//
//   fixwire::GroupStorage groups(/*max_groups=*/256, /*max_entries=*/4096);  // cold: allocates once
//   fixwire::GroupedMessage msg;
//   fixwire::Error e = fixwire::IndexGroups(view, dictionary, {}, groups, &msg);
//   fixwire::GroupView syms = msg.group(146);           // NoRelatedSym
//   for (std::uint32_t i = 0; i < syms.size(); ++i) {
//     fixwire::GroupEntryView sym = syms.entry(i);
//     std::string_view symbol = sym.GetOr(55);
//     fixwire::GroupView legs = sym.group(555);         // nested NoLegs, any depth
//   }
//
// IndexGroups walks the message's flat field array (MessageView::fields(), in
// wire order) once and records, for every NUMINGROUP field the dictionary
// defines in the header, the message body, the trailer or an enclosing group
// entry, the group's entries as ranges of that array. A group entry starts at
// the delimiter (the group's first field); the group ends at the first tag
// that is not in its template, and that tag belongs to the enclosing scope.
// For FIXT 1.1 pass the transport dictionary (header, trailer) and the
// application dictionary (body) separately.
//
// Errors (returned, never crashed on; `offset` is the field's value offset,
// `tag` its tag):
//   kBadValue               a count field that is not a non-negative integer
//   kGroupCountMismatch     NumInGroup differs from the entries found (checked
//                           when GroupOptions::check_count; more entries than
//                           declared is always an error)
//   kGroupMissingDelimiter  a group field before the entry's delimiter
//   kGroupFieldOutOfOrder   an entry's fields out of template order, or a field
//                           twice in one entry (unless allow_out_of_order)
//   kGroupUnknownField      a tag no dictionary given defines, right after
//                           a group entry's field (UnknownInGroup::kError)
//   kIndexCapacityExceeded  more groups or entries than the GroupStorage holds
//
// Memory: all group records live in the caller's GroupStorage, whose
// capacity is fixed when it is made; IndexGroups never allocates. A
// GroupedMessage, and every GroupView / GroupEntryView taken from it, refers
// to the MessageView's bytes and field index, the GroupStorage and the
// Dictionary: all must outlive it, and indexing another message into the same
// GroupStorage invalidates it. Views are read-only and may be read by any
// number of threads; a GroupStorage is used by one thread at a time.
#ifndef FIXWIRE_DICTIONARY_GROUP_VIEW_H_
#define FIXWIRE_DICTIONARY_GROUP_VIEW_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/values/error.h"
#include "fixwire/values/typed_getters.h"
#include "fixwire/values/field.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

// What IndexGroups does with a tag the dictionary does not define at all,
// met right after a field of a group entry.
enum class UnknownInGroup : std::uint8_t {
  kError,        // strict: kGroupUnknownField
  kKeepInEntry,  // lenient: the field stays in the current entry
  kEndGroup,     // the group ends; the field belongs to the enclosing scope
};

struct GroupOptions {
  bool allow_out_of_order = false;  // lenient: an entry's fields in any order, repeats allowed
  UnknownInGroup unknown_fields = UnknownInGroup::kError;
  bool check_count = true;  // NumInGroup must equal the entries found
};

namespace codec_internal {

inline constexpr std::uint32_t kNoGroup = 0xFFFFFFFFu;

struct GroupRecord {
  std::uint32_t scope;         // the group's Scope id in its dictionary
  std::uint32_t count_field;   // index of the NUMINGROUP field in the field array
  std::uint32_t end_field;     // one past the group's last field
  std::uint32_t first_entry;   // index of entry 0 in the entry array
  std::uint32_t size;          // entries found
  std::uint32_t declared;      // the NumInGroup value (saturated at 2^32-1)
  std::uint32_t next_sibling;  // next group of the same scope, or kNoGroup
};

struct EntryRecord {
  std::uint32_t begin;        // index of the delimiter field
  std::uint32_t end;          // one past the entry's last field (nested groups included)
  std::uint32_t first_child;  // first nested group, or kNoGroup
};

// ScanTag returns the first field in [f, end) with `tag`, or nullptr (none,
// or f >= end). Four fields a step: a compare and a branch each.
[[gnu::always_inline]] inline const Field* ScanTag(const Field* f, const Field* end,
                                                   std::uint32_t tag) noexcept {
  for (; end - f >= 4; f += 4) {
    if (f[0].tag == tag) return f;
    if (f[1].tag == tag) return f + 1;
    if (f[2].tag == tag) return f + 2;
    if (f[3].tag == tag) return f + 3;
  }
  for (; f < end; ++f) {
    if (f->tag == tag) return f;
  }
  return nullptr;
}

}  // namespace codec_internal

// GroupStorage is the fixed-capacity memory group records are written into.
class GroupStorage {
 public:
  GroupStorage() noexcept = default;
  // Allocates its arrays on the heap, here and only here (cold path).
  GroupStorage(std::uint32_t max_groups, std::uint32_t max_entries);
  // Uses caller memory, which must outlive the storage.
  GroupStorage(std::span<codec_internal::GroupRecord> groups,
               std::span<codec_internal::EntryRecord> entries) noexcept
      : groups_(groups.data()), entries_(entries.data()),
        max_groups_(static_cast<std::uint32_t>(groups.size())),
        max_entries_(static_cast<std::uint32_t>(entries.size())) {}

  GroupStorage(GroupStorage&&) noexcept = default;
  GroupStorage& operator=(GroupStorage&&) noexcept = default;

  std::uint32_t max_groups() const noexcept { return max_groups_; }
  std::uint32_t max_entries() const noexcept { return max_entries_; }

 private:
  friend class GroupIndexer;
  friend class GroupedMessage;
  std::unique_ptr<codec_internal::GroupRecord[]> owned_groups_;
  std::unique_ptr<codec_internal::EntryRecord[]> owned_entries_;
  codec_internal::GroupRecord* groups_ = nullptr;
  codec_internal::EntryRecord* entries_ = nullptr;
  std::uint32_t max_groups_ = 0;
  std::uint32_t max_entries_ = 0;
};

class GroupView;

// GroupEntryView is one entry of a group: its fields, in wire order, and its
// nested groups. Lookups skip the fields of nested groups.
class GroupEntryView {
 public:
  GroupEntryView() noexcept = default;

  // fields: every field of the entry, nested groups' fields included.
  std::span<const Field> fields() const noexcept {
    return std::span<const Field>(first_, static_cast<std::size_t>(last_ - first_));
  }
  std::string_view value(const Field& f) const noexcept {
    return std::string_view(data_ + f.offset, f.length);
  }
  // Find returns the entry's own field with `tag` (not a nested group's), or
  // nullptr: a scan of the entry's slice of the field array, in stretches
  // between its nested groups (inline for an entry without any).
  [[gnu::always_inline]] const Field* Find(std::uint32_t tag) const noexcept {
    if (!nested_) return codec_internal::ScanTag(first_, last_, tag);
    return FindAroundGroups(fields_, groups_, entry_, tag);
  }
  bool Has(std::uint32_t tag) const noexcept { return Find(tag) != nullptr; }
  std::optional<std::string_view> Get(std::uint32_t tag) const noexcept {
    const Field* f = Find(tag);
    if (f == nullptr) return std::nullopt;
    return value(*f);
  }
  std::string_view GetOr(std::uint32_t tag, std::string_view fallback = {}) const noexcept {
    const Field* f = Find(tag);
    return f != nullptr ? value(*f) : fallback;
  }
  // Typed getters, as MessageView's: kOk, kFieldNotFound, or the parser's
  // error (codec/values.h). GetInt64, GetUint64, GetChar, GetBool,
  // GetDecimal, GetUtcTimestamp, GetUtcTimeOnly, GetUtcDateOnly,
  // GetLocalMktDate, GetMonthYear.
  FIXWIRE_TYPED_GETTERS

  // group returns the nested group with this count tag (empty when absent).
  GroupView group(std::uint32_t count_tag) const noexcept;

 private:
  // The lookups' cases with nested groups: static, so that a view the
  // caller holds is not made to live in memory by a call.
  static const Field* FindAroundGroups(const Field* fields,
                                       const codec_internal::GroupRecord* groups,
                                       const codec_internal::EntryRecord* entry,
                                       std::uint32_t tag) noexcept;
  static GroupView FindGroup(const char* data, const Field* fields,
                             const codec_internal::GroupRecord* groups,
                             const codec_internal::EntryRecord* entries,
                             const codec_internal::EntryRecord* entry,
                             std::uint32_t count_tag) noexcept;
  friend class GroupView;
  friend class GroupedMessage;
  friend class Validator;
  GroupEntryView(const char* data, const Field* fields, const codec_internal::GroupRecord* groups,
                 const codec_internal::EntryRecord* entries,
                 const codec_internal::EntryRecord* entry) noexcept
      : data_(data), fields_(fields), groups_(groups), entries_(entries), entry_(entry),
        first_(fields + entry->begin), last_(fields + entry->end),
        nested_(entry->first_child != codec_internal::kNoGroup) {}
  const char* data_ = nullptr;
  const Field* fields_ = nullptr;
  const codec_internal::GroupRecord* groups_ = nullptr;
  const codec_internal::EntryRecord* entries_ = nullptr;  // base of the entry array
  const codec_internal::EntryRecord* entry_ = nullptr;
  // The entry's slice of the field array, and whether it holds nested groups
  // (taken from *entry_ once, for the lookups).
  const Field* first_ = nullptr;
  const Field* last_ = nullptr;
  bool nested_ = false;
};

// GroupView is one repeating group: size() entries. An absent group is empty
// (present() false, size() 0).
class GroupView {
 public:
  GroupView() noexcept = default;
  bool present() const noexcept { return group_ != nullptr; }
  std::uint32_t size() const noexcept { return group_ != nullptr ? group_->size : 0; }
  bool empty() const noexcept { return size() == 0; }
  // declared_count: the NumInGroup value as sent.
  std::uint32_t declared_count() const noexcept { return group_ != nullptr ? group_->declared : 0; }
  // count_field: the NUMINGROUP field itself (precondition: present()).
  const Field& count_field() const noexcept { return fields_[group_->count_field]; }
  // entry(i), i < size().
  GroupEntryView entry(std::uint32_t i) const noexcept {
    return GroupEntryView(data_, fields_, groups_, entries_, entries_ + group_->first_entry + i);
  }
  // scope_id: the group's Scope in the dictionary it was indexed with.
  std::uint32_t scope_id() const noexcept { return group_->scope; }

  // Iterator: the entries in wire order, for range-for
  // (`for (GroupEntryView e : group)`); an absent group has none.
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = GroupEntryView;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = GroupEntryView;
    Iterator() noexcept = default;
    GroupEntryView operator*() const noexcept {
      return GroupEntryView(data_, fields_, groups_, entries_, entry_);
    }
    Iterator& operator++() noexcept {
      ++entry_;
      return *this;
    }
    Iterator operator++(int) noexcept {
      Iterator old = *this;
      ++entry_;
      return old;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) noexcept {
      return a.entry_ == b.entry_;
    }

   private:
    friend class GroupView;
    Iterator(const GroupView& g, const codec_internal::EntryRecord* entry) noexcept
        : data_(g.data_), fields_(g.fields_), groups_(g.groups_), entries_(g.entries_),
          entry_(entry) {}
    // The group's pointers (copied: an iterator does not refer to its GroupView).
    const char* data_ = nullptr;
    const Field* fields_ = nullptr;
    const codec_internal::GroupRecord* groups_ = nullptr;
    const codec_internal::EntryRecord* entries_ = nullptr;
    const codec_internal::EntryRecord* entry_ = nullptr;
  };
  Iterator begin() const noexcept {
    return Iterator(*this, group_ != nullptr ? entries_ + group_->first_entry : nullptr);
  }
  Iterator end() const noexcept {
    return Iterator(*this, group_ != nullptr ? entries_ + group_->first_entry + group_->size
                                             : nullptr);
  }

 private:
  friend class GroupEntryView;
  friend class GroupedMessage;
  GroupView(const char* data, const Field* fields, const codec_internal::GroupRecord* groups,
            const codec_internal::EntryRecord* entries,
            const codec_internal::GroupRecord* group) noexcept
      : data_(data), fields_(fields), groups_(groups), entries_(entries), group_(group) {}
  const char* data_ = nullptr;
  const Field* fields_ = nullptr;
  const codec_internal::GroupRecord* groups_ = nullptr;
  const codec_internal::EntryRecord* entries_ = nullptr;
  const codec_internal::GroupRecord* group_ = nullptr;
};

inline GroupView GroupEntryView::group(std::uint32_t count_tag) const noexcept {
  if (!nested_) return GroupView();
  return FindGroup(data_, fields_, groups_, entries_, entry_, count_tag);
}

// GroupedMessage is a MessageView plus its group index.
class GroupedMessage {
 public:
  GroupedMessage() noexcept = default;
  const MessageView& message() const noexcept { return view_; }
  // view: the same MessageView (`for (const Field& f : msg.view())`).
  const MessageView& view() const noexcept { return view_; }
  // group returns the top-level (header, body or trailer) group with this
  // count tag; empty when absent.
  GroupView group(std::uint32_t count_tag) const noexcept;
  // FindTopLevel returns the first field with `tag` outside every group, or nullptr.
  const Field* FindTopLevel(std::uint32_t tag) const noexcept;
  std::optional<std::string_view> GetTopLevel(std::uint32_t tag) const noexcept {
    const Field* f = FindTopLevel(tag);
    if (f == nullptr) return std::nullopt;
    return view_.value(*f);
  }
  // group_count / entry_count: records used (all levels).
  std::uint32_t group_count() const noexcept { return group_count_; }
  std::uint32_t entry_count() const noexcept { return entry_count_; }
  // The dictionaries used (header/trailer and body); body_scope() is the
  // message body's Scope id, 0 when the MsgType is not in the dictionary.
  const Dictionary* header_dictionary() const noexcept { return header_dict_; }
  const Dictionary* body_dictionary() const noexcept { return body_dict_; }
  std::uint32_t body_scope() const noexcept { return body_scope_; }
  // first_top_level_group: index of the first top-level group record or kNoGroup.
  std::uint32_t first_top_level_group() const noexcept { return first_group_; }
  // Record access for layers built on top (the validator).
  const codec_internal::GroupRecord& group_record(std::uint32_t i) const noexcept {
    return groups_[i];
  }
  const codec_internal::EntryRecord& entry_record(std::uint32_t i) const noexcept {
    return entries_[i];
  }
  GroupView group_at(std::uint32_t i) const noexcept {
    return GroupView(view_.data(), view_.fields().data(), groups_, entries_, groups_ + i);
  }

 private:
  friend class GroupIndexer;
  MessageView view_;
  const codec_internal::GroupRecord* groups_ = nullptr;
  const codec_internal::EntryRecord* entries_ = nullptr;
  const Dictionary* header_dict_ = nullptr;
  const Dictionary* body_dict_ = nullptr;
  std::uint32_t body_scope_ = 0;
  const MessageDef* message_def_ = nullptr;  // IndexGroups' MsgType lookup, for its slow path
  std::uint32_t first_group_ = codec_internal::kNoGroup;
  std::uint32_t group_count_ = 0;
  std::uint32_t entry_count_ = 0;
};

// IndexGroups indexes the groups of `view` with one dictionary (FIX 4.x, or a
// custom one) into `storage` and sets *out. On error *out holds what was
// indexed before the error (lookups remain safe). Never allocates.
[[nodiscard]] Error IndexGroups(const MessageView& view, const Dictionary& dictionary,
                                const GroupOptions& options, GroupStorage& storage,
                                GroupedMessage* out) noexcept;

// FIXT 1.1: header and trailer groups from `transport`, body groups from
// `application` (chosen by ApplVerID, see dictionary_set.h).
[[nodiscard]] Error IndexGroups(const MessageView& view, const Dictionary& transport,
                                const Dictionary& application, const GroupOptions& options,
                                GroupStorage& storage, GroupedMessage* out) noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_GROUP_VIEW_H_
