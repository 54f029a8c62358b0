// data_fields.h: which fields are Length fields, and which data field each one
// announces (RawDataLength 95 -> RawData 96, SignatureLength 93 -> Signature 89).
//
// The decoder consults a LengthFieldTable on every field: when a field's tag
// is a Length tag, the next field must be its data field, whose value is
// exactly that many bytes and may contain SOH and '='. The data tag is looked
// up, never assumed to be length tag + 1.
//
// StandardLengthFields() holds every Length/Data pair of the FIX specification
// up to FIX 5.0 SP2 (and FIXT 1.1). A dictionary adds its own pairs by building
// a table from a list (the constructor allocates: a cold path). A table is
// immutable after construction, so any number of decoders on any threads may
// share one; it must outlive every Decoder that points to it.
//
// IsLengthTag and DataTagFor never allocate and never fail.
#ifndef FIXWIRE_WIRE_DATA_FIELDS_H_
#define FIXWIRE_WIRE_DATA_FIELDS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace fixwire {

struct LengthDataPair {
  std::uint32_t length_tag;  // e.g. 95 RawDataLength
  std::uint32_t data_tag;    // e.g. 96 RawData
};

// kStandardLengthDataPairs: the specification's pairs, ascending by length tag.
extern const std::span<const LengthDataPair> kStandardLengthDataPairs;

class LengthFieldTable {
 public:
  // Builds a table of `pairs` (any order). A length tag listed twice keeps its
  // first data tag. Tags must be 1..kMaxTag; pairs with a 0 tag are ignored.
  explicit LengthFieldTable(std::span<const LengthDataPair> pairs);

  // WithStandardPairs returns the standard pairs plus `extra` (a dictionary's own).
  static LengthFieldTable WithStandardPairs(std::span<const LengthDataPair> extra);

  // IsLengthTag reports whether `tag` announces a data field.
  bool IsLengthTag(std::uint32_t tag) const noexcept {
    if (tag < kBitmapTags) return (bitmap_[tag >> 6] >> (tag & 63)) & 1;
    return has_large_tags_ && DataTagFor(tag) != 0;
  }

  // DataTagFor returns the data tag `length_tag` announces, or 0 when it is not a Length tag.
  std::uint32_t DataTagFor(std::uint32_t length_tag) const noexcept;

  // pairs returns the table's pairs, ascending by length tag.
  std::span<const LengthDataPair> pairs() const noexcept { return pairs_; }

 private:
  static constexpr std::uint32_t kBitmapTags = 4096;
  std::array<std::uint64_t, kBitmapTags / 64> bitmap_{};
  std::vector<LengthDataPair> pairs_;  // sorted by length_tag
  bool has_large_tags_ = false;
};

// StandardLengthFields returns a table of kStandardLengthDataPairs, built once
// (thread-safe) and alive until exit.
const LengthFieldTable& StandardLengthFields() noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_WIRE_DATA_FIELDS_H_
