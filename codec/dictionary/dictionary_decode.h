// dictionary_decode.h: decoding with a Dictionary: the Decoder's Length/Data
// table built from the dictionary's LENGTH/DATA fields, and one call that
// decodes a message and indexes its repeating groups, over objects the
// caller owns. DictionaryDecoder (dictionary_decoder.h) bundles them all.
//
//   fixwire::LengthFieldTable lengths = fixwire::MakeLengthFieldTable(dict);  // cold
//   fixwire::DecoderOptions options;
//   options.length_fields = &lengths;                  // must outlive the decoder
//   fixwire::Decoder decoder(options);
//   fixwire::GroupedMessage msg;
//   fixwire::Error e = fixwire::DecodeWithDictionary(decoder, bytes, index, dict, {},
//                                                    groups, &msg);
//
// MakeLengthFieldTable allocates (cold path). DecodeWithDictionary never
// allocates; its errors are the Decoder's, then IndexGroups' (group_view.h).
// Lifetimes are those of message_view.h and group_view.h.
#ifndef FIXWIRE_DICTIONARY_DICTIONARY_DECODE_H_
#define FIXWIRE_DICTIONARY_DICTIONARY_DECODE_H_

#include <string_view>

#include "fixwire/wire/data_fields.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/dictionary/group_view.h"

namespace fixwire {

// MakeLengthFieldTable returns the specification's standard Length/Data
// pairs plus the dictionary's own (a venue's user-defined data fields).
LengthFieldTable MakeLengthFieldTable(const Dictionary& dictionary);

// DecodeWithDictionary decodes `bytes` into `index` and indexes the groups
// with `dictionary` into `storage`; *out is set when decoding succeeded (its
// group index then holds what was indexed, even on a group error).
[[nodiscard]] Error DecodeWithDictionary(const Decoder& decoder, std::string_view bytes,
                                         FieldIndex& index, const Dictionary& dictionary,
                                         const GroupOptions& options, GroupStorage& storage,
                                         GroupedMessage* out) noexcept;

// FIXT 1.1: header and trailer groups with `transport`, body with `application`.
[[nodiscard]] Error DecodeWithDictionary(const Decoder& decoder, std::string_view bytes,
                                         FieldIndex& index, const Dictionary& transport,
                                         const Dictionary& application,
                                         const GroupOptions& options, GroupStorage& storage,
                                         GroupedMessage* out) noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_DICTIONARY_DECODE_H_
