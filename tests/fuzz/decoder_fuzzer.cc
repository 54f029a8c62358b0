// decoder_fuzzer.cc: Decoder::Decode (flat, no dictionary) on arbitrary bytes,
// against the byte-at-a-time reference decoder.
//
// Input: one options byte (bit 0 allow_empty_values, bit 1 checksum check off,
// bits 2-3 max_message_size 64 MiB / 64 / 300 / 4096, bits 4-5 how the
// PartialMessage fills its index: all at once (small messages decoded whole
// at Open), or on demand: a walk to the end, lookups first, the first
// 4 * (bits 6-7) fields first), one byte choosing the
// FieldIndex capacity (0: the default 1024, else 1..255), then the message
// bytes, which live in a heap block of exactly their size (ASan sees any read
// past the end).
//
// Checked: Decode and ReferenceDecode agree on acceptance; when both accept,
// on the message size and every field (tag, offset, length); the fields
// re-serialized as "tag=value<SOH>" give back exactly the message bytes;
// Find / Get / Count / FindAll agree with a linear scan for every tag present
// and for absent ones; BodyLength and CheckSum accessors match the text. A
// rejection has an offset within the input. Typed getters run on every field
// (they must not crash; their results are the value parsers' target's job).
// Decoding on demand (PartialMessage) on the same bytes: its lookups answer
// as Decode's view does, filled any way, and it ends with Decode's error or
// Decode's exact view.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "fixwire/wire/decoder.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/wire/partial_message.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/reference_decoder.h"

namespace fixwire::fuzz {
namespace {

void ReportMismatch(const char* what, std::string_view bytes, const Error& e,
                    const ReferenceResult& ref) {
  std::fprintf(stderr, "decoder vs reference: %s\n", what);
  PrintBytes("input", bytes);
  std::fprintf(stderr, "decoder: %s offset %u tag %u; reference: %s (%s)\n",
               std::string(ErrorCodeName(e.code)).c_str(), e.offset, e.tag,
               ref.ok ? "ok" : "rejected", ref.reason);
}

void CheckLookups(const MessageView& view) {
  const auto fields = view.fields();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::uint32_t tag = fields[i].tag;
    std::size_t first = 0;
    std::uint32_t count = 0;
    for (std::size_t j = 0; j < fields.size(); ++j) {
      if (fields[j].tag == tag) {
        if (count == 0) first = j;
        ++count;
      }
    }
    const Field* found = view.Find(tag);
    FIXWIRE_FUZZ_CHECK(found == &fields[first]);
    FIXWIRE_FUZZ_CHECK(view.Get(tag).has_value() && *view.Get(tag) == view.value(fields[first]));
    FIXWIRE_FUZZ_CHECK(view.Count(tag) == count);
    std::uint32_t seen = 0;
    for (const Field& f : view.FindAll(tag)) {
      FIXWIRE_FUZZ_CHECK(f.tag == tag);
      ++seen;
    }
    FIXWIRE_FUZZ_CHECK(seen == count);
    // Typed getters: any result is fine, but they must not crash or over-read.
    std::int64_t i64;
    std::uint64_t u64;
    char c;
    bool b;
    Decimal d;
    Date date;
    MonthYear my;
    (void)view.GetInt64(tag, &i64);
    (void)view.GetUint64(tag, &u64);
    (void)view.GetChar(tag, &c);
    (void)view.GetBool(tag, &b);
    (void)view.GetDecimal(tag, &d);
    (void)view.GetUtcTimestamp(tag, &i64);
    (void)view.GetUtcTimeOnly(tag, &i64);
    (void)view.GetUtcDateOnly(tag, &date);
    (void)view.GetLocalMktDate(tag, &date);
    (void)view.GetMonthYear(tag, &my);
  }
  // Tags not in the message (small, around the direct-table edge, huge).
  for (std::uint32_t tag : {1u, 7u, 11u, 16383u, 16384u, 16385u, 99999u, kMaxTag}) {
    bool present = false;
    for (const Field& f : fields) present = present || f.tag == tag;
    if (present) continue;
    FIXWIRE_FUZZ_CHECK(view.Find(tag) == nullptr);
    FIXWIRE_FUZZ_CHECK(!view.Get(tag).has_value());
    FIXWIRE_FUZZ_CHECK(view.Count(tag) == 0);
    FIXWIRE_FUZZ_CHECK(view.FindAll(tag).empty());
  }
}

void CheckAccepted(std::string_view bytes, const MessageView& view, const ReferenceResult& ref) {
  const auto fields = view.fields();
  bool same = view.size() == ref.size && fields.size() == ref.fields.size() &&
              view.data() == bytes.data();
  for (std::size_t i = 0; same && i < fields.size(); ++i) {
    same = fields[i].tag == ref.fields[i].tag && fields[i].offset == ref.fields[i].offset &&
           fields[i].length == ref.fields[i].length;
  }
  if (!same) {
    ReportMismatch("different fields", bytes, Error{}, ref);
    for (const Field& f : fields) std::fprintf(stderr, "  decoder %u@%u+%u\n", f.tag, f.offset, f.length);
    for (const Field& f : ref.fields) std::fprintf(stderr, "  reference %u@%u+%u\n", f.tag, f.offset, f.length);
    FIXWIRE_FUZZ_CHECK(same);
  }
  // Re-serialize: the fields must tile the message exactly.
  std::string rebuilt;
  for (const Field& f : fields) {
    rebuilt += std::to_string(f.tag);
    rebuilt += '=';
    rebuilt += view.value(f);
    rebuilt += '\x01';
  }
  FIXWIRE_FUZZ_CHECK(rebuilt == view.bytes());
  FIXWIRE_FUZZ_CHECK(view.begin_string() == view.value(fields[0]));
  FIXWIRE_FUZZ_CHECK(view.msg_type() == view.value(fields[2]));
  {
    // BodyLength's text is its value, perhaps with leading zeros.
    const std::string_view length_text = view.value(fields[1]);
    const std::string plain = std::to_string(view.body_length());
    FIXWIRE_FUZZ_CHECK(length_text.size() >= plain.size() &&
                       length_text.substr(length_text.size() - plain.size()) == plain &&
                       length_text.find_first_not_of('0') == length_text.size() - plain.size());
  }
  const std::string_view checksum_text = view.value(fields.back());
  FIXWIRE_FUZZ_CHECK(checksum_text.size() == 3 &&
                     (checksum_text[0] - '0') * 100 + (checksum_text[1] - '0') * 10 +
                             (checksum_text[2] - '0') ==
                         view.checksum());
  CheckLookups(view);
}

bool SameError(const Error& a, const Error& b) {
  return a.code == b.code && a.offset == b.offset && a.tag == b.tag;
}

bool SameField(const Field* a, const Field* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return a->tag == b->tag && a->offset == b->offset && a->length == b->length;
}

// CheckPartial fills a PartialMessage's index the way `strategy` says and
// holds it against Decode's result `e` / `view`.
void CheckPartial(const DecoderOptions& full_options, std::string_view bytes, std::uint32_t capacity,
                  unsigned strategy, unsigned first_fields, const Error& e,
                  const MessageView& view) {
  // Strategy 0 with the default partial_eager_bytes (small messages decoded
  // whole at Open); the others always on demand.
  DecoderOptions options = full_options;
  if (strategy != 0) options.partial_eager_bytes = 0;
  const Decoder decoder(options);
  FieldIndex index(capacity);
  PartialMessage m;
  Error pe = m.Open(decoder, bytes, index);
  if (e.ok()) FIXWIRE_FUZZ_CHECK(pe.ok());
  if (pe.ok()) {
    switch (strategy) {
      case 0:
        pe = m.IndexAll();
        break;
      case 1:
        pe = m.IndexFields(~std::uint32_t{0});
        break;
      case 2:
        // Lookups first: each tag of the message (or of the reference walk
        // over the bytes when Decode failed) and some absent ones.
        for (std::uint32_t tag : {35u, 49u, 10000u, 11u, 10u, 96u, 55u, 999999999u}) {
          const Field* f = m.Find(tag);
          if (e.ok()) FIXWIRE_FUZZ_CHECK(SameField(f, view.Find(tag)));
        }
        if (e.ok()) {
          for (const Field& f : view.fields()) FIXWIRE_FUZZ_CHECK(SameField(m.Find(f.tag), view.Find(f.tag)));
        }
        pe = m.error();
        if (pe.ok()) pe = m.IndexAll();
        break;
      default:
        pe = m.IndexFields(first_fields);
        if (pe.ok()) pe = m.IndexAll();
        break;
    }
  }
  if (!SameError(pe, e)) {
    PrintBytes("input", bytes);
    std::fprintf(stderr, "partial (strategy %u): %s offset %u tag %u; decode: %s offset %u tag %u\n",
                 strategy, std::string(ErrorCodeName(pe.code)).c_str(), pe.offset, pe.tag,
                 std::string(ErrorCodeName(e.code)).c_str(), e.offset, e.tag);
    FIXWIRE_FUZZ_CHECK(SameError(pe, e));
  }
  if (!e.ok()) {
    FIXWIRE_FUZZ_CHECK(!m.complete() && m.Find(35) == nullptr);
    return;
  }
  FIXWIRE_FUZZ_CHECK(m.complete());
  const MessageView whole = m.view();
  FIXWIRE_FUZZ_CHECK(whole.field_count() == view.field_count() && whole.size() == view.size());
  for (std::uint32_t i = 0; i < view.field_count(); ++i) {
    FIXWIRE_FUZZ_CHECK(SameField(&whole.field(i), &view.field(i)));
    FIXWIRE_FUZZ_CHECK(SameField(whole.Find(view.field(i).tag), view.Find(view.field(i).tag)));
  }
}

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fixwire;
  using namespace fixwire::fuzz;
  FuzzInput in(data, size);
  const std::uint8_t flags = in.Byte();
  const std::uint8_t capacity_byte = in.Byte();
  const std::string_view rest = in.Rest();
  // An exact-size copy: libFuzzer's buffer has no slack either, but the
  // replay main and this agree on it for every input.
  std::unique_ptr<char[]> copy(new char[rest.size()]);
  std::copy(rest.begin(), rest.end(), copy.get());
  const std::string_view bytes(copy.get(), rest.size());

  DecoderOptions options;
  options.allow_empty_values = (flags & 1) != 0;
  options.validate_checksum = (flags & 2) == 0;
  constexpr std::uint32_t kMaxSizes[] = {64u << 20, 64, 300, 4096};
  options.max_message_size = kMaxSizes[(flags >> 2) & 3];
  const std::uint32_t capacity = capacity_byte == 0 ? FieldIndex::kDefaultCapacity : capacity_byte;

  const Decoder decoder(options);
  FieldIndex index(capacity);
  MessageView view;
  const Error e = decoder.Decode(bytes, index, view);

  ReferenceOptions ref_options;
  ref_options.allow_empty_values = options.allow_empty_values;
  ref_options.validate_checksum = options.validate_checksum;
  ReferenceResult ref = ReferenceDecode(bytes, ref_options);
  if (ref.ok && ref.size > options.max_message_size) {
    ref.ok = false;
    ref.reason = "longer than max_message_size";
  }
  if (ref.ok && (capacity < 4 || ref.fields.size() > capacity)) {
    ref.ok = false;
    ref.reason = "more fields than the index holds";
  }

  CheckPartial(options, bytes, capacity, (flags >> 4) & 3u, 4u * (flags >> 6), e, view);

  if (e.ok() != ref.ok) {
    ReportMismatch("accept/reject differs", bytes, e, ref);
    FIXWIRE_FUZZ_CHECK(e.ok() == ref.ok);
  }
  if (!e.ok()) {
    FIXWIRE_FUZZ_CHECK(e.offset <= bytes.size());
    FIXWIRE_FUZZ_CHECK(!ErrorCodeName(e.code).empty());
    return 0;
  }
  CheckAccepted(bytes, view, ref);
  // Decoding the message alone (no bytes after it) gives the same fields.
  MessageView again;
  FieldIndex index2(capacity);
  const Error e2 = decoder.Decode(view.bytes(), index2, again);
  FIXWIRE_FUZZ_CHECK(e2.ok() && again.field_count() == view.field_count());
  return 0;
}
