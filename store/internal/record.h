// record.h: the on-disk record shared by the journal and the file store.
//
//   u32 word     kind (top 2 bits) | payload length (low 30 bits)
//   u32 crc      CRC-32C of word, seq, next_target and the payload
//   u64 seq      kMessage: the message's number; kSeqNums/kSessionStart: the
//                next sender number
//   u64 next     the next expected inbound number once this record applies
//   payload      kMessage: the message; kSessionStart: i64 creation time (ns)
//   padding      zeros up to a multiple of 8
//
// A word of 0 ends the log (preallocated space is zero); kSegmentEndWord closes a
// journal segment whose remaining space is too small for the next record.
#ifndef FIXWIRE_STORE_INTERNAL_RECORD_H_
#define FIXWIRE_STORE_INTERNAL_RECORD_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "fixwire/store/internal/crc32c.h"

namespace fixwire::store_internal {

enum class RecordKind : std::uint32_t {
  kMessage = 0,
  kSeqNums = 1,
  kSessionStart = 2,
};

inline constexpr std::size_t kHeaderSize = 24;
inline constexpr std::uint32_t kSegmentEndWord = 0xFFFFFFFFu;
inline constexpr std::uint32_t kMaxPayload = (1u << 30) - 1;

struct RecordHeader {
  std::uint32_t word;
  std::uint32_t crc;
  std::uint64_t seq;
  std::uint64_t next_target;
};
static_assert(sizeof(RecordHeader) == kHeaderSize);

constexpr std::size_t RecordSize(std::size_t payload) noexcept {
  return (kHeaderSize + payload + 7) & ~std::size_t{7};
}
constexpr RecordKind KindOf(std::uint32_t word) noexcept {
  return static_cast<RecordKind>(word >> 30);
}
constexpr std::uint32_t PayloadOf(std::uint32_t word) noexcept { return word & kMaxPayload; }

inline std::uint32_t RecordCrc(const RecordHeader& h, const char* payload) noexcept {
  std::uint32_t c = Crc32c(0, &h.word, 4);
  c = Crc32c(c, &h.seq, 16);
  return Crc32c(c, payload, PayloadOf(h.word));
}

inline RecordHeader MakeHeader(RecordKind kind, std::uint64_t seq, std::uint64_t next_target,
                               std::string_view payload) noexcept {
  RecordHeader h{(static_cast<std::uint32_t>(kind) << 30) |
                     static_cast<std::uint32_t>(payload.size()),
                 0, seq, next_target};
  h.crc = RecordCrc(h, payload.data());
  return h;
}

// WriteRecord writes one whole record (header, payload, zero padding) at
// `out`, which must hold RecordSize(payload.size()) bytes. Returns that size.
inline std::size_t WriteRecord(char* out, RecordKind kind, std::uint64_t seq,
                               std::uint64_t next_target, std::string_view payload) noexcept {
  const RecordHeader h = MakeHeader(kind, seq, next_target, payload);
  const std::size_t size = RecordSize(payload.size());
  if (!payload.empty()) std::memcpy(out + kHeaderSize, payload.data(), payload.size());
  std::memset(out + kHeaderSize + payload.size(), 0, size - kHeaderSize - payload.size());
  // The word goes last, in its own store: a process killed in the middle
  // leaves a zero word (the log's end), never a header with a stale CRC.
  std::memcpy(out + 4, reinterpret_cast<const char*>(&h) + 4, kHeaderSize - 4);
  std::atomic_signal_fence(std::memory_order_release);
  std::memcpy(out, &h.word, 4);
  return size;
}

enum class ParseResult : std::uint8_t {
  kOk,
  kEnd,          // a zero word: nothing written here
  kSegmentEnd,   // the segment's close marker
  kTruncated,    // the header or the payload runs past the available bytes
  kBadKind,      // a kind no writer uses
  kBadChecksum,  // the CRC does not match
};

// ParseRecord reads the record at `p` with `avail` bytes readable.
inline ParseResult ParseRecord(const char* p, std::size_t avail, RecordHeader& h) noexcept {
  if (avail < 4) return avail == 0 ? ParseResult::kEnd : ParseResult::kTruncated;
  std::memcpy(&h.word, p, 4);
  if (h.word == 0) return ParseResult::kEnd;
  if (h.word == kSegmentEndWord) return ParseResult::kSegmentEnd;
  if (avail < kHeaderSize) return ParseResult::kTruncated;
  std::memcpy(&h, p, kHeaderSize);
  if (static_cast<std::uint32_t>(KindOf(h.word)) > 2) return ParseResult::kBadKind;
  if (RecordSize(PayloadOf(h.word)) > avail) return ParseResult::kTruncated;
  if (RecordCrc(h, p + kHeaderSize) != h.crc) return ParseResult::kBadChecksum;
  return ParseResult::kOk;
}

const char* ParseResultName(ParseResult r) noexcept;

}  // namespace fixwire::store_internal

#endif  // FIXWIRE_STORE_INTERNAL_RECORD_H_
