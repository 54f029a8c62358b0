// dictionary_decoder.h: DictionaryDecoder, decoding with a dictionary in one
// object: it owns the Decoder, the dictionary's Length/Data table, the field
// index and the group storage, all sized from the dictionary and the largest
// message it takes.
//
//   auto dict = fixwire::LoadDictionaryFile("FIX44.xml");    // absl::StatusOr<Dictionary>
//   fixwire::DictionaryDecoder decoder(*dict, {.max_message_size = 64 * 1024});  // cold: allocates
//   fixwire::GroupedMessage msg;
//   fixwire::Error e = decoder.Decode(bytes, msg);            // never allocates
//   for (fixwire::GroupEntryView sym : msg.group(fixwire::tag::NoRelatedSym)) { ... }
//   for (const fixwire::Field& f : msg.view()) { ... }
//
// Decode is DecodeWithDictionary (dictionary_decode.h) over the objects this
// one owns: the Decoder's errors first, then IndexGroups' (group_view.h).
//
// Result style: Decode returns an Error and fills a caller's GroupedMessage,
// as Decoder::Decode and IndexGroups do: the message is reused from call to
// call, and an Error comes back in two registers.
//
// Sizes: a field takes at least 4 bytes ("1=x" and SOH; 3 with
// allow_empty_values), so a message of max_message_size bytes has at most
// max_message_size / 4 fields, which is the field index's capacity; every
// group has a count field and every entry a field, so as many group and
// entry records cover every message whose NumInGroup values count the entries
// that follow (a message that declares more entries than it holds, inside a
// group, may get kIndexCapacityExceeded instead of kGroupCountMismatch).
// Larger messages are refused by the Decoder (kMessageTooLarge).
//
// Lifetimes and threads: the dictionaries must outlive the decoder. A
// GroupedMessage refers to the decoded bytes and to this decoder's index and
// group storage: the next Decode (or destroying or moving the decoder)
// invalidates it. One thread at a time per decoder.
#ifndef FIXWIRE_DICTIONARY_DICTIONARY_DECODER_H_
#define FIXWIRE_DICTIONARY_DICTIONARY_DECODER_H_

#include <cstdint>
#include <memory>
#include <string_view>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/data_fields.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"

namespace fixwire {

struct DictionaryDecoderOptions {
  // The largest message accepted, from "8=" through the SOH after "10=nnn".
  std::uint32_t max_message_size = 64 * 1024;
  bool validate_checksum = true;
  bool allow_empty_values = false;
  GroupOptions groups{};  // ({}: designated initializers may leave it out, -Wextra quiet)
};

class DictionaryDecoder {
 public:
  // FIX 4.x (or one custom dictionary): header, body and trailer groups
  // from `dictionary`. Allocates here and only here.
  explicit DictionaryDecoder(const Dictionary& dictionary,
                             const DictionaryDecoderOptions& options = {});
  // FIXT 1.1: header and trailer from `transport`, body from `application`.
  DictionaryDecoder(const Dictionary& transport, const Dictionary& application,
                    const DictionaryDecoderOptions& options = {});

  DictionaryDecoder(DictionaryDecoder&&) noexcept = default;
  DictionaryDecoder& operator=(DictionaryDecoder&&) noexcept = default;
  DictionaryDecoder(const DictionaryDecoder&) = delete;
  DictionaryDecoder& operator=(const DictionaryDecoder&) = delete;

  // Decode decodes `bytes` and indexes its groups into `out`. `out` is set
  // when decoding succeeded (its group index then holds what was indexed,
  // even on a group error). Never allocates.
  [[nodiscard]] Error Decode(std::string_view bytes, GroupedMessage& out) noexcept;

  const DictionaryDecoderOptions& options() const noexcept { return options_; }
  // max_fields: the field index's capacity; max_groups / max_entries: the
  // group storage's.
  std::uint32_t max_fields() const noexcept { return index_.capacity(); }
  std::uint32_t max_groups() const noexcept { return groups_.max_groups(); }
  std::uint32_t max_entries() const noexcept { return groups_.max_entries(); }

 private:
  const Dictionary* header_;
  const Dictionary* body_;
  DictionaryDecoderOptions options_;
  // On the heap: the Decoder keeps its address, which a move leaves unchanged.
  std::unique_ptr<LengthFieldTable> lengths_;
  Decoder decoder_;
  FieldIndex index_;
  GroupStorage groups_;
};

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_DICTIONARY_DECODER_H_
