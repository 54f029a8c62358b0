// field_walk_avx2.cc: WalkOrdinaryAvx2 (see the header). Compiled with
// ISA_AVX2_COPTS (AVX2, BMI1, BMI2, LZCNT, POPCNT); runs only on CPUs with them.
//
// Block by block: two 32-byte loads, two compares with SOH and two
// movemasks give the block's 64-bit SOH mask, two SADs add its bytes to four
// 64-bit lane sums; the mask's fields go straight to FastFields (the scalar
// walk's step, here compiled with blsr/shlx). The last, partial block is
// read as the 64 bytes ending at body_end (the bytes before the block masked
// out of the mask and the sum); a body ending within the first 64 bytes as
// [0, 32) and the 32 bytes ending at body_end (or [0, 32) alone, the bytes
// past body_end masked out), so no byte outside [0, max(body_end, 32)) is read.
// Bodies ending within 64 and within 128 bytes (session messages, small
// orders) have straight-line versions, WalkOrdinaryAvx2OneBlock and
// WalkOrdinaryAvx2TwoBlocks; WalkOrdinaryAvx2Blocks takes the rest.
#include "fixwire/wire/internal/field_walk_avx2.h"

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "fixwire/wire/internal/ordinary_field.h"

namespace fixwire::wire_internal {
namespace {

constexpr std::size_t kBlock = 64;

// kWalkBytes holds the walk's byte constants: bytes 64..127 are 0xFF and
// 0..63 are 0 (the step: the 32 bytes at kWalkBytes + 64 - k are 0xFF
// exactly at the lanes i >= k for k in 0..64, those at kWalkBytes + 96 - k
// at the lanes i + 32 >= k for k in 32..96), bytes 128..159 are SOH (what
// each 32 bytes are compared with).
constexpr std::size_t kSohOffset = 128;
alignas(64) constexpr std::uint8_t kWalkBytes[kSohOffset + 32] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

// WalkConstants are the vectors a walk needs: the SOH vector, and the
// address of the step bytes.
struct WalkConstants {
  const std::uint8_t* bytes;
  __m256i soh;
};

// LoadedWalkConstants, for the one- and two-block walks, loads the SOH
// vector from kWalkBytes, whose address goes through an empty asm so that
// GCC cannot see the constant (it builds a known broadcast with three
// instructions: mov, vmovd, vpbroadcastb); the same register addresses the
// step bytes.
[[gnu::always_inline]] inline WalkConstants LoadedWalkConstants() noexcept {
  const std::uint8_t* bytes = kWalkBytes;
  __asm__("" : "+r"(bytes));
  return WalkConstants{bytes,
                       _mm256_load_si256(reinterpret_cast<const __m256i*>(bytes + kSohOffset))};
}

// BuiltWalkConstants, for the block loop, leaves both to GCC: it builds the
// SOH vector once before the loop (a loaded one, or its address, held across
// the field loop costs a stack slot there).
[[gnu::always_inline]] inline WalkConstants BuiltWalkConstants() noexcept {
  return WalkConstants{kWalkBytes, _mm256_set1_epi8('\x01')};
}

// AtLeast returns the 32 lanes i with i + first >= k as 0xFF, the others 0
// (first 0 or 32; k - first in -32..64).
[[gnu::always_inline]] inline __m256i AtLeast(const WalkConstants& c, std::size_t k,
                                              std::size_t first) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c.bytes + 64 + first - k));
}

[[gnu::always_inline]] inline std::uint64_t SohMask(const WalkConstants& c, __m256i v) noexcept {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, c.soh)));
}

[[gnu::always_inline]] inline std::uint64_t SumLanes(__m256i v) noexcept {
  const __m128i s2 = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_add_epi64(s2, _mm_unpackhi_epi64(s2, s2))));
}

// BlockBits reads the 64 bytes at p: returns their SOH mask and adds their
// bytes to *sum.
[[gnu::always_inline]] inline std::uint64_t BlockBits(const WalkConstants& c, const char* p,
                                                      __m256i* sum) noexcept {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
  *sum = _mm256_add_epi64(*sum, _mm256_add_epi64(_mm256_sad_epu8(lo, zero), _mm256_sad_epu8(hi, zero)));
  return SohMask(c, lo) | SohMask(c, hi) << 32;
}

// TailBits reads the window [body_end - 64, body_end), whose first `skip`
// bytes (0..63) an earlier block took: returns the SOH mask of the rest (bit
// 0 at the window's byte `skip`) and adds the rest's bytes to *sum.
[[gnu::always_inline]] inline std::uint64_t TailBits(const WalkConstants& c, const char* data,
                                                     std::size_t body_end, std::size_t skip,
                                                     __m256i* sum) noexcept {
  const __m256i zero = _mm256_setzero_si256();
  const char* const w = data + body_end - kBlock;
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 32));
  *sum = _mm256_add_epi64(
      *sum, _mm256_add_epi64(_mm256_sad_epu8(_mm256_and_si256(lo, AtLeast(c, skip, 0)), zero),
                             _mm256_sad_epu8(_mm256_and_si256(hi, AtLeast(c, skip, 32)), zero)));
  return (SohMask(c, lo) | SohMask(c, hi) << 32) >> skip;
}

// Walk takes the fields whose SOH bits are in `bits` (of the block at
// block_base) with FastFields, checking the index's room once per block (per
// field only near a full index). Returns false when it stopped at a field.
[[gnu::always_inline]] inline bool Walk(const char* data, const std::uint8_t* special,
                                        Field* out_end, std::uintptr_t unchecked_last,
                                        std::size_t block_base, std::uint64_t bits,
                                        std::size_t& pos, Field*& next) noexcept {
  if (bits == 0) return true;
  return reinterpret_cast<std::uintptr_t>(next) <= unchecked_last
             ? FastFields<false>(data, special, out_end, block_base, bits, pos, next)
             : FastFields<true>(data, special, out_end, block_base, bits, pos, next);
}

// UncheckedLast is the highest `next` at which a whole block's fields fit below out_end.
[[gnu::always_inline]] inline std::uintptr_t UncheckedLast(Field* out_end) noexcept {
  constexpr std::uintptr_t kBlockFieldBytes = kMostFieldsPerBlock * sizeof(Field);
  const std::uintptr_t end_address = reinterpret_cast<std::uintptr_t>(out_end);
  return end_address >= kBlockFieldBytes ? end_address - kBlockFieldBytes : 0;
}

// WalkOrdinaryAvx2OneBlock is WalkOrdinaryAvx2 for body_end <= 64: [0, 32), and the 32 bytes
// ending at body_end when body_end > 32.
}  // namespace

WalkResult WalkOrdinaryAvx2OneBlock(const char* data, std::size_t body_start,
                                    std::size_t body_end, const std::uint8_t* special,
                                    Field* next, Field* out_end) noexcept {
  const WalkConstants c = LoadedWalkConstants();
  const __m256i zero = _mm256_setzero_si256();
  std::size_t pos = body_start;
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data));
  std::uint64_t bits;
  __m256i sum;
  if (body_end > 32) {
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + body_end - 32));
    // hi's lanes i < 64 - body_end are lo's bytes again: out of the sum (the mask's OR is exact).
    bits = SohMask(c, lo) | SohMask(c, hi) << (body_end - 32);
    sum = _mm256_add_epi64(_mm256_sad_epu8(lo, zero),
                           _mm256_sad_epu8(_mm256_and_si256(hi, AtLeast(c, kBlock - body_end, 0)), zero));
  } else {
    // Bytes at body_end and after (lanes i >= body_end) are not the body's.
    bits = _bzhi_u64(SohMask(c, lo), static_cast<unsigned>(body_end));
    sum = _mm256_sad_epu8(_mm256_andnot_si256(AtLeast(c, body_end, 0), lo), zero);
  }
  bits &= ~std::uint64_t{0} << body_start;  // the header's SOH bits go
  if (!Walk(data, special, out_end, UncheckedLast(out_end), 0, bits, pos, next)) [[unlikely]] {
    return WalkResult{next, kWalkStopped};
  }
  return WalkResult{next, SumLanes(sum)};
}

// WalkOrdinaryAvx2TwoBlocks is WalkOrdinaryAvx2 for 64 < body_end <= 128, straight-line:
// [0, 64), and the 64 bytes ending at body_end for the second block.
WalkResult WalkOrdinaryAvx2TwoBlocks(const char* data, std::size_t body_start,
                                     std::size_t body_end, const std::uint8_t* special,
                                     Field* next, Field* out_end) noexcept {
  const WalkConstants c = LoadedWalkConstants();
  std::size_t pos = body_start;
  __m256i sum = _mm256_setzero_si256();
  const std::uint64_t bits0 = BlockBits(c, data, &sum) & (~std::uint64_t{0} << body_start);
  // The window [body_end - 64, body_end): its first 128 - body_end bytes are block 0's.
  const std::uint64_t bits1 = TailBits(c, data, body_end, 2 * kBlock - body_end, &sum);
  const std::uintptr_t unchecked_last = UncheckedLast(out_end);
  if (!Walk(data, special, out_end, unchecked_last, 0, bits0, pos, next) ||
      !Walk(data, special, out_end, unchecked_last, kBlock, bits1, pos, next)) [[unlikely]] {
    return WalkResult{next, kWalkStopped};
  }
  return WalkResult{next, SumLanes(sum)};
}

// WalkOrdinaryAvx2Blocks is WalkOrdinaryAvx2 for body_end > 64: whole blocks, then the 64
// bytes ending at body_end for the rest.
WalkResult WalkOrdinaryAvx2Blocks(const char* data, std::size_t body_start,
                                  std::size_t body_end, const std::uint8_t* special,
                                  Field* next, Field* out_end) noexcept {
  const WalkConstants c = BuiltWalkConstants();
  const std::uintptr_t unchecked_last = UncheckedLast(out_end);
  std::size_t pos = body_start;
  __m256i acc = _mm256_setzero_si256();
  std::uint64_t keep = ~std::uint64_t{0} << body_start;  // the header's SOH bits go
  std::size_t b = 0;
  for (; b + kBlock <= body_end; b += kBlock) {
    const std::uint64_t bits = BlockBits(c, data + b, &acc) & keep;
    keep = ~std::uint64_t{0};
    if (!Walk(data, special, out_end, unchecked_last, b, bits, pos, next)) [[unlikely]] {
      return WalkResult{next, kWalkStopped};
    }
  }
  if (b != body_end) {
    // The window [body_end - 64, body_end): its first b + 64 - body_end bytes (1..63) were taken.
    const std::uint64_t bits = TailBits(c, data, body_end, b + kBlock - body_end, &acc);
    if (!Walk(data, special, out_end, unchecked_last, b, bits, pos, next)) [[unlikely]] {
      return WalkResult{next, kWalkStopped};
    }
  }
  return WalkResult{next, SumLanes(acc)};
}

WalkResult WalkOrdinaryAvx2(const char* data, std::size_t body_start, std::size_t body_end,
                            const std::uint8_t* special, Field* next, Field* out_end) noexcept {
  if (body_end <= kBlock) {
    return WalkOrdinaryAvx2OneBlock(data, body_start, body_end, special, next, out_end);
  }
  if (body_end <= 2 * kBlock) {
    return WalkOrdinaryAvx2TwoBlocks(data, body_start, body_end, special, next, out_end);
  }
  return WalkOrdinaryAvx2Blocks(data, body_start, body_end, special, next, out_end);
}

}  // namespace fixwire::wire_internal
