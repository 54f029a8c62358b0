// decode_typed_read.h: the typed reads of the fixwire/decode_read rows, shared
// by the Google Benchmark rows (decode_benchmarks.cc) and the callgrind driver
// (decode_instructions_main.cc) so both measure exactly the same work.
//
// ReadFields picks the first 8 depth-0 body fields after 35 (fewer when the
// message has fewer); ReadTyped reads one of them by tag with the getter of its
// kind and returns a value to sink. Header-only, no allocation after ReadFields.
#ifndef FIXWIRE_BENCHMARKS_DECODE_TYPED_READ_H_
#define FIXWIRE_BENCHMARKS_DECODE_TYPED_READ_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "benchmarks/workloads.h"
#include "codec/decimal.h"
#include "codec/message_view.h"

namespace fixwire::bench {

inline constexpr std::size_t kTypedReads = 8;

// ReadFields returns the workload's first kTypedReads depth-0 fields after 35.
inline std::vector<const WorkloadField*> ReadFields(const Workload& w) {
  std::vector<const WorkloadField*> out;
  for (const WorkloadField& f : w.content().subspan(1)) {
    if (f.depth == 0 && out.size() < kTypedReads) out.push_back(&f);
  }
  return out;
}

// ReadTyped reads one field with the parser of its kind; returns a value to sink.
inline std::int64_t ReadTyped(const MessageView& view, const WorkloadField& f) {
  switch (f.kind) {
    case FieldKind::kString:
      return static_cast<std::int64_t>(view.GetOr(f.tag).size());
    case FieldKind::kChar: {
      char c = 0;
      (void)view.GetChar(f.tag, &c);
      return c;
    }
    case FieldKind::kInt:
    case FieldKind::kNumInGroup: {
      std::int64_t v = 0;
      (void)view.GetInt64(f.tag, &v);
      return v;
    }
    case FieldKind::kDecimal: {
      Decimal d;
      (void)view.GetDecimal(f.tag, &d);
      return d.mantissa + d.exponent;
    }
    case FieldKind::kUtcTimestamp: {
      std::int64_t t = 0;
      (void)view.GetUtcTimestamp(f.tag, &t);
      return t;
    }
    case FieldKind::kUtcTimeOnly: {
      std::int64_t t = 0;
      (void)view.GetUtcTimeOnly(f.tag, &t);
      return t;
    }
  }
  return 0;
}

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_DECODE_TYPED_READ_H_
