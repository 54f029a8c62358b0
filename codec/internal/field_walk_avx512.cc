// field_walk_avx512.cc: WalkOrdinaryAvx512 (see the header). Compiled with
// ISA_AVX512_VBMI_COPTS; runs only on CPUs with AVX-512 F/BW/VL/VBMI/VBMI2.
//
// The walk reads [0, body_end) one 64-byte block at a time (a masked load for
// the last), sums it (SAD) and classifies its bytes into bitmasks: soh, '=',
// digit, '0'. When every field is ordinary, the fields start at S = the
// bytes after each SOH (from body_start on, below body_end), and the byte
// after each tag is E = (digit + S) & ~digit: the carry of adding a start bit
// runs through the tag's digits and stops at the first non-digit (carried from
// block to block). The block is ordinary, every field touching it being
// ordinary but for its tag's value, exactly when
//   E is '='                       (E & ~eq == 0)
//   the tag has a digit            (E & S == 0)
//   no leading zero                (S & zero == 0)
//   the value is not empty         ((E << 1) & soh == 0)
//   the tag has at most 4 digits   (the digits the carry cleared are within
//                                   3 bytes of a start)
// (each bit carried across blocks). A field then ends at the next SOH, so the
// i-th E and the i-th SOH belong to one field, and at most one field (its E
// seen, its SOH not yet) is pending from one block to the next.
//
// Per block: the E and SOH positions are compressed together (one
// vpcompressb of 0..63): in a block whose fields are ordinary they alternate,
// each field's E before its SOH, the pending field's SOH first, so two byte
// permutes split them (the i-th E at 2i + pending, the i-th SOH at
// 2i + 1 - pending). An ordinary field has at least 4 bytes: at most 16 of
// either per block. The pending field's E and tag, carried in a register,
// go in front of this block's. The four bytes before each E are gathered
// from the tag-digit values (digit - '0' where the carries ran, 0 elsewhere)
// of (previous block, this block) with one vpermi2b, so the bytes before a
// tag of fewer than 4 digits (its SOH, the previous value) are 0, and two
// multiply-adds give the tags. The tags are checked against the special-tag
// filter; the Fields {tag, E + 1, SOH - E - 1} go out with two dword
// permutes per store. A block whose fields (the pending one and those whose
// E it holds) fit 8 lanes, the common case, does the per-field steps in
// 256-bit vectors (half the work of 512-bit ones on CPUs that split them:
// three 32-byte stores, 8 free slots needed); a denser block in 512-bit
// vectors (three 64-byte stores, 16 free slots needed).
//
// The loop-carried state is a few bits (the SOH, E, start and add carries),
// the pending count, the pending field's E and tag, the previous block's tag
// digits and the output pointer; where to resume (the start of the first
// field not written) is worked out from the last field written only when
// the walk leaves the vector path.
//
// Exactness: the vector path takes a block only when all its fields are
// ordinary (the masks), none is special (the filter, which has no false
// negatives) and 8 or 16 more fields fit below out_end. A block whose tags hit the
// filter, or near a full index, is taken by the scalar FastFields (the scalar
// walk's own step, which stops exactly where the scalar walk stops); a block
// that is not ordinary hands the rest of the walk to ScalarTail, which is the
// scalar walk from the pending field's start. So the fields written and the
// stop are the scalar walk's.
#include "codec/internal/field_walk_avx512.h"

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

#include "codec/internal/ordinary_field.h"

namespace fixwire::codec_internal {
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

inline __m256i Pinned256(__m256i v) noexcept {
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
// Byte i (of the low 32): 2i and 2i + 1 (mod 32): where the i-th E and the
// i-th SOH are in a block's E and SOH positions in order, which alternate.
constexpr ByteTable kEven = MakeByteTable([](int i) { return 2 * i % 32; });
constexpr ByteTable kOdd = MakeByteTable([](int i) { return (2 * i + 1) % 32; });

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

// The same for 8 fields in 256-bit vectors: lane l of output vector q is
// member (8q + l) % 3 of field (8q + l) / 3 (offsets at index 8 + j).
struct DwordTable8 {
  std::int32_t lanes[8];
};
constexpr DwordTable8 MakeInterleave8(int q) {
  DwordTable8 t{};
  for (int l = 0; l < 8; ++l) {
    const int d = 8 * q + l;
    t.lanes[l] = d % 3 == 1 ? 8 + d / 3 : d / 3;
  }
  return t;
}
constexpr DwordTable8 kInterleave8[3] = {MakeInterleave8(0), MakeInterleave8(1),
                                         MakeInterleave8(2)};
constexpr __mmask8 LengthLanes8(int q) {
  unsigned m = 0;
  for (int l = 0; l < 8; ++l) {
    if ((8 * q + l) % 3 == 2) m |= 1u << l;
  }
  return static_cast<__mmask8>(m);
}
constexpr __mmask8 kLengthLanes8[3] = {LengthLanes8(0), LengthLanes8(1), LengthLanes8(2)};

}  // namespace

WalkResult WalkOrdinaryAvx512(const char* data, std::size_t body_start, std::size_t body_end,
                              const SpecialTags* special_tags, Field* next,
                              Field* const out_end) noexcept {
  const std::uint8_t* const special = special_tags->flags;
  const std::uint32_t* const filter = special_tags->filter;
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
  // 256-bit forms for the common block, whose fields fit 8 lanes.
  const __m256i even = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kEven.bytes));
  const __m256i odd = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kOdd.bytes));
  const __m256i one8 = Pinned256(_mm256_set1_epi8(1));
  const __m256i spread8 = _mm512_castsi512_si256(spread);
  const __m256i window8 = _mm512_castsi512_si256(window);
  const __m256i ten_one8 = _mm512_castsi512_si256(ten_one);
  const __m256i hundred_one8 = _mm512_castsi512_si256(hundred_one);
  const __m256i one32_8 = _mm512_castsi512_si256(one32);
  const __m256i interleave8[3] = {
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kInterleave8[0].lanes)),
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kInterleave8[1].lanes)),
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kInterleave8[2].lanes))};

  __m512i acc = zero;      // SAD partial sums of the blocks before b
  __m512i prev_digits = zero;  // the previous block's tag digits (tags reach back 4 bytes)
  __m256i carry_e = _mm256_setzero_si256();  // every lane: the pending field's E (absolute)
  __m256i carry_t = _mm256_setzero_si256();  // every lane: its tag
  unsigned pending = 0;    // fields whose E was seen but not their SOH: 0 or 1
  std::uint64_t soh_carry = 0;  // byte b - 1 is SOH
  std::uint64_t e_carry = 0;    // byte b - 1 is an E
  std::uint64_t starts_before = 0;  // the previous block's S
  unsigned char add_carry = 0;      // the digit + S carry out of the previous block
  Field* const first = next;        // where the walk began writing (for ResumeAt)
  std::uint64_t body_from = ~std::uint64_t{0} << body_start;  // block 0: the body's bytes

  for (std::size_t b = 0; b < body_end; b += kBlock) {
    std::uint64_t loaded;
    const __m512i v = LoadBlock(data, b, body_end, &loaded);
    const std::uint64_t body = body_from & loaded;
    body_from = ~std::uint64_t{0};
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
    const std::uint64_t bad = (ends & ~eq) | (ends & starts) | (starts & zeros) |
                              (((ends << 1) | e_carry) & soh) | (tag_digits & fifth);
    starts_before = starts;
    e_carry = ends >> 63;
    if (bad != 0) [[unlikely]] {
      return ScalarTail(data, b, body_end, special, ResumeAt(first, next, body_start), next,
                        out_end, SumLanes(acc));
    }
    // The tags' digits as values 0..9, every other byte 0.
    const __m512i tag_digit_values = _mm512_maskz_sub_epi8(tag_digits, v, zero_digit);
    acc = _mm512_add_epi64(acc, _mm512_sad_epu8(v, zero));
    const std::uint64_t field_ends = soh & body;  // the SOH of each field completed here
    const std::uint64_t marks = field_ends | ends;
    if (marks != 0) {
      const unsigned m = static_cast<unsigned>(_mm_popcnt_u64(field_ends));  // <= 16
      const unsigned k = static_cast<unsigned>(_mm_popcnt_u64(ends));        // <= 16
      // The E and SOH positions in order (one compress): they alternate, each
      // field's E before its SOH, the pending field's SOH (if any) first. So
      // this block's i-th E is at 2i + pending, the i-th SOH at 2i + 1 - pending.
      const __m256i seq = _mm512_castsi512_si256(_mm512_maskz_compress_epi8(marks, iota));
      const __mmask32 pend32 = static_cast<__mmask32>(0u - pending);
      const __m256i e_bytes =
          _mm256_permutexvar_epi8(_mm256_mask_add_epi8(even, pend32, even, one8), seq);
      const __m256i s_bytes =
          _mm256_permutexvar_epi8(_mm256_mask_sub_epi8(odd, pend32, odd, one8), seq);
      if (pending + k <= 8) [[likely]] {
        // Every field whose E is known fits 8 lanes: 256-bit vectors.
        const __m256i base = _mm256_set1_epi32(static_cast<int>(b));
        const __m256i e_pos =
            _mm256_add_epi32(_mm256_cvtepu8_epi32(_mm256_castsi256_si128(e_bytes)), base);
        // Each dword: the tag digits E - 4 .. E - 1 (as in the 512-bit form below).
        const __m256i gather = _mm256_add_epi8(_mm256_permutexvar_epi8(spread8, e_bytes), window8);
        const __m256i digits = _mm512_castsi512_si256(_mm512_permutex2var_epi8(
            prev_digits, _mm512_castsi256_si512(gather), tag_digit_values));
        const __m256i tags =
            _mm256_madd_epi16(_mm256_maddubs_epi16(digits, ten_one8), hundred_one8);
        const __mmask8 shift = static_cast<__mmask8>(0u - pending);
        const __m256i f_e = _mm256_mask_alignr_epi32(e_pos, shift, e_pos, carry_e, 7);
        const __m256i f_t = _mm256_mask_alignr_epi32(tags, shift, tags, carry_t, 7);
        if (k != 0) {
          const __m256i last = _mm256_set1_epi32(static_cast<int>(k - 1));
          carry_e = _mm256_permutexvar_epi32(last, e_pos);
          carry_t = _mm256_permutexvar_epi32(last, tags);
        }
        pending = pending + k - m;
        if (m != 0) {
          const __mmask8 completed = static_cast<__mmask8>(_bzhi_u32(0xFFu, m));
          const __m256i word = _mm512_castsi512_si256(
              _mm512_permutex2var_epi32(filter_lo, _mm512_castsi256_si512(f_t), filter_hi));
          const __mmask8 hits = _mm256_mask_test_epi32_mask(
              completed, _mm256_rorv_epi32(word, _mm256_srli_epi32(f_t, 5)), one32_8);
          if (hits == 0 && out_end - next >= 8) [[likely]] {
            const __m256i s_pos =
                _mm256_add_epi32(_mm256_cvtepu8_epi32(_mm256_castsi256_si128(s_bytes)), base);
            const __m256i offsets = _mm256_add_epi32(f_e, one32_8);
            const __m256i lengths = _mm256_sub_epi32(s_pos, offsets);
            char* const o = reinterpret_cast<char*>(next);
            for (int q = 0; q < 3; ++q) {
              __m256i w = _mm256_permutex2var_epi32(f_t, interleave8[q], offsets);
              w = _mm256_mask_permutexvar_epi32(w, kLengthLanes8[q], interleave8[q], lengths);
              _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + 32 * q), w);
            }
            next += m;
          } else {
            // A tag the filter may hold, or the index nearly full: the scalar step, exactly.
            std::uint64_t bits = field_ends;
            std::size_t pos = ResumeAt(first, next, body_start);
            if (!FastFields<true>(data, special, out_end, b, bits, pos, next)) {
              return WalkResult{next, kWalkStopped};
            }
          }
        }
      } else {
        // Up to 16 fields: 512-bit vectors (k >= 8 here, so m >= 7).
        const __m512i base = _mm512_set1_epi32(static_cast<int>(b));
        const __m512i e_pos =
            _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm256_castsi256_si128(e_bytes)), base);
        // Each dword: the bytes E - 4 .. E - 1 (index 64 + E - 4 + j into prev : this)
        // of the tag digits (the rest 0: before a tag of fewer than 4 digits come
        // its SOH and the previous value's bytes).
        const __m512i gather =
            _mm512_add_epi8(_mm512_permutexvar_epi8(spread, _mm512_castsi256_si512(e_bytes)), window);
        const __m512i digits = _mm512_permutex2var_epi8(prev_digits, gather, tag_digit_values);
        const __m512i tags = _mm512_madd_epi16(_mm512_maddubs_epi16(digits, ten_one), hundred_one);
        // The fields completed in this block: the pending one first, then this block's.
        const __mmask16 shift = static_cast<__mmask16>(0u - pending);
        const __m512i f_e =
            _mm512_mask_alignr_epi32(e_pos, shift, e_pos, _mm512_broadcast_i64x4(carry_e), 15);
        const __m512i f_t =
            _mm512_mask_alignr_epi32(tags, shift, tags, _mm512_broadcast_i64x4(carry_t), 15);
        if (k != 0) {
          const __m512i last = _mm512_set1_epi32(static_cast<int>(k - 1));
          carry_e = _mm512_castsi512_si256(_mm512_permutexvar_epi32(last, e_pos));
          carry_t = _mm512_castsi512_si256(_mm512_permutexvar_epi32(last, tags));
        }
        pending = pending + k - m;
        if (m != 0) {
          const __mmask16 completed = static_cast<__mmask16>(_bzhi_u32(0xFFFFu, m));
          // The filter's word tag % 32 (the permute reads the index's low 5 bits),
          // rotated right by tag / 32 % 32 (the rotate reads the count's low 5 bits).
          const __m512i word = _mm512_permutex2var_epi32(filter_lo, f_t, filter_hi);
          const __mmask16 hits = _mm512_mask_test_epi32_mask(
              completed, _mm512_rorv_epi32(word, _mm512_srli_epi32(f_t, 5)), one32);
          if (hits == 0 && out_end - next >= 16) [[likely]] {
            const __m512i s_pos =
                _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm256_castsi256_si128(s_bytes)), base);
            const __m512i offsets = _mm512_add_epi32(f_e, one32);
            const __m512i lengths = _mm512_sub_epi32(s_pos, offsets);
            char* const o = reinterpret_cast<char*>(next);
            for (int q = 0; q < 3; ++q) {
              __m512i w = _mm512_permutex2var_epi32(f_t, interleave[q], offsets);
              w = _mm512_mask_permutexvar_epi32(w, kLengthLanes[q], interleave[q], lengths);
              _mm512_storeu_si512(o + 64 * q, w);
            }
            next += m;
          } else {
            // A tag the filter may hold, or the index nearly full: the scalar step, exactly.
            std::uint64_t bits = field_ends;
            std::size_t pos = ResumeAt(first, next, body_start);
            if (!FastFields<true>(data, special, out_end, b, bits, pos, next)) {
              return WalkResult{next, kWalkStopped};
            }
          }
        }
      }
    }
    prev_digits = tag_digit_values;
  }
  return WalkResult{next, SumLanes(acc)};
}

}  // namespace fixwire::codec_internal
