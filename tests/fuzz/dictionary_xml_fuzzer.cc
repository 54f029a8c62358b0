// dictionary_xml_fuzzer.cc: the dictionary XML loader on arbitrary bytes.
//
// LoadDictionaryFromString must return an error status (with a message that
// names the source, "<source>:<line>: <problem>") or a Dictionary, never
// crash, hang or read out of bounds. When it returns a Dictionary, the
// compiled tables must be consistent with each other: every field is found by
// its tag and name, every scope member is a defined field the scope contains,
// every group member leads to a group scope with that count tag whose first
// member is its delimiter, every message is found by its MsgType, and every
// listed enum value is accepted by IsValidEnum.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "tests/fuzz/fuzz_support.h"

namespace fixwire::fuzz {
namespace {

constexpr std::string_view kSource = "fuzz.xml";

void CheckScope(const Dictionary& d, const Scope& s, int depth) {
  FIXWIRE_FUZZ_CHECK(depth < 64);  // nesting deeper than this means a cycle slipped through
  const auto members = d.members(s);
  for (const ScopeMember& m : members) {
    const FieldDef* f = d.field(m.tag);
    FIXWIRE_FUZZ_CHECK(f != nullptr);
    FIXWIRE_FUZZ_CHECK(f->ordinal == m.ordinal);
    FIXWIRE_FUZZ_CHECK(d.Contains(s, m.ordinal));
  }
  for (std::uint16_t pos : d.required_positions(s)) {
    FIXWIRE_FUZZ_CHECK(pos < members.size());
    FIXWIRE_FUZZ_CHECK(members[pos].required);
  }
  for (std::uint16_t pos : d.group_positions(s)) {
    FIXWIRE_FUZZ_CHECK(pos < members.size());
    const ScopeMember& m = members[pos];
    FIXWIRE_FUZZ_CHECK(m.group != 0 && m.group < d.scope_count());
    const Scope* group = d.GroupIn(s, m.tag);
    FIXWIRE_FUZZ_CHECK(group != nullptr);
    FIXWIRE_FUZZ_CHECK(group->count_tag == m.tag);
    const auto group_members = d.members(*group);
    FIXWIRE_FUZZ_CHECK(!group_members.empty());
    FIXWIRE_FUZZ_CHECK(group->delimiter == group_members[0].tag);
    CheckScope(d, *group, depth + 1);
  }
}

void CheckDictionary(const Dictionary& d) {
  for (const FieldDef& f : d.fields()) {
    FIXWIRE_FUZZ_CHECK(f.ordinal < d.field_count());
    FIXWIRE_FUZZ_CHECK(d.field(f.tag) == &f);
    FIXWIRE_FUZZ_CHECK(d.field_by_name(d.field_name(f)) == &f);
    for (std::string_view v : d.enum_values(f)) FIXWIRE_FUZZ_CHECK(d.IsValidEnum(f, v));
    for (const auto& [value, description] : d.enum_listing(f)) {
      if (f.type != FieldType::kMultipleCharValue && f.type != FieldType::kMultipleValueString) {
        FIXWIRE_FUZZ_CHECK(d.IsValidEnum(f, value));
      }
    }
  }
  CheckScope(d, d.header(), 0);
  CheckScope(d, d.trailer(), 0);
  for (const MessageDef& m : d.messages()) {
    FIXWIRE_FUZZ_CHECK(d.message(d.message_type(m)) == &m);
    FIXWIRE_FUZZ_CHECK(m.body < d.scope_count());
    CheckScope(d, d.scope(m.body), 0);
  }
}

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fixwire::fuzz::kSource;
  const std::string_view xml(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<fixwire::Dictionary> loaded = fixwire::LoadDictionaryFromString(xml, kSource);
  if (!loaded.ok()) {
    // absl::string_view is not std::string_view in Debian's abseil build.
    const auto absl_message = loaded.status().message();
    const std::string_view message(absl_message.data(), absl_message.size());
    if (message.substr(0, kSource.size()) != kSource) {
      fixwire::fuzz::PrintBytes("error message without the source name", message);
      FIXWIRE_FUZZ_CHECK(message.substr(0, kSource.size()) == kSource);
    }
    return 0;
  }
  fixwire::fuzz::CheckDictionary(*loaded);
  return 0;
}
