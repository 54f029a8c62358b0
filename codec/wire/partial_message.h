// partial_message.h: PartialMessage, decoding on demand: the frame of a
// message checked in full (BeginString, BodyLength, CheckSum by the SIMD byte
// sum), its fields indexed only as far as the reader asks.
//
//   fixwire::PartialMessage m;
//   fixwire::Error e = m.Open(decoder, bytes, index);  // frame, CheckSum, 8, 9, 35
//   if (!e.ok()) Reject(e);
//   std::string_view type = m.msg_type();
//   std::string_view id = m.GetOr(131);                // indexes up to the first 131
//   if (!m.error().ok()) Reject(m.error());            // a bad field on the way
//
// Open checks what Decoder::Decode checks about the frame, in the same order
// and with the same errors (the CheckSum included, unless validate_checksum
// is off), then indexes 8, 9 and 35; a message of at most
// DecoderOptions::partial_eager_bytes (512 by default) it decodes whole
// instead, as Decode would, since the full decode's vector walk is then
// faster than reading a few fields on demand. The body's fields are indexed in wire
// order, each checked as Decode checks it, only as far as asked:
//   IndexFields(n)    at least the first n fields (8, 9 and 35 count)
//   IndexThrough(tag) up to the first field with `tag`
//   IndexAll()        everything: afterwards the index is exactly Decode's
//   Find(tag) and the getters built on it: up to the first field with `tag`
//                     when it is not indexed yet
// A lookup never reports a tag absent that is in the message: Find answers
// from the fields indexed so far and indexes further when they do not hold
// the tag. It answers exactly what Decode's view answers for every tag.
//
// Errors: a field error is found when the walk reaches the field, so fields
// before it may have been read already; it is returned by the call that
// found it and kept in error(), and from then on every lookup finds nothing
// (a message that has a bad field is rejected, as Decode rejects it).
// IndexAll returns exactly the Error Decode returns for the same bytes. When
// a lookup finds nothing, error() tells "absent" (ok) from "bad message".
//
// Lifetime and threads: a PartialMessage refers to the bytes, the Decoder and
// the FieldIndex given to Open: all three must stay (the index unmoved and
// not used for another decode) while it is used. Find, the getters and the
// Index* calls may index further, so a PartialMessage is used by one thread
// at a time, even for lookups. Once complete(), view() is an ordinary
// MessageView (message_view.h): read-only, valid while the bytes and index
// are, any number of threads may read it. Never allocates, never throws.
#ifndef FIXWIRE_WIRE_PARTIAL_MESSAGE_H_
#define FIXWIRE_WIRE_PARTIAL_MESSAGE_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/values/typed_getters.h"
#include "fixwire/values/values.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

class PartialMessage {
 public:
  PartialMessage() noexcept = default;

  // Open checks the frame of the message at the start of `bytes` and indexes
  // 8, 9 and 35 into `index` (replacing what it held). On failure every
  // lookup finds nothing and error() is the Error.
  [[nodiscard]] Error Open(const Decoder& decoder, std::string_view bytes,
                           FieldIndex& index) noexcept;

  // IndexFields indexes at least the first `count` fields (or all of them).
  [[nodiscard]] Error IndexFields(std::uint32_t count) noexcept;
  // IndexThrough indexes up to and including the first field with `tag` (or
  // every field, when there is none).
  [[nodiscard]] Error IndexThrough(std::uint32_t tag) noexcept;
  // IndexAll indexes the whole message: on success complete() is true and
  // view() is what Decode would have produced; the Error is Decode's.
  [[nodiscard]] Error IndexAll() noexcept;

  // Find returns the first field with `tag`, or nullptr (absent, or a field
  // error on the way: see error()). Indexes up to the tag when needed.
  [[gnu::always_inline]] const Field* Find(std::uint32_t tag) noexcept {
    const Field* f = view_.Find(tag);
    if (f != nullptr || walked_) return f;
    return FindFurther(tag);
  }
  bool Has(std::uint32_t tag) noexcept { return Find(tag) != nullptr; }
  std::optional<std::string_view> Get(std::uint32_t tag) noexcept {
    const Field* f = Find(tag);
    if (f == nullptr) return std::nullopt;
    return value(*f);
  }
  [[gnu::always_inline]] std::string_view GetOr(std::uint32_t tag,
                                                std::string_view fallback = {}) noexcept {
    const Field* f = Find(tag);
    return f != nullptr ? value(*f) : fallback;
  }
  // GetInt64, GetUint64, GetChar, GetBool, GetDecimal, GetUtcTimestamp,
  // GetUtcTimeOnly, GetUtcDateOnly, GetLocalMktDate, GetMonthYear: as
  // MessageView's (kOk, kFieldNotFound, or the parser's code).
  FIXWIRE_TYPED_GETTERS_INDEXING

  [[gnu::always_inline]] std::string_view value(const Field& f) const noexcept {
    return view_.value(f);
  }

  // The fields indexed so far, in wire order: a prefix of Decode's fields().
  std::span<const Field> indexed() const noexcept { return view_.fields(); }
  // complete: every field is indexed (and checked); view() is then valid.
  bool complete() const noexcept { return complete_; }
  // error: the first error found (ok while none).
  Error error() const noexcept { return error_; }
  // view: the whole message's view when complete(), else an empty view.
  MessageView view() const noexcept { return complete_ ? view_ : MessageView(); }

  // The message as the frame describes it (empty before a successful Open).
  const char* data() const noexcept { return view_.data(); }
  std::uint32_t size() const noexcept { return view_.size(); }
  std::string_view bytes() const noexcept { return view_.bytes(); }
  std::string_view begin_string() const noexcept { return view_.begin_string(); }
  std::string_view msg_type() const noexcept { return view_.msg_type(); }
  std::uint32_t body_length() const noexcept { return view_.body_length(); }
  std::uint8_t checksum() const noexcept { return view_.checksum(); }

 private:
  friend class Decoder;

  const Field* FindFurther(std::uint32_t tag) noexcept;
  // Fail keeps `e` as error() and empties the view; returns e.
  Error Fail(Error e) noexcept;

  // view_ describes the fields indexed so far (field_count() of them), with
  // the index's direct table and hash table of the current generation.
  MessageView view_;
  const Decoder* decoder_ = nullptr;
  FieldIndex* index_ = nullptr;
  std::size_t bytes_size_ = 0;  // the size of the bytes given to Open
  std::uint32_t body_start_ = 0;
  std::uint32_t body_end_ = 0;  // offset of "10="
  std::uint32_t pos_ = 0;       // start of the next field to index
  std::uint32_t max_tag_ = 0;   // the largest tag indexed so far
  Error error_{};
  // walked_: nothing more to index (complete, failed, or never opened).
  bool walked_ = true;
  bool complete_ = false;
};

}  // namespace fixwire

#endif  // FIXWIRE_WIRE_PARTIAL_MESSAGE_H_
