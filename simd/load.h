// load.h: unaligned 8-byte loads and stores of text, the word every SWAR
// step in fixwire starts from (digit parsing, frame and trailer checks,
// SOH searches).
//
// A word holds the bytes in memory order: p[0] in its lowest 8 bits (a
// little-endian load through std::memcpy, which compiles to one mov). No
// alignment is needed, nothing is allocated, and each function touches
// exactly the bytes it states.
#ifndef FIXWIRE_SIMD_LOAD_H_
#define FIXWIRE_SIMD_LOAD_H_

#include <cstddef>
#include <cstdint>

namespace fixwire::simd {

// Load8 returns p[0..8) as a word.
inline std::uint64_t Load8(const char* p) noexcept;

// Store8 writes the word's eight bytes to p[0..8).
inline void Store8(char* p, std::uint64_t bytes) noexcept;

// LoadPartial returns p[0..n) in the low n bytes, zeros above; n is 1..7.
// Reads exactly n bytes, with at most two (overlapping) loads.
inline std::uint64_t LoadPartial(const char* p, std::size_t n) noexcept;

}  // namespace fixwire::simd

#include "fixwire/simd/internal/load_inline.h"  // IWYU pragma: export

#endif  // FIXWIRE_SIMD_LOAD_H_
