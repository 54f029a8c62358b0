// The quickfix/* rows: QuickFIX 1.15 on the shared workloads, through the
// adapter (benchmarks/quickfix_adapter.h). Every row first checks that the
// operation succeeds on the workload, then times it; counters as every row.
//
// Reuse, as QuickFIX's own performance test does: one FIX::Message is decoded
// into again and again (setString clears it first), one output std::string is
// serialized into again and again. That is QuickFIX's best case.
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/decode_typed_read.h"
#include "benchmarks/read_four.h"
#include "benchmarks/quickfix_adapter.h"
#include "benchmarks/quickfix_dictionaries.h"
#include "benchmarks/quickfix_fields.h"
#include "benchmarks/workloads.h"

namespace fixwire::bench {
namespace {

using fixwire_qf::QfDictionary;
using fixwire_qf::QfEncoder;
using fixwire_qf::QfMessage;

std::unique_ptr<QfEncoder> EncoderFor(const Workload& w, std::string* error) {
  return QfEncoder::Prepare(std::string(w.begin_string), std::string(w.msg_type),
                            ToQfFields(w.content()), error);
}

void Decode(benchmark::State& state, const Workload* w) {
  QfMessage message;
  if (!message.Decode(w->bytes)) return state.SkipWithError(message.last_error().c_str());
  RowCounters counters;
  for (auto _ : state) {
    bool ok = message.Decode(w->bytes);
    benchmark::DoNotOptimize(ok);
  }
  counters.Finish(state, w->bytes.size());
}

// The dictionary rows: `op` runs on a message decoded with the dictionary.
void WithDictionary(benchmark::State& state, const Workload* w,
                    const std::function<void(benchmark::State&, QfMessage&,
                                             const QfDictionary&)>& op) {
  std::string error;
  const QfDictionary* dictionary = QuickFixDictionary(w->begin_string, &error);
  if (dictionary == nullptr) return state.SkipWithError(error.c_str());
  QfMessage message;
  if (!message.DecodeGroups(w->bytes, *dictionary)) {
    return state.SkipWithError(message.last_error().c_str());
  }
  op(state, message, *dictionary);
}

void DecodeGroups(benchmark::State& state, const Workload* w) {
  WithDictionary(state, w, [w](benchmark::State& st, QfMessage& message, const QfDictionary& dd) {
    RowCounters counters;
    for (auto _ : st) {
      bool ok = message.DecodeGroups(w->bytes, dd);
      benchmark::DoNotOptimize(ok);
    }
    counters.Finish(st, w->bytes.size());
  });
}

// decode_validate: setString(bytes, true, &dd) checks framing, BodyLength,
// CheckSum and group structure; DataDictionary::validate then runs the
// dictionary checks, so the row does the work fixwire's row does.
void DecodeValidate(benchmark::State& state, const Workload* w) {
  WithDictionary(state, w, [w](benchmark::State& st, QfMessage& message, const QfDictionary& dd) {
    if (!message.DecodeValidate(w->bytes, dd) || !message.ValidateDict(dd)) {
      return st.SkipWithError(message.last_error().c_str());
    }
    RowCounters counters;
    for (auto _ : st) {
      bool ok = message.DecodeValidate(w->bytes, dd) && message.ValidateDict(dd);
      benchmark::DoNotOptimize(ok);
    }
    counters.Finish(st, w->bytes.size());
  });
}

void ValidateDict(benchmark::State& state, const Workload* w) {
  WithDictionary(state, w, [w](benchmark::State& st, QfMessage& message, const QfDictionary& dd) {
    if (!message.ValidateDict(dd)) return st.SkipWithError(message.last_error().c_str());
    RowCounters counters;
    for (auto _ : st) {
      bool ok = message.ValidateDict(dd);
      benchmark::DoNotOptimize(ok);
    }
    counters.Finish(st, w->bytes.size());
  });
}

// read_groups: decode with the dictionary, then read every field of every
// group entry by tag (as fixwire/read_groups: decode, index groups, read).
void ReadGroups(benchmark::State& state, const Workload* w) {
  WithDictionary(state, w, [w](benchmark::State& st, QfMessage& message, const QfDictionary& dd) {
    if (message.ReadGroups() == 0) return st.SkipWithError("no group fields read");
    RowCounters counters;
    for (auto _ : st) {
      bool ok = message.DecodeGroups(w->bytes, dd);
      std::size_t bytes = message.ReadGroups();
      benchmark::DoNotOptimize(ok);
      benchmark::DoNotOptimize(bytes);
    }
    counters.Finish(st, w->bytes.size());
  });
}

void Encode(benchmark::State& state, const Workload* w) {
  std::string error;
  auto encoder = EncoderFor(*w, &error);
  if (!encoder) return state.SkipWithError(error.c_str());
  std::string out;
  encoder->Encode(&out);
  if (out != w->bytes) return state.SkipWithError("QuickFIX's encode differs from the workload");
  RowCounters counters;
  for (auto _ : state) {
    std::size_t n = encoder->Encode(&out);
    benchmark::DoNotOptimize(n);
  }
  counters.Finish(state, w->bytes.size());
}

void Serialize(benchmark::State& state, const Workload* w) {
  std::string error;
  auto encoder = EncoderFor(*w, &error);
  if (!encoder) return state.SkipWithError(error.c_str());
  QfMessage message;
  encoder->Build(&message);
  std::string out;
  message.Serialize(&out);
  if (out != w->bytes) return state.SkipWithError("QuickFIX's serialize differs from the workload");
  RowCounters counters;
  for (auto _ : state) {
    std::size_t n = message.Serialize(&out);
    benchmark::DoNotOptimize(n);
  }
  counters.Finish(state, w->bytes.size());
}

void Skeleton(benchmark::State& state, const Workload* w) {
  std::string error;
  auto encoder = EncoderFor(*w, &error);
  if (!encoder) return state.SkipWithError(error.c_str());
  RowCounters counters;
  for (auto _ : state) {
    std::size_t n = encoder->Skeleton();
    benchmark::DoNotOptimize(n);
  }
  counters.Finish(state, 0);
}

// decode_read: decode, then the same 8 reads as fixwire/decode_read
// (ReadFields' picks, decode_typed_read.h), each with QuickFIX's typed field
// class of its kind (QfMessage::ReadTyped; QuickFIX has no decimal type, so
// a price is a DoubleField); checks once that every read gives the
// workload's value (a decimal's double truncated).
void DecodeRead(benchmark::State& state, const Workload* w) {
  QfMessage message;
  if (!message.Decode(w->bytes)) return state.SkipWithError(message.last_error().c_str());
  const std::vector<const WorkloadField*> fields = ReadFields(*w);
  for (const WorkloadField* f : fields) {
    const long long v = message.ReadTyped(static_cast<int>(f->tag), static_cast<fixwire_qf::QfKind>(f->kind));
    const bool ok = f->kind == FieldKind::kString ? v == static_cast<long long>(f->text.size())
                    : f->kind == FieldKind::kChar ? v == f->text[0]
                    : f->kind == FieldKind::kDecimal
                        ? v == static_cast<long long>(fixwire::Decimal{f->integer, f->exponent}.ToDouble())
                        : v == f->integer;
    if (!ok) return state.SkipWithError("a QuickFIX typed read disagrees with the workload's value");
  }
  RowCounters counters;
  for (auto _ : state) {
    bool ok = message.Decode(w->bytes);
    long long sink = ok ? 1 : 0;
    for (const WorkloadField* f : fields) {
      sink += message.ReadTyped(static_cast<int>(f->tag), static_cast<fixwire_qf::QfKind>(f->kind));
    }
    benchmark::DoNotOptimize(sink);
  }
  counters.Finish(state, w->bytes.size());
}

// get_field: one lookup per iteration, cycling over every distinct tag of the
// workload (in wire order, padded to a power of two by repeating tags[size % 3])
// exactly as fixwire/get_field does in decode_benchmarks.cc.
void GetField(benchmark::State& state, const Workload* w) {
  QfMessage message;
  if (!message.Decode(w->bytes)) return state.SkipWithError(message.last_error().c_str());
  std::vector<int> tags;
  for (const WorkloadField& f : w->fields) {
    if (std::find(tags.begin(), tags.end(), static_cast<int>(f.tag)) == tags.end()) {
      tags.push_back(static_cast<int>(f.tag));
    }
  }
  while (tags.size() & (tags.size() - 1)) tags.push_back(tags[tags.size() % 3]);
  const std::size_t mask = tags.size() - 1;
  for (int tag : tags) {
    if (message.GetField(tag) < 0) return state.SkipWithError("QuickFIX does not find a workload tag");
  }
  RowCounters counters;
  std::size_t i = 0;
  for (auto _ : state) {
    long n = message.GetField(tags[i++ & mask]);
    benchmark::DoNotOptimize(n);
  }
  counters.Finish(state, 0);
}

// copy: forward the decoded message with a rewritten header (49, 56, 34, and
// 52 formatted from a clock value), as fixwire/copy/ExecutionReport does with
// the same values; checks the result equals the workload with those fields.
void Copy(benchmark::State& state, const Workload* w) {
  QfMessage message;
  if (!message.Decode(w->bytes)) return state.SkipWithError(message.last_error().c_str());
  const std::string sender = "GATEWAY-0001", target = "CLIENT-OMS-77";
  const int seq = 91234;
  std::vector<WorkloadField> content(w->content().begin(), w->content().end());
  for (WorkloadField& f : content) {
    if (f.depth != 0) continue;
    if (f.tag == 49) f.text = sender;
    if (f.tag == 56) f.text = target;
    if (f.tag == 34) f.text = std::to_string(seq);
  }
  std::string out;
  message.CopyForward(sender, target, seq, kSendingTimeNanos, &out);
  if (out != AssembleMessage(w->begin_string, content)) {
    return state.SkipWithError("QuickFIX's copy is not the workload with the new header");
  }
  long long now = kSendingTimeNanos;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(now);
    std::size_t n = message.CopyForward(sender, target, seq, now, &out);
    benchmark::DoNotOptimize(n);
  }
  counters.Finish(state, w->bytes.size());
}

// read4: decode, then 35 and the first three body fields (read_four.h) with getField, as fixwire/read4 reads them. QuickFIX parses
// the whole message whatever is read (and checks no CheckSum here).
void Read4(benchmark::State& state, const Workload* w) {
  QfMessage message;
  if (!message.Decode(w->bytes)) return state.SkipWithError(message.last_error().c_str());
  const std::vector<const WorkloadField*> fields = FirstBodyFields(*w);
  int tags[3] = {35, 35, 35};
  for (std::size_t i = 0; i < fields.size(); ++i) tags[i] = static_cast<int>(fields[i]->tag);
  for (const WorkloadField* f : fields) {
    if (message.GetField(static_cast<int>(f->tag)) < 0) {
      return state.SkipWithError("QuickFIX does not find a read4 tag");
    }
  }
  RowCounters counters;
  for (auto _ : state) {
    bool ok = message.Decode(w->bytes);
    long sink = ok ? 1 : 0;
    sink += message.GetField(35);
    sink += message.GetField(tags[0]);
    sink += message.GetField(tags[1]);
    sink += message.GetField(tags[2]);
    benchmark::DoNotOptimize(sink);
  }
  counters.Finish(state, w->bytes.size());
}

// read4_last: decode, then 35 and the tags of the last three fields before
// 10= (read_four.h) with getField (without a dictionary QuickFIX keeps group
// fields flat: a repeated tag answers with one of its occurrences).
void Read4Last(benchmark::State& state, const Workload* w) {
  QfMessage message;
  if (!message.Decode(w->bytes)) return state.SkipWithError(message.last_error().c_str());
  int tags[3] = {35, 35, 35};
  const std::vector<std::size_t> last = LastFields(*w);
  for (std::size_t i = 0; i < last.size(); ++i) tags[i] = static_cast<int>(w->fields[last[i]].tag);
  for (int tag : tags) {
    if (message.GetField(tag) < 0) return state.SkipWithError("QuickFIX does not find a read4_last tag");
  }
  RowCounters counters;
  for (auto _ : state) {
    bool ok = message.Decode(w->bytes);
    long sink = ok ? 1 : 0;
    sink += message.GetField(35);
    sink += message.GetField(tags[0]);
    sink += message.GetField(tags[1]);
    sink += message.GetField(tags[2]);
    benchmark::DoNotOptimize(sink);
  }
  counters.Finish(state, w->bytes.size());
}

void Register(const char* operation, void (*fn)(benchmark::State&, const Workload*),
              const Workload& w) {
  const std::string name = std::string("quickfix/") + operation + "/" + std::string(w.name);
  benchmark::RegisterBenchmark(name.c_str(), fn, &w);
}

const bool kRegistered = [] {
  for (const Workload& w : AllWorkloads()) {
    Register("decode", Decode, w);
    Register("encode", Encode, w);
    Register("serialize", Serialize, w);
    Register("skeleton", Skeleton, w);
    Register("decode_read", DecodeRead, w);
    Register("get_field", GetField, w);
    Register("read4", Read4, w);
    Register("read4_last", Read4Last, w);
    if (w.name == "ExecutionReport") Register("copy", Copy, w);
    // Rows that need fixwire's shipped dictionary (registered when the file is there).
    if (DictionaryPath(w.begin_string).empty()) continue;
    Register("decode_groups", DecodeGroups, w);
    Register("decode_validate", DecodeValidate, w);
    Register("validate_dict", ValidateDict, w);
    if (w.has_groups) Register("read_groups", ReadGroups, w);
  }
  return true;
}();

// QuickFIX's type conversions (its performance test's first rows).
void IntToString(benchmark::State& state) {
  std::string out;
  RowCounters counters;
  for (auto _ : state) {
    std::size_t n = fixwire_qf::QfIntToString(1234, &out);
    benchmark::DoNotOptimize(n);
  }
  counters.Finish(state, 4);
}
BENCHMARK(IntToString)->Name("quickfix/int_to_string/1234");

void StringToInt(benchmark::State& state) {
  const std::string text = "1234";
  RowCounters counters;
  for (auto _ : state) {
    int v = fixwire_qf::QfStringToInt(text);
    benchmark::DoNotOptimize(v);
  }
  counters.Finish(state, text.size());
}
BENCHMARK(StringToInt)->Name("quickfix/string_to_int/1234");

void DoubleToString(benchmark::State& state) {
  std::string out;
  RowCounters counters;
  for (auto _ : state) {
    std::size_t n = fixwire_qf::QfDoubleToString(123.45, &out);
    benchmark::DoNotOptimize(n);
  }
  counters.Finish(state, 6);
}
BENCHMARK(DoubleToString)->Name("quickfix/double_to_string/123.45");

void StringToDouble(benchmark::State& state) {
  const std::string text = "123.45";
  RowCounters counters;
  for (auto _ : state) {
    double v = fixwire_qf::QfStringToDouble(text);
    benchmark::DoNotOptimize(v);
  }
  counters.Finish(state, text.size());
}
BENCHMARK(StringToDouble)->Name("quickfix/string_to_double/123.45");

}  // namespace
}  // namespace fixwire::bench
