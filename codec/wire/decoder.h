// decoder.h: Decoder, which checks one FIX message's framing and builds its
// field index (a MessageView) without copying or allocating.
//
//   fixwire::Decoder decoder;                     // standard options
//   fixwire::FieldIndex index(1024);              // or from an Arena
//   fixwire::MessageView view;
//   fixwire::Error e = decoder.Decode(bytes, index, view);
//   if (!e.ok()) Log(fixwire::ErrorCodeName(e.code), e.offset, e.tag);
//
// What Decode checks, in this order (the first failure is returned):
//   framing  8= first with a FIX./FIXT. version, 9= second (1..9 digits,
//            leading zeros allowed as FIX's int type allows them: "000155"
//            is 155; not 0), BodyLength exact: the byte before offset
//            body_start + BodyLength is SOH (else kBodyLengthMismatch) and
//            "10=" starts there (else kMissingCheckSum); 10= has
//            exactly three digits and an SOH; the byte sum mod 256 of
//            everything before "10=" equals it (unless validate_checksum is off)
//   fields   35= is the third field; every field is tag=value<SOH> with a tag
//            of 1..kMaxTag digits without leading zeros (the specification's
//            tag is a positive integer written without them); values non-empty
//            (unless allow_empty_values); 8, 9 and 10 do not recur in the body
//   data     a Length field (options.length_fields) must be followed by its
//            data field, whose value is exactly that many bytes (SOH and '='
//            allowed inside) followed by SOH, within the body
// Decode reads the message at the start of `bytes`; bytes after its trailer
// are not looked at (view.size() is the message's length). A message cut
// short is kIncomplete. The Error's offset is from bytes.data(), its tag the
// field involved (0 when none).
//
// Memory and threads: a Decoder holds only immutable state (its options and a
// tag table built from them), so any number of threads may share one; each
// thread decodes into its own FieldIndex. See message_view.h for what the
// view needs to stay valid. The constructor may allocate once (the standard
// Length table, on first use); Decode never
// allocates, never throws, never writes to stderr, and never reads outside
// `bytes`, whatever they contain.
#ifndef FIXWIRE_WIRE_DECODER_H_
#define FIXWIRE_WIRE_DECODER_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fixwire/wire/data_fields.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

struct DecoderTestPeer;  // test access to the decode paths (tests/wire/decoder_paths.h)
class PartialMessage;   // decoding on demand (partial_message.h)

struct DecoderOptions {
  // Accept "tag=" followed directly by SOH (the value is then empty).
  bool allow_empty_values = false;
  // Compare 10= with the byte sum (off only for trusted, already checked input).
  bool validate_checksum = true;
  // Longest message accepted, in bytes (kMessageTooLarge beyond).
  std::uint32_t max_message_size = 64u << 20;
  // Which tags announce data fields; nullptr means StandardLengthFields().
  // Must outlive the Decoder.
  const LengthFieldTable* length_fields = nullptr;
  // PartialMessage::Open (partial_message.h) decodes a message of at most
  // this many bytes whole, as Decode does: below it the full decode's vector
  // walk indexes every field faster than the on-demand walk indexes a few.
  // 0: always on demand.
  std::uint32_t partial_eager_bytes = 512;
};

class Decoder {
 public:
  Decoder() noexcept : Decoder(DecoderOptions{}) {}
  explicit Decoder(const DecoderOptions& options) noexcept;

  const DecoderOptions& options() const noexcept { return options_; }

  // Decode decodes the message at the start of `bytes` into `index` and, on
  // success, sets `out` to its view. On failure `out` is left unchanged and
  // the index holds no valid message.
  [[nodiscard]] Error Decode(std::string_view bytes, FieldIndex& index,
                             MessageView& out) const noexcept;

 private:
  friend struct DecoderTestPeer;
  friend class PartialMessage;

  // PartialMessage's steps (partial_message.h), beside DecodeGeneral, whose
  // checks they repeat field by field. OpenPartial checks the frame and
  // indexes 8, 9 and 35; IndexPartial indexes until the view holds `count`
  // fields, or the first field with `tag` is indexed, or the body is done;
  // IndexRest hands the rest to DecodeGeneral, resumed where the walk stopped.
  Error OpenPartial(std::string_view bytes, FieldIndex& index, PartialMessage& m) const noexcept;
  Error OpenWhole(std::string_view bytes, FieldIndex& index, PartialMessage& m) const noexcept;
  Error IndexPartial(PartialMessage& m, std::uint32_t count, std::uint32_t tag) const noexcept;
  Error IndexRest(PartialMessage& m) const noexcept;

  // DecodeFast's answer in one register (so that Decode hands it on to
  // DecodeGeneral as a tail call): decoded, or where DecodeFast's field walk
  // stopped: the field starting at pos() (0: the walk did not start) goes to
  // index slot fields(). The fields before it are in the index, exactly as
  // DecodeGeneral would have written them.
  struct Resume {
    static constexpr std::uint64_t kDecoded = ~std::uint64_t{0};  // pos() never reaches 2^32 - 1
    std::uint64_t packed = 0;
    static Resume At(std::size_t pos, std::uint32_t fields) noexcept {
      return Resume{(static_cast<std::uint64_t>(pos) << 32) | fields};
    }
    bool decoded() const noexcept { return packed == kDecoded; }
    std::size_t pos() const noexcept { return static_cast<std::size_t>(packed >> 32); }
    std::uint32_t fields() const noexcept { return static_cast<std::uint32_t>(packed); }
  };

  // Decode tries DecodeFast, which takes only the common shape (see
  // decoder.cc) and returns anything but kDecoded, having set nothing but
  // scratch fields of the index, for anything else; DecodeGeneral is the
  // reference for every result, errors included. It decodes from scratch, or
  // (resume.pos() != 0) after checking the frame again continues the walk
  // where DecodeFast's stopped.
  Resume DecodeFast(const char* data, std::size_t size, FieldIndex& index,
                    MessageView& out) const noexcept;
  // DecodeFastAs is DecodeFast for options_.validate_checksum == kValidate.
  template <bool kValidate>
  Resume DecodeFastAs(const char* data, std::size_t size, FieldIndex& index,
                      MessageView& out) const noexcept;
  Error DecodeGeneral(std::string_view bytes, FieldIndex& index, MessageView& out,
                      Resume resume) const noexcept;

  // PublishView writes a decoded message's view of `index` into out, member
  // by member (both paths end with it once every check has passed).
  // kLargeTags false (DecodeFast: every tag is below the index's direct_tags)
  // publishes no hash table, so the view's FindLarge answers nullptr at once
  // and the index needs no new generation (FieldIndex::Begin) for it.
  template <bool kLargeTags>
  static void PublishView(MessageView& out, const char* data, std::uint32_t size,
                          const Field* fields, std::uint32_t count, const FieldIndex& index,
                          std::uint32_t body_length, std::uint8_t checksum) noexcept;

  // Tags below kSpecialTags that need a second look inside the body: the
  // Length tags (a data field follows) and 8, 9, 10 (out of place): one byte
  // test per field instead of two checks.
  static constexpr std::uint32_t kSpecialTags = 10000;  // every tag of 1..4 digits

  // IsLargeLengthTag: whether a tag of kSpecialTags or more announces a data field.
  bool IsLargeLengthTag(std::uint32_t tag) const noexcept {
    return has_large_length_tags_ && length_fields_->IsLengthTag(tag);
  }

  DecoderOptions options_;
  const LengthFieldTable* length_fields_;
  bool has_large_length_tags_ = false;
  // flags[tag] is 1 for the Length tags below kSpecialTags and for 8, 9, 10,
  // with a filter of them for the AVX-512 walk (internal/special_tags.h).
  struct SpecialTags {
    std::uint8_t flags[kSpecialTags];
    std::uint32_t filter[32];
  };
  SpecialTags special_{};
};

}  // namespace fixwire

#endif  // FIXWIRE_WIRE_DECODER_H_
