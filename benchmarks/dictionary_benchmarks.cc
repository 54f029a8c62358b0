// dictionary_benchmarks.cc: the dictionary rows of the suite.
//
//   fixwire/decode_groups/<w>  Decode + IndexGroups with the shipped dictionary
//   fixwire/read_groups/<w>    the same, then every field of every group entry
//                              (all levels) looked up by tag, as QuickFIX's
//                              "ReadFields" performance test reads groups
//   fixwire/validate/<w>       ValidateStructure of a decoded message (no dictionary)
//   fixwire/validate_dict/<w>  ValidateMessage (IndexGroups + Validator, every
//                              check on) of a decoded message
//   fixwire/index_groups/<w>, fixwire/validate_indexed/<w>: the two halves
//                              (IndexGroups alone; Validate of an indexed message)
// Workloads come from benchmarks/workloads.h; dictionaries are the shipped
// codec/dictionaries/FIX42.xml and FIX44.xml, loaded once before timing.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/read_groups.h"
#include "benchmarks/runfiles_path.h"
#include "benchmarks/workloads.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/dictionary/validator.h"

namespace fixwire::bench {
namespace {

const Dictionary& DictionaryFor(std::string_view begin_string) {
  static const Dictionary* fix42 = nullptr;
  static const Dictionary* fix44 = nullptr;
  const Dictionary** slot = begin_string == "FIX.4.2" ? &fix42 : &fix44;
  if (*slot == nullptr) {
    std::string file = begin_string == "FIX.4.2" ? "codec/dictionaries/FIX42.xml"
                                                 : "codec/dictionaries/FIX44.xml";
    auto loaded = LoadDictionaryFile(RunfilesPath(file));
    if (!loaded.ok()) {
      std::fprintf(stderr, "dictionary_benchmarks: %s\n", std::string(loaded.status().message()).c_str());
      std::abort();
    }
    *slot = new Dictionary(std::move(*loaded));
  }
  return **slot;
}

// Setup failures are programming errors (a workload that no longer matches the
// shipped dictionary): abort so that the smoke test fails.
[[noreturn]] void SetupFailed(const std::string& why) {
  std::fprintf(stderr, "dictionary_benchmarks: %s\n", why.c_str());
  std::abort();
}

// One decoded workload with its storage.
struct Fixture {
  explicit Fixture(std::string_view name)
      : workload(GetWorkload(name)), dict(DictionaryFor(workload.begin_string)),
        index(static_cast<std::uint32_t>(workload.fields.size() + 16)),
        groups(1024, static_cast<std::uint32_t>(workload.fields.size() + 16)) {}

  bool Decode() {
    return decoder.Decode(workload.bytes, index, view).ok();
  }

  const Workload& workload;
  const Dictionary& dict;
  Decoder decoder;
  FieldIndex index;
  MessageView view;
  GroupStorage groups;
  GroupedMessage msg;
};

void DecodeGroups(benchmark::State& state, const char* name) {
  Fixture fx(name);
  if (!fx.Decode() || !IndexGroups(fx.view, fx.dict, {}, fx.groups, &fx.msg).ok()) {
    SetupFailed("workload does not index with the shipped dictionary");
  }
  RowCounters counters;
  for (auto _ : state) {
    Error d = fx.decoder.Decode(fx.workload.bytes, fx.index, fx.view);
    Error g = IndexGroups(fx.view, fx.dict, {}, fx.groups, &fx.msg);
    benchmark::DoNotOptimize(d);
    benchmark::DoNotOptimize(g);
    benchmark::DoNotOptimize(fx.msg.group_count());
  }
  counters.Finish(state, fx.workload.bytes.size());
}

// IndexGroups alone on a decoded message (decode_groups minus the decode).
void IndexOnly(benchmark::State& state, const char* name) {
  Fixture fx(name);
  if (!fx.Decode() || !IndexGroups(fx.view, fx.dict, {}, fx.groups, &fx.msg).ok()) {
    SetupFailed("workload does not index with the shipped dictionary");
  }
  RowCounters counters;
  for (auto _ : state) {
    Error g = IndexGroups(fx.view, fx.dict, {}, fx.groups, &fx.msg);
    benchmark::DoNotOptimize(g);
    benchmark::DoNotOptimize(fx.msg.group_count());
  }
  counters.Finish(state, fx.workload.bytes.size());
}

// Validator::Validate alone on an indexed message (validate_dict minus IndexGroups).
void ValidateOnly(benchmark::State& state, const char* name) {
  Fixture fx(name);
  Validator validator;
  if (!fx.Decode() ||
      !ValidateMessage(fx.view, fx.dict, fx.dict, validator, fx.groups, &fx.msg).ok()) {
    SetupFailed("workload does not validate");
  }
  RowCounters counters;
  for (auto _ : state) {
    ValidationResult r = validator.Validate(fx.msg);
    benchmark::DoNotOptimize(r);
  }
  counters.Finish(state, fx.workload.bytes.size());
}

void ReadGroups(benchmark::State& state, const char* name) {
  Fixture fx(name);
  if (!fx.Decode() || !IndexGroups(fx.view, fx.dict, {}, fx.groups, &fx.msg).ok()) {
    SetupFailed("workload does not index with the shipped dictionary");
  }
  RowCounters counters;
  for (auto _ : state) {
    Error d = fx.decoder.Decode(fx.workload.bytes, fx.index, fx.view);
    Error g = IndexGroups(fx.view, fx.dict, {}, fx.groups, &fx.msg);
    benchmark::DoNotOptimize(d);
    benchmark::DoNotOptimize(g);
    std::size_t sum = 0;
    for (const GroupView group : fx.msg.groups()) sum += ReadGroup(group);
    benchmark::DoNotOptimize(sum);
  }
  counters.Finish(state, fx.workload.bytes.size());
}

void Validate(benchmark::State& state, const char* name) {
  Fixture fx(name);
  if (!fx.Decode() || !ValidateStructure(fx.view).ok()) {
    SetupFailed("workload does not pass ValidateStructure");
  }
  RowCounters counters;
  for (auto _ : state) {
    ValidationResult r = ValidateStructure(fx.view);
    benchmark::DoNotOptimize(r);
  }
  counters.Finish(state, fx.workload.bytes.size());
}

void ValidateDict(benchmark::State& state, const char* name) {
  Fixture fx(name);
  Validator validator;
  if (!fx.Decode()) {
    SetupFailed("workload does not decode");
  }
  ValidationResult first = ValidateMessage(fx.view, fx.dict, fx.dict, validator, fx.groups, &fx.msg);
  if (!first.ok()) {
    std::string why = std::string("workload does not validate: ") +
                      std::string(ValidationCheckName(first.check)) + " tag " +
                      std::to_string(first.tag);
    SetupFailed(why);
  }
  RowCounters counters;
  for (auto _ : state) {
    ValidationResult r = ValidateMessage(fx.view, fx.dict, fx.dict, validator, fx.groups, &fx.msg);
    benchmark::DoNotOptimize(r);
  }
  counters.Finish(state, fx.workload.bytes.size());
}

BENCHMARK_CAPTURE(DecodeGroups, QuoteRequest10, "QuoteRequest10")
    ->Name("fixwire/decode_groups/QuoteRequest10");
BENCHMARK_CAPTURE(DecodeGroups, MDIncrementalRefresh10, "MDIncrementalRefresh10")
    ->Name("fixwire/decode_groups/MDIncrementalRefresh10");
BENCHMARK_CAPTURE(DecodeGroups, MDSnapshot165K, "MDSnapshot165K")
    ->Name("fixwire/decode_groups/MDSnapshot165K");
BENCHMARK_CAPTURE(IndexOnly, QuoteRequest10, "QuoteRequest10")
    ->Name("fixwire/index_groups/QuoteRequest10");
BENCHMARK_CAPTURE(IndexOnly, MDIncrementalRefresh10, "MDIncrementalRefresh10")
    ->Name("fixwire/index_groups/MDIncrementalRefresh10");
BENCHMARK_CAPTURE(ValidateOnly, NewOrderSingle, "NewOrderSingle")
    ->Name("fixwire/validate_indexed/NewOrderSingle");
BENCHMARK_CAPTURE(ValidateOnly, QuoteRequest10, "QuoteRequest10")
    ->Name("fixwire/validate_indexed/QuoteRequest10");
BENCHMARK_CAPTURE(ReadGroups, QuoteRequest10, "QuoteRequest10")
    ->Name("fixwire/read_groups/QuoteRequest10");
BENCHMARK_CAPTURE(ReadGroups, MDIncrementalRefresh10, "MDIncrementalRefresh10")
    ->Name("fixwire/read_groups/MDIncrementalRefresh10");
BENCHMARK_CAPTURE(ReadGroups, MDSnapshot165K, "MDSnapshot165K")
    ->Name("fixwire/read_groups/MDSnapshot165K");
BENCHMARK_CAPTURE(Validate, NewOrderSingle, "NewOrderSingle")
    ->Name("fixwire/validate/NewOrderSingle");
BENCHMARK_CAPTURE(Validate, QuoteRequest10, "QuoteRequest10")
    ->Name("fixwire/validate/QuoteRequest10");
BENCHMARK_CAPTURE(ValidateDict, NewOrderSingle, "NewOrderSingle")
    ->Name("fixwire/validate_dict/NewOrderSingle");
BENCHMARK_CAPTURE(ValidateDict, QuoteRequest10, "QuoteRequest10")
    ->Name("fixwire/validate_dict/QuoteRequest10");

}  // namespace
}  // namespace fixwire::bench
