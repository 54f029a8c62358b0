// running_sum.h: the byte sum of text as it is formatted, taken from the
// words the formatters store while they are still in registers (internal).
//
// MessageTemplate::Start and Encoder::SummingCursor keep a RunningSum over
// the fields they write so that Finish() need not read them back: a load of
// bytes that narrower stores wrote moments before is not served by store
// forwarding and waits for those stores to reach the cache (the encoder's
// CheckSum re-read).
// Formatters take a `Sum&` and report every byte they leave in the output
// exactly once; NoSum, the default, makes those reports vanish, so the
// formatters' other callers compile to what they were.
//
// RunningSum adds words lane by lane (one PADDB: each byte lane's sum
// modulo 256), so a word must carry the text's bytes and zeros elsewhere;
// the CheckSum is the total modulo 256, which lane sums modulo 256 keep.
// A formatter path that cannot report its bytes calls Invalidate(): the
// writer then leaves the bytes to Finish's re-read. Not thread-shared: a
// value on the stack of one writer.
#ifndef FIXWIRE_ENCODE_INTERNAL_RUNNING_SUM_H_
#define FIXWIRE_ENCODE_INTERNAL_RUNNING_SUM_H_

#include <emmintrin.h>

#include <cstdint>

namespace fixwire::encode_internal {

// NoSum: every report is a no-op (and it never holds a sum).
struct NoSum {
  static constexpr bool valid = false;
  [[gnu::always_inline]] void Word(std::uint64_t) noexcept {}
  [[gnu::always_inline]] void Block16(const char*) noexcept {}
  [[gnu::always_inline]] void Add(std::uint64_t) noexcept {}
  [[gnu::always_inline]] void Invalidate() noexcept {}
};

// RunningSum: Word adds a word whose bytes other than the text are zero;
// Block16 the 16 bytes at p (all of them text); Add a known sum.
struct RunningSum {
  __m128i lanes = _mm_setzero_si128();
  std::uint64_t scalar = 0;
  bool valid = true;

  [[gnu::always_inline]] void Word(std::uint64_t w) noexcept {
    lanes = _mm_add_epi8(lanes, _mm_cvtsi64_si128(static_cast<long long>(w)));
  }
  [[gnu::always_inline]] void Block16(const char* p) noexcept {
    lanes = _mm_add_epi8(lanes, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  [[gnu::always_inline]] void Add(std::uint64_t sum) noexcept { scalar += sum; }
  [[gnu::always_inline]] void Invalidate() noexcept { valid = false; }
  // Total: a number congruent to the byte sum modulo 256.
  [[gnu::always_inline]] std::uint64_t Total() const noexcept {
    const __m128i s = _mm_sad_epu8(lanes, _mm_setzero_si128());
    return scalar + static_cast<std::uint64_t>(_mm_cvtsi128_si64(s)) +
           static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s)));
  }
};

// WordByteSum: the sum of a word's bytes (of a tag's constant "<tag>=" word
// it folds to a constant).
constexpr std::uint64_t WordByteSum(std::uint64_t w) noexcept {
  std::uint64_t s = 0;
  for (int i = 0; i < 8; ++i) s += (w >> (8 * i)) & 0xFF;
  return s;
}

}  // namespace fixwire::encode_internal

#endif  // FIXWIRE_ENCODE_INTERNAL_RUNNING_SUM_H_
