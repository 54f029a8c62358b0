// quickfix_fields.h: converts a workload's fields to the QuickFIX adapter's
// plain form (setup code, not timed). Header-only; C++20.
#ifndef FIXWIRE_BENCHMARKS_QUICKFIX_FIELDS_H_
#define FIXWIRE_BENCHMARKS_QUICKFIX_FIELDS_H_

#include <span>
#include <vector>

#include "benchmarks/quickfix_adapter.h"
#include "benchmarks/workloads.h"

namespace fixwire::bench {

inline std::vector<fixwire_qf::QfField> ToQfFields(std::span<const WorkloadField> fields) {
  std::vector<fixwire_qf::QfField> out;
  out.reserve(fields.size());
  for (const WorkloadField& f : fields) {
    fixwire_qf::QfField q;
    q.tag = static_cast<int>(f.tag);
    q.kind = static_cast<fixwire_qf::QfKind>(static_cast<int>(f.kind));
    q.text = f.text;
    q.integer = f.integer;
    q.exponent = f.exponent;
    q.depth = f.depth;
    out.push_back(std::move(q));
  }
  return out;
}

static_assert(static_cast<int>(FieldKind::kUtcTimeOnly) ==
              static_cast<int>(fixwire_qf::QfKind::kUtcTimeOnly));
static_assert(static_cast<int>(FieldKind::kDecimal) ==
              static_cast<int>(fixwire_qf::QfKind::kDecimal));

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_QUICKFIX_FIELDS_H_
