// session_latency_quickfix.cc: the QuickFIX sides (see
// session_latency_quickfix.h). Built with -std=c++14.
#include "benchmarks/session_latency_quickfix.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <quickfix/Application.h>
#include <quickfix/Field.h>
#include <quickfix/FileStore.h>
#include <quickfix/Message.h>
#include <quickfix/Session.h>
#include <quickfix/SessionSettings.h>
#include <quickfix/SocketAcceptor.h>
#include <quickfix/SocketInitiator.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>

namespace fixwire_session_latency {
namespace {

std::string Settings(const SideOptions& o, bool acceptor, std::uint16_t port) {
  std::ostringstream cfg;
  cfg << "[DEFAULT]\n"
      << "ConnectionType=" << (acceptor ? "acceptor" : "initiator") << "\n"
      << "StartTime=00:00:00\nEndTime=00:00:00\n"
      << "HeartBtInt=30\nReconnectInterval=1\nUseDataDictionary=N\n"
      << "ResetOnLogon=Y\nSocketNodelay=Y\nSocketReuseAddress=Y\n"
      << "[SESSION]\n"
      << "BeginString=FIX.4.4\n"
      << "SenderCompID=" << (acceptor ? "VENUE" : "CLIENT") << "\n"
      << "TargetCompID=" << (acceptor ? "CLIENT" : "VENUE") << "\n";
  if (acceptor) {
    cfg << "SocketAcceptPort=" << port << "\n";
  } else {
    cfg << "SocketConnectHost=127.0.0.1\nSocketConnectPort=" << port << "\n";
  }
  if (o.store == StoreKind::kFileFlush) cfg << "FileStorePath=" << o.directory << "\n";
  return cfg.str();
}

// The stores and engine of one side, built from the settings text.
struct Side {
  std::unique_ptr<FIX::SessionSettings> settings;
  std::unique_ptr<FIX::MessageStoreFactory> store;

  void Open(const SideOptions& o, bool acceptor, std::uint16_t port) {
    std::istringstream in(Settings(o, acceptor, port));
    settings.reset(new FIX::SessionSettings(in));
    if (o.store == StoreKind::kFileFlush) {
      store.reset(new FIX::FileStoreFactory(*settings));
    } else {
      store.reset(new FIX::MemoryStoreFactory());
    }
  }
};

FIX::Message NewOrder(const std::string& cl_ord_id) {
  FIX::Message order;
  order.getHeader().setField(35, "D");
  order.setField(11, cl_ord_id);
  order.setField(21, "1");
  order.setField(55, "EURUSD");
  order.setField(54, "1");
  order.setField(FIX::UtcTimeStampField(60, FIX::UtcTimeStamp(), 3));
  order.setField(38, "100");
  order.setField(40, "2");
  order.setField(44, "1.0875");
  return order;
}

std::string Id(char prefix, std::uint64_t n) {
  char buffer[24];
  return std::string(buffer, OrderId(prefix, n, buffer));
}

// Callbacks QuickFIX requires and these sides ignore.
class Quiet : public FIX::Application {
 public:
  void onCreate(const FIX::SessionID&) override {}
  void toApp(FIX::Message&, const FIX::SessionID&) throw(FIX::DoNotSend) override {}
};

class VenueApp final : public Quiet {
 public:
  void onLogon(const FIX::SessionID&) override {
    std::lock_guard<std::mutex> lock(mutex_);
    logged_on_once_ = true;
  }
  void onLogout(const FIX::SessionID&) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (logged_on_once_) done_ = true;
    cv_.notify_all();
  }
  void toAdmin(FIX::Message& m, const FIX::SessionID&) override { CountGap(m); }
  void fromAdmin(const FIX::Message& m, const FIX::SessionID&)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue, FIX::RejectLogon) override {
    CountGap(m);
  }
  void fromApp(const FIX::Message& m, const FIX::SessionID& id)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue, FIX::UnsupportedMessageType) override {
    const std::string& cl_ord_id = m.getField(11);
    if (!cl_ord_id.empty() && cl_ord_id[0] == 'T') {
      std::uint64_t n = 0;
      if (!ParseOrderNumber(cl_ord_id.data(), cl_ord_id.size(), &n) || n != report_.throughput_received) {
        ++report_.out_of_order;
      }
      ++report_.throughput_received;
      return;
    }
    ++report_.answered;
    FIX::Message report;
    report.getHeader().setField(35, "8");
    report.setField(37, "O1");
    report.setField(11, cl_ord_id);
    report.setField(17, "E1");
    report.setField(150, "0");
    report.setField(39, "0");
    report.setField(55, m.getField(55));
    report.setField(54, m.getField(54));
    report.setField(151, "100");
    report.setField(14, "0");
    report.setField(6, "0");
    FIX::Session::sendToTarget(report, id);
  }

  AcceptorReport Wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [&] { return done_; });
    return report_;
  }

 private:
  void CountGap(const FIX::Message& m) {
    const std::string& type = m.getHeader().getField(35);
    if (type == "2" || type == "4" || type == "3") ++report_.gaps;
  }

  std::mutex mutex_;
  std::condition_variable cv_;
  bool logged_on_once_ = false;
  bool done_ = false;
  AcceptorReport report_;  // written on QuickFIX's thread only, read after the logout
};

class ClientApp final : public Quiet {
 public:
  explicit ClientApp(const SideOptions& o) : options_(o) {
    samples_.reserve(o.round_trips);
  }
  void onLogon(const FIX::SessionID& id) override {
    std::lock_guard<std::mutex> lock(mutex_);
    id_ = id;
    logged_on_ = true;
    cv_.notify_all();
  }
  void onLogout(const FIX::SessionID&) override {
    std::lock_guard<std::mutex> lock(mutex_);
    logged_on_ = false;
    cv_.notify_all();
  }
  void toAdmin(FIX::Message& m, const FIX::SessionID&) override { CountGap(m); }
  void fromAdmin(const FIX::Message& m, const FIX::SessionID&)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue, FIX::RejectLogon) override {
    CountGap(m);
  }
  // Each report: take the time, then send the next timed order from here.
  void fromApp(const FIX::Message& m, const FIX::SessionID& id)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue, FIX::UnsupportedMessageType) override {
    const std::int64_t now = MonotonicNs();
    const std::string& cl_ord_id = m.getField(11);
    if (cl_ord_id == "E") {
      std::lock_guard<std::mutex> lock(mutex_);
      end_answered_ns_ = now;
      cv_.notify_all();
      return;
    }
    if (sent_ > options_.warmup) samples_.push_back(now - sent_ns_);
    if (sent_ == options_.warmup) deadline_ = TimedDeadline(options_, now);
    if (sent_ < options_.warmup + options_.round_trips && now < deadline_) {
      SendTimed(id);
    } else {
      std::lock_guard<std::mutex> lock(mutex_);
      round_trips_done_ = true;
      cv_.notify_all();
    }
  }

  bool WaitLogon(int seconds) {
    std::unique_lock<std::mutex> lock(mutex_);
    return cv_.wait_for(lock, std::chrono::seconds(seconds), [&] { return logged_on_; });
  }
  // Runs the round trips: the first order from here, the others from fromApp.
  bool RoundTrips() {
    if (options_.warmup + options_.round_trips == 0) return true;
    if (options_.warmup == 0) deadline_ = TimedDeadline(options_, MonotonicNs());
    SendTimed(id());
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [&] { return round_trips_done_ || !logged_on_; });
    return round_trips_done_;
  }
  // Sends "E" and waits for its answer; returns the time it arrived, or 0.
  std::int64_t SendEndAndWait() {
    FIX::Message end = NewOrder("E");
    if (!FIX::Session::sendToTarget(end, id())) return 0;
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [&] { return end_answered_ns_ != 0 || !logged_on_; });
    return end_answered_ns_;
  }
  FIX::SessionID id() {
    std::lock_guard<std::mutex> lock(mutex_);
    return id_;
  }
  std::vector<std::int64_t>& samples() { return samples_; }
  std::uint64_t gaps() const { return gaps_; }

 private:
  void SendTimed(const FIX::SessionID& id) {
    const std::uint64_t n = sent_++;
    sent_ns_ = MonotonicNs();
    FIX::Message order = NewOrder(Id('L', n));
    FIX::Session::sendToTarget(order, id);
  }
  void CountGap(const FIX::Message& m) {
    const std::string& type = m.getHeader().getField(35);
    if (type == "2" || type == "4" || type == "3") ++gaps_;
  }

  SideOptions options_;
  std::mutex mutex_;
  std::condition_variable cv_;
  FIX::SessionID id_;
  bool logged_on_ = false;
  bool round_trips_done_ = false;
  std::int64_t end_answered_ns_ = 0;
  // Touched by one thread at a time (the sender of the order in flight).
  std::uint64_t sent_ = 0;
  std::int64_t sent_ns_ = 0;
  std::int64_t deadline_ = INT64_MAX;
  std::vector<std::int64_t> samples_;
  std::uint64_t gaps_ = 0;
};

}  // namespace

std::uint16_t FreeLoopbackPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  std::uint16_t port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    port = ntohs(addr.sin_port);
  }
  ::close(fd);
  return port;
}

AcceptorReport RunQuickfixAcceptor(const SideOptions& options, std::uint16_t port, int port_fd) {
  VenueApp app;
  Side side;
  std::unique_ptr<FIX::SocketAcceptor> acceptor;
  try {
    side.Open(options, true, port);
    acceptor.reset(new FIX::SocketAcceptor(app, *side.store, *side.settings));
    acceptor->start();
  } catch (const std::exception& e) {
    AcceptorReport failed;
    std::snprintf(failed.error, sizeof failed.error, "%s", e.what());
    AnnouncePort(port_fd, 0);
    return failed;
  }
  AnnouncePort(port_fd, port);
  AcceptorReport report = app.Wait();
  try {
    acceptor->stop(true);
  } catch (...) {
  }
  report.ok = report.error[0] == '\0' ? 1 : 0;
  return report;
}

InitiatorResult RunQuickfixInitiator(const SideOptions& options, std::uint16_t port) {
  InitiatorResult result;
  ClientApp app(options);
  Side side;
  std::unique_ptr<FIX::SocketInitiator> initiator;
  try {
    side.Open(options, false, port);
    initiator.reset(new FIX::SocketInitiator(app, *side.store, *side.settings));
    initiator->start();
  } catch (const std::exception& e) {
    result.error = e.what();
    return result;
  }
  if (!app.WaitLogon(20)) {
    result.error = "no logon";
  } else if (!app.RoundTrips()) {
    result.error = "the session failed during the round trips";
  } else if (options.throughput_seconds > 0) {
    const FIX::SessionID id = app.id();
    const std::int64_t start = MonotonicNs();
    const std::int64_t end = start + static_cast<std::int64_t>(options.throughput_seconds * 1e9);
    std::uint64_t n = 0;
    while ((n & 63) != 0 || MonotonicNs() < end) {
      FIX::Message order = NewOrder(Id('T', n));
      if (!FIX::Session::sendToTarget(order, id)) {
        result.error = "QuickFIX refused an order during the throughput phase";
        break;
      }
      ++n;
    }
    result.throughput_sent = n;
    const std::int64_t answered = result.error.empty() ? app.SendEndAndWait() : 0;
    if (answered == 0 && result.error.empty()) result.error = "the session failed during the throughput phase";
    if (answered != 0) result.throughput_elapsed_s = static_cast<double>(answered - start) / 1e9;
  }
  if (result.error.empty() && app.gaps() != 0) result.error = "the initiator saw a sequence gap";
  result.samples_ns.swap(app.samples());
  try {
    initiator->stop();
  } catch (...) {
  }
  return result;
}

}  // namespace fixwire_session_latency
