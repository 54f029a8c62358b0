// session_latency_tcp.h: the tcp-floor row of //benchmarks:session_latency:
// the same exchange as the FIX rows over a plain TCP socket (TCP_NODELAY,
// blocking reads and writes), with no FIX engine at all.
//
// The initiator writes the bytes of one NewOrderSingle and reads the bytes
// of one ExecutionReport (fixed messages of the FIX rows' size and layout);
// the acceptor reads and answers. For throughput the initiator writes
// orders back to back, then shuts its side down; the acceptor counts whole
// orders until end of file and writes the count back. Never throws.
#ifndef FIXWIRE_BENCHMARKS_SESSION_LATENCY_TCP_H_
#define FIXWIRE_BENCHMARKS_SESSION_LATENCY_TCP_H_

#include <cstdint>

#include "benchmarks/session_latency_protocol.h"

namespace fixwire_session_latency {

// RunTcpAcceptor listens on a free loopback port, writes it to `port_fd`,
// serves one connection and returns what it saw.
AcceptorReport RunTcpAcceptor(const SideOptions& options, int port_fd);

// RunTcpInitiator connects to 127.0.0.1:port and runs both phases.
InitiatorResult RunTcpInitiator(const SideOptions& options, std::uint16_t port);

}  // namespace fixwire_session_latency

#endif  // FIXWIRE_BENCHMARKS_SESSION_LATENCY_TCP_H_
