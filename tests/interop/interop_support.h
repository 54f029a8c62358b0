// interop_support.h: what the QuickFIX interoperability tests share: a free
// loopback port, an application that records ClOrdIDs (and as the venue
// answers orders with execution reports), the versions under test, our
// session options against QuickFIX, polling with a deadline, and an order.
// Test code only; one thread.
#ifndef FIXWIRE_TESTS_INTEROP_INTEROP_SUPPORT_H_
#define FIXWIRE_TESTS_INTEROP_INTEROP_SUPPORT_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "fixwire/net/engine.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "tests/support/test_orders.h"

namespace fixwire::testing {

inline std::uint16_t FreePort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

// Records ClOrdIDs in order; as the venue, answers orders with reports.
class App final : public Application {
 public:
  explicit App(bool venue) : venue_(venue) {}
  void OnAppMessage(Session& s, const MessageView& m, const GroupedMessage*) noexcept override {
    const std::string id(m.GetOr(tag::ClOrdID));
    received.push_back(id);
    if (!venue_ || m.msg_type() != msg_type::NewOrderSingle) return;
    (void)SendOrderAck(s, id, "F1", "FE" + id, NowNs());
  }
  std::vector<std::string> received;

 private:
  bool venue_;
};

struct Version {
  const char* begin_string;
  const char* appl_ver_id;     // ours (ApplVerID enum), FIXT only
  const char* qf_appl_ver_id;  // QuickFIX's DefaultApplVerID setting
};

inline SessionOptions Ours(SessionRole role, const Version& v) {
  SessionOptions o;
  o.role = role;
  o.begin_string = v.begin_string;
  o.sender_comp_id = "FIXWIRE";
  o.target_comp_id = "QUICKFIX";
  o.default_appl_ver_id = v.appl_ver_id;
  o.heart_bt_int_s = 30;
  return o;
}

template <typename Done>
bool PollUntil(Engine& engine, Done done, double seconds = 20) {
  const auto start = std::chrono::steady_clock::now();
  while (!done()) {
    if (std::chrono::steady_clock::now() - start > std::chrono::duration<double>(seconds)) return false;
    engine.Poll(1'000'000);
  }
  return true;
}

inline bool SendOrder(Session& s, const std::string& id) {
  const SendResult r = SendLimitOrder(s, id, NowNs());
  return r.status == SendStatus::kOk || r.status == SendStatus::kStoredOnly;
}

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_INTEROP_INTEROP_SUPPORT_H_
