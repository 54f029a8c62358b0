#include "fixwire/dictionary/dictionary_decoder.h"

#include <algorithm>
#include <vector>

#include "fixwire/dictionary/dictionary_decode.h"

namespace fixwire {
namespace {

// MaxFields: the most fields a message of `max_message_size` bytes holds
// (every field at least 4 bytes, 3 when values may be empty), and at least
// the 4 the Decoder needs.
std::uint32_t MaxFields(const DictionaryDecoderOptions& options) noexcept {
  const std::uint32_t smallest = options.allow_empty_values ? 3 : 4;
  return std::max<std::uint32_t>(options.max_message_size / smallest, 4);
}

DecoderOptions DecoderOptionsFor(const DictionaryDecoderOptions& options,
                                 const LengthFieldTable* lengths) noexcept {
  DecoderOptions d;
  d.allow_empty_values = options.allow_empty_values;
  d.validate_checksum = options.validate_checksum;
  d.max_message_size = options.max_message_size;
  d.length_fields = lengths;
  return d;
}

// LengthFieldsOf: the standard Length/Data pairs plus both dictionaries'
// own (MakeLengthFieldTable for one dictionary).
LengthFieldTable LengthFieldsOf(const Dictionary& transport, const Dictionary& application) {
  if (&transport == &application) return MakeLengthFieldTable(application);
  std::vector<LengthDataPair> extra;
  for (const Dictionary* d : {&transport, &application}) {
    for (const auto& [length_tag, data_tag] : d->length_data_pairs()) {
      extra.push_back(LengthDataPair{length_tag, data_tag});
    }
  }
  return LengthFieldTable::WithStandardPairs(extra);
}

}  // namespace

DictionaryDecoder::DictionaryDecoder(const Dictionary& dictionary,
                                     const DictionaryDecoderOptions& options)
    : DictionaryDecoder(dictionary, dictionary, options) {}

DictionaryDecoder::DictionaryDecoder(const Dictionary& transport, const Dictionary& application,
                                     const DictionaryDecoderOptions& options)
    : header_(&transport),
      body_(&application),
      options_(options),
      lengths_(std::make_unique<LengthFieldTable>(LengthFieldsOf(transport, application))),
      decoder_(DecoderOptionsFor(options, lengths_.get())),
      index_(MaxFields(options)),
      groups_(MaxFields(options), MaxFields(options)) {}

Error DictionaryDecoder::Decode(std::string_view bytes, GroupedMessage& out) noexcept {
  if (header_ == body_) {
    return DecodeWithDictionary(decoder_, bytes, index_, *body_, options_.groups, groups_, &out);
  }
  return DecodeWithDictionary(decoder_, bytes, index_, *header_, *body_, options_.groups, groups_,
                              &out);
}

}  // namespace fixwire
