#include "fixwire/dictionary/dictionary_decode.h"

#include <vector>

namespace fixwire {

LengthFieldTable MakeLengthFieldTable(const Dictionary& dictionary) {
  std::vector<LengthDataPair> extra;
  for (const auto& [length_tag, data_tag] : dictionary.length_data_pairs()) {
    extra.push_back(LengthDataPair{length_tag, data_tag});
  }
  return LengthFieldTable::WithStandardPairs(extra);
}

Error DecodeWithDictionary(const Decoder& decoder, std::string_view bytes, FieldIndex& index,
                           const Dictionary& dictionary, const GroupOptions& options,
                           GroupStorage& storage, GroupedMessage* out) noexcept {
  MessageView view;
  Error e = decoder.Decode(bytes, index, view);
  if (!e.ok()) return e;
  return IndexGroups(view, dictionary, options, storage, out);
}

Error DecodeWithDictionary(const Decoder& decoder, std::string_view bytes, FieldIndex& index,
                           const Dictionary& transport, const Dictionary& application,
                           const GroupOptions& options, GroupStorage& storage,
                           GroupedMessage* out) noexcept {
  MessageView view;
  Error e = decoder.Decode(bytes, index, view);
  if (!e.ok()) return e;
  return IndexGroups(view, transport, application, options, storage, out);
}

}  // namespace fixwire
