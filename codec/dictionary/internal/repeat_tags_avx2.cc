#include "fixwire/dictionary/internal/repeat_tags_avx2.h"

#include <immintrin.h>

#include <cstddef>

namespace fixwire::dictionary_internal {

static_assert(sizeof(Field) == 12 && offsetof(Field, tag) == 0);

namespace {

// EightTags gathers the tags of the eight fields at p (96 bytes, words 0, 3,
// 6, ..., 21) into one register, in the order of words 0, 9, 18, 3, 12, 21,
// 6, 15: three loads and two blends (the three registers hold the tags in
// disjoint word positions).
[[gnu::always_inline]] inline __m256i EightTags(const Field* p) noexcept {
  const __m256i* const a = reinterpret_cast<const __m256i*>(p);
  const __m256i w0 = _mm256_loadu_si256(a);      // words 0..7: tags at 0, 3, 6
  const __m256i w1 = _mm256_loadu_si256(a + 1);  // words 8..15: tags at 9, 12, 15
  const __m256i w2 = _mm256_loadu_si256(a + 2);  // words 16..23: tags at 18, 21
  return _mm256_blend_epi32(_mm256_blend_epi32(w0, w1, 0b10010010), w2, 0b00100100);
}

}  // namespace

std::uint32_t RepeatedTagsEndAvx2(const Field* f, std::uint32_t from, std::uint32_t period,
                                  std::uint32_t limit) noexcept {
  const Field* p = f + from;
  const Field* const end = f + limit;
  const std::ptrdiff_t back = -static_cast<std::ptrdiff_t>(period);
  if (end - p >= 8) {
    // Whole steps of eight from `from`, then one that ends at `limit` (it
    // may overlap the step before: those fields repeat, and repeat again).
    // A step with a difference is searched field by field below.
    bool differ = false;
    for (std::size_t steps = static_cast<std::size_t>(end - p) / 8; steps != 0; --steps, p += 8) {
      if (!_mm256_testz_si256(_mm256_xor_si256(EightTags(p), EightTags(p + back)),
                              _mm256_set1_epi32(-1))) {
        differ = true;
        break;
      }
    }
    if (!differ && p != end) {
      const Field* const last = end - 8;
      const __m256i x = _mm256_xor_si256(EightTags(last), EightTags(last + back));
      if (_mm256_testz_si256(x, x)) p = end;
    }
  }
  while (p != end && p->tag == p[back].tag) ++p;
  return static_cast<std::uint32_t>(p - f);
}

}  // namespace fixwire::dictionary_internal
