// framing.h: the FIX message frame (8= first, 9= second, 10= last), shared by
// the Decoder and the StreamFramer so both read the frame the same way.
//
// Internal: users call Decoder::Decode or StreamFramer. Every function reads
// only [data, data + size), never allocates and never fails other than by
// its returned Error. kIncomplete means "a longer prefix could still be a
// valid frame": the answer for every shorter prefix of a valid message.
#ifndef FIXWIRE_WIRE_INTERNAL_FRAMING_H_
#define FIXWIRE_WIRE_INTERNAL_FRAMING_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fixwire/values/error.h"
#include "fixwire/simd/checksum.h"
#include "fixwire/simd/load.h"

namespace fixwire::wire_internal {

// Longest BeginString value accepted ("FIXT.1.1" is 8 bytes).
inline constexpr std::size_t kMaxBeginStringValue = 16;
// Longest BodyLength value accepted (9 digits: below 10^9).
inline constexpr std::size_t kMaxBodyLengthDigits = 9;
// "10=nnn<SOH>"
inline constexpr std::size_t kTrailerBytes = 7;

struct FrameHeader {
  std::uint32_t begin_string_length = 0;  // value of 8=, from offset 2
  std::uint32_t body_length_offset = 0;   // offset of 9='s value
  std::uint32_t body_length_digits = 0;
  std::uint32_t body_start = 0;           // first byte after 9='s SOH
  std::uint32_t body_length = 0;          // the value of 9=
  // Offset of the "10=" that BodyLength points at, and the whole frame's size.
  std::uint64_t body_end() const noexcept { return std::uint64_t{body_start} + body_length; }
  std::uint64_t total() const noexcept { return body_end() + kTrailerBytes; }
};

// ParseFrameHeader reads "8=FIX...<SOH>9=<n><SOH>" at data[0]. Errors:
// kIncomplete, kBadBeginString (offset 0), kMissingBodyLength, kBadBodyLength
// (tag 9, offset of the value).
inline Error ParseFrameHeader(const char* data, std::size_t size, FrameHeader* out) noexcept;

// ParseFrameHeaderBytewise is ParseFrameHeader byte by byte, without its
// word-at-a-time FastFrameHeader: the reference FastFrameHeader (and the
// decoder's Fix4FrameHeader) must agree with, and the path for every header
// FastFrameHeader leaves (short input, errors, 8+ digit BodyLength).
inline Error ParseFrameHeaderBytewise(const char* data, std::size_t size, FrameHeader* out) noexcept;

// CheckTrailer verifies the trailer of a frame whose header is `h`, given
// size >= h.total(): SOH before body_end(), "10=" + 3 digits + SOH there, and
// (when validate_checksum) the byte sum. Errors: kBodyLengthMismatch (tag 9,
// offset body_end(): the byte before it is not SOH), kMissingCheckSum (tag 10,
// offset body_end(): a field boundary, but not "10="), kBadCheckSum and
// kCheckSumMismatch (tag 10, offset of the value). Writes the parsed CheckSum value to *checksum.
inline Error CheckTrailer(const char* data, const FrameHeader& h, bool validate_checksum,
                          std::uint8_t* checksum) noexcept;

// --- Definitions (inline: the decoder's per-message fixed cost). ---

inline constexpr Error Fail(ErrorCode code, std::size_t offset, std::uint32_t tag) noexcept {
  return Error{code, static_cast<std::uint32_t>(offset), tag};
}

// A prefix of "8=FIX" shorter than `n` bytes matches what we have.
inline bool MatchesPrefix(const char* data, std::size_t size, const char* literal, std::size_t n) noexcept {
  return std::memcmp(data, literal, size < n ? size : n) == 0;
}

// FastFrameHeader reads the common header shape from the first 32 bytes
// (size >= 32): "8=FIX" with its SOH by offset 18, "9=", 1..7 digits (leading
// zeros allowed, the value not 0), SOH.
// Returns true, with exactly what ParseFrameHeaderBytewise would produce,
// only when that would succeed; false means "ask it", never an error.
inline bool FastFrameHeader(const char* data, FrameHeader* out) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  if ((simd::Load8(data) & 0xFFFFFFFFFFull) != 0x5849463D38ull) return false;  // "8=FIX"
  // First SOH in data[5..21): exact lowest zero byte of w ^ kOnes.
  auto soh_bits = [](std::uint64_t w) {
    const std::uint64_t x = w ^ kOnes;
    return (x - kOnes) & ~x & kHigh;
  };
  std::size_t i;
  if (const std::uint64_t a = soh_bits(simd::Load8(data + 5)); a != 0) {
    i = 5 + (static_cast<std::size_t>(std::countr_zero(a)) >> 3);
  } else if (const std::uint64_t b = soh_bits(simd::Load8(data + 13)); b != 0) {
    i = 13 + (static_cast<std::size_t>(std::countr_zero(b)) >> 3);
  } else {
    return false;
  }
  if (i > 2 + kMaxBeginStringValue) return false;
  const std::size_t value_length = i - 2;
  const bool dotted = (value_length > 4 && data[5] == '.') ||
                      (value_length > 5 && data[5] == 'T' && data[6] == '.');
  if (!dotted || data[i + 1] != '9' || data[i + 2] != '=') return false;
  const std::size_t p = i + 3;  // <= 21, so p + 8 <= 29 < 32
  const std::uint64_t x = simd::Load8(data + p) - 0x3030303030303030ull;
  const std::uint64_t non_digit = (x | (x + 0x7676767676767676ull)) & kHigh;
  if (non_digit == 0) return false;  // 8+ digits
  const std::size_t digits = static_cast<std::size_t>(std::countr_zero(non_digit)) >> 3;
  if (digits == 0 || data[p + digits] != '\x01') return false;
  std::uint64_t v = x << (64 - 8 * digits);
  v = (v * 2561) >> 8 & 0x00FF00FF00FF00FFull;
  v = (v * 6553601) >> 16 & 0x0000FFFF0000FFFFull;
  v = (v * 42949672960001ull) >> 32;
  if (v == 0) return false;  // "9=0", "9=000": the byte loop reports it
  out->begin_string_length = static_cast<std::uint32_t>(value_length);
  out->body_length_offset = static_cast<std::uint32_t>(p);
  out->body_length_digits = static_cast<std::uint32_t>(digits);
  out->body_length = static_cast<std::uint32_t>(v);
  out->body_start = static_cast<std::uint32_t>(p + digits + 1);
  return true;
}

inline Error ParseFrameHeader(const char* data, std::size_t size, FrameHeader* out) noexcept {
  if (size >= 32 && FastFrameHeader(data, out)) return Error{};
  return ParseFrameHeaderBytewise(data, size, out);
}

inline Error ParseFrameHeaderBytewise(const char* data, std::size_t size, FrameHeader* out) noexcept {
  // BeginString: "8=FIX" then the rest of the version up to SOH.
  if (!MatchesPrefix(data, size, "8=FIX", 5)) return Fail(ErrorCode::kBadBeginString, 0, 8);
  if (size < 5) return Fail(ErrorCode::kIncomplete, size, 8);
  std::size_t i = 5;
  const std::size_t begin_limit = 2 + kMaxBeginStringValue;  // offset the SOH must come by
  while (i < size && i <= begin_limit && data[i] != '\x01') ++i;
  if (i > begin_limit) return Fail(ErrorCode::kBadBeginString, 0, 8);
  if (i == size) return Fail(ErrorCode::kIncomplete, size, 8);
  // "FIX.x.y" or "FIXT.x.y": something after "FIX." / "FIXT.".
  const std::size_t value_length = i - 2;
  const bool dotted = (value_length > 4 && data[5] == '.') ||
                      (value_length > 5 && data[5] == 'T' && data[6] == '.');
  if (!dotted) return Fail(ErrorCode::kBadBeginString, 0, 8);
  out->begin_string_length = static_cast<std::uint32_t>(value_length);

  // BodyLength: "9=" then 1..9 digits, then SOH. FIX's int allows leading
  // zeros ("000155", as hffix writes it); the value must not be 0, and the
  // nine digits include the zeros (so a stream of zeros is never incomplete
  // for long).
  std::size_t p = i + 1;
  if (!MatchesPrefix(data + p, size - p, "9=", 2)) return Fail(ErrorCode::kMissingBodyLength, p, 9);
  if (size - p < 2) return Fail(ErrorCode::kIncomplete, size, 9);
  p += 2;
  out->body_length_offset = static_cast<std::uint32_t>(p);
  std::uint32_t length = 0;
  std::size_t digits = 0;
  for (;; ++digits) {
    if (p + digits == size) return Fail(ErrorCode::kIncomplete, size, 9);
    const char c = data[p + digits];
    if (c == '\x01') break;
    const unsigned d = static_cast<unsigned char>(c) - static_cast<unsigned>('0');
    if (d > 9 || digits == kMaxBodyLengthDigits) return Fail(ErrorCode::kBadBodyLength, p, 9);
    length = length * 10 + d;
  }
  if (length == 0) return Fail(ErrorCode::kBadBodyLength, p, 9);  // also no digits
  out->body_length_digits = static_cast<std::uint32_t>(digits);
  out->body_length = length;
  out->body_start = static_cast<std::uint32_t>(p + digits + 1);
  return Error{};
}

inline Error CheckTrailer(const char* data, const FrameHeader& h, bool validate_checksum,
                          std::uint8_t* checksum) noexcept {
  const std::size_t end = static_cast<std::size_t>(h.body_end());
  // BodyLength must end the body on a field boundary, and the field there must be 10=.
  if (data[end - 1] != '\x01') return Fail(ErrorCode::kBodyLengthMismatch, end, 9);
  if (std::memcmp(data + end, "10=", 3) != 0) return Fail(ErrorCode::kMissingCheckSum, end, 10);
  const unsigned d0 = static_cast<unsigned char>(data[end + 3]) - static_cast<unsigned>('0');
  const unsigned d1 = static_cast<unsigned char>(data[end + 4]) - static_cast<unsigned>('0');
  const unsigned d2 = static_cast<unsigned char>(data[end + 5]) - static_cast<unsigned>('0');
  if (d0 > 9 || d1 > 9 || d2 > 9 || data[end + 6] != '\x01') {
    return Fail(ErrorCode::kBadCheckSum, end + 3, 10);
  }
  const unsigned given = d0 * 100 + d1 * 10 + d2;
  if (given > 255) return Fail(ErrorCode::kBadCheckSum, end + 3, 10);
  if (validate_checksum && simd::Checksum(data, end) != given) {
    return Fail(ErrorCode::kCheckSumMismatch, end + 3, 10);
  }
  *checksum = static_cast<std::uint8_t>(given);
  return Error{};
}

}  // namespace fixwire::wire_internal

#endif  // FIXWIRE_WIRE_INTERNAL_FRAMING_H_
