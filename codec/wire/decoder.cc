// decoder.cc: Decoder::Decode. DecodeFast (at the end) takes the common
// shape of message in one pass with its state in registers: the frame checked
// with a few word compares, then one SIMD pass per 2 KB chunk
// (ScanSohAndSum) whose SOH masks are walked with countr_zero and the tags
// parsed four bytes at a time (SWAR), the byte sum compared with 10= as text.
// DecodeGeneral takes everything else (data fields, long tags, every error),
// from scratch or from the field where DecodeFast's walk stopped. Where AVX2
// or AVX-512 is active DecodeFast's walk is the AVX2 one, scan and walk fused
// (internal/field_walk_avx2.h), and long bodies may take the AVX-512 walk
// (internal/field_walk_avx512.h), with the same result.
#include "fixwire/wire/decoder.h"

#include <array>
#include <bit>
#include <cstddef>
#include <cstring>

#include "fixwire/wire/internal/field_walk_avx2.h"
#include "fixwire/wire/internal/field_walk_avx512.h"
#include "fixwire/wire/internal/field_walk_scalar.h"
#include "fixwire/wire/internal/framing.h"
#include "fixwire/wire/internal/ordinary_field.h"
#include "fixwire/wire/partial_message.h"
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/digits.h"
#include "fixwire/simd/dispatch.h"
#include "fixwire/simd/load.h"
#include "fixwire/simd/structural_scan.h"

namespace fixwire {
namespace {

using wire_internal::AppendField;
using wire_internal::Digits4;
using wire_internal::FastFields;
using wire_internal::kMostFieldsPerBlock;
using wire_internal::kWalkStopped;
using wire_internal::LeadingDigits4;
using wire_internal::WalkResult;

constexpr Error Fail(ErrorCode code, std::size_t offset, std::uint32_t tag) noexcept {
  return Error{code, static_cast<std::uint32_t>(offset), tag};
}

// MaskChunk holds the SOH masks of one chunk of kBlocks * 64 bytes (the
// decoder needs no '=' masks: FastTag finds the '=' itself). The decoder walks
// them with countr_zero, keeping the current block's remaining bits in a
// register and clearing the lowest one per field, so the loop-carried work per
// field is one blsr; after a data field (whose bytes may hold SOH) the walk
// restarts at the position after it.
//
// The same pass sums the bytes for the CheckSum (simd::ScanSohAndSum): the
// chunks cover [0, body_end) in order, and bytes a data field jumps over are
// summed separately, so every byte before "10=" is summed exactly once.
struct MaskChunk {
  static constexpr std::size_t kBlocks = wire_internal::kScanChunkBlocks;
  std::uint64_t soh[kBlocks];

  // Scan fills the masks of [from, min(limit, from + kBlocks * 64)) (from <
  // limit), adds those bytes to *sum and returns where the scanned bytes end.
  std::size_t Scan(const char* data, std::size_t from, std::size_t limit,
                   std::uint64_t* sum) noexcept {
    const std::size_t room = limit - from;
    const std::size_t n = room < kBlocks * simd::kBlockBytes ? room : kBlocks * simd::kBlockBytes;
    *sum += simd::ScanSohAndSum(data + from, n, soh);
    return from + n;
  }
};

// PackedError is an Error in one scalar, laid out as the x86-64 ABI returns
// an Error (code in the low byte, offset in bits 32..63, tag above; little-endian): values
// merging from many return paths stay in registers, where an Error (a struct)
// is merged in a stack slot written in pieces and read back whole, a
// store-forwarding stall on every successful decode.
using PackedError = unsigned __int128;

// Both through memcpy of the first 8 bytes: built field by field, gcc
// assembles an Error in memory (byte store, dword store, qword load).
constexpr std::uint64_t kPackedLowBits = 0xFFFFFFFF000000FFull;  // code and offset, no padding

[[gnu::always_inline]] inline PackedError Pack(Error e) noexcept {
  std::uint64_t low;
  std::memcpy(&low, static_cast<const void*>(&e), sizeof low);
  return static_cast<PackedError>(low & kPackedLowBits) | static_cast<PackedError>(e.tag) << 64;
}

[[gnu::always_inline]] inline Error Unpack(PackedError packed) noexcept {
  static_assert(sizeof(Error) == 12 && offsetof(Error, offset) == 4 && offsetof(Error, tag) == 8);
  Error e;
  const std::uint64_t low = static_cast<std::uint64_t>(packed) & kPackedLowBits;
  std::memcpy(static_cast<void*>(&e), &low, sizeof low);
  e.tag = static_cast<std::uint32_t>(packed >> 64);
  return e;
}

// Failed makes Decode's error results out of line: every error return is then
// a tail call, and the success path returns Error{} in registers rather than
// through a stack slot all the return paths share (written with a byte and a
// qword store, read back whole: a store-forwarding stall on every decode).
[[gnu::noinline, gnu::cold]] Error Failed(ErrorCode code, std::size_t offset,
                                          std::uint32_t tag) noexcept {
  return Fail(code, offset, tag);
}

// SlowFrameHeader reads the headers FastFrameHeader leaves to the byte loop
// (short input, errors, 8+ digit BodyLength), out of line.
[[gnu::noinline]] Error SlowFrameHeader(const char* data, std::size_t size,
                                        wire_internal::FrameHeader* h) noexcept {
  return wire_internal::ParseFrameHeaderBytewise(data, size, h);
}

// ChecksumFirst returns a field-level error `e` unless the CheckSum is wrong,
// which Decode reports first (framing before fields), as when it was a separate pass.
[[gnu::noinline, gnu::cold]] Error ChecksumFirst(const char* data, std::size_t body_end,
                                                 bool validate, std::uint8_t given,
                                                 Error e) noexcept {
  if (validate && simd::Checksum(data, body_end) != given) {
    return Error{ErrorCode::kCheckSumMismatch, static_cast<std::uint32_t>(body_end + 3), 10};
  }
  return e;
}

// FastTag parses a tag of 1..8 digits followed by '=' at p, reading at most
// the nine bytes p[0..9): the caller guarantees p[0..8) are in bounds, and
// p[8] is read only after eight digits, which a field's SOH must follow.
// Returns the digit count, or 0 when the slow path must decide (9 digits,
// leading zero, no digits, no '='). Tags of 1..3 digits, the most common,
// take a 32-bit path whose constants fit in the instructions.
inline unsigned FastTag(const char* p, std::uint32_t* tag) noexcept {
  std::uint32_t w4;
  std::memcpy(&w4, p, 4);
  const std::uint32_t x4 = w4 - 0x30303030u;
  // High bit of a byte set when it is not '0'..'9' (exact up to the first such byte).
  const std::uint32_t non_digit4 = (x4 | (x4 + 0x76767676u)) & 0x80808080u;
  // The first byte must be '1'..'9' (no leading zero, at least one digit).
  if (static_cast<std::uint8_t>(x4 - 1) > 8) [[unlikely]] return 0;
  if (non_digit4 != 0) [[likely]] {
    const unsigned bit = static_cast<unsigned>(std::countr_zero(non_digit4));  // 8 * digits + 7
    const unsigned digits = bit >> 3;                                          // 1..3
    if (p[digits] != '=') [[unlikely]] return 0;
    // Digits to the top bytes (low bytes become leading zeros), then pairs, then the value.
    std::uint32_t v = x4 << (39 - bit);
    v = (v * 2561) >> 8 & 0x00FF00FFu;
    v = (v * 6553601) >> 16;
    *tag = v;
    return digits;
  }
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  const std::uint64_t x = w - 0x3030303030303030ull;
  const std::uint64_t non_digit = (x | (x + 0x7676767676767676ull)) & 0x8080808080808080ull;
  // 4..8 digits; p[8] is in bounds when p[0..8) are all digits (see above).
  const unsigned digits = static_cast<unsigned>(std::countr_zero(non_digit)) >> 3;
  if (p[digits] != '=') return 0;
  std::uint64_t v = x << (64 - 8 * digits);
  v = (v * 2561) >> 8 & 0x00FF00FF00FF00FFull;
  v = (v * 6553601) >> 16 & 0x0000FFFF0000FFFFull;
  v = (v * 42949672960001ull) >> 32;
  *tag = static_cast<std::uint32_t>(v);
  return digits;
}

// SlowTag parses a tag FastTag left alone (8 or 9 digits, or not a tag)
// byte by byte: returns (digit count << 32) | tag for a valid tag followed by
// '=', or 0. Returned in one register so the hot loop keeps its state in registers.
[[gnu::noinline]] std::uint64_t SlowTag(const char* data, std::size_t pos) noexcept {
  std::size_t i = pos;
  std::uint64_t t = 0;
  for (;; ++i) {
    const unsigned d = static_cast<unsigned char>(data[i]) - static_cast<unsigned>('0');
    if (d > 9) break;
    if (i - pos == 9) return 0;  // above kMaxTag
    t = t * 10 + d;
  }
  if (i == pos || data[pos] == '0' || data[i] != '=') return 0;
  return (static_cast<std::uint64_t>(i - pos) << 32) | t;
}

// ReadTag parses the tag at data + pos (FastTag, then SlowTag for what it
// leaves) into *tag and returns its digit count, 0 when there is no valid tag.
[[gnu::always_inline]] inline std::size_t ReadTag(const char* data, std::size_t pos,
                                                  std::uint32_t* tag) noexcept {
  const std::size_t digits = FastTag(data + pos, tag);
  if (digits != 0) [[likely]] return digits;
  const std::uint64_t r = SlowTag(data, pos);
  *tag = static_cast<std::uint32_t>(r);
  return static_cast<std::size_t>(r >> 32);
}

// TagError classifies a field whose tag SlowTag rejected. `limit` bounds the
// field (its SOH, or the body end); data[limit - 1] is SOH when it is the body end.
[[gnu::noinline, gnu::cold]] Error TagError(const char* data, std::size_t pos,
                                            std::size_t limit) noexcept {
  std::size_t i = pos;
  std::uint64_t t = 0;
  for (;; ++i) {
    const unsigned d = static_cast<unsigned char>(data[i]) - static_cast<unsigned>('0');
    if (d > 9) break;
    if (i - pos == 9) return Fail(ErrorCode::kBadTag, pos, 0);  // above kMaxTag
    t = t * 10 + d;
  }
  if (i == pos || data[pos] == '0') return Fail(ErrorCode::kBadTag, pos, 0);
  if (data[i] == '\x01') return Fail(ErrorCode::kMissingEquals, pos, static_cast<std::uint32_t>(t));
  // No '=' before the field's SOH is a missing '='; one after junk is a bad tag.
  const void* eq = std::memchr(data + i, '=', limit - i);
  const void* soh = std::memchr(data + i, '\x01', limit - i);
  const bool missing = eq == nullptr || (soh != nullptr && soh < eq);
  return Fail(missing ? ErrorCode::kMissingEquals : ErrorCode::kBadTag, pos, 0);
}

// Size of the Decoder's special-tag table (Decoder::kSpecialTags).
// Every tag of 1..4 digits, so FastWalk needs no range check.
using wire_internal::kSpecialTableTags;

// WalkState is the SOH walk's position: the current block's mask (within
// [chunk masks, mask_end)), its absolute offset, its SOH bits not yet used,
// the next field's start and where its Field goes.
struct WalkState {
  const std::uint64_t* mask;
  const std::uint64_t* mask_end;
  std::size_t block_base;
  std::uint64_t bits;
  std::size_t pos;
  Field* next;
};


// FastWalk runs FastFields over the chunk's blocks from *st, checking the
// index's room once per block rather than once per field (per field only in
// the last blocks before the index is full). It stops, leaving *st at the
// start of the field it did not take (its SOH bit unused), when a field needs
// the general path or the chunk's masks are used up (bits == 0 on the last
// block). Separate and small so that its state stays in registers.
// (No frame pointer: one more register for the loop.)
#if defined(__clang__)  // clang has no optimize attribute (and -Werror rejects it)
[[gnu::noinline]]
#else
[[gnu::noinline, gnu::optimize("omit-frame-pointer")]]
#endif
void FastWalk(
    const char* data, const std::uint8_t* special, Field* out_end, WalkState* st) noexcept {
  const std::uint64_t* mask = st->mask;
  const std::uint64_t* const mask_end = st->mask_end;
  std::size_t block_base = st->block_base;
  std::uint64_t bits = st->bits;
  std::size_t pos = st->pos;
  Field* next = st->next;
  for (;;) {
    if (bits != 0) {
      const std::size_t room = reinterpret_cast<std::uintptr_t>(out_end) -
                               reinterpret_cast<std::uintptr_t>(next);  // bytes
      const bool used_up =
          room >= kMostFieldsPerBlock * sizeof(Field)
              ? FastFields<false>(data, special, out_end, block_base, bits, pos, next)
              : FastFields<true>(data, special, out_end, block_base, bits, pos, next);
      if (!used_up) break;
    }
    if (mask + 1 == mask_end) break;
    ++mask;
    block_base += simd::kBlockBytes;
    bits = *mask;
  }
  st->mask = mask;
  st->block_base = block_base;
  st->bits = bits;
  st->pos = pos;
  st->next = next;
}

// FillEightBackward writes the direct slots of fields f[0..8), numbered
// i..i+7, last first, so that a repeated tag keeps its first occurrence.
[[gnu::always_inline]] inline void FillEightBackward(std::uint32_t* direct, const Field* f,
                                                     std::uint32_t i) noexcept {
  direct[f[7].tag] = i + 7;
  direct[f[6].tag] = i + 6;
  direct[f[5].tag] = i + 5;
  direct[f[4].tag] = i + 4;
  direct[f[3].tag] = i + 3;
  direct[f[2].tag] = i + 2;
  direct[f[1].tag] = i + 1;
  direct[f[0].tag] = i;
}

// FillDirectBackward points direct[tag] at the first occurrence of each of
// the `count` fields' tags (all below the direct table's size; count >= 3),
// writing back to front so a tag's first occurrence is the last write.
[[gnu::always_inline]] inline void FillDirectBackward(std::uint32_t* direct, const Field* fields,
                                                      std::uint32_t count) noexcept {
  const Field* f = fields + count;
  std::uint32_t i = count;
  // Eight fields per step, the latest one first (the loop's own work once per eight).
  while (i & 7) {
    --f;
    --i;
    direct[f->tag] = i;
  }
  while (i != 0) {
    f -= 8;
    i -= 8;
    FillEightBackward(direct, f, i);
  }
}

// FillDirectFast is FillDirectBackward for a message DecodeFast took: fields
// 0, 1 and 2 are 8, 9 and 35, the last (count - 1 >= 3) is 10, and no other
// field is 8, 9 or 10 (they are special) while 35 may come again. So only
// the fields [3, count - 1) are read back, last first (the remainder by a
// jump into the eight-field step, then eight at a time), and the four known
// slots are stores of constants, 35's after the body's so that field 2 is
// its first occurrence.
[[gnu::always_inline]] inline void FillDirectFast(std::uint32_t* direct, const Field* fields,
                                                  std::uint32_t count) noexcept {
  // The remainder's fields are [i, i + r), written from i + r - 1 down to i.
  const std::uint32_t r = (count - 4) & 7;
  std::uint32_t i = count - 1 - r;
  const Field* f = fields + i;
  switch (r) {
    case 7: direct[f[6].tag] = i + 6; [[fallthrough]];
    case 6: direct[f[5].tag] = i + 5; [[fallthrough]];
    case 5: direct[f[4].tag] = i + 4; [[fallthrough]];
    case 4: direct[f[3].tag] = i + 3; [[fallthrough]];
    case 3: direct[f[2].tag] = i + 2; [[fallthrough]];
    case 2: direct[f[1].tag] = i + 1; [[fallthrough]];
    case 1: direct[f[0].tag] = i; [[fallthrough]];
    default: break;
  }
  while (i != 3) {
    f -= 8;
    i -= 8;
    FillEightBackward(direct, f, i);
  }
  direct[kTagCheckSum] = count - 1;
  direct[kTagMsgType] = 2;
  direct[kTagBodyLength] = 1;
  direct[kTagBeginString] = 0;
}

// kCheckSumText[v] is v as three ASCII digits, in the order they are read
// from the wire into the low bytes of a little-endian word ("123" is 0x333231).
constexpr auto kCheckSumText = [] {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t v = 0; v < 256; ++v) {
    t[v] = (0x30 + v / 100) | (0x30 + v / 10 % 10) << 8 | (0x30 + v % 10) << 16;
  }
  return t;
}();

// Fix4FrameHeader is FastFrameHeader (size >= 32) for "8=FIX.4.x<SOH>9="
// (x any byte but SOH, the BeginString of every FIX 4 version) with a
// BodyLength of 1..4 digits: two word compares instead of the search for
// BeginString's SOH. Returns true, with exactly FastFrameHeader's result,
// only for such a header; false means "ask FastFrameHeader". It earns its
// place: ~30 instructions fewer per decode of every FIX 4 benchmark message
// (7% of decode/Heartbeat's). The decoder fast-path test holds it against
// the general path.
[[gnu::always_inline]] inline bool Fix4FrameHeader(const char* data,
                                                   wire_internal::FrameHeader* out) noexcept {
  if (simd::Load8(data) != 0x2E342E5849463D38ull) return false;  // "8=FIX.4."
  // data[8..16): the version's last byte (not SOH), SOH, "9=", then BodyLength's first bytes.
  const std::uint64_t w = simd::Load8(data + 8);
  if ((w & 0xFFFFFF00u) != 0x3D390100u || (w & 0xFFu) == 0x01u) return false;
  constexpr std::size_t p = 12;  // BodyLength's value; p + 5 <= 32
  const Digits4 d = LeadingDigits4(static_cast<std::uint32_t>(w >> 32));
  const std::size_t digits = d.bit >> 3;  // 0..4
  if (digits == 0 || data[p + digits] != '\x01') return false;
  out->begin_string_length = 7;
  out->body_length_offset = static_cast<std::uint32_t>(p);
  out->body_length_digits = static_cast<std::uint32_t>(digits);
  out->body_length = d.Value();
  out->body_start = static_cast<std::uint32_t>(p + digits + 1);
  return true;
}

// WalkOrdinary indexes the body [body_start, body_end) of a frame DecodeFast
// has checked (data[body_end - 1] is SOH, body_start < 64, body_end + 7 <=
// the bytes' size, which is at least 32): the fields go to next, next + 1,
// ... below out_end. Where simd::Dispatch allows AVX2 it takes the AVX2
// walk, scan and walk fused block by block, or, where it allows the AVX-512
// VBMI2 walk, for a body_end of its avx512_walk_min_bytes() or more that one; otherwise it scans [0, body_end) (in one pass up to
// kScanChunkBlocks blocks, the common case, else a chunk at a time) and takes each
// SOH's field with FastFields. All give the same result. Returns one past
// the last field written, with the byte sum of [0, body_end) when every
// field was ordinary, or kWalkStopped when it stopped at a field that is not
// ordinary or does not fit (that field then starts right after the last one
// written, or at body_start). Out of line, so that the walk's state has the
// registers to itself.
[[gnu::noinline]] WalkResult WalkOrdinary(const char* data, std::size_t body_start,
                                           std::size_t body_end, const std::uint8_t* special,
                                           Field* next, Field* const out_end) noexcept {
  // Only tail calls here: no frame.
  const simd::Dispatch isa = simd::Dispatch::Active();
  if (isa.avx2()) [[likely]] {
    // WalkOrdinaryAvx2's size dispatch here, one jump fewer.
    if (body_end <= 2 * simd::kBlockBytes) {
      return body_end <= simd::kBlockBytes
                 ? wire_internal::WalkOrdinaryAvx2OneBlock(data, body_start, body_end,
                                                            special, next, out_end)
                 : wire_internal::WalkOrdinaryAvx2TwoBlocks(data, body_start, body_end,
                                                             special, next, out_end);
    }
    // Larger than any body unless the AVX-512 walk may run.
    if (body_end >= isa.avx512_walk_min_bytes()) [[unlikely]] {
      return wire_internal::WalkOrdinaryAvx512(data, body_start, body_end, special, next, out_end);
    }
    return wire_internal::WalkOrdinaryAvx2Blocks(data, body_start, body_end, special,
                                                  next, out_end);
  }
  return wire_internal::WalkOrdinaryScalar(data, body_start, body_end, special, next, out_end);
}

}  // namespace

// Member by member: a whole MessageView assembled first and copied is
// shuffled through vector registers.
template <bool kLargeTags>
[[gnu::always_inline]] inline void Decoder::PublishView(
    MessageView& out, const char* data, std::uint32_t size, const Field* fields,
    std::uint32_t count, const FieldIndex& index, std::uint32_t body_length,
    std::uint8_t checksum) noexcept {
  out.data_ = data;
  out.size_ = size;
  out.fields_ = fields;
  out.count_ = count;
  out.direct_ = index.direct_;
  out.direct_tags_ = index.direct_tags_;
  if constexpr (kLargeTags) {
    out.hash_ = index.hash_;
    out.hash_mask_ = index.hash_mask_;
    out.generation_ = index.generation_;
  } else {
    // No field's tag reaches direct_tags: no hash table to look in (FindLarge
    // returns nullptr for a null hash_), whatever generation the index is at.
    out.hash_ = nullptr;
    out.hash_mask_ = 0;
    out.generation_ = 0;
  }
  out.body_length_ = body_length;
  out.checksum_ = checksum;
}

Decoder::Decoder(const DecoderOptions& options) noexcept
    : options_(options),
      length_fields_(options.length_fields != nullptr ? options.length_fields
                                                       : &StandardLengthFields()) {
  // The layout internal/special_tags.h's SpecialFilter reads.
  static_assert(kSpecialTags == kSpecialTableTags && offsetof(SpecialTags, filter) == kSpecialTableTags &&
                sizeof(SpecialTags::filter) / sizeof(std::uint32_t) == wire_internal::kSpecialFilterWords);
  for (std::uint32_t tag : {kTagBeginString, kTagBodyLength, kTagCheckSum}) special_.flags[tag] = 1;
  // Tag 0 is what DecodeFast's FastFields parses a malformed tag as (the general path never looks it up).
  special_.flags[0] = 1;
  for (const LengthDataPair& pair : length_fields_->pairs()) {
    if (pair.length_tag < kSpecialTags) {
      special_.flags[pair.length_tag] = 1;
    } else {
      has_large_length_tags_ = true;
    }
  }
  for (std::uint32_t tag = 0; tag < kSpecialTags; ++tag) {
    if (special_.flags[tag] != 0) {
      const std::uint32_t bit = wire_internal::SpecialTagHash(tag);
      special_.filter[bit >> 5] |= std::uint32_t{1} << (bit & 31);
    }
  }
}

[[gnu::noinline]] Error Decoder::DecodeGeneral(std::string_view bytes, FieldIndex& index,
                                              MessageView& out,
                                              Resume resume) const noexcept {
  // The body returns the Error packed in one scalar (see PackedError) so that
  // its many return paths merge in registers.
  const PackedError packed = [&]() __attribute__((always_inline)) -> PackedError {
    const char* const data = bytes.data();
    const std::size_t size = bytes.size();
    if (!index.valid() || index.capacity_ < 4) return Pack(Failed(ErrorCode::kIndexCapacityExceeded, 0, 0));

    wire_internal::FrameHeader h;
    if (size < 32 || !wire_internal::FastFrameHeader(data, &h)) [[unlikely]] {
      const Error e = SlowFrameHeader(data, size, &h);
      if (!e.ok()) return Pack(Failed(e.code, e.offset, e.tag));
    }
    if (h.total() > options_.max_message_size) {
      return Pack(Failed(ErrorCode::kMessageTooLarge, h.body_length_offset, kTagBodyLength));
    }
    if (h.total() > size) return Pack(Failed(ErrorCode::kIncomplete, size, 0));
    // The trailer's shape here; its value is compared with the byte sum the
    // field walk's scan computes (see MaskChunk), and field errors found on the
    // way are reported only once the CheckSum is known to match (ChecksumFirst).
    std::uint8_t checksum = 0;
    {
      const Error e = wire_internal::CheckTrailer(data, h, /*validate_checksum=*/false, &checksum);
      if (!e.ok()) [[unlikely]] return Pack(Failed(e.code, e.offset, e.tag));
    }
    const bool validate = options_.validate_checksum;
    const std::size_t body_end = static_cast<std::size_t>(h.body_end());  // offset of "10="
    // A field-level error, reported only when the CheckSum matches (out of line: ChecksumFirst).
    auto field_error = [&](Error e) __attribute__((always_inline)) {
      return ChecksumFirst(data, body_end, validate, checksum, e);
    };

    index.Begin();
    // Locals, so stores into the field array cannot be taken to alias the index's members.
    Field* const fields = index.fields_;
    // Body fields are written at next < out_end; 10= then still fits (at most at capacity - 1).
    Field* const out_end = fields + (index.capacity_ - 1);
    fields[0] = Field{kTagBeginString, 2, h.begin_string_length};
    fields[1] = Field{kTagBodyLength, h.body_length_offset, h.body_length_digits};

    const bool allow_empty = options_.allow_empty_values;
    const std::uint8_t* const special = special_.flags;
    // 35= must be the first body field.
    if (data[h.body_start] != '3' || data[h.body_start + 1] != '5' || data[h.body_start + 2] != '=') {
      std::uint32_t first = 0;
      (void)FastTag(data + h.body_start, &first);
      return Pack(field_error(Fail(ErrorCode::kMissingMsgType, h.body_start, first)));
    }

    {
    // The SOH walk (see MaskChunk and WalkState): FastWalk takes the ordinary
    // fields, the loop below one field at a time whatever FastWalk left (a data
    // field, a slow tag, an error, the end of a chunk).
    MaskChunk chunk;
    std::uint64_t sum = 0;       // byte sum of [0, summed_to)
    std::size_t summed_to = 0;   // where the last scan ended
    std::size_t chunk_base = 0;  // absolute offset of the chunk's first byte
    WalkState st{chunk.soh, chunk.soh, 0, 0, h.body_start, fields + 2};
    const std::uint64_t*& mask = st.mask;  // current block
    const std::uint64_t*& mask_end = st.mask_end;
    std::size_t& block_base = st.block_base;  // absolute offset of the current block
    std::uint64_t& bits = st.bits;            // SOH bits of the current block not yet used
    std::size_t& pos = st.pos;
    Field*& next = st.next;                   // where the next field goes
    // Scans only move forward (from >= summed_to); bytes a data field skipped are summed alone.
    auto rescan = [&](std::size_t from) __attribute__((always_inline)) {
      if (from != summed_to) [[unlikely]] sum += simd::ByteSum(data + summed_to, from - summed_to);
      summed_to = chunk.Scan(data, from, body_end, &sum);
      mask_end = chunk.soh + simd::BlockCount(summed_to - from);
      chunk_base = from;
    };
    auto seek = [&](std::size_t p) __attribute__((always_inline)) {
      if (p - chunk_base >= static_cast<std::size_t>(mask_end - chunk.soh) * simd::kBlockBytes) {
        rescan(p);
      }
      const std::size_t rel = p - chunk_base;
      mask = chunk.soh + (rel >> 6);
      block_base = chunk_base + (rel & ~std::size_t{63});
      bits = *mask & (~std::uint64_t{0} << (rel & 63));
    };
    // The largest tag of a field not taken by FastWalk (whose tags are below kSpecialTableTags).
    std::uint32_t max_tag = kSpecialTableTags - 1;
    // The first chunk starts at 0, so the header's bytes are summed too.
    if (resume.pos() != 0) {
      // DecodeFast's walk indexed [body_start, resume.pos()) exactly as this
      // walk would have (ordinary fields only); rescan sums [0, resume.pos())
      // with ByteSum (summed_to is 0) and scans on from there.
      pos = resume.pos();
      next = fields + resume.fields();
      rescan(pos);
    } else {
      rescan(0);
    }
    seek(pos);
    // Invariant: pos < body_end and data[body_end - 1] is SOH, so every field
    // ends at an SOH before body_end, and pos + 8 <= body_end + 7 <= size.
    // The walk only writes fields; the lookup tables are filled afterwards
    // (back to front, so a tag's first occurrence is the one that stays).
    while (pos < body_end) {
      FastWalk(data, special, out_end, &st);
      if (pos >= body_end) break;
      while (bits == 0) [[unlikely]] {
        block_base += simd::kBlockBytes;
        if (++mask == mask_end) {
          // Unreachable (data[body_end - 1] is an SOH not yet used); kept as a guard.
          if (block_base >= body_end) [[unlikely]] {
            return Pack(field_error(Fail(ErrorCode::kIncomplete, body_end, 0)));
          }
          rescan(block_base);
          mask = chunk.soh;
        }
        bits = *mask;
      }
      const std::size_t soh = block_base + static_cast<std::size_t>(std::countr_zero(bits));
      bits &= bits - 1;
      std::uint32_t tag;
      const std::size_t digits = ReadTag(data, pos, &tag);
      if (digits == 0) [[unlikely]] return Pack(field_error(TagError(data, pos, soh)));
      const std::size_t value_start = pos + digits + 1;
      const std::size_t length = soh - value_start;
      if (length == 0) [[unlikely]] {
        if (!allow_empty) {
          return Pack(field_error(Fail(ErrorCode::kEmptyValue, pos, tag)));
        }
      }
      if (next == out_end) [[unlikely]] {
        // Same order of checks as a field that fits: 8, 9, 10 in the body first.
        return Pack(field_error(Fail(tag - kTagBeginString <= kTagCheckSum - kTagBeginString
                       ? ErrorCode::kFieldOutOfPlace
                       : ErrorCode::kIndexCapacityExceeded,
                   pos, tag)));
      }
      AppendField(next, tag, value_start, length);
      pos = soh + 1;
      if (tag > max_tag) max_tag = tag;
      // One table byte covers "Length tag" and "8, 9 or 10"; larger tags ask the table.
      const bool is_special = tag < kSpecialTags ? special[tag] != 0 : IsLargeLengthTag(tag);
      if (is_special) [[unlikely]] {
        if (tag - kTagBeginString <= kTagCheckSum - kTagBeginString) {
          return Pack(field_error(Fail(ErrorCode::kFieldOutOfPlace, value_start - digits - 1, tag)));
        }
        // The next field is the data field: exactly `n` value bytes, then SOH.
        std::uint64_t n;
        if (length == 0 || length > 9 || !simd::ParseUnsigned(data + value_start, length, &n)) {
          return Pack(field_error(Fail(ErrorCode::kBadDataLength, value_start, tag)));
        }
        const std::uint32_t data_tag = length_fields_->DataTagFor(tag);
        if (pos >= body_end) {
          return Pack(field_error(Fail(ErrorCode::kDataFieldNotNext, pos, data_tag)));
        }
        std::uint32_t found_tag;
        const std::size_t data_digits = ReadTag(data, pos, &found_tag);
        if (data_digits == 0) return Pack(field_error(TagError(data, pos, body_end)));
        const std::size_t data_start = pos + data_digits + 1;
        if (found_tag != data_tag) {
          return Pack(field_error(Fail(ErrorCode::kDataFieldNotNext, pos, found_tag)));
        }
        if (n >= body_end - data_start) {
          return Pack(field_error(Fail(ErrorCode::kDataLengthPastEnd, data_start, data_tag)));
        }
        const std::size_t data_end = data_start + static_cast<std::size_t>(n);
        if (data[data_end] != '\x01') {
          return Pack(field_error(Fail(ErrorCode::kBadDataLength, data_end, data_tag)));
        }
        if (n == 0 && !allow_empty) {
          return Pack(field_error(Fail(ErrorCode::kEmptyValue, pos, data_tag)));
        }
        if (next == out_end) {
          return Pack(field_error(Fail(ErrorCode::kIndexCapacityExceeded, pos, data_tag)));
        }
        *next++ = Field{data_tag, static_cast<std::uint32_t>(data_start), static_cast<std::uint32_t>(n)};
        if (data_tag > max_tag) max_tag = data_tag;
        pos = data_end + 1;
        if (pos < body_end) seek(pos);  // skip any SOH inside the data
      }
    }
    // A data field can end the body past the last scan: sum the rest.
    if (summed_to != body_end) sum += simd::ByteSum(data + summed_to, body_end - summed_to);
    if (validate && static_cast<std::uint8_t>(sum) != checksum) [[unlikely]] {
      return Pack(Failed(ErrorCode::kCheckSumMismatch, body_end + 3, kTagCheckSum));
    }
    *next++ = Field{kTagCheckSum, static_cast<std::uint32_t>(body_end + 3), 3};
    const std::uint32_t count = static_cast<std::uint32_t>(next - fields);

    // Lookup tables, back to front: the last write to a tag's slot is its first
    // occurrence. When every tag fits the direct table (the common case: the
    // fields FastWalk took all do) the pass is a load and a store per field;
    // otherwise large tags take a second backward pass through the hash table.
    {
      std::uint32_t* const direct = index.direct_;
      const std::uint32_t direct_tags = index.direct_tags_;
      const Field* f = next;
      std::uint32_t i = count;
      if (max_tag < direct_tags) [[likely]] {
        FillDirectBackward(direct, fields, count);
      } else {
        bool any_large = false;
        for (; i-- != 0;) {
          const std::uint32_t tag = (--f)->tag;
          if (tag < direct_tags) [[likely]] {
            direct[tag] = i;
          } else {
            any_large = true;
          }
        }
        if (any_large) [[unlikely]] {
          for (i = count; i-- != 0;) {
            if (fields[i].tag >= direct_tags) index.InsertLargeBackward(fields[i].tag, i);
          }
        }
      }
    }

    PublishView<true>(out, data, static_cast<std::uint32_t>(h.total()), fields, count, index,
                      h.body_length, checksum);
    return PackedError{0};
    }

  }();
  return Unpack(packed);
}

// --- Decoding on demand (PartialMessage). ---

namespace {

// NextSoh returns the offset of the first SOH at or after p, reading eight
// bytes at a time. Precondition: p < body_end, data[body_end - 1] is SOH and
// body_end + 7 <= the bytes' size, so every load (at an offset below
// body_end, since no SOH was found before it) stays in bounds.
[[gnu::always_inline]] inline std::size_t NextSoh(const char* data, std::size_t p) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  for (;;) {
    const std::uint64_t x = simd::Load8(data + p) ^ kOnes;
    const std::uint64_t soh = (x - kOnes) & ~x & kHigh;  // exact up to the first SOH
    if (soh != 0) return p + (static_cast<std::size_t>(std::countr_zero(soh)) >> 3);
    p += 8;
  }
}

}  // namespace

// OpenWhole is OpenPartial for a small message: the whole decode (whose
// errors are the ones to report anyway).
Error Decoder::OpenWhole(std::string_view bytes, FieldIndex& index,
                         PartialMessage& m) const noexcept {
  const Error e = Decode(bytes, index, m.view_);
  if (e.ok()) {
    m.complete_ = true;
    m.walked_ = true;
  }
  return e;
}

Error Decoder::OpenPartial(std::string_view bytes, FieldIndex& index,
                           PartialMessage& m) const noexcept {
  // The checks and errors of DecodeGeneral's frame, in its order; the
  // CheckSum is verified here, before any field (as Decode reports it first).
  const char* const data = bytes.data();
  const std::size_t size = bytes.size();
  // Bytes no longer than partial_eager_bytes hold a small message (or none).
  if (size <= options_.partial_eager_bytes) return OpenWhole(bytes, index, m);
  if (!index.valid() || index.capacity_ < 4) {
    return Fail(ErrorCode::kIndexCapacityExceeded, 0, 0);
  }
  wire_internal::FrameHeader h;
  if (size < 32 || !wire_internal::FastFrameHeader(data, &h)) {
    const Error e = SlowFrameHeader(data, size, &h);
    if (!e.ok()) return e;
  }
  if (h.total() <= options_.partial_eager_bytes) return OpenWhole(bytes, index, m);
  if (h.total() > options_.max_message_size) {
    return Fail(ErrorCode::kMessageTooLarge, h.body_length_offset, kTagBodyLength);
  }
  if (h.total() > size) return Fail(ErrorCode::kIncomplete, size, 0);
  std::uint8_t checksum = 0;
  {
    const Error e = wire_internal::CheckTrailer(data, h, options_.validate_checksum, &checksum);
    if (!e.ok()) return e;
  }
  if (data[h.body_start] != '3' || data[h.body_start + 1] != '5' || data[h.body_start + 2] != '=') {
    std::uint32_t first = 0;
    (void)FastTag(data + h.body_start, &first);
    return Fail(ErrorCode::kMissingMsgType, h.body_start, first);
  }
  index.Begin();
  Field* const fields = index.fields_;
  fields[0] = Field{kTagBeginString, 2, h.begin_string_length};
  fields[1] = Field{kTagBodyLength, h.body_length_offset, h.body_length_digits};
  index.Insert(kTagBeginString, 0);
  index.Insert(kTagBodyLength, 1);
  MessageView& v = m.view_;
  v.data_ = data;
  v.size_ = static_cast<std::uint32_t>(h.total());
  v.fields_ = fields;
  v.count_ = 2;
  v.direct_ = index.direct_;
  v.direct_tags_ = index.direct_tags_;
  v.hash_ = index.hash_;
  v.hash_mask_ = index.hash_mask_;
  v.generation_ = index.generation_;
  v.body_length_ = h.body_length;
  v.checksum_ = checksum;
  m.bytes_size_ = size;
  m.body_start_ = h.body_start;
  m.body_end_ = static_cast<std::uint32_t>(h.body_end());
  m.pos_ = h.body_start;
  m.max_tag_ = kTagBodyLength;
  return IndexPartial(m, 3, 0);  // 35=
}

// IndexPartial is DecodeGeneral's walk one field at a time (NextSoh in place
// of the SOH masks), with the same checks, errors and fields, each recorded
// for lookup as it is indexed (FieldIndex::Insert keeps a tag's first
// occurrence). Reaching the end of the body it adds 10= and completes the view.
Error Decoder::IndexPartial(PartialMessage& m, std::uint32_t count,
                            std::uint32_t tag_wanted) const noexcept {
  FieldIndex& index = *m.index_;
  MessageView& v = m.view_;
  const char* const data = v.data_;
  const std::size_t body_end = m.body_end_;
  Field* const fields = index.fields_;
  Field* const out_end = fields + (index.capacity_ - 1);  // 10= still fits
  Field* next = fields + v.count_;
  std::size_t pos = m.pos_;
  std::uint32_t max_tag = m.max_tag_;
  const bool allow_empty = options_.allow_empty_values;
  Error e{};
  while (pos < body_end) {
    if (static_cast<std::uint32_t>(next - fields) >= count) break;
    const std::size_t soh = NextSoh(data, pos);
    std::uint32_t tag;
    const std::size_t digits = ReadTag(data, pos, &tag);
    if (digits == 0) {
      e = TagError(data, pos, soh);
      break;
    }
    const std::size_t value_start = pos + digits + 1;
    const std::size_t length = soh - value_start;
    if (length == 0 && !allow_empty) {
      e = Fail(ErrorCode::kEmptyValue, pos, tag);
      break;
    }
    if (next == out_end) {
      e = Fail(tag - kTagBeginString <= kTagCheckSum - kTagBeginString
                   ? ErrorCode::kFieldOutOfPlace
                   : ErrorCode::kIndexCapacityExceeded,
               pos, tag);
      break;
    }
    AppendField(next, tag, value_start, length);
    index.Insert(tag, static_cast<std::uint32_t>(next - fields - 1));
    pos = soh + 1;
    if (tag > max_tag) max_tag = tag;
    const bool is_special = tag < kSpecialTags ? special_.flags[tag] != 0 : IsLargeLengthTag(tag);
    if (is_special) [[unlikely]] {
      if (tag - kTagBeginString <= kTagCheckSum - kTagBeginString) {
        e = Fail(ErrorCode::kFieldOutOfPlace, value_start - digits - 1, tag);
        break;
      }
      std::uint64_t n;
      if (length == 0 || length > 9 || !simd::ParseUnsigned(data + value_start, length, &n)) {
        e = Fail(ErrorCode::kBadDataLength, value_start, tag);
        break;
      }
      const std::uint32_t data_tag = length_fields_->DataTagFor(tag);
      if (pos >= body_end) {
        e = Fail(ErrorCode::kDataFieldNotNext, pos, data_tag);
        break;
      }
      std::uint32_t found_tag;
      const std::size_t data_digits = ReadTag(data, pos, &found_tag);
      if (data_digits == 0) {
        e = TagError(data, pos, body_end);
        break;
      }
      const std::size_t data_start = pos + data_digits + 1;
      if (found_tag != data_tag) {
        e = Fail(ErrorCode::kDataFieldNotNext, pos, found_tag);
        break;
      }
      if (n >= body_end - data_start) {
        e = Fail(ErrorCode::kDataLengthPastEnd, data_start, data_tag);
        break;
      }
      const std::size_t data_end = data_start + static_cast<std::size_t>(n);
      if (data[data_end] != '\x01') {
        e = Fail(ErrorCode::kBadDataLength, data_end, data_tag);
        break;
      }
      if (n == 0 && !allow_empty) {
        e = Fail(ErrorCode::kEmptyValue, pos, data_tag);
        break;
      }
      if (next == out_end) {
        e = Fail(ErrorCode::kIndexCapacityExceeded, pos, data_tag);
        break;
      }
      *next++ = Field{data_tag, static_cast<std::uint32_t>(data_start), static_cast<std::uint32_t>(n)};
      index.Insert(data_tag, static_cast<std::uint32_t>(next - fields - 1));
      if (data_tag > max_tag) max_tag = data_tag;
      pos = data_end + 1;
      if (data_tag == tag_wanted) break;
    }
    if (tag == tag_wanted) break;
  }
  if (!e.ok()) return m.Fail(e);
  if (pos == body_end) {
    *next++ = Field{kTagCheckSum, static_cast<std::uint32_t>(body_end + 3), 3};
    index.Insert(kTagCheckSum, static_cast<std::uint32_t>(next - fields - 1));
    m.complete_ = true;
    m.walked_ = true;
  }
  v.count_ = static_cast<std::uint32_t>(next - fields);
  m.pos_ = static_cast<std::uint32_t>(pos);
  m.max_tag_ = max_tag;
  return Error{};
}

Error Decoder::IndexRest(PartialMessage& m) const noexcept {
  // DecodeGeneral continues a walk whose fields are below kSpecialTags (as
  // DecodeFast's are); after a larger tag it walks the body again.
  const Resume resume = m.max_tag_ < kSpecialTags
                            ? Resume::At(m.pos_, m.view_.count_)
                            : Resume::At(m.body_start_, 2);
  MessageView whole;
  const Error e = DecodeGeneral(std::string_view(m.view_.data_, m.bytes_size_), *m.index_, whole,
                                resume);
  if (!e.ok()) return m.Fail(e);
  m.view_ = whole;
  m.pos_ = m.body_end_;
  m.complete_ = true;
  m.walked_ = true;
  return Error{};
}

// The fast path. DecodeFast takes a message of the common shape and nothing
// else: a header Fix4FrameHeader or FastFrameHeader reads, a complete frame
// within max_message_size, a well-formed trailer whose CheckSum matches (when
// checked), 35= first, and then only ordinary fields (FastFields': tags of 1..4
// digits without leading zero, '=', a non-empty value, not a Length tag nor 8,
// 9, 10) with room for all of them in an index whose direct table covers
// every 4-digit tag. Anything else returns a Resume other than kDecoded: when
// the walk stopped at a field, where, and DecodeGeneral continues from there;
// otherwise (pos() 0) DecodeGeneral decodes the message from scratch. So every error and
// every unusual field is DecodeGeneral's alone, and no field error here needs
// the CheckSum-first ordering.
template <bool kValidate>
[[gnu::always_inline]] inline Decoder::Resume Decoder::DecodeFastAs(const char* data,
                                                                     std::size_t size,
                                                                     FieldIndex& index,
                                                                     MessageView& out) const noexcept {
  constexpr Resume kFromScratch{};
  const std::uint32_t capacity = index.capacity_;  // 0 for an invalid index
  // Three branches: as one condition gcc computes all three with setcc and or.
  if (size < 32) [[unlikely]] return kFromScratch;
  if (capacity < 4) [[unlikely]] return kFromScratch;
  if (index.direct_tags_ < kSpecialTags) [[unlikely]] return kFromScratch;
  wire_internal::FrameHeader h;
  if (!Fix4FrameHeader(data, &h) && !wire_internal::FastFrameHeader(data, &h)) [[unlikely]] {
    return kFromScratch;
  }
  // FastFrameHeader takes at most 7 BodyLength digits: no overflow below.
  const std::size_t body_start = h.body_start;  // < 64: at most 18 + 3 + 7 + 1
  const std::size_t body_end = body_start + h.body_length;
  if (body_end + wire_internal::kTrailerBytes > size ||
      body_end + wire_internal::kTrailerBytes > options_.max_message_size) [[unlikely]] {
    return kFromScratch;
  }
  // "<SOH>10=ddd<SOH>" from the byte before body_end (in bounds: body_end + 7 <= size).
  const std::uint64_t trailer = simd::Load8(data + body_end - 1);
  if ((trailer & 0xFF000000FFFFFFFFull) != 0x010000003D303101ull) [[unlikely]] return kFromScratch;
  // The three CheckSum bytes. When the CheckSum is validated they are compared,
  // after the walk, with the sum written as three digits (which also proves
  // they are digits of 0..255); otherwise they are parsed here.
  const std::uint32_t digits3 = static_cast<std::uint32_t>(trailer >> 32) & 0xFFFFFFu;
  constexpr bool validate = kValidate;
  std::uint32_t given = 0;
  if constexpr (!validate) {
    // Each byte 0x30..0x39: high nibble 3, and still 3 after adding 6 (no carry between bytes).
    if ((digits3 & 0xF0F0F0u) != 0x303030u || ((digits3 + 0x060606u) & 0xF0F0F0u) != 0x303030u) {
      return kFromScratch;
    }
    given = (digits3 & 0xFu) * 100 + (digits3 >> 8 & 0xFu) * 10 + (digits3 >> 16 & 0xFu);
    if (given > 255) return kFromScratch;
  }
  {
    std::uint32_t first;
    std::memcpy(&first, data + body_start, 4);  // body_start + 4 <= body_end + 3 < size
    if ((first & 0xFFFFFFu) != 0x3D3533u) [[unlikely]] return kFromScratch;  // "35="
  }

  Field* const fields = index.fields_;
  // Written first (DecodeGeneral writes them again if it takes over), so that
  // the header's values need not live across the walk.
  fields[0] = Field{kTagBeginString, 2, h.begin_string_length};
  fields[1] = Field{kTagBodyLength, h.body_length_offset, h.body_length_digits};
  // Body fields go below out_end; 10= then still fits.
  const WalkResult walk =
      WalkOrdinary(data, body_start, body_end, special_.flags, fields + 2, fields + (capacity - 1));
  Field* next = walk.next;
  const std::uint64_t sum = walk.sum;
  // The index's fields again rather than `fields` kept across the walk (one
  // register or stack slot fewer; body_start is in fields[1] too).
  Field* const all = index.fields_;
  if (sum == kWalkStopped) [[unlikely]] {
    // The field it stopped at starts after the last one written (each ends at
    // its SOH), or at body_start, right after 9='s value.
    const Field& last = next == all + 2 ? all[1] : next[-1];
    const std::size_t stop = std::size_t{last.offset} + last.length + 1;
    return Resume::At(stop, static_cast<std::uint32_t>(next - all));
  }
  if constexpr (validate) {
    given = static_cast<std::uint8_t>(sum);
    if (kCheckSumText[given] != digits3) [[unlikely]] return kFromScratch;
  }
  *next++ = Field{kTagCheckSum, static_cast<std::uint32_t>(body_end + 3), 3};
  const std::uint32_t count = static_cast<std::uint32_t>(next - all);
  // Every tag is below kSpecialTags <= direct_tags: the direct table alone,
  // no hash-table generation (FieldIndex::Begin) to start.
  FillDirectFast(index.direct_, all, count);

  PublishView<false>(out, data,
                     static_cast<std::uint32_t>(body_end + wire_internal::kTrailerBytes), all,
                     count, index, h.body_length, static_cast<std::uint8_t>(given));
  return Resume{Resume::kDecoded};
}

// DecodeFast: one copy of the fast path per CheckSum setting, so that
// neither carries the setting (nor the other's CheckSum value) across the walk.
[[gnu::always_inline]] inline Decoder::Resume Decoder::DecodeFast(const char* data,
                                                                   std::size_t size,
                                                                   FieldIndex& index,
                                                                   MessageView& out) const noexcept {
  if (options_.validate_checksum) [[likely]] return DecodeFastAs<true>(data, size, index, out);
  return DecodeFastAs<false>(data, size, index, out);
}

// Out of line too, so that tests can run the fast path alone
// (tests/wire/decoder_paths.h); Decode inlines its own copies.
template Decoder::Resume Decoder::DecodeFastAs<true>(const char*, std::size_t, FieldIndex&,
                                                     MessageView&) const noexcept;
template Decoder::Resume Decoder::DecodeFastAs<false>(const char*, std::size_t, FieldIndex&,
                                                      MessageView&) const noexcept;

Error Decoder::Decode(std::string_view bytes, FieldIndex& index, MessageView& out) const noexcept {
  // Error{} through Unpack: returned in registers (see PackedError); the
  // Resume in one register, so that DecodeGeneral is a tail call.
  const Resume resume = DecodeFast(bytes.data(), bytes.size(), index, out);
  if (resume.decoded()) [[likely]] return Unpack(PackedError{0});
  return DecodeGeneral(bytes, index, out, resume);
}

}  // namespace fixwire
