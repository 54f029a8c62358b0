// validation_tables.h: the layout of the tables a Dictionary compiles at
// load for the validator's one-pass walk (Dictionary::walk_table and
// walk_char_sets), and how an entry is derived from a field. Internal.
//
// A walk entry is one 64-bit word per tag, read with one load:
//   bits  0..31  the field's ordinal (Dictionary::kNoOrdinal: not defined)
//   bits 32..47  its char set (WalkCheck::kCharSet): an index into
//                walk_char_sets, 4 words (256 bits, one per byte value) each
//   bits 48..55  its WalkCheck: the inline value check that settles it
//                (8 values: the top 5 bits are 0)
//   bits 56..63  its route: placement (TagInfo::kInHeader, kInTrailer), plus
//                kRouteGroupCount for a group count and kRouteStop for a tag
//                the walk does not settle (not defined, or WalkCheck::kNone)
// So a field is on the walk's straight path exactly when its route equals
// the walk's region (kInHeader, 0 for the body, kInTrailer). Each WalkCheck
// accepts exactly what QuickValueOk accepts for the field's ValueClass (a
// test compares them); the tables promise nothing else.
#ifndef FIXWIRE_DICTIONARY_INTERNAL_VALIDATION_TABLES_H_
#define FIXWIRE_DICTIONARY_INTERNAL_VALIDATION_TABLES_H_

#include <cstdint>

#include "fixwire/dictionary/internal/field_types.h"

namespace fixwire::dictionary_internal {

enum class WalkCheck : std::uint8_t {
  kNone = 0,   // not settled inline (ValueClass::kOther)
  kText,       // any non-empty value
  kCharSet,    // one byte, in the entry's char set (CHAR, and one-character enums)
  kUnsigned,   // ValueClass::kUnsigned
  kSigned,     // ValueClass::kSigned
  kDecimal,    // ValueClass::kDecimal
  kTimestamp,  // ValueClass::kTimestamp
  kTimeOfDay,  // ValueClass::kTimeOfDay
};
static_assert(static_cast<int>(WalkCheck::kTimeOfDay) == 7, "a WalkCheck is 3 bits");

inline constexpr std::uint8_t kRouteGroupCount = 4;
inline constexpr std::uint8_t kRouteStop = 8;
// The char set of every CHAR field without enumerated values: every byte
// but ' ' and SOH. Always index 0.
inline constexpr std::uint32_t kPlainCharSet = 0;
inline constexpr std::uint32_t kMaxCharSets = 1u << 16;

constexpr WalkCheck WalkCheckOf(ValueClass c) noexcept {
  switch (c) {
    case ValueClass::kText: return WalkCheck::kText;
    case ValueClass::kTextEnum:
    case ValueClass::kChar:
    case ValueClass::kCharEnum: return WalkCheck::kCharSet;
    case ValueClass::kUnsigned: return WalkCheck::kUnsigned;
    case ValueClass::kSigned: return WalkCheck::kSigned;
    case ValueClass::kDecimal: return WalkCheck::kDecimal;
    case ValueClass::kTimestamp: return WalkCheck::kTimestamp;
    case ValueClass::kTimeOfDay: return WalkCheck::kTimeOfDay;
    case ValueClass::kOther: break;
  }
  return WalkCheck::kNone;
}

constexpr std::uint64_t MakeWalkEntry(std::uint32_t ordinal, std::uint32_t char_set,
                                      WalkCheck check, std::uint8_t route) noexcept {
  return std::uint64_t{ordinal} | (std::uint64_t{char_set & 0xFFFFu} << 32) |
         (std::uint64_t{static_cast<std::uint8_t>(check)} << 48) | (std::uint64_t{route} << 56);
}
// The entry of a tag the dictionary does not define.
inline constexpr std::uint64_t kUndefinedWalkEntry =
    MakeWalkEntry(TagInfo::kNoOrdinal, 0, WalkCheck::kNone, kRouteStop);

constexpr std::uint32_t WalkOrdinal(std::uint64_t e) noexcept { return static_cast<std::uint32_t>(e); }
constexpr std::uint32_t WalkCharSet(std::uint64_t e) noexcept {
  return static_cast<std::uint32_t>(e >> 32) & 0xFFFFu;
}
constexpr WalkCheck WalkCheckIn(std::uint64_t e) noexcept {
  return static_cast<WalkCheck>((e >> 48) & 7);
}
constexpr std::uint32_t WalkRoute(std::uint64_t e) noexcept { return static_cast<std::uint32_t>(e >> 56); }

}  // namespace fixwire::dictionary_internal

#endif  // FIXWIRE_DICTIONARY_INTERNAL_VALIDATION_TABLES_H_
