// fixwire_workload_encoder.h: encodes a workload from its native field values
// with fixwire's Encoder (one typed Add call per field, in the workload's
// order, SendingTime and other timestamps from their nanosecond values).
// Used by the latency binary and by the test that fixwire's bytes equal the
// workload's. Header-only; no allocation; the encoder's rules on lifetime.
#ifndef FIXWIRE_BENCHMARKS_FIXWIRE_WORKLOAD_ENCODER_H_
#define FIXWIRE_BENCHMARKS_FIXWIRE_WORKLOAD_ENCODER_H_

#include <cstdint>
#include <span>

#include "benchmarks/workloads.h"
#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/encode/encoder.h"

namespace fixwire::bench {

// EncodeWorkload begins `e` with the workload's BeginString and MsgType and
// adds every content field after 35; the caller calls e.Finish().
inline void EncodeWorkload(Encoder& e, const Workload& w) noexcept {
  const std::span<const WorkloadField> content = w.content();
  e.Begin(w.begin_string, w.msg_type);
  for (const WorkloadField& f : content.subspan(1)) {
    switch (f.kind) {
      case FieldKind::kString:
        e.AddString(f.tag, f.text);
        break;
      case FieldKind::kChar:
        e.AddChar(f.tag, f.text[0]);
        break;
      case FieldKind::kInt:
        e.AddInt(f.tag, f.integer);
        break;
      case FieldKind::kNumInGroup:
        e.AddUint(f.tag, static_cast<std::uint64_t>(f.integer));
        break;
      case FieldKind::kDecimal:
        e.AddDecimal(f.tag, Decimal{f.integer, f.exponent});
        break;
      case FieldKind::kUtcTimestamp:
        e.AddTimestamp(f.tag, f.integer, TimePrecision::kMillis);
        break;
      case FieldKind::kUtcTimeOnly:
        e.AddTimeOnly(f.tag, f.integer, TimePrecision::kMillis);
        break;
    }
  }
}

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_FIXWIRE_WORKLOAD_ENCODER_H_
