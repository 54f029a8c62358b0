// format_text.h: the check that keeps a text value from breaking a message
// (internal): ContainsSoh reports whether a value holds the field delimiter.
//
// Word-at-a-time (SWAR) over 8-byte loads that stay inside [data, data+size):
// short values (the common FIX case) take two overlapping loads and no loop.
// No allocation, never reads outside the span.
#ifndef FIXWIRE_ENCODE_INTERNAL_FORMAT_TEXT_H_
#define FIXWIRE_ENCODE_INTERNAL_FORMAT_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fixwire/simd/load.h"

namespace fixwire::encode_internal {

// HasSohByte reports whether any byte of the word is 0x01 (exact: the
// zero-byte test below has no false positives for "any byte is zero").
constexpr bool HasSohByte(std::uint64_t word) noexcept {
  const std::uint64_t x = word ^ 0x0101010101010101ull;
  return ((x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull) != 0;
}

using simd::Load8;

inline std::uint32_t Load4(const char* p) noexcept {
  std::uint32_t w;
  std::memcpy(&w, p, 4);
  return w;
}

// ContainsSoh reports whether data[0..size) contains '\x01'.
inline bool ContainsSoh(const char* data, std::size_t size) noexcept {
  if (size >= 8) {
    std::size_t i = 0;
    for (; i + 8 < size; i += 8) {
      if (HasSohByte(Load8(data + i))) return true;
    }
    return HasSohByte(Load8(data + size - 8));  // overlapping tail
  }
  if (size >= 4) {
    const std::uint64_t w = (std::uint64_t{Load4(data)} << 32) | Load4(data + size - 4);
    return HasSohByte(w);
  }
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\x01') return true;
  }
  return false;
}

// EqualBytes compares a[0..n) and b[0..n) with overlapping word loads for
// n <= 16 and memcmp beyond.
inline bool EqualBytes(const char* a, const char* b, std::size_t n) noexcept {
  if (n >= 8) {
    if (n > 16) return std::memcmp(a, b, n) == 0;
    return ((Load8(a) ^ Load8(b)) | (Load8(a + n - 8) ^ Load8(b + n - 8))) == 0;
  }
  if (n >= 4) return ((Load4(a) ^ Load4(b)) | (Load4(a + n - 4) ^ Load4(b + n - 4))) == 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

}  // namespace fixwire::encode_internal

#endif  // FIXWIRE_ENCODE_INTERNAL_FORMAT_TEXT_H_
