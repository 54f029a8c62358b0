// engine.cc: Engine (see engine.h): listeners, connections and session
// links on one epoll set.
#include "fixwire/net/engine.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "fixwire/arena/buffer_pool.h"
#include "fixwire/net/event_text.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/stream_framer.h"

namespace fixwire {
namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

class Pollable {
 public:
  virtual void OnEvents(std::uint32_t events, std::int64_t now) noexcept = 0;

 protected:
  ~Pollable() = default;
};

void SetSocketOptions(int fd, const TransportOptions& t) {
  const int one = 1;
  if (t.tcp_nodelay) setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (t.send_buffer_size > 0) {
    setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &t.send_buffer_size, sizeof t.send_buffer_size);
  }
  if (t.receive_buffer_size > 0) {
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &t.receive_buffer_size, sizeof t.receive_buffer_size);
  }
}

// PeerAddress names the other end of a connected socket ("1.2.3.4:5678").
std::string PeerAddress(int fd) {
  sockaddr_in addr{};
  socklen_t len = sizeof addr;
  if (getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0 || addr.sin_family != AF_INET) {
    return "an unknown address";
  }
  char host[INET_ADDRSTRLEN] = "";
  inet_ntop(AF_INET, &addr.sin_addr, host, sizeof host);
  // Cold path: once per accepted connection, for its events.
  return std::string(host) + ":" + std::to_string(ntohs(addr.sin_port));
}

}  // namespace

std::int64_t NowNs() noexcept {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return std::int64_t{ts.tv_sec} * kSecond + ts.tv_nsec;
}

struct Engine::Impl {
  struct Slot;
  struct Listener;

  // One TCP connection: its receive buffer and framer, its send buffer, and
  // the session it serves (none yet for an acceptor's connection before its
  // Logon).
  struct Connection final : Pollable {
    Connection(Impl& e, int socket, Slot* s, Listener* l, const TransportOptions& t,
               std::int64_t now)
        : engine(e),
          fd(socket),
          slot(s),
          listener(l),
          pool(1, t.receive_buffer_bytes),
          framer(pool, [&] {
            FramerOptions f;
            f.max_message_size = t.receive_buffer_bytes;
            return f;
          }()),
          out(new char[t.send_queue_bytes]),
          out_capacity(t.send_queue_bytes),
          opened_ns(now),
          stall_timeout_ns(std::int64_t{t.send_stall_timeout_s} * kSecond),
          index(static_cast<std::uint32_t>(t.receive_buffer_bytes / 4 + 8) < 65536
                    ? static_cast<std::uint32_t>(t.receive_buffer_bytes / 4 + 8)
                    : 65536) {}

    void OnEvents(std::uint32_t events, std::int64_t now) noexcept override {
      if (connecting) {
        int error = 0;
        socklen_t len = sizeof error;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len);
        if (error != 0 || (events & (EPOLLERR | EPOLLHUP)) != 0) {
          return Close(std::string("connect failed: ") + std::strerror(error != 0 ? error : ECONNREFUSED), now);
        }
        connecting = false;
        engine.SetWrite(*this, false);
        engine.Event("connected to " + slot->address());
        slot->LogEvent("Connected to " + slot->address());
        slot->session.OnConnected(now);
        return;
      }
      if ((events & EPOLLIN) != 0) Read(now);
      if (closed) return;
      if ((events & EPOLLOUT) != 0) Flush(now);
      if (closed) return;
      if ((events & (EPOLLERR | EPOLLHUP)) != 0 && (events & EPOLLIN) == 0) {
        Close("the connection failed", now);
      }
    }

    void Read(std::int64_t now) noexcept {
      for (;;) {
        const std::span<char> room = framer.PrepareWrite();
        if (room.empty()) return Close("a message larger than the receive buffer", now);
        const ssize_t n = ::read(fd, room.data(), room.size());
        if (n > 0) {
          framer.Commit(static_cast<std::size_t>(n));
          Frame(now);
          // A close the session asked for happens after its output is written.
          if (closed || close_requested) return;
          if (static_cast<std::size_t>(n) < room.size()) return;  // drained
          continue;
        }
        if (n == 0) return Close("the peer closed the connection", now);
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return;
        return Close(std::string("read failed: ") + std::strerror(errno), now);
      }
    }

    // Frame hands every whole message received to the session.
    void Frame(std::int64_t now) noexcept {
      for (FrameEvent ev = framer.Next(); ev.kind != FrameEvent::kNeedMore; ev = framer.Next()) {
        if (ev.kind == FrameEvent::kSkipped) {  // garbled: ignored, no number consumed
          if (slot != nullptr && slot->log != nullptr) slot->LogGarbled(ev);
          continue;
        }
        if (slot != nullptr && slot->log != nullptr) slot->log->OnIncoming(ev.message);
        MessageView view;
        const Error e = engine.decoder.Decode(ev.message, index, view);
        if (slot == nullptr) {
          if (!Dispatch(e, view, now)) return;
          continue;
        }
        if (e.ok()) {
          slot->session.OnMessage(view, now);
        } else {
          slot->session.OnUndecodable(ev.message, e, now);
        }
        if (closed || close_requested) return;
      }
    }

    // Dispatch attaches an acceptor's new connection to the session its
    // Logon names. Returns false when the connection was closed.
    bool Dispatch(const Error& e, const MessageView& logon, std::int64_t now) noexcept {
      if (!e.ok() || logon.msg_type() != msg_type::Logon) {
        Close("the first message is not a Logon", now);
        return false;
      }
      Slot* found = nullptr;
      for (Slot* s : listener->slots) {
        const SessionOptions& o = s->session.options();
        if (logon.begin_string() == o.begin_string && logon.sender_comp_id() == o.target_comp_id &&
            logon.target_comp_id() == o.sender_comp_id) {
          found = s;
        }
      }
      if (found == nullptr) {
        Close("a Logon for an unknown session: " + std::string(logon.begin_string()) + " " +
                  std::string(logon.sender_comp_id()) + " -> " + std::string(logon.target_comp_id()),
              now);
        return false;
      }
      if (found->connection != nullptr) {
        Close("a second connection for a session already connected", now);
        return false;
      }
      engine.pending.erase(std::remove(engine.pending.begin(), engine.pending.end(), this),
                           engine.pending.end());
      slot = found;
      slot->connection = this;
      stall_timeout_ns = std::int64_t{slot->transport.send_stall_timeout_s} * kSecond;
      if (slot->log != nullptr) slot->LogEvent("Accepted a connection from " + PeerAddress(fd));
      slot->session.OnConnected(now);
      if (slot->log != nullptr) slot->log->OnIncoming(logon.bytes());
      slot->session.OnMessage(logon, now);
      return !closed;
    }

    std::span<char> Reserve(std::size_t max_bytes) noexcept {
      if (closed || close_requested) return {};
      if (out_capacity - out_end < max_bytes && out_begin > 0) {
        std::memmove(out.get(), out.get() + out_begin, out_end - out_begin);
        out_end -= out_begin;
        out_begin = 0;
      }
      if (out_capacity - out_end < max_bytes) {
        // Room for a small message even when the session's maximum does not fit.
        if (out_capacity - out_end < 512) {
          was_full = true;
          return {};
        }
        return std::span<char>(out.get() + out_end, out_capacity - out_end);
      }
      return std::span<char>(out.get() + out_end, max_bytes);
    }

    void Commit(std::string_view message) noexcept {
      char* const at = out.get() + out_end;
      if (message.data() != at) std::memmove(at, message.data(), message.size());
      out_end += message.size();
      if (!dirty) {
        dirty = true;
        engine.dirty.push_back(this);
      }
    }

    void Flush(std::int64_t now) noexcept {
      dirty = false;
      while (out_begin < out_end) {
        // send with MSG_NOSIGNAL: a peer that closed gets EPIPE, never a
        // SIGPIPE that would end the whole process.
        const ssize_t n = ::send(fd, out.get() + out_begin, out_end - out_begin, MSG_NOSIGNAL);
        if (n > 0) {
          out_begin += static_cast<std::size_t>(n);
          continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
          if (blocked_since_ns == 0) blocked_since_ns = now;
          if (!want_write) engine.SetWrite(*this, true);
          return;
        }
        return Close(std::string("write failed: ") + std::strerror(errno), now);
      }
      out_begin = out_end = 0;
      blocked_since_ns = 0;
      if (want_write) engine.SetWrite(*this, false);
      if (was_full && slot != nullptr) {
        was_full = false;
        slot->session.OnOutputReady(now);
      }
    }

    // RequestClose: the session asked to disconnect; what it committed goes
    // out first (one write), then the socket closes.
    void RequestClose(std::string_view reason) noexcept {
      if (close_requested || closed) return;
      close_requested = true;
      close_reason = std::string(reason);
      engine.closing.push_back(this);
    }

    void Close(const std::string& reason, std::int64_t now) noexcept {
      if (closed) return;
      closed = true;
      engine.Remove(*this);
      ::close(fd);
      engine.Event("disconnected: " + reason);
      if (slot != nullptr) slot->LogEvent("Connection closed: " + reason);
      engine.pending.erase(std::remove(engine.pending.begin(), engine.pending.end(), this),
                           engine.pending.end());
      if (slot != nullptr) {
        const bool was_logged_on = slot->session.logged_on() ||
                                   slot->session.state() == SessionState::kLogoutSent;
        if (slot->connection == this) slot->connection = nullptr;
        slot->session.OnDisconnected(now);
        if (!slot->transport.connect.empty()) {
          slot->next_connect_ns = now + std::int64_t{slot->transport.reconnect_interval_s} * kSecond;
          // An address that never got us logged on: try the next one.
          if (!was_logged_on) {
            slot->host_index = (slot->host_index + 1) % slot->transport.connect.size();
          }
        }
      }
      engine.dead.push_back(this);
    }

    Impl& engine;
    int fd;
    Slot* slot;
    Listener* listener;
    BufferPool pool;
    StreamFramer framer;
    std::unique_ptr<char[]> out;
    std::size_t out_capacity;
    std::size_t out_begin = 0;
    std::size_t out_end = 0;
    std::int64_t opened_ns;
    std::int64_t blocked_since_ns = 0;
    std::int64_t stall_timeout_ns;
    FieldIndex index;
    bool connecting = false;
    bool want_write = false;
    bool dirty = false;
    bool was_full = false;
    bool close_requested = false;
    bool closed = false;
    std::string close_reason;
  };

  // A session and the link to its current connection (its SessionOutput).
  // With a MessageLog it also logs every message committed, and hears the
  // session's events to log them.
  struct Slot final : SessionOutput, SessionEventListener {
    Slot(const SessionOptions& o, Application& app, MessageStore& store, const TransportOptions& t,
         MessageLog* l)
        : transport(t), session(o, app, store, *this), log(l) {
      if (log != nullptr) session.SetEventListener(this);
    }

    std::span<char> Reserve(std::size_t max_bytes) noexcept override {
      return connection != nullptr ? connection->Reserve(max_bytes) : std::span<char>{};
    }
    void Commit(std::string_view message) noexcept override {
      if (connection == nullptr) return;
      if (log != nullptr) log->OnOutgoing(message);
      connection->Commit(message);
    }
    void OnSessionEvent(const Session&, const SessionEvent& event) noexcept override {
      char text[kEventTextBytes];
      log->OnEvent(FormatSessionEvent(event, text));
    }
    // LogEvent logs a connection event (cold path: the text is built per connection).
    void LogEvent(const std::string& text) noexcept {
      if (log != nullptr) log->OnEvent(text);
    }
    // LogGarbled logs bytes the framer dropped (no allocation: a hostile
    // peer may send many). snprintf into a stack buffer: a garbled frame is
    // the rare case, never the message path.
    void LogGarbled(const FrameEvent& ev) noexcept {
      char text[128];
      const std::string_view name = ErrorCodeName(ev.error.code);
      // Cold path (a garbled frame, not the message path): snprintf is fine.
      const int n = std::snprintf(text, sizeof text, "Garbled input skipped: %zu bytes (%.*s)",
                                  ev.skipped, static_cast<int>(name.size()), name.data());
      log->OnEvent(std::string_view(text, n > 0 ? std::min<std::size_t>(n, sizeof text - 1) : 0));
    }
    void Disconnect(std::string_view reason) noexcept override {
      if (connection != nullptr) connection->RequestClose(reason);
    }
    // address names the peer for events: connection set-up only, never per message.
    std::string address() const {
      const HostPort& h = transport.connect[host_index];
      return h.host + ":" + std::to_string(h.port);
    }

    TransportOptions transport;
    Session session;
    MessageLog* log;
    Connection* connection = nullptr;
    Listener* listener = nullptr;
    std::size_t host_index = 0;
    std::int64_t next_connect_ns = 0;
  };

  struct Listener final : Pollable {
    Listener(Impl& e, std::uint16_t p) : engine(e), port(p) {}
    void OnEvents(std::uint32_t, std::int64_t now) noexcept override {
      for (;;) {
        const int c = ::accept4(fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (c < 0) {
          if (errno == EINTR) continue;
          return;  // EAGAIN, or a transient error (EMFILE...): try again on the next event
        }
        SetSocketOptions(c, slots.front()->transport);
        engine.AddPending(c, *this, now);
      }
    }
    Impl& engine;
    std::uint16_t port;
    int fd = -1;
    std::vector<Slot*> slots;
  };

  explicit Impl(const EngineOptions& o) : options(o) { epoll = epoll_create1(EPOLL_CLOEXEC); }
  ~Impl() {
    for (auto& c : connections) {
      if (!c->closed) ::close(c->fd);
    }
    for (auto& l : listeners) {
      if (l->fd >= 0) ::close(l->fd);
    }
    if (epoll >= 0) ::close(epoll);
  }

  void Event(const std::string& what) noexcept {
    if (observer != nullptr) observer->OnTransportEvent(what);
  }

  void Add(Pollable& p, int fd, std::uint32_t events) noexcept {
    epoll_event ev{};
    ev.events = events;
    ev.data.ptr = &p;
    epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &ev);
  }
  void SetWrite(Connection& c, bool on) noexcept {
    c.want_write = on;
    epoll_event ev{};
    ev.events = EPOLLIN | (on ? EPOLLOUT : 0u);
    ev.data.ptr = &c;
    epoll_ctl(epoll, EPOLL_CTL_MOD, c.fd, &ev);
  }
  void Remove(Connection& c) noexcept { epoll_ctl(epoll, EPOLL_CTL_DEL, c.fd, nullptr); }

  Connection& NewConnection(int fd, Slot* slot, Listener* listener, const TransportOptions& t,
                            std::int64_t now) {
    connections.push_back(std::make_unique<Connection>(*this, fd, slot, listener, t, now));
    return *connections.back();
  }

  void AddPending(int fd, Listener& l, std::int64_t now) {
    if (pending.size() >= options.max_pending_connections && !pending.empty()) {
      pending.front()->Close("too many connections waiting to log on: the oldest is closed", now);
    }
    Connection& c = NewConnection(fd, nullptr, &l, l.slots.front()->transport, now);
    pending.push_back(&c);
    Add(c, fd, EPOLLIN);
  }

  void Connect(Slot& s, std::int64_t now) {
    const HostPort& target = s.transport.connect[s.host_index];
    s.next_connect_ns = now + std::int64_t{s.transport.reconnect_interval_s} * kSecond;
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* result = nullptr;
    // Connecting is a cold path (once per ReconnectInterval at most): strings are fine here.
    const std::string port = std::to_string(target.port);
    if (getaddrinfo(target.host.c_str(), port.c_str(), &hints, &result) != 0 || result == nullptr) {
      Event("cannot resolve " + s.address());
      s.LogEvent("Cannot resolve " + s.address());
      s.host_index = (s.host_index + 1) % s.transport.connect.size();
      return;
    }
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    SetSocketOptions(fd, s.transport);
    const int rc = ::connect(fd, result->ai_addr, result->ai_addrlen);
    freeaddrinfo(result);
    Connection& c = NewConnection(fd, &s, nullptr, s.transport, now);
    s.connection = &c;
    if (rc == 0) {
      Add(c, fd, EPOLLIN);
      Event("connected to " + s.address());
      s.LogEvent("Connected to " + s.address());
      s.session.OnConnected(now);
      return;
    }
    if (errno != EINPROGRESS) {
      Add(c, fd, EPOLLIN);
      c.Close(std::string("connect failed: ") + std::strerror(errno), now);
      return;
    }
    c.connecting = true;
    c.want_write = true;
    Add(c, fd, EPOLLIN | EPOLLOUT);
  }

  std::int64_t Timers(std::int64_t now) noexcept {
    std::int64_t next = now + 100'000'000;  // look again within 100 ms in any case
    for (auto& s : slots) {
      if (s->session.state() != SessionState::kDisconnected && now >= s->session.next_deadline()) {
        s->session.OnTimer(now);
      }
      if (s->session.state() != SessionState::kDisconnected) {
        next = std::min(next, s->session.next_deadline());
      }
      if (started && !s->transport.connect.empty() && s->connection == nullptr) {
        // Outside its schedule's window an initiator stays unconnected
        // (looked at again within 100 ms).
        if (s->session.ShouldConnect(now)) {
          if (now >= s->next_connect_ns) Connect(*s, now);
          next = std::min(next, s->next_connect_ns);
        }
      }
      Connection* c = s->connection;
      if (c != nullptr && c->blocked_since_ns != 0 && now - c->blocked_since_ns > c->stall_timeout_ns) {
        c->Close("the peer stopped reading", now);
      }
    }
    const std::int64_t pending_limit = std::int64_t{options.pending_logon_timeout_s} * kSecond;
    while (!pending.empty() && now - pending.front()->opened_ns >= pending_limit) {
      pending.front()->Close("no Logon within the logon timeout", now);
    }
    return next;
  }

  void FlushAndReap(std::int64_t now) noexcept {
    for (std::size_t i = 0; i < dirty.size(); ++i) {
      if (!dirty[i]->closed) dirty[i]->Flush(now);
    }
    dirty.clear();
    for (std::size_t i = 0; i < closing.size(); ++i) {
      Connection* c = closing[i];
      if (c->closed) continue;
      c->Flush(now);
      c->Close(c->close_reason, now);
    }
    closing.clear();
    if (!dead.empty()) {
      for (Connection* d : dead) {
        connections.erase(std::find_if(connections.begin(), connections.end(),
                                       [d](const auto& p) { return p.get() == d; }));
      }
      dead.clear();
    }
  }

  void Poll(std::int64_t max_wait_ns) {
    std::int64_t now = NowNs();
    const std::int64_t next = Timers(now);
    FlushAndReap(now);
    std::int64_t wait_ns = std::min(max_wait_ns, next - now);
    if (options.busy_poll || wait_ns < 0) wait_ns = 0;
    epoll_event events[64];
    const int n = epoll_wait(epoll, events, 64, static_cast<int>((wait_ns + 999'999) / 1'000'000));
    now = NowNs();
    for (int i = 0; i < n; ++i) {
      static_cast<Pollable*>(events[i].data.ptr)->OnEvents(events[i].events, now);
      // A connection closed by an earlier event of this batch is reaped only
      // after the batch, so its pointer stays valid here.
    }
    FlushAndReap(now);
  }

  EngineOptions options;
  TransportObserver* observer = nullptr;
  int epoll = -1;
  bool started = false;
  Decoder decoder;
  std::vector<std::unique_ptr<Slot>> slots;
  std::vector<std::unique_ptr<Listener>> listeners;
  std::vector<std::unique_ptr<Connection>> connections;
  std::vector<Connection*> pending;  // accepted, no Logon yet (oldest first)
  std::vector<Connection*> dirty;    // have output to write
  std::vector<Connection*> closing;  // asked to close by their session
  std::vector<Connection*> dead;     // closed, freed after the event batch
};

Engine::Engine(const EngineOptions& options) : impl_(new Impl(options)) {
  impl_->dirty.reserve(256);
  impl_->closing.reserve(64);
  impl_->dead.reserve(64);
}

Engine::~Engine() = default;

Session& Engine::AddSession(const SessionOptions& session, Application& app, MessageStore& store,
                            const TransportOptions& transport, MessageLog* log) {
  impl_->slots.push_back(std::make_unique<Impl::Slot>(session, app, store, transport, log));
  return impl_->slots.back()->session;
}

void Engine::SetObserver(TransportObserver* observer) noexcept { impl_->observer = observer; }

// Start runs once, before any message: its error texts may allocate.
absl::Status Engine::Start() {
  if (impl_->epoll < 0) return absl::InternalError("epoll_create1 failed");
  for (auto& s : impl_->slots) {
    if (!s->transport.listen) continue;
    Impl::Listener* listener = nullptr;
    for (auto& l : impl_->listeners) {
      if (s->transport.accept_port != 0 && l->port == s->transport.accept_port) listener = l.get();
    }
    if (listener == nullptr) {
      impl_->listeners.push_back(std::make_unique<Impl::Listener>(*impl_, s->transport.accept_port));
      listener = impl_->listeners.back().get();
      const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
      const int one = 1;
      if (s->transport.reuse_address) setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
      sockaddr_in addr{};
      addr.sin_family = AF_INET;
      addr.sin_addr.s_addr = htonl(INADDR_ANY);
      addr.sin_port = htons(s->transport.accept_port);
      if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, 1024) != 0) {
        const int err = errno;
        ::close(fd);
        // Cold path: Start() failing to open a socket.
        return absl::UnavailableError("cannot listen on port " +
                                      std::to_string(s->transport.accept_port) + ": " +
                                      std::strerror(err));
      }
      socklen_t len = sizeof addr;
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
      listener->port = ntohs(addr.sin_port);
      listener->fd = fd;
      impl_->Add(*listener, fd, EPOLLIN);
    }
    listener->slots.push_back(s.get());
    s->listener = listener;
  }
  impl_->started = true;
  return absl::OkStatus();
}

void Engine::Poll(std::int64_t max_wait_ns) { impl_->Poll(max_wait_ns); }

void Engine::Run(const std::atomic<bool>& stop) {
  if (impl_->options.cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(impl_->options.cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
  }
  while (!stop.load(std::memory_order_relaxed)) Poll(100'000'000);
  // Log every session out, then wait for the answers (LogoutTimeout).
  const std::int64_t start = NowNs();
  std::int64_t longest = 0;
  for (auto& s : impl_->slots) {
    if (s->session.logged_on()) s->session.Logout("", start);
    longest = std::max<std::int64_t>(longest, std::int64_t{s->session.options().logout_timeout_s} * kSecond);
  }
  while (NowNs() - start < longest) {
    bool any = false;
    for (auto& s : impl_->slots) any = any || s->session.state() != SessionState::kDisconnected;
    if (!any) break;
    Poll(10'000'000);
  }
  Shutdown();
}

void Engine::Shutdown() {
  const std::int64_t now = NowNs();
  for (auto& c : impl_->connections) {
    if (!c->closed) c->Close("shutdown", now);
  }
  impl_->FlushAndReap(now);
  impl_->started = false;
}

std::uint16_t Engine::bound_port(const Session& session) const noexcept {
  for (auto& s : impl_->slots) {
    if (&s->session == &session && s->listener != nullptr) return s->listener->port;
  }
  return 0;
}

std::size_t Engine::connection_count() const noexcept {
  std::size_t n = 0;
  for (auto& c : impl_->connections) n += c->closed ? 0 : 1;
  return n;
}

}  // namespace fixwire
