// gateway: the program the install tests build outside this repository's own
// Bazel build (CMake, Make + pkg-config, another Bazel workspace) against an
// installed fixwire. It does what a gateway's order path does: decode a
// NewOrderSingle, check it against the FIX 4.4 dictionary (the loader is what
// needs abseil and pugixml at link time), answer it with an ExecutionReport
// and compare the bytes with the expected ones.
//
//   gateway PATH/TO/FIX44.xml
//
// Prints the report ('|' for SOH) and "gateway: ok"; exit status 1 on any
// difference or error.
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "fixwire/fixwire.h"
#include "fixwire/version.h"

namespace {

namespace tag = fixwire::tag;
namespace msg_type = fixwire::msg_type;

// BodyLength and CheckSum computed independently of fixwire.
constexpr std::string_view kOrder =
    "8=FIX.4.4|9=132|35=D|49=CLIENT|56=GATEWAY|34=2|52=20261206-09:30:00.000|11=ORD-42|"
    "55=EURUSD|54=1|60=20261206-09:30:00.000|38=1000000|40=2|44=1.0855|10=174|";
constexpr std::string_view kExpectedReport =
    "8=FIX.4.4|9=153|35=8|49=GATEWAY|56=CLIENT|34=1|52=20261206-09:30:00.001|37=ORD-1|"
    "11=ORD-42|17=EXEC-1|150=0|39=0|55=EURUSD|54=1|38=1000000|44=1.0855|151=1000000|14=0|"
    "6=0|10=158|";
// 2026-12-06 09:30:00.001 UTC in nanoseconds since the epoch.
constexpr std::int64_t kSendingTime = 1'796'549'400'001'000'000;

std::string WithSoh(std::string_view text) {
  std::string s(text);
  for (char& c : s) {
    if (c == '|') c = '\x01';
  }
  return s;
}

int Fail(const char* what, fixwire::ErrorCode code, std::uint32_t t) {
  const std::string_view name = fixwire::ErrorCodeName(code);
  std::fprintf(stderr, "gateway: %s: %.*s, tag %u\n", what, static_cast<int>(name.size()),
               name.data(), t);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gateway PATH/TO/FIX44.xml\n");
    return 2;
  }
  std::printf("fixwire %s\n", fixwire::kVersion);

  const absl::StatusOr<fixwire::Dictionary> dictionary = fixwire::LoadDictionaryFile(argv[1]);
  if (!dictionary.ok()) {
    std::fprintf(stderr, "gateway: %s\n", std::string(dictionary.status().message()).c_str());
    return 1;
  }

  // Decode the order and validate it against the dictionary.
  const std::string wire = WithSoh(kOrder);
  const fixwire::Decoder decoder;
  fixwire::FieldIndex index(64);
  fixwire::MessageView order;
  if (const fixwire::Error e = decoder.Decode(wire, index, order); !e.ok()) {
    return Fail("cannot decode the order", e.code, e.tag);
  }
  fixwire::GroupStorage storage(16, 64);
  fixwire::GroupedMessage grouped;
  const fixwire::ValidationResult valid = fixwire::ValidateMessage(
      order, *dictionary, *dictionary, fixwire::Validator(), storage, &grouped);
  if (!valid.ok() || order.msg_type() != msg_type::NewOrderSingle) {
    std::fprintf(stderr, "gateway: the order is rejected (reason %d, tag %u)\n",
                 valid.reason_code(), valid.tag);
    return 1;
  }
  fixwire::Decimal quantity;
  fixwire::Decimal price;
  char side = 0;
  if (order.GetDecimal(tag::OrderQty, &quantity) != fixwire::ErrorCode::kOk ||
      order.GetDecimal(tag::Price, &price) != fixwire::ErrorCode::kOk ||
      order.GetChar(tag::Side, &side) != fixwire::ErrorCode::kOk) {
    return Fail("bad order field", fixwire::ErrorCode::kBadValue, 0);
  }

  // Answer it.
  char buffer[512];
  fixwire::Encoder enc(buffer);
  enc.Begin(order.begin_string(), msg_type::ExecutionReport);
  enc.AddString(tag::SenderCompID, order.target_comp_id());
  enc.AddString(tag::TargetCompID, order.sender_comp_id());
  enc.AddUint(tag::MsgSeqNum, 1);
  enc.AddTimestamp(tag::SendingTime, kSendingTime, fixwire::TimePrecision::kMillis);
  enc.AddString(tag::OrderID, "ORD-1");
  enc.AddString(tag::ClOrdID, order.GetOr(tag::ClOrdID));
  enc.AddString(tag::ExecID, "EXEC-1");
  enc.AddChar(tag::ExecType, '0');
  enc.AddChar(tag::OrdStatus, '0');
  enc.AddString(tag::Symbol, order.GetOr(tag::Symbol));
  enc.AddChar(tag::Side, side);
  enc.AddDecimal(tag::OrderQty, quantity);
  enc.AddDecimal(tag::Price, price);
  enc.AddDecimal(tag::LeavesQty, quantity);
  enc.AddDecimal(tag::CumQty, fixwire::Decimal{0, 0});
  enc.AddDecimal(tag::AvgPx, fixwire::Decimal{0, 0});
  const fixwire::EncodeResult report = enc.Finish();
  if (!report.ok()) return Fail("cannot encode the report", report.error.code, report.error.tag);

  std::string printed(report.bytes);
  for (char& c : printed) {
    if (c == '\x01') c = '|';
  }
  std::printf("%s\n", printed.c_str());
  if (report.bytes != WithSoh(kExpectedReport)) {
    std::fprintf(stderr, "gateway: expected %.*s\n", static_cast<int>(kExpectedReport.size()),
                 kExpectedReport.data());
    return 1;
  }
  std::printf("gateway: ok\n");
  return 0;
}
