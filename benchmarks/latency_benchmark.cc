// latency_benchmark: the latency distribution of one decode and one encode,
// fixwire against QuickFIX 1.15, on the NewOrderSingle and ExecutionReport
// workloads. Each operation is timed on its own (1,000,000 times by default)
// with the TSC (rdtscp before and after, calibrated against steady_clock),
// after a warm-up; the table gives min, p50, p90, p99, p99.9, p99.99 and max
// in nanoseconds. The timer's own cost (an empty timed region) is printed
// first and is included in every figure.
//
//   ./bazelw run -c opt //benchmarks:latency_benchmark -- [--count=N] [--warmup=N]
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
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks/quickfix_adapter.h"
#include "benchmarks/fixwire_workload_encoder.h"
#include "benchmarks/quickfix_fields.h"
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

struct Series {
  std::string name;
  std::vector<std::uint64_t> ticks;
};

template <typename Op>
Series Measure(std::string name, int count, int warmup, Op op) {
  for (int i = 0; i < warmup; ++i) op();
  Series s{std::move(name), std::vector<std::uint64_t>(static_cast<std::size_t>(count))};
  for (int i = 0; i < count; ++i) {
    const std::uint64_t t0 = Ticks();
    op();
    const std::uint64_t t1 = Ticks();
    s.ticks[static_cast<std::size_t>(i)] = t1 - t0;
  }
  std::sort(s.ticks.begin(), s.ticks.end());
  return s;
}

double Percentile(const std::vector<std::uint64_t>& sorted, double p) {
  const std::size_t i = static_cast<std::size_t>(p / 100.0 * static_cast<double>(sorted.size() - 1));
  return static_cast<double>(sorted[i]);
}

void Print(const Series& s, double ns_per_tick) {
  const auto& t = s.ticks;
  std::printf("%-38s %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f %11.0f\n", s.name.c_str(),
              static_cast<double>(t.front()) * ns_per_tick, Percentile(t, 50) * ns_per_tick,
              Percentile(t, 90) * ns_per_tick, Percentile(t, 99) * ns_per_tick,
              Percentile(t, 99.9) * ns_per_tick, Percentile(t, 99.99) * ns_per_tick,
              static_cast<double>(t.back()) * ns_per_tick);
}

int ParseFlag(int argc, char** argv, const char* name, int fallback) {
  const std::size_t n = std::strlen(name);
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], name, n) == 0 && argv[i][n] == '=') return std::atoi(argv[i] + n + 1);
  }
  return fallback;
}

int Run(int argc, char** argv) {
  const int count = ParseFlag(argc, argv, "--count", 1'000'000);
  const int warmup = ParseFlag(argc, argv, "--warmup", 10'000);
  if (count < 1 || warmup < 0) {
    std::fprintf(stderr, "usage: latency_benchmark [--count=N>0] [--warmup=N>=0]\n");
    return 2;
  }
  const double ns_per_tick = NanosPerTick();
  std::printf("latency per operation in ns (TSC %.3f GHz, %d timed operations per row, %d warm-up)\n",
              1.0 / ns_per_tick, count, warmup);
  std::printf("%-38s %9s %9s %9s %9s %9s %9s %11s\n", "row", "min", "p50", "p90", "p99", "p99.9",
              "p99.99", "max");
  Print(Measure("timer/empty", count, warmup, [] {}), ns_per_tick);

  int failures = 0;
  for (std::string_view name : {"NewOrderSingle", "ExecutionReport"}) {
    const Workload& w = GetWorkload(name);
    const std::string label(name);

    // decode
    Decoder decoder;
    FieldIndex index(256);
    MessageView view;
    if (!decoder.Decode(w.bytes, index, view).ok()) {
      std::fprintf(stderr, "fixwire cannot decode %s\n", label.c_str());
      ++failures;
    }
    volatile std::uint32_t sink = 0;
    Print(Measure("fixwire/decode/" + label, count, warmup,
                  [&] {
                    Error e = decoder.Decode(w.bytes, index, view);
                    sink = sink + static_cast<std::uint32_t>(e.code) + view.field_count();
                  }),
          ns_per_tick);
    fixwire_qf::QfMessage qf_message;
    if (!qf_message.Decode(w.bytes)) {
      std::fprintf(stderr, "QuickFIX cannot decode %s: %s\n", label.c_str(),
                   qf_message.last_error().c_str());
      ++failures;
    }
    Print(Measure("quickfix/decode/" + label, count, warmup,
                  [&] { sink = sink + (qf_message.Decode(w.bytes) ? 1u : 0u); }),
          ns_per_tick);

    // encode
    std::vector<char> buffer(w.bytes.size() + 64);
    Encoder encoder(buffer);
    EncodeWorkload(encoder, w);
    if (EncodeResult r = encoder.Finish(); !r.ok() || r.bytes != w.bytes) {
      std::fprintf(stderr, "fixwire's encode of %s differs from the workload\n", label.c_str());
      ++failures;
    }
    Print(Measure("fixwire/encode/" + label, count, warmup,
                  [&] {
                    EncodeWorkload(encoder, w);
                    EncodeResult r = encoder.Finish();
                    sink = sink + static_cast<std::uint32_t>(r.bytes.size());
                  }),
          ns_per_tick);
    std::string error;
    auto qf_encoder = fixwire_qf::QfEncoder::Prepare(std::string(w.begin_string),
                                                     std::string(w.msg_type),
                                                     ToQfFields(w.content()), &error);
    if (!qf_encoder) {
      std::fprintf(stderr, "QuickFIX encoder: %s\n", error.c_str());
      return 1;
    }
    std::string out;
    qf_encoder->Encode(&out);
    if (out != w.bytes) {
      std::fprintf(stderr, "QuickFIX's encode of %s differs from the workload\n", label.c_str());
      ++failures;
    }
    Print(Measure("quickfix/encode/" + label, count, warmup,
                  [&] { sink = sink + static_cast<std::uint32_t>(qf_encoder->Encode(&out)); }),
          ns_per_tick);
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace fixwire::bench

int main(int argc, char** argv) { return fixwire::bench::Run(argc, argv); }
