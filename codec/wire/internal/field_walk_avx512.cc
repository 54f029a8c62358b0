// field_walk_avx512.cc: WalkOrdinaryAvx512 (see the header). Compiled with
// ISA_AVX512_VBMI_COPTS; runs only on CPUs with AVX-512 F/BW/VL/VBMI/VBMI2.
//
// The walk reads [0, body_end) one 64-byte block at a time (a masked load for
// the last), sums it (SAD) and classifies its bytes into bitmasks: soh, '=',
// digit, '0'. When every field is ordinary, the fields start at S = the
// bytes after each SOH (from body_start on, below body_end), and the byte
// after each tag is E = (digit + S) & ~digit: the carry of adding a start bit
// runs through the tag's digits and stops at the first non-digit (carried from
// block to block). The masks send a block to the scalar walk unless
//   E is '='                       (E & ~eq == 0)
//   every start is '1'..'9'        (S & ~(digit ^ zero) == 0: the tag has a
//                                   digit, E is not S, and no leading zero)
//   the tag has at most 4 digits   (the digits the carry cleared are within
//                                   3 bytes of a start)
// (each bit carried across blocks). A field then ends at the next SOH, so the
// i-th E and the i-th SOH belong to one field, and at most one field (its E
// seen, its SOH not yet) is pending from one block to the next. An empty
// value is found by its length (below), not by the masks.
//
// Per block: the E positions and the SOH positions are compressed (one
// vpcompressb of 0..63 each). The four bytes before each E are gathered
// from the tag-digit values (digit - '0' where the carries ran, 0 elsewhere)
// of (previous block, this block) with one vpermi2b, so the bytes before a
// tag of 1..3 digits (its SOH, the previous value) are 0, and two
// multiply-adds give the tags. (After an empty value the previous tag may
// reach into the four bytes; the walk stops at the empty value, in the
// same block or an earlier one, before writing such a field.)
//
// A block whose fields (the pending one and those whose E it holds) fit 8
// lanes, the common case, keeps them in one vector, "offsets : tags" (lane
// j the j-th field's offset E + 1, lane 8 + j its tag): this block's, with
// the pending field put in front by one two-table dword permute of it and
// the previous block's vector (kCarryIn[carry_in]: carry_in is 1 + the
// pending field's lane there, 0 for none). The vector is the next block's
// carry as it is: the loop-carried state is that one permute, a few bits
// (the SOH, start and add carries), carry_in, the previous block's tag
// digits and the output pointer. The completed fields' tags are checked
// against the special-tag filter, their lengths (SOH - offset) for 0, and
// the 8 Fields {tag, offset, length} go out with two dword permutes (one
// 64-byte and one 32-byte store; 8 free slots needed; a block with no SOH
// stores nothing that counts). A denser block (9..16 fields) does the same
// steps in 16 lanes with the pending field shifted in by valignd and three
// 64-byte stores (16 free slots needed); more than 16 (fields of 3 bytes:
// empty values) go to the scalar walk. Where to resume (the start of the
// first field not written) is worked out from the last field written only
// when the walk leaves the vector path.
//
// Exactness: the vector path takes a block only when all its fields are
// ordinary (the masks and the lengths), none is special (the filter, which
// has no false negatives) and 8 or 16 more fields fit below out_end. A block
// whose tags hit the filter, with an empty value, or near a full index, is
// taken by the scalar FastFields (the scalar walk's own step, which stops
// exactly where the scalar walk stops); a block the masks reject hands the
// rest of the walk to ScalarTail, which is the scalar walk from the pending
// field's start. So the fields written and the stop are the scalar walk's.
#include "fixwire/wire/internal/field_walk_avx512.h"

// GCC 12 warns that the "undefined" source operand inside several AVX-512
// intrinsics (vpmovzxbd, vpermb, vpermd, ...) may be used uninitialized under
// -O2 and above (and, for the 512-to-256-bit casts, that it is); it is a
// don't-care operand, never read.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "fixwire/wire/internal/ordinary_field.h"

namespace fixwire::wire_internal {
namespace {

constexpr std::size_t kBlock = 64;

// LowBits returns a mask of the low n bits, n in 0..64.
inline std::uint64_t LowBits(std::size_t n) noexcept {
  return n >= 64 ? ~std::uint64_t{0} : _bzhi_u64(~0ull, static_cast<unsigned>(n));
}

// SumLanes returns the total of the eight 64-bit lanes, in registers.
inline std::uint64_t SumLanes(__m512i v) noexcept {
  const __m256i s4 = _mm256_add_epi64(_mm512_maskz_extracti64x4_epi64(0xF, v, 0),
                                      _mm512_maskz_extracti64x4_epi64(0xF, v, 1));
  const __m128i s2 = _mm_add_epi64(_mm256_castsi256_si128(s4), _mm256_extracti128_si256(s4, 1));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_add_epi64(s2, _mm_unpackhi_epi64(s2, s2))));
}

// LoadBlock loads data[b, min(b + 64, end)) (bytes past end as 0: a masked
// load, which never touches them) and returns which lanes it loaded.
inline __m512i LoadBlock(const char* data, std::size_t b, std::size_t end,
                         std::uint64_t* loaded) noexcept {
  const std::size_t left = end - b;
  if (left >= kBlock) {
    *loaded = ~std::uint64_t{0};
    return _mm512_loadu_si512(data + b);
  }
  *loaded = LowBits(left);
  return _mm512_maskz_loadu_epi8(*loaded, data + b);
}

// Pinned returns v unchanged, but hides that it is a constant: GCC would
// otherwise rebuild some broadcast constants inside the loop on every block.
inline __m512i Pinned(__m512i v) noexcept {
  __asm__("" : "+v"(v));
  return v;
}

// ResumeAt is where the first field not yet written starts: right after the
// last one written (each ends at its SOH), or at body_start when the walk
// wrote none (`first` is where it began writing).
inline std::size_t ResumeAt(const Field* first, const Field* next, std::size_t body_start) noexcept {
  return next == first ? body_start : std::size_t{next[-1].offset} + next[-1].length + 1;
}

// ScalarTail is the scalar walk from block `b` on: the fields from `pos`
// (the first field not yet written, starting at or before b, at or after
// body_start) with FastFields, block by block, summing the bytes on to `sum`
// (the sum of [0, b)).
[[gnu::noinline]] WalkResult ScalarTail(const char* data, std::size_t b, std::size_t body_end,
                                        const std::uint8_t* special, std::size_t pos,
                                        Field* next, Field* out_end, std::uint64_t sum) noexcept {
  const __m512i zero = _mm512_setzero_si512();
  __m512i acc = zero;
  for (; b < body_end; b += kBlock) {
    std::uint64_t loaded;
    const __m512i v = LoadBlock(data, b, body_end, &loaded);
    acc = _mm512_add_epi64(acc, _mm512_sad_epu8(v, zero));
    std::uint64_t bits = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\x01'));
    if (pos > b) bits &= ~std::uint64_t{0} << (pos - b);  // pos - b < 64: the header's SOHs
    if (bits == 0) continue;
    const std::size_t room = static_cast<std::size_t>(out_end - next);
    const bool used_up = room >= kMostFieldsPerBlock
                             ? FastFields<false>(data, special, out_end, b, bits, pos, next)
                             : FastFields<true>(data, special, out_end, b, bits, pos, next);
    if (!used_up) return WalkResult{next, kWalkStopped};
  }
  return WalkResult{next, sum + SumLanes(acc)};
}

// ByteTable is 64 bytes f(0), ..., f(63), to load into a vector.
struct ByteTable {
  std::uint8_t bytes[64];
};
template <typename F>
constexpr ByteTable MakeByteTable(F f) {
  ByteTable t{};
  for (int i = 0; i < 64; ++i) t.bytes[i] = static_cast<std::uint8_t>(f(i));
  return t;
}
// Byte i: i (positions), i / 4 (each dword's E), 60 + i % 4 (the four bytes
// before E, as indices into previous block : this block).
constexpr ByteTable kIota = MakeByteTable([](int i) { return i; });
constexpr ByteTable kSpread = MakeByteTable([](int i) { return i / 4; });
constexpr ByteTable kWindow = MakeByteTable([](int i) { return 60 + i % 4; });

// kInterleave[q]: the dword permute for output vector q (Fields 16q/3 ...):
// lane l is member (16q + l) % 3 of field j = (16q + l) / 3: the tag (index
// j), the offset (index 16 + j: the second table) or the length (index j
// into the third, in kLengthLanes[q]).
struct DwordTable {
  std::int32_t lanes[16];
};
constexpr DwordTable MakeInterleave(int q) {
  DwordTable t{};
  for (int l = 0; l < 16; ++l) {
    const int d = 16 * q + l;
    t.lanes[l] = d % 3 == 1 ? 16 + d / 3 : d / 3;
  }
  return t;
}
constexpr DwordTable kInterleave[3] = {MakeInterleave(0), MakeInterleave(1), MakeInterleave(2)};
constexpr __mmask16 LengthLanes(int q) {
  unsigned m = 0;
  for (int l = 0; l < 16; ++l) {
    if ((16 * q + l) % 3 == 2) m |= 1u << l;
  }
  return static_cast<__mmask16>(m);
}
constexpr __mmask16 kLengthLanes[3] = {LengthLanes(0), LengthLanes(1), LengthLanes(2)};

// The common block's fields (at most 8) live in one vector, "offsets : tags":
// lane j the j-th field's offset (E + 1, absolute), lane 8 + j its tag.
// kCarryIn[s] is the dword permute of (this block's offsets : tags, the
// previous block's) that puts the pending field in front: s = 0, none
// pending, lane j stays; s = 1..8, the pending field is lane s - 1 (and
// 8 + s - 1) of the previous vector, lane j of this block's goes to j + 1.
constexpr DwordTable MakeCarryIn(int s) {
  DwordTable t{};
  for (int l = 0; l < 16; ++l) {
    const int half = l & 8;
    const int j = l & 7;
    t.lanes[l] = s == 0 ? l : j == 0 ? 16 + half + s - 1 : l - 1;
  }
  return t;
}
constexpr DwordTable kCarryIn[9] = {MakeCarryIn(0), MakeCarryIn(1), MakeCarryIn(2),
                                    MakeCarryIn(3), MakeCarryIn(4), MakeCarryIn(5),
                                    MakeCarryIn(6), MakeCarryIn(7), MakeCarryIn(8)};
// kStore8[q]: output dword 16q + l of 8 Fields from (offsets : tags, lengths):
// member (16q + l) % 3 of field j = (16q + l) / 3: the tag (lane 8 + j), the
// offset (lane j) or the length (index 16 + j: lane j of the second table).
constexpr DwordTable MakeStore8(int q) {
  DwordTable t{};
  for (int l = 0; l < 16; ++l) {
    const int d = 16 * q + l;
    const int j = d / 3 % 8;
    t.lanes[l] = d % 3 == 0 ? 8 + j : d % 3 == 1 ? j : 16 + j;
  }
  return t;
}
constexpr DwordTable kStore8[2] = {MakeStore8(0), MakeStore8(1)};

}  // namespace

WalkResult WalkOrdinaryAvx512(const char* data, std::size_t body_start, std::size_t body_end,
                              const std::uint8_t* special, const std::uint32_t* filter,
                              Field* next, Field* const out_end) noexcept {
  const __m512i zero = _mm512_setzero_si512();
  const __m512i soh_byte = Pinned(_mm512_set1_epi8('\x01'));
  const __m512i eq_byte = Pinned(_mm512_set1_epi8('='));
  const __m512i zero_digit = Pinned(_mm512_set1_epi8('0'));
  const __m512i nine = Pinned(_mm512_set1_epi8(9));
  const __m512i iota = _mm512_loadu_si512(kIota.bytes);
  const __m512i spread = _mm512_loadu_si512(kSpread.bytes);
  const __m512i window = _mm512_loadu_si512(kWindow.bytes);
  const __m512i ten_one = _mm512_set1_epi16(0x010A);         // bytes 10, 1
  const __m512i hundred_one = _mm512_set1_epi32(0x00010064);  // words 100, 1
  const __m512i filter_lo = _mm512_loadu_si512(filter);
  const __m512i filter_hi = _mm512_loadu_si512(filter + 16);
  const __m512i one32 = Pinned(_mm512_set1_epi32(1));
  const __m512i interleave[3] = {_mm512_loadu_si512(kInterleave[0].lanes),
                                 _mm512_loadu_si512(kInterleave[1].lanes),
                                 _mm512_loadu_si512(kInterleave[2].lanes)};
  const __m512i store8[2] = {_mm512_loadu_si512(kStore8[0].lanes),
                             _mm512_loadu_si512(kStore8[1].lanes)};
  // 256-bit forms for the common block, whose fields fit 8 lanes.
  const __m256i spread8 = _mm512_castsi512_si256(spread);
  const __m256i window8 = _mm512_castsi512_si256(window);
  const __m256i ten_one8 = _mm512_castsi512_si256(ten_one);
  const __m256i hundred_one8 = _mm512_castsi512_si256(hundred_one);

  __m512i acc = zero;      // SAD partial sums of the blocks before b
  __m512i prev_digits = zero;  // the previous block's tag digits (tags reach back 4 bytes)
  // The previous block's fields as offsets : tags (see kCarryIn); the pending
  // field, if any, in lanes carry_in - 1 and 8 + carry_in - 1.
  __m512i prev_fields = zero;
  unsigned carry_in = 0;   // 0: none pending; else 1 + the pending field's lane
  unsigned pending = 0;    // fields whose E was seen but not their SOH: 0 or 1
  std::uint64_t soh_carry = 0;  // byte b - 1 is SOH
  std::uint64_t starts_before = 0;  // the previous block's S
  unsigned char add_carry = 0;      // the digit + S carry out of the previous block
  Field* const first = next;        // where the walk began writing (for ResumeAt)
  // The last place 8 Fields fit below out_end (compared as addresses: it may
  // be before `first`).
  const std::uintptr_t room8_at = reinterpret_cast<std::uintptr_t>(out_end) - 8 * sizeof(Field);
  // Block b's bytes in v, and which of them are the body's (block 0 from
  // body_start on, the last one below body_end). Whole blocks are loaded at
  // the loop's end with one compare; the last partial block, if any, apart.
  std::size_t b = 0;
  std::uint64_t body = ~std::uint64_t{0} << body_start;
  __m512i v;
  if (body_end >= kBlock) [[likely]] {
    v = _mm512_loadu_si512(data);
  } else {
    const std::uint64_t loaded = LowBits(body_end);
    v = _mm512_maskz_loadu_epi8(loaded, data);
    body &= loaded;
  }
  for (;;) {
    const std::uint64_t soh = _mm512_cmpeq_epi8_mask(v, soh_byte);
    const std::uint64_t eq = _mm512_cmpeq_epi8_mask(v, eq_byte);
    const std::uint64_t zeros = _mm512_cmpeq_epi8_mask(v, zero_digit);
    const std::uint64_t digit = _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, zero_digit), nine);
    const std::uint64_t starts = ((soh << 1) | soh_carry) & body;
    soh_carry = soh >> 63;
    // digit + starts + the carry out of the previous block: one adc, the
    // carry kept in a register (GCC's 128-bit add and _addcarry_u64 both go
    // through the stack: a store-to-load wait on the loop's chain).
    std::uint64_t sum_bits = digit;
    __asm__("addb $0xff, %b[c]\n\tadcq %[s], %[x]\n\tsetc %b[c]"
            : [x] "+r"(sum_bits), [c] "+r"(add_carry)
            : [s] "r"(starts)
            : "cc");
    const std::uint64_t ends = sum_bits & ~digit;         // E: the byte after each tag
    const std::uint64_t tag_digits = digit & ~sum_bits;  // the digits the carries ran through
    // A tag's digits run from its start without a gap, so it has 5 or more
    // exactly when the byte 4 after its start is one of them and not the next
    // field's start (a field with a tag, '=', a value and SOH has 4 bytes or more).
    const std::uint64_t fifth = ((starts << 4) | (starts_before >> 60)) & ~starts;
    // A start on a byte that is not '1'..'9' is a tag without digits (E is
    // the start itself) or with a leading zero (zeros are digits: digit ^ zeros is 1..9).
    const std::uint64_t bad = (ends & ~eq) | (starts & ~(digit ^ zeros)) | (tag_digits & fifth);
    starts_before = starts;
    if (bad != 0) [[unlikely]] {
      return ScalarTail(data, b, body_end, special, ResumeAt(first, next, body_start), next,
                        out_end, SumLanes(acc));
    }
    // The tags' digits as values 0..9, every other byte 0.
    const __m512i tag_digit_values = _mm512_maskz_sub_epi8(tag_digits, v, zero_digit);
    const std::uint64_t field_ends = soh & body;  // the SOH of each field completed here
    {
      // A block with no E and no SOH (inside a long value) goes through the
      // 8-lane steps too: the pending field stays in lane 0, nothing is stored.
      const unsigned m = static_cast<unsigned>(_mm_popcnt_u64(field_ends));  // <= 16
      const unsigned k = static_cast<unsigned>(_mm_popcnt_u64(ends));        // <= 16
      // This block's E positions in order, and its SOH positions (one compress each).
      const __m128i e_bytes = _mm512_castsi512_si128(_mm512_maskz_compress_epi8(ends, iota));
      const __m128i s_bytes = _mm512_castsi512_si128(_mm512_maskz_compress_epi8(field_ends, iota));
      const unsigned fields = pending + k;  // the pending field and those whose E is here
      if (fields <= 8) [[likely]] {
        // Every field whose E is known fits 8 lanes: this block's offsets :
        // tags, the pending field put in front by one two-table permute of
        // it and the previous block's (kCarryIn).
        const __m256i offsets = _mm256_add_epi32(_mm256_cvtepu8_epi32(e_bytes),
                                                 _mm256_set1_epi32(static_cast<int>(b + 1)));
        // Each dword: the tag digits E - 4 .. E - 1 (as in the 512-bit form below).
        const __m256i gather = _mm256_add_epi8(
            _mm256_permutexvar_epi8(spread8, _mm256_castsi128_si256(e_bytes)), window8);
        const __m256i digits = _mm512_castsi512_si256(_mm512_permutex2var_epi8(
            prev_digits, _mm512_castsi256_si512(gather), tag_digit_values));
        const __m256i tags =
            _mm256_madd_epi16(_mm256_maddubs_epi16(digits, ten_one8), hundred_one8);
        const __m512i these = _mm512_inserti64x4(_mm512_castsi256_si512(offsets), tags, 1);
        const __m512i f = _mm512_permutex2var_epi32(
            these, _mm512_loadu_si512(kCarryIn[carry_in].lanes), prev_fields);
        prev_fields = f;
        pending = fields - m;
        carry_in = pending != 0 ? fields : 0;
        const __mmask16 completed = static_cast<__mmask16>(_bzhi_u32(0xFFu, m) << 8);
        // The filter's word tag % 32, rotated right by tag / 32 % 32 (lanes 8..15).
        const __m512i word = _mm512_permutex2var_epi32(filter_lo, f, filter_hi);
        const __mmask16 hits = _mm512_mask_test_epi32_mask(
            completed, _mm512_rorv_epi32(word, _mm512_srli_epi32(f, 5)), one32);
        const __m256i s_pos = _mm256_add_epi32(_mm256_cvtepu8_epi32(s_bytes),
                                               _mm256_set1_epi32(static_cast<int>(b)));
        const __m256i lengths8 = _mm256_sub_epi32(s_pos, _mm512_castsi512_si256(f));
        // An empty value (length 0) is the scalar step's to stop at.
        const __mmask8 empty = _mm256_mask_testn_epi32_mask(
            static_cast<__mmask8>(completed >> 8), lengths8, lengths8);
        if ((hits | empty) == 0 && reinterpret_cast<std::uintptr_t>(next) <= room8_at) [[likely]] {
          const __m512i lengths = _mm512_castsi256_si512(lengths8);
          char* const o = reinterpret_cast<char*>(next);
          _mm512_storeu_si512(o, _mm512_permutex2var_epi32(f, store8[0], lengths));
          _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + 64),
                              _mm512_castsi512_si256(_mm512_permutex2var_epi32(f, store8[1], lengths)));
          next += m;
        } else {
          // A tag the filter may hold, an empty value, or the index nearly
          // full: the scalar step, exactly (nothing to do for no SOH).
          std::uint64_t bits = field_ends;
          std::size_t pos = ResumeAt(first, next, body_start);
          if (bits != 0 && !FastFields<true>(data, special, out_end, b, bits, pos, next)) {
            return WalkResult{next, kWalkStopped};
          }
        }
      } else {
        // Up to 16 fields: 512-bit vectors (k >= 8 here, so m >= 7). More
        // (fields of 3 bytes or fewer: no tag digit or an empty value, which
        // the masks let through) are the scalar walk's.
        if (fields > 16) [[unlikely]] {
          return ScalarTail(data, b, body_end, special, ResumeAt(first, next, body_start), next,
                            out_end, SumLanes(acc));
        }
        const __m512i offsets = _mm512_add_epi32(_mm512_cvtepu8_epi32(e_bytes),
                                                 _mm512_set1_epi32(static_cast<int>(b + 1)));
        // Each dword: the bytes E - 4 .. E - 1 (index 64 + E - 4 + j into prev : this)
        // of the tag digits (the rest 0: before a tag of fewer than 4 digits come
        // its SOH and the previous value's bytes).
        const __m512i gather =
            _mm512_add_epi8(_mm512_permutexvar_epi8(spread, _mm512_castsi128_si512(e_bytes)), window);
        const __m512i digits = _mm512_permutex2var_epi8(prev_digits, gather, tag_digit_values);
        const __m512i tags = _mm512_madd_epi16(_mm512_maddubs_epi16(digits, ten_one), hundred_one);
        // The fields completed in this block: the pending one first, then this block's.
        const __mmask16 shift = static_cast<__mmask16>(0u - pending);
        const __m512i carry_o =
            _mm512_permutexvar_epi32(_mm512_set1_epi32(static_cast<int>(carry_in - 1)), prev_fields);
        const __m512i carry_t =
            _mm512_permutexvar_epi32(_mm512_set1_epi32(static_cast<int>(carry_in + 7)), prev_fields);
        const __m512i f_o = _mm512_mask_alignr_epi32(offsets, shift, offsets, carry_o, 15);
        const __m512i f_t = _mm512_mask_alignr_epi32(tags, shift, tags, carry_t, 15);
        pending = fields - m;
        if (pending != 0) {
          // The last E's field goes on pending: lanes 0 and 8 of prev_fields.
          const __m512i last = _mm512_set1_epi32(static_cast<int>(k - 1));
          prev_fields = _mm512_mask_blend_epi32(0xFF00, _mm512_permutexvar_epi32(last, offsets),
                                                _mm512_permutexvar_epi32(last, tags));
          carry_in = 1;
        } else {
          carry_in = 0;
        }
        const __mmask16 completed = static_cast<__mmask16>(_bzhi_u32(0xFFFFu, m));
        // The filter's word tag % 32 (the permute reads the index's low 5 bits),
        // rotated right by tag / 32 % 32 (the rotate reads the count's low 5 bits).
        const __m512i word = _mm512_permutex2var_epi32(filter_lo, f_t, filter_hi);
        const __mmask16 hits = _mm512_mask_test_epi32_mask(
            completed, _mm512_rorv_epi32(word, _mm512_srli_epi32(f_t, 5)), one32);
        const __m512i s_pos = _mm512_add_epi32(_mm512_cvtepu8_epi32(s_bytes),
                                               _mm512_set1_epi32(static_cast<int>(b)));
        const __m512i lengths = _mm512_sub_epi32(s_pos, f_o);
        const __mmask16 empty = _mm512_mask_testn_epi32_mask(completed, lengths, lengths);
        if ((hits | empty) == 0 && out_end - next >= 16) [[likely]] {
          char* const o = reinterpret_cast<char*>(next);
          for (int q = 0; q < 3; ++q) {
            __m512i w = _mm512_permutex2var_epi32(f_t, interleave[q], f_o);
            w = _mm512_mask_permutexvar_epi32(w, kLengthLanes[q], interleave[q], lengths);
            _mm512_storeu_si512(o + 64 * q, w);
          }
          next += m;
        } else {
          // A tag the filter may hold, an empty value, or the index nearly
          // full: the scalar step, exactly.
          std::uint64_t bits = field_ends;
          std::size_t pos = ResumeAt(first, next, body_start);
          if (!FastFields<true>(data, special, out_end, b, bits, pos, next)) {
            return WalkResult{next, kWalkStopped};
          }
        }
      }
    }
    prev_digits = tag_digit_values;
    acc = _mm512_add_epi64(acc, _mm512_sad_epu8(v, zero));
    b += kBlock;
    if (b + kBlock <= body_end) [[likely]] {
      v = _mm512_loadu_si512(data + b);
      body = ~std::uint64_t{0};
    } else if (b < body_end) {
      body = LowBits(body_end - b);
      v = _mm512_maskz_loadu_epi8(body, data + b);
    } else {
      break;
    }
  }
  return WalkResult{next, SumLanes(acc)};
}

}  // namespace fixwire::wire_internal
