// session_latency_main.cc: //benchmarks:session_latency, round-trip latency
// and one-way throughput through live sessions over loopback TCP.
//
//   session_latency [--round-trips=N] [--warmup=N] [--throughput-seconds=S]
//                   [--max-timed-seconds=S] [--rows=NAME,...] [--cpus=A,B]
//                   [--json=FILE]
//
// For each row the program forks an acceptor child; the parent is the
// initiator. Parent and child are pinned to two different CPUs (none when
// the machine has one). Each row: logon, warm-up round trips (not timed),
// N timed round trips (NewOrderSingle out, ExecutionReport back, the clock
// read before the order is encoded and after the report is decoded), then
// orders one way for S seconds, counted by the acceptor (any loss, gap or
// reordering fails the row). --max-timed-seconds caps each row's timed
// phase (a row with a disk sync per message then reports fewer round trips,
// and says so). Persistent stores live in a fresh directory
// under $TEST_TMPDIR (else /tmp), removed after the row. Prints both tables
// at the end; --json writes them for benchmarks/session_latency_report.py.
// Exit status: 0 when every row ran clean, 1 otherwise, 2 for bad flags.
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks/latency_stats.h"
#include "benchmarks/session_latency_fixwire.h"
#include "benchmarks/session_latency_protocol.h"
#include "benchmarks/session_latency_quickfix.h"
#include "benchmarks/session_latency_tcp.h"

namespace fixwire_session_latency {
namespace {

enum class EngineKind { kTcp, kFixwire, kQuickfix };

struct Row {
  std::string_view name;
  EngineKind engine;
  StoreKind store;
  bool busy_poll;
};

constexpr Row kRows[] = {
    {"tcp-floor", EngineKind::kTcp, StoreKind::kNone, false},
    {"fixwire/memory", EngineKind::kFixwire, StoreKind::kMemory, false},
    {"fixwire/mmap", EngineKind::kFixwire, StoreKind::kMmap, false},
    {"fixwire/file-flush", EngineKind::kFixwire, StoreKind::kFileFlush, false},
    {"fixwire/file-fsync", EngineKind::kFixwire, StoreKind::kFileFsync, false},
    {"fixwire/memory/busy-poll", EngineKind::kFixwire, StoreKind::kMemory, true},
    {"quickfix/memory", EngineKind::kQuickfix, StoreKind::kMemory, false},
    {"quickfix/file", EngineKind::kQuickfix, StoreKind::kFileFlush, false},
};

struct Flags {
  std::uint64_t round_trips = 1'000'000;
  std::int64_t warmup = -1;  // -1: min(10,000, max(100, 5% of the round trips))
  double throughput_seconds = 10;
  double max_timed_seconds = 0;  // 0: no cap
  std::vector<std::string> rows;
  std::string json;
  int cpus[2] = {0, 1};
};

struct RowOutcome {
  const Row* row = nullptr;
  LatencySummary latency;
  double throughput = 0;  // messages per second, one way
  std::uint64_t throughput_sent = 0;
  std::uint64_t throughput_received = 0;
  bool time_capped = false;  // fewer round trips than asked: the time cap ended the row
  std::string error;
};

bool ParseFlags(int argc, char** argv, Flags& f) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](std::string_view name, std::string* out) {
      if (a.substr(0, name.size()) != name) return false;
      *out = std::string(a.substr(name.size()));
      return true;
    };
    std::string v;
    if (value("--round-trips=", &v)) {
      f.round_trips = std::strtoull(v.c_str(), nullptr, 10);
    } else if (value("--warmup=", &v)) {
      f.warmup = std::strtoll(v.c_str(), nullptr, 10);
    } else if (value("--throughput-seconds=", &v)) {
      f.throughput_seconds = std::strtod(v.c_str(), nullptr);
    } else if (value("--max-timed-seconds=", &v)) {
      f.max_timed_seconds = std::strtod(v.c_str(), nullptr);
    } else if (value("--json=", &v)) {
      f.json = v;
    } else if (value("--cpus=", &v)) {
      if (std::sscanf(v.c_str(), "%d,%d", &f.cpus[0], &f.cpus[1]) != 2) return false;
    } else if (value("--rows=", &v)) {
      std::size_t start = 0;
      while (start <= v.size()) {
        const std::size_t comma = std::min(v.find(',', start), v.size());
        const std::string name = v.substr(start, comma - start);
        bool known = false;
        for (const Row& r : kRows) known = known || r.name == name;
        if (!known) {
          std::fprintf(stderr, "unknown row: %s\n", name.c_str());
          return false;
        }
        f.rows.push_back(name);
        start = comma + 1;
      }
    } else {
      std::fprintf(stderr, "unknown argument: %s\n", argv[i]);
      return false;
    }
  }
  return true;
}

// Pin pins the calling process to `cpu` when `can_pin` (the process was
// allowed more than one CPU when it started).
void Pin(int cpu, bool can_pin) {
  if (!can_pin) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    std::fprintf(stderr, "warning: cannot pin to CPU %d\n", cpu);
  }
}

bool ReadAll(int fd, void* out, std::size_t n) {
  char* p = static_cast<char*>(out);
  while (n > 0) {
    const ssize_t r = read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

std::string TempRoot() {
  const char* base = std::getenv("TEST_TMPDIR");
  std::string pattern = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/session_latency.XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) return "";
  return pattern;
}

RowOutcome RunRow(const Row& row, const Flags& flags, std::uint64_t warmup, bool can_pin) {
  RowOutcome out;
  out.row = &row;
  const std::string root = TempRoot();
  if (root.empty()) {
    out.error = "cannot create a temporary directory";
    return out;
  }
  SideOptions initiator{warmup, flags.round_trips, flags.throughput_seconds, row.busy_poll,
                        flags.max_timed_seconds, row.store, root + "/initiator"};
  SideOptions acceptor = initiator;
  acceptor.directory = root + "/acceptor";
  std::filesystem::create_directories(initiator.directory);
  std::filesystem::create_directories(acceptor.directory);
  const std::uint16_t quickfix_port = row.engine == EngineKind::kQuickfix ? FreeLoopbackPort() : 0;

  int fds[2];
  if (pipe(fds) != 0) {
    out.error = "pipe failed";
    return out;
  }
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    out.error = "fork failed";
    return out;
  }
  if (pid == 0) {
    close(fds[0]);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    Pin(flags.cpus[1], can_pin);
    AcceptorReport report;
    switch (row.engine) {
      case EngineKind::kTcp: report = RunTcpAcceptor(acceptor, fds[1]); break;
      case EngineKind::kFixwire: report = RunFixwireAcceptor(acceptor, fds[1]); break;
      case EngineKind::kQuickfix: report = RunQuickfixAcceptor(acceptor, quickfix_port, fds[1]); break;
    }
    const bool written = write(fds[1], &report, sizeof report) == static_cast<ssize_t>(sizeof report);
    _exit(written ? 0 : 1);
  }
  close(fds[1]);
  std::uint16_t port = 0;
  InitiatorResult result;
  if (!ReadAll(fds[0], &port, sizeof port) || port == 0) {
    result.error = "the acceptor did not start";
  } else {
    switch (row.engine) {
      case EngineKind::kTcp: result = RunTcpInitiator(initiator, port); break;
      case EngineKind::kFixwire: result = RunFixwireInitiator(initiator, port); break;
      case EngineKind::kQuickfix: result = RunQuickfixInitiator(initiator, port); break;
    }
  }
  if (!result.error.empty()) kill(pid, SIGKILL);
  AcceptorReport report;
  const bool reported = ReadAll(fds[0], &report, sizeof report);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  std::error_code ignored;
  std::filesystem::remove_all(root, ignored);

  out.error = result.error;
  if (out.error.empty() && !reported) out.error = "the acceptor ended without a report";
  if (out.error.empty() && report.ok != 1) out.error = std::string("acceptor: ") + report.error;
  out.throughput_sent = result.throughput_sent;
  out.throughput_received = report.throughput_received;
  if (out.error.empty() && (report.throughput_received != result.throughput_sent ||
                            report.out_of_order != 0 || report.gaps != 0)) {
    char text[160];
    std::snprintf(text, sizeof text, "throughput: sent %" PRIu64 ", received %" PRIu64
                  ", out of order %" PRIu64 ", gaps %" PRIu64, result.throughput_sent,
                  report.throughput_received, report.out_of_order, report.gaps);
    out.error = text;
  }
  out.time_capped = result.samples_ns.size() < flags.round_trips && flags.max_timed_seconds > 0;
  if (out.error.empty() && (result.samples_ns.empty() ||
                            (result.samples_ns.size() != flags.round_trips && !out.time_capped))) {
    out.error = "samples missing";
  }
  out.latency = Summarize(result.samples_ns);
  if (result.throughput_elapsed_s > 0) {
    out.throughput = static_cast<double>(result.throughput_sent) / result.throughput_elapsed_s;
  }
  return out;
}

void PrintTables(const std::vector<RowOutcome>& rows, std::uint64_t warmup) {
  double floor_median = 0;
  for (const RowOutcome& r : rows) {
    if (r.row->name == "tcp-floor") floor_median = r.latency.median_us;
  }
  std::printf("\nRound trip, microseconds (%" PRIu64 " warm-up per row, then the count shown)\n",
              warmup);
  std::printf("%-26s %9s %9s %9s %9s %9s %10s %8s %14s\n", "row", "count", "MIN", "AVG", "MEDIAN", "STDDEV", "MAX",
              "/floor", "msgs/s");
  for (const RowOutcome& r : rows) {
    const LatencySummary& s = r.latency;
    char ratio[16] = "-";
    if (floor_median > 0) std::snprintf(ratio, sizeof ratio, "%.2fx", s.median_us / floor_median);
    std::printf("%-26.*s %9" PRIu64 " %9.2f %9.2f %9.2f %9.2f %10.2f %8s %14.0f%s%s\n",
                static_cast<int>(r.row->name.size()), r.row->name.data(), s.count, s.min_us, s.avg_us, s.median_us, s.stddev_us, s.max_us, ratio,
                r.throughput, r.error.empty() ? "" : "  FAILED: ", r.error.c_str());
  }
  std::printf("\nPercentiles, microseconds (nearest rank over every sample)\n%-26s", "row");
  for (std::string_view p : kPercentiles) std::printf(" %9.*s%%", static_cast<int>(p.size()), p.data());
  std::printf("\n");
  for (const RowOutcome& r : rows) {
    std::printf("%-26.*s", static_cast<int>(r.row->name.size()), r.row->name.data());
    for (double v : r.latency.percentiles_us) std::printf(" %10.2f", v);
    std::printf("\n");
  }
}

std::string JsonString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

bool WriteJson(const std::string& path, const std::vector<RowOutcome>& rows, const double load[3],
               const Flags& flags, std::uint64_t warmup) {
  std::ofstream f(path);
  char buf[64];
  auto num = [&](double v) {
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return std::string(buf);
  };
  f << "{\n  \"load_average\": [" << num(load[0]) << ", " << num(load[1]) << ", " << num(load[2]) << "],\n"
    << "  \"warmup\": " << warmup << ",\n"
    << "  \"throughput_seconds\": " << num(flags.throughput_seconds) << ",\n"
    << "  \"cpus\": [" << flags.cpus[0] << ", " << flags.cpus[1] << "],\n"
    << "  \"rows\": [";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const RowOutcome& r = rows[i];
    const LatencySummary& s = r.latency;
    f << (i == 0 ? "\n" : ",\n") << "    {\"row\": " << JsonString(r.row->name)
      << ", \"round_trips\": " << s.count << ", \"min_us\": " << num(s.min_us)
      << ", \"avg_us\": " << num(s.avg_us) << ", \"median_us\": " << num(s.median_us)
      << ", \"stddev_us\": " << num(s.stddev_us) << ", \"max_us\": " << num(s.max_us)
      << ",\n     \"percentiles_us\": {";
    for (std::size_t p = 0; p < kPercentiles.size(); ++p) {
      f << (p == 0 ? "" : ", ") << JsonString(kPercentiles[p]) << ": " << num(s.percentiles_us[p]);
    }
    f << "}";
    if (flags.throughput_seconds > 0) {
      f << ",\n     \"throughput_msgs_per_s\": " << num(r.throughput)
        << ", \"throughput_sent\": " << r.throughput_sent
        << ", \"throughput_received\": " << r.throughput_received;
    }
    f << ", \"time_capped\": " << (r.time_capped ? "true" : "false")
      << ", \"error\": " << JsonString(r.error) << "}";
  }
  f << "\n  ]\n}\n";
  return static_cast<bool>(f);
}

int Main(int argc, char** argv) {
  Flags flags;
  if (!ParseFlags(argc, argv, flags)) return 2;
  const std::uint64_t warmup =
      flags.warmup >= 0 ? static_cast<std::uint64_t>(flags.warmup)
                        : std::min<std::uint64_t>(10'000, std::max<std::uint64_t>(100, flags.round_trips / 20));
  cpu_set_t allowed;
  const bool can_pin = sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) >= 2;
  Pin(flags.cpus[0], can_pin);
  std::vector<RowOutcome> outcomes;
  for (const Row& row : kRows) {
    bool wanted = flags.rows.empty();
    for (const std::string& name : flags.rows) wanted = wanted || name == row.name;
    if (!wanted) continue;
    std::fprintf(stderr, "%.*s ...\n", static_cast<int>(row.name.size()), row.name.data());
    outcomes.push_back(RunRow(row, flags, warmup, can_pin));
    if (!outcomes.back().error.empty()) {
      std::fprintf(stderr, "  failed: %s\n", outcomes.back().error.c_str());
    }
  }
  double load[3] = {0, 0, 0};
  if (getloadavg(load, 3) != 3) load[0] = load[1] = load[2] = 0;
  PrintTables(outcomes, warmup);
  if (!flags.json.empty() && !WriteJson(flags.json, outcomes, load, flags, warmup)) {
    std::fprintf(stderr, "cannot write %s\n", flags.json.c_str());
    return 1;
  }
  for (const RowOutcome& r : outcomes) {
    if (!r.error.empty()) return 1;
  }
  return 0;
}

}  // namespace
}  // namespace fixwire_session_latency

int main(int argc, char** argv) { return fixwire_session_latency::Main(argc, argv); }
