// read_groups.h: the reads of the fixwire/read_groups rows, shared by the
// Google Benchmark rows (dictionary_benchmarks.cc) and the callgrind driver
// (dictionary_instructions_main.cc) so both measure exactly the same work.
// ReadGroup looks every field of every entry up by tag (nested groups' fields
// through their own entries) and returns the sum of the found values'
// lengths, so the compiler cannot drop the lookups. It reads only; the views
// must outlive the call.
#ifndef FIXWIRE_BENCHMARKS_READ_GROUPS_H_
#define FIXWIRE_BENCHMARKS_READ_GROUPS_H_

#include <cstddef>
#include <cstdint>

#include "fixwire/dictionary/group_view.h"

namespace fixwire::bench {

inline std::size_t ReadGroup(const GroupView& g) {
  std::size_t sum = 0;
  for (std::uint32_t i = 0; i < g.size(); ++i) {
    GroupEntryView e = g.entry(i);
    for (const Field& f : e.fields()) {
      const Field* found = e.Find(f.tag);
      if (found != &f) continue;  // a nested group's field (or a repeat)
      sum += found->length;
      GroupView nested = e.group(f.tag);
      if (nested.present()) sum += ReadGroup(nested);
    }
  }
  return sum;
}

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_READ_GROUPS_H_
