// send_with_template: the fastest way to send the same message type again and
// again. A MessageTemplate encodes what repeats (8, 35, the CompIDs, fixed
// body fields) once; each order then writes only its sequence number, its
// time and its varying fields.
//
//   send_with_template COUNT
//
// Prints COUNT NewOrderSingles, one per line, with '|' for SOH.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fixwire/fixwire.h"

namespace tag = fixwire::tag;

int main(int argc, char** argv) {
  const long count = argc == 2 ? std::strtol(argv[1], nullptr, 10) : 0;
  if (count <= 0 || count > 1'000'000) {
    std::fprintf(stderr, "usage: send_with_template COUNT (1..1000000)\n");
    return 2;
  }

  // Built once, on the cold path; any error shows up here, not per message.
  fixwire::MessageTemplate nos;
  nos.Init("FIX.4.4", fixwire::msg_type::NewOrderSingle);
  nos.AddHeaderString(tag::SenderCompID, "GATEWAY");
  nos.AddHeaderString(tag::TargetCompID, "VENUE");
  nos.AddBodyFields([](fixwire::Encoder& e) {
    e.AddChar(tag::HandlInst, '1');
    e.AddChar(tag::OrdType, '2');  // Limit
    e.AddChar(tag::TimeInForce, '0');
  });
  if (!nos.error().ok()) {
    std::fprintf(stderr, "template: error at tag %u\n", nos.error().tag);
    return 1;
  }

  const std::int64_t start_ns = 1'765'000'000'000'000'000;  // a fixed time: reproducible output
  char buffer[512];
  char cl_ord_id[32];
  for (long i = 0; i < count; ++i) {
    fixwire::Encoder enc(buffer);
    nos.Start(enc, static_cast<std::uint64_t>(i + 1), start_ns + i * 1'000'000);
    {
      // A SummingCursor sums what it writes, so Finish() need not read the body back.
      fixwire::Encoder::SummingCursor c(enc);
      const int n = std::snprintf(cl_ord_id, sizeof cl_ord_id, "ORD-%ld", i + 1);
      c.AddString(tag::ClOrdID, std::string_view(cl_ord_id, static_cast<std::size_t>(n)));
      c.AddString(tag::Symbol, i % 2 == 0 ? "EURUSD" : "GBPUSD");
      c.AddChar(tag::Side, i % 2 == 0 ? '1' : '2');
      c.AddTimestamp(tag::TransactTime, start_ns + i * 1'000'000, fixwire::TimePrecision::kMillis);
      c.AddUint(tag::OrderQty, 100 * static_cast<std::uint64_t>(i + 1));
      c.AddDecimal(tag::Price, fixwire::Decimal{11000 + i, -4});
    }
    const fixwire::EncodeResult r = enc.Finish();
    if (!r.ok()) {
      std::fprintf(stderr, "order %ld: error at tag %u\n", i + 1, r.error.tag);
      return 1;
    }
    std::string line(r.bytes);
    for (char& ch : line) {
      if (ch == '\x01') ch = '|';
    }
    std::printf("%s\n", line.c_str());
  }
  return 0;
}
