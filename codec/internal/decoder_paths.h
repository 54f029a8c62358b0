// decoder_paths.h: test access to the two paths Decoder::Decode chooses
// between, so tests can hold the fast path against the general one.
//
// Internal: users call Decoder::Decode. Fast returns true only when it decoded
// the message (then `out` is set exactly as General would set it); false
// means "not the common shape" and changes nothing but the index's scratch
// contents. General is the complete decoder (every check, every error).
#ifndef FIXWIRE_CODEC_INTERNAL_DECODER_PATHS_H_
#define FIXWIRE_CODEC_INTERNAL_DECODER_PATHS_H_

#include <string_view>

#include "codec/decoder.h"

namespace fixwire::codec_internal {

struct DecoderPaths {
  static bool Fast(const Decoder& d, std::string_view bytes, FieldIndex& index,
                   MessageView& out) noexcept;
  static Error General(const Decoder& d, std::string_view bytes, FieldIndex& index,
                       MessageView& out) noexcept;
};

}  // namespace fixwire::codec_internal

#endif  // FIXWIRE_CODEC_INTERNAL_DECODER_PATHS_H_
