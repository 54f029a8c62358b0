#include "fixwire/dictionary/dictionary.h"

#include <algorithm>
#include <array>

namespace fixwire {
namespace {

struct TypeName {
  std::string_view name;
  FieldType type;
};

// Canonical names first (FieldTypeName uses the first entry of each type).
constexpr std::array<TypeName, 43> kTypeNames = {{
    {"STRING", FieldType::kString},
    {"CHAR", FieldType::kChar},
    {"BOOLEAN", FieldType::kBoolean},
    {"INT", FieldType::kInt},
    {"LENGTH", FieldType::kLength},
    {"NUMINGROUP", FieldType::kNumInGroup},
    {"SEQNUM", FieldType::kSeqNum},
    {"TAGNUM", FieldType::kTagNum},
    {"DAYOFMONTH", FieldType::kDayOfMonth},
    {"FLOAT", FieldType::kFloat},
    {"QTY", FieldType::kQty},
    {"PRICE", FieldType::kPrice},
    {"PRICEOFFSET", FieldType::kPriceOffset},
    {"AMT", FieldType::kAmt},
    {"PERCENTAGE", FieldType::kPercentage},
    {"MULTIPLECHARVALUE", FieldType::kMultipleCharValue},
    {"MULTIPLEVALUESTRING", FieldType::kMultipleValueString},
    {"COUNTRY", FieldType::kCountry},
    {"CURRENCY", FieldType::kCurrency},
    {"EXCHANGE", FieldType::kExchange},
    {"LANGUAGE", FieldType::kLanguage},
    {"MONTHYEAR", FieldType::kMonthYear},
    {"UTCTIMESTAMP", FieldType::kUtcTimestamp},
    {"UTCTIMEONLY", FieldType::kUtcTimeOnly},
    {"UTCDATEONLY", FieldType::kUtcDateOnly},
    {"LOCALMKTDATE", FieldType::kLocalMktDate},
    {"LOCALMKTTIME", FieldType::kLocalMktTime},
    {"TZTIMEONLY", FieldType::kTzTimeOnly},
    {"TZTIMESTAMP", FieldType::kTzTimestamp},
    {"DATA", FieldType::kData},
    {"XMLDATA", FieldType::kXmlData},
    {"PATTERN", FieldType::kPattern},
    {"TENOR", FieldType::kTenor},
    {"RESERVED100PLUS", FieldType::kReserved100Plus},
    {"RESERVED1000PLUS", FieldType::kReserved1000Plus},
    {"RESERVED4000PLUS", FieldType::kReserved4000Plus},
    // Aliases found in FIX 4.x dictionaries.
    {"MULTIPLESTRINGVALUE", FieldType::kMultipleValueString},
    {"TIME", FieldType::kUtcTimestamp},
    {"UTCDATE", FieldType::kUtcDateOnly},
    {"DATE", FieldType::kUtcDateOnly},
    {"MONTH-YEAR", FieldType::kMonthYear},
    {"DAY-OF-MONTH", FieldType::kDayOfMonth},
    {"XID", FieldType::kString},
}};

bool ValidMultiEnum(const Dictionary& d, const FieldDef& f, std::string_view value) noexcept {
  if (value.empty()) return false;
  std::size_t pos = 0;
  while (true) {
    std::size_t end = value.find(' ', pos);
    if (end == std::string_view::npos) end = value.size();
    std::string_view elem = value.substr(pos, end - pos);
    if (elem.empty()) return false;
    bool ok;
    if (elem.size() == 1 && static_cast<unsigned char>(elem[0]) < 128) {
      unsigned c = static_cast<unsigned char>(elem[0]);
      ok = (f.char_enum_bits[c >> 6] >> (c & 63)) & 1u;
    } else {
      auto values = d.enum_values(f);
      ok = std::binary_search(values.begin(), values.end(), elem);
    }
    if (!ok) return false;
    if (end == value.size()) return true;
    pos = end + 1;
  }
}

}  // namespace

bool FieldTypeFromName(std::string_view name, FieldType* type) noexcept {
  for (const TypeName& t : kTypeNames) {
    if (t.name == name) {
      *type = t.type;
      return true;
    }
  }
  return false;
}

std::string_view FieldTypeName(FieldType type) noexcept {
  for (const TypeName& t : kTypeNames) {
    if (t.type == type) return t.name;
  }
  return "?";
}

std::uint32_t Dictionary::SparseOrdinal(std::uint32_t tag) const noexcept {
  auto it = std::lower_bound(sparse_.begin(), sparse_.end(), tag,
                             [](const std::pair<std::uint32_t, std::uint32_t>& e,
                                std::uint32_t t) { return e.first < t; });
  if (it != sparse_.end() && it->first == tag) return it->second;
  return kNoOrdinal;
}

TagInfo Dictionary::SparseInfo(std::uint32_t tag) const noexcept {
  TagInfo info;
  const std::uint32_t o = SparseOrdinal(tag);
  if (o == kNoOrdinal) return info;
  const FieldDef& f = fields_[o];
  info.ordinal = o;
  info.type = f.type;
  info.flags = f.flags;
  info.value_class = ValueClassOf(f.type, f.has_enums());
  if (Contains(header(), o)) info.placement |= TagInfo::kInHeader;
  if (Contains(trailer(), o)) info.placement |= TagInfo::kInTrailer;
  return info;
}

const FieldDef* Dictionary::field_by_name(std::string_view name) const noexcept {
  auto it = std::lower_bound(names_sorted_.begin(), names_sorted_.end(), name,
                             [this](std::uint32_t o, std::string_view n) {
                               return std::string_view(field_names_[o]) < n;
                             });
  if (it != names_sorted_.end() && field_names_[*it] == name) return &fields_[*it];
  return nullptr;
}

bool Dictionary::IsValidEnum(const FieldDef& f, std::string_view value) const noexcept {
  if (!f.has_enums()) return true;
  if (f.type == FieldType::kMultipleCharValue || f.type == FieldType::kMultipleValueString) {
    return ValidMultiEnum(*this, f, value);
  }
  if (value.size() == 1) {
    unsigned c = static_cast<unsigned char>(value[0]);
    if (c < 128 && ((f.char_enum_bits[c >> 6] >> (c & 63)) & 1u)) return true;
  }
  if (f.flags & FieldDef::kCharEnumsOnly) return false;
  auto values = enum_values(f);
  return std::binary_search(values.begin(), values.end(), value);
}

// LongMessage: message() for what its inline table does not cover.
const MessageDef* Dictionary::LongMessage(std::string_view msg_type) const noexcept {
  auto it = std::lower_bound(long_types_.begin(), long_types_.end(), msg_type,
                             [](const std::pair<std::string_view, std::uint32_t>& e,
                                std::string_view t) { return e.first < t; });
  if (it != long_types_.end() && it->first == msg_type) return &messages_[it->second];
  return nullptr;
}

void Dictionary::CompileGroupWindows() {
  group_windows_.assign(scopes_.size(), GroupMemberWindow{});
  group_window_pool_.clear();
  for (const Scope& s : scopes_) {
    if (s.count_tag == 0 || s.members_count == 0) continue;  // not a group
    std::uint32_t lo = 0xFFFFFFFFu, hi = 0;
    for (const ScopeMember& m : members(s)) {
      lo = std::min(lo, m.tag);
      hi = std::max(hi, m.tag);
    }
    const std::uint32_t span = std::min(hi - lo + 1, kGroupWindowLimit);
    GroupMemberWindow& w = group_windows_[s.id];
    w.lo = lo;
    static_assert(kGroupWindowLimit <= 0xFFFF);  // span fits GroupMemberWindow's uint16_t
    w.span = static_cast<std::uint16_t>(span);
    w.member_last = hi - lo;  // every member, also beyond a window cut at kGroupWindowLimit
    w.begin = static_cast<std::uint32_t>(group_window_pool_.size());
    w.plain_delimiter = members(s)[0].group == 0;
    for (std::uint32_t t = lo; t - lo < span; ++t) {
      // The same answer LookupMember gives, kept only for a plain member.
      const std::uint32_t p = LookupMember(s, t);
      const bool plain = p != s.members_count && (p & ScopeSlot::kIsGroup) == 0 && p != 0 &&
                         t != s.delimiter;
      group_window_pool_.push_back(plain ? static_cast<std::uint16_t>(p) : std::uint16_t{0});
    }
  }
  // The scope of each listed count tag: what GroupIndexer::FindTopLevelGroup finds.
  group_count_scopes_.assign(group_count_tags_.size(), 0);
  auto id_of = [](const Scope* g) { return g != nullptr ? g->id : 0u; };
  for (std::uint32_t k = 0; k < header_trailer_groups_count; ++k) {
    const std::uint32_t at = header_trailer_groups_begin + k;
    const Scope* g = GroupIn(header(), group_count_tags_[at]);
    if (g == nullptr) g = GroupIn(trailer(), group_count_tags_[at]);
    group_count_scopes_[at] = id_of(g);
  }
  for (const MessageDef& m : messages_) {
    for (std::uint32_t k = 0; k < m.groups_count; ++k) {
      const std::uint32_t at = m.groups_begin + k;
      group_count_scopes_[at] = id_of(GroupIn(scope(m.body), group_count_tags_[at]));
    }
  }
  // Each message's top-level count tags in one list: its body's, then the
  // header's and the trailer's.
  // The scope of each, as above.
  top_count_tags_.clear();
  top_count_scopes_.clear();
  for (MessageDef& m : messages_) {
    m.top_groups_begin = static_cast<std::uint32_t>(top_count_tags_.size());
    for (std::uint32_t k = 0; k < m.groups_count; ++k) {
      top_count_tags_.push_back(group_count_tags_[m.groups_begin + k]);
      top_count_scopes_.push_back(group_count_scopes_[m.groups_begin + k]);
    }
    for (std::uint32_t k = 0; k < header_trailer_groups_count; ++k) {
      top_count_tags_.push_back(group_count_tags_[header_trailer_groups_begin + k]);
      top_count_scopes_.push_back(group_count_scopes_[header_trailer_groups_begin + k]);
    }
    m.top_groups_count = static_cast<std::uint32_t>(top_count_tags_.size()) - m.top_groups_begin;
    m.top_groups_max_tag = 0;
    for (std::uint32_t k = m.top_groups_begin; k < top_count_tags_.size(); ++k) {
      m.top_groups_max_tag = std::max(m.top_groups_max_tag, top_count_tags_[k]);
    }
  }
  top_tags_compiled_ = true;
}

const MessageDef* Dictionary::message_by_name(std::string_view name) const noexcept {
  for (std::size_t i = 0; i < message_names_.size(); ++i) {
    if (message_names_[i] == name) return &messages_[i];
  }
  return nullptr;
}

}  // namespace fixwire
