// read_four.h: the four fields of the read4 and read4_last rows, shared by
// fixwire's rows (decode_benchmarks.cc) and QuickFIX's
// (quickfix_benchmarks.cc) so both read exactly the same fields.
//
//   read4       35 and the first three body fields: the first three fields
//               after the standard header in wire order, group fields
//               included (what a router reads: the type, then the fields
//               that say where the message goes)
//   read4_last  35 and the last three fields before 10= in wire order (group
//               fields included: for a snapshot, its last entry's)
// Header-only; allocates only in the setup calls.
#ifndef FIXWIRE_BENCHMARKS_READ_FOUR_H_
#define FIXWIRE_BENCHMARKS_READ_FOUR_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "benchmarks/workloads.h"

namespace fixwire::bench {

// IsStandardHeaderTag: the FIX 4.4 standard header's tags.
inline bool IsStandardHeaderTag(std::uint32_t tag) {
  for (std::uint32_t t : {8u, 9u, 35u, 49u, 56u, 115u, 128u, 90u, 91u, 34u, 50u, 142u, 57u, 143u,
                          116u, 144u, 129u, 145u, 43u, 97u, 52u, 122u, 212u, 213u, 347u, 369u,
                          627u, 628u, 629u, 630u, 1128u, 1129u, 1156u}) {
    if (tag == t) return true;
  }
  return false;
}

// FirstBodyFields returns the workload's first three fields after the
// standard header (fewer when it has fewer: Heartbeat has none).
inline std::vector<const WorkloadField*> FirstBodyFields(const Workload& w) {
  std::vector<const WorkloadField*> out;
  for (const WorkloadField& f : w.content()) {
    if (out.size() < 3 && !IsStandardHeaderTag(f.tag)) out.push_back(&f);
  }
  return out;
}

// LastFields returns the positions in w.fields of the last three fields
// before 10= (the last first).
inline std::vector<std::size_t> LastFields(const Workload& w) {
  std::vector<std::size_t> out;
  for (std::size_t i = w.fields.size() - 1; i-- > 3 && out.size() < 3;) out.push_back(i);
  return out;
}

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_READ_FOUR_H_
