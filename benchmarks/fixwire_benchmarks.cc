// fixwire rows no other suite covers:
//   skeleton         an empty message of a type, ready to fill: QuickFIX
//                    constructs its typed message class, fixwire begins an
//                    Encoder over the caller's preallocated buffer (writes 8=
//                    and 35=, reserves BodyLength).
//   decode_groups    Heartbeat, NewOrderSingle, ExecutionReport, MassQuote (the
//                    others are in dictionary_benchmarks.cc): Decode + IndexGroups
//   decode_validate  decode (framing, BodyLength, CheckSum, index), index the
//                    groups with the dictionary and run every Validator check
//                    (ValidateMessage); QuickFIX's row does the same work:
//                    setString(bytes, true, &dd) then DataDictionary::validate.
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/fixwire_dictionaries.h"
#include "benchmarks/workloads.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/dictionary/validator.h"

namespace fixwire::bench {
namespace {

void Skeleton(benchmark::State& state, const Workload* w) {
  std::vector<char> buffer(w->bytes.size() + 64);
  RowCounters counters;
  for (auto _ : state) {
    Encoder e(buffer);
    e.Begin(w->begin_string, w->msg_type);
    std::size_t n = e.body_size();
    benchmark::DoNotOptimize(n);
    benchmark::ClobberMemory();
  }
  counters.Finish(state, 0);
}

void DecodeValidate(benchmark::State& state, const Workload* w) {
  std::string error;
  const Dictionary* dictionary = FixwireDictionary(w->begin_string, &error);
  if (dictionary == nullptr) return state.SkipWithError(error.c_str());
  const Decoder decoder;
  const Validator validator;
  FieldIndex index(static_cast<std::uint32_t>(w->fields.size() + 16));
  GroupStorage storage(static_cast<std::uint32_t>(w->fields.size()),
                       static_cast<std::uint32_t>(w->fields.size()));
  MessageView view;
  GroupedMessage grouped;
  auto run = [&]() noexcept -> bool {
    if (!decoder.Decode(w->bytes, index, view).ok()) return false;
    return ValidateMessage(view, *dictionary, *dictionary, validator, storage, &grouped).ok();
  };
  if (!run()) {
    const ValidationResult r =
        ValidateMessage(view, *dictionary, *dictionary, validator, storage, &grouped);
    error = "rejected: " + std::string(ValidationCheckName(r.check)) + " tag " + std::to_string(r.tag);
    return state.SkipWithError(error.c_str());
  }
  RowCounters counters;
  for (auto _ : state) {
    bool ok = run();
    benchmark::DoNotOptimize(ok);
  }
  counters.Finish(state, w->bytes.size());
}

// decode_groups for the workloads benchmarks/dictionary_benchmarks.cc does not
// cover, the same way: Decode, then IndexGroups with the shipped dictionary.
void DecodeGroups(benchmark::State& state, const Workload* w) {
  std::string error;
  const Dictionary* dictionary = FixwireDictionary(w->begin_string, &error);
  if (dictionary == nullptr) return state.SkipWithError(error.c_str());
  const Decoder decoder;
  FieldIndex index(static_cast<std::uint32_t>(w->fields.size() + 16));
  GroupStorage storage(1024, static_cast<std::uint32_t>(w->fields.size() + 16));
  MessageView view;
  GroupedMessage grouped;
  if (!decoder.Decode(w->bytes, index, view).ok() ||
      !IndexGroups(view, *dictionary, {}, storage, &grouped).ok()) {
    return state.SkipWithError("workload does not index with the shipped dictionary");
  }
  RowCounters counters;
  for (auto _ : state) {
    Error d = decoder.Decode(w->bytes, index, view);
    Error g = IndexGroups(view, *dictionary, {}, storage, &grouped);
    benchmark::DoNotOptimize(d);
    benchmark::DoNotOptimize(g);
    benchmark::DoNotOptimize(grouped.group_count());
  }
  counters.Finish(state, w->bytes.size());
}

const bool kRegistered = [] {
  for (const Workload& w : AllWorkloads()) {
    benchmark::RegisterBenchmark(("fixwire/skeleton/" + std::string(w.name)).c_str(), Skeleton, &w);
    benchmark::RegisterBenchmark(("fixwire/decode_validate/" + std::string(w.name)).c_str(),
                                 DecodeValidate, &w);
    if (w.name == "Heartbeat" || w.name == "NewOrderSingle" || w.name == "ExecutionReport" ||
        w.name == "MassQuote") {
      benchmark::RegisterBenchmark(("fixwire/decode_groups/" + std::string(w.name)).c_str(),
                                   DecodeGroups, &w);
    }
  }
  return true;
}();

}  // namespace
}  // namespace fixwire::bench
