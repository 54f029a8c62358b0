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
#include "fixwire/values/decimal.h"
#include "fixwire/encode/internal/format_decimal.h"
#include "fixwire/values/values.h"
#include "fixwire/simd/digits.h"

namespace fixwire::bench {
namespace {

// ConversionRow times convert(value) once per iteration. The value passes
// through DoNotOptimize first so nothing is folded at compile time, and what
// convert returns is consumed; `bytes` is the text's length for the counters.
template <typename T, typename Convert>
void ConversionRow(benchmark::State& state, T value, std::size_t bytes, Convert convert) {
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(value);
    auto result = convert(value);
    benchmark::DoNotOptimize(result);
  }
  counters.Finish(state, bytes);
}

void FixwireIntToString(benchmark::State& state) {
  char buffer[simd::kMaxUint64Digits];
  ConversionRow(state, std::uint64_t{1234}, 4, [&](std::uint64_t v) {
    const std::size_t n = simd::FormatUnsigned(v, buffer);
    benchmark::DoNotOptimize(buffer);
    return n;
  });
}
BENCHMARK(FixwireIntToString)->Name("fixwire/int_to_string/1234");

// string_to_int: the FIX int parser (signed, as QuickFIX's IntConvertor).
void FixwireStringToInt(benchmark::State& state) {
  ConversionRow(state, std::string_view("1234"), 4, [](std::string_view text) {
    std::int64_t v = 0;
    const ErrorCode e = ParseInt64(text, &v);
    benchmark::DoNotOptimize(e);
    return v;
  });
}
BENCHMARK(FixwireStringToInt)->Name("fixwire/string_to_int/1234");

// string_to_double: the exact Decimal parse, then its correctly rounded double.
void FixwireStringToDouble(benchmark::State& state) {
  ConversionRow(state, std::string_view("123.45"), 6, [](std::string_view text) {
    Decimal d;
    const ErrorCode e = ParseDecimal(text, &d);
    benchmark::DoNotOptimize(e);
    return d.ToDouble();
  });
}
BENCHMARK(FixwireStringToDouble)->Name("fixwire/string_to_double/123.45");

void FixwireDoubleToString(benchmark::State& state) {
  char buffer[encode_internal::kMaxDecimalChars];
  ConversionRow(state, 123.45, 6, [&](double v) {
    char* end = encode_internal::WriteDouble(buffer, v, 2);  // what Encoder::AddDouble writes
    benchmark::DoNotOptimize(buffer);
    return end;
  });
}
BENCHMARK(FixwireDoubleToString)->Name("fixwire/double_to_string/123.45");

void SnprintfIntToString(benchmark::State& state) {
  char buffer[32];
  ConversionRow(state, 1234, 4, [&](int v) {
    const int n = std::snprintf(buffer, sizeof buffer, "%d", v);
    benchmark::DoNotOptimize(buffer);
    return n;
  });
}
BENCHMARK(SnprintfIntToString)->Name("snprintf/int_to_string/1234");

void SnprintfDoubleToString(benchmark::State& state) {
  char buffer[64];
  ConversionRow(state, 123.45, 6, [&](double v) {
    const int n = std::snprintf(buffer, sizeof buffer, "%.2f", v);
    benchmark::DoNotOptimize(buffer);
    return n;
  });
}
BENCHMARK(SnprintfDoubleToString)->Name("snprintf/double_to_string/123.45");

// The stream baselines build a std::ostringstream per conversion and take its
// string, as stream-based engines do per field.
template <typename T>
std::size_t StreamToString(T v) {
  std::ostringstream out;
  out << v;
  std::string s = out.str();
  benchmark::DoNotOptimize(s.data());
  return s.size();
}

void OstreamIntToString(benchmark::State& state) {
  ConversionRow(state, 1234, 4, StreamToString<int>);
}
BENCHMARK(OstreamIntToString)->Name("ostream/int_to_string/1234");

void OstreamDoubleToString(benchmark::State& state) {
  ConversionRow(state, 123.45, 6, StreamToString<double>);
}
BENCHMARK(OstreamDoubleToString)->Name("ostream/double_to_string/123.45");

}  // namespace
}  // namespace fixwire::bench
