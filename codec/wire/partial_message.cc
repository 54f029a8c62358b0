// partial_message.cc: PartialMessage's calls; the walk itself is the
// Decoder's (decoder.cc), beside the full decode whose checks it repeats.
#include "fixwire/wire/partial_message.h"

#include <limits>

namespace fixwire {
namespace {

// A lookup walks at most this many more fields one at a time before handing
// the rest of the message to the decoder's vector walk (which is faster per
// field but reads the whole message again for its CheckSum).
constexpr std::uint32_t kFieldsPerLookup = 256;
constexpr std::uint32_t kNoLimit = std::numeric_limits<std::uint32_t>::max();

}  // namespace

Error PartialMessage::Open(const Decoder& decoder, std::string_view bytes,
                           FieldIndex& index) noexcept {
  view_ = MessageView();
  decoder_ = &decoder;
  index_ = &index;
  error_ = Error{};
  complete_ = false;
  walked_ = false;
  const Error e = decoder.OpenPartial(bytes, index, *this);
  return e.ok() ? e : Fail(e);
}

Error PartialMessage::Fail(Error e) noexcept {
  error_ = e;
  view_ = MessageView();
  complete_ = false;
  walked_ = true;
  return e;
}

Error PartialMessage::IndexFields(std::uint32_t count) noexcept {
  if (walked_ || view_.field_count() >= count) return error_;
  return decoder_->IndexPartial(*this, count, 0);
}

Error PartialMessage::IndexThrough(std::uint32_t tag) noexcept {
  if (walked_ || view_.Find(tag) != nullptr) return error_;
  return decoder_->IndexPartial(*this, kNoLimit, tag);
}

Error PartialMessage::IndexAll() noexcept {
  if (walked_) return error_;
  return decoder_->IndexRest(*this);
}

const Field* PartialMessage::FindFurther(std::uint32_t tag) noexcept {
  const std::uint32_t limit = view_.field_count() > kNoLimit - kFieldsPerLookup
                                  ? kNoLimit
                                  : view_.field_count() + kFieldsPerLookup;
  if (!decoder_->IndexPartial(*this, limit, tag).ok()) return nullptr;
  if (const Field* f = view_.Find(tag); f != nullptr || walked_) return f;
  if (!decoder_->IndexRest(*this).ok()) return nullptr;
  return view_.Find(tag);
}

}  // namespace fixwire
