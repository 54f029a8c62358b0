// session_latency_tcp.cc: the TCP floor (see session_latency_tcp.h).
#include "benchmarks/session_latency_tcp.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace fixwire_session_latency {
namespace {

// Frame wraps a body (35=... up to the last field, '|' for SOH) in 8=, 9=
// and 10= as a FIX message.
std::string Frame(std::string body) {
  for (char& c : body) c = c == '|' ? '\x01' : c;
  std::string m = "8=FIX.4.4\x01" "9=" + std::to_string(body.size()) + "\x01" + body;
  unsigned sum = 0;
  for (unsigned char c : m) sum += c;
  char trailer[8];
  std::snprintf(trailer, sizeof trailer, "10=%03u\x01", sum % 256);
  return m + trailer;
}

// The messages the FIX rows exchange, as fixwire writes them.
const std::string& Order() {
  static const std::string m = Frame(
      "35=D|49=CLIENT|56=VENUE|34=12345|52=20261206-10:00:00.123456789|11=L12345|21=1|55=EURUSD|"
      "54=1|60=20261206-10:00:00.123|38=100|40=2|44=1.0875|");
  return m;
}
const std::string& Report() {
  static const std::string m = Frame(
      "35=8|49=VENUE|56=CLIENT|34=12345|52=20261206-10:00:00.123456789|37=O1|11=L12345|17=E1|"
      "150=0|39=0|55=EURUSD|54=1|151=100|14=0|6=0|");
  return m;
}

// Sent in place of an order when the initiator stops timing early.
constexpr char kEndOfRoundTrips = 'X';

bool WriteAll(int fd, const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

bool ReadExact(int fd, char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t r = ::recv(fd, p, n, 0);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

void NoDelay(int fd) {
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

void SetError(AcceptorReport& r, const char* text) {
  std::snprintf(r.error, sizeof r.error, "%s (%s)", text, std::strerror(errno));
}

}  // namespace

AcceptorReport RunTcpAcceptor(const SideOptions& options, int port_fd) {
  AcceptorReport report;
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(listener, 1) != 0 || ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    SetError(report, "cannot listen");
    AnnouncePort(port_fd, 0);
    return report;
  }
  AnnouncePort(port_fd, ntohs(addr.sin_port));
  const int fd = ::accept(listener, nullptr, nullptr);
  ::close(listener);
  if (fd < 0) {
    SetError(report, "accept failed");
    return report;
  }
  NoDelay(fd);
  const std::string& order = Order();
  const std::string& answer = Report();
  std::string in(order.size(), '\0');
  const std::uint64_t total = options.warmup + options.round_trips;
  for (std::uint64_t i = 0; i < total; ++i) {
    if (!ReadExact(fd, in.data(), in.size())) {
      SetError(report, "round trip failed");
      ::close(fd);
      return report;
    }
    if (in[0] == kEndOfRoundTrips) break;  // the initiator's time cap
    if (!WriteAll(fd, answer.data(), answer.size())) {
      SetError(report, "round trip failed");
      ::close(fd);
      return report;
    }
    ++report.answered;
  }
  if (options.throughput_seconds > 0) {
    // Count whole orders until the initiator shuts its side down.
    std::string buffer(1 << 16, '\0');
    std::uint64_t bytes = 0;
    for (;;) {
      const ssize_t r = ::recv(fd, buffer.data(), buffer.size(), 0);
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) {
        SetError(report, "read failed");
        ::close(fd);
        return report;
      }
      if (r == 0) break;
      bytes += static_cast<std::uint64_t>(r);
    }
    report.throughput_received = bytes / order.size();
    if (bytes % order.size() != 0) ++report.out_of_order;
    if (!WriteAll(fd, reinterpret_cast<const char*>(&report.throughput_received), sizeof(std::uint64_t))) {
      SetError(report, "count write failed");
    }
  }
  ::close(fd);
  report.ok = report.error[0] == '\0' ? 1 : 0;
  return report;
}

InitiatorResult RunTcpInitiator(const SideOptions& options, std::uint16_t port) {
  InitiatorResult result;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    result.error = std::string("connect failed: ") + std::strerror(errno);
    if (fd >= 0) ::close(fd);
    return result;
  }
  NoDelay(fd);
  const std::string& order = Order();
  std::string in(Report().size(), '\0');
  const std::uint64_t total = options.warmup + options.round_trips;
  result.samples_ns.reserve(options.round_trips);
  std::int64_t deadline = INT64_MAX;
  for (std::uint64_t i = 0; i < total; ++i) {
    if (i == options.warmup) deadline = TimedDeadline(options, MonotonicNs());
    const std::int64_t t0 = MonotonicNs();
    if (t0 >= deadline) {
      const std::string end(order.size(), kEndOfRoundTrips);
      if (!WriteAll(fd, end.data(), end.size())) result.error = "round trip failed";
      break;
    }
    if (!WriteAll(fd, order.data(), order.size()) || !ReadExact(fd, in.data(), in.size())) {
      result.error = "round trip failed";
      ::close(fd);
      return result;
    }
    const std::int64_t t1 = MonotonicNs();
    if (i >= options.warmup) result.samples_ns.push_back(t1 - t0);
  }
  if (options.throughput_seconds > 0) {
    // Orders back to back, 64 to a write (what an engine's batching does).
    std::string batch;
    for (int i = 0; i < 64; ++i) batch += order;
    const std::int64_t start = MonotonicNs();
    const std::int64_t end = start + static_cast<std::int64_t>(options.throughput_seconds * 1e9);
    std::uint64_t sent = 0;
    while (MonotonicNs() < end) {
      if (!WriteAll(fd, batch.data(), batch.size())) {
        result.error = "throughput write failed";
        ::close(fd);
        return result;
      }
      sent += 64;
    }
    ::shutdown(fd, SHUT_WR);
    std::uint64_t counted = 0;
    if (!ReadExact(fd, reinterpret_cast<char*>(&counted), sizeof counted)) {
      result.error = "no count from the acceptor";
    }
    result.throughput_elapsed_s = static_cast<double>(MonotonicNs() - start) / 1e9;
    result.throughput_sent = sent;
  }
  ::close(fd);
  return result;
}

}  // namespace fixwire_session_latency
