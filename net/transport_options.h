// transport_options.h: how a session reaches its peer over TCP (QuickFIX's
// socket keys) and how the engine's event loop runs.
//
// Plain values, copied by the Engine.
#ifndef FIXWIRE_NET_TRANSPORT_OPTIONS_H_
#define FIXWIRE_NET_TRANSPORT_OPTIONS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fixwire {

struct HostPort {
  std::string host;  // a numeric IPv4 address or a name resolved at connect time
  std::uint16_t port = 0;
};

struct TransportOptions {
  // Acceptor: the port to listen on (SocketAcceptPort); 0 with `listen`
  // set picks a free port (tests: Engine::bound_port tells which).
  bool listen = false;
  std::uint16_t accept_port = 0;
  // Initiator: the primary address and the failovers (SocketConnectHost,
  // SocketConnectPort, SocketConnectHost1, SocketConnectPort1, ...), tried
  // in turn, one every ReconnectInterval.
  std::vector<HostPort> connect;
  std::int32_t reconnect_interval_s = 30;
  // Socket options (SocketNodelay, SocketSendBufferSize,
  // SocketReceiveBufferSize, SocketReuseAddress); 0: the system's default.
  bool tcp_nodelay = true;
  int send_buffer_size = 0;
  int receive_buffer_size = 0;
  bool reuse_address = true;
  // Backpressure: the bytes a connection may hold unsent. When full,
  // Session::Send returns kOutputFull; when the peer has read nothing for
  // send_stall_timeout_s while bytes wait, the connection is closed.
  std::size_t send_queue_bytes = std::size_t{4} << 20;
  std::int32_t send_stall_timeout_s = 30;
  // The receive buffer (at least the longest message accepted).
  std::size_t receive_buffer_bytes = std::size_t{1} << 20;
};

struct EngineOptions {
  // Spin on epoll_wait(0) instead of sleeping (latency; one core busy).
  bool busy_poll = false;
  // Pin the thread that calls Run to this CPU (-1: no pinning).
  int cpu = -1;
  // Accepted connections that have not logged on yet: at most this many
  // (the oldest is closed to make room), each for at most this long.
  std::size_t max_pending_connections = 1024;
  std::int32_t pending_logon_timeout_s = 10;
};

}  // namespace fixwire

#endif  // FIXWIRE_NET_TRANSPORT_OPTIONS_H_
