// session_instructions_main.cc: runs one session row's work a given number of
// times in a plain loop, for noise-free instruction counts with callgrind
// (the shared machine's timings are not):
//
//   B=bazel-bin/benchmarks/session_instructions
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/a $B send 1000
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/b $B send 11000
//   # instructions per message = (Ir(b) - Ir(a)) / 10000: setup cancels out
//
// Rows: decode, inbound (decode + Session::OnMessage), send (Session::Send),
// the work of the session_benchmark rows of the same names
// (benchmarks/session_rows.h). Exits 1 when the session logs out, a message
// does not decode or is not counted, a send fails or the first order sent is
// not the expected one.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks/session_rows.h"
#include "benchmarks/workloads.h"
#include "fixwire/session/session.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/wire/decoder.h"

namespace fixwire::bench {
namespace {

constexpr int kOrders = 4096;

// One message's work, out of line so that the loop around it compiles the
// same way whatever the session's code (the counts compare builds).
[[gnu::noinline]] bool Receive(Session& session, const Decoder& decoder, std::string_view bytes,
                               FieldIndex& index, MessageView& view, bool deliver) {
  const bool ok = decoder.Decode(bytes, index, view).ok();
  if (deliver) session.OnMessage(view, kSessionNow);
  return ok;
}

[[gnu::noinline]] bool Send(Session& session, OrderBody& body, std::int64_t now) {
  return SendOrder(session, body, now).ok();
}

int Main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s decode|inbound|send <count>\n", argv[0]);
    return 2;
  }
  const std::string_view row = argv[1];
  const long count = std::strtol(argv[2], nullptr, 10);
  const Workload& w = GetWorkload("NewOrderSingle");
  NullApp app;
  MemoryStore store({.max_messages = 1 << 16, .max_bytes = 32 << 20});
  BufferOutput out;
  std::unique_ptr<Session> session = LoggedOnSession(w, app, store, out);
  if (!session->logged_on()) return 1;
  unsigned failures = 0;
  if (row == "decode" || row == "inbound") {
    std::vector<std::string> orders;
    for (int i = 2; i < kOrders + 2; ++i) orders.push_back(InboundOrder(w, i));
    const bool deliver = row == "inbound";
    Decoder decoder;
    FieldIndex index(1024);
    MessageView view;
    int i = 0;
    for (long n = 0; n < count; ++n) {
      failures += Receive(*session, decoder, orders[i], index, view, deliver) ? 0 : 1;
      if (++i == kOrders) {
        i = 0;
        (void)store.SetNextTargetSeq(2);
      }
    }
    // Every delivered order was counted: the next expected follows the last.
    if (deliver && store.next_target_seq() != static_cast<std::uint64_t>(2 + count % kOrders)) {
      failures += 1;
    }
  } else if (row == "send") {
    OrderBody body = MakeOrderBody(w);
    std::int64_t now = kSessionNow;
    if (!SendOrder(*session, body, now).ok() || !IsSentOrder(out.last(), body)) return 1;
    for (long n = 0; n < count; ++n) {
      now += 1000;
      failures += Send(*session, body, now) ? 0 : 1;
      if (store.message_count() == 60'000) (void)store.Reset(now);
    }
  } else {
    std::fprintf(stderr, "unknown row %.*s\n", static_cast<int>(row.size()), row.data());
    return 2;
  }
  if (!session->logged_on()) failures += 1;
  std::printf("%ld messages, %u failed\n", count, failures);
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace fixwire::bench

int main(int argc, char** argv) { return fixwire::bench::Main(argc, argv); }
