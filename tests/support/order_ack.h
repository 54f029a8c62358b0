// order_ack.h: SendOrderAck, the ExecutionReport (ExecType and OrdStatus
// new, 100 left, nothing filled) with which the test venues, the loopback
// tests and the session latency benchmark answer a NewOrderSingle.
// Allocation-free; call it on the session's thread.
#ifndef FIXWIRE_TESTS_SUPPORT_ORDER_ACK_H_
#define FIXWIRE_TESTS_SUPPORT_ORDER_ACK_H_

#include <cstdint>
#include <string_view>

#include "fixwire/session/session.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"

namespace fixwire::testing {

inline SendResult SendOrderAck(Session& s, std::string_view cl_ord_id, std::string_view order_id,
                               std::string_view exec_id, std::int64_t now_ns) {
  return s.Send(
      msg_type::ExecutionReport,
      [&](Encoder& e) {
        e.AddString(tag::OrderID, order_id);
        e.AddString(tag::ClOrdID, cl_ord_id);
        e.AddString(tag::ExecID, exec_id);
        e.AddChar(tag::ExecType, '0');
        e.AddChar(tag::OrdStatus, '0');
        e.AddString(tag::Symbol, "EURUSD");
        e.AddChar(tag::Side, '1');
        e.AddUint(tag::LeavesQty, 100);
        e.AddUint(tag::CumQty, 0);
        e.AddUint(tag::AvgPx, 0);
      },
      now_ns);
}

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_SUPPORT_ORDER_ACK_H_
