// special_tags.h: the Decoder's table of tags that need a second look in a
// message body (the Length tags below 10000 and 8, 9, 10; see decoder.h),
// with the filter of the same tags that the AVX-512 field walk reads.
//
// Internal to the decoder. Built once in the Decoder's constructor, then
// immutable: flags[tag] != 0 for each such tag (kSpecialTableTags bytes; and
// tag 0, what the fast walk parses a malformed tag as); filter bit
// SpecialTagHash(tag) set for each (kSpecialFilterWords words, read by
// internal/field_walk_avx512.h), so a clear bit proves a tag is not special.
#ifndef FIXWIRE_WIRE_INTERNAL_SPECIAL_TAGS_H_
#define FIXWIRE_WIRE_INTERNAL_SPECIAL_TAGS_H_

#include <cstddef>
#include <cstdint>

namespace fixwire::wire_internal {

// Every tag of 1..4 digits.
inline constexpr std::uint32_t kSpecialTableTags = 10000;
// Words of the filter (1024 bits).
inline constexpr std::size_t kSpecialFilterWords = 32;

// SpecialTagHash is a tag's bit in the filter (0..1023): bit tag / 32 % 32
// of word tag % 32 (so the AVX-512 walk needs one permute and one rotate per 16 tags).
constexpr std::uint32_t SpecialTagHash(std::uint32_t tag) noexcept {
  return (tag & 31u) << 5 | (tag >> 5 & 31u);
}

}  // namespace fixwire::wire_internal

#endif  // FIXWIRE_WIRE_INTERNAL_SPECIAL_TAGS_H_
