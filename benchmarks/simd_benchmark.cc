// simd_benchmark.cc: every byte kernel x every implementation x input size,
// called directly through its simd_internal table, plus digit parse/format
// per digit count (SWAR/table vs the byte-at-a-time references).
//
// Rows: simd/<kernel>/<impl>/<bytes>, bytes/s from SetBytesProcessed.
//   checksum, structural_scan  over FIX-like bytes (about one SOH per 8 bytes)
//   find_soh, find_trailer, find_begin_string  over bytes whose only match is
//     at the very end (the full span is searched)
//   parse_unsigned/<swar|reference>/<digits>, format_unsigned/<table|reference>/<digits>
// Implementations the CPU lacks are listed and skipped with an error message.
// The standard Google Benchmark flags all work (--benchmark_format=json, ...);
// the exit status is 1 when a row reported any other error (the smoke test
// relies on it).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/recording_reporter.h"
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/digits.h"
#include "fixwire/simd/internal/kernel_table.h"
#include "fixwire/simd/internal/simd_internal.h"
#include "fixwire/simd/structural_scan.h"

namespace fixwire::bench {
namespace {

using simd::Isa;
using simd_internal::KernelTable;

constexpr std::size_t kSizes[] = {16, 174, 1024, 65536, 165000};
constexpr char kUnsupported[] = "this CPU does not support this implementation";

// FixLikeBytes: "tag=value<SOH>" fields with 2-4 digit tags and 1-12 byte values.
std::string FixLikeBytes(std::size_t size) {
  std::mt19937_64 rng(42);
  std::string out;
  while (out.size() < size) {
    out += std::to_string(1 + rng() % 9999);
    out += '=';
    const std::size_t len = 1 + rng() % 12;
    for (std::size_t i = 0; i < len; ++i) out += static_cast<char>('A' + rng() % 26);
    out += '\x01';
  }
  out.resize(size);
  return out;
}

// NoMatchUntilEnd: filler bytes ('=' and letters, no SOH) ending with `tail`.
std::string NoMatchUntilEnd(std::size_t size, const std::string& tail) {
  std::string out(size, 'a');
  for (std::size_t i = 0; i < size; i += 7) out[i] = '=';
  if (tail.size() <= size) std::memcpy(out.data() + size - tail.size(), tail.data(), tail.size());
  return out;
}

bool SkipIfUnsupported(benchmark::State& state, Isa isa) {
  if (simd::CpuSupports(isa)) return false;
  state.SkipWithError(kUnsupported);
  return true;
}

void BM_Checksum(benchmark::State& state, Isa isa, std::size_t size) {
  if (SkipIfUnsupported(state, isa)) return;
  const KernelTable& k = simd_internal::KernelsFor(isa);
  const std::string bytes = FixLikeBytes(size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(bytes.data());
    std::uint8_t sum = static_cast<std::uint8_t>(k.byte_sum(bytes.data(), bytes.size()));
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

void BM_StructuralScan(benchmark::State& state, Isa isa, std::size_t size) {
  if (SkipIfUnsupported(state, isa)) return;
  const KernelTable& k = simd_internal::KernelsFor(isa);
  const std::string bytes = FixLikeBytes(size);
  std::vector<std::uint64_t> soh(simd::BlockCount(size));
  std::vector<std::uint64_t> eq(simd::BlockCount(size));
  for (auto _ : state) {
    benchmark::DoNotOptimize(bytes.data());
    k.scan_structural(bytes.data(), bytes.size(), soh.data(), eq.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

enum class Search { kSoh, kTrailer, kBeginString };

void BM_Find(benchmark::State& state, Isa isa, std::size_t size, Search what) {
  if (SkipIfUnsupported(state, isa)) return;
  const KernelTable& k = simd_internal::KernelsFor(isa);
  const std::string tail = what == Search::kSoh ? "\x01" : what == Search::kTrailer ? "\x01" "10=" : "\x01" "8=FIX";
  const std::string bytes = NoMatchUntilEnd(size, tail);
  std::size_t found = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(bytes.data());
    switch (what) {
      case Search::kSoh:
        found = k.find_byte(bytes.data(), bytes.size(), '\x01');
        break;
      case Search::kTrailer:
        found = k.find_trailer(bytes.data(), bytes.size());
        break;
      case Search::kBeginString:
        found = k.find_begin_string(bytes.data(), bytes.size());
        break;
    }
    benchmark::DoNotOptimize(found);
  }
  if (found >= size) state.SkipWithError("the planted match was not found");
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

// Digit strings of exactly `digits` digits, 1024 of them, cycled through.
std::vector<std::string> DigitStrings(int digits) {
  std::mt19937_64 rng(static_cast<unsigned>(digits));
  std::vector<std::string> out;
  for (int i = 0; i < 1024; ++i) {
    std::string s(static_cast<std::size_t>(digits), '0');
    s[0] = static_cast<char>('1' + rng() % 9);
    for (int j = 1; j < digits; ++j) s[static_cast<std::size_t>(j)] = static_cast<char>('0' + rng() % 10);
    if (digits == 20) {  // stay below 2^64 = 18446744073709551616
      s[0] = '1';
      s[1] = static_cast<char>('0' + rng() % 8);
    }
    out.push_back(s);
  }
  return out;
}

// The digit rows measure one call per iteration on inputs the compiler cannot
// see through. Parse: the 1024 strings of the row (all of its digit count)
// back to back in one buffer, walked by a pointer that wraps at the end, with
// the size a run-time value (as a caller's field length; DoNotOptimize hides
// it) that every call still checks; the parsed value is kept alive in a
// register. Format: 1024 values cycled through from an array the loop only
// reads via a pointer in a register; the formatted digits count as used
// through ClobberMemory. (Picking a parse input through an index and a
// 16-byte string_view cost about five instructions per call that were not
// the kernel's.)
template <bool kReference>
void BM_ParseUnsigned(benchmark::State& state, int digits) {
  std::string text;
  for (const std::string& s : DigitStrings(digits)) text += s;
  std::size_t size = static_cast<std::size_t>(digits);
  benchmark::DoNotOptimize(size);  // a run-time size: the kernel's size dispatch stays in the loop
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* p = begin;
  for (auto _ : state) {
    std::uint64_t v;
    const bool ok = kReference ? simd_internal::ParseUnsignedReference(p, size, &v)
                               : simd::ParseUnsigned(p, size, &v);
    if (!ok) [[unlikely]] {
      state.SkipWithError("a valid input failed to parse");
      break;
    }
    asm volatile("" : : "r"(v));  // v computed into a register (no store, no memory clobber)
    p += size;
    if (p == end) p = begin;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * digits);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

template <bool kReference>
void BM_FormatUnsigned(benchmark::State& state, int digits) {
  std::vector<std::uint64_t> storage;
  for (const std::string& s : DigitStrings(digits)) {
    std::uint64_t v = 0;
    if (!simd_internal::ParseUnsignedReference(s.data(), s.size(), &v)) {
      state.SkipWithError("benchmark input is not a valid number");
      return;
    }
    storage.push_back(v);
  }
  const std::uint64_t* const values = storage.data();
  char out[24];
  std::size_t i = 0;
  for (auto _ : state) {
    const std::uint64_t v = values[i++ & 1023];
    const std::size_t n = kReference ? simd_internal::FormatUnsignedReference(v, out) : simd::FormatUnsigned(v, out);
    benchmark::DoNotOptimize(n);
    benchmark::ClobberMemory();  // the digits in out[] count as used
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * digits);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void RegisterAll() {
  for (Isa isa : simd::kAllIsas) {
    const std::string impl(simd::IsaName(isa));
    for (std::size_t size : kSizes) {
      const std::string suffix = "/" + impl + "/" + std::to_string(size);
      benchmark::RegisterBenchmark(("simd/checksum" + suffix).c_str(), BM_Checksum, isa, size);
      benchmark::RegisterBenchmark(("simd/structural_scan" + suffix).c_str(), BM_StructuralScan, isa, size);
      benchmark::RegisterBenchmark(("simd/find_soh" + suffix).c_str(), BM_Find, isa, size, Search::kSoh);
      benchmark::RegisterBenchmark(("simd/find_trailer" + suffix).c_str(), BM_Find, isa, size, Search::kTrailer);
      benchmark::RegisterBenchmark(("simd/find_begin_string" + suffix).c_str(), BM_Find, isa, size,
                                   Search::kBeginString);
    }
  }
  for (int digits = 1; digits <= 20; ++digits) {
    const std::string d = std::to_string(digits);
    benchmark::RegisterBenchmark(("simd/parse_unsigned/swar/" + d).c_str(), BM_ParseUnsigned<false>, digits);
    benchmark::RegisterBenchmark(("simd/parse_unsigned/reference/" + d).c_str(), BM_ParseUnsigned<true>, digits);
    benchmark::RegisterBenchmark(("simd/format_unsigned/table/" + d).c_str(), BM_FormatUnsigned<false>, digits);
    benchmark::RegisterBenchmark(("simd/format_unsigned/reference/" + d).c_str(), BM_FormatUnsigned<true>,
                                 digits);
  }
}

}  // namespace
}  // namespace fixwire::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("simd_best", std::string(fixwire::simd::IsaName(fixwire::simd::BestSupportedIsa())));
  fixwire::bench::RegisterAll();
  // Prints in the format the flags select; counts rows in error other than "unsupported here".
  fixwire::bench::RecordingReporter reporter(fixwire::bench::kUnsupported);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return reporter.failures() == 0 ? 0 : 1;
}
