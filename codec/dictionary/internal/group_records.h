// group_records.h: the records a group index is made of (what IndexGroups
// writes into a GroupStorage and the group views read), and
// GroupedMessageAccess, the one way the indexer, the validator and the tests
// reach the private state of GroupStorage and GroupedMessage (group_view.h).
// Internal.
#ifndef FIXWIRE_DICTIONARY_INTERNAL_GROUP_RECORDS_H_
#define FIXWIRE_DICTIONARY_INTERNAL_GROUP_RECORDS_H_

#include <cstdint>

#include "fixwire/values/field.h"

namespace fixwire {

class Dictionary;
struct MessageDef;

namespace dictionary_internal {

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

// GroupIndexState: a GroupedMessage's group index (besides its MessageView).
struct GroupIndexState {
  const GroupRecord* groups = nullptr;
  const EntryRecord* entries = nullptr;
  const Dictionary* header_dict = nullptr;
  const Dictionary* body_dict = nullptr;
  std::uint32_t body_scope = 0;
  const MessageDef* message_def = nullptr;  // IndexGroups' MsgType lookup, for its slow path
  std::uint32_t first_group = kNoGroup;
  std::uint32_t group_count = 0;
  std::uint32_t entry_count = 0;
};

// GroupStorageState: a GroupStorage's arrays and their capacities.
struct GroupStorageState {
  GroupRecord* groups = nullptr;
  EntryRecord* entries = nullptr;
  std::uint32_t max_groups = 0;
  std::uint32_t max_entries = 0;
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

}  // namespace dictionary_internal

// GroupedMessageAccess names the record types for the group classes' private
// members, and gives the indexer, the validator and the tests access to the
// private state of a GroupedMessage or a GroupStorage (a friend of both).
// The accessors are templates because this header sees only declarations of
// those classes: their callers include group_view.h.
struct GroupedMessageAccess {
  using GroupRecord = dictionary_internal::GroupRecord;
  using EntryRecord = dictionary_internal::EntryRecord;
  using IndexState = dictionary_internal::GroupIndexState;
  using StorageState = dictionary_internal::GroupStorageState;
  static constexpr std::uint32_t kNoGroup = dictionary_internal::kNoGroup;

  [[gnu::always_inline]] static const Field* ScanTag(const Field* f, const Field* end,
                                                     std::uint32_t tag) noexcept {
    return dictionary_internal::ScanTag(f, end, tag);
  }

  // A GroupedMessage's MessageView and group index; a GroupStorage's arrays.
  template <class Message>
  [[gnu::always_inline]] static auto& view(Message& m) noexcept {
    return m.view_;
  }
  template <class Message>
  [[gnu::always_inline]] static auto& index(Message& m) noexcept {
    return m.index_;
  }
  template <class Storage>
  [[gnu::always_inline]] static auto& storage(Storage& s) noexcept {
    return s.state_;
  }

  // The records of a GroupedMessage: group i, entry i (all levels, in the
  // order IndexGroups made them), and the first top-level group (kNoGroup:
  // none; each links the next through next_sibling).
  template <class Message>
  static const GroupRecord& group_record(const Message& m, std::uint32_t i) noexcept {
    return m.index_.groups[i];
  }
  template <class Message>
  static const EntryRecord& entry_record(const Message& m, std::uint32_t i) noexcept {
    return m.index_.entries[i];
  }
  template <class Message>
  static std::uint32_t first_top_level_group(const Message& m) noexcept {
    return m.index_.first_group;
  }
  // group_at: the view of group record i.
  template <class Message>
  static auto group_at(const Message& m, std::uint32_t i) noexcept {
    return m.group_at(i);
  }
};

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_INTERNAL_GROUP_RECORDS_H_
