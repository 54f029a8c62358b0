// Hostile peers against a fixwire acceptor over real loopback TCP: garbage,
// an absurd BodyLength, a message that never completes, a flood of
// connections that never log on, Logons with wrong CompIDs, a second
// connection for a session already logged on, and a peer that stops
// reading. The engine keeps serving, memory stays bounded, and a real
// Logon sent in the middle of all this is answered at once. A message log
// sees the garbled bytes and the rejected messages.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "fixwire/net/engine.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"

namespace fixwire::testing {
namespace {

class Quiet final : public Application {
 public:
  void OnAppMessage(Session&, const MessageView&, const GroupedMessage*) noexcept override { ++apps; }
  int apps = 0;
};

std::string Frame(const std::string& body) {
  std::string m = "8=FIX.4.4\x01" "9=" + std::to_string(body.size()) + "\x01" + body;
  unsigned sum = 0;
  for (unsigned char c : m) sum += c;
  char t[16];
  std::snprintf(t, sizeof t, "10=%03u\x01", sum % 256);
  return m + t;
}

std::string Timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char b[64];
  std::snprintf(b, sizeof b, "%04d%02d%02d-%02d:%02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return b;
}

std::string Logon(const std::string& sender, const std::string& target) {
  return Frame("35=A\x01" "49=" + sender + "\x01" "56=" + target + "\x01" "34=1\x01" "52=" +
               Timestamp() + "\x01" "98=0\x01" "108=30\x01");
}

int Dial(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  return fd;
}

void SendAll(int fd, const std::string& bytes) {
  std::size_t at = 0;
  for (int i = 0; i < 1000 && at < bytes.size(); ++i) {
    const ssize_t n = ::send(fd, bytes.data() + at, bytes.size() - at, MSG_NOSIGNAL);
    if (n > 0) at += static_cast<std::size_t>(n);
    else usleep(1000);
  }
}

// Reads what is available (non-blocking).
std::string Drain(int fd) {
  std::string got;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    got.append(buf, static_cast<std::size_t>(n));
  }
  return got;
}

// Closed: the peer closed the connection (a read returns 0).
bool Closed(int fd) {
  char c;
  const ssize_t n = ::recv(fd, &c, 1, MSG_PEEK);
  return n == 0;
}

// Recorder keeps what the engine logs.
class Recorder final : public MessageLog {
 public:
  void OnIncoming(std::string_view m) noexcept override { incoming.emplace_back(m); }
  void OnOutgoing(std::string_view m) noexcept override { outgoing.emplace_back(m); }
  void OnEvent(std::string_view text) noexcept override { events.emplace_back(text); }
  bool HasEvent(std::string_view start) const {
    for (const std::string& e : events) {
      if (e.compare(0, start.size(), start) == 0) return true;
    }
    return false;
  }
  std::vector<std::string> incoming, outgoing, events;
};

struct Acceptor {
  explicit Acceptor(EngineOptions eo = {}, MessageLog* log = nullptr) : engine(eo) {
    SessionOptions o;
    o.role = SessionRole::kAcceptor;
    o.begin_string = "FIX.4.4";
    o.sender_comp_id = "VENUE";
    o.target_comp_id = "CLIENT";
    TransportOptions t;
    t.listen = true;
    t.send_queue_bytes = 64 * 1024;
    t.send_stall_timeout_s = 1;
    t.receive_buffer_bytes = 64 * 1024;
    session = &engine.AddSession(o, app, store, t, log);
    EXPECT_TRUE(engine.Start().ok());
    port = engine.bound_port(*session);
  }
  void Pump(int rounds) {
    for (int i = 0; i < rounds; ++i) engine.Poll(1'000'000);
  }
  Quiet app;
  MemoryStore store;
  Engine engine;
  Session* session = nullptr;
  std::uint16_t port = 0;
};

TEST(HostilePeers, GarbageHugeBodyLengthAndWrongCompIdsAreDisconnected) {
  Acceptor a;
  const int garbage = Dial(a.port);
  const int huge = Dial(a.port);
  const int wrong = Dial(a.port);
  a.Pump(5);
  SendAll(garbage, std::string(3000, 'x') + "8=FIX.4.4\x01" "9=5\x01" "35=0\x01" "10=000\x01");
  SendAll(huge, "8=FIX.4.4\x01" "9=2147483648\x01" "35=A\x01");
  SendAll(wrong, Logon("INTRUDER", "VENUE"));
  a.Pump(50);
  EXPECT_TRUE(Closed(wrong));  // unknown counterparty
  EXPECT_FALSE(a.session->logged_on());
  // Garbage and the absurd BodyLength are skipped by the framer: no Logon
  // ever comes, so the logon timeout will close them; they hold nothing.
  EXPECT_LE(a.engine.connection_count(), 2u);
  for (int fd : {garbage, huge, wrong}) ::close(fd);
}

TEST(HostilePeers, FloodOfSilentConnectionsDoesNotDelayARealLogon) {
  EngineOptions eo;
  eo.max_pending_connections = 200;
  Acceptor a(eo);
  std::vector<int> flood;
  for (int i = 0; i < 400; ++i) {
    flood.push_back(Dial(a.port));
    if (i % 50 == 0) a.Pump(2);
  }
  // Slow talkers: a byte now and then of a message that never completes.
  for (int i = 0; i < 50; ++i) SendAll(flood[static_cast<std::size_t>(i)], "8=FIX.4.4\x01" "9=");
  a.Pump(20);
  EXPECT_LE(a.engine.connection_count(), 200u);  // bounded: the oldest were closed

  const int real = Dial(a.port);
  a.Pump(2);
  const auto start = std::chrono::steady_clock::now();
  SendAll(real, Logon("CLIENT", "VENUE"));
  std::string answer;
  while (answer.find("35=A\x01") == std::string::npos &&
         std::chrono::steady_clock::now() - start < std::chrono::seconds(5)) {
    a.Pump(1);
    answer += Drain(real);
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("Logon answered in %.2f ms with %zu connections open\n", ms, a.engine.connection_count());
  EXPECT_NE(answer.find("35=A\x01"), std::string::npos);
  EXPECT_LT(ms, 1000.0);
  EXPECT_TRUE(a.session->logged_on());

  // A second connection for the same session is refused; the first stays.
  const int second = Dial(a.port);
  a.Pump(2);
  SendAll(second, Logon("CLIENT", "VENUE"));
  for (int i = 0; i < 50 && !Closed(second); ++i) a.Pump(1);
  EXPECT_TRUE(Closed(second));
  EXPECT_TRUE(a.session->logged_on());
  for (int fd : flood) ::close(fd);
  ::close(real);
  ::close(second);
}

TEST(HostilePeers, APeerThatStopsReadingIsDisconnectedAndMemoryStaysBounded) {
  Acceptor a;
  const int lazy = Dial(a.port);
  int small = 4096;
  setsockopt(lazy, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  a.Pump(2);
  SendAll(lazy, Logon("CLIENT", "VENUE"));
  for (int i = 0; i < 100 && !a.session->logged_on(); ++i) a.Pump(1);
  ASSERT_TRUE(a.session->logged_on());
  // Send until the output is full: the peer never reads.
  int full = 0;
  for (int i = 0; i < 100'000 && full == 0; ++i) {
    const SendResult r = a.session->Send("8", [&](Encoder& e) {
      e.AddString(tag::Text, std::string(200, 'z'));
    }, NowNs());
    if (r.status == SendStatus::kOutputFull) full = i;
    a.engine.Poll(0);
  }
  EXPECT_GT(full, 0);  // backpressure reached, not unbounded growth
  const auto start = std::chrono::steady_clock::now();
  while (a.session->state() != SessionState::kDisconnected &&
         std::chrono::steady_clock::now() - start < std::chrono::seconds(5)) {
    a.Pump(1);
  }
  EXPECT_EQ(a.session->state(), SessionState::kDisconnected);  // send stall timeout (1 s)
  ::close(lazy);
}

TEST(HostilePeers, TheLogSeesGarbledAndRejectedInput) {
  Recorder log;
  Acceptor a({}, &log);
  const int fd = Dial(a.port);
  a.Pump(5);
  const std::string logon = Logon("CLIENT", "VENUE");
  SendAll(fd, logon);
  for (int i = 0; i < 200 && !a.session->logged_on(); ++i) a.Pump(1);
  ASSERT_TRUE(a.session->logged_on());
  // Junk (a message starts only after SOH), then a message with a tag that
  // is no number (rejected, number 2).
  const std::string undecodable =
      Frame("35=D\x01" "49=CLIENT\x01" "56=VENUE\x01" "34=2\x01" "52=" + Timestamp() + "\x01" "x1=5\x01");
  SendAll(fd, std::string(99, '#') + "\x01" + undecodable);
  for (int i = 0; i < 100 && log.outgoing.size() < 2; ++i) a.Pump(1);
  ASSERT_GE(log.incoming.size(), 2u);
  EXPECT_EQ(log.incoming[0], logon);
  EXPECT_EQ(log.incoming[1], undecodable);  // logged as received, then rejected
  ASSERT_GE(log.outgoing.size(), 2u);
  EXPECT_NE(log.outgoing[0].find("\x01" "35=A\x01"), std::string::npos);
  EXPECT_NE(log.outgoing[1].find("\x01" "35=3\x01"), std::string::npos);
  EXPECT_TRUE(log.HasEvent("Accepted a connection from 127.0.0.1:"));
  EXPECT_TRUE(log.HasEvent("Logon"));
  EXPECT_TRUE(log.HasEvent("Garbled input skipped: 100 bytes"));
  EXPECT_TRUE(log.HasEvent("Reject sent for 2"));
  ::close(fd);
  for (int i = 0; i < 100 && a.session->state() != SessionState::kDisconnected; ++i) a.Pump(1);
  EXPECT_TRUE(log.HasEvent("Connection closed: "));  // closed, or reset: unread bytes were left
  EXPECT_TRUE(log.HasEvent("Disconnected"));
}

}  // namespace
}  // namespace fixwire::testing
