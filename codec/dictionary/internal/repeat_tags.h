// repeat_tags.h: RepeatedTagsEnd, IndexGroups' check for a run of group
// entries that repeat the previous entry's tags: how far the tags of a field
// array repeat those `period` fields before them. Scalar, eight fields a
// step; repeat_tags_avx2.h has the same function in AVX2 registers, which
// GroupIndexer calls for eight or more fields where the CPU has AVX2.
//
// Internal to the group indexer (group_view.cc) and its tests. Pure
// functions of the array: no allocation, any thread.
#ifndef FIXWIRE_DICTIONARY_INTERNAL_REPEAT_TAGS_H_
#define FIXWIRE_DICTIONARY_INTERNAL_REPEAT_TAGS_H_

#include <cstddef>
#include <cstdint>

#include "fixwire/values/field.h"

namespace fixwire::dictionary_internal {

// RepeatedTagsEnd returns the first index t in [from, limit) whose tag
// differs from the tag `period` fields before it (limit when none does).
// Preconditions: 0 < period <= from <= limit; f[0, limit) readable.
[[gnu::always_inline]] inline std::uint32_t RepeatedTagsEnd(const Field* f, std::uint32_t from,
                                                            std::uint32_t period,
                                                            std::uint32_t limit) noexcept {
  const Field* p = f + from;
  const Field* const end = f + limit;
  const std::ptrdiff_t back = -static_cast<std::ptrdiff_t>(period);
  // Eight fields a step while all repeat (the steps counted up front: the
  // loop keeps one counter), then field by field.
  for (std::size_t steps = static_cast<std::size_t>(end - p) / 8; steps != 0; --steps, p += 8) {
    const Field* const q = p + back;
    if (((p[0].tag ^ q[0].tag) | (p[1].tag ^ q[1].tag) | (p[2].tag ^ q[2].tag) |
         (p[3].tag ^ q[3].tag) | (p[4].tag ^ q[4].tag) | (p[5].tag ^ q[5].tag) |
         (p[6].tag ^ q[6].tag) | (p[7].tag ^ q[7].tag)) != 0) {
      break;
    }
  }
  while (p != end && p->tag == p[back].tag) ++p;
  return static_cast<std::uint32_t>(p - f);
}

}  // namespace fixwire::dictionary_internal

#endif  // FIXWIRE_DICTIONARY_INTERNAL_REPEAT_TAGS_H_
