// encode_rows.h: the work of the encode benchmark rows, shared by
// encode_benchmarks.cc (timed with Google Benchmark) and
// encode_instructions_main.cc (a plain loop for callgrind instruction counts),
// so both measure exactly the same calls.
//
//   Order o = NewOrder(GetWorkload("NewOrderSingle"));
//   EncodeOrder(encoder, o, now);                  // encode_typed
//   MessageTemplate t = OrderTemplate(o);           // template: built once
//   EncodeOrderFromTemplate(t, encoder, o, now);    // per message
//
// Header-only, benchmark support (testonly). No allocation on the per-message
// calls; NativeFields and OrderTemplate are setup. Lifetimes: views point into
// the workloads, which live until exit.
#ifndef FIXWIRE_BENCHMARKS_ENCODE_ROWS_H_
#define FIXWIRE_BENCHMARKS_ENCODE_ROWS_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "benchmarks/workloads.h"
#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/encode/message_template.h"

namespace fixwire::bench {

// A workload field with its text as a view (no std::string on the hot path).
struct NativeField {
  std::uint32_t tag;
  FieldKind kind;
  std::string_view text;
  std::int64_t integer;
  std::int32_t exponent;
};

// NativeFields is the workload's content after 35 (setup, allocates).
inline std::vector<NativeField> NativeFields(const Workload& w) {
  std::vector<NativeField> out;
  for (const WorkloadField& f : w.content().subspan(1)) {  // after 35
    out.push_back(NativeField{f.tag, f.kind, f.text, f.integer, f.exponent});
  }
  return out;
}

// EncodeGeneric writes a workload through one loop over its fields (the
// fixwire/encode/<workload> rows), with an Encoder::Cursor as a loop over
// fields should; SendingTime (52) from now_nanos.
inline void EncodeGeneric(Encoder& e, const Workload& w, const std::vector<NativeField>& fields,
                          std::int64_t now_nanos) {
  e.Begin(w.begin_string, w.msg_type);
  Encoder::Cursor c(e);
  for (const NativeField& f : fields) {
    switch (f.kind) {
      case FieldKind::kString:
        c.AddString(f.tag, f.text);
        break;
      case FieldKind::kChar:
        c.AddChar(f.tag, f.text[0]);
        break;
      case FieldKind::kInt:
        c.AddInt(f.tag, f.integer);
        break;
      case FieldKind::kNumInGroup:
        c.AddUint(f.tag, static_cast<std::uint64_t>(f.integer));
        break;
      case FieldKind::kDecimal:
        c.AddDecimal(f.tag, Decimal{f.integer, f.exponent});
        break;
      case FieldKind::kUtcTimestamp:
        c.AddTimestamp(f.tag, f.tag == 52 ? now_nanos : f.integer, TimePrecision::kMillis);
        break;
      case FieldKind::kUtcTimeOnly:
        c.AddTimeOnly(f.tag, f.integer, TimePrecision::kMillis);
        break;
    }
  }
}

// The NewOrderSingle's native values, as an order-entry application holds them.
struct Order {
  std::string_view sender, target, cl_ord_id, symbol;
  std::uint64_t seq;
  std::int64_t qty;
  Decimal price;
  char handl_inst, ord_type, side, tif;
  std::int64_t transact_time;
};

inline Order NewOrder(const Workload& w) {
  auto text = [&w](std::uint32_t tag) { return std::string_view(w.Find(tag)->text); };
  return Order{text(49), text(56), text(11), text(55),
               static_cast<std::uint64_t>(w.Find(34)->integer), w.Find(38)->integer,
               Decimal{w.Find(44)->integer, w.Find(44)->exponent}, text(21)[0], text(40)[0], text(54)[0],
               text(59)[0], w.Find(60)->integer};
}

// EncodeOrder writes the NewOrderSingle as an application would, one typed
// call per field, in the workload's order (encode_typed); the caller Finish()es.
inline void EncodeOrder(Encoder& e, const Order& o, std::int64_t now) {
  e.Begin("FIX.4.2", "D");
  e.AddUint(34, o.seq);
  e.AddString(49, o.sender);
  e.AddTimestamp(52, now, TimePrecision::kMillis);
  e.AddString(56, o.target);
  e.AddString(11, o.cl_ord_id);
  e.AddChar(21, o.handl_inst);
  e.AddInt(38, o.qty);
  e.AddChar(40, o.ord_type);
  e.AddDecimal(44, o.price);
  e.AddChar(54, o.side);
  e.AddString(55, o.symbol);
  e.AddChar(59, o.tif);
  e.AddTimestamp(60, o.transact_time, TimePrecision::kMillis);
}

// OrderTemplate pre-encodes 8, 35, 49, 56 and the fixed body fields 21, 40, 59
// (setup; check error()).
inline MessageTemplate OrderTemplate(const Order& o) {
  MessageTemplate t;
  t.Init("FIX.4.2", "D");
  t.AddHeaderString(49, o.sender);
  t.AddHeaderString(56, o.target);
  t.AddBodyFields([&o](Encoder& e) {
    e.AddChar(21, o.handl_inst);
    e.AddChar(40, o.ord_type);
    e.AddChar(59, o.tif);
  });
  return t;
}

// EncodeOrderFromTemplate is one message from the template: 34 and 52
// patched, the varying body fields appended, finished.
inline EncodeResult EncodeOrderFromTemplate(const MessageTemplate& t, Encoder& e, const Order& o,
                                            std::int64_t now) {
  t.Start(e, o.seq, now);
  {
    Encoder::SummingCursor c(e);
    c.AddString(11, o.cl_ord_id);
    c.AddInt(38, o.qty);
    c.AddDecimal(44, o.price);
    c.AddChar(54, o.side);
    c.AddString(55, o.symbol);
    c.AddTimestamp(60, o.transact_time, TimePrecision::kMillis);
  }
  return e.Finish();
}

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_ENCODE_ROWS_H_
