// format_tag.h: "<tag>=" for the encoder (internal), the one piece of text
// every field starts with.
//
// A tag known at compile time (`AddInt(38, qty)`) is one 8-byte store of its
// constant text. A tag known only at run time (a generic loop over fields, a
// dictionary-driven writer) below kTagTableSize, which is nearly every FIX
// tag, is one load from a table of precomputed words and one 8-byte store,
// its size read from the same word: no division, no digit count. Larger tags
// take format_int.h's ShortTagWord (below 10000) or WriteTag.
//
// Bounds: WriteTagFast stores 8 bytes at `out` however short the tag (the
// bytes past '=' are scratch, overwritten by the value); the caller
// guarantees the room (at least 8 bytes and the tag's size). The tag must be
// valid (1..999999999). No allocation, never fails. The table is 8 KiB of
// constant data.
#ifndef FIXWIRE_ENCODE_INTERNAL_FORMAT_TAG_H_
#define FIXWIRE_ENCODE_INTERNAL_FORMAT_TAG_H_

#include <array>
#include <cstdint>
#include <cstring>

#include "fixwire/encode/internal/format_int.h"

namespace fixwire::encode_internal {

inline constexpr std::uint32_t kTagTableSize = 1024;

// TagTableEntry is TagWord(tag) ("<tag>=" in bytes 0..4, zero padded) with
// the text's size in byte 7 (a scratch byte when stored: the text is at most
// 5 bytes).
constexpr std::uint64_t TagTableEntry(std::uint32_t tag) noexcept {
  return TagWord(tag) | (static_cast<std::uint64_t>(CountDigits(tag) + 1) << 56);
}

inline constexpr std::array<std::uint64_t, kTagTableSize> kTagTable = [] {
  std::array<std::uint64_t, kTagTableSize> t{};
  for (std::uint32_t tag = 1; tag < kTagTableSize; ++tag) t[tag] = TagTableEntry(tag);
  return t;
}();

// WriteTagFast writes "<tag>=" and returns the end (see the bounds above).
[[gnu::always_inline]] inline char* WriteTagFast(char* out, std::uint32_t tag) noexcept {
  if (__builtin_constant_p(tag) && tag < 10000000) {
    const std::uint64_t word = TagWord(tag);
    std::memcpy(out, &word, 8);
    return out + CountDigits(tag) + 1;
  }
  if (tag < kTagTableSize) [[likely]] {
    const std::uint64_t entry = kTagTable[tag];
    std::memcpy(out, &entry, 8);
    return out + (entry >> 56);
  }
  return WriteTagWide(out, tag);
}

}  // namespace fixwire::encode_internal

#endif  // FIXWIRE_ENCODE_INTERNAL_FORMAT_TAG_H_
