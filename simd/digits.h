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
// are at most two overlapping stores. No ISA dispatch; the tests compare
// every function with byte-at-a-time references.
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

#include "fixwire/simd/load.h"

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

// --- Word-at-a-time building blocks (for the codec's own parsers and formatters) ---
//
// A word holds ASCII bytes in memory order, the first in its lowest 8 bits
// (simd/load.h). Defined with the constants kAsciiZeros ('0' in every byte),
// kDigitPairs (DigitPairTable: "00" "01" ... "99", pairs[2 * i] and
// pairs[2 * i + 1]) and kPowersOf10 (std::array, 10^0 .. 10^19).

// DecimalDigits returns the number of decimal digits of v (1 for 0); constexpr.
constexpr int DecimalDigits(std::uint64_t v) noexcept;

// NonDigitLanes, for v = chunk - kAsciiZeros: bit 7 is set in the lane of the
// lowest byte of chunk that is not '0'..'9' (maybe in lanes above it too), and
// nowhere when all eight are digits; several words' results can be ORed and
// tested once.
inline std::uint64_t NonDigitLanes(std::uint64_t v) noexcept;
// AreEightDigitValues: NonDigitLanes(v) == 0 (every byte of chunk a digit).
inline bool AreEightDigitValues(std::uint64_t v) noexcept;
// AreEightDigits: every byte of the word is '0'..'9'.
inline bool AreEightDigits(std::uint64_t chunk) noexcept;

// EightDigitValue: eight digit values 0..9 (the first, most significant, in
// the lowest byte) to their number, three multiply-shifts.
inline std::uint32_t EightDigitValue(std::uint64_t v) noexcept;

// EightDigitBytes returns x (< 10^8) as eight digit values 0..9 with leading
// zeros, the first digit in the lowest byte (OR kAsciiZeros for ASCII).
inline std::uint64_t EightDigitBytes(std::uint32_t x) noexcept;

// ParseUpToFourDigits parses p[0..n) (n is 1..4) into *out when every byte is
// an ASCII digit (leading zeros allowed), reading exactly those bytes; false
// for anything else.
inline bool ParseUpToFourDigits(const char* p, std::size_t n, std::uint32_t* out) noexcept;

}  // namespace fixwire::simd

#include "fixwire/simd/internal/digits_inline.h"  // IWYU pragma: export

#endif  // FIXWIRE_SIMD_DIGITS_H_
