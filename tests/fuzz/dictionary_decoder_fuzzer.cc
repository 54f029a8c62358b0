// dictionary_decoder_fuzzer.cc: decode with a dictionary (repeating groups,
// nested) and validate, on arbitrary bytes.
//
// Input: byte 0 picks the dictionary (bits 0-1: FIX 4.2, FIX 4.4, FIXT 1.1 +
// FIX 5.0 SP2 by ApplVerID, FIX 4.4) and the group options (bit 2
// allow_out_of_order, bits 3-4 unknown_fields, bit 5 check_count off) and
// decoder options (bit 6 allow_empty_values); byte 1 turns validation
// checks off (bit i off: begin string, msg type, tag known, user-defined
// tags, value format, enums, repeated tags, required); then the message.
//
// Checked, for every message the Decoder accepts: IndexGroups never crashes,
// and an error has an offset inside the message; when it succeeds, every
// group record is well formed by the Dictionary: the entries tile the group
// right after its NumInGroup field, each starts with the group's delimiter,
// every field of an entry outside its nested groups is a member of the group
// (or, with kKeepInEntry, an undefined tag), nested groups lie inside their
// entry, the count read back is the NumInGroup value, and no more entries
// than declared (exactly as many with check_count). GroupView and
// GroupEntryView lookups and typed getters run on every entry. The Validator
// runs; ValidateMessage must equal its documented parts (BeginString and
// MsgType checks, IndexGroups or FromGroupError, Validate);
// a failure names a check, and a field inside the message unless a required
// field is missing.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/dictionary/dictionary_set.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/internal/group_records.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/dictionary/validator.h"
#include "fixwire/values/values.h"
#include "tests/fuzz/fuzz_support.h"

namespace fixwire::fuzz {
namespace {

// The dictionaries come from the runfiles (cwd of tests and of run_fuzzers.sh)
// or from $FIXWIRE_DICTIONARY_DIR.
const Dictionary& Load(const char* file) {
  const char* dir = std::getenv("FIXWIRE_DICTIONARY_DIR");
  const std::string path = std::string(dir != nullptr ? dir : "codec/dictionaries") + "/" + file;
  static std::vector<std::unique_ptr<Dictionary>> loaded;
  absl::StatusOr<Dictionary> d = LoadDictionaryFile(path);
  if (!d.ok()) {
    std::fprintf(stderr, "dictionary_decoder_fuzzer: cannot load %s: %s\n", path.c_str(),
                 std::string(d.status().message()).c_str());
    std::abort();
  }
  loaded.push_back(std::make_unique<Dictionary>(std::move(*d)));
  return *loaded.back();
}

struct Dictionaries {
  const Dictionary& fix42 = Load("FIX42.xml");
  const Dictionary& fix44 = Load("FIX44.xml");
  const Dictionary& fixt11 = Load("FIXT11.xml");
  const Dictionary& fix50sp2 = Load("FIX50SP2.xml");
};

const Dictionaries& Dicts() {
  static const Dictionaries* d = new Dictionaries();
  return *d;
}

// CheckGroup checks group record `gi` and, recursively, its nested groups;
// its fields must lie in [lo, hi) of the message's field array.
void CheckGroup(const GroupedMessage& msg, const Dictionary& dict, std::uint32_t gi,
                const GroupOptions& options, std::uint32_t lo, std::uint32_t hi, int depth) {
  FIXWIRE_FUZZ_CHECK(depth < 64);
  FIXWIRE_FUZZ_CHECK(gi < msg.group_count());
  const dictionary_internal::GroupRecord& rec = GroupedMessageAccess::group_record(msg, gi);
  const GroupView g = GroupedMessageAccess::group_at(msg, gi);
  const MessageView& view = msg.message();
  const auto fields = view.fields();
  FIXWIRE_FUZZ_CHECK(rec.count_field >= lo && rec.count_field < hi && rec.end_field <= hi);
  FIXWIRE_FUZZ_CHECK(&g.count_field() == &fields[rec.count_field]);
  FIXWIRE_FUZZ_CHECK(g.scope_id() < dict.scope_count());
  const Scope& scope = dict.scope(g.scope_id());
  FIXWIRE_FUZZ_CHECK(scope.count_tag == g.count_field().tag);
  std::uint64_t declared = 0;
  FIXWIRE_FUZZ_CHECK(ParseUint64(view.value(g.count_field()), &declared) == ErrorCode::kOk);
  FIXWIRE_FUZZ_CHECK(g.declared_count() == (declared > 0xffffffffu ? 0xffffffffu : declared));
  FIXWIRE_FUZZ_CHECK(g.size() <= declared);
  if (options.check_count) FIXWIRE_FUZZ_CHECK(g.size() == declared);
  std::uint32_t next = rec.count_field + 1;
  for (std::uint32_t i = 0; i < g.size(); ++i) {
    FIXWIRE_FUZZ_CHECK(rec.first_entry + i < msg.entry_count());
    const dictionary_internal::EntryRecord& entry = GroupedMessageAccess::entry_record(msg, rec.first_entry + i);
    const GroupEntryView e = g.entry(i);
    const auto ef = e.fields();
    FIXWIRE_FUZZ_CHECK(!ef.empty());
    FIXWIRE_FUZZ_CHECK(ef.data() == fields.data() + entry.begin && ef.size() == entry.end - entry.begin);
    FIXWIRE_FUZZ_CHECK(entry.begin == next && entry.end <= rec.end_field);
    FIXWIRE_FUZZ_CHECK(ef[0].tag == scope.delimiter);
    next = entry.end;
    // Nested groups, in wire order, each inside this entry; mark their fields.
    std::vector<bool> nested(entry.end - entry.begin, false);
    std::uint32_t after = entry.begin;
    for (std::uint32_t c = entry.first_child; c != dictionary_internal::kNoGroup; c = GroupedMessageAccess::group_record(msg, c).next_sibling) {
      const dictionary_internal::GroupRecord& child = GroupedMessageAccess::group_record(msg, c);
      FIXWIRE_FUZZ_CHECK(child.count_field >= after);
      CheckGroup(msg, dict, c, options, entry.begin, entry.end, depth + 1);
      for (std::uint32_t k = child.count_field + 1; k < child.end_field; ++k) nested[k - entry.begin] = true;
      after = child.end_field;
    }
    // Every other field of the entry is a member of this group.
    for (std::uint32_t k = entry.begin; k < entry.end; ++k) {
      if (nested[k - entry.begin]) continue;
      const Field& f = fields[k];
      const FieldDef* def = dict.field(f.tag);
      const bool member = def != nullptr && dict.Contains(scope, def->ordinal);
      const bool kept_unknown = def == nullptr && options.unknown_fields == UnknownInGroup::kKeepInEntry;
      if (!member && !kept_unknown) {
        std::fprintf(stderr, "group %u entry %u holds tag %u, not a member of the group\n", scope.count_tag, i,
                     f.tag);
        PrintBytes("message", view.bytes());
        FIXWIRE_FUZZ_CHECK(false);
      }
    }
    // Lookups and typed getters on the entry.
    for (const Field& f : ef) {
      const Field* found = e.Find(f.tag);
      FIXWIRE_FUZZ_CHECK(found == nullptr || (found >= ef.data() && found < ef.data() + ef.size()));
      std::int64_t i64;
      Decimal d;
      (void)e.GetInt64(f.tag, &i64);
      (void)e.GetDecimal(f.tag, &d);
      (void)e.GetUtcTimestamp(f.tag, &i64);
      (void)e.group(f.tag).size();
    }
  }
  FIXWIRE_FUZZ_CHECK(next == (g.size() == 0 ? rec.count_field + 1 : rec.end_field));
}

void Run(const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  const std::uint8_t b0 = in.Byte();
  const std::uint8_t b1 = in.Byte();
  const std::string_view rest = in.Rest();
  std::unique_ptr<char[]> copy(new char[rest.size()]);
  std::copy(rest.begin(), rest.end(), copy.get());
  const std::string_view bytes(copy.get(), rest.size());

  DecoderOptions decoder_options;
  decoder_options.allow_empty_values = (b0 & 0x40) != 0;
  const Decoder decoder(decoder_options);
  static FieldIndex index(4096);
  MessageView view;
  if (!decoder.Decode(bytes, index, view).ok()) return;

  const Dictionaries& dicts = Dicts();
  const Dictionary* header = &dicts.fix44;
  const Dictionary* body = &dicts.fix44;
  switch (b0 & 3) {
    case 0:
      header = body = &dicts.fix42;
      break;
    case 2: {
      static DictionarySet* set = [&dicts] {
        auto* s = new DictionarySet(dicts.fixt11);
        s->Add("9", dicts.fix50sp2);
        s->set_default_appl_ver_id("9");
        return s;
      }();
      const DictionarySet::Selection sel = set->Select(view);
      if (!sel.ok()) return;
      header = sel.header;
      body = sel.body;
      break;
    }
    default:
      break;
  }

  ValidationOptions vo;
  vo.check_begin_string = (b1 & 1) == 0;
  vo.check_msg_type = (b1 & 2) == 0;
  vo.check_tag_known = (b1 & 4) == 0;
  vo.check_user_defined_tags = (b1 & 8) == 0;
  vo.check_value_format = (b1 & 16) == 0;
  vo.check_enum_values = (b1 & 32) == 0;
  vo.check_repeated_tags = (b1 & 64) == 0;
  vo.check_required = (b1 & 128) == 0;
  const Validator validator(vo);

  GroupOptions go;
  go.allow_out_of_order = (b0 & 4) != 0;
  go.unknown_fields = static_cast<UnknownInGroup>(((b0 >> 3) & 3) % 3);
  go.check_count = (b0 & 0x20) == 0;

  static GroupStorage storage(256, 4096);
  GroupedMessage grouped;
  const Error e = header == body ? IndexGroups(view, *body, go, storage, &grouped)
                                 : IndexGroups(view, *header, *body, go, storage, &grouped);
  if (!e.ok()) {
    FIXWIRE_FUZZ_CHECK(e.offset <= view.size());
    FIXWIRE_FUZZ_CHECK(!ErrorCodeName(e.code).empty());
  } else {
    for (std::uint32_t g = GroupedMessageAccess::first_top_level_group(grouped); g != dictionary_internal::kNoGroup;
         g = GroupedMessageAccess::group_record(grouped, g).next_sibling) {
      const GroupView top = GroupedMessageAccess::group_at(grouped, g);
      // Header and trailer groups are the transport's, body groups the application's.
      const std::uint32_t count_tag = top.count_field().tag;
      const bool transport = header != body && (header->GroupIn(header->header(), count_tag) != nullptr ||
                                                header->GroupIn(header->trailer(), count_tag) != nullptr);
      const Dictionary& owner = transport ? *header : *body;
      CheckGroup(grouped, owner, g, go, 0, view.field_count(), 0);
    }
  }

  // ValidateMessage = the BeginString and MsgType checks (QuickFIX's order),
  // then IndexGroups with the validator's options (a group error becomes its
  // reject, or a repeated tag when the count field repeats a top-level one),
  // then Validate.
  GroupedMessage validated;
  const ValidationResult r = ValidateMessage(view, *header, *body, validator, storage, &validated);
  const bool same_as_validate = [&] {
    if (vo.check_begin_string && view.begin_string() != header->begin_string()) {
      return r.check == ValidationCheck::kBeginString;
    }
    if (vo.check_msg_type && body->message(view.msg_type()) == nullptr) return r.check == ValidationCheck::kMsgType;
    GroupedMessage again;
    const GroupOptions vgo = validator.group_options();
    const Error ve = header == body ? IndexGroups(view, *body, vgo, storage, &again)
                                    : IndexGroups(view, *header, *body, vgo, storage, &again);
    if (!ve.ok()) {
      const ValidationResult g = FromGroupError(ve);
      if (r.check == ValidationCheck::kRepeatedTag) return r.tag == ve.tag && r.offset == ve.offset;
      return r.check == g.check && r.reason == g.reason && r.tag == g.tag && r.offset == g.offset;
    }
    const ValidationResult v = validator.Validate(again);
    return r.check == v.check && r.reason == v.reason && r.tag == v.tag && r.offset == v.offset;
  }();
  if (!same_as_validate) {
    std::fprintf(stderr, "ValidateMessage: %s tag %u offset %u differs from its parts\n",
                 std::string(ValidationCheckName(r.check)).c_str(), r.tag, r.offset);
    PrintBytes("message", view.bytes());
    FIXWIRE_FUZZ_CHECK(same_as_validate);
  }
  if (!r.ok()) {
    FIXWIRE_FUZZ_CHECK(!ValidationCheckName(r.check).empty());
    FIXWIRE_FUZZ_CHECK(r.offset < view.size());
    if (r.check != ValidationCheck::kRequired && r.check != ValidationCheck::kCapacity &&
        r.check != ValidationCheck::kApplVerId) {
      FIXWIRE_FUZZ_CHECK(r.offset != 0 || r.tag != 0);
    }
  }
  (void)ValidateStructure(view);
}

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)fixwire::fuzz::Dicts();  // load once, before the first input
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fixwire::fuzz::Run(data, size);
  return 0;
}
