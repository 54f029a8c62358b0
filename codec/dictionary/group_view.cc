#include "fixwire/dictionary/group_view.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>

#include "fixwire/dictionary/internal/group_indexer.h"
#include "fixwire/dictionary/internal/repeat_tags.h"
#include "fixwire/dictionary/internal/repeat_tags_avx2.h"
#include "fixwire/values/values.h"
#include "fixwire/simd/dispatch.h"

namespace fixwire {

using codec_internal::EntryRecord;
using codec_internal::GroupRecord;
using codec_internal::kNoGroup;

namespace {

// RepeatEnd is RepeatedTagsEnd (repeat_tags.h): the first index t in
// [from, limit) whose tag differs from the tag `period` fields before it.
// Eight fields or more go to the AVX2 compare where simd::Dispatch allows
// AVX2; fewer, and every other case, to the scalar one, inline.
[[gnu::always_inline]] inline std::uint32_t RepeatEnd(const Field* f, std::uint32_t from,
                                                      std::uint32_t period,
                                                      std::uint32_t limit) noexcept {
  if (limit - from >= 8 && simd::Dispatch::Active().avx2()) {
    return codec_internal::RepeatedTagsEndAvx2(f, from, period, limit);
  }
  return codec_internal::RepeatedTagsEnd(f, from, period, limit);
}

// WriteRunRecords writes `count` entry records from `e` on, the first
// {begin, begin + len}, each next one `len` fields further, without nested
// groups: begin and end as one 8-byte store.
[[gnu::always_inline]] inline void WriteRunRecords(EntryRecord* e, std::uint32_t count,
                                                   std::uint32_t begin,
                                                   std::uint32_t len) noexcept {
  static_assert(offsetof(EntryRecord, end) == offsetof(EntryRecord, begin) + 4 &&
                std::endian::native == std::endian::little);
  std::uint64_t begin_end = begin | (std::uint64_t{begin + len} << 32);  // little-endian
  const std::uint64_t step = len | (std::uint64_t{len} << 32);
  for (EntryRecord* const stop = e + count; e != stop; ++e) {
    std::memcpy(reinterpret_cast<unsigned char*>(e) + offsetof(EntryRecord, begin), &begin_end,
                sizeof begin_end);
    e->first_child = kNoGroup;
    begin_end += step;
  }
}

// PlainMembers is a group's member window as AcceptPlain reads it.
struct PlainMembers {
  const std::uint16_t* pool;  // at the window's first tag
  std::uint32_t lo;
  std::uint32_t span;
};
struct PlainEnd {
  std::uint32_t j;    // the first field not accepted (n when all were)
  std::uint32_t pos;  // the template position of the last one accepted (pos when none)
};

// AcceptPlain accepts fields from j on while each is a plain member of the
// window after the position before it. A leaf of its own: ParseGroup's
// recursion would otherwise leave the loop's values on the stack.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
PlainEnd AcceptPlain(const Field* fields, std::uint32_t j, std::uint32_t n, PlainMembers w,
                     std::uint32_t pos) noexcept {
  for (; j < n; ++j) {
    const std::uint32_t d = fields[j].tag - w.lo;
    if (d >= w.span) break;
    const std::uint32_t v = w.pool[d];
    if (v <= pos) break;
    pos = v;
  }
  return PlainEnd{j, pos};
}

}  // namespace

GroupStorage::GroupStorage(std::uint32_t max_groups, std::uint32_t max_entries)
    : owned_groups_(new GroupRecord[max_groups]),
      owned_entries_(new EntryRecord[max_entries]),
      groups_(owned_groups_.get()),
      entries_(owned_entries_.get()),
      max_groups_(max_groups),
      max_entries_(max_entries) {}

void GroupIndexer::SetEmpty(const MessageView& view, const Dictionary& header_dict,
                            const Dictionary& body_dict, const GroupStorage& storage,
                            std::uint32_t body_scope, GroupedMessage* out) noexcept {
  out->view_ = view;
  out->groups_ = storage.groups_;
  out->entries_ = storage.entries_;
  out->header_dict_ = &header_dict;
  out->body_dict_ = &body_dict;
  out->first_group_ = kNoGroup;
  out->group_count_ = 0;
  out->entry_count_ = 0;
  out->body_scope_ = body_scope;
}

void GroupIndexer::Start(std::uint32_t body_scope) noexcept {
  SetEmpty(view_, header_dict_, body_dict_, storage_, body_scope, out_);
  groups_used_ = 0;
  entries_used_ = 0;
  last_top_level_ = kNoGroup;
  err_ = Error{};
}

void GroupIndexer::Finish() noexcept {
  out_->group_count_ = groups_used_;
  out_->entry_count_ = entries_used_;
}

const Scope* GroupIndexer::FindTopLevelGroup(std::uint32_t tag, const Scope* body,
                                             const Dictionary** dict) const noexcept {
  const bool same = &header_dict_ == &body_dict_;
  const Scope* g = nullptr;
  *dict = &body_dict_;
  if (body_dict_.tag_info(tag).flags & FieldDef::kIsGroupCount) {
    if (body != nullptr) g = body_dict_.GroupIn(*body, tag);
    if (g == nullptr && same) {
      g = body_dict_.GroupIn(body_dict_.header(), tag);
      if (g == nullptr) g = body_dict_.GroupIn(body_dict_.trailer(), tag);
    }
  }
  if (g == nullptr && !same) {
    if (header_dict_.tag_info(tag).flags & FieldDef::kIsGroupCount) {
      *dict = &header_dict_;
      g = header_dict_.GroupIn(header_dict_.header(), tag);
      if (g == nullptr) g = header_dict_.GroupIn(header_dict_.trailer(), tag);
    }
  }
  return g;
}

void GroupIndexer::LinkTopLevel(std::uint32_t id) noexcept {
  if (id == kNoGroup) return;
  if (last_top_level_ == kNoGroup) {
    out_->first_group_ = id;
  } else {
    storage_.groups_[last_top_level_].next_sibling = id;
  }
  last_top_level_ = id;
}

Error GroupIndexer::IndexTopLevelGroup(const Dictionary& dict, const Scope& group, std::uint32_t c,
                                       std::uint32_t* id, std::uint32_t* next) noexcept {
  err_ = Error{};
  const GroupEnd end = ParseGroup(dict, group, c);
  *id = end.id;
  *next = end.next;
  LinkTopLevel(end.id);
  return err_;
}

namespace {

// FirstListed: the first field with one of the listed count tags (n when
// none): a field index at or before the first top-level field that counts a
// group, for those tags are every tag that may. A lookup costs about what
// skipping two fields does: with many tags and few fields, 0 (the walk from
// the start is cheaper).
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
inline std::uint32_t FirstListed(const MessageView& message, std::span<const std::uint32_t> btags,
                                 std::span<const std::uint32_t> htags) noexcept {
  const std::uint32_t n = message.field_count();
  if ((btags.size() + htags.size()) * 2 > n) return 0;
  const MessageView& view = message;
  const Field* const fields = view.fields().data();
  const Field* first = fields + n;
  for (const std::uint32_t tag : btags) {
    const Field* f = view.Find(tag);
    if (f != nullptr && f < first) first = f;
  }
  for (const std::uint32_t tag : htags) {
    const Field* f = view.Find(tag);
    if (f != nullptr && f < first) first = f;
  }
  return static_cast<std::uint32_t>(first - fields);
}

std::span<const std::uint32_t> BodyTags(const Dictionary& body_dict, const MessageDef* msg) noexcept {
  return msg != nullptr ? body_dict.body_group_count_tags(*msg) : std::span<const std::uint32_t>();
}

}  // namespace

Error GroupIndexer::RunListed(const MessageDef* msg) noexcept {
  Start(msg != nullptr ? msg->body : 0);
  const std::uint32_t first = FirstListed(view_, BodyTags(body_dict_, msg),
                                          header_dict_.header_trailer_group_count_tags());
  if (first >= n_) {  // no field counts a top-level group
    Finish();
    return Error{};
  }
  return WalkListed(msg, first);
}

Error GroupIndexer::Run() noexcept { return RunListed(body_dict_.message(view_.msg_type())); }

Error GroupIndexer::RunFrom(const MessageDef* msg, std::uint32_t first) noexcept {
  Start(msg != nullptr ? msg->body : 0);
  return WalkListed(msg, first);
}

Error GroupIndexer::WalkListed(const MessageDef* msg, std::uint32_t from) noexcept {
  const Dictionary& bd = body_dict_;
  const Dictionary& hd = header_dict_;
  const std::span<const std::uint32_t> btags = BodyTags(bd, msg);
  const std::span<const std::uint32_t> htags = hd.header_trailer_group_count_tags();
  const std::span<const std::uint32_t> bscopes =
      msg != nullptr ? bd.body_group_scopes(*msg) : std::span<const std::uint32_t>();
  const std::span<const std::uint32_t> hscopes = hd.header_trailer_group_scopes();
  const std::uint32_t nb = static_cast<std::uint32_t>(btags.size());
  const std::uint32_t nh = static_cast<std::uint32_t>(htags.size());
  if (bscopes.size() != nb || hscopes.size() != nh) {  // tables not compiled: the plain walk
    return Walk(msg != nullptr ? &bd.scope(msg->body) : nullptr, from);
  }
  const Field* const fields = fields_;
  const std::uint32_t n = n_;
  std::uint32_t i = from;
  const bool same = &hd == &bd;
  const TagInfo* const btable = bd.tag_table().data();
  const std::uint32_t bsize = static_cast<std::uint32_t>(bd.tag_table().size());
  const TagInfo* const htable = hd.tag_table().data();
  const std::uint32_t hsize = static_cast<std::uint32_t>(hd.tag_table().size());
  while (i < n) {
    // Most fields count no group: one table load each. A tag beyond the
    // dense tables is looked up in the lists below.
    if (same) {
      while (i + 2 <= n) {
        const std::uint32_t t0 = fields[i].tag;
        const std::uint32_t t1 = fields[i + 1].tag;
        if (t0 >= bsize || t1 >= bsize ||
            ((btable[t0].flags | btable[t1].flags) & FieldDef::kIsGroupCount)) {
          break;
        }
        i += 2;
      }
      while (i < n) {
        const std::uint32_t t = fields[i].tag;
        if (t >= bsize || (btable[t].flags & FieldDef::kIsGroupCount)) break;
        ++i;
      }
    } else {
      while (i < n) {
        const std::uint32_t t = fields[i].tag;
        if (t >= bsize || t >= hsize ||
            ((btable[t].flags | htable[t].flags) & FieldDef::kIsGroupCount)) {
          break;
        }
        ++i;
      }
    }
    if (i >= n) break;
    const std::uint32_t tag = fields[i].tag;
    const Dictionary* dict = &bd;
    std::uint32_t scope = 0;
    for (std::uint32_t k = 0; k < nb; ++k) {
      if (btags[k] == tag) {
        scope = bscopes[k];
        break;
      }
    }
    if (scope == 0) {
      for (std::uint32_t k = 0; k < nh; ++k) {
        if (htags[k] == tag) {
          scope = hscopes[k];
          dict = &hd;
          break;
        }
      }
    }
    if (scope == 0) {  // a count tag of no top-level group of this message: a plain field
      ++i;
      continue;
    }
    const GroupEnd end = ParseGroup(*dict, dict->scope(scope), i);
    LinkTopLevel(end.id);
    i = end.next;
    if (!err_.ok()) break;
  }
  Finish();
  return err_;
}

Error GroupIndexer::WalkTopFrom(const MessageDef& msg, std::uint32_t from) noexcept {
  const Dictionary& d = body_dict_;
  const std::uint32_t* const tags = d.top_group_count_tags_data(msg);
  const std::uint32_t* const scopes = d.top_group_scopes_data(msg);
  const std::uint32_t nt = msg.top_groups_count;
  const Field* const fields = fields_;
  const std::uint32_t n = n_;
  const TagInfo* const table = d.tag_table().data();
  const std::uint32_t size = static_cast<std::uint32_t>(d.tag_table().size());
  // Field `from` is looked up in the list first (callers pass the first
  // field with a listed tag, which need not be skipped to), then the fields
  // after each group or non-group are skipped to the next possible count.
  std::uint32_t i = from;
  while (i < n) {
    const std::uint32_t tag = fields[i].tag;
    std::uint32_t k = 0;
    while (k < nt && tags[k] != tag) ++k;
    if (k == nt || scopes[k] == 0) {  // a count tag of no top-level group of this message
      ++i;
    } else {
      const GroupEnd end = ParseGroup(d, d.scope(scopes[k]), i);
      LinkTopLevel(end.id);
      i = end.next;
      if (!err_.ok()) break;
    }
    // Most fields count no group: one table load each (a tag beyond the
    // dense table is looked up in the list above).
    while (i + 2 <= n) {
      const std::uint32_t t0 = fields[i].tag;
      const std::uint32_t t1 = fields[i + 1].tag;
      if (t0 >= size || t1 >= size ||
          ((table[t0].flags | table[t1].flags) & FieldDef::kIsGroupCount)) {
        break;
      }
      i += 2;
    }
    while (i < n) {
      const std::uint32_t t = fields[i].tag;
      if (t >= size || (table[t].flags & FieldDef::kIsGroupCount)) break;
      ++i;
    }
  }
  Finish();
  return err_;
}

Error GroupIndexer::RunReference() noexcept {
  reference_ = true;
  const MessageDef* msg = body_dict_.message(view_.msg_type());
  Start(msg != nullptr ? msg->body : 0);
  return Walk(msg != nullptr ? &body_dict_.scope(msg->body) : nullptr, 0);
}

Error GroupIndexer::Walk(const Scope* body, std::uint32_t from) noexcept {
  const bool same = &header_dict_ == &body_dict_;
  std::uint32_t i = from;
  // Locals: the compiler cannot keep members in registers across the record
  // stores (they might alias).
  const Field* const fields = fields_;
  const std::uint32_t n = n_;
  const TagInfo* const btable = body_dict_.tag_table().data();
  const std::uint32_t bsize = static_cast<std::uint32_t>(body_dict_.tag_table().size());
  const TagInfo* const htable = header_dict_.tag_table().data();
  const std::uint32_t hsize = static_cast<std::uint32_t>(header_dict_.tag_table().size());
  while (true) {
    // Most fields count no group: skip them with one table load each (tags
    // beyond the dense tables are looked at below).
    std::uint32_t k = i;
    if (same) {
      // Two fields a step while both are plain (the common case).
      while (k + 2 <= n) {
        const std::uint32_t t0 = fields[k].tag;
        const std::uint32_t t1 = fields[k + 1].tag;
        if (t0 >= bsize || t1 >= bsize ||
            ((btable[t0].flags | btable[t1].flags) & FieldDef::kIsGroupCount)) {
          break;
        }
        k += 2;
      }
      while (k < n) {
        const std::uint32_t t = fields[k].tag;
        if (t >= bsize || (btable[t].flags & FieldDef::kIsGroupCount)) break;
        ++k;
      }
    } else {
      while (k < n) {
        const std::uint32_t t = fields[k].tag;
        if (t >= bsize || t >= hsize ||
            ((btable[t].flags | htable[t].flags) & FieldDef::kIsGroupCount)) {
          break;
        }
        ++k;
      }
    }
    i = k;
    if (i >= n) break;
    const Dictionary* dict;
    const Scope* g = FindTopLevelGroup(fields[i].tag, body, &dict);
    if (g == nullptr) {
      ++i;
      continue;
    }
    const GroupEnd end = ParseGroup(*dict, *g, i);
    LinkTopLevel(end.id);
    i = end.next;
    if (!err_.ok()) break;
  }
  Finish();
  return err_;
}


// ParseGroup indexes the group whose count field is fields_[c] (the rules
// of group_view.h). The common case, an entry's members in template order,
// stays in the inner loop: one window load a field. Errors go to err_.
GroupIndexer::GroupEnd GroupIndexer::ParseGroup(const Dictionary& dict, const Scope& scope,
                                                std::uint32_t c) noexcept {
  const Field* const fields = fields_;
  const std::uint32_t n = n_;
  std::uint64_t declared64 = 0;
  if (ParseUint64(view_.value(fields[c]), &declared64) != ErrorCode::kOk) {
    SetError(ErrorCode::kBadValue, c);
    return GroupEnd{c + 1, kNoGroup};
  }
  // Every entry holds at least one field: no more than the fields left.
  const std::uint32_t reserve =
      static_cast<std::uint32_t>(std::min<std::uint64_t>(declared64, n - (c + 1)));
  const std::uint32_t gid = groups_used_;
  const std::uint32_t first_entry = entries_used_;
  if (gid >= storage_.max_groups_ || reserve > storage_.max_entries_ - first_entry) {
    SetError(ErrorCode::kIndexCapacityExceeded, c);
    return GroupEnd{c + 1, kNoGroup};
  }
  groups_used_ = gid + 1;
  entries_used_ = first_entry + reserve;
  GroupRecord* const groups = storage_.groups_;
  EntryRecord* const entries = storage_.entries_ + first_entry;

  const std::uint32_t delimiter = scope.delimiter;
  // The window (dictionary.h): a plain member after `pos` is accepted with
  // one table load. The reference walk decides every field the full way.
  const GroupMemberWindow window = reference_ ? GroupMemberWindow{} : dict.group_window(scope);
  const PlainMembers plain{dict.group_window_pool() + window.begin, window.lo, window.span};
  // pos: template position of the entry's last field; before the first
  // entry kNoPos, which no window value exceeds (the full path then reports
  // the missing delimiter).
  constexpr std::uint32_t kNoPos = 0xFFFFFFFFu;
  std::uint32_t pos = kNoPos;
  EntryRecord* entry = nullptr;
  std::uint32_t last_child = kNoGroup;  // last nested group of the current entry
  std::uint32_t size = 0;               // entries found
  std::uint32_t j = c + 1;
  // The first entry, when its delimiter follows the count field and counts
  // no group: opened here as the delimiter branch below would (an entry
  // declared, no previous entry, template position 0). Else, and in the
  // reference walk (no window), the loop decides the field.
  if (window.plain_delimiter && j < n && fields[j].tag == delimiter && reserve != 0) {
    entry = entries;
    *entry = EntryRecord{j, j + 1, kNoGroup};
    size = 1;
    pos = 0;
    ++j;
  }
  while (true) {
    if (j >= n) break;
    std::uint32_t tag = fields[j].tag;
    if (tag != delimiter && tag - plain.lo < plain.span) {
      // Plain members in template order: the inner loop. It stops at a
      // delimiter (window value 0) and at a tag outside the window, so it
      // is not called for either: the call at a group's first field, after
      // a run of repeated entries and at the field that ends the group is saved.
      const PlainEnd run = AcceptPlain(fields, j, n, plain, pos);
      j = run.j;
      pos = run.pos;
      if (j >= n) break;
      tag = fields[j].tag;
    }
    std::uint32_t p;
    if (tag == delimiter) {
      if (size == reserve) {  // more entries than declared
        SetError(ErrorCode::kGroupCountMismatch, c);
        break;
      }
      const EntryRecord* prev = entry;
      if (entry != nullptr) entry->end = j;
      entry = &entries[size++];
      *entry = EntryRecord{j, j + 1, kNoGroup};
      last_child = kNoGroup;
      // An entry whose tags repeat the previous entry's exactly (one without
      // nested groups) takes the same decisions field by field: accept it
      // whole, leaving the state as the previous entry left it. So does each
      // following entry with those tags again (a run: one compare a field).
      if (prev != nullptr && prev->first_child == kNoGroup && !reference_) {
        // prev ends at j. The fields from j on that repeat the tags `len`
        // fields back form a run of entries with prev's tags (entry j
        // included, at most as many as are left to declare); fields[j] is
        // a delimiter like prev's first.
        const std::uint32_t len = j - prev->begin;
        const std::uint64_t most = std::uint64_t{len} * (reserve - size + 1);
        const std::uint32_t limit =
            static_cast<std::uint32_t>(std::min<std::uint64_t>(n, j + most));
        const std::uint32_t whole = (RepeatEnd(fields, j + 1, len, limit) - j) / len;
        if (whole != 0) {
          // Each record's end is rewritten when the next entry starts or the
          // group ends; j + len is what it becomes when the run goes on.
          entry->end = j + len;
          WriteRunRecords(entry + 1, whole - 1, j + len, len);
          j += whole * len;
          size += whole - 1;
          entry += whole - 1;
          continue;  // pos: unchanged, the previous entry's last position
        }
      }
      p = 0;
      if (dict.members(scope)[0].group != 0) p = ScopeSlot::kIsGroup;  // a delimiter that counts a group
    } else {
      // A tag beyond the members' range is none of them (the window's
      // member_last): no lookup. Typically the tag that ends the group.
      p = tag - window.lo > window.member_last ? scope.members_count
                                               : dict.LookupMember(scope, tag);
      if (p == scope.members_count) {  // not in the template
        if (entry != nullptr && options_.unknown_fields != UnknownInGroup::kEndGroup &&
            !body_dict_.tag_info(tag).defined() && !header_dict_.tag_info(tag).defined()) {
          if (options_.unknown_fields == UnknownInGroup::kError) {
            SetError(ErrorCode::kGroupUnknownField, j);
            break;
          }
          ++j;  // kKeepInEntry
          continue;
        }
        break;  // the enclosing scope's field
      }
      if (entry == nullptr) {
        SetError(ErrorCode::kGroupMissingDelimiter, j);
        break;
      }
      if ((p & ~ScopeSlot::kIsGroup) <= pos && !options_.allow_out_of_order) {
        SetError(ErrorCode::kGroupFieldOutOfOrder, j);
        break;
      }
    }
    pos = p & ~ScopeSlot::kIsGroup;
    if ((p & ScopeSlot::kIsGroup) == 0) {
      ++j;
      continue;
    }
    const GroupEnd child = ParseGroup(dict, dict.scope(dict.members(scope)[pos].group), j);
    j = child.next;
    if (child.id != kNoGroup) {
      if (last_child == kNoGroup) {
        entry->first_child = child.id;
      } else {
        groups[last_child].next_sibling = child.id;
      }
      last_child = child.id;
    }
    if (!err_.ok()) break;
  }
  if (entry != nullptr) entry->end = j;
  GroupRecord& rec = groups[gid];
  rec.scope = scope.id;
  rec.count_field = c;
  rec.end_field = j;
  rec.first_entry = first_entry;
  rec.size = size;
  rec.declared = static_cast<std::uint32_t>(std::min<std::uint64_t>(declared64, 0xFFFFFFFFu));
  rec.next_sibling = kNoGroup;
  if (err_.ok() && size != declared64 && (options_.check_count || size > declared64)) {
    SetError(ErrorCode::kGroupCountMismatch, c);
  }
  return GroupEnd{j, gid};
}

namespace {

// IndexFrom: the indexer's walk from field `first` (*out already set).
#if defined(__GNUC__)
__attribute__((noinline))
#endif
Error IndexFrom(const MessageView& view, const Dictionary& header_dict,
                const Dictionary& body_dict, const GroupOptions& options, GroupStorage& storage,
                GroupedMessage* out, const MessageDef* msg, std::uint32_t first) noexcept {
  return GroupIndexer(view, header_dict, body_dict, options, storage, out).WalkFrom(msg, first);
}

// IndexListed: Index's way for a message that may have groups (*out is
// set as for one without, with its MessageDef).
#if defined(__GNUC__)
__attribute__((noinline))
#endif
Error IndexListed(const MessageView& view, const Dictionary& header_dict,
                  const Dictionary& body_dict, const GroupOptions& options,
                  GroupStorage& storage, GroupedMessage* out) noexcept {
  const MessageDef* const msg = GroupIndexer::message_def(*out);
  const std::uint32_t first = FirstListed(view, BodyTags(body_dict, msg),
                                          header_dict.header_trailer_group_count_tags());
  if (first >= view.field_count()) return Error{};
  return IndexFrom(view, header_dict, body_dict, options, storage, out, msg, first);
}

// MayHaveGroups: the message type or the header and trailer list a count tag.
inline bool MayHaveGroups(const Dictionary& header_dict, const MessageDef* msg) noexcept {
  return (msg != nullptr && msg->groups_count != 0) ||
         !header_dict.header_trailer_group_count_tags().empty();
}

// IndexLongType: Index for a MsgType the dictionary's inline table does not decide.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
Error IndexLongType(const MessageView& view, const Dictionary& header_dict,
                    const Dictionary& body_dict, const GroupOptions& options,
                    GroupStorage& storage, GroupedMessage* out) noexcept {
  const MessageDef* const msg = body_dict.message(view.msg_type());
  GroupIndexer::SetEmptyFor(view, header_dict, body_dict, storage, msg, out);
  if (!MayHaveGroups(header_dict, msg)) return Error{};
  return IndexListed(view, header_dict, body_dict, options, storage, out);
}

// IndexTop: Index's walk for a message whose header and body share the
// dictionary (compiled lists) from field `first`, the first field with one
// of its listed count tags (*out already set, with the MessageDef).
#if defined(__GNUC__)
__attribute__((noinline))
#endif
Error IndexTop(const MessageView& view, const Dictionary& dict, const GroupOptions& options,
               GroupStorage& storage, GroupedMessage* out, std::uint32_t first) noexcept {
  return GroupIndexer(view, dict, dict, options, storage, out)
      .WalkTopFrom(*GroupIndexer::message_def(*out), first);
}

// AnyFound: does a field with one of the tags [t, e) occur in the message.
[[gnu::always_inline]] inline bool AnyFound(const MessageView& view, const std::uint32_t* t,
                                            const std::uint32_t* e) noexcept {
  for (; t != e; ++t) {
    if (view.Find(*t) != nullptr) return true;
  }
  return false;
}

// IndexTopFind: Index's way for a message whose header and body share the
// dictionary (compiled lists) when the view's direct table does not cover
// every count tag the message lists (*out already set, with the MessageDef):
// each is looked up with MessageView::Find (the hash table above
// direct_tags()), and the walk starts at the first of them.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
Error IndexTopFind(const MessageView& view, const Dictionary& dict, const GroupOptions& options,
                   GroupStorage& storage, GroupedMessage* out) noexcept {
  const MessageDef& msg = *GroupIndexer::message_def(*out);
  const std::uint32_t* t = dict.top_group_count_tags_data(msg);
  const std::uint32_t* const e = t + msg.top_groups_count;
  const Field* first = nullptr;
  for (; t != e; ++t) {
    first = view.Find(*t);
    if (first != nullptr) break;
  }
  if (first == nullptr) return Error{};
  // The first field with any of the rest, if before.
  for (++t; t != e; ++t) {
    const Field* f = view.Find(*t);
    if (f != nullptr && f < first) first = f;
  }
  return IndexTop(view, dict, options, storage, out,
                  static_cast<std::uint32_t>(first - view.fields().data()));
}

// FirstDirect: the index of the first field with one of the tags [t, e),
// each below view.direct_tags() (field_count() when none occurs): a table
// slot and a compare with the first found so far for a tag that is absent,
// no call; two tags a step.
[[gnu::always_inline]] inline std::uint32_t FirstDirect(const MessageView& view,
                                                        const std::uint32_t* t,
                                                        const std::uint32_t* const e) noexcept {
  std::uint32_t first = view.field_count();
  if ((e - t) & 1) first = view.FirstIndexBelow(*t++, first);
  for (; t != e; t += 2) {  // two a step: one loop test for both
    first = view.FirstIndexBelow(t[0], first);
    first = view.FirstIndexBelow(t[1], first);
  }
  return first;
}

// IndexOther: Index for a message the direct-table check does not settle
// (*out already set, with the MessageDef): a dictionary without compiled
// lists, a MsgType it does not define, count tags beyond the view's direct
// table (IndexTopFind), or two dictionaries (FIXT: IndexListed when any
// listed count tag occurs).
#if defined(__GNUC__)
__attribute__((noinline))
#endif
Error IndexOther(const MessageView& view, const Dictionary& header_dict,
                 const Dictionary& body_dict, const GroupOptions& options, GroupStorage& storage,
                 GroupedMessage* out) noexcept {
  const MessageDef* const msg = GroupIndexer::message_def(*out);
  if (&header_dict == &body_dict && msg != nullptr && body_dict.top_tags_compiled()) {
    return IndexTopFind(view, body_dict, options, storage, out);
  }
  const std::span<const std::uint32_t> b = BodyTags(body_dict, msg);
  const std::span<const std::uint32_t> h = header_dict.header_trailer_group_count_tags();
  const bool found = AnyFound(view, b.data(), b.data() + b.size()) ||
                     AnyFound(view, h.data(), h.data() + h.size());
  if (!found) return Error{};
  return IndexListed(view, header_dict, body_dict, options, storage, out);
}

// NoGroups is Error{} (no group, no error), out of line: with every return
// of Index a call's result, GCC makes each a tail call; one constant Error
// among them makes it rebuild every result on the stack and keep a frame.
// Zeroed whole, so that it is made in the two return registers: GCC builds
// `return Error{}` on the stack (a byte store and an 8-byte store) and
// reloads it, one load spanning both stores (which store forwarding does
// not serve), in a frame: five instructions more.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
Error NoGroups() noexcept {
  Error e;
  std::memset(static_cast<void*>(&e), 0, sizeof e);  // padding too
  return e;
}

// Index is IndexGroups (GroupIndexer::Run). *out is set as for a message
// without groups first; then each count tag that may start a top-level
// group of the message (its body's, the header's and the trailer's: one
// list when one dictionary serves both) is looked up in the field index,
// and a message with none of them is done (FIX 4.2's Heartbeat, an
// ExecutionReport without groups, ...). With one dictionary, when the
// view's direct table covers the message's largest listed count tag
// (Dictionary::max_top_group_count_tag), the lookups are direct-table
// slots alone and the walk starts at the first tag found (IndexTop);
// every other case goes on in IndexOther (a tail call), so that this
// inline part makes no other call and saves no registers.
template <bool kSame>
[[gnu::always_inline]] inline Error Index(const MessageView& view, const Dictionary& header_dict,
                                          const Dictionary& body_dict,
                                          const GroupOptions& options, GroupStorage& storage,
                                          GroupedMessage* out) noexcept {
  const MessageDef* msg;
  if (!body_dict.ShortMessage(view.msg_type(), &msg)) {
    return IndexLongType(view, header_dict, body_dict, options, storage, out);
  }
  GroupIndexer::SetEmptyFor(view, header_dict, body_dict, storage, msg, out);
  if (kSame && msg != nullptr && body_dict.top_tags_compiled()) {
    if (msg->top_groups_count == 0) return NoGroups();  // a type without top-level groups
    if (body_dict.max_top_group_count_tag(*msg) < view.direct_tags()) {
      const std::uint32_t* const t = body_dict.top_group_count_tags_data(*msg);
      const std::uint32_t first = FirstDirect(view, t, t + msg->top_groups_count);
      if (first >= view.field_count()) return NoGroups();
      return IndexTop(view, body_dict, options, storage, out, first);
    }
  }
  return IndexOther(view, header_dict, body_dict, options, storage, out);
}

}  // namespace

Error IndexGroups(const MessageView& view, const Dictionary& dictionary,
                  const GroupOptions& options, GroupStorage& storage,
                  GroupedMessage* out) noexcept {
  return Index<true>(view, dictionary, dictionary, options, storage, out);
}

Error IndexGroups(const MessageView& view, const Dictionary& transport,
                  const Dictionary& application, const GroupOptions& options,
                  GroupStorage& storage, GroupedMessage* out) noexcept {
  return Index<false>(view, transport, application, options, storage, out);
}

Error codec_internal::IndexGroupsReference(const MessageView& view, const Dictionary& header_dict,
                                           const Dictionary& body_dict, const GroupOptions& options,
                                           GroupStorage& storage, GroupedMessage* out) noexcept {
  return GroupIndexer(view, header_dict, body_dict, options, storage, out).RunReference();
}

// --- views ---

// FindAroundGroups: Find for an entry with nested groups. The entry's own
// fields are the stretches before each nested group's count field (that
// field included) and after the last nested group; nested groups are in
// wire order, each after the previous one's end.
const Field* GroupEntryView::FindAroundGroups(const Field* fields, const GroupRecord* groups,
                                              const EntryRecord* entry,
                                              std::uint32_t tag) noexcept {
  std::uint32_t i = entry->begin;
  for (std::uint32_t child = entry->first_child; child != kNoGroup;
       child = groups[child].next_sibling) {
    const GroupRecord& g = groups[child];
    const Field* f = codec_internal::ScanTag(fields + i, fields + g.count_field + 1, tag);
    if (f != nullptr) return f;
    i = g.end_field;
  }
  return codec_internal::ScanTag(fields + i, fields + entry->end, tag);
}

GroupView GroupEntryView::FindGroup(const char* data, const Field* fields,
                                    const GroupRecord* groups, const EntryRecord* entries,
                                    const EntryRecord* entry, std::uint32_t count_tag) noexcept {
  for (std::uint32_t g = entry->first_child; g != kNoGroup; g = groups[g].next_sibling) {
    if (fields[groups[g].count_field].tag == count_tag) {
      return GroupView(data, fields, groups, entries, groups + g);
    }
  }
  return GroupView();
}

GroupView GroupedMessage::group(std::uint32_t count_tag) const noexcept {
  const Field* fields = view_.fields().data();
  for (std::uint32_t g = first_group_; g != kNoGroup; g = groups_[g].next_sibling) {
    if (fields[groups_[g].count_field].tag == count_tag) {
      return GroupView(view_.data(), fields, groups_, entries_, groups_ + g);
    }
  }
  return GroupView();
}

const Field* GroupedMessage::FindTopLevel(std::uint32_t tag) const noexcept {
  const Field* first = view_.Find(tag);
  if (first == nullptr) return nullptr;
  const Field* fields = view_.fields().data();
  const std::uint32_t at = static_cast<std::uint32_t>(first - fields);
  bool inside = false;
  for (std::uint32_t g = first_group_; g != kNoGroup; g = groups_[g].next_sibling) {
    if (at > groups_[g].count_field && at < groups_[g].end_field) {
      inside = true;
      break;
    }
  }
  if (!inside) return first;
  // Rare: the tag also appears inside a group before its top-level place.
  std::uint32_t g = first_group_;
  for (std::uint32_t i = 0; i < view_.field_count();) {
    if (g != kNoGroup && i == groups_[g].count_field) {
      if (fields[i].tag == tag) return fields + i;
      i = groups_[g].end_field;
      g = groups_[g].next_sibling;
      continue;
    }
    if (fields[i].tag == tag) return fields + i;
    ++i;
  }
  return nullptr;
}

}  // namespace fixwire
