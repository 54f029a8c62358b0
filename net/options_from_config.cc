#include "fixwire/net/options_from_config.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace fixwire {
namespace {

absl::Status Refuse(const SessionConfig& c, const std::string& what) {
  return absl::InvalidArgumentError(
      absl::StrCat(c.source, ":", c.line, ": [SESSION] ", c.SessionId(), ": ", what));
}

}  // namespace

absl::StatusOr<TransportOptions> TransportOptionsFrom(const SessionConfig& c) {
  TransportOptions t;
  if (c.is_initiator()) {
    if (c.socket_connect.empty()) return Refuse(c, "an initiator needs SocketConnectHost/Port");
    for (const SocketAddress& a : c.socket_connect) {
      if (!a.source_host.empty() || a.source_port != 0) {
        return Refuse(c, "SocketConnectSourceHost/Port: binding a source address is not supported");
      }
      t.connect.push_back(HostPort{a.host, a.port});
    }
  } else {
    t.listen = true;
    t.accept_port = c.socket_accept_port;
  }
  t.reconnect_interval_s = c.reconnect_interval;
  t.tcp_nodelay = c.socket_nodelay;
  t.send_buffer_size = c.socket_send_buffer_size;
  t.receive_buffer_size = c.socket_receive_buffer_size;
  t.reuse_address = c.socket_reuse_address;
  return t;
}

absl::StatusOr<EngineOptions> EngineOptionsFrom(const std::vector<SessionConfig>& sessions) {
  EngineOptions e;
  const SessionConfig* pinned_by = nullptr;
  for (const SessionConfig& c : sessions) {
    e.busy_poll = e.busy_poll || c.busy_poll;
    if (!c.cpu_affinity) continue;
    if (pinned_by != nullptr && *pinned_by->cpu_affinity != *c.cpu_affinity) {
      return Refuse(c, absl::StrCat("CpuAffinity=", *c.cpu_affinity, " differs from CpuAffinity=",
                                    *pinned_by->cpu_affinity, " of the session at line ",
                                    pinned_by->line, ": one event loop runs on one CPU"));
    }
    pinned_by = &c;
    e.cpu = *c.cpu_affinity;
  }
  return e;
}

}  // namespace fixwire
