#include "fixwire/dictionary/internal/validation_tables.h"

#include <array>
#include <cstdint>
#include <map>

#include "fixwire/dictionary/dictionary.h"

namespace fixwire {

void Dictionary::CompileValidationTables() {
  using dictionary_internal::kRouteGroupCount;
  using dictionary_internal::kRouteStop;
  using dictionary_internal::WalkCheck;
  using Set = std::array<std::uint64_t, 4>;
  walk_char_sets_.clear();
  std::map<Set, std::uint32_t> known;
  auto intern = [&](const Set& s) -> std::uint32_t {
    auto it = known.find(s);
    if (it != known.end()) return it->second;
    const std::uint32_t id = static_cast<std::uint32_t>(walk_char_sets_.size() / 4);
    known.emplace(s, id);
    walk_char_sets_.insert(walk_char_sets_.end(), s.begin(), s.end());
    return id;
  };
  constexpr std::uint64_t kSpaceAndSoh = (std::uint64_t{1} << ' ') | (std::uint64_t{1} << 1);
  // kPlainCharSet (0): CHAR without enumerated values, every byte but ' ' and SOH.
  intern(Set{~kSpaceAndSoh, ~std::uint64_t{0}, ~std::uint64_t{0}, ~std::uint64_t{0}});

  walk_table_.assign(dense_.size(), dictionary_internal::kUndefinedWalkEntry);
  for (std::size_t tag = 0; tag < dense_.size(); ++tag) {
    const TagInfo info = dense_[tag];
    if (!info.defined()) continue;
    std::uint8_t route = info.placement;
    if (info.flags & FieldDef::kIsGroupCount) route |= kRouteGroupCount;
    WalkCheck check = dictionary_internal::WalkCheckOf(info.value_class);
    std::uint32_t set = 0;
    if (check == WalkCheck::kCharSet) {
      if (info.value_class == ValueClass::kChar) {
        set = dictionary_internal::kPlainCharSet;
      } else {
        // One-character enumerated values below 128 (QuickValueOk's set);
        // a CHAR field's set also leaves out ' ' and SOH.
        const FieldDef& f = fields_[info.ordinal];
        Set s{f.char_enum_bits[0], f.char_enum_bits[1], 0, 0};
        if (info.value_class == ValueClass::kCharEnum) s[0] &= ~kSpaceAndSoh;
        set = intern(s);
      }
      if (set >= dictionary_internal::kMaxCharSets) check = WalkCheck::kNone;
    }
    if (check == WalkCheck::kNone) route |= kRouteStop;
    walk_table_[tag] = dictionary_internal::MakeWalkEntry(info.ordinal, set, check, route);
  }
}

}  // namespace fixwire
