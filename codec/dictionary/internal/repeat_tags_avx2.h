// repeat_tags_avx2.h: RepeatedTagsEndAvx2, RepeatedTagsEnd (repeat_tags.h)
// with eight fields (96 bytes, three AVX2 registers) compared a step: the
// eight tags against those `period` fields back, one test for all.
//
// Internal to the group indexer. Built for AVX2 (its own library): call it
// only where simd::CpuSupports(simd::Isa::kAvx2) is true. The group indexer
// calls it only where the active SIMD implementation is AVX2 or AVX-512,
// which implies that, so forcing SSE2 or scalar (FIXWIRE_SIMD, SetActiveIsa)
// selects the scalar function. No allocation, any thread.
#ifndef FIXWIRE_DICTIONARY_INTERNAL_REPEAT_TAGS_AVX2_H_
#define FIXWIRE_DICTIONARY_INTERNAL_REPEAT_TAGS_AVX2_H_

#include <cstdint>

#include "fixwire/values/field.h"

namespace fixwire::dictionary_internal {

// RepeatedTagsEndAvx2 is RepeatedTagsEnd: the first index t in [from, limit)
// whose tag differs from the tag `period` fields before it (limit when none
// does). Preconditions: 0 < period <= from <= limit; f[0, limit) readable;
// it reads nothing else.
std::uint32_t RepeatedTagsEndAvx2(const Field* f, std::uint32_t from, std::uint32_t period,
                                  std::uint32_t limit) noexcept;

}  // namespace fixwire::dictionary_internal

#endif  // FIXWIRE_DICTIONARY_INTERNAL_REPEAT_TAGS_AVX2_H_
