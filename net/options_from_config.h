// options_from_config.h: the transport settings of a QuickFIX-format
// settings file as the Engine's options: TransportOptionsFrom for one
// [SESSION] (SocketAcceptPort, SocketConnectHost/Port and their failovers,
// ReconnectInterval, SocketNodelay, SocketSendBufferSize,
// SocketReceiveBufferSize, SocketReuseAddress), EngineOptionsFrom for the
// loop that runs all of them (BusyPoll, CpuAffinity).
//
// Errors: settings the transport cannot honour are refused with
// absl::InvalidArgumentError "<source>:<line>: ...": a source address to
// bind before connecting (SocketConnectSourceHost/Port), and sessions of one
// engine asking for different CPUs. Cold path; any thread.
#ifndef FIXWIRE_NET_OPTIONS_FROM_CONFIG_H_
#define FIXWIRE_NET_OPTIONS_FROM_CONFIG_H_

#include <vector>

#include "absl/status/statusor.h"
#include "fixwire/net/transport_options.h"
#include "fixwire/session/settings.h"

namespace fixwire {

absl::StatusOr<TransportOptions> TransportOptionsFrom(const SessionConfig& config);

// EngineOptionsFrom: one event loop for all `sessions`: busy-polling when
// any of them sets BusyPoll=Y, pinned to the CPU they name (all that name
// one must name the same).
absl::StatusOr<EngineOptions> EngineOptionsFrom(const std::vector<SessionConfig>& sessions);

}  // namespace fixwire

#endif  // FIXWIRE_NET_OPTIONS_FROM_CONFIG_H_
