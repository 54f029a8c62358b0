// test_orders.h: the messages the session tests, the loopback tests and the
// session latency benchmark trade: SendLimitOrder, a NewOrderSingle (buy 100
// EURUSD at 1.0875), and SendOrderAck, the ExecutionReport (ExecType and
// OrdStatus new, 100 left, nothing filled) that answers it.
// Allocation-free; call them on the session's thread.
#ifndef FIXWIRE_TESTS_SUPPORT_TEST_ORDERS_H_
#define FIXWIRE_TESTS_SUPPORT_TEST_ORDERS_H_

#include <cstdint>
#include <string_view>

#include "fixwire/session/session.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"

namespace fixwire::testing {

inline SendResult SendLimitOrder(Session& s, std::string_view cl_ord_id, std::int64_t now_ns) {
  return s.Send(
      msg_type::NewOrderSingle,
      [&](Encoder& e) {
        e.AddString(tag::ClOrdID, cl_ord_id);
        e.AddChar(tag::HandlInst, '1');
        e.AddString(tag::Symbol, "EURUSD");
        e.AddChar(tag::Side, '1');
        e.AddTimestamp(tag::TransactTime, now_ns, TimePrecision::kMillis);
        e.AddUint(tag::OrderQty, 100);
        e.AddChar(tag::OrdType, '2');
        e.AddDecimal(tag::Price, Decimal{10875, -4});
      },
      now_ns);
}

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

#endif  // FIXWIRE_TESTS_SUPPORT_TEST_ORDERS_H_
