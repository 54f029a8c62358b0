// field_walk_avx512_short.cc: WalkOrdinaryAvx512Short (see the header).
// Compiled with ISA_AVX512_VBMI_COPTS; runs only on CPUs with AVX-512
// F/BW/VL/VBMI/VBMI2.
//
// [0, body_end) is loaded as two 64-byte registers (masked loads: no byte
// past body_end is touched) and classified into 128-bit masks: SOH, '=',
// digit, '0'. As in field_walk_avx512.cc, the fields start at S = the bytes
// after each SOH within the body, and the byte after each tag is
// E = (digit + S) & ~digit (the carry of a start bit runs through the tag's
// digits, stopping at the first non-digit). Every field is ordinary but for
// its tag's value exactly when
//   E is '='                       (E & ~eq == 0)
//   the tag has a digit            (E & S == 0)
//   no leading zero                (S & zero == 0)
//   the value is not empty         ((E << 1) & soh == 0)
//   the tag has at most 4 digits   (no tag digit 4 bytes after a start that
//                                   is not itself a start)
// Then each field ends at the first SOH after its E, so the i-th E and the
// i-th SOH of the body belong to field i (there are as many: one start per
// SOH, data[body_start - 1] being the SOH before the first).
//
// The E and SOH positions (0..127) are compressed into bytes (vpcompressb of
// 0..63 per half, the upper half's moved up behind the lower's with
// vpexpandb), widened to 16 dword lanes, and give each field's offset and
// length; the four bytes before each E are gathered from the tag digits
// (digit - '0' where the carries ran, 0 elsewhere, so the bytes before a tag
// of fewer than 4 digits count as leading zeros) of both halves with one
// vpermi2b (a 7-bit index covers 128 bytes), and two multiply-adds give the
// tags. The tags are checked against the special-tag filter (no false
// negatives), and the filter's rare hits against the exact table; the Fields {tag, E + 1, SOH - E - 1} go out with three masked
// stores (nothing is written past the n-th Field).
//
// Exactness: the vector path takes the body only when all its fields are
// ordinary (the masks), none is special (the filter, then the table), there are at most 16
// and they fit below out_end; the scalar walk then takes exactly the same
// fields and sums the same bytes. Anything else goes to WalkOrdinaryAvx2,
// unchanged, which stops exactly where the scalar walk stops.
#include "codec/internal/field_walk_avx512_short.h"

// GCC 12 warns that the "undefined" source operand inside several AVX-512
// intrinsics (vpmovzxbd, vpermb, ...) may be used uninitialized under -O2
// and above; it is a don't-care operand, never read.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>

#include "codec/internal/field_walk_avx2.h"
#include "codec/internal/ordinary_field.h"

namespace fixwire::codec_internal {
namespace {

using U128 = unsigned __int128;

// ByteTable and DwordTable are constants to load into a vector.
struct ByteTable {
  std::uint8_t bytes[64];
};
template <typename F>
constexpr ByteTable MakeByteTable(F f) {
  ByteTable t{};
  for (int i = 0; i < 64; ++i) t.bytes[i] = static_cast<std::uint8_t>(f(i));
  return t;
}
// Byte i: i and 64 + i (positions in each half), i / 4 (each dword's E),
// i % 4 - 4 modulo 256 (added to E: the four bytes before it).
alignas(64) constexpr ByteTable kIota = MakeByteTable([](int i) { return i; });
alignas(64) constexpr ByteTable kIotaHigh = MakeByteTable([](int i) { return 64 + i; });
alignas(64) constexpr ByteTable kSpread = MakeByteTable([](int i) { return i / 4; });
alignas(64) constexpr ByteTable kBefore = MakeByteTable([](int i) { return 256 + i % 4 - 4; });

struct DwordTable {
  std::int32_t lanes[16];
};
// kInterleave[q]: the dword permute for output vector q (dwords 16q ..
// 16q + 15 of the Fields): lane l is member (16q + l) % 3 of field
// j = (16q + l) / 3: the tag (index j), the offset (16 + j: the second
// source) or the length (index j into the lengths, lanes kLengthLanes[q]).
constexpr DwordTable MakeInterleave(int q) {
  DwordTable t{};
  for (int l = 0; l < 16; ++l) {
    const int d = 16 * q + l;
    t.lanes[l] = d % 3 == 1 ? 16 + d / 3 : d / 3;
  }
  return t;
}
alignas(64) constexpr DwordTable kInterleave[3] = {MakeInterleave(0), MakeInterleave(1),
                                                   MakeInterleave(2)};
constexpr __mmask16 LengthLanes(int q) {
  unsigned m = 0;
  for (int l = 0; l < 16; ++l) {
    if ((16 * q + l) % 3 == 2) m |= 1u << l;
  }
  return static_cast<__mmask16>(m);
}
constexpr __mmask16 kLengthLanes[3] = {LengthLanes(0), LengthLanes(1), LengthLanes(2)};

[[gnu::always_inline]] inline U128 Wide(std::uint64_t lo, std::uint64_t hi) noexcept {
  return static_cast<U128>(hi) << 64 | lo;
}

// LowBits returns a mask of the low n bits, n in 0..64.
[[gnu::always_inline]] inline std::uint64_t LowBits(std::size_t n) noexcept {
  return n >= 64 ? ~std::uint64_t{0} : _bzhi_u64(~0ull, static_cast<unsigned>(n));
}

// Positions returns the positions of the set bits of `bits` (lo: 0..63, hi:
// 64..127), lowest first, one per byte lane (at most 64 of them).
[[gnu::always_inline]] inline __m512i Positions(std::uint64_t lo, std::uint64_t hi,
                                                __m512i iota, __m512i iota_high) noexcept {
  const __m512i low = _mm512_maskz_compress_epi8(lo, iota);
  const __m512i high = _mm512_maskz_compress_epi8(hi, iota_high);
  // high's first lanes go to the lanes [popcount(lo), popcount(lo) + popcount(hi)).
  const std::uint64_t k_lo = static_cast<std::uint64_t>(_mm_popcnt_u64(lo));
  const std::uint64_t k_all = k_lo + static_cast<std::uint64_t>(_mm_popcnt_u64(hi));
  const std::uint64_t into = LowBits(k_all) & ~LowBits(k_lo);
  return _mm512_mask_expand_epi8(low, into, high);
}

// ShortWalk is the vector path: returns true, with *result, when it took
// the whole body; false, having written nothing, when it declines.
[[gnu::always_inline]] inline bool ShortWalk(const char* data, std::size_t body_start,
                                             std::size_t body_end, const SpecialTags* special,
                                             Field* next, Field* out_end,
                                             WalkResult* result) noexcept {
  const std::size_t room = static_cast<std::size_t>(out_end - next);
  if (body_end > kShortWalkMaxBytes) [[unlikely]] return false;
  // The two halves, bytes past body_end as 0 (masked loads never touch them).
  const std::uint64_t loaded_lo = LowBits(body_end);
  const std::uint64_t loaded_hi = body_end > 64 ? LowBits(body_end - 64) : 0;
  const __m512i v0 = _mm512_maskz_loadu_epi8(loaded_lo, data);
  const __m512i v1 = _mm512_maskz_loadu_epi8(loaded_hi, data + (body_end > 64 ? 64 : 0));
  const __m512i soh_byte = _mm512_set1_epi8('\x01');
  const __m512i eq_byte = _mm512_set1_epi8('=');
  const __m512i zero_digit = _mm512_set1_epi8('0');
  const __m512i nine = _mm512_set1_epi8(9);
  const U128 soh = Wide(_mm512_cmpeq_epi8_mask(v0, soh_byte), _mm512_cmpeq_epi8_mask(v1, soh_byte));
  const U128 eq = Wide(_mm512_cmpeq_epi8_mask(v0, eq_byte), _mm512_cmpeq_epi8_mask(v1, eq_byte));
  const U128 zeros =
      Wide(_mm512_cmpeq_epi8_mask(v0, zero_digit), _mm512_cmpeq_epi8_mask(v1, zero_digit));
  const U128 digit = Wide(_mm512_cmple_epu8_mask(_mm512_sub_epi8(v0, zero_digit), nine),
                          _mm512_cmple_epu8_mask(_mm512_sub_epi8(v1, zero_digit), nine));
  // The body's bytes: [body_start, body_end).
  const U128 body = Wide(loaded_lo & (~std::uint64_t{0} << body_start), loaded_hi);
  const U128 starts = (soh << 1) & body;
  const U128 sum_bits = digit + starts;
  const U128 ends = sum_bits & ~digit;        // E: the byte after each tag
  const U128 tag_digits = digit & ~sum_bits;  // the digits the carries ran through
  const U128 fifth = (starts << 4) & ~starts;
  const U128 bad = (ends & ~eq) | (ends & starts) | (starts & zeros) | ((ends << 1) & soh) |
                   (tag_digits & fifth);
  const U128 field_ends = soh & body;  // each field's SOH
  const auto lo = [](U128 x) { return static_cast<std::uint64_t>(x); };
  const auto hi = [](U128 x) { return static_cast<std::uint64_t>(x >> 64); };
  const std::uint64_t n = static_cast<std::uint64_t>(_mm_popcnt_u64(lo(field_ends)) +
                                                     _mm_popcnt_u64(hi(field_ends)));
  const std::uint64_t k =
      static_cast<std::uint64_t>(_mm_popcnt_u64(lo(ends)) + _mm_popcnt_u64(hi(ends)));
  if ((lo(bad) | hi(bad)) != 0 || n != k || n > 16 || n > room) [[unlikely]] return false;
  const __m512i iota = _mm512_load_si512(kIota.bytes);
  const __m512i iota_high = _mm512_load_si512(kIotaHigh.bytes);
  const __m512i e_bytes = Positions(lo(ends), hi(ends), iota, iota_high);
  const __m512i soh_bytes = Positions(lo(field_ends), hi(field_ends), iota, iota_high);
  const __m512i e_pos = _mm512_cvtepu8_epi32(_mm512_castsi512_si128(e_bytes));
  const __m512i soh_pos = _mm512_cvtepu8_epi32(_mm512_castsi512_si128(soh_bytes));
  const __m512i one32 = _mm512_set1_epi32(1);
  const __m512i offsets = _mm512_add_epi32(e_pos, one32);
  const __m512i lengths = _mm512_sub_epi32(soh_pos, offsets);
  // Each dword: the tag-digit values of the bytes E - 4 .. E - 1 (E >= body_start + 1 > 4).
  const __m512i values0 = _mm512_maskz_sub_epi8(lo(tag_digits), v0, zero_digit);
  const __m512i values1 = _mm512_maskz_sub_epi8(hi(tag_digits), v1, zero_digit);
  const __m512i gather = _mm512_add_epi8(
      _mm512_permutexvar_epi8(_mm512_load_si512(kSpread.bytes), e_bytes),
      _mm512_load_si512(kBefore.bytes));
  const __m512i digits = _mm512_permutex2var_epi8(values0, gather, values1);
  const __m512i tags = _mm512_madd_epi16(_mm512_maddubs_epi16(digits, _mm512_set1_epi16(0x010A)),
                                         _mm512_set1_epi32(0x00010064));
  // The special-tag filter: bit tag / 32 % 32 of word tag % 32 (SpecialTagHash).
  const __mmask16 fields_mask = static_cast<__mmask16>(_bzhi_u32(0xFFFFu, static_cast<unsigned>(n)));
  const __m512i words = _mm512_permutex2var_epi32(_mm512_loadu_si512(special->filter), tags,
                                                  _mm512_loadu_si512(special->filter + 16));
  const __m512i bit = _mm512_and_si512(_mm512_srli_epi32(tags, 5), _mm512_set1_epi32(31));
  const __mmask16 hits = _mm512_mask_test_epi32_mask(fields_mask, _mm512_srlv_epi32(words, bit), one32);
  if (hits != 0) [[unlikely]] {
    // The filter's hits, asked of the exact table (most are other tags sharing a bit).
    alignas(64) std::uint32_t tag_list[16];
    _mm512_store_si512(tag_list, tags);
    for (unsigned m = hits; m != 0; m &= m - 1) {
      if (special->flags[tag_list[std::countr_zero(m)]] != 0) return false;
    }
  }
  // The Fields: 3n dwords from `next`, in at most three masked stores.
  int* const out = reinterpret_cast<int*>(next);
  const std::uint64_t dwords = 3 * n;  // <= 48
  for (int q = 0; q < 3; ++q) {
    const __m512i index = _mm512_load_si512(kInterleave[q].lanes);
    __m512i r = _mm512_permutex2var_epi32(tags, index, offsets);
    r = _mm512_mask_permutexvar_epi32(r, kLengthLanes[q], index, lengths);
    const std::uint64_t left = dwords > 16u * q ? dwords - 16u * q : 0;
    const __mmask16 store = static_cast<__mmask16>(_bzhi_u32(0xFFFFu, static_cast<unsigned>(left > 16 ? 16 : left)));
    _mm512_mask_storeu_epi32(out + 16 * q, store, r);
  }
  // The byte sum of [0, body_end).
  const __m512i zero = _mm512_setzero_si512();
  const __m512i sums = _mm512_add_epi64(_mm512_sad_epu8(v0, zero), _mm512_sad_epu8(v1, zero));
  const std::uint64_t sum = static_cast<std::uint64_t>(_mm512_reduce_add_epi64(sums));
  *result = WalkResult{next + n, sum};
  return true;
}

}  // namespace

WalkResult WalkOrdinaryAvx512Short(const char* data, std::size_t body_start,
                                   std::size_t body_end, const SpecialTags* special,
                                   Field* next, Field* out_end) noexcept {
  WalkResult r;
  if (ShortWalk(data, body_start, body_end, special, next, out_end, &r)) [[likely]] return r;
  return WalkOrdinaryAvx2(data, body_start, body_end, special->flags, next, out_end);
}

bool TryWalkOrdinaryAvx512Short(const char* data, std::size_t body_start, std::size_t body_end,
                                const SpecialTags* special, Field* next, Field* out_end,
                                WalkResult* result) noexcept {
  return ShortWalk(data, body_start, body_end, special, next, out_end, result);
}

}  // namespace fixwire::codec_internal
