// group_indexer.h: the engine behind IndexGroups (group_view.h), exposed for
// the validator's one-pass path, which indexes each top-level group as its
// walk reaches it instead of running IndexGroups first. Internal.
//
// Run() is IndexGroups. A one-pass caller does, in wire order:
//   Start(body_scope)            once (sets *out as Run does);
//   FindTopLevelGroup(tag, ...)  for each top-level field, and for a group
//   IndexTopLevelGroup(...)      which records it exactly as Run would;
//   Finish()                     once (record counts into *out).
// Given the same top-level fields in the same order, the records are the
// same as Run's. Never allocates; one thread at a time (see group_view.h).
#ifndef FIXWIRE_DICTIONARY_INTERNAL_GROUP_INDEXER_H_
#define FIXWIRE_DICTIONARY_INTERNAL_GROUP_INDEXER_H_

#include <cstdint>

#include "fixwire/dictionary/internal/group_records.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

class Dictionary;
class GroupStorage;
class GroupedMessage;
struct GroupOptions;
struct MessageDef;
struct Scope;

namespace dictionary_internal {

class GroupIndexer {
 public:
  GroupIndexer(const MessageView& view, const Dictionary& header_dict, const Dictionary& body_dict,
               const GroupOptions& options, GroupStorage& storage, GroupedMessage* out) noexcept
      : view_(view),
        fields_(view.fields().data()),
        n_(view.field_count()),
        header_dict_(header_dict),
        body_dict_(body_dict),
        options_(options),
        storage_(storage),
        out_(out) {}

  // Run indexes every group of the message (IndexGroups). It starts its
  // walk at the first field that may count a top-level group, found with
  // MessageView::Find from the count tags the header, body and trailer
  // define; a message with none of them is done at once. A count field's
  // group comes from the dictionary's lists of those tags and their scopes
  // (Dictionary::body_group_scopes), and entry fields are decided through
  // each group's member window (Dictionary::group_window) first.
  Error Run() noexcept;
  // RunListed is Run for the message's MessageDef (nullptr: MsgType not in
  // the body dictionary), already looked up; RunFrom is RunListed when the
  // first field that may count a top-level group is known to be `first`
  // (fields before it count none).
  Error RunListed(const MessageDef* msg) noexcept;
  Error RunFrom(const MessageDef* msg, std::uint32_t first) noexcept;
  // WalkFrom is RunFrom for an indexer just made whose *out SetEmpty has
  // already set for this message (IndexGroups' way).
  Error WalkFrom(const MessageDef* msg, std::uint32_t first) noexcept {
    return WalkListed(msg, first);
  }
  // WalkTopFrom is WalkFrom for a message whose header and body share one
  // dictionary (header_dict == body_dict) with compiled lists
  // (Dictionary::top_tags_compiled) and whose MessageDef is `msg`: each
  // count field's group from the message's one list of top-level count tags
  // and their scopes (Dictionary::top_group_count_tags, top_group_scopes_data).
  Error WalkTopFrom(const MessageDef& msg, std::uint32_t first) noexcept;
  // RunReference is Run without its shortcuts: it walks every field from
  // the first, and decides every field of every entry through the group's
  // template (no runs of entries with the previous entry's tags). The tests
  // compare Run with it.
  Error RunReference() noexcept;

  // SetEmpty sets *out to `view` with no group records (what Start and
  // Finish leave for a message without groups).
  static void SetEmpty(const MessageView& view, const Dictionary& header_dict,
                       const Dictionary& body_dict, const GroupStorage& storage,
                       std::uint32_t body_scope, GroupedMessage* out) noexcept;
  // SetEmptyFor is SetEmpty for the message's MessageDef (nullptr: MsgType
  // not in the body dictionary), which *out keeps for message_def().
  // (Inline in group_view.cc, its one user.)
  static void SetEmptyFor(const MessageView& view, const Dictionary& header_dict,
                          const Dictionary& body_dict, const GroupStorage& storage,
                          const MessageDef* msg, GroupedMessage* out) noexcept;
  static const MessageDef* message_def(const GroupedMessage& m) noexcept;
  // Start resets *out for this message; `body_scope` is the body's Scope id
  // in the body dictionary (0: the MsgType is not defined).
  void Start(std::uint32_t body_scope) noexcept;
  // FindTopLevelGroup returns the group layout of a top-level field with
  // this tag (nullptr: the field counts no group) and sets *dict to the
  // dictionary it is from. `body` is the body's Scope or nullptr.
  const Scope* FindTopLevelGroup(std::uint32_t tag, const Scope* body,
                                 const Dictionary** dict) const noexcept;
  // IndexTopLevelGroup indexes the group counted by field `c` and links it
  // after the previous top-level group; *id is its record (kNoGroup when
  // none was made) and *next the first field after the group.
  Error IndexTopLevelGroup(const Dictionary& dict, const Scope& group, std::uint32_t c,
                           std::uint32_t* id, std::uint32_t* next) noexcept;
  // Finish stores the record counts into *out.
  void Finish() noexcept;

 private:
  Error Fail(ErrorCode code, std::uint32_t field) const noexcept {
    return Error{code, fields_[field].offset, fields_[field].tag};
  }
  // SetError records the first error (the slow path: ParseGroup's callers
  // test err_ after it returns).
#if defined(__GNUC__)
  __attribute__((noinline, cold))
#endif
  void SetError(ErrorCode code, std::uint32_t field) noexcept { err_ = Fail(code, field); }
  // GroupEnd is what ParseGroup returns, in one register: the first field
  // after the group and the group's record (kNoGroup when none was made).
  struct GroupEnd {
    std::uint32_t next;
    std::uint32_t id;
  };
  // WalkListed is Run's loop from field `from` on: each count field's group
  // from the dictionaries' listed count tags and scopes (Walk when a
  // dictionary has no such lists).
  Error WalkListed(const MessageDef* msg, std::uint32_t from) noexcept;
  // Walk indexes the top-level groups from field `from` on (RunReference's loop).
  Error Walk(const Scope* body, std::uint32_t from) noexcept;
  // ParseGroup indexes the group counted by field `c`; on an error it sets
  // err_ (which must be ok on entry) and stops.
  GroupEnd ParseGroup(const Dictionary& dict, const Scope& scope, std::uint32_t c) noexcept;
  // LinkTopLevel links record `id` (kNoGroup: none) after the previous top-level group.
  void LinkTopLevel(std::uint32_t id) noexcept;

  const MessageView& view_;
  const Field* fields_;
  std::uint32_t n_;
  const Dictionary& header_dict_;
  const Dictionary& body_dict_;
  const GroupOptions& options_;
  GroupStorage& storage_;
  GroupedMessage* out_;
  std::uint32_t groups_used_ = 0;
  std::uint32_t entries_used_ = 0;
  std::uint32_t last_top_level_ = kNoGroup;
  bool reference_ = false;  // RunReference
  Error err_;               // the first error met (ParseGroup)
};

}  // namespace dictionary_internal
}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_INTERNAL_GROUP_INDEXER_H_
