#include "fixwire/dictionary/dictionary_loader.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "pugixml.hpp"

namespace fixwire {

// The largest tag accepted (codec/field.h kMaxTag).
inline constexpr std::uint32_t kMaxFieldTag = 999'999'999;

namespace {

// Cat concatenates strings and integers (Debian's abseil has its own
// string_view type, so absl::StrCat does not take std::string_view).
inline void AppendPiece(std::string* out, std::string_view s) { out->append(s); }
inline void AppendPiece(std::string* out, const char* s) { out->append(s); }
inline void AppendPiece(std::string* out, const std::string& s) { out->append(s); }
template <typename Int, typename = std::enable_if_t<std::is_integral_v<Int>>>
inline void AppendPiece(std::string* out, Int v) {
  out->append(std::to_string(v));
}
template <typename... Args>
std::string Cat(const Args&... args) {
  std::string out;
  (AppendPiece(&out, args), ...);
  return out;
}
bool ParseUnsigned(std::string_view s, std::uint32_t* out) {
  auto r = std::from_chars(s.data(), s.data() + s.size(), *out);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}
bool ParseInt(std::string_view s, int* out) {
  auto r = std::from_chars(s.data(), s.data() + s.size(), *out);
  return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size();
}
std::string Join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out.append(sep);
    out.append(parts[i]);
  }
  return out;
}

}  // namespace

// DictionaryBuilder compiles one parsed XML document into a Dictionary.
class DictionaryBuilder {
 public:
  DictionaryBuilder(std::string_view xml, std::string_view source,
                    std::vector<std::string>* warnings)
      : xml_(xml), source_(source), warnings_(warnings) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < xml.size(); ++i) {
      if (xml[i] == '\n') line_starts_.push_back(i + 1);
    }
  }

  absl::StatusOr<Dictionary> Build();

 private:
  struct RawField {
    std::uint32_t tag;
    std::string name;
    FieldType type;
    std::vector<std::pair<std::string, std::string>> values;
    pugi::xml_node node;
  };

  std::size_t LineOf(std::ptrdiff_t offset) const {
    if (offset < 0) return 1;
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(),
                               static_cast<std::size_t>(offset));
    return static_cast<std::size_t>(it - line_starts_.begin());
  }
  absl::Status Error(pugi::xml_node node, std::string_view problem) const {
    std::ptrdiff_t off = node ? node.offset_debug() : -1;
    return absl::InvalidArgumentError(Cat(source_, ":", LineOf(off), ": ", problem));
  }

  void Warn(pugi::xml_node node, std::string_view problem) {
    if (warnings_ == nullptr) return;
    std::ptrdiff_t off = node ? node.offset_debug() : -1;
    warnings_->push_back(Cat(source_, ":", LineOf(off), ": ", problem));
  }

  absl::Status LoadFields(pugi::xml_node fields);
  absl::Status Expand(pugi::xml_node parent, bool required_ctx, std::string_view where,
                      std::vector<ScopeMember>* out);
  absl::StatusOr<std::uint32_t> BuildGroup(pugi::xml_node group, std::string_view where);
  std::uint32_t ReserveScope() {
    Scope s;
    s.id = static_cast<std::uint32_t>(d_.scopes_.size());
    d_.scopes_.push_back(s);
    pending_.emplace_back();
    return s.id;
  }
  absl::StatusOr<std::uint32_t> BuildScope(pugi::xml_node node, std::string_view where) {
    std::uint32_t id = ReserveScope();
    std::vector<ScopeMember> members;
    if (node) {
      absl::Status st = Expand(node, true, where, &members);
      if (!st.ok()) return st;
    }
    pending_[id] = std::move(members);
    return id;
  }
  void CommitScopes();
  void CompileFields();
  void CompileMessageTables();
  void CompileMessageMasks();
  void CompileGroupCountTags();
  void CompileTagInfo();

  std::string_view xml_;
  std::string source_;
  std::vector<std::string>* warnings_;  // may be null
  std::vector<std::size_t> line_starts_;
  pugi::xml_document doc_;
  Dictionary d_;

  std::vector<RawField> raw_;                               // sorted by tag after LoadFields
  std::unordered_map<std::string, std::uint32_t> by_name_;  // name -> ordinal
  std::unordered_map<std::string, pugi::xml_node> components_;
  std::vector<std::string> component_stack_;
  std::map<std::size_t, std::uint32_t> group_memo_;  // <group> node hash -> scope id
  std::vector<std::vector<ScopeMember>> pending_;    // members per scope id
};

absl::Status DictionaryBuilder::LoadFields(pugi::xml_node fields) {
  if (!fields) return Error(doc_.child("fix"), "no <fields> section");
  std::unordered_map<std::uint32_t, std::size_t> by_tag;
  std::unordered_map<std::string, std::size_t> names;
  for (pugi::xml_node f : fields.children()) {
    if (f.type() != pugi::node_element) continue;
    if (std::string_view(f.name()) != "field") {
      return Error(f, Cat("unexpected element <", f.name(), "> in <fields>"));
    }
    RawField rf;
    rf.node = f;
    std::string_view number = f.attribute("number").value();
    std::uint32_t tag = 0;
    if (number.empty() || !ParseUnsigned(number, &tag) || tag == 0 || tag > kMaxFieldTag ||
        number[0] == '+' || number[0] == '-') {
      return Error(f, Cat("field has a bad number '", number, "'"));
    }
    rf.tag = tag;
    rf.name = f.attribute("name").value();
    if (rf.name.empty()) return Error(f, Cat("field ", tag, " has no name"));
    std::string_view type = f.attribute("type").value();
    if (!FieldTypeFromName(type, &rf.type)) {
      return Error(f, Cat("field '", rf.name, "' (", tag, ") has unknown type '", type,
                                   "'"));
    }
    if (by_tag.count(tag)) {
      return Error(f, Cat("duplicate field number ", tag, " ('", rf.name, "' and '",
                                   raw_[by_tag[tag]].name, "')"));
    }
    if (names.count(rf.name)) {
      return Error(f, Cat("duplicate field name '", rf.name, "' (numbers ",
                                   raw_[names[rf.name]].tag, " and ", tag, ")"));
    }
    std::set<std::string> seen_values;
    for (pugi::xml_node v : f.children()) {
      if (v.type() != pugi::node_element) continue;
      if (std::string_view(v.name()) != "value") {
        return Error(v, Cat("unexpected element <", v.name(), "> in field '", rf.name,
                                     "'"));
      }
      std::string e = v.attribute("enum").value();
      if (e.empty()) return Error(v, Cat("field '", rf.name, "' has an empty enum value"));
      if (!seen_values.insert(e).second) {
        return Error(v, Cat("field '", rf.name, "' lists enum value '", e, "' twice"));
      }
      rf.values.emplace_back(e, v.attribute("description").value());
    }
    by_tag[tag] = raw_.size();
    names[rf.name] = raw_.size();
    raw_.push_back(std::move(rf));
  }
  std::sort(raw_.begin(), raw_.end(),
            [](const RawField& a, const RawField& b) { return a.tag < b.tag; });
  for (std::size_t i = 0; i < raw_.size(); ++i) by_name_[raw_[i].name] = static_cast<std::uint32_t>(i);
  return absl::OkStatus();
}

absl::StatusOr<std::uint32_t> DictionaryBuilder::BuildGroup(pugi::xml_node group,
                                                            std::string_view where) {
  auto memo = group_memo_.find(group.hash_value());
  if (memo != group_memo_.end()) return memo->second;
  std::string name = group.attribute("name").value();
  auto it = by_name_.find(name);
  if (it == by_name_.end()) {
    return Error(group, Cat("unknown field name '", name, "' for a group in ", where));
  }
  const RawField& count = raw_[it->second];
  // FIX 4.0-4.2 had no NumInGroup type: their specifications type every
  // NoXXX field "int", so an INT count field is normal there. In later
  // versions it is a quirk (QuickFIX's FIX43.xml types NoClearingInstructions
  // INT): accepted as QuickFIX does, and reported as a warning.
  if (count.type == FieldType::kInt) {
    if (!(d_.major_ == 4 && d_.minor_ <= 2)) {
      Warn(group, Cat("group '", name, "' in ", where,
                      ": count field is INT, not NUMINGROUP; accepted as a group"));
    }
  } else if (count.type != FieldType::kNumInGroup) {
    return Error(group, Cat("group '", name, "' in ", where,
                                     ": count field is not NUMINGROUP (type is ",
                                     FieldTypeName(count.type), ")"));
  }
  std::uint32_t id = ReserveScope();
  std::vector<ScopeMember> members;
  std::string inner = Cat("group '", name, "'");
  absl::Status st = Expand(group, true, inner, &members);
  if (!st.ok()) return st;
  if (members.empty()) return Error(group, Cat("group '", name, "' has no fields"));
  if (members.size() > Dictionary::kMaxScopeMembers) {
    return Error(group, Cat("group '", name, "' has more than ",
                                     Dictionary::kMaxScopeMembers, " fields"));
  }
  d_.scopes_[id].count_tag = count.tag;
  d_.scopes_[id].delimiter = members[0].tag;
  pending_[id] = std::move(members);
  group_memo_[group.hash_value()] = id;
  return id;
}

absl::Status DictionaryBuilder::Expand(pugi::xml_node parent, bool required_ctx,
                                       std::string_view where, std::vector<ScopeMember>* out) {
  for (pugi::xml_node n : parent.children()) {
    if (n.type() != pugi::node_element) continue;
    std::string_view kind = n.name();
    std::string name = n.attribute("name").value();
    bool required = required_ctx && std::string_view(n.attribute("required").value()) == "Y";
    if (kind == "field" || kind == "group") {
      auto it = by_name_.find(name);
      if (it == by_name_.end()) {
        return Error(n, Cat("unknown field name '", name, "' in ", where));
      }
      ScopeMember m;
      m.tag = raw_[it->second].tag;
      m.ordinal = it->second;
      m.required = required;
      for (const ScopeMember& e : *out) {
        if (e.tag == m.tag) {
          return Error(n, Cat("field '", name, "' appears twice in ", where));
        }
      }
      if (kind == "group") {
        auto g = BuildGroup(n, where);
        if (!g.ok()) return g.status();
        m.group = *g;
      } else if (raw_[it->second].type == FieldType::kNumInGroup) {
        // A NUMINGROUP listed as a plain field: accepted (QuickFIX does), no layout.
      }
      out->push_back(m);
    } else if (kind == "component") {
      auto it = components_.find(name);
      if (it == components_.end()) {
        return Error(n, Cat("unknown component '", name, "' in ", where));
      }
      if (std::find(component_stack_.begin(), component_stack_.end(), name) !=
          component_stack_.end()) {
        std::vector<std::string> path(
            std::find(component_stack_.begin(), component_stack_.end(), name),
            component_stack_.end());
        path.push_back(name);
        return Error(n, Cat("component cycle: ", Join(path, " -> ")));
      }
      component_stack_.push_back(name);
      std::size_t before = out->size();
      absl::Status st =
          Expand(it->second, required, Cat("component '", name, "'"), out);
      component_stack_.pop_back();
      if (!st.ok()) return st;
      if (out->size() == before) {
        return Error(it->second, Cat("component '", name, "' has no fields"));
      }
    } else {
      return Error(n, Cat("unexpected element <", kind, "> in ", where));
    }
  }
  return absl::OkStatus();
}

void DictionaryBuilder::CompileFields() {
  const std::size_t n = raw_.size();
  d_.fields_.resize(n);
  d_.field_names_.resize(n);
  d_.enum_listing_.resize(n);
  std::uint32_t max_dense = 0;
  std::vector<std::vector<std::string>> multi(n);
  for (std::size_t i = 0; i < n; ++i) {
    const RawField& r = raw_[i];
    FieldDef& f = d_.fields_[i];
    f.tag = r.tag;
    f.ordinal = static_cast<std::uint32_t>(i);
    f.type = r.type;
    if (r.type == FieldType::kData || r.type == FieldType::kXmlData) f.flags |= FieldDef::kIsData;
    if (r.type == FieldType::kNumInGroup) f.flags |= FieldDef::kIsGroupCount;
    d_.field_names_[i] = r.name;
    d_.enum_listing_[i] = r.values;
    if (!r.values.empty()) {
      f.flags |= FieldDef::kHasEnums;
      bool chars_only = true;
      for (const auto& [value, description] : r.values) {
        unsigned c = static_cast<unsigned char>(value[0]);
        if (value.size() == 1 && c < 128) {
          f.char_enum_bits[c >> 6] |= std::uint64_t{1} << (c & 63);
        } else {
          chars_only = false;
          multi[i].push_back(value);
        }
      }
      if (chars_only) f.flags |= FieldDef::kCharEnumsOnly;
      std::sort(multi[i].begin(), multi[i].end());
    }
    if (r.tag < Dictionary::kDenseTagLimit) {
      max_dense = std::max(max_dense, r.tag);
    } else {
      d_.sparse_.emplace_back(r.tag, static_cast<std::uint32_t>(i));
    }
  }
  d_.dense_.assign(n == 0 ? 0 : max_dense + 1, TagInfo{});
  for (std::size_t i = 0; i < n; ++i) {
    if (raw_[i].tag < Dictionary::kDenseTagLimit) d_.dense_[raw_[i].tag].ordinal = static_cast<std::uint32_t>(i);
  }
  // Enum strings: storage first, views after (storage no longer moves).
  for (auto& m : multi) {
    for (auto& s : m) d_.enum_storage_.push_back(std::move(s));
  }
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) {
    d_.fields_[i].enum_begin = static_cast<std::uint32_t>(d_.enum_values_.size());
    for (std::size_t j = 0; j < multi[i].size(); ++j) d_.enum_values_.push_back(d_.enum_storage_[k++]);
    d_.fields_[i].enum_end = static_cast<std::uint32_t>(d_.enum_values_.size());
  }
  // Length/Data pairs: a DATA field "X" pairs with the LENGTH field "XLength"
  // or "XLen" (SignatureLength/Signature, EncodedTextLen/EncodedText, ...),
  // else with the LENGTH field whose tag is one less.
  for (std::size_t i = 0; i < n; ++i) {
    FieldDef& data = d_.fields_[i];
    if (!data.is_data()) continue;
    const FieldDef* len = nullptr;
    for (const char* suffix : {"Length", "Len"}) {
      auto it = by_name_.find(raw_[i].name + suffix);
      if (it != by_name_.end() && d_.fields_[it->second].type == FieldType::kLength) {
        len = &d_.fields_[it->second];
        break;
      }
    }
    if (len == nullptr) {
      const FieldDef* prev = d_.field(data.tag - 1);
      if (prev != nullptr && prev->type == FieldType::kLength) len = prev;
    }
    if (len == nullptr || len->paired_tag != 0) continue;
    FieldDef& l = d_.fields_[len->ordinal];
    l.paired_tag = data.tag;
    l.flags |= FieldDef::kIsLength;
    data.paired_tag = l.tag;
    d_.length_data_pairs_.emplace_back(l.tag, data.tag);
  }
  std::sort(d_.length_data_pairs_.begin(), d_.length_data_pairs_.end());
  d_.names_sorted_.resize(n);
  for (std::size_t i = 0; i < n; ++i) d_.names_sorted_[i] = static_cast<std::uint32_t>(i);
  std::sort(d_.names_sorted_.begin(), d_.names_sorted_.end(),
            [this](std::uint32_t a, std::uint32_t b) { return raw_[a].name < raw_[b].name; });
}

void DictionaryBuilder::CommitScopes() {
  d_.field_words_ = (raw_.size() + 63) / 64;
  if (d_.field_words_ == 0) d_.field_words_ = 1;
  for (std::size_t id = 0; id < d_.scopes_.size(); ++id) {
    Scope& s = d_.scopes_[id];
    const std::vector<ScopeMember>& members = pending_[id];
    s.members_begin = static_cast<std::uint32_t>(d_.members_.size());
    s.members_count = static_cast<std::uint32_t>(members.size());
    s.required_begin = static_cast<std::uint32_t>(d_.required_.size());
    s.groups_begin = static_cast<std::uint32_t>(d_.group_positions_.size());
    s.bits_begin = static_cast<std::uint32_t>(d_.bits_.size());
    d_.bits_.resize(d_.bits_.size() + d_.field_words_, 0);
    for (std::size_t p = 0; p < members.size(); ++p) {
      const ScopeMember& m = members[p];
      d_.members_.push_back(m);
      if (m.required) d_.required_.push_back(static_cast<std::uint16_t>(p));
      if (m.group != 0) d_.group_positions_.push_back(static_cast<std::uint16_t>(p));
      d_.bits_[s.bits_begin + (m.ordinal >> 6)] |= std::uint64_t{1} << (m.ordinal & 63);
    }
    s.required_count = static_cast<std::uint32_t>(d_.required_.size()) - s.required_begin;
    // Required masks, by ordinal and by position, in word order.
    std::map<std::uint32_t, std::uint64_t> by_ordinal, by_position;
    for (std::size_t p = 0; p < members.size(); ++p) {
      if (!members[p].required) continue;
      by_ordinal[members[p].ordinal >> 6] |= std::uint64_t{1} << (members[p].ordinal & 63);
      by_position[static_cast<std::uint32_t>(p >> 6)] |= std::uint64_t{1} << (p & 63);
    }
    s.required_by_ordinal_begin = static_cast<std::uint32_t>(d_.required_masks_.size());
    for (const auto& [word, bits] : by_ordinal) d_.required_masks_.push_back(RequiredMask{word, bits});
    s.required_by_ordinal_count =
        static_cast<std::uint32_t>(d_.required_masks_.size()) - s.required_by_ordinal_begin;
    s.required_by_position_begin = static_cast<std::uint32_t>(d_.required_masks_.size());
    for (const auto& [word, bits] : by_position) d_.required_masks_.push_back(RequiredMask{word, bits});
    s.required_by_position_count =
        static_cast<std::uint32_t>(d_.required_masks_.size()) - s.required_by_position_begin;
    s.groups_count = static_cast<std::uint32_t>(d_.group_positions_.size()) - s.groups_begin;
    // Tag -> position table, at most a quarter full (short probes).
    std::uint32_t size = 4;
    while (size < 4 * members.size()) size *= 2;
    s.slots_begin = static_cast<std::uint32_t>(d_.slots_.size());
    s.slots_mask = size - 1;
    d_.slots_.resize(d_.slots_.size() + size);
    for (std::size_t p = 0; p < members.size(); ++p) {
      std::uint32_t i = Dictionary::SlotHash(members[p].tag) & s.slots_mask;
      while (d_.slots_[s.slots_begin + i].tag != 0) i = (i + 1) & s.slots_mask;
      d_.slots_[s.slots_begin + i] =
          ScopeSlot{members[p].tag, static_cast<std::uint32_t>(p) |
                                        (members[p].group != 0 ? ScopeSlot::kIsGroup : 0u)};
    }
  }
}

void DictionaryBuilder::CompileTagInfo() {
  const Scope& header = d_.scopes_[d_.header_scope_];
  const Scope& trailer = d_.scopes_[d_.trailer_scope_];
  for (const FieldDef& f : d_.fields_) {
    if (f.tag >= d_.dense_.size()) continue;
    TagInfo& info = d_.dense_[f.tag];
    info.type = f.type;
    info.flags = f.flags;
    info.value_class = ValueClassOf(f.type, f.has_enums());
    info.placement = 0;
    if (d_.Contains(header, f.ordinal)) info.placement |= TagInfo::kInHeader;
    if (d_.Contains(trailer, f.ordinal)) info.placement |= TagInfo::kInTrailer;
  }
}

void DictionaryBuilder::CompileMessageMasks() {
  for (MessageDef& m : d_.messages_) {
    std::map<std::uint32_t, std::uint64_t> merged;
    for (std::uint32_t id : {d_.header_scope_, m.body, d_.trailer_scope_}) {
      for (const RequiredMask& r : d_.required_by_ordinal(d_.scopes_[id])) merged[r.word] |= r.bits;
    }
    m.required_begin = static_cast<std::uint32_t>(d_.required_masks_.size());
    for (const auto& [word, bits] : merged) d_.required_masks_.push_back(RequiredMask{word, bits});
    m.required_count = static_cast<std::uint32_t>(d_.required_masks_.size()) - m.required_begin;
    m.bits_begin = static_cast<std::uint32_t>(d_.bits_.size());
    d_.bits_.resize(d_.bits_.size() + d_.field_words_);
    for (std::uint32_t id : {d_.header_scope_, m.body, d_.trailer_scope_}) {
      const std::uint32_t from = d_.scopes_[id].bits_begin;
      for (std::size_t w = 0; w < d_.field_words_; ++w) {
        d_.bits_[m.bits_begin + w] |= d_.bits_[from + w];
      }
    }
  }
}

void DictionaryBuilder::CompileGroupCountTags() {
  auto append = [this](const Scope& s) {
    for (std::uint16_t p : d_.group_positions(s)) {
      d_.group_count_tags_.push_back(d_.members_[s.members_begin + p].tag);
    }
  };
  d_.header_trailer_groups_begin = static_cast<std::uint32_t>(d_.group_count_tags_.size());
  append(d_.scopes_[d_.header_scope_]);
  append(d_.scopes_[d_.trailer_scope_]);
  d_.header_trailer_groups_count =
      static_cast<std::uint32_t>(d_.group_count_tags_.size()) - d_.header_trailer_groups_begin;
  for (MessageDef& m : d_.messages_) {
    m.groups_begin = static_cast<std::uint32_t>(d_.group_count_tags_.size());
    append(d_.scopes_[m.body]);
    m.groups_count = static_cast<std::uint32_t>(d_.group_count_tags_.size()) - m.groups_begin;
  }
}

void DictionaryBuilder::CompileMessageTables() {
  d_.short_types_.assign(Dictionary::kShortTypeSlots, 0);
  for (std::size_t i = 0; i < d_.message_types_.size(); ++i) {
    const std::string& t = d_.message_types_[i];
    if (t.size() == 1 || t.size() == 2) {
      const std::uint32_t key = Dictionary::ShortTypeKey(
          static_cast<unsigned char>(t.front()), static_cast<unsigned char>(t.back()),
          static_cast<std::uint32_t>(t.size() - 1));
      d_.short_types_[key] = static_cast<std::uint16_t>(i + 1);
    } else {
      d_.long_types_.emplace_back(d_.message_types_[i], static_cast<std::uint32_t>(i));
    }
  }
  std::sort(d_.long_types_.begin(), d_.long_types_.end());
}

absl::StatusOr<Dictionary> DictionaryBuilder::Build() {
  pugi::xml_parse_result parsed =
      doc_.load_buffer(xml_.data(), xml_.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    return absl::InvalidArgumentError(Cat(source_, ":", LineOf(parsed.offset),
                                                   ": XML error: ", parsed.description()));
  }
  pugi::xml_node root = doc_.child("fix");
  if (!root) {
    return absl::InvalidArgumentError(Cat(source_, ":1: no <fix> root element"));
  }
  d_.source_ = source_;
  d_.type_ = root.attribute("type").value();
  if (d_.type_ != "FIX" && d_.type_ != "FIXT") {
    return Error(root, Cat("<fix> type must be FIX or FIXT, not '", d_.type_, "'"));
  }
  for (auto [attr, out, optional] :
       {std::tuple<const char*, int*, bool>{"major", &d_.major_, false},
        {"minor", &d_.minor_, false},
        {"servicepack", &d_.service_pack_, true}}) {
    std::string_view v = root.attribute(attr).value();
    if (v.empty() && optional) continue;
    if (!ParseInt(v, out) || *out < 0 || *out > 99) {
      return Error(root, Cat("<fix> attribute ", attr, " is not a version number: '", v,
                                      "'"));
    }
  }
  if (d_.type_ == "FIXT" || d_.major_ < 5) {
    d_.begin_string_ = Cat(d_.type_, ".", d_.major_, ".", d_.minor_);
  } else {
    d_.begin_string_ = Cat("FIX.", d_.major_, ".", d_.minor_);
    if (d_.service_pack_ > 0) d_.begin_string_ += Cat("SP", d_.service_pack_);
  }

  if (absl::Status st = LoadFields(root.child("fields")); !st.ok()) return st;
  for (pugi::xml_node c : root.child("components").children()) {
    if (c.type() != pugi::node_element) continue;
    if (std::string_view(c.name()) != "component") {
      return Error(c, Cat("unexpected element <", c.name(), "> in <components>"));
    }
    std::string name = c.attribute("name").value();
    if (name.empty()) return Error(c, "component has no name");
    if (!components_.emplace(name, c).second) {
      return Error(c, Cat("duplicate component '", name, "'"));
    }
  }
  // Scope 0 is a placeholder so that ScopeMember::group == 0 means "no group".
  ReserveScope();
  auto header = BuildScope(root.child("header"), "<header>");
  if (!header.ok()) return header.status();
  d_.header_scope_ = *header;
  auto trailer = BuildScope(root.child("trailer"), "<trailer>");
  if (!trailer.ok()) return trailer.status();
  d_.trailer_scope_ = *trailer;

  std::set<std::string> names;
  std::set<std::string> types;
  for (pugi::xml_node m : root.child("messages").children()) {
    if (m.type() != pugi::node_element) continue;
    if (std::string_view(m.name()) != "message") {
      return Error(m, Cat("unexpected element <", m.name(), "> in <messages>"));
    }
    std::string name = m.attribute("name").value();
    std::string type = m.attribute("msgtype").value();
    if (name.empty() || type.empty()) return Error(m, "message needs a name and a msgtype");
    if (!names.insert(name).second) return Error(m, Cat("duplicate message name '", name, "'"));
    if (!types.insert(type).second) {
      return Error(m, Cat("duplicate msgtype '", type, "' (message '", name, "')"));
    }
    if (d_.messages_.size() >= 0xFFFE) return Error(m, "too many messages");
    auto body = BuildScope(m, Cat("message '", name, "'"));
    if (!body.ok()) return body.status();
    MessageDef def;
    def.body = *body;
    def.admin = std::string_view(m.attribute("msgcat").value()) == "admin";
    d_.messages_.push_back(def);
    d_.message_names_.push_back(name);
    d_.message_types_.push_back(type);
  }
  CompileFields();
  CommitScopes();
  for (const Scope& s : d_.scopes_) {
    if (s.count_tag != 0) d_.fields_[d_.ordinal(s.count_tag)].flags |= FieldDef::kIsGroupCount;
  }
  CompileTagInfo();
  CompileMessageTables();
  CompileMessageMasks();
  CompileGroupCountTags();
  d_.CompileGroupWindows();
  d_.CompileValidationTables();
  return std::move(d_);
}

absl::StatusOr<Dictionary> LoadDictionaryFromString(std::string_view xml,
                                                    std::string_view source,
                                                    std::vector<std::string>* warnings) {
  std::vector<std::string> found;
  auto builder = std::make_unique<DictionaryBuilder>(xml, source, &found);
  absl::StatusOr<Dictionary> d = builder->Build();
  if (d.ok() && warnings != nullptr) {
    warnings->insert(warnings->end(), found.begin(), found.end());
  }
  return d;
}

absl::StatusOr<Dictionary> LoadDictionaryFromString(std::string_view xml,
                                                    std::string_view source) {
  return LoadDictionaryFromString(xml, source, nullptr);
}

absl::StatusOr<Dictionary> LoadDictionaryFile(const std::string& path) {
  return LoadDictionaryFile(path, nullptr);
}

absl::StatusOr<Dictionary> LoadDictionaryFile(const std::string& path,
                                              std::vector<std::string>* warnings) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return absl::NotFoundError(Cat(path, ": cannot open file"));
  std::string xml;
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) xml.append(buf, n);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return absl::DataLossError(Cat(path, ": read error"));
  return LoadDictionaryFromString(xml, path, warnings);
}

}  // namespace fixwire
