// dictionary.h: a FIX data dictionary compiled to flat, immutable tables.
//
// A Dictionary describes one FIX version (or a venue's customisation of it):
// its fields (tag, name, type, enumerated values, Length/Data pairing), its
// standard header and trailer, its messages and their repeating groups. It is
// built once, on a cold path, by LoadDictionaryFile / LoadDictionaryFromString
// (dictionary_loader.h), and never changes afterwards.
//
// Runtime form: every lookup a hot path needs is an array index or a bit test.
//   - field(tag): tags below kDenseTagLimit index a dense array; the rest are
//     found by binary search in a sorted side table.
//   - Each defined field has an ordinal (0..field_count()-1); every scope
//     (header, trailer, a message body, a group entry) holds a bitset over
//     ordinals for "is this field a direct member", plus its members in
//     definition order with their required flags and nested group layouts.
//   - message(msg_type): MsgTypes of one or two bytes (any values) index a
//     direct table by length, first and last byte (ShortTypeKey); longer
//     ones are found by binary search.
//   - enumerated values: a 128-bit set for fields whose values are all single
//     ASCII characters, a sorted array of strings otherwise.
//   - groups (IndexGroups): each group scope's member window, a dense tag ->
//     position table over its members' tag range; the count tags that may
//     start a top-level group paired with their group scopes.
//   - the validator's one-pass walk: one word per tag (ordinal, placement,
//     inline value check, byte set; internal/validation_tables.h).
//
// Thread use: a Dictionary is immutable after loading; any number of threads
// may read one concurrently with no locking. All pointers and string_views it
// returns stay valid for the Dictionary's lifetime (moving a Dictionary keeps
// them valid; destroying it ends them). Lookups never allocate, except the
// name-based lookups marked "cold" which are meant for tools.
#ifndef FIXWIRE_DICTIONARY_DICTIONARY_H_
#define FIXWIRE_DICTIONARY_DICTIONARY_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fixwire/dictionary/internal/field_types.h"

namespace fixwire {

// FieldType, FieldDef, ValueClass, ValueClassOf and
// TagInfo are defined in internal/field_types.h (included here), where the
// validator's internal headers reach them too.

// FieldTypeFromName parses a type attribute ("PRICE", "UTCTIMESTAMP", ...);
// returns false for a name it does not know.
bool FieldTypeFromName(std::string_view name, FieldType* type) noexcept;
// FieldTypeName returns the canonical upper-case name of a type.
std::string_view FieldTypeName(FieldType type) noexcept;

// ScopeMember is one direct member of a scope, in definition order.
struct ScopeMember {
  std::uint32_t tag = 0;
  std::uint32_t ordinal = 0;
  bool required = false;
  std::uint32_t group = 0;  // for a NUMINGROUP member: its group scope id; else 0 (no group)
};

// Scope is a set of fields that may appear together: the standard header, the
// standard trailer, a message body, or one entry of a repeating group.
// Members are in definition order; the first member of a group scope is its
// delimiter. A scope's members are only the direct ones: fields of nested
// groups belong to the nested group's scope.
struct Scope {
  std::uint32_t id = 0;
  std::uint32_t count_tag = 0;    // groups: the NUMINGROUP tag; else 0
  std::uint32_t delimiter = 0;    // groups: the first member's tag; else 0
  std::uint32_t members_begin = 0;  // into Dictionary's member pool
  std::uint32_t members_count = 0;
  std::uint32_t required_begin = 0;  // into Dictionary's required pool (member positions)
  std::uint32_t required_count = 0;
  std::uint32_t bits_begin = 0;   // into Dictionary's bit pool; field_words() words
  std::uint32_t groups_begin = 0;   // member positions of NUMINGROUP members
  std::uint32_t groups_count = 0;
  std::uint32_t slots_begin = 0;  // tag -> position hash table (open addressing)
  std::uint32_t slots_mask = 0;   // table size - 1 (a power of two >= 4 * members)
  // The required members as bit masks (RequiredMask), one per 64-bit word
  // that holds any: over field ordinals, then over member positions.
  std::uint32_t required_by_ordinal_begin = 0;
  std::uint32_t required_by_ordinal_count = 0;
  std::uint32_t required_by_position_begin = 0;
  std::uint32_t required_by_position_count = 0;
};

// RequiredMask: the required members among bits [64 * word, 64 * word + 64)
// of a bitset over field ordinals or member positions. A scope's required
// members are all present in a bitset `seen` when (seen[word] & bits) == bits
// for each of its masks.
struct RequiredMask {
  std::uint32_t word = 0;
  std::uint64_t bits = 0;
};

// ScopeSlot is one entry of a scope's tag -> position table (tag 0: empty).
struct ScopeSlot {
  static constexpr std::uint32_t kIsGroup = 0x80000000u;  // in `position`: a group member
  std::uint32_t tag = 0;
  std::uint32_t position = 0;  // member position, | kIsGroup for a group count with a layout
};

// MessageDef is the compiled form of one <message>.
struct MessageDef {
  std::uint32_t body = 0;  // scope id of the body
  bool admin = false;      // msgcat="admin"
  // The required fields of the header, the body and the trailer together,
  // as masks over field ordinals (Dictionary::message_required).
  std::uint32_t required_begin = 0;
  std::uint32_t required_count = 0;
  // The count tags of the body's groups (Dictionary::body_group_count_tags).
  std::uint32_t groups_begin = 0;
  std::uint32_t groups_count = 0;
  // The header's, the body's and the trailer's membership bitsets OR'd
  // (Dictionary::message_bits), in the bit pool.
  std::uint32_t bits_begin = 0;
  // Every count tag that may start a top-level group of the message: the
  // body's, then the header's and the trailer's (Dictionary::top_group_count_tags).
  std::uint32_t top_groups_begin = 0;
  std::uint32_t top_groups_count = 0;
  // The largest of those tags (0 when none; Dictionary::max_top_group_count_tag).
  std::uint32_t top_groups_max_tag = 0;
};

// GroupMemberWindow: a group scope's fast member table (IndexGroups' hot
// loop), built at load. For tags in [lo, lo + span) the pool holds the
// member position when the tag is a direct member that is neither the
// delimiter nor a group count with a layout, else 0: one subtraction, one
// compare and one byte-pair load decide an ordinary in-order entry field.
// Tags outside the window, and every 0, take the full LookupMember path,
// except a tag beyond member_last: lo is the smallest member tag and
// lo + member_last the largest, so a tag whose tag - lo (unsigned) exceeds
// member_last is no member, and no lookup is made for it.
struct GroupMemberWindow {
  std::uint32_t lo = 0;
  std::uint16_t span = 0;  // 0: no window (every tag takes the full path); <= kGroupWindowLimit
  // The delimiter counts no group (the scope's first member has no group
  // layout): a group's first entry, when its delimiter follows the count
  // field, is opened without the full path. False: no window.
  bool plain_delimiter = false;
  std::uint32_t begin = 0;  // into Dictionary::group_window_pool()
  std::uint32_t member_last = 0xFFFFFFFFu;  // largest member tag - lo (0xFFFFFFFF: proves nothing)
};
static_assert(sizeof(GroupMemberWindow) == 16);  // a shift, not a division, in group_window's bound

class Dictionary {
 public:
  static constexpr std::uint32_t kDenseTagLimit = 1u << 16;
  static constexpr std::uint32_t kNoOrdinal = TagInfo::kNoOrdinal;
  // A group scope has at most this many direct members (the loader rejects more).
  static constexpr std::uint32_t kMaxScopeMembers = 1024;

  Dictionary() = default;
  Dictionary(Dictionary&&) noexcept = default;
  Dictionary& operator=(Dictionary&&) noexcept = default;
  Dictionary(const Dictionary&) = delete;
  Dictionary& operator=(const Dictionary&) = delete;

  // --- version (from <fix type major minor servicepack>) ---
  std::string_view type() const noexcept { return type_; }  // "FIX" or "FIXT"
  int major() const noexcept { return major_; }
  int minor() const noexcept { return minor_; }
  int service_pack() const noexcept { return service_pack_; }
  // begin_string: "FIX.4.4", "FIXT.1.1"; for FIX 5.0 application dictionaries,
  // whose messages travel under FIXT.1.1, "FIX.5.0SP2" (the version name).
  std::string_view begin_string() const noexcept { return begin_string_; }
  // is_transport: a FIXT dictionary (session messages, header and trailer).
  bool is_transport() const noexcept { return type_ == "FIXT"; }
  // source: the file name (or name given) it was loaded from.
  std::string_view source() const noexcept { return source_; }

  // --- fields ---
  // tag_info returns what the hot paths need about a tag (ordinal kNoOrdinal
  // when it is not defined). One 8-byte load for tags below kDenseTagLimit.
  TagInfo tag_info(std::uint32_t tag) const noexcept {
    if (tag < dense_.size()) return dense_[tag];
    return SparseInfo(tag);
  }
  // tag_table: the dense TagInfo table (tags below its size); larger tags go
  // through tag_info().
  std::span<const TagInfo> tag_table() const noexcept { return dense_; }
  // ordinal returns a tag's ordinal, or kNoOrdinal for a tag not defined.
  std::uint32_t ordinal(std::uint32_t tag) const noexcept {
    if (tag < dense_.size()) return dense_[tag].ordinal;
    return SparseOrdinal(tag);
  }
  // field returns the definition of a tag, or nullptr when not defined.
  const FieldDef* field(std::uint32_t tag) const noexcept {
    std::uint32_t o = ordinal(tag);
    return o == kNoOrdinal ? nullptr : &fields_[o];
  }
  std::span<const FieldDef> fields() const noexcept { return fields_; }
  std::size_t field_count() const noexcept { return fields_.size(); }
  std::string_view field_name(const FieldDef& f) const noexcept { return field_names_[f.ordinal]; }
  // field_by_name: cold (binary search over names); nullptr when unknown.
  const FieldDef* field_by_name(std::string_view name) const noexcept;
  // enum_values: the multi-character enum values pool (sorted within each field's range).
  std::span<const std::string_view> enum_values(const FieldDef& f) const noexcept {
    return std::span<const std::string_view>(enum_values_).subspan(f.enum_begin,
                                                                   f.enum_end - f.enum_begin);
  }
  // enum_listing: cold; the field's (value, description) pairs in file order.
  std::span<const std::pair<std::string, std::string>> enum_listing(const FieldDef& f) const noexcept {
    return enum_listing_[f.ordinal];
  }
  // IsValidEnum reports whether `value` is one of the field's enumerated
  // values; true for a field without enumerated values. MULTIPLE* types check
  // each space-separated element.
  bool IsValidEnum(const FieldDef& f, std::string_view value) const noexcept;

  // --- scopes and messages ---
  const Scope& scope(std::uint32_t id) const noexcept { return scopes_[id]; }
  std::size_t scope_count() const noexcept { return scopes_.size(); }
  const Scope& header() const noexcept { return scopes_[header_scope_]; }
  const Scope& trailer() const noexcept { return scopes_[trailer_scope_]; }
  std::span<const ScopeMember> members(const Scope& s) const noexcept {
    return std::span<const ScopeMember>(members_).subspan(s.members_begin, s.members_count);
  }
  // required_positions: member positions (indices into members(s)) that are required.
  std::span<const std::uint16_t> required_positions(const Scope& s) const noexcept {
    return std::span<const std::uint16_t>(required_).subspan(s.required_begin, s.required_count);
  }
  // required_by_ordinal / required_by_position: the required members as
  // masks over a bitset of field ordinals / of member positions.
  std::span<const RequiredMask> required_by_ordinal(const Scope& s) const noexcept {
    return std::span<const RequiredMask>(required_masks_)
        .subspan(s.required_by_ordinal_begin, s.required_by_ordinal_count);
  }
  std::span<const RequiredMask> required_by_position(const Scope& s) const noexcept {
    return std::span<const RequiredMask>(required_masks_)
        .subspan(s.required_by_position_begin, s.required_by_position_count);
  }
  // group_positions: member positions of the NUMINGROUP members.
  std::span<const std::uint16_t> group_positions(const Scope& s) const noexcept {
    return std::span<const std::uint16_t>(group_positions_).subspan(s.groups_begin, s.groups_count);
  }
  // Contains: is the field with this ordinal a direct member of the scope.
  bool Contains(const Scope& s, std::uint32_t ordinal) const noexcept {
    if (ordinal >= fields_.size()) return false;
    return (bits_[s.bits_begin + (ordinal >> 6)] >> (ordinal & 63)) & 1u;
  }
  // scope_bits: the scope's membership bitset (field_words() words, by ordinal).
  const std::uint64_t* scope_bits(const Scope& s) const noexcept { return bits_.data() + s.bits_begin; }
  // GroupIn returns the group scope whose count tag is `count_tag` among the
  // direct members of `s`, or nullptr.
  const Scope* GroupIn(const Scope& s, std::uint32_t count_tag) const noexcept {
    const ScopeMember* m = members_.data() + s.members_begin;
    const std::uint16_t* g = group_positions_.data() + s.groups_begin;
    for (std::uint32_t i = 0; i < s.groups_count; ++i) {
      if (m[g[i]].tag == count_tag) return &scopes_[m[g[i]].group];
    }
    return nullptr;
  }
  // PositionOf returns the position of `tag` among the scope's members, or
  // s.members_count when it is not a direct member. O(1): a small hash table.
  std::uint32_t PositionOf(const Scope& s, std::uint32_t tag) const noexcept {
    return LookupMember(s, tag) & ~ScopeSlot::kIsGroup;
  }
  // LookupMember is PositionOf with ScopeSlot::kIsGroup set for a NUMINGROUP
  // member that has a group layout (s.members_count when absent).
  std::uint32_t LookupMember(const Scope& s, std::uint32_t tag) const noexcept {
    const ScopeSlot* slots = slots_.data() + s.slots_begin;
    std::uint32_t i = SlotHash(tag) & s.slots_mask;
    while (true) {
      const ScopeSlot& slot = slots[i];
      if (slot.tag == tag) return slot.position;
      if (slot.tag == 0) return s.members_count;
      i = (i + 1) & s.slots_mask;
    }
  }
  static std::uint32_t SlotHash(std::uint32_t tag) noexcept {
    return static_cast<std::uint32_t>((std::uint64_t{tag} * 0x9E3779B97F4A7C15ull) >> 40);
  }
  // field_words: words of one scope's membership bitset.
  std::size_t field_words() const noexcept { return field_words_; }

  // message returns the definition of a MsgType, or nullptr when unknown.
  // Inline for one- and two-byte MsgTypes (a table load).
  const MessageDef* message(std::string_view msg_type) const noexcept {
    const MessageDef* m;
    if (ShortMessage(msg_type, &m)) return m;
    return LongMessage(msg_type);
  }
  // ShortMessage is message()'s inline table alone, without a call: true
  // with *out set (nullptr: not defined) when the table decides the
  // MsgType (one or two bytes, any values), false when message() would
  // search the longer types.
  [[gnu::always_inline]] bool ShortMessage(std::string_view msg_type,
                                           const MessageDef** out) const noexcept {
    const std::size_t extra = msg_type.size() - 1;  // 0 or 1 for a short type
    if (extra < 2 && !short_types_.empty()) {
      const std::uint16_t idx = short_types_[ShortTypeKey(
          static_cast<unsigned char>(msg_type[0]), static_cast<unsigned char>(msg_type[extra]),
          static_cast<std::uint32_t>(extra))];
      *out = idx == 0 ? nullptr : &messages_[idx - 1u];
      return true;
    }
    return false;
  }
  // ShortTypeKey: the short_types_ slot of a MsgType of 1 + extra bytes
  // (extra 0 or 1) whose first byte is `first` and last `last` (the same
  // byte for one byte): one-byte types at 0..255, two-byte types at
  // 256 + (last << 8 | first). No branch, and no slot shared by two
  // MsgTypes or left unreachable.
  static constexpr std::uint32_t kShortTypeSlots = 256 + (1u << 16);
  [[gnu::always_inline]] static std::uint32_t ShortTypeKey(std::uint32_t first, std::uint32_t last,
                                                           std::uint32_t extra) noexcept {
    return first + ((last + 1) << 8 & (0u - extra));
  }
  std::span<const MessageDef> messages() const noexcept { return messages_; }
  // message_required: the required members of the header, the message's
  // body and the trailer merged into one mask per word (by field ordinal):
  // all are present in `seen` when (seen[word] & bits) == bits for each.
  std::span<const RequiredMask> message_required(const MessageDef& m) const noexcept {
    return std::span<const RequiredMask>(required_masks_).subspan(m.required_begin, m.required_count);
  }
  // message_bits: the direct members of the header, the message's body and
  // the trailer together, a bitset over field ordinals (field_words() words).
  const std::uint64_t* message_bits(const MessageDef& m) const noexcept {
    return bits_.data() + m.bits_begin;
  }
  // body_group_count_tags: the count tags of the groups directly in the
  // message's body; header_trailer_group_count_tags: those directly in the
  // standard header and trailer. Together, every tag that may start a
  // top-level group of the message (IndexGroups looks them up first).
  std::span<const std::uint32_t> body_group_count_tags(const MessageDef& m) const noexcept {
    return std::span<const std::uint32_t>(group_count_tags_).subspan(m.groups_begin, m.groups_count);
  }
  std::span<const std::uint32_t> header_trailer_group_count_tags() const noexcept {
    return std::span<const std::uint32_t>(group_count_tags_)
        .subspan(header_trailer_groups_begin, header_trailer_groups_count);
  }
  std::string_view message_name(const MessageDef& m) const noexcept {
    return message_names_[&m - messages_.data()];
  }
  std::string_view message_type(const MessageDef& m) const noexcept {
    return message_types_[&m - messages_.data()];
  }
  // message_by_name: cold, linear; nullptr when unknown.
  const MessageDef* message_by_name(std::string_view name) const noexcept;

  // --- compiled group tables (IndexGroups; built at load) ---
  // group_window: the scope's GroupMemberWindow (span 0 for a scope that is
  // not a group, or a Dictionary not made by the loader).
  static constexpr std::uint32_t kGroupWindowLimit = 1024;  // most tags one window covers
  GroupMemberWindow group_window(const Scope& s) const noexcept {
    return s.id < group_windows_.size() ? group_windows_[s.id] : GroupMemberWindow{};
  }
  const std::uint16_t* group_window_pool() const noexcept { return group_window_pool_.data(); }
  // body_group_scopes(m) / header_trailer_group_scopes(): parallel to
  // body_group_count_tags(m) / header_trailer_group_count_tags(), the scope
  // id of the group each count tag starts there: GroupIn(body, tag) for a
  // body's; GroupIn(header, tag), else GroupIn(trailer, tag), for the
  // header's and trailer's. Empty for a Dictionary not made by the loader.
  std::span<const std::uint32_t> body_group_scopes(const MessageDef& m) const noexcept {
    if (group_count_scopes_.size() != group_count_tags_.size()) return {};
    return std::span<const std::uint32_t>(group_count_scopes_).subspan(m.groups_begin, m.groups_count);
  }
  std::span<const std::uint32_t> header_trailer_group_scopes() const noexcept {
    if (group_count_scopes_.size() != group_count_tags_.size()) return {};
    return std::span<const std::uint32_t>(group_count_scopes_)
        .subspan(header_trailer_groups_begin, header_trailer_groups_count);
  }
  // top_group_count_tags: body_group_count_tags(m) followed by
  // header_trailer_group_count_tags(), in one array (IndexGroups' check for
  // a message whose header and body share this dictionary). top_tags_compiled():
  // false for a Dictionary not made by the loader (no such lists).
  bool top_tags_compiled() const noexcept { return top_tags_compiled_; }
  const std::uint32_t* top_group_count_tags_data(const MessageDef& m) const noexcept {
    return top_count_tags_.data() + m.top_groups_begin;
  }
  // top_group_scopes_data: parallel to top_group_count_tags, each tag's
  // group scope there (body_group_scopes, then header_trailer_group_scopes).
  const std::uint32_t* top_group_scopes_data(const MessageDef& m) const noexcept {
    return top_count_scopes_.data() + m.top_groups_begin;
  }
  // max_top_group_count_tag: the largest tag of top_group_count_tags(m), 0
  // when it is empty (IndexGroups answers with direct-table lookups alone
  // when the view's direct table covers it: MessageView::direct_tags()).
  std::uint32_t max_top_group_count_tag(const MessageDef& m) const noexcept {
    return m.top_groups_max_tag;
  }
  std::span<const std::uint32_t> top_group_count_tags(const MessageDef& m) const noexcept {
    if (!top_tags_compiled_) return {};
    return std::span<const std::uint32_t>(top_count_tags_).subspan(m.top_groups_begin, m.top_groups_count);
  }

  // --- compiled validation tables (the validator's one-pass walk; built at load) ---
  // walk_table: by tag (tags below its size), one word saying what the
  // walk needs about the tag: ordinal, placement, group count, inline value
  // check and char set (layout: internal/validation_tables.h). Empty
  // for a Dictionary not made by the loader (the walk then settles nothing).
  std::span<const std::uint64_t> walk_table() const noexcept { return walk_table_; }
  // walk_char_sets: 256-bit byte sets, 4 words each, indexed by the char
  // set of a walk_table entry.
  const std::uint64_t* walk_char_sets() const noexcept { return walk_char_sets_.data(); }

  // length_data_pairs: every (Length tag, Data tag) pair, sorted by Length tag.
  std::span<const std::pair<std::uint32_t, std::uint32_t>> length_data_pairs() const noexcept {
    return length_data_pairs_;
  }

 private:
  friend class DictionaryBuilder;  // the loader's compiler (dictionary_loader.cc)

  // CompileGroupWindows builds group_windows_ from the scopes (the loader
  // calls it last; cold, allocates).
  void CompileGroupWindows();
  // CompileValidationTables builds walk_table_ and walk_char_sets_ from
  // the TagInfo table and the fields (the loader calls it after
  // CompileGroupWindows; cold, allocates). internal/validation_tables.cc.
  void CompileValidationTables();

  std::uint32_t SparseOrdinal(std::uint32_t tag) const noexcept;
  const MessageDef* LongMessage(std::string_view msg_type) const noexcept;
  TagInfo SparseInfo(std::uint32_t tag) const noexcept;

  std::string type_, begin_string_, source_;
  int major_ = 0, minor_ = 0, service_pack_ = 0;

  std::vector<FieldDef> fields_;              // by ordinal (sorted by tag)
  std::vector<std::string> field_names_;      // by ordinal
  std::vector<std::uint32_t> names_sorted_;   // ordinals sorted by name
  std::vector<TagInfo> dense_;                // by tag, tags < kDenseTagLimit
  std::vector<std::pair<std::uint32_t, std::uint32_t>> sparse_;  // (tag, ordinal), tags >= limit
  std::vector<std::string> enum_storage_;     // owns multi-character enum strings
  std::vector<std::string_view> enum_values_;
  std::vector<std::vector<std::pair<std::string, std::string>>> enum_listing_;  // by ordinal

  std::vector<Scope> scopes_;
  std::vector<ScopeMember> members_;
  std::vector<std::uint16_t> required_;
  std::vector<RequiredMask> required_masks_;
  std::vector<std::uint16_t> group_positions_;
  std::vector<std::uint64_t> bits_;
  std::vector<ScopeSlot> slots_;
  std::size_t field_words_ = 0;
  std::uint32_t header_scope_ = 0, trailer_scope_ = 0;

  std::vector<MessageDef> messages_;
  std::vector<std::string> message_names_, message_types_;
  std::vector<std::uint32_t> group_count_tags_;  // body_group_count_tags, header_trailer_...
  std::uint32_t header_trailer_groups_begin = 0, header_trailer_groups_count = 0;
  std::vector<std::uint16_t> short_types_;  // kShortTypeSlots, by ShortTypeKey: msg index + 1, or 0
  std::vector<std::pair<std::string_view, std::uint32_t>> long_types_;  // sorted
  std::vector<std::pair<std::uint32_t, std::uint32_t>> length_data_pairs_;

  // compiled group tables (group_window)
  std::vector<GroupMemberWindow> group_windows_;  // by scope id
  std::vector<std::uint16_t> group_window_pool_;
  std::vector<std::uint32_t> group_count_scopes_;  // parallel to group_count_tags_
  std::vector<std::uint32_t> top_count_tags_;  // MessageDef::top_groups_begin ranges
  std::vector<std::uint32_t> top_count_scopes_;  // parallel to top_count_tags_
  bool top_tags_compiled_ = false;

  // compiled validation tables (walk_table)
  std::vector<std::uint64_t> walk_table_;      // by tag, tags < dense_.size()
  std::vector<std::uint64_t> walk_char_sets_;  // 4 words per set
};

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_DICTIONARY_H_
