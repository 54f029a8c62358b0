// order_to_execution_report: decode a NewOrderSingle and answer it with an
// ExecutionReport, the first thing a gateway's order path does.
//
//   order_to_execution_report '8=FIX.4.4|9=...|35=D|...|10=...|'
//
// Prints the ExecutionReport with '|' for SOH. Exit status 1, with the error's
// code, offset and tag on stderr, when the order does not decode or lacks a
// field the answer needs.
#include <cstdio>
#include <ctime>
#include <string>
#include <string_view>

#include "fixwire/fixwire.h"

namespace {

namespace tag = fixwire::tag;
namespace msg_type = fixwire::msg_type;

int Fail(const char* what, fixwire::ErrorCode code, std::uint32_t offset, std::uint32_t t) {
  const std::string_view name = fixwire::ErrorCodeName(code);
  std::fprintf(stderr, "%s: %.*s at offset %u, tag %u\n", what, static_cast<int>(name.size()),
               name.data(), offset, t);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: order_to_execution_report 'FIX message with | for SOH'\n");
    return 2;
  }
  std::string wire = argv[1];
  for (char& c : wire) {
    if (c == '|') c = '\x01';
  }

  // Decode: the view indexes the bytes in place; nothing is copied.
  const fixwire::Decoder decoder;
  fixwire::FieldIndex index(256);
  fixwire::MessageView order;
  if (const fixwire::Error e = decoder.Decode(wire, index, order); !e.ok()) {
    return Fail("cannot decode the order", e.code, e.offset, e.tag);
  }
  if (order.msg_type() != msg_type::NewOrderSingle) {
    std::fprintf(stderr, "not a NewOrderSingle (35=%.*s)\n",
                 static_cast<int>(order.msg_type().size()), order.msg_type().data());
    return 1;
  }

  // Read what the answer needs; typed getters check each value's format.
  fixwire::Decimal quantity;
  fixwire::Decimal price;
  char side = 0;
  for (const auto& [t, code] : {std::pair{tag::OrderQty, order.GetDecimal(tag::OrderQty, &quantity)},
                                std::pair{tag::Price, order.GetDecimal(tag::Price, &price)},
                                std::pair{tag::Side, order.GetChar(tag::Side, &side)}}) {
    if (code != fixwire::ErrorCode::kOk) return Fail("bad order field", code, 0, t);
  }
  const std::string_view cl_ord_id = order.GetOr(tag::ClOrdID);
  const std::string_view symbol = order.GetOr(tag::Symbol);
  if (cl_ord_id.empty() || symbol.empty()) {
    return Fail("order lacks ClOrdID or Symbol", fixwire::ErrorCode::kFieldNotFound, 0,
                cl_ord_id.empty() ? tag::ClOrdID : tag::Symbol);
  }

  // Answer: the ExecutionReport goes straight into this buffer; BodyLength
  // and CheckSum are filled in by Finish().
  char buffer[1024];
  fixwire::Encoder enc(buffer);
  enc.Begin(order.begin_string(), msg_type::ExecutionReport);
  enc.AddString(tag::SenderCompID, order.target_comp_id());  // answer the sender
  enc.AddString(tag::TargetCompID, order.sender_comp_id());
  enc.AddUint(tag::MsgSeqNum, 1);
  enc.AddTimestamp(tag::SendingTime, std::int64_t{std::time(nullptr)} * 1'000'000'000,
                   fixwire::TimePrecision::kMillis);
  enc.AddString(tag::OrderID, "ORD-1");
  enc.AddString(tag::ClOrdID, cl_ord_id);
  enc.AddString(tag::ExecID, "EXEC-1");
  enc.AddChar(tag::ExecType, '0');   // New
  enc.AddChar(tag::OrdStatus, '0');  // New
  enc.AddString(tag::Symbol, symbol);
  enc.AddChar(tag::Side, side);
  enc.AddDecimal(tag::OrderQty, quantity);
  enc.AddDecimal(tag::Price, price);
  enc.AddDecimal(tag::LeavesQty, quantity);
  enc.AddDecimal(tag::CumQty, fixwire::Decimal{0, 0});
  enc.AddDecimal(tag::AvgPx, fixwire::Decimal{0, 0});
  const fixwire::EncodeResult report = enc.Finish();
  if (!report.ok()) {
    return Fail("cannot encode the report", report.error.code, report.error.offset,
                report.error.tag);
  }

  std::string out(report.bytes);
  for (char& c : out) {
    if (c == '\x01') c = '|';
  }
  std::printf("%s\n", out.c_str());
  return 0;
}
