// group_view.h: repeating groups of a decoded message, indexed with a Dictionary.
//
//   fixwire::GroupStorage groups(/*max_groups=*/256, /*max_entries=*/4096);  // cold: allocates once
//   fixwire::GroupedMessage msg;
//   fixwire::Error e = fixwire::IndexGroups(view, dictionary, {}, groups, &msg);
//   for (fixwire::GroupEntryView sym : msg.group(fixwire::tag::NoRelatedSym)) {
//     std::string_view symbol = sym.GetOr(fixwire::tag::Symbol);
//     fixwire::GroupView legs = sym.group(fixwire::tag::NoLegs);  // nested, any depth
//   }
//   for (fixwire::GroupView g : msg.groups()) { ... }  // every top-level group, wire order
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

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/internal/group_records.h"
#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/values/typed_getters.h"
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

// GroupStorage is the fixed-capacity memory group records are written into.
class GroupStorage {
 public:
  // kStorageAlignment: the alignment caller memory needs.
  static constexpr std::size_t kStorageAlignment = alignof(std::uint32_t);
  // StorageBytes returns how many bytes the memory constructor needs.
  static std::size_t StorageBytes(std::uint32_t max_groups, std::uint32_t max_entries) noexcept;

  GroupStorage() noexcept = default;
  // Allocates its arrays on the heap, here and only here (cold path).
  GroupStorage(std::uint32_t max_groups, std::uint32_t max_entries);
  // Uses caller memory [storage, storage + bytes), aligned to
  // kStorageAlignment, which must outlive the storage; holds nothing
  // (max_groups() and max_entries() 0) when it is too small.
  GroupStorage(void* storage, std::size_t bytes, std::uint32_t max_groups,
               std::uint32_t max_entries) noexcept;

  GroupStorage(GroupStorage&&) noexcept = default;
  GroupStorage& operator=(GroupStorage&&) noexcept = default;

  std::uint32_t max_groups() const noexcept { return state_.max_groups; }
  std::uint32_t max_entries() const noexcept { return state_.max_entries; }

 private:
  friend struct GroupedMessageAccess;
  using GroupRecord = GroupedMessageAccess::GroupRecord;
  using EntryRecord = GroupedMessageAccess::EntryRecord;
  std::unique_ptr<GroupRecord[]> owned_groups_;
  std::unique_ptr<EntryRecord[]> owned_entries_;
  GroupedMessageAccess::StorageState state_;
};

class GroupView;
class GroupList;

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
    if (!nested_) return GroupedMessageAccess::ScanTag(first_, last_, tag);
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
  // error (fixwire/values/values.h). GetInt64, GetUint64, GetChar, GetBool,
  // GetDecimal, GetUtcTimestamp, GetUtcTimeOnly, GetUtcDateOnly,
  // GetLocalMktDate, GetMonthYear.
  FIXWIRE_TYPED_GETTERS

  // group returns the nested group with this count tag (empty when absent).
  GroupView group(std::uint32_t count_tag) const noexcept;
  // groups: the entry's nested groups, in wire order.
  GroupList groups() const noexcept;

 private:
  using GroupRecord = GroupedMessageAccess::GroupRecord;
  using EntryRecord = GroupedMessageAccess::EntryRecord;
  // The lookups' cases with nested groups: static, so that a view the
  // caller holds is not made to live in memory by a call.
  static const Field* FindAroundGroups(const Field* fields, const GroupRecord* groups,
                                       const EntryRecord* entry, std::uint32_t tag) noexcept;
  static GroupView FindGroup(const char* data, const Field* fields, const GroupRecord* groups,
                             const EntryRecord* entries, const EntryRecord* entry,
                             std::uint32_t count_tag) noexcept;
  friend class GroupView;
  friend class GroupedMessage;
  GroupEntryView(const char* data, const Field* fields, const GroupRecord* groups,
                 const EntryRecord* entries, const EntryRecord* entry) noexcept
      : data_(data), fields_(fields), groups_(groups), entries_(entries), entry_(entry),
        first_(fields + entry->begin), last_(fields + entry->end),
        nested_(entry->first_child != GroupedMessageAccess::kNoGroup) {}
  const char* data_ = nullptr;
  const Field* fields_ = nullptr;
  const GroupRecord* groups_ = nullptr;
  const EntryRecord* entries_ = nullptr;  // base of the entry array
  const EntryRecord* entry_ = nullptr;
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
  // fields: the whole group in wire order, its count field first, then every
  // entry's fields (empty when absent).
  std::span<const Field> fields() const noexcept {
    if (group_ == nullptr) return {};
    return std::span<const Field>(fields_ + group_->count_field,
                                  group_->end_field - group_->count_field);
  }
  // entry(i), i < size().
  GroupEntryView entry(std::uint32_t i) const noexcept {
    return GroupEntryView(data_, fields_, groups_, entries_, entries_ + group_->first_entry + i);
  }
  // scope_id: the group's Scope in the dictionary it was indexed with.
  std::uint32_t scope_id() const noexcept { return group_->scope; }

 private:
  using GroupRecord = GroupedMessageAccess::GroupRecord;
  using EntryRecord = GroupedMessageAccess::EntryRecord;

 public:
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
    Iterator(const GroupView& g, const EntryRecord* entry) noexcept
        : data_(g.data_), fields_(g.fields_), groups_(g.groups_), entries_(g.entries_),
          entry_(entry) {}
    // The group's pointers (copied: an iterator does not refer to its GroupView).
    const char* data_ = nullptr;
    const Field* fields_ = nullptr;
    const GroupRecord* groups_ = nullptr;
    const EntryRecord* entries_ = nullptr;
    const EntryRecord* entry_ = nullptr;
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
  friend class GroupList;
  GroupView(const char* data, const Field* fields, const GroupRecord* groups,
            const EntryRecord* entries, const GroupRecord* group) noexcept
      : data_(data), fields_(fields), groups_(groups), entries_(entries), group_(group) {}
  const char* data_ = nullptr;
  const Field* fields_ = nullptr;
  const GroupRecord* groups_ = nullptr;
  const EntryRecord* entries_ = nullptr;
  const GroupRecord* group_ = nullptr;
};

// GroupList is the groups of one scope in wire order: a message's top-level
// groups (header, body, trailer: GroupedMessage::groups) or an entry's
// nested groups (GroupEntryView::groups), for range-for
// (`for (GroupView g : msg.groups())`).
class GroupList {
 private:
  using GroupRecord = GroupedMessageAccess::GroupRecord;
  using EntryRecord = GroupedMessageAccess::EntryRecord;

 public:
  GroupList() noexcept = default;
  bool empty() const noexcept { return first_ == GroupedMessageAccess::kNoGroup; }

  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = GroupView;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = GroupView;
    Iterator() noexcept = default;
    GroupView operator*() const noexcept {
      return GroupView(data_, fields_, groups_, entries_, groups_ + id_);
    }
    Iterator& operator++() noexcept {
      id_ = groups_[id_].next_sibling;
      return *this;
    }
    Iterator operator++(int) noexcept {
      Iterator old = *this;
      ++*this;
      return old;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) noexcept {
      return a.id_ == b.id_;
    }

   private:
    friend class GroupList;
    Iterator(const GroupList& l, std::uint32_t id) noexcept
        : data_(l.data_), fields_(l.fields_), groups_(l.groups_), entries_(l.entries_), id_(id) {}
    const char* data_ = nullptr;
    const Field* fields_ = nullptr;
    const GroupRecord* groups_ = nullptr;
    const EntryRecord* entries_ = nullptr;
    std::uint32_t id_ = GroupedMessageAccess::kNoGroup;
  };
  Iterator begin() const noexcept { return Iterator(*this, first_); }
  Iterator end() const noexcept { return Iterator(*this, GroupedMessageAccess::kNoGroup); }

 private:
  friend class GroupEntryView;
  friend class GroupedMessage;
  GroupList(const char* data, const Field* fields, const GroupRecord* groups,
            const EntryRecord* entries, std::uint32_t first) noexcept
      : data_(data), fields_(fields), groups_(groups), entries_(entries), first_(first) {}
  const char* data_ = nullptr;
  const Field* fields_ = nullptr;
  const GroupRecord* groups_ = nullptr;
  const EntryRecord* entries_ = nullptr;
  std::uint32_t first_ = GroupedMessageAccess::kNoGroup;
};

inline GroupView GroupEntryView::group(std::uint32_t count_tag) const noexcept {
  if (!nested_) return GroupView();
  return FindGroup(data_, fields_, groups_, entries_, entry_, count_tag);
}

inline GroupList GroupEntryView::groups() const noexcept {
  return GroupList(data_, fields_, groups_, entries_,
                   entry_ != nullptr ? entry_->first_child : GroupedMessageAccess::kNoGroup);
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
  // groups: every top-level group, in wire order.
  GroupList groups() const noexcept {
    return GroupList(view_.data(), view_.fields().data(), index_.groups, index_.entries,
                     index_.first_group);
  }
  // FindTopLevel returns the first field with `tag` outside every group, or nullptr.
  const Field* FindTopLevel(std::uint32_t tag) const noexcept;
  std::optional<std::string_view> GetTopLevel(std::uint32_t tag) const noexcept {
    const Field* f = FindTopLevel(tag);
    if (f == nullptr) return std::nullopt;
    return view_.value(*f);
  }
  // group_count / entry_count: records used (all levels).
  std::uint32_t group_count() const noexcept { return index_.group_count; }
  std::uint32_t entry_count() const noexcept { return index_.entry_count; }
  // The dictionaries used (header/trailer and body); body_scope() is the
  // message body's Scope id, 0 when the MsgType is not in the dictionary.
  const Dictionary* header_dictionary() const noexcept { return index_.header_dict; }
  const Dictionary* body_dictionary() const noexcept { return index_.body_dict; }
  std::uint32_t body_scope() const noexcept { return index_.body_scope; }

 private:
  friend struct GroupedMessageAccess;
  // group_at: the view of group record i (any level).
  GroupView group_at(std::uint32_t i) const noexcept {
    return GroupView(view_.data(), view_.fields().data(), index_.groups, index_.entries,
                     index_.groups + i);
  }
  MessageView view_;
  GroupedMessageAccess::IndexState index_;
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
