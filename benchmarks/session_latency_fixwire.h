// session_latency_fixwire.h: the fixwire rows of //benchmarks:session_latency:
// a fixwire Engine on each side (no dictionary, TCP_NODELAY), with the
// store the row names, following session_latency_protocol.h.
//
// Each function runs on the calling thread until its side is done and never
// throws; failures come back as text (InitiatorResult::error,
// AcceptorReport::error).
#ifndef FIXWIRE_BENCHMARKS_SESSION_LATENCY_FIXWIRE_H_
#define FIXWIRE_BENCHMARKS_SESSION_LATENCY_FIXWIRE_H_

#include <cstdint>

#include "benchmarks/session_latency_protocol.h"

namespace fixwire_session_latency {

// RunFixwireAcceptor listens on a free port, writes it to `port_fd`, answers
// until the initiator logs out, and returns what it saw.
AcceptorReport RunFixwireAcceptor(const SideOptions& options, int port_fd);

// RunFixwireInitiator connects to 127.0.0.1:port, logs on, runs the
// round trips and the throughput phase, and logs out.
InitiatorResult RunFixwireInitiator(const SideOptions& options, std::uint16_t port);

}  // namespace fixwire_session_latency

#endif  // FIXWIRE_BENCHMARKS_SESSION_LATENCY_FIXWIRE_H_
