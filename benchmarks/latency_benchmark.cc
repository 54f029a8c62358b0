// latency_benchmark: the latency distribution of one decode and one encode,
// fixwire against QuickFIX 1.15, on the NewOrderSingle and ExecutionReport
// workloads. Each operation is timed on its own (1,000,000 times by default)
// with the TSC (rdtscp before and after, calibrated against steady_clock),
// after a warm-up; each row reports min, p50, p90, p99, p99.9, p99.99 and max
// in nanoseconds as counters. Row timer/empty is the timer's own cost (an empty
// timed region), included in every figure.
//
//   ./bazelw run -c opt //benchmarks:latency_benchmark -- [--count=N] [--warmup=N] [benchmark flags]
//
// The rows are Google Benchmark rows, so the standard flags work next to
// --count and --warmup: --benchmark_filter, --benchmark_format=json,
// --benchmark_out=latency.json (benchmarks/report.py reads it),
// --benchmark_repetitions. Each row runs exactly --count timed operations
// (--benchmark_min_time does not apply; as always with a fixed count, Google
// Benchmark names the rows <row>/iterations:<count>). The console format is
// this binary's own table: one line per row, the seven figures rounded to the
// nanosecond. JSON and CSV (and --benchmark_out) carry them as the counters
// min, p50, p90, p99, p99.9, p99.99 and max; their real_time / cpu_time are
// the mean per operation, timer included. The exit status is 1 when a library
// did not produce or decode a workload's bytes (that row reports the error).
//
// decode: fixwire Decoder::Decode (framing, BodyLength, CheckSum, full field
// index) vs QuickFIX Message::setString(bytes, false) into a reused message.
// encode: build the message from its native values and serialize it: fixwire
// Encoder into a preallocated buffer vs QuickFIX's typed message + toString().
#include <x86intrin.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/quickfix_adapter.h"
#include "benchmarks/fixwire_workload_encoder.h"
#include "benchmarks/quickfix_fields.h"
#include "benchmarks/recording_reporter.h"
#include "benchmarks/workloads.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"

namespace fixwire::bench {
namespace {

inline std::uint64_t Ticks() noexcept {
  unsigned aux;
  return __rdtscp(&aux);
}

// NanosPerTick measures the TSC against steady_clock over about 200 ms.
double NanosPerTick() {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const std::uint64_t c0 = Ticks();
  while (Clock::now() - t0 < std::chrono::milliseconds(200)) {
  }
  const auto t1 = Clock::now();
  const std::uint64_t c1 = Ticks();
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(c1 - c0);
}

struct Settings {
  int warmup = 10'000;
  double ns_per_tick = 0;
};
Settings settings;

double Percentile(const std::vector<std::uint64_t>& sorted, double p) {
  const std::size_t i = static_cast<std::size_t>(p / 100.0 * static_cast<double>(sorted.size() - 1));
  return static_cast<double>(sorted[i]);
}

// Times `op` once per iteration of `state` (after the warm-up) and reports the
// distribution as counters in nanoseconds.
template <typename Op>
void TimeEach(benchmark::State& state, Op&& op) {
  for (int i = 0; i < settings.warmup; ++i) op();
  std::vector<std::uint64_t> ticks(static_cast<std::size_t>(state.max_iterations));
  std::size_t n = 0;
  for (auto _ : state) {
    const std::uint64_t t0 = Ticks();
    op();
    const std::uint64_t t1 = Ticks();
    ticks[n++] = t1 - t0;
  }
  if (n == 0) return;
  ticks.resize(n);
  std::sort(ticks.begin(), ticks.end());
  const double k = settings.ns_per_tick;
  state.counters["min"] = static_cast<double>(ticks.front()) * k;
  state.counters["p50"] = Percentile(ticks, 50) * k;
  state.counters["p90"] = Percentile(ticks, 90) * k;
  state.counters["p99"] = Percentile(ticks, 99) * k;
  state.counters["p99.9"] = Percentile(ticks, 99.9) * k;
  state.counters["p99.99"] = Percentile(ticks, 99.99) * k;
  state.counters["max"] = static_cast<double>(ticks.back()) * k;
}

void TimerEmpty(benchmark::State& state) { TimeEach(state, [] {}); }

void FixwireDecode(benchmark::State& state, const Workload* w) {
  Decoder decoder;
  FieldIndex index(256);
  MessageView view;
  if (!decoder.Decode(w->bytes, index, view).ok()) {
    state.SkipWithError("fixwire cannot decode the workload");
    return;
  }
  volatile std::uint32_t sink = 0;
  TimeEach(state, [&] {
    Error e = decoder.Decode(w->bytes, index, view);
    sink = sink + static_cast<std::uint32_t>(e.code) + view.field_count();
  });
}

void QuickfixDecode(benchmark::State& state, const Workload* w) {
  fixwire_qf::QfMessage qf_message;
  if (!qf_message.Decode(w->bytes)) {
    state.SkipWithError(("QuickFIX cannot decode the workload: " + qf_message.last_error()).c_str());
    return;
  }
  volatile std::uint32_t sink = 0;
  TimeEach(state, [&] {
    sink = sink + (qf_message.Decode(w->bytes) ? 1u : 0u);
  });
}

void FixwireEncode(benchmark::State& state, const Workload* w) {
  std::vector<char> buffer(w->bytes.size() + 64);
  Encoder encoder(buffer);
  EncodeWorkload(encoder, *w);
  if (EncodeResult r = encoder.Finish(); !r.ok() || r.bytes != w->bytes) {
    state.SkipWithError("fixwire's encode differs from the workload");
    return;
  }
  volatile std::uint32_t sink = 0;
  TimeEach(state, [&] {
    EncodeWorkload(encoder, *w);
    EncodeResult r = encoder.Finish();
    sink = sink + static_cast<std::uint32_t>(r.bytes.size());
  });
}

void QuickfixEncode(benchmark::State& state, const Workload* w) {
  std::string error;
  auto qf_encoder = fixwire_qf::QfEncoder::Prepare(std::string(w->begin_string), std::string(w->msg_type),
                                                   ToQfFields(w->content()), &error);
  if (!qf_encoder) {
    state.SkipWithError(("QuickFIX encoder: " + error).c_str());
    return;
  }
  std::string out;
  qf_encoder->Encode(&out);
  if (out != w->bytes) {
    state.SkipWithError("QuickFIX's encode differs from the workload");
    return;
  }
  volatile std::uint32_t sink = 0;
  TimeEach(state, [&] {
    sink = sink + static_cast<std::uint32_t>(qf_encoder->Encode(&out));
  });
}

void RegisterAll(int count) {
  const auto row = [count](benchmark::internal::Benchmark* b) {
    b->Iterations(count)->Unit(benchmark::kNanosecond);
  };
  row(benchmark::RegisterBenchmark("timer/empty", TimerEmpty));
  for (std::string_view name : {"NewOrderSingle", "ExecutionReport"}) {
    const Workload* w = &GetWorkload(name);
    const std::string label(name);
    row(benchmark::RegisterBenchmark(("fixwire/decode/" + label).c_str(), FixwireDecode, w));
    row(benchmark::RegisterBenchmark(("quickfix/decode/" + label).c_str(), QuickfixDecode, w));
    row(benchmark::RegisterBenchmark(("fixwire/encode/" + label).c_str(), FixwireEncode, w));
    row(benchmark::RegisterBenchmark(("quickfix/encode/" + label).c_str(), QuickfixEncode, w));
  }
}

constexpr const char* kFigures[] = {"min", "p50", "p90", "p99", "p99.9", "p99.99", "max"};

// The console format: the TSC rate and the settings, then one line per row
// (or repetition, or aggregate) with its figures in nanoseconds. The
// machine description goes to stderr, as Google Benchmark's console does.
class LatencyTable : public benchmark::BenchmarkReporter {
 public:
  LatencyTable(int count, int warmup) : count_(count), warmup_(warmup) {}

  bool ReportContext(const Context& context) override {
    PrintBasicContext(&GetErrorStream(), context);
    char line[160];
    std::snprintf(line, sizeof line,
                  "latency per operation in ns (TSC %.3f GHz, %d timed operations per row, %d warm-up)\n",
                  1.0 / settings.ns_per_tick, count_, warmup_);
    GetOutputStream() << line;
    std::snprintf(line, sizeof line, "%-38s %9s %9s %9s %9s %9s %9s %11s\n", "row", kFigures[0], kFigures[1],
                  kFigures[2], kFigures[3], kFigures[4], kFigures[5], kFigures[6]);
    GetOutputStream() << line;
    return true;
  }

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      std::string name = run.run_name.function_name;  // without "/iterations:<count>"
      if (run.run_type == Run::RT_Aggregate) name += "_" + run.aggregate_name;
      char line[256];
      if (run.error_occurred) {
        std::snprintf(line, sizeof line, "%-38s ERROR: %s\n", name.c_str(), run.error_message.c_str());
        GetOutputStream() << line;
        continue;
      }
      const bool percent = run.run_type == Run::RT_Aggregate && run.aggregate_unit == benchmark::kPercentage;
      int n = std::snprintf(line, sizeof line, "%-38s", name.c_str());
      for (const char* figure : kFigures) {
        const auto it = run.counters.find(figure);
        const double v = it == run.counters.end() ? 0 : it->second.value;
        const int width = figure == kFigures[6] ? 11 : 9;
        if (n < 0 || n >= static_cast<int>(sizeof line)) break;
        n += percent ? std::snprintf(line + n, sizeof line - n, " %*.1f%%", width - 1, v * 100)
                     : std::snprintf(line + n, sizeof line - n, " %*.0f", width, v);
      }
      GetOutputStream() << line << "\n";
    }
  }

 private:
  int count_;
  int warmup_;
};

// Removes --name=<int> from argv and returns its value (`fallback` when absent,
// `bad` when not a whole number).
int TakeIntFlag(int& argc, char** argv, const char* name, int fallback, bool& bad) {
  const std::size_t n = std::strlen(name);
  int value = fallback;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], name, n) != 0 || argv[i][n] != '=') continue;
    char* end = nullptr;
    const long v = std::strtol(argv[i] + n + 1, &end, 10);
    if (end == argv[i] + n + 1 || *end != '\0' || v < 0 || v > 1'000'000'000) {
      bad = true;
    } else {
      value = static_cast<int>(v);
    }
    for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
    --argc;
    --i;
  }
  return value;
}

int Run(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  bool bad = false;
  const int count = TakeIntFlag(argc, argv, "--count", 1'000'000, bad);
  settings.warmup = TakeIntFlag(argc, argv, "--warmup", settings.warmup, bad);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  if (bad || count < 1) {
    std::fprintf(stderr, "usage: latency_benchmark [--count=N>0] [--warmup=N>=0] [--benchmark_...]\n");
    return 2;
  }
  settings.ns_per_tick = NanosPerTick();
  char ghz[32];
  std::snprintf(ghz, sizeof ghz, "%.3f", 1.0 / settings.ns_per_tick);
  benchmark::AddCustomContext("tsc_ghz", ghz);
  benchmark::AddCustomContext("latency_count", std::to_string(count));
  benchmark::AddCustomContext("latency_warmup", std::to_string(settings.warmup));
  RegisterAll(count);
  // Prints in the format the flags select (console: LatencyTable); counts rows in error.
  LatencyTable table(count, settings.warmup);
  RecordingReporter reporter("", ConsoleFormat() ? &table : nullptr);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return reporter.failures() == 0 ? 0 : 1;
}

}  // namespace
}  // namespace fixwire::bench

int main(int argc, char** argv) { return fixwire::bench::Run(argc, argv); }
