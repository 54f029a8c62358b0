// Encode rows: fixwire/encode/<workload> (each workload built from native
// values into a preallocated buffer through the Encoder's typed calls on an
// Encoder::Cursor, one generic loop for all), fixwire/encode_typed/NewOrderSingle (the same
// message written as an application would, one typed call per field),
// fixwire/template/NewOrderSingle (MessageTemplate: 8, 35, 49, 56 and the
// fixed body fields pre-encoded, 34 and 52 patched per message), and the
// baselines older FIX engines use for the same NewOrderSingle fields:
// ostream/encode/NewOrderSingle (std::ostringstream) and
// snprintf/encode/NewOrderSingle (snprintf into a std::string).
//
// SendingTime (52) is formatted from a clock value every iteration (the
// workloads' fixed kSendingTimeNanos, laundered through DoNotOptimize so the
// bytes stay comparable). Before timing, each row checks that it produces
// exactly the workload's wire bytes (the template row: the same fields in
// template order) and fails the row otherwise.
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <deque>
#include <iomanip>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/bench_counters.h"
#include "benchmarks/encode_rows.h"
#include "benchmarks/workloads.h"
#include "fixwire/values/decimal.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/encode/message_copy.h"
#include "fixwire/encode/message_template.h"
#include "fixwire/wire/message_view.h"

namespace fixwire::bench {
namespace {

void BM_Encode(benchmark::State& state, const char* name) {
  const Workload& w = GetWorkload(name);
  const std::vector<NativeField> fields = NativeFields(w);
  std::vector<char> buffer(w.bytes.size() + 64);
  Encoder e(buffer);
  EncodeGeneric(e, w, fields, kSendingTimeNanos);
  if (EncodeResult r = e.Finish(); !r.ok() || r.bytes != w.bytes) {
    state.SkipWithError("encoded bytes differ from the workload");
    return;
  }
  std::int64_t now = kSendingTimeNanos;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(now);
    EncodeGeneric(e, w, fields, now);
    EncodeResult r = e.Finish();
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
  counters.Finish(state, w.bytes.size());
}

void BM_EncodeTypedNewOrderSingle(benchmark::State& state) {
  const Workload& w = GetWorkload("NewOrderSingle");
  Order order = NewOrder(w);
  char buffer[512];
  Encoder e(buffer);
  EncodeOrder(e, order, kSendingTimeNanos);
  if (EncodeResult r = e.Finish(); !r.ok() || r.bytes != w.bytes) {
    state.SkipWithError("encoded bytes differ from the workload");
    return;
  }
  std::int64_t now = kSendingTimeNanos;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(now);
    benchmark::DoNotOptimize(order);
    EncodeOrder(e, order, now);
    EncodeResult r = e.Finish();
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
  counters.Finish(state, w.bytes.size());
}
BENCHMARK(BM_EncodeTypedNewOrderSingle)->Name("fixwire/encode_typed/NewOrderSingle");

void BM_TemplateNewOrderSingle(benchmark::State& state) {
  const Workload& w = GetWorkload("NewOrderSingle");
  Order o = NewOrder(w);
  const MessageTemplate t = OrderTemplate(o);
  if (!t.error().ok()) {
    state.SkipWithError("template build failed");
    return;
  }
  char buffer[512];
  Encoder e(buffer);
  auto encode = [&t, &e](const Order& order, std::int64_t now) {
    return EncodeOrderFromTemplate(t, e, order, now);
  };
  // Same fields as the workload, in template order: same body length.
  if (EncodeResult r = encode(o, kSendingTimeNanos); !r.ok() || r.bytes.size() != w.bytes.size()) {
    state.SkipWithError("template message differs in size from the workload");
    return;
  }
  std::int64_t now = kSendingTimeNanos;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(now);
    benchmark::DoNotOptimize(o);
    EncodeResult r = encode(o, now);
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
  counters.Finish(state, w.bytes.size());
}
BENCHMARK(BM_TemplateNewOrderSingle)->Name("fixwire/template/NewOrderSingle");

// A gateway forwarding an ExecutionReport: decoded once (outside the loop),
// copied each iteration with new SenderCompID, TargetCompID, MsgSeqNum and
// SendingTime from the clock value.
void BM_CopyExecutionReport(benchmark::State& state) {
  const Workload& w = GetWorkload("ExecutionReport");
  Decoder decoder;
  FieldIndex index(256);
  MessageView view;
  if (!decoder.Decode(w.bytes, index, view).ok()) {
    state.SkipWithError("workload does not decode");
    return;
  }
  ForwardOptions fwd;
  fwd.sender_comp_id = "GATEWAY-0001";  // same lengths as the workload's, so the sizes match
  fwd.target_comp_id = "CLIENT-OMS-77";
  fwd.msg_seq_num = 91234;
  std::vector<char> buffer(w.bytes.size() + 64);
  Encoder e(buffer);
  fwd.sending_time_nanos = kSendingTimeNanos;
  if (EncodeResult r = CopyMessage(view, fwd, e); !r.ok() || r.bytes.size() != w.bytes.size()) {
    state.SkipWithError("copy differs in size from the workload");
    return;
  }
  std::int64_t now = kSendingTimeNanos;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(now);
    fwd.sending_time_nanos = now;
    EncodeResult r = CopyMessage(view, fwd, e);
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
  counters.Finish(state, w.bytes.size());
}
BENCHMARK(BM_CopyExecutionReport)->Name("fixwire/copy/ExecutionReport");

// --- Baselines: the same NewOrderSingle fields the way older engines wrote them. ---

double ToDouble(Decimal d) {
  double v = static_cast<double>(d.mantissa);
  for (int i = 0; i < -d.exponent; ++i) v /= 10;
  return v;
}

unsigned SumBytes(std::string_view s) {
  unsigned sum = 0;
  for (unsigned char c : s) sum += c;
  return sum % 256;
}

void FormatTimeOstream(std::ostream& out, std::int64_t nanos) {
  const std::time_t seconds = static_cast<std::time_t>(nanos / 1'000'000'000);
  std::tm tm;
  gmtime_r(&seconds, &tm);
  out << std::put_time(&tm, "%Y%m%d-%H:%M:%S") << '.' << std::setw(3) << std::setfill('0')
      << (nanos / 1'000'000) % 1000;
}

std::string EncodeOrderOstream(const Order& o, std::int64_t now) {
  std::ostringstream body;
  body << "35=D\x01" << "34=" << o.seq << '\x01' << "49=" << o.sender << '\x01' << "52=";
  FormatTimeOstream(body, now);
  body << '\x01' << "56=" << o.target << '\x01' << "11=" << o.cl_ord_id << '\x01' << "21=" << o.handl_inst
       << '\x01' << "38=" << o.qty << '\x01' << "40=" << o.ord_type << '\x01' << "44=" << std::fixed
       << std::setprecision(-o.price.exponent) << ToDouble(o.price) << '\x01' << "54=" << o.side << '\x01'
       << "55=" << o.symbol << '\x01' << "59=" << o.tif << '\x01' << "60=";
  FormatTimeOstream(body, o.transact_time);
  body << '\x01';
  const std::string b = body.str();
  std::ostringstream message;
  message << "8=FIX.4.2\x01" << "9=" << b.size() << '\x01' << b;
  std::string m = message.str();
  std::ostringstream trailer;
  trailer << "10=" << std::setw(3) << std::setfill('0') << SumBytes(m) << '\x01';
  m += trailer.str();
  return m;
}

int FormatTimeSnprintf(char* out, std::size_t size, std::int64_t nanos) {
  const std::time_t seconds = static_cast<std::time_t>(nanos / 1'000'000'000);
  std::tm tm;
  gmtime_r(&seconds, &tm);
  return std::snprintf(out, size, "%04d%02d%02d-%02d:%02d:%02d.%03d", tm.tm_year + 1900, tm.tm_mon + 1,
                       tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                       static_cast<int>((nanos / 1'000'000) % 1000));
}

std::string EncodeOrderSnprintf(const Order& o, std::int64_t now) {
  char sending[80], transact[80], body[512];
  FormatTimeSnprintf(sending, sizeof sending, now);
  FormatTimeSnprintf(transact, sizeof transact, o.transact_time);
  const int body_size = std::snprintf(
      body, sizeof body,
      "35=D\x01" "34=%llu\x01" "49=%.*s\x01" "52=%s\x01" "56=%.*s\x01" "11=%.*s\x01" "21=%c\x01" "38=%lld\x01"
      "40=%c\x01" "44=%.*f\x01" "54=%c\x01" "55=%.*s\x01" "59=%c\x01" "60=%s\x01",
      static_cast<unsigned long long>(o.seq), static_cast<int>(o.sender.size()), o.sender.data(), sending,
      static_cast<int>(o.target.size()), o.target.data(), static_cast<int>(o.cl_ord_id.size()),
      o.cl_ord_id.data(), o.handl_inst, static_cast<long long>(o.qty), o.ord_type, -o.price.exponent,
      ToDouble(o.price), o.side, static_cast<int>(o.symbol.size()), o.symbol.data(), o.tif, transact);
  std::string m(512, '\0');
  int n = std::snprintf(m.data(), m.size(), "8=FIX.4.2\x01" "9=%d\x01" "%s", body_size, body);
  m.resize(static_cast<std::size_t>(n));
  char trailer[16];
  std::snprintf(trailer, sizeof trailer, "10=%03u\x01", SumBytes(m));
  m += trailer;
  return m;
}

// A baseline row: `encode` (EncodeOrderOstream or EncodeOrderSnprintf) builds
// the NewOrderSingle as a std::string each iteration; the row first checks
// that it gives exactly the workload's bytes.
template <std::string (*kEncode)(const Order&, std::int64_t)>
void BM_BaselineNewOrderSingle(benchmark::State& state) {
  const Workload& w = GetWorkload("NewOrderSingle");
  Order order = NewOrder(w);
  if (kEncode(order, kSendingTimeNanos) != w.bytes) {
    state.SkipWithError("baseline bytes differ from the workload");
    return;
  }
  std::int64_t now = kSendingTimeNanos;
  RowCounters counters;
  for (auto _ : state) {
    benchmark::DoNotOptimize(now);
    benchmark::DoNotOptimize(order);
    std::string m = kEncode(order, now);
    benchmark::DoNotOptimize(m);
  }
  counters.Finish(state, w.bytes.size());
}
BENCHMARK(BM_BaselineNewOrderSingle<EncodeOrderOstream>)->Name("ostream/encode/NewOrderSingle");
BENCHMARK(BM_BaselineNewOrderSingle<EncodeOrderSnprintf>)->Name("snprintf/encode/NewOrderSingle");

// One fixwire/encode/<workload> row per workload.
const bool kRegistered = [] {
  for (std::string_view name : WorkloadNames()) {
    static std::deque<std::string> names;  // stable: each row keeps its name's const char*
    names.emplace_back(name);
    benchmark::RegisterBenchmark(("fixwire/encode/" + names.back()).c_str(), BM_Encode,
                                 names.back().c_str());
  }
  return true;
}();

}  // namespace
}  // namespace fixwire::bench
