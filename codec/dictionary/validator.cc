#include "fixwire/dictionary/validator.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>

#include "fixwire/dictionary/internal/dictionary_value_format.h"
#include "fixwire/dictionary/internal/group_indexer.h"
#include "fixwire/dictionary/internal/validation_tables.h"
#include "fixwire/dictionary/internal/validator_paths.h"

namespace fixwire {
namespace {

using dictionary_internal::EntryRecord;
using dictionary_internal::GroupIndexer;
using dictionary_internal::GroupRecord;
using dictionary_internal::kNoGroup;
using Access = GroupedMessageAccess;

constexpr std::uint32_t kUserDefinedMin = 5000;
// Scratch bitsets on the stack: up to this many fields per dictionary.
constexpr std::size_t kMaxFieldWords = 256;  // 16384 fields
constexpr std::size_t kEntryWords = Dictionary::kMaxScopeMembers / 64;
// A model group entry's value checks (Checks::Group): at most this many.
constexpr std::uint32_t kMaxPlan = 64;

struct PlannedCheck {
  std::uint32_t at;  // field position in the entry
  TagInfo info;
};

#if defined(__GNUC__)
#define FIXWIRE_ALWAYS_INLINE __attribute__((always_inline))
#else
#define FIXWIRE_ALWAYS_INLINE
#endif

constexpr ValidationResult Fail(ValidationCheck check, SessionRejectReason reason,
                                std::uint32_t tag, std::uint32_t offset) noexcept {
  return ValidationResult{check, reason, tag, offset};
}

inline bool TestBit(const std::uint64_t* bits, std::uint32_t i) noexcept {
  return (bits[i >> 6] >> (i & 63)) & 1u;
}
inline void SetBit(std::uint64_t* bits, std::uint32_t i) noexcept {
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}

// SameText: a == b, inline (BeginString: a few bytes). 4..16 bytes are
// two overlapping loads a side (inside both strings).
inline bool SameText(std::string_view a, std::string_view b) noexcept {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  if (n >= 8 && n <= 16) {
    std::uint64_t x0, x1, y0, y1;
    std::memcpy(&x0, a.data(), 8);
    std::memcpy(&y0, b.data(), 8);
    std::memcpy(&x1, a.data() + n - 8, 8);
    std::memcpy(&y1, b.data() + n - 8, 8);
    return ((x0 ^ y0) | (x1 ^ y1)) == 0;
  }
  if (n >= 4 && n < 8) {
    std::uint32_t x0, x1, y0, y1;
    std::memcpy(&x0, a.data(), 4);
    std::memcpy(&y0, b.data(), 4);
    std::memcpy(&x1, a.data() + n - 4, 4);
    std::memcpy(&y1, b.data() + n - 4, 4);
    return ((x0 ^ y0) | (x1 ^ y1)) == 0;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

bool AllOn(const ValidationOptions& o) noexcept {
  return o.check_begin_string && o.check_msg_type && o.check_appl_ver_id && o.check_tag_known &&
         o.check_user_defined_tags && o.check_tag_in_message && o.check_empty_values &&
         o.check_value_format && o.check_enum_values && o.check_repeated_tags &&
         o.check_field_order && o.check_required && o.check_group_count && o.check_group_order;
}

// The validator's strategies, each a class over the checks they share:
//   IndexedWalk  Validator::Validate: a walk of a message whose groups are
//                indexed (the two-pass path's second pass), each group's
//                entries checked through Checks::Group;
//   OnePass      ValidateMessage's first try with every check on and one
//                dictionary: indexes each group as the walk reaches it;
//   entry by entry: IndexedWalk with shortcuts off (ValidateEntryByEntry):
//                Checks::Group checks every entry through its template.

// Checks is what the strategies share for one message: the value, required
// and unknown-tag checks and a group's entries (Group). kAllOn: every option
// is on (the default Validator), so that the option tests fold away.
template <bool kAllOn>
class Checks {
 public:
  // shortcuts = false: every group entry checked field by field (no model
  // entries, no runs): the reference the tests compare with.
  Checks(const ValidationOptions& o, const GroupedMessage& m, bool shortcuts = true) noexcept
      : o_(o), m_(m), view_(m.message()), fields_(view_.fields().data()), shortcuts_(shortcuts) {}

 protected:
  bool On(bool ValidationOptions::*check) const noexcept {
    if constexpr (kAllOn) {
      return true;
    } else {
      return o_.*check;
    }
  }
  // Skip: user-defined tags are not checked at all.
  bool Skip(std::uint32_t tag) const noexcept {
    return !On(&ValidationOptions::check_user_defined_tags) && tag >= kUserDefinedMin;
  }
  ValidationResult Unknown(const Field& f) const noexcept {
    if (!On(&ValidationOptions::check_tag_known)) return {};
    return Fail(ValidationCheck::kTagKnown,
                f.tag >= kUserDefinedMin ? SessionRejectReason::kUndefinedTag
                                         : SessionRejectReason::kInvalidTagNumber,
                f.tag, f.offset);
  }
  // Value: the full value checks (the hot paths try QuickValueOk first).
#if defined(__GNUC__)
  __attribute__((noinline))
#endif
  ValidationResult Value(const Dictionary& d, TagInfo info, const Field& f) const noexcept {
    if (f.length == 0) {
      if (On(&ValidationOptions::check_empty_values)) {
        return Fail(ValidationCheck::kEmptyValue, SessionRejectReason::kTagSpecifiedWithoutValue,
                    f.tag, f.offset);
      }
      return {};
    }
    const char* v = view_.data() + f.offset;
    if (On(&ValidationOptions::check_value_format)) {
      const ErrorCode e = dictionary_internal::CheckFormatFast(info.type, v, f.length);
      if (e != ErrorCode::kOk) {
        return Fail(ValidationCheck::kValueFormat,
                    e == ErrorCode::kValueOutOfRange ? SessionRejectReason::kValueIsIncorrect
                                                     : SessionRejectReason::kIncorrectDataFormat,
                    f.tag, f.offset);
      }
    }
    if (On(&ValidationOptions::check_enum_values) && (info.flags & FieldDef::kHasEnums)) {
      const FieldDef& fd = d.fields()[info.ordinal];
      bool valid;
      if (f.length == 1 && static_cast<unsigned char>(v[0]) < 128 &&
          fd.type != FieldType::kMultipleCharValue && fd.type != FieldType::kMultipleValueString) {
        const unsigned c = static_cast<unsigned char>(v[0]);
        valid = ((fd.char_enum_bits[c >> 6] >> (c & 63)) & 1u) != 0;
      } else {
        valid = d.IsValidEnum(fd, std::string_view(v, f.length));
      }
      if (!valid) {
        return Fail(ValidationCheck::kEnumValue, SessionRejectReason::kValueIsIncorrect, f.tag,
                    f.offset);
      }
    }
    return {};
  }
  ValidationResult Required(const Dictionary& d, const Scope& s, const std::uint64_t* seen,
                            bool by_position, std::uint32_t offset) const noexcept {
    bool all = true;  // the common case, a mask test per word
    for (const RequiredMask& m : by_position ? d.required_by_position(s) : d.required_by_ordinal(s)) {
      if ((seen[m.word] & m.bits) != m.bits) {
        all = false;
        break;
      }
    }
    if (all) return {};
    // Something is missing: report the first in definition order.
    const ScopeMember* members = d.members(s).data();
    for (std::uint16_t p : d.required_positions(s)) {
      const std::uint32_t bit = by_position ? p : members[p].ordinal;
      if (!TestBit(seen, bit)) {
        return Fail(ValidationCheck::kRequired, SessionRejectReason::kRequiredTagMissing,
                    members[p].tag, offset);
      }
    }
    return {};
  }
  ValidationResult Group(const Dictionary& d, std::uint32_t gid) const noexcept;
  // RunLikeModel: how many entries right after entry e of `rec` (a model:
  // checked, simple, whose plan is plan[0, plan_size)) repeat its tags with
  // no empty value and plan values that QuickValueOk (or equality with the
  // model's one-byte value) settles: 0 unless all of the run's do.
  std::uint32_t RunLikeModel(const Dictionary& d, const GroupRecord& rec, std::uint32_t e,
                             const PlannedCheck* plan, std::uint32_t plan_size) const noexcept;
  // SameTagsNoEmptyValue: fields [b, b + len) have the tags of [a, a + len)
  // and no empty value.
  bool SameTagsNoEmptyValue(std::uint32_t a, std::uint32_t b, std::uint32_t len) const noexcept {
    const Field* x = fields_ + a;
    const Field* y = fields_ + b;
    for (std::uint32_t k = 0; k < len; ++k) {
      if (x[k].tag != y[k].tag || y[k].length == 0) return false;
    }
    return true;
  }

  const ValidationOptions& o_;
  const GroupedMessage& m_;
  const MessageView& view_;
  const Field* fields_;
  bool shortcuts_;
};

template <bool kAllOn>
ValidationResult Checks<kAllOn>::Group(const Dictionary& d, std::uint32_t gid) const noexcept {
  const GroupRecord& rec = Access::group_record(m_, gid);
  const Scope& scope = d.scope(rec.scope);
  const std::uint32_t count = scope.members_count;
  const std::size_t words = (count + 63) / 64;
  // A checked entry without nested groups or unknown fields (the model) can
  // vouch for the structure of a later entry with exactly the same tags and
  // no empty value: same members, order, repeats and required fields, and its
  // strings without enumerated values are fine. Only the model's other
  // fields (its plan: position in the entry and TagInfo) need checking.
  const EntryRecord* model = nullptr;
  PlannedCheck plan[kMaxPlan];
  std::uint32_t plan_size = 0;
  const char* const data = view_.data();
  for (std::uint32_t e = 0; e < rec.size; ++e) {
    const EntryRecord& er = Access::entry_record(m_, rec.first_entry + e);
    if (model != nullptr && er.first_child == kNoGroup && er.end - er.begin == model->end - model->begin &&
        SameTagsNoEmptyValue(model->begin, er.begin, er.end - er.begin)) {
      for (std::uint32_t k = 0; k < plan_size; ++k) {
        const Field& f = fields_[er.begin + plan[k].at];
        // A one-byte value equal to the model's (checked, same field) is fine.
        const Field& mf = fields_[model->begin + plan[k].at];
        if (f.length == 1 && mf.length == 1 && data[f.offset] == data[mf.offset]) continue;
        if (dictionary_internal::QuickValueOk(d, plan[k].info, data + f.offset, f.length)) continue;
        if (ValidationResult r = Value(d, plan[k].info, f); !r.ok()) return r;
      }
      continue;
    }
    plan_size = 0;
    bool simple = er.first_child == kNoGroup;
    std::uint64_t seen[kEntryWords];
    std::memset(seen, 0, words * sizeof(std::uint64_t));
    std::uint32_t child = er.first_child;
    std::uint32_t pos = 0;
    for (std::uint32_t i = er.begin; i < er.end;) {
      const Field& f = fields_[i];
      const std::uint32_t p = d.PositionOf(scope, f.tag);
      if (p == count) {  // an unknown tag kept in the entry
        simple = false;
        if (!Skip(f.tag)) {
          if (f.length == 0 && On(&ValidationOptions::check_empty_values)) {
            return Fail(ValidationCheck::kEmptyValue,
                        SessionRejectReason::kTagSpecifiedWithoutValue, f.tag, f.offset);
          }
          if (ValidationResult r = Unknown(f); !r.ok()) return r;
        }
        ++i;
        continue;
      }
      if (TestBit(seen, p) && On(&ValidationOptions::check_repeated_tags)) {
        return Fail(ValidationCheck::kRepeatedTag, SessionRejectReason::kTagAppearsMoreThanOnce,
                    f.tag, f.offset);
      }
      if (p < pos && On(&ValidationOptions::check_group_order)) {
        return Fail(ValidationCheck::kGroupOrder,
                    SessionRejectReason::kRepeatingGroupFieldsOutOfOrder, f.tag, f.offset);
      }
      SetBit(seen, p);
      pos = p;
      if (!Skip(f.tag)) {
        const TagInfo info = d.tag_info(f.tag);
        if (!dictionary_internal::QuickValueOk(d, info, data + f.offset, f.length)) {
          if (ValidationResult r = Value(d, info, f); !r.ok()) return r;
        }
        if (info.type != FieldType::kString || (info.flags & FieldDef::kHasEnums)) {
          if (plan_size < kMaxPlan) {
            plan[plan_size++] = PlannedCheck{i - er.begin, info};
          } else {
            simple = false;
          }
        }
      }
      if (child != kNoGroup && i == Access::group_record(m_, child).count_field) {
        if (ValidationResult r = Group(d, child); !r.ok()) return r;
        i = Access::group_record(m_, child).end_field;
        child = Access::group_record(m_, child).next_sibling;
        continue;
      }
      ++i;
    }
    if (On(&ValidationOptions::check_required)) {
      if (ValidationResult r = Required(d, scope, seen, true, fields_[er.begin].offset); !r.ok()) {
        return r;
      }
    }
    model = simple && shortcuts_ ? &er : nullptr;
    // The entries right after a new model that repeat its tags: their plan
    // values column by column. All fine: accepted whole (the loop above
    // would accept each of them); otherwise the loop above takes them one
    // by one and reports the first failure in wire order.
    if (model != nullptr && e + 1 < rec.size) {
      e += RunLikeModel(d, rec, e, plan, plan_size);
    }
  }
  return {};
}

template <bool kAllOn>
std::uint32_t Checks<kAllOn>::RunLikeModel(const Dictionary& d, const GroupRecord& rec,
                                        std::uint32_t e, const PlannedCheck* plan,
                                        std::uint32_t plan_size) const noexcept {
  const EntryRecord* const entries = &Access::entry_record(m_, rec.first_entry);
  const EntryRecord& model = entries[e];
  const std::uint32_t len = model.end - model.begin;
  // The candidates: following entries without nested groups, each `len`
  // fields right after the previous.
  std::uint32_t count = 0;
  std::uint32_t next = model.end;
  for (std::uint32_t k = e + 1; k < rec.size; ++k) {
    const EntryRecord& x = entries[k];
    if (x.begin != next || x.end - x.begin != len || x.first_child != kNoGroup) break;
    next += len;
    ++count;
  }
  if (count == 0) return 0;
  // Of those, the entries before the first field that does not repeat the
  // tag `len` fields back (the model's tags, entry by entry) or is empty.
  {
    const Field* p = fields_ + model.end;
    const Field* const stop = fields_ + next;
    const std::ptrdiff_t back = -static_cast<std::ptrdiff_t>(len);
    for (; stop - p >= 4; p += 4) {
      const Field* const q = p + back;
      const std::uint32_t tags = (p[0].tag ^ q[0].tag) | (p[1].tag ^ q[1].tag) |
                                 (p[2].tag ^ q[2].tag) | (p[3].tag ^ q[3].tag);
      const std::uint32_t shortest =
          std::min(std::min(p[0].length, p[1].length), std::min(p[2].length, p[3].length));
      if (tags != 0 || shortest == 0) break;
    }
    while (p != stop && p->tag == p[back].tag && p->length != 0) ++p;
    if (p != stop) {
      count = static_cast<std::uint32_t>(p - (fields_ + model.end)) / len;
      if (count == 0) return 0;
    }
  }
  const char* const data = view_.data();
  // A value at an offset up to `last_word` has 8 bytes inside the message.
  const std::uint32_t size = view_.size();
  const std::uint32_t last_word = size >= 8 ? size - 8 : 0;
  const bool words = size >= 8;
  const Field* const m = fields_ + model.begin;
  const Field* const first = fields_ + model.end;
  for (std::uint32_t k = 0; k < plan_size; ++k) {
    const TagInfo info = plan[k].info;
    const Field* f = first + plan[k].at;
    const Field& mf = m[plan[k].at];
    // A one-byte value equal to the model's (checked, same field) is fine.
    const int model_byte = mf.length == 1 ? static_cast<unsigned char>(data[mf.offset]) : -1;
    bool ok = true;
    switch (info.value_class) {
      case ValueClass::kCharEnum:
      case ValueClass::kTextEnum: {
        // The one-byte values QuickValueOk accepts, and the model's.
        std::uint64_t set[4] = {0, 0, 0, 0};
        const std::uint64_t* bits = d.fields()[info.ordinal].char_enum_bits;
        set[0] = bits[0];
        set[1] = bits[1];
        if (info.value_class == ValueClass::kCharEnum) set[0] &= ~((std::uint64_t{1} << ' ') | 2u);
        if (model_byte >= 0) set[model_byte >> 6] |= std::uint64_t{1} << (model_byte & 63);
        std::uint32_t bad = 0;
        for (std::uint32_t i = 0; i < count; ++i, f += len) {
          const unsigned c = static_cast<unsigned char>(data[f->offset]);
          bad |= (f->length ^ 1u) | (((set[c >> 6] >> (c & 63)) & 1u) ^ 1u);
        }
        ok = bad == 0;
        break;
      }
      case ValueClass::kUnsigned:
      case ValueClass::kSigned:
      case ValueClass::kDecimal:
        for (std::uint32_t i = 0; i < count; ++i, f += len) {
          const char* v = data + f->offset;
          const std::uint32_t n = f->length;
          // (Without a '-', a kSigned value is checked as a kUnsigned one.)
          if (n - 1 < 8 && words && f->offset <= last_word && v[0] != '-') {
            if (info.value_class != ValueClass::kDecimal ? dictionary_internal::ShortUnsigned8(v, n)
                                                         : dictionary_internal::DecimalSyntax8(v, n)) {
              continue;
            }
          } else if (dictionary_internal::QuickValueOk(d, info, v, n)) {
            continue;
          }
          if (n == 1 && static_cast<unsigned char>(v[0]) == model_byte) continue;
          ok = false;
          break;
        }
        break;
      default:
        for (std::uint32_t i = 0; i < count; ++i, f += len) {
          if (f->length == 1 && static_cast<unsigned char>(data[f->offset]) == model_byte) continue;
          if (!dictionary_internal::QuickValueOk(d, info, data + f->offset, f->length)) {
            ok = false;
            break;
          }
        }
        break;
    }
    if (!ok) return 0;
  }
  return count;
}

// --- The one-pass walk's straight path ---

using dictionary_internal::WalkCheck;

// OnePassWalk: what the straight path needs, and where it is.
struct OnePassWalk {
  const Field* end;
  const std::uint64_t* table;  // Dictionary::walk_table
  std::uint32_t size;          // of table
  std::uint32_t last_word;     // a value at an offset up to this has 8 readable bytes
  const char* data;
  const std::uint64_t* char_sets;  // Dictionary::walk_char_sets
  std::uint64_t* absent;
  // The region: TagInfo::kInHeader, 0 (the body) or TagInfo::kInTrailer.
  std::uint32_t region;
};

// TakeBit clears bit `o` (modulo 64) of `bits`; returns whether it was
// set. On x86-64 one BTR (the compilers make a test, a shift and a clear).
// (A 64-bit `o`: the caller may pass a walk entry whole, whose low 6 bits
// are its ordinal's, with no copy to zero-extend the ordinal.)
inline bool TakeBit(std::uint64_t& bits, std::uint64_t o) noexcept {
#if defined(__x86_64__) && defined(__GNUC__)
  bool was_set;
  // (BTR with a register bit offset takes it modulo 64.)
  __asm__("btrq %2, %0" : "+r"(bits), "=@ccc"(was_set) : "r"(o));
  return was_set;
#else
  const std::uint64_t bit = std::uint64_t{1} << (o & 63u);
  const bool was_set = (bits & bit) != 0;
  bits &= ~bit;
  return was_set;
#endif
}

// Stop: why Walk stopped at a field.
enum class Stop : std::uint8_t {
  kEnd,    // every field done
  kFail,   // the message goes to the two-pass path
  kField,  // a field in its region, none of its own checks done: the caller's
  kValue,  // a field whose value alone is not settled (the rest is done)
};
struct WalkStop {
  const Field* at;
  Stop why;
};

// Walk goes through fields from `f` while each is settled here: in the
// walk's region or a later one (the header, the body, then the trailer),
// in the message and not met before (its `absent` bit, then cleared), not
// empty, with a value its WalkCheck accepts (what QuickValueOk accepts; 8-
// byte words where they are readable: QuickValueOkWords). One load of the
// tag's walk_table entry decides the rest: a field whose route (placement,
// group count, stop) is its region's takes the straight path. A field whose
// placement is not its region's moves the walk on to a later region (the
// body, the trailer) or fails (a field out of order, a tag both in the
// header and the trailer); so does a group count in the header or trailer
// (NoHops). It stops at a body group count or a tag it does not define or
// settle (kField) and at a value it does not settle (kValue). Out of line
// and without calls, so that its loop keeps what it needs in registers.
__attribute__((noinline)) WalkStop Walk(const Field* f, OnePassWalk& w) noexcept {
  const Field* const end = w.end;
  const std::uint64_t* const table = w.table;
  const std::uint32_t size = w.size;
  std::uint64_t* const absent = w.absent;
  std::uint32_t region = w.region;
  Stop why = Stop::kFail;
  for (; f != end; ++f) {
    const std::uint32_t tag = f->tag;
    if (tag >= size) goto done;  // beyond the table
    {
      const std::uint64_t e = table[tag];
      const std::uint32_t route = dictionary_internal::WalkRoute(e);
      if (route != region) [[unlikely]] {
        // A later region, a group count, or a tag the walk leaves to the caller.
        const std::uint32_t placement = route & (TagInfo::kInHeader | TagInfo::kInTrailer);
        if (placement != region) {
          if (placement == TagInfo::kInTrailer || (placement == 0 && region == TagInfo::kInHeader)) {
            region = placement;
          } else {
            goto done;
          }
        }
        if (route & dictionary_internal::kRouteGroupCount) {
          if (placement != 0) goto done;
          goto field;
        }
        if (route & dictionary_internal::kRouteStop) goto field;
      }
      // In the message, not repeated.
      const std::uint32_t o = dictionary_internal::WalkOrdinal(e);
      std::uint64_t bits = absent[o >> 6];
      if (!TakeBit(bits, e)) goto done;  // (e's low 6 bits are o's)
      absent[o >> 6] = bits;
      const std::uint32_t n = f->length;
      // Not empty: text here; every other check refuses an empty value
      // (kValue: the caller's full checks then report it).
      const WalkCheck check = dictionary_internal::WalkCheckIn(e);
      if (check == WalkCheck::kText) {
        if (n == 0) goto done;
        continue;
      }
      const char* const p = w.data + f->offset;
      switch (check) {
        case WalkCheck::kCharSet: {
          if (n != 1) goto value;
          const unsigned ch = static_cast<unsigned char>(p[0]);
          const std::uint64_t* const set = w.char_sets + 4 * dictionary_internal::WalkCharSet(e);
          std::uint64_t set_word = set[ch >> 6];
          if (!TakeBit(set_word, ch)) goto value;  // (a test: the copy is dropped)
          continue;
        }
        case WalkCheck::kUnsigned:
          if (!dictionary_internal::IntegerOkWords(p, n, f->offset <= w.last_word, false)) goto value;
          continue;
        case WalkCheck::kSigned:
          if (!dictionary_internal::IntegerOkWords(p, n, f->offset <= w.last_word, true)) goto value;
          continue;
        case WalkCheck::kDecimal:
          if (!dictionary_internal::DecimalOkWords(p, n, f->offset <= w.last_word)) goto value;
          continue;
        case WalkCheck::kTimestamp:
          if (!dictionary_internal::UtcTimestampOk(p, n)) goto value;
          continue;
        case WalkCheck::kTimeOfDay:
          if (!dictionary_internal::TimeOfDayOk(p, n)) goto value;
          continue;
        case WalkCheck::kText:  // (done above)
        case WalkCheck::kNone:  // (not reached: kNone has kRouteStop)
          break;
      }
      goto value;
    }
  }
  why = Stop::kEnd;
  goto done;
field:
  why = Stop::kField;
  goto done;
value:
  why = Stop::kValue;
done:
  w.region = region;
  return {f, why};
}

// OnePass: ValidateMessage with one dictionary `d` for both the header and
// the body, in one walk that indexes each top-level group (through a
// GroupIndexer over `storage` and `out`, made at the first group) as it
// reaches it. *out (m_) holds what GroupIndexer::SetEmpty leaves for the
// message. true: the message is valid and *out is what IndexGroups
// leaves. false: something failed or is not settled here; the caller
// runs the two-pass path, whose answer counts.
class OnePass : public Checks<true> {
 public:
  using Checks<true>::Checks;
  FIXWIRE_ALWAYS_INLINE inline bool Validate(const Dictionary& d, const MessageDef* msg,
                                             GroupStorage& storage, GroupedMessage* out) noexcept;
};

bool OnePass::Validate(const Dictionary& d, const MessageDef* msg, GroupStorage& storage,
                       GroupedMessage* out) noexcept {
  static constexpr GroupOptions kGroups{/*allow_out_of_order=*/false,
                                        UnknownInGroup::kKeepInEntry, /*check_count=*/true};
  // The indexer, from the first group count on (Start() then resets *out
  // as SetEmpty did; Finish() stores its record counts at the end).
  // (In storage of its own rather than a std::optional, whose storage the
  // compilers zero at every call.)
  static_assert(std::is_trivially_destructible_v<GroupIndexer>);
  alignas(GroupIndexer) unsigned char ix_storage[sizeof(GroupIndexer)];
  GroupIndexer* ix = nullptr;
  // absent: the fields of the message's header, body and trailer not met
  // yet. A field whose bit is clear is either not in this message or met
  // before (repeated): both are failures the two-pass path names. Every
  // required field has been met when its bit is clear.
  std::uint64_t absent[kMaxFieldWords];
  std::memcpy(absent, d.message_bits(*msg), d.field_words() * sizeof(std::uint64_t));
  const std::uint32_t defined = static_cast<std::uint32_t>(d.field_count());
  const Field* const fields = fields_;
  const TagInfo* const tags = d.tag_table().data();
  OnePassWalk w;
  w.end = fields + view_.field_count();
  w.table = d.walk_table().data();
  w.size = static_cast<std::uint32_t>(d.walk_table().size());
  w.last_word = view_.size() - 8;  // (OnePassValidate: at least 8 bytes)
  w.data = view_.data();
  w.char_sets = d.walk_char_sets();
  w.absent = absent;
  w.region = TagInfo::kInHeader;
  const Field* f = fields;
  while (true) {
    const WalkStop stop = Walk(f, w);
    f = stop.at;
    if (stop.why == Stop::kEnd) break;
    if (stop.why == Stop::kFail) return false;
    // A field Walk left to us (its tag is below the walk table's size, the
    // TagInfo table's): for kField, defined, in the message, not repeated;
    // its value; then its group, if it counts one.
    const TagInfo info = tags[f->tag];
    if (stop.why == Stop::kField) {
      const std::uint32_t o = info.ordinal;
      if (o >= defined) return false;
      std::uint64_t& word = absent[o >> 6];
      const std::uint64_t bit = std::uint64_t{1} << (o & 63);
      if (!(word & bit)) return false;
      word ^= bit;
    }
    if (!dictionary_internal::QuickValueOk(d, info, w.data + f->offset, f->length) &&
        !Value(d, info, *f).ok()) {
      return false;
    }
    if (info.flags & FieldDef::kIsGroupCount) {
      if (ix == nullptr) {
        ix = new (ix_storage) GroupIndexer(view_, d, d, kGroups, storage, out);
        ix->Start(msg->body);
      }
      const Dictionary* gd;
      const Scope* g = ix->FindTopLevelGroup(f->tag, &d.scope(msg->body), &gd);
      if (g != nullptr) {
        std::uint32_t id, after;
        if (!ix->IndexTopLevelGroup(*gd, *g, static_cast<std::uint32_t>(f - fields), &id, &after)
                 .ok() ||
            !Group(d, id).ok()) {
          return false;
        }
        f = fields + after;
        continue;
      }
    }
    ++f;
  }
  if (ix != nullptr) ix->Finish();
  for (const RequiredMask& m : d.message_required(*msg)) {
    if (absent[m.word] & m.bits) return false;
  }
  return true;
}

// IndexedWalk: Validator::Validate, a walk of a message whose groups are
// indexed: header, body and trailer fields in one loop, each top-level
// group's entries through Checks::Group, the required fields after the walk.
template <bool kAllOn>
class IndexedWalk : public Checks<kAllOn> {
 public:
  using Checks<kAllOn>::Checks;
  ValidationResult Validate() noexcept;

 private:
  using Base = Checks<kAllOn>;
  using Base::fields_;
  using Base::Group;
  using Base::m_;
  using Base::On;
  using Base::Required;
  using Base::Unknown;
  using Base::Value;
  using Base::view_;
};

template <bool kAllOn>
ValidationResult IndexedWalk<kAllOn>::Validate() noexcept {
  const Dictionary& hd = *m_.header_dictionary();
  const Dictionary& bd = *m_.body_dictionary();
  const bool same = &hd == &bd;
  if (On(&ValidationOptions::check_begin_string) && view_.begin_string() != hd.begin_string()) {
    return Fail(ValidationCheck::kBeginString, SessionRejectReason::kValueIsIncorrect,
                kTagBeginString, view_.field_count() ? fields_[0].offset : 0);
  }
  // IndexGroups looked the MsgType up: body_scope() is 0 (the placeholder
  // scope, never a body) when the dictionary does not define it.
  const std::uint32_t body_id = m_.body_scope();
  if (body_id == 0 && On(&ValidationOptions::check_msg_type)) {
    const Field& f = fields_[2];
    return Fail(ValidationCheck::kMsgType, SessionRejectReason::kInvalidMsgType, kTagMsgType,
                f.offset);
  }
  const Scope* body = body_id != 0 ? &bd.scope(body_id) : nullptr;
  const Scope& header = hd.header();
  const Scope& trailer = hd.trailer();

  const std::size_t hwords = hd.field_words();
  const std::size_t bwords = bd.field_words();
  std::uint64_t seen_h[kMaxFieldWords];
  std::uint64_t seen_b_storage[kMaxFieldWords];
  std::memset(seen_h, 0, hwords * sizeof(std::uint64_t));
  std::uint64_t* seen_b = seen_h;
  if (!same) {
    seen_b = seen_b_storage;
    std::memset(seen_b, 0, bwords * sizeof(std::uint64_t));
  }

  // Everything the loop reads, in locals: table pointers.
  const bool skip_user = !On(&ValidationOptions::check_user_defined_tags);
  const char* const data = view_.data();
  const TagInfo* const htable = hd.tag_table().data();
  const std::uint32_t hsize = static_cast<std::uint32_t>(hd.tag_table().size());
  const TagInfo* const btable = bd.tag_table().data();
  const std::uint32_t bsize = static_cast<std::uint32_t>(bd.tag_table().size());
  const std::uint64_t* const body_bits = body != nullptr ? bd.scope_bits(*body) : nullptr;

  int region = 0;  // 0 header, 1 body, 2 trailer
  std::uint32_t group = Access::first_top_level_group(m_);
  std::uint32_t next_count = group != kNoGroup ? Access::group_record(m_, group).count_field : 0xFFFFFFFFu;
  const std::uint32_t n = view_.field_count();
  for (std::uint32_t i = 0; i < n;) {
    const Field& f = fields_[i];
    const std::uint32_t tag = f.tag;
    const TagInfo hi = tag < hsize ? htable[tag] : hd.tag_info(tag);
    const Dictionary* d;
    TagInfo info;
    std::uint64_t* seen;
    bool skip = false;
    if (hi.placement & TagInfo::kInHeader) {
      if (region != 0 && On(&ValidationOptions::check_field_order)) {
        return Fail(ValidationCheck::kFieldOrder,
                    SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, tag, f.offset);
      }
      d = &hd;
      info = hi;
      seen = seen_h;
      skip = skip_user && tag >= kUserDefinedMin;
    } else if (hi.placement & TagInfo::kInTrailer) {
      region = 2;
      d = &hd;
      info = hi;
      seen = seen_h;
      skip = skip_user && tag >= kUserDefinedMin;
    } else {
      if (region == 2 && On(&ValidationOptions::check_field_order)) {
        return Fail(ValidationCheck::kFieldOrder,
                    SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, tag, f.offset);
      }
      region = 1;
      d = &bd;
      info = same ? hi : (tag < bsize ? btable[tag] : bd.tag_info(tag));
      seen = seen_b;
      if (skip_user && tag >= kUserDefinedMin) {  // unchecked, but present for required
        if (info.defined()) SetBit(seen, info.ordinal);
        if (i == next_count) {  // a user-defined group: skipped whole
          i = Access::group_record(m_, group).end_field;
          group = Access::group_record(m_, group).next_sibling;
          next_count = group != kNoGroup ? Access::group_record(m_, group).count_field : 0xFFFFFFFFu;
          continue;
        }
        ++i;
        continue;
      }
      if (!info.defined()) {
        if (f.length == 0 && On(&ValidationOptions::check_empty_values)) {
          return Fail(ValidationCheck::kEmptyValue, SessionRejectReason::kTagSpecifiedWithoutValue,
                      tag, f.offset);
        }
        if (ValidationResult r = Unknown(f); !r.ok()) return r;
        ++i;
        continue;
      }
      if (On(&ValidationOptions::check_tag_in_message) && body_bits != nullptr && !TestBit(body_bits, info.ordinal)) {
        return Fail(ValidationCheck::kTagInMessage,
                    SessionRejectReason::kTagNotDefinedForMessageType, tag, f.offset);
      }
    }
    const std::uint32_t ord = info.ordinal;
    if (TestBit(seen, ord) && On(&ValidationOptions::check_repeated_tags)) {
      return Fail(ValidationCheck::kRepeatedTag, SessionRejectReason::kTagAppearsMoreThanOnce, tag,
                  f.offset);
    }
    SetBit(seen, ord);
    if (!skip && !dictionary_internal::QuickValueOk(*d, info, data + f.offset, f.length)) {
      if (ValidationResult r = Value(*d, info, f); !r.ok()) return r;
    }
    if (i == next_count) {
      const GroupRecord& rec = Access::group_record(m_, group);
      if (ValidationResult r = Group(*d, group); !r.ok()) return r;
      i = rec.end_field;
      group = rec.next_sibling;
      next_count = group != kNoGroup ? Access::group_record(m_, group).count_field : 0xFFFFFFFFu;
      continue;
    }
    ++i;
  }
  if (On(&ValidationOptions::check_required)) {
    if (ValidationResult r = Required(hd, header, seen_h, false, 0); !r.ok()) return r;
    if (body != nullptr) {
      if (ValidationResult r = Required(bd, *body, seen_b, false, 0); !r.ok()) return r;
    }
    if (ValidationResult r = Required(hd, trailer, seen_h, false, 0); !r.ok()) return r;
  }
  return {};
}

// The standard header and trailer tags of FIX 4.0 .. FIXT 1.1.
constexpr std::uint32_t kHeaderTags[] = {
    8,   9,   35,  49,  56,  115, 128, 90,  91,  34,  50,  142, 57,  143, 116, 144,
    129, 145, 43,  97,  52,  122, 212, 213, 347, 369, 627, 628, 629, 630, 1128, 1129, 1156};
constexpr std::uint32_t kTrailerTags[] = {93, 89, 10};
constexpr std::uint32_t kHopTags[] = {628, 629, 630};  // NoHops members may repeat

template <std::size_t N>
constexpr bool In(const std::uint32_t (&list)[N], std::uint32_t tag) noexcept {
  for (std::uint32_t t : list) {
    if (t == tag) return true;
  }
  return false;
}

struct StructureTables {
  // bit 0: header, bit 1: trailer, bit 2: may repeat; for tags < 1160.
  std::uint8_t kind[1160] = {};
  constexpr StructureTables() {
    for (std::uint32_t t : kHeaderTags) kind[t] |= 1;
    for (std::uint32_t t : kTrailerTags) kind[t] |= 2;
    for (std::uint32_t t : kHopTags) kind[t] |= 4;
  }
};
constexpr StructureTables kStructure;

}  // namespace

std::string_view ValidationCheckName(ValidationCheck check) noexcept {
  switch (check) {
    case ValidationCheck::kNone: return "none";
    case ValidationCheck::kBeginString: return "begin_string";
    case ValidationCheck::kMsgType: return "msg_type";
    case ValidationCheck::kApplVerId: return "appl_ver_id";
    case ValidationCheck::kTagKnown: return "tag_known";
    case ValidationCheck::kTagInMessage: return "tag_in_message";
    case ValidationCheck::kEmptyValue: return "empty_value";
    case ValidationCheck::kValueFormat: return "value_format";
    case ValidationCheck::kEnumValue: return "enum_value";
    case ValidationCheck::kRepeatedTag: return "repeated_tag";
    case ValidationCheck::kFieldOrder: return "field_order";
    case ValidationCheck::kRequired: return "required";
    case ValidationCheck::kGroupCount: return "group_count";
    case ValidationCheck::kGroupOrder: return "group_order";
    case ValidationCheck::kCapacity: return "capacity";
  }
  return "?";
}

Validator::Validator(const ValidationOptions& options) noexcept
    : options_(options), all_checks_(AllOn(options)) {}

namespace {

// ValidateWith is Validate's body: the message-level preconditions, then the
// IndexedWalk for `options`; `shortcuts` false checks every group entry field by
// field (ValidateEntryByEntry).
[[gnu::always_inline]] inline ValidationResult ValidateWith(const ValidationOptions& options,
                                                            bool all_checks,
                                                            const GroupedMessage& msg,
                                                            bool shortcuts) noexcept {
  if (msg.header_dictionary() == nullptr || msg.body_dictionary() == nullptr ||
      msg.message().field_count() < 3) {
    return Fail(ValidationCheck::kMsgType, SessionRejectReason::kInvalidMsgType, kTagMsgType, 0);
  }
  if (msg.header_dictionary()->field_words() > kMaxFieldWords ||
      msg.body_dictionary()->field_words() > kMaxFieldWords) {
    return Fail(ValidationCheck::kCapacity, SessionRejectReason::kOther, 0, 0);
  }
  if (all_checks) return IndexedWalk<true>(options, msg, shortcuts).Validate();
  return IndexedWalk<false>(options, msg, shortcuts).Validate();
}

}  // namespace

ValidationResult Validator::Validate(const GroupedMessage& msg) const noexcept {
  return ValidateWith(options_, all_checks_, msg, /*shortcuts=*/true);
}

ValidationResult dictionary_internal::ValidateEntryByEntry(const Validator& validator,
                                                      const GroupedMessage& msg) noexcept {
  return ValidateWith(validator.options(), validator.all_checks(), msg, /*shortcuts=*/false);
}

GroupOptions Validator::group_options() const noexcept {
  GroupOptions g;
  g.allow_out_of_order = !options_.check_group_order;
  g.unknown_fields = UnknownInGroup::kKeepInEntry;
  g.check_count = options_.check_group_count;
  return g;
}

ValidationResult FromGroupError(const Error& e) noexcept {
  switch (e.code) {
    case ErrorCode::kOk:
      return {};
    case ErrorCode::kGroupCountMismatch:
      return Fail(ValidationCheck::kGroupCount, SessionRejectReason::kIncorrectNumInGroupCount,
                  e.tag, e.offset);
    case ErrorCode::kGroupFieldOutOfOrder:
    case ErrorCode::kGroupMissingDelimiter:
      return Fail(ValidationCheck::kGroupOrder,
                  SessionRejectReason::kRepeatingGroupFieldsOutOfOrder, e.tag, e.offset);
    case ErrorCode::kGroupUnknownField:
      return Fail(ValidationCheck::kTagKnown,
                  e.tag >= kUserDefinedMin ? SessionRejectReason::kUndefinedTag
                                           : SessionRejectReason::kInvalidTagNumber,
                  e.tag, e.offset);
    case ErrorCode::kBadValue:
    case ErrorCode::kValueOutOfRange:
      return Fail(ValidationCheck::kValueFormat, SessionRejectReason::kIncorrectDataFormat, e.tag,
                  e.offset);
    default:
      return Fail(ValidationCheck::kCapacity, SessionRejectReason::kOther, e.tag, e.offset);
  }
}

namespace {

// OnePassValidate: true when the one-pass path (every check on, one
// dictionary) finds the message valid; false sends it to the two-pass path.
[[gnu::always_inline]] inline bool OnePassValidate(const MessageView& view, const Dictionary& d, GroupStorage& storage,
                     GroupedMessage* out) noexcept {
  if (view.field_count() < 3 || view.size() < 8 || d.field_words() > kMaxFieldWords ||
      !SameText(view.begin_string(), d.begin_string())) {
    return false;
  }
  const MessageDef* msg = d.message(view.msg_type());
  if (msg == nullptr) return false;
  static constexpr ValidationOptions kAll{};
  GroupIndexer::SetEmpty(view, d, d, storage, msg->body, out);
  return OnePass(kAll, *out).Validate(d, msg, storage, out);
}

// TwoPass: ValidateMessage's way out when the one-pass path does not
// accept (out of line, so that the one-pass path keeps a small frame).
[[gnu::noinline]] ValidationResult TwoPass(const MessageView& view, const Dictionary& header_dict,
                                           const Dictionary& body_dict, const Validator& validator,
                                           GroupStorage& storage, GroupedMessage* out) noexcept {
  return dictionary_internal::ValidateMessageTwoPass(view, header_dict, body_dict, validator, storage,
                                                out);
}

}  // namespace

ValidationResult ValidateMessage(const MessageView& view, const Dictionary& header_dict,
                                 const Dictionary& body_dict, const Validator& validator,
                                 GroupStorage& storage, GroupedMessage* out) noexcept {
  if (validator.all_checks() && &header_dict == &body_dict &&
      OnePassValidate(view, body_dict, storage, out)) {
    return {};
  }
  return TwoPass(view, header_dict, body_dict, validator, storage, out);
}

ValidationResult dictionary_internal::ValidateMessageTwoPass(const MessageView& view,
                                                        const Dictionary& header_dict,
                                                        const Dictionary& body_dict,
                                                        const Validator& validator,
                                                        GroupStorage& storage,
                                                        GroupedMessage* out) noexcept {
  const ValidationOptions& o = validator.options();
  // BeginString and MsgType come first, as in QuickFIX.
  if (o.check_begin_string && view.begin_string() != header_dict.begin_string()) {
    return Fail(ValidationCheck::kBeginString, SessionRejectReason::kValueIsIncorrect,
                kTagBeginString, view.field_count() ? view.field(0).offset : 0);
  }
  if (o.check_msg_type && view.field_count() > 2 && body_dict.message(view.msg_type()) == nullptr) {
    return Fail(ValidationCheck::kMsgType, SessionRejectReason::kInvalidMsgType, kTagMsgType,
                view.field(2).offset);
  }
  Error e = &header_dict == &body_dict
                ? IndexGroups(view, body_dict, validator.group_options(), storage, out)
                : IndexGroups(view, header_dict, body_dict, validator.group_options(), storage, out);
  if (!e.ok()) {
    // A count field that repeats a top-level one is a repeated tag first (as
    // QuickFIX reports it), whatever its entries look like.
    if (o.check_repeated_tags && e.code != ErrorCode::kIndexCapacityExceeded) {
      const Field* first = out->FindTopLevel(e.tag);
      if (first != nullptr && first->offset < e.offset &&
          (e.code == ErrorCode::kGroupCountMismatch || e.code == ErrorCode::kBadValue)) {
        return Fail(ValidationCheck::kRepeatedTag, SessionRejectReason::kTagAppearsMoreThanOnce,
                    e.tag, e.offset);
      }
    }
    return FromGroupError(e);
  }
  return validator.Validate(*out);
}

ValidationResult ValidateMessage(const MessageView& view, const DictionarySet& dictionaries,
                                 const Validator& validator, GroupStorage& storage,
                                 GroupedMessage* out) noexcept {
  DictionarySet::Selection s = dictionaries.Select(view);
  if (!s.ok()) {
    if (validator.options().check_appl_ver_id) {
      return Fail(ValidationCheck::kApplVerId,
                  SessionRejectReason::kInvalidUnsupportedApplicationVersion, s.tag, s.offset);
    }
    s.body = dictionaries.default_application();
    if (s.body == nullptr) s.body = s.header;
  }
  return ValidateMessage(view, *s.header, *s.body, validator, storage, out);
}

ValidationResult ValidateStructure(const MessageView& view) noexcept {
  const std::uint32_t n = view.field_count();
  if (n < 4) {
    return Fail(ValidationCheck::kRequired, SessionRejectReason::kRequiredTagMissing,
                n < 3 ? kTagMsgType : kTagCheckSum, 0);
  }
  const Field* fields = view.fields().data();
  constexpr std::uint32_t kFirst[3] = {kTagBeginString, kTagBodyLength, kTagMsgType};
  for (std::uint32_t i = 0; i < 3; ++i) {
    if (fields[i].tag != kFirst[i]) {
      return Fail(ValidationCheck::kFieldOrder,
                  SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, fields[i].tag,
                  fields[i].offset);
    }
  }
  if (fields[n - 1].tag != kTagCheckSum) {
    return Fail(ValidationCheck::kFieldOrder, SessionRejectReason::kTagSpecifiedOutOfRequiredOrder,
                fields[n - 1].tag, fields[n - 1].offset);
  }
  std::uint64_t seen[1160 / 64 + 1] = {};
  int region = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    const Field& f = fields[i];
    if (f.length == 0) {
      return Fail(ValidationCheck::kEmptyValue, SessionRejectReason::kTagSpecifiedWithoutValue,
                  f.tag, f.offset);
    }
    const std::uint8_t kind = f.tag < 1160 ? kStructure.kind[f.tag] : 0;
    if (kind & 1) {
      if (region != 0) {
        return Fail(ValidationCheck::kFieldOrder,
                    SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, f.tag, f.offset);
      }
    } else if (kind & 2) {
      region = 2;
    } else {
      if (region == 2) {
        return Fail(ValidationCheck::kFieldOrder,
                    SessionRejectReason::kTagSpecifiedOutOfRequiredOrder, f.tag, f.offset);
      }
      region = 1;
      continue;
    }
    if (!(kind & 4)) {
      if (TestBit(seen, f.tag)) {
        return Fail(ValidationCheck::kRepeatedTag, SessionRejectReason::kTagAppearsMoreThanOnce,
                    f.tag, f.offset);
      }
      SetBit(seen, f.tag);
    }
  }
  return {};
}

}  // namespace fixwire
