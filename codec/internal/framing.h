// framing.h: the FIX message frame (8= first, 9= second, 10= last), shared by
// the Decoder and the StreamFramer so both read the frame the same way.
//
// Internal: users call Decoder::Decode or StreamFramer. Every function reads
// only [data, data + size), never allocates and never fails other than by
// its returned Error. kIncomplete means "a longer prefix could still be a
// valid frame": the answer for every shorter prefix of a valid message.
#ifndef FIXWIRE_CODEC_INTERNAL_FRAMING_H_
#define FIXWIRE_CODEC_INTERNAL_FRAMING_H_

#include <cstddef>
#include <cstdint>

#include "codec/error.h"

namespace fixwire::codec_internal {

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
Error ParseFrameHeader(const char* data, std::size_t size, FrameHeader* out) noexcept;

// CheckTrailer verifies the trailer of a frame whose header is `h`, given
// size >= h.total(): SOH before body_end(), "10=" + 3 digits + SOH there, and
// (when validate_checksum) the byte sum. Errors: kBodyLengthMismatch (tag 9,
// offset body_end(): the byte before it is not SOH), kMissingCheckSum (tag 10,
// offset body_end(): a field boundary, but not "10="), kBadCheckSum and
// kCheckSumMismatch (tag 10, offset of the value). Writes the parsed CheckSum value to *checksum.
Error CheckTrailer(const char* data, const FrameHeader& h, bool validate_checksum,
                   std::uint8_t* checksum) noexcept;

}  // namespace fixwire::codec_internal

#endif  // FIXWIRE_CODEC_INTERNAL_FRAMING_H_
