// session_latency_protocol.h: what the two processes of
// //benchmarks:session_latency agree on, whatever engine runs them.
//
// The initiator (the parent process) sends `warmup + round_trips` orders
// with ClOrdID "L<n>", each answered by one ExecutionReport that it times;
// then, for `throughput_seconds`, orders "T<n>" (n from 0, in order) that
// the acceptor counts without answering; then one order "E" whose answer
// says the acceptor has seen every "T" order before it. The acceptor (a
// forked child) reports what it saw in one AcceptorReport written to a pipe.
//
// Plain C++14 (the QuickFIX side includes it too); no allocation on the
// message path; MonotonicNs is the one clock both sides use.
#ifndef FIXWIRE_BENCHMARKS_SESSION_LATENCY_PROTOCOL_H_
#define FIXWIRE_BENCHMARKS_SESSION_LATENCY_PROTOCOL_H_

#include <time.h>
#include <unistd.h>

#include <cstdint>
#include <climits>
#include <string>
#include <vector>

namespace fixwire_session_latency {

// The store a row's sessions use (both sides use the same kind).
enum class StoreKind { kNone, kMemory, kMmap, kFileFlush, kFileFsync };

// What one side of a row needs to know.
struct SideOptions {
  std::uint64_t warmup = 0;
  std::uint64_t round_trips = 0;
  double throughput_seconds = 0;
  bool busy_poll = false;
  // The initiator stops timing after this long (0: never), so a slow row
  // (a disk sync per message) ends with fewer than round_trips samples.
  double max_timed_seconds = 0;
  StoreKind store = StoreKind::kMemory;
  std::string directory;  // persistent stores: this side's own, fresh directory
};

// What the initiator measured. samples_ns holds one round trip per timed
// order (the warm-up excluded), in the order they were sent.
struct InitiatorResult {
  std::vector<std::int64_t> samples_ns;
  std::uint64_t throughput_sent = 0;
  double throughput_elapsed_s = 0;  // first "T" sent to the answer to "E" read
  std::string error;                // empty when the row ran to the end
};

// What the acceptor saw, written once to the pipe as raw bytes.
struct AcceptorReport {
  std::uint64_t answered = 0;             // "L" and "E" orders answered
  std::uint64_t throughput_received = 0;  // "T" orders counted
  std::uint64_t out_of_order = 0;         // "T" orders whose number was not the next
  std::uint64_t gaps = 0;                 // resend requests, gap fills, resets seen
  std::int32_t ok = 0;                    // 1: the acceptor ran to the end
  char error[160] = {};
};

// MonotonicNs: CLOCK_MONOTONIC in nanoseconds (vDSO: no system call).
inline std::int64_t MonotonicNs() noexcept {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// TimedDeadline: when the initiator stops timing, from `start` (ns), or INT64_MAX.
inline std::int64_t TimedDeadline(const SideOptions& o, std::int64_t start) noexcept {
  return o.max_timed_seconds > 0 ? start + static_cast<std::int64_t>(o.max_timed_seconds * 1e9) : INT64_MAX;
}

// ParseOrderNumber reads the number after the one-letter prefix of a
// ClOrdID ("T123" -> 123); false when there is none.
inline bool ParseOrderNumber(const char* text, std::size_t size, std::uint64_t* n) noexcept {
  if (size < 2) return false;
  std::uint64_t v = 0;
  for (std::size_t i = 1; i < size; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + static_cast<std::uint64_t>(text[i] - '0');
  }
  *n = v;
  return true;
}

// AnnouncePort tells the parent, through the pipe `fd`, the port the
// acceptor listens on (the first bytes the child writes).
inline bool AnnouncePort(int fd, std::uint16_t port) noexcept {
  return write(fd, &port, sizeof port) == static_cast<ssize_t>(sizeof port);
}

// OrderId writes prefix + n into `out` (at least 24 bytes); returns the length.
inline std::size_t OrderId(char prefix, std::uint64_t n, char* out) noexcept {
  char digits[21];
  std::size_t len = 0;
  do {
    digits[len++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n != 0);
  out[0] = prefix;
  for (std::size_t i = 0; i < len; ++i) out[1 + i] = digits[len - 1 - i];
  return len + 1;
}

}  // namespace fixwire_session_latency

#endif  // FIXWIRE_BENCHMARKS_SESSION_LATENCY_PROTOCOL_H_
