// decode_instructions_main.cc: runs the fixwire/decode or decode_read row's
// work a given number of times in a plain loop, for noise-free instruction
// counts with callgrind (the shared machine's timings are not):
//
//   B=bazel-bin/benchmarks/decode_instructions
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/a $B decode NewOrderSingle 1000
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/b $B decode NewOrderSingle 11000
//   # instructions per message = (Ir(b) - Ir(a)) / 10000: setup cancels out
//
// valgrind has no AVX-512, so the counts are those of the AVX2 kernels.
// decode_read reads the first 8 depth-0 body fields after 35 by tag with
// their typed getter, through decode_typed_read.h's WithReader exactly as
// the benchmark row does (the compile-time reader for NewOrderSingle and
// ExecutionReport). Exits 1 when a decode fails.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/decode_typed_read.h"
#include "benchmarks/workloads.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/values/values.h"

namespace fixwire::bench {
namespace {

int Main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s decode|decode_read <workload> <count>\n", argv[0]);
    return 2;
  }
  const std::string_view row = argv[1];
  const Workload& w = GetWorkload(argv[2]);
  const long count = std::strtol(argv[3], nullptr, 10);
  const std::vector<const WorkloadField*> reads = ReadFields(w);
  Decoder decoder;
  FieldIndex index(static_cast<std::uint32_t>(w.fields.size() + 16));
  MessageView view;
  unsigned failures = 0;
  auto loop = [&](auto read) {
    std::uint64_t sink = 0;  // unsigned: the sum of timestamps wraps
    for (long i = 0; i < count; ++i) {
      const Error e = decoder.Decode(w.bytes, index, view);
      failures += e.ok() ? 0 : 1;
      sink += static_cast<std::uint64_t>(read(view));
      benchmark::DoNotOptimize(view);
      benchmark::DoNotOptimize(sink);
      benchmark::ClobberMemory();
    }
  };
  if (row == "decode_read") {
    if (!WithReader(w, reads, loop)) {
      std::fprintf(stderr, "the compile-time reader's fields are not ReadFields' picks\n");
      return 1;
    }
  } else {
    loop([](const MessageView&) { return std::int64_t{0}; });
  }
  std::printf("%ld messages, %u failed\n", count, failures);
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace fixwire::bench

int main(int argc, char** argv) { return fixwire::bench::Main(argc, argv); }
