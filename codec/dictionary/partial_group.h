// partial_group.h: PartialGroup, one repeating group of a PartialMessage
// read entry by entry, the message indexed only as far as the entries read:
// the first entries of a 2,642-entry snapshot cost a few dozen fields, not
// the message's 15,000.
//
//   fixwire::PartialMessage m;                        // opened (partial_message.h)
//   fixwire::PartialGroup entries;
//   fixwire::Error e = entries.Open(m, dictionary, fixwire::tag::NoMDEntries);
//   fixwire::PartialEntry entry;
//   for (int i = 0; i < 5 && entries.Next(&entry); ++i) {
//     std::string_view px = entry.GetOr(fixwire::tag::MDEntryPx);
//   }
//   if (!entries.error().ok()) Reject(entries.error());
//
// Open finds the count field at message level (PartialMessage::Find) and the
// group's layout in the dictionary (the message type's body, else the
// header or the trailer). Next indexes the message up to the end of the
// next entry and returns it. An entry starts at the group's delimiter and
// runs, as IndexGroups (group_view.h) cuts it, to the next delimiter or the
// first tag that is not a member of the group (a nested group's count field
// takes its entries along, whose fields are part of the entry). For a
// message IndexGroups accepts, entry i has exactly the fields of
// IndexGroups' entry i.
//
// What it checks is only what cutting the entries needs: the count is a
// non-negative integer (kBadValue), each of the declared entries starts with
// the delimiter (kGroupMissingDelimiter when a member of the group stands
// there, else kGroupCountMismatch: fewer entries than declared), and the
// message's own field errors (PartialMessage::error()). Fields out of the
// dictionary's order, unknown tags and entries past the declared count are
// not looked for: IndexGroups or the Validator on the whole message does
// that. Errors are kept in error(); Next then returns false.
//
// Lifetime and threads: refers to the PartialMessage (and what it refers
// to) and the Dictionary, which must outlive it; a PartialEntry stays valid
// while the PartialMessage's index holds this message, even as the message
// is indexed further. One thread at a time (Next indexes the message).
// Never allocates.
#ifndef FIXWIRE_DICTIONARY_PARTIAL_GROUP_H_
#define FIXWIRE_DICTIONARY_PARTIAL_GROUP_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/values/typed_getters.h"
#include "fixwire/values/values.h"
#include "fixwire/wire/partial_message.h"

namespace fixwire {

// PartialEntry is one entry of a PartialGroup: its fields in wire order,
// nested groups' fields included.
class PartialEntry {
 public:
  PartialEntry() noexcept = default;
  std::span<const Field> fields() const noexcept {
    return std::span<const Field>(first_, static_cast<std::size_t>(last_ - first_));
  }
  std::string_view value(const Field& f) const noexcept {
    return std::string_view(data_ + f.offset, f.length);
  }
  // Find returns the entry's first field with `tag` (nested groups'
  // included), or nullptr: a scan of the entry's fields.
  const Field* Find(std::uint32_t tag) const noexcept {
    for (const Field* f = first_; f != last_; ++f) {
      if (f->tag == tag) return f;
    }
    return nullptr;
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
  // GetInt64, GetUint64, GetChar, GetBool, GetDecimal, GetUtcTimestamp, ...:
  // as MessageView's.
  FIXWIRE_TYPED_GETTERS

 private:
  friend class PartialGroup;
  const char* data_ = nullptr;
  const Field* first_ = nullptr;
  const Field* last_ = nullptr;
};

class PartialGroup {
 public:
  PartialGroup() noexcept = default;

  // Open positions before the first entry of the top-level group counted by
  // `count_tag`. An absent count field is no error: present() is false and
  // Next returns false at once (error() is the message's, when a bad field
  // was met looking for it).
  [[nodiscard]] Error Open(PartialMessage& message, const Dictionary& dictionary,
                           std::uint32_t count_tag) noexcept;

  // Next indexes the message through the next entry and sets *entry to it;
  // false after the declared number of entries, or on an error (error()).
  [[nodiscard]] bool Next(PartialEntry* entry) noexcept;

  bool present() const noexcept { return scope_ != nullptr; }
  // declared_count: the NumInGroup value; entries_read: how many Next gave.
  std::uint32_t declared_count() const noexcept { return declared_; }
  std::uint32_t entries_read() const noexcept { return read_; }
  Error error() const noexcept { return error_; }

 private:
  // Need makes field `i` indexed; false when the message has no field i or
  // a field error was met (then error_ is set).
  bool Need(std::uint32_t i) noexcept;
  // EntryEnd returns the first field after the entry of `scope` starting at
  // field `i` (its delimiter), or 0 with error_ set.
  std::uint32_t EntryEnd(const Scope& scope, std::uint32_t i) noexcept;
  Error Fail(ErrorCode code, std::uint32_t field) noexcept;

  PartialMessage* message_ = nullptr;
  const Dictionary* dictionary_ = nullptr;
  const Scope* scope_ = nullptr;
  std::uint32_t next_ = 0;  // field index where the next entry starts
  std::uint32_t declared_ = 0;
  std::uint32_t read_ = 0;
  Error error_{};
};

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_PARTIAL_GROUP_H_
