// engine.h: Engine, which runs FIX sessions over TCP on one thread: any
// number of acceptor and initiator sessions on one epoll event loop.
//
//   fixwire::Engine engine;
//   fixwire::Session& s = engine.AddSession(session_options, app, store, transport);
//   if (absl::Status st = engine.Start(); !st.ok()) ...   // listen, begin connecting
//   std::atomic<bool> stop{false};
//   engine.Run(stop);                                     // until stop is set
//
// Receive path: bytes are read straight into the connection's receive
// buffer, framed in place (StreamFramer), decoded (Decoder) and handed to
// the session, without copying. Send path: the session encodes straight
// into the connection's send buffer; what is ready is written with one
// send() per connection per loop iteration (TCP_NODELAY by default).
//
// Acceptor: connections on a port are dispatched by their Logon's
// BeginString, SenderCompID and TargetCompID to the configured session; an
// unknown counterparty, a second connection for a session already
// connected, or a first message that is not a Logon is disconnected.
// Connections that send nothing are closed after pending_logon_timeout_s,
// and at most max_pending_connections wait at once: a flood of them never
// delays a real Logon (the loop never blocks on one connection).
// Initiator: connects, and after a failure or a disconnect tries again
// every ReconnectInterval, cycling through the failover addresses.
//
// Threads: everything happens on the thread that calls Poll/Run, including
// the Application's callbacks; Session::Send may be called from those
// callbacks (or from that thread between polls), never from another thread.
// Memory: connections allocate their buffers when they open; the message
// path allocates nothing. Errors: Start reports sockets it cannot open;
// everything that goes wrong with a peer ends in a disconnect and an event.
#ifndef FIXWIRE_NET_ENGINE_H_
#define FIXWIRE_NET_ENGINE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>

#include "absl/status/status.h"
#include "fixwire/net/message_log.h"
#include "fixwire/net/transport_options.h"
#include "fixwire/session/application.h"
#include "fixwire/session/message_store.h"
#include "fixwire/session/session.h"
#include "fixwire/session/session_options.h"

namespace fixwire {

// TransportObserver hears what happens to connections (for logs and tools).
class TransportObserver {
 public:
  virtual void OnTransportEvent(std::string_view what) noexcept = 0;

 protected:
  ~TransportObserver() = default;
};

class Engine {
 public:
  explicit Engine(const EngineOptions& options = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // AddSession creates a session the engine runs; `app` and `store` must
  // outlive the engine. Call before Start. With a `log` (which must outlive
  // the engine too) the engine logs every message the session receives and
  // sends and every session and connection event (see message_log.h); the
  // application does nothing for it.
  Session& AddSession(const SessionOptions& session, Application& app, MessageStore& store,
                      const TransportOptions& transport, MessageLog* log = nullptr);

  void SetObserver(TransportObserver* observer) noexcept;

  // Start opens the listening sockets; initiators connect on the next Poll.
  absl::Status Start();
  // Poll runs one iteration: waits up to max_wait_ns (less when a timer is
  // due; never in busy-poll mode) for socket events, handles them, runs
  // the sessions' timers and writes what is ready.
  void Poll(std::int64_t max_wait_ns);
  // Run polls until `stop` is set, then logs every session out (waiting up
  // to their LogoutTimeout) and closes everything.
  void Run(const std::atomic<bool>& stop);
  // Shutdown closes every connection at once.
  void Shutdown();

  // The port an acceptor session listens on (useful with accept_port 0).
  std::uint16_t bound_port(const Session& session) const noexcept;
  // Connections open now (with or without a session), for tests and tools.
  std::size_t connection_count() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// NowNs: the wall clock in nanoseconds since the epoch (what SendingTime needs).
std::int64_t NowNs() noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_NET_ENGINE_H_
