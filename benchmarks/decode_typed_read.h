// decode_typed_read.h: the typed reads of the fixwire/decode_read rows, shared
// by the Google Benchmark rows (decode_benchmarks.cc) and the callgrind driver
// (decode_instructions_main.cc) so both measure exactly the same work.
//
// ReadFields picks the first 8 depth-0 body fields after 35 (fewer when the
// message has fewer). Each is read by tag with the getter of its kind
// (ReadAs<kind>): string -> GetOr, char -> GetChar, int -> GetInt64, decimal
// -> GetDecimal, timestamp -> GetUtcTimestamp, time -> GetUtcTimeOnly.
//
// What is measured: an application knows at compile time which fields it
// reads and their types, so it calls the typed getters directly; a run-time
// switch on a field-kind enum per read is the benchmark's overhead, not the
// library's. So NewOrderSingle and ExecutionReport (the workloads the targets
// are about) have a compile-time reader (kNewOrderSingleReads,
// kExecutionReportReads) that calls ReadAs<kind>(view, tag) for each of its
// fields with constant tags. Those lists are exactly ReadFields' picks (same
// tags, kinds, order: WithReader checks, and refuses a workload whose list
// differs), and ReadAs is the same code the generic path's switch calls, so
// the reads and the parsers are the same; only the per-read switch and the
// loop over a field list are gone. The other workloads keep the generic
// ReadTyped loop (their decode dominates). Header-only, no allocation after
// ReadFields.
#ifndef FIXWIRE_BENCHMARKS_DECODE_TYPED_READ_H_
#define FIXWIRE_BENCHMARKS_DECODE_TYPED_READ_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "benchmarks/workloads.h"
#include "fixwire/values/decimal.h"
#include "fixwire/wire/message_view.h"

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

// ReadAs reads one field with the getter of `kKind`; returns a value to sink.
template <FieldKind kKind>
[[gnu::always_inline]] inline std::int64_t ReadAs(const MessageView& view, std::uint32_t tag) {
  if constexpr (kKind == FieldKind::kString) {
    return static_cast<std::int64_t>(view.GetOr(tag).size());
  } else if constexpr (kKind == FieldKind::kChar) {
    char c = 0;
    (void)view.GetChar(tag, &c);
    return c;
  } else if constexpr (kKind == FieldKind::kInt || kKind == FieldKind::kNumInGroup) {
    std::int64_t v = 0;
    (void)view.GetInt64(tag, &v);
    return v;
  } else if constexpr (kKind == FieldKind::kDecimal) {
    Decimal d;
    (void)view.GetDecimal(tag, &d);
    return d.mantissa + d.exponent;
  } else if constexpr (kKind == FieldKind::kUtcTimestamp) {
    std::int64_t t = 0;
    (void)view.GetUtcTimestamp(tag, &t);
    return t;
  } else {
    static_assert(kKind == FieldKind::kUtcTimeOnly);
    std::int64_t t = 0;
    (void)view.GetUtcTimeOnly(tag, &t);
    return t;
  }
}

// ReadTyped reads one field chosen at run time: a switch on its kind, then ReadAs.
inline std::int64_t ReadTyped(const MessageView& view, const WorkloadField& f) {
  switch (f.kind) {
    case FieldKind::kString: return ReadAs<FieldKind::kString>(view, f.tag);
    case FieldKind::kChar: return ReadAs<FieldKind::kChar>(view, f.tag);
    case FieldKind::kInt: return ReadAs<FieldKind::kInt>(view, f.tag);
    case FieldKind::kNumInGroup: return ReadAs<FieldKind::kNumInGroup>(view, f.tag);
    case FieldKind::kDecimal: return ReadAs<FieldKind::kDecimal>(view, f.tag);
    case FieldKind::kUtcTimestamp: return ReadAs<FieldKind::kUtcTimestamp>(view, f.tag);
    case FieldKind::kUtcTimeOnly: return ReadAs<FieldKind::kUtcTimeOnly>(view, f.tag);
  }
  return 0;
}

// One field a compile-time reader reads.
struct KnownRead {
  std::uint32_t tag;
  FieldKind kind;
};

// ReadFields(NewOrderSingle): MsgSeqNum, SenderCompID, SendingTime,
// TargetCompID, ClOrdID, HandlInst, OrderQty, OrdType.
inline constexpr KnownRead kNewOrderSingleReads[] = {
    {34, FieldKind::kInt},    {49, FieldKind::kString}, {52, FieldKind::kUtcTimestamp},
    {56, FieldKind::kString}, {11, FieldKind::kString}, {21, FieldKind::kChar},
    {38, FieldKind::kInt},    {40, FieldKind::kChar}};
// ReadFields(ExecutionReport): MsgSeqNum, SenderCompID, SendingTime,
// TargetCompID, AvgPx, ClOrdID, CumQty, Currency.
inline constexpr KnownRead kExecutionReportReads[] = {
    {34, FieldKind::kInt},    {49, FieldKind::kString}, {52, FieldKind::kUtcTimestamp},
    {56, FieldKind::kString}, {6, FieldKind::kDecimal}, {11, FieldKind::kString},
    {14, FieldKind::kInt},    {15, FieldKind::kString}};

// ReadKnown reads every field of kList in order, each with a constant tag and
// its kind's getter: what an application's own code for the message does.
template <const auto& kList, std::size_t... I>
[[gnu::always_inline]] inline std::int64_t ReadKnownImpl(const MessageView& view,
                                                         std::index_sequence<I...>) {
  std::int64_t sink = 0;
  ((sink += ReadAs<kList[I].kind>(view, kList[I].tag)), ...);
  return sink;
}
template <const auto& kList>
[[gnu::always_inline]] inline std::int64_t ReadKnown(const MessageView& view) {
  return ReadKnownImpl<kList>(view, std::make_index_sequence<std::size(kList)>());
}

// SameReads: `known` is exactly `fields` (tags and kinds, in order).
inline bool SameReads(std::span<const KnownRead> known,
                      const std::vector<const WorkloadField*>& fields) {
  if (known.size() != fields.size()) return false;
  for (std::size_t i = 0; i < known.size(); ++i) {
    if (known[i].tag != fields[i]->tag || known[i].kind != fields[i]->kind) return false;
  }
  return true;
}

// WithReader calls run(read) once, where read(view) returns the sum of the
// workload's typed reads (ReadFields' picks): the compile-time reader for
// NewOrderSingle and ExecutionReport, the generic ReadTyped loop otherwise.
// `fields` is ReadFields(w). Returns false without calling run when a
// compile-time list is not ReadFields' picks (the rows would measure other work).
template <typename Run>
bool WithReader(const Workload& w, const std::vector<const WorkloadField*>& fields, Run&& run) {
  if (w.name == "NewOrderSingle") {
    if (!SameReads(kNewOrderSingleReads, fields)) return false;
    run([](const MessageView& view) { return ReadKnown<kNewOrderSingleReads>(view); });
  } else if (w.name == "ExecutionReport") {
    if (!SameReads(kExecutionReportReads, fields)) return false;
    run([](const MessageView& view) { return ReadKnown<kExecutionReportReads>(view); });
  } else {
    run([&fields](const MessageView& view) {
      std::int64_t sink = 0;
      for (const WorkloadField* f : fields) sink += ReadTyped(view, *f);
      return sink;
    });
  }
  return true;
}

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_DECODE_TYPED_READ_H_
