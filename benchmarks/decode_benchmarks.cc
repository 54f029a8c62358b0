// Decode rows, one per workload:
//   fixwire/decode/<w>       Decoder::Decode: framing, BodyLength, CheckSum and the
//                            full field index with O(1) lookup tables
//   fixwire/decode_read/<w>  Decode, then read the first 8 message-level body
//                            fields after 35 with their typed getter (Decimal,
//                            int, char, UTCTimestamp, ...), by tag lookup; for
//                            NewOrderSingle and ExecutionReport through a
//                            compile-time reader (constant tags, no per-read
//                            switch on the kind; decode_typed_read.h)
//   fixwire/get_field/<w>    one MessageView::Find on a decoded message, cycling
//                            through every distinct tag of the message
//   fixwire/frame/<w>        StreamFramer over 1 MB of back-to-back copies of
//                            the workload, fed in 64 KB reads (framing and
//                            CheckSum of every message; no index)
//   fixwire/read4/<w>        PartialMessage::Open (frame and CheckSum verified),
//                            then 35 and the first three body fields by tag
//                            (read_four.h), indexing only that far
//   fixwire/read4_last/<w>   Decode, then 35 and the last three fields before
//                            10= (read_four.h): the whole index is needed
// Before timing, each row checks that the workload decodes and fails otherwise.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/arena/buffer_pool.h"
#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/decode_typed_read.h"
#include "benchmarks/read_four.h"
#include "benchmarks/workloads.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/wire/partial_message.h"
#include "fixwire/wire/stream_framer.h"
#include "fixwire/values/values.h"

namespace fixwire::bench {
namespace {

// Enough index capacity for the largest workload (MDSnapshot165K).
std::uint32_t CapacityFor(const Workload& w) {
  return static_cast<std::uint32_t>(w.fields.size() + 16);
}

void BM_Decode(benchmark::State& state, const char* name) {
  const Workload& w = GetWorkload(name);
  Decoder decoder;
  FieldIndex index(CapacityFor(w));
  MessageView view;
  if (!decoder.Decode(w.bytes, index, view).ok() || view.field_count() != w.fields.size()) {
    state.SkipWithError("workload does not decode to its fields");
    return;
  }
  RowCounters counters;
  for (auto _ : state) {
    const Error e = decoder.Decode(w.bytes, index, view);
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(view);
  }
  counters.Finish(state, w.bytes.size());
}

void BM_DecodeRead(benchmark::State& state, const char* name) {
  const Workload& w = GetWorkload(name);
  const std::vector<const WorkloadField*> fields = ReadFields(w);
  Decoder decoder;
  FieldIndex index(CapacityFor(w));
  MessageView view;
  if (!decoder.Decode(w.bytes, index, view).ok()) {
    state.SkipWithError("workload does not decode");
    return;
  }
  // Check every read against the workload's native value once.
  for (const WorkloadField* f : fields) {
    bool ok = view.GetOr(f->tag) == f->text;
    if (f->kind == FieldKind::kDecimal) {
      Decimal d;
      ok = ok && view.GetDecimal(f->tag, &d) == ErrorCode::kOk && d.mantissa == f->integer &&
           d.exponent == f->exponent;
    } else if (f->kind == FieldKind::kUtcTimestamp) {
      std::int64_t t;
      ok = ok && view.GetUtcTimestamp(f->tag, &t) == ErrorCode::kOk && t == f->integer;
    } else if (f->kind == FieldKind::kInt || f->kind == FieldKind::kNumInGroup) {
      std::int64_t v;
      ok = ok && view.GetInt64(f->tag, &v) == ErrorCode::kOk && v == f->integer;
    }
    if (!ok) {
      state.SkipWithError("a typed read disagrees with the workload's value");
      return;
    }
  }
  // The timed loop: decode, then the typed reads (WithReader: the
  // compile-time reader of NewOrderSingle / ExecutionReport, else the generic loop).
  std::int64_t generic = 0;  // the generic loop's sum: the reader must give the same
  for (const WorkloadField* f : fields) generic += ReadTyped(view, *f);
  const bool same_reads = WithReader(w, fields, [&](auto read) {
    if (read(view) != generic) return state.SkipWithError("the reader's values differ from ReadTyped's");
    RowCounters counters;
    for (auto _ : state) {
      const Error e = decoder.Decode(w.bytes, index, view);
      std::int64_t sink = static_cast<std::int64_t>(e.code);
      sink += read(view);
      benchmark::DoNotOptimize(sink);
    }
    counters.Finish(state, w.bytes.size());
  });
  if (!same_reads) state.SkipWithError("the compile-time reader's fields are not ReadFields' picks");
}

void BM_GetField(benchmark::State& state, const char* name) {
  const Workload& w = GetWorkload(name);
  Decoder decoder;
  FieldIndex index(CapacityFor(w));
  MessageView view;
  if (!decoder.Decode(w.bytes, index, view).ok()) {
    state.SkipWithError("workload does not decode");
    return;
  }
  std::vector<std::uint32_t> tags;
  for (const WorkloadField& f : w.fields) {
    bool seen = false;
    for (std::uint32_t t : tags) seen = seen || t == f.tag;
    if (!seen) tags.push_back(f.tag);
  }
  while (tags.size() & (tags.size() - 1)) tags.push_back(tags[tags.size() % 3]);  // power of two
  const std::size_t mask = tags.size() - 1;
  for (std::uint32_t t : tags) {
    if (view.Find(t) == nullptr) {
      state.SkipWithError("a workload tag is not found");
      return;
    }
  }
  RowCounters counters;
  std::size_t i = 0;
  for (auto _ : state) {
    const Field* f = view.Find(tags[i++ & mask]);
    benchmark::DoNotOptimize(f);
  }
  counters.Finish(state, 0);
}

void BM_Frame(benchmark::State& state, const char* name) {
  const Workload& w = GetWorkload(name);
  const std::string stream = BackToBack(w, 1 << 20);
  const std::size_t per_stream = stream.size() / w.bytes.size();
  constexpr std::size_t kRead = 64 * 1024;
  BufferPool pool(1, 512 * 1024);
  StreamFramer framer(pool);
  auto run = [&]() -> std::size_t {
    std::size_t messages = 0;
    for (std::size_t pos = 0; pos < stream.size();) {
      const std::size_t want = stream.size() - pos < kRead ? stream.size() - pos : kRead;
      pos += framer.Feed(stream.data() + pos, want);
      for (FrameEvent ev = framer.Next(); ev.kind != FrameEvent::kNeedMore; ev = framer.Next()) {
        messages += ev.kind == FrameEvent::kMessage ? 1 : 0;
        benchmark::DoNotOptimize(ev);
      }
    }
    return messages;
  };
  if (run() != per_stream) {
    state.SkipWithError("framer did not find every message");
    return;
  }
  RowCounters counters;
  for (auto _ : state) {
    std::size_t n = run();
    benchmark::DoNotOptimize(n);
  }
  counters.Finish(state, stream.size(), per_stream);
}

void BM_Read4(benchmark::State& state, const char* name) {
  const Workload& w = GetWorkload(name);
  const std::vector<const WorkloadField*> fields = FirstBodyFields(w);
  std::uint32_t tags[3] = {35, 35, 35};  // 35 again where there are fewer body fields
  for (std::size_t i = 0; i < fields.size(); ++i) tags[i] = fields[i]->tag;
  Decoder decoder;
  FieldIndex index(CapacityFor(w));
  PartialMessage m;
  if (!m.Open(decoder, w.bytes, index).ok() || m.msg_type() != w.msg_type) {
    state.SkipWithError("workload does not open");
    return;
  }
  for (const WorkloadField* f : fields) {
    if (m.GetOr(f->tag) != f->text) {
      state.SkipWithError("a read4 field differs from the workload's");
      return;
    }
  }
  RowCounters counters;
  for (auto _ : state) {
    const Error e = m.Open(decoder, w.bytes, index);
    std::size_t sink = static_cast<std::size_t>(e.code) + m.msg_type().size();
    sink += m.GetOr(tags[0]).size();
    sink += m.GetOr(tags[1]).size();
    sink += m.GetOr(tags[2]).size();
    benchmark::DoNotOptimize(sink);
  }
  counters.Finish(state, w.bytes.size());
}

void BM_Read4Last(benchmark::State& state, const char* name) {
  const Workload& w = GetWorkload(name);
  const std::vector<std::size_t> last = LastFields(w);
  Decoder decoder;
  FieldIndex index(CapacityFor(w));
  MessageView view;
  if (!decoder.Decode(w.bytes, index, view).ok() || view.field_count() != w.fields.size()) {
    state.SkipWithError("workload does not decode to its fields");
    return;
  }
  for (std::size_t i : last) {
    if (view.value(view.field(static_cast<std::uint32_t>(i))) != w.fields[i].text) {
      state.SkipWithError("a read4_last field differs from the workload's");
      return;
    }
  }
  RowCounters counters;
  for (auto _ : state) {
    const Error e = decoder.Decode(w.bytes, index, view);
    const std::uint32_t n = view.field_count();
    std::size_t sink = static_cast<std::size_t>(e.code) + view.msg_type().size();
    sink += view.value(view.field(n - 2)).size();
    sink += view.value(view.field(n - 3)).size();
    sink += view.value(view.field(n - 4)).size();
    benchmark::DoNotOptimize(sink);
  }
  counters.Finish(state, w.bytes.size());
}

const bool kRegistered = [] {
  static std::deque<std::string> names;  // stable: each row keeps its name's const char*
  for (std::string_view name : WorkloadNames()) {
    names.emplace_back(name);
    const char* n = names.back().c_str();
    benchmark::RegisterBenchmark(("fixwire/decode/" + names.back()).c_str(), BM_Decode, n);
    benchmark::RegisterBenchmark(("fixwire/decode_read/" + names.back()).c_str(), BM_DecodeRead, n);
    benchmark::RegisterBenchmark(("fixwire/get_field/" + names.back()).c_str(), BM_GetField, n);
    benchmark::RegisterBenchmark(("fixwire/frame/" + names.back()).c_str(), BM_Frame, n);
    benchmark::RegisterBenchmark(("fixwire/read4/" + names.back()).c_str(), BM_Read4, n);
    benchmark::RegisterBenchmark(("fixwire/read4_last/" + names.back()).c_str(), BM_Read4Last, n);
  }
  return true;
}();

}  // namespace
}  // namespace fixwire::bench
