// session_latency_quickfix.h: the QuickFIX rows of //benchmarks:session_latency:
// QuickFIX 1.15's own engine on both sides (SocketAcceptor and
// SocketInitiator, no data dictionary, SocketNodelay, MemoryStore or
// FileStore), with a small application on its API, following
// session_latency_protocol.h.
//
// QuickFIX's headers need C++14, so only session_latency_quickfix.cc
// includes them; this header is plain C++. The initiator sends each timed
// order from QuickFIX's own thread, inside the callback that receives the
// previous report (no hand-over between threads in the loop), so the
// figures are QuickFIX's best case. Never throws.
#ifndef FIXWIRE_BENCHMARKS_SESSION_LATENCY_QUICKFIX_H_
#define FIXWIRE_BENCHMARKS_SESSION_LATENCY_QUICKFIX_H_

#include <cstdint>

#include "benchmarks/session_latency_protocol.h"

namespace fixwire_session_latency {

// FreeLoopbackPort: a port no socket uses now (QuickFIX's acceptor cannot
// report the one it bound), 0 on failure.
std::uint16_t FreeLoopbackPort();

// RunQuickfixAcceptor listens on `port`, writes it to `port_fd` once
// listening, answers until the initiator logs out, and returns what it saw.
// options.store: kMemory (MemoryStore) or kFileFlush (FileStore).
AcceptorReport RunQuickfixAcceptor(const SideOptions& options, std::uint16_t port, int port_fd);

// RunQuickfixInitiator connects to 127.0.0.1:port and runs both phases.
InitiatorResult RunQuickfixInitiator(const SideOptions& options, std::uint16_t port);

}  // namespace fixwire_session_latency

#endif  // FIXWIRE_BENCHMARKS_SESSION_LATENCY_QUICKFIX_H_
