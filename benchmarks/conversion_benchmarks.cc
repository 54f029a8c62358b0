// Type-conversion rows (QuickFIX's performance test starts with these):
// fixwire's digit kernels and value parsers, and the snprintf / ostream
// baselines older FIX engines use, on 1234 and 123.45. Inputs pass through
// benchmark::DoNotOptimize so nothing is folded at compile time.
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "codec/decimal.h"
#include "codec/internal/format_decimal.h"
#include "codec/values.h"
#include "simd/digits.h"

namespace fixwire::bench {
namespace {

void FixwireIntToString(benchmark::State& state) {
  char buffer[simd::kMaxUint64Digits];
  std::uint64_t value = 1234;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(value);
    std::size_t n = simd::FormatUnsigned(value, buffer);
    benchmark::DoNotOptimize(n);
    benchmark::DoNotOptimize(buffer);
  }
  counters.Finish(state, 4);
}
BENCHMARK(FixwireIntToString)->Name("fixwire/int_to_string/1234");

// string_to_int: the FIX int parser (signed, as QuickFIX's IntConvertor).
void FixwireStringToInt(benchmark::State& state) {
  std::string_view text = "1234";
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(text);
    std::int64_t v = 0;
    ErrorCode e = ParseInt64(text, &v);
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(v);
  }
  counters.Finish(state, text.size());
}
BENCHMARK(FixwireStringToInt)->Name("fixwire/string_to_int/1234");

// string_to_double: the exact Decimal parse, then its correctly rounded double.
void FixwireStringToDouble(benchmark::State& state) {
  std::string_view text = "123.45";
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(text);
    Decimal d;
    ErrorCode e = ParseDecimal(text, &d);
    double v = d.ToDouble();
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(v);
  }
  counters.Finish(state, text.size());
}
BENCHMARK(FixwireStringToDouble)->Name("fixwire/string_to_double/123.45");

void FixwireDoubleToString(benchmark::State& state) {
  char buffer[codec_internal::kMaxDecimalChars];
  double value = 123.45;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(value);
    char* end = codec_internal::WriteDouble(buffer, value, 2);  // what Encoder::AddDouble writes
    benchmark::DoNotOptimize(end);
    benchmark::DoNotOptimize(buffer);
  }
  counters.Finish(state, 6);
}
BENCHMARK(FixwireDoubleToString)->Name("fixwire/double_to_string/123.45");

void SnprintfIntToString(benchmark::State& state) {
  char buffer[32];
  int value = 1234;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(value);
    int n = std::snprintf(buffer, sizeof buffer, "%d", value);
    benchmark::DoNotOptimize(n);
    benchmark::DoNotOptimize(buffer);
  }
  counters.Finish(state, 4);
}
BENCHMARK(SnprintfIntToString)->Name("snprintf/int_to_string/1234");

void SnprintfDoubleToString(benchmark::State& state) {
  char buffer[64];
  double value = 123.45;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(value);
    int n = std::snprintf(buffer, sizeof buffer, "%.2f", value);
    benchmark::DoNotOptimize(n);
    benchmark::DoNotOptimize(buffer);
  }
  counters.Finish(state, 6);
}
BENCHMARK(SnprintfDoubleToString)->Name("snprintf/double_to_string/123.45");

// The stream baselines build a std::ostringstream per conversion and take its
// string, as stream-based engines do per field.
void OstreamIntToString(benchmark::State& state) {
  int value = 1234;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(value);
    std::ostringstream out;
    out << value;
    std::string s = out.str();
    benchmark::DoNotOptimize(s.data());
  }
  counters.Finish(state, 4);
}
BENCHMARK(OstreamIntToString)->Name("ostream/int_to_string/1234");

void OstreamDoubleToString(benchmark::State& state) {
  double value = 123.45;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(value);
    std::ostringstream out;
    out << value;
    std::string s = out.str();
    benchmark::DoNotOptimize(s.data());
  }
  counters.Finish(state, 6);
}
BENCHMARK(OstreamDoubleToString)->Name("ostream/double_to_string/123.45");

}  // namespace
}  // namespace fixwire::bench
