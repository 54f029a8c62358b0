// message_decoder.h: MessageDecoder, a Decoder bundled with the FieldIndex it
// decodes into, the index sized from the largest message the decoder accepts,
// so that no message it accepts can overflow the index.
//
//   fixwire::MessageDecoder decoder;             // messages up to 1 MiB; allocates here
//   fixwire::MessageView view;
//   fixwire::Error e = decoder.Decode(bytes, view);  // never allocates
//   if (!e.ok()) Log(fixwire::ErrorCodeName(e.code), fixwire::ErrorCodeHint(e.code));
//   fixwire::PartialMessage m;
//   e = decoder.Open(bytes, m);                  // or decode on demand
//
// Sizes: the index holds FieldIndex::CapacityFor(options.max_message_size)
// fields (a field takes at least 4 bytes, or 3 with allow_empty_values), so
// kIndexCapacityExceeded never happens; a longer message is kMessageTooLarge,
// whose ErrorCodeHint says to raise max_message_size. The default,
// kDefaultMaxMessageSize (1 MiB), takes about 7 MB of index tables; the
// Decoder's own default (64 MiB) would take about 450 MB, so pass the limit
// you need.
//
// Lifetime and threads: a MessageView from Decode refers to the bytes and to
// this object's index: the next Decode (or destroying the MessageDecoder)
// invalidates it; moving the MessageDecoder keeps it valid. One thread at a
// time per MessageDecoder; make one per thread (they share nothing).
#ifndef FIXWIRE_WIRE_MESSAGE_DECODER_H_
#define FIXWIRE_WIRE_MESSAGE_DECODER_H_

#include <cstdint>
#include <string_view>

#include "fixwire/values/error.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/wire/partial_message.h"

namespace fixwire {

class MessageDecoder {
 public:
  static constexpr std::uint32_t kDefaultMaxMessageSize = 1u << 20;

  // Standard options with max_message_size = kDefaultMaxMessageSize.
  MessageDecoder();
  // options.max_message_size sizes the index. Allocates here and only here.
  explicit MessageDecoder(const DecoderOptions& options);

  MessageDecoder(MessageDecoder&&) noexcept = default;
  MessageDecoder& operator=(MessageDecoder&&) noexcept = default;
  MessageDecoder(const MessageDecoder&) = delete;
  MessageDecoder& operator=(const MessageDecoder&) = delete;

  // Decode is Decoder::Decode into this object's index.
  [[nodiscard]] Error Decode(std::string_view bytes, MessageView& out) noexcept {
    return decoder_.Decode(bytes, index_, out);
  }

  // Open is PartialMessage::Open into this object's index (decoding on
  // demand, partial_message.h); the next Decode or Open invalidates `out`.
  [[nodiscard]] Error Open(std::string_view bytes, PartialMessage& out) noexcept {
    return out.Open(decoder_, bytes, index_);
  }

  const Decoder& decoder() const noexcept { return decoder_; }
  const DecoderOptions& options() const noexcept { return decoder_.options(); }
  // index: the FieldIndex Decode writes (for the lower-level calls that take one).
  FieldIndex& index() noexcept { return index_; }

 private:
  Decoder decoder_;
  FieldIndex index_;
};

}  // namespace fixwire

#endif  // FIXWIRE_WIRE_MESSAGE_DECODER_H_
