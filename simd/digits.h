// digits.h: decimal digit parsing and formatting for FIX integers, lengths,
// timestamps and CheckSum, with no locale, no allocation and no exceptions.
//
// Parsing uses SWAR (eight ASCII digits checked with one subtract, one add and
// one mask, and combined with three multiply-shifts; one or two digits are done
// byte by byte). Formatting: a value below 10^8 splits into two 4-digit halves,
// and those into eight digit bytes in one step (SSE2, part of baseline x86-64:
// lane-parallel multiply-highs; a SWAR version elsewhere), the digit count from
// count-trailing-zeros of those bytes; 9..10 digit values take the head from a
// "00".."99" table and the halves from two independent multiply-shifts; writes
// are at most two overlapping stores. No ISA dispatch; simd_internal has the
// byte-at-a-time references tests use.
//
// ParseUnsigned (1..8 digits) and FormatUnsigned (values below 10^16) are inline
// (simd/internal/digits_inline.h), so a caller pays no call per value; longer
// inputs and values take one out-of-line call.
//
// Bounds: parsing reads exactly [data, data + size); formatting writes exactly
// the number of bytes it returns (at most kMaxUint64Digits), so the caller
// needs that much room.
#ifndef FIXWIRE_SIMD_DIGITS_H_
#define FIXWIRE_SIMD_DIGITS_H_

#include <cstddef>
#include <cstdint>

namespace fixwire::simd {

inline constexpr std::size_t kMaxUint64Digits = 20;  // 18446744073709551615

// ParseUnsigned parses data[0..size) as an unsigned decimal into *out.
// Returns false (leaving *out unspecified) when size is 0 or above 20, any
// byte is not '0'..'9', or the value exceeds UINT64_MAX. Leading zeros are
// accepted (callers that forbid them check data[0]).
[[nodiscard]] inline bool ParseUnsigned(const char* data, std::size_t size,
                                        std::uint64_t* out) noexcept;

// AllDigits reports whether every byte of data[0..size) is '0'..'9' (true for size 0).
bool AllDigits(const char* data, std::size_t size) noexcept;

// DigitCount returns the number of decimal digits of v (1 for 0).
std::size_t DigitCount(std::uint64_t v) noexcept;

// FormatUnsigned writes v in decimal, without leading zeros, to out and returns
// the number of bytes written (DigitCount(v)).
inline std::size_t FormatUnsigned(std::uint64_t v, char* out) noexcept;

// FormatFixedWidth writes the low `width` decimal digits of v to out[0..width),
// zero-padded on the left (v = 7, width = 3 -> "007"). width is 1..20.
void FormatFixedWidth(std::uint64_t v, std::size_t width, char* out) noexcept;

}  // namespace fixwire::simd

#include "fixwire/simd/internal/digits_inline.h"  // IWYU pragma: export

#endif  // FIXWIRE_SIMD_DIGITS_H_
