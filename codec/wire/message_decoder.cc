// message_decoder.cc: MessageDecoder's constructors (the one allocation).
#include "fixwire/wire/message_decoder.h"

namespace fixwire {
namespace {

DecoderOptions DefaultOptions() noexcept {
  DecoderOptions options;
  options.max_message_size = MessageDecoder::kDefaultMaxMessageSize;
  return options;
}

}  // namespace

MessageDecoder::MessageDecoder() : MessageDecoder(DefaultOptions()) {}

MessageDecoder::MessageDecoder(const DecoderOptions& options)
    : decoder_(options),
      index_(FieldIndex::CapacityFor(options.max_message_size, options.allow_empty_values)) {}

}  // namespace fixwire
