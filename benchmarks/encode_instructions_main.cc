// encode_instructions_main.cc: runs one encode row's work a given number of
// times in a plain loop, for noise-free instruction counts with callgrind
// (the shared machine's timings are not):
//
//   B=bazel-bin/benchmarks/encode_instructions
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/a $B encode_typed 1000
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/b $B encode_typed 11000
//   # instructions per message = (Ir(b) - Ir(a)) / 10000: setup cancels out
//
// Rows: encode_typed, encode (the generic loop, NewOrderSingle), template,
// copy (ExecutionReport), encode:<workload>. The same calls as the
// encode_benchmark rows (benchmarks/encode_rows.h). Exits 1 when the first
// message is not the expected bytes or any message fails.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/encode_rows.h"
#include "benchmarks/workloads.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/encode/message_copy.h"
#include "fixwire/encode/message_template.h"
#include "fixwire/wire/message_view.h"

namespace fixwire::bench {
namespace {

// Run calls encode(now) `count` times; the first result must equal `expected`
// (or only its size when size_only).
template <typename Encode>
int Run(long count, std::string_view expected, bool size_only, Encode&& encode) {
  std::int64_t now = kSendingTimeNanos;
  const EncodeResult first = encode(now);
  if (!first.ok() || (size_only ? first.bytes.size() != expected.size() : first.bytes != expected)) {
    std::fprintf(stderr, "first message differs from the workload\n");
    return 1;
  }
  unsigned failures = 0;
  for (long i = 0; i < count; ++i) {
    benchmark::DoNotOptimize(now);
    const EncodeResult r = encode(now);
    failures += r.ok() ? 0 : 1;
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
  std::printf("%ld messages, %u failed\n", count, failures);
  return failures == 0 ? 0 : 1;
}

int Main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s encode_typed|encode|template|copy|encode:<workload> <count>\n", argv[0]);
    return 2;
  }
  const std::string_view row = argv[1];
  const long count = std::strtol(argv[2], nullptr, 10);
  if (row == "encode_typed" || row == "template") {
    const Workload& w = GetWorkload("NewOrderSingle");
    Order o = NewOrder(w);
    char buffer[512];
    Encoder e(buffer);
    if (row == "encode_typed") {
      return Run(count, w.bytes, false, [&](std::int64_t now) {
        benchmark::DoNotOptimize(o);
        EncodeOrder(e, o, now);
        return e.Finish();
      });
    }
    const MessageTemplate t = OrderTemplate(o);
    if (!t.error().ok()) return 1;
    return Run(count, w.bytes, true, [&](std::int64_t now) {
      benchmark::DoNotOptimize(o);
      return EncodeOrderFromTemplate(t, e, o, now);
    });
  }
  if (row == "copy") {
    const Workload& w = GetWorkload("ExecutionReport");
    Decoder decoder;
    FieldIndex index(256);
    MessageView view;
    if (!decoder.Decode(w.bytes, index, view).ok()) return 1;
    ForwardOptions fwd;
    fwd.sender_comp_id = "GATEWAY-0001";  // as the benchmark row
    fwd.target_comp_id = "CLIENT-OMS-77";
    fwd.msg_seq_num = 91234;
    std::vector<char> buffer(w.bytes.size() + 64);
    Encoder e(buffer);
    return Run(count, w.bytes, true, [&](std::int64_t now) {
      fwd.sending_time_nanos = now;
      return CopyMessage(view, fwd, e);
    });
  }
  std::string_view name = "NewOrderSingle";
  if (row.substr(0, 7) == "encode:") {
    name = row.substr(7);
  } else if (row != "encode") {
    std::fprintf(stderr, "unknown row %.*s\n", static_cast<int>(row.size()), row.data());
    return 2;
  }
  const Workload& w = GetWorkload(name);
  const std::vector<NativeField> fields = NativeFields(w);
  std::vector<char> buffer(w.bytes.size() + 64);
  Encoder e(buffer);
  return Run(count, w.bytes, false, [&](std::int64_t now) {
    EncodeGeneric(e, w, fields, now);
    return e.Finish();
  });
}

}  // namespace
}  // namespace fixwire::bench

int main(int argc, char** argv) { return fixwire::bench::Main(argc, argv); }
