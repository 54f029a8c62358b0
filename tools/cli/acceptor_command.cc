// acceptor_command.cc: "fixwire acceptor": a FIX counterparty that runs the
// acceptor sessions of a settings file and answers what arrives.
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "fixwire/net/engine.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "tools/cli/commands.h"
#include "tools/cli/header_tags.h"
#include "tools/cli/session_runner.h"
#include "tools/cli/stop_signal.h"

namespace fixwire::cli {
namespace {

constexpr char kHelp[] =
    "usage: fixwire acceptor --config FILE [--echo MSGTYPES]\n"
    "\n"
    "Runs every acceptor session (ConnectionType=acceptor) of the QuickFIX-format settings\n"
    "FILE until interrupted (Ctrl-C, SIGTERM), then logs them out. Session events (logon,\n"
    "logout, resend, reject, disconnect with its reason) go to standard error.\n"
    "\n"
    "Answers:\n"
    "  without --echo  a NewOrderSingle (D) gets two ExecutionReports: new, then filled;\n"
    "                  every other application message a BusinessMessageReject (380=3,\n"
    "                  unsupported message type; FIX.4.0/4.1: a session Reject)\n"
    "  --echo D,d      each application message of a listed MsgType is sent back to its\n"
    "                  sender as a new message with the same body fields; others get the\n"
    "                  BusinessMessageReject. A FIXT.1.1 Logon is answered with the\n"
    "                  DefaultApplVerID the counterparty sent, and messages of a version\n"
    "                  without a dictionary are checked with the default one.\n"
    "A message with PossResend (97=Y) whose ClOrdID (11) was already answered since the\n"
    "session last logged on is not answered again.\n"
    "\n"
    "options:\n"
    "  --config=FILE    the settings file (see docs/session_settings.md)\n"
    "  --echo=MSGTYPES  comma-separated MsgTypes to echo\n"
    "exit status: 0 stopped cleanly, 2 bad settings or options, 1 the sockets could not be\n"
    "opened (e.g. the port is in use)\n";

class Counterparty final : public Application {
 public:
  Counterparty(SessionRunner& runner, bool echo) : runner_(runner), echo_(echo) {}

  void OnLogon(Session& s) noexcept override { answered_[&s].clear(); }

  void OnAppMessage(Session& s, const MessageView& m, const GroupedMessage*) noexcept override {
    const std::string_view cl_ord_id = m.GetOr(tag::ClOrdID);
    std::set<std::string>& answered = answered_[&s];
    if (m.poss_resend() && !cl_ord_id.empty() && answered.count(std::string(cl_ord_id)) != 0) {
      std::fprintf(stderr, "fixwire acceptor: %s: not answered again: PossResend ClOrdID %.*s\n",
                   Name(s).c_str(), static_cast<int>(cl_ord_id.size()), cl_ord_id.data());
      return;
    }
    const bool ok = echo_ ? Echo(s, m) : Fill(s, m);
    if (ok && !cl_ord_id.empty()) answered.emplace(cl_ord_id);
  }

  void OnEvent(Session& s, const SessionEvent& e) noexcept override { runner_.Event(s, e); }

 private:
  std::string Name(const Session& s) {
    const SessionRunner::Entry* e = runner_.Find(s);
    return e != nullptr ? e->config.SessionId() : "?";
  }

  static bool Sent(const SendResult& r) {
    return r.status == SendStatus::kOk || r.status == SendStatus::kStoredOnly;
  }

  // Echo sends the message's body fields back, byte for byte, in runs.
  bool Echo(Session& s, const MessageView& m) {
    return Sent(s.Send(m.msg_type(), [&](Encoder& e) {
      const std::span<const Field> fields = m.fields();
      std::size_t run_begin = 0;  // byte offset where the current run starts
      std::size_t run_end = 0;
      std::size_t prev_end = 0;   // byte offset after the previous field's SOH
      for (const Field& f : fields) {
        const std::size_t end = std::size_t{f.offset} + f.length + 1;
        if (IsSessionHeaderOrTrailerTag(f.tag)) {
          if (run_end > run_begin) e.AddRawFields(m.bytes().substr(run_begin, run_end - run_begin));
          run_begin = run_end = end;
        } else {
          if (run_end == run_begin) run_begin = prev_end;
          run_end = end;
        }
        prev_end = end;
      }
      if (run_end > run_begin) e.AddRawFields(m.bytes().substr(run_begin, run_end - run_begin));
    }, NowNs()));
  }

  // Fill answers a NewOrderSingle with ExecutionReports: new, then filled.
  bool Fill(Session& s, const MessageView& m) {
    if (m.msg_type() != msg_type::NewOrderSingle) return false;
    const std::string_view begin = m.begin_string();
    const bool fix40 = begin == "FIX.4.0";
    const bool up_to_42 = fix40 || begin == "FIX.4.1" || begin == "FIX.4.2";
    const std::string_view qty = m.GetOr(tag::OrderQty, "0");
    const std::string_view price = m.GetOr(tag::Price, "1");
    const std::string order_id = "O" + std::to_string(++orders_);
    auto report = [&](bool filled) {
      return s.Send(msg_type::ExecutionReport, [&](Encoder& e) {
        e.AddString(tag::OrderID, order_id);
        e.AddString(tag::ClOrdID, m.GetOr(tag::ClOrdID, "NONE"));
        e.AddString(tag::ExecID, "E" + std::to_string(++execs_));
        if (up_to_42) e.AddChar(tag::ExecTransType, '0');
        if (!fix40) e.AddChar(tag::ExecType, filled ? (up_to_42 ? '2' : 'F') : '0');
        e.AddChar(tag::OrdStatus, filled ? '2' : '0');
        e.AddString(tag::Symbol, m.GetOr(tag::Symbol, "NONE"));
        e.AddString(tag::Side, m.GetOr(tag::Side, "1"));
        e.AddString(tag::OrderQty, qty);
        if (filled) {
          e.AddString(tag::LastQty, qty);
          e.AddString(tag::LastPx, price);
        } else if (fix40) {
          e.AddChar(tag::LastQty, '0');
          e.AddChar(tag::LastPx, '0');
        }
        if (!fix40) e.AddString(tag::LeavesQty, filled ? std::string_view("0") : qty);
        e.AddString(tag::CumQty, filled ? qty : std::string_view("0"));
        e.AddString(tag::AvgPx, filled ? price : std::string_view("0"));
      }, NowNs());
    };
    return Sent(report(false)) && Sent(report(true));
  }

  SessionRunner& runner_;
  bool echo_;
  std::map<const Session*, std::set<std::string>> answered_;
  std::uint64_t orders_ = 0;
  std::uint64_t execs_ = 0;
};

}  // namespace

int RunAcceptor(const std::vector<std::string>& args) {
  Options options;
  int code = 0;
  if (!ParseOrExplain("acceptor", kHelp, args, kOptConfig | kOptEcho, &options, &code)) return code;
  if (options.config.empty()) {
    std::fprintf(stderr, "fixwire acceptor: --config FILE is required\n");
    return 2;
  }
  RunnerOptions ro;
  ro.command = "acceptor";
  ro.role = ConnectionType::kAcceptor;
  if (options.echo_set) {
    ro.app_msg_types = absl::StrSplit(options.echo, ',', absl::SkipEmpty());
    if (ro.app_msg_types.empty()) {
      std::fprintf(stderr, "fixwire acceptor: --echo needs MsgTypes, e.g. --echo D,d\n");
      return 2;
    }
    ro.echo_default_appl_ver_id = true;
    ro.lenient_appl_ver_id = true;
  } else {
    ro.app_msg_types = {std::string(msg_type::NewOrderSingle)};
  }
  SessionRunner runner;
  if (absl::Status s = runner.Load(options.config, ro); !s.ok()) {
    std::fprintf(stderr, "fixwire acceptor: %s\n", std::string(s.message()).c_str());
    return 2;
  }
  Counterparty app(runner, options.echo_set);
  std::atomic<bool>& stop = StopOnSignals();
  if (absl::Status s = runner.Start(app); !s.ok()) {
    std::fprintf(stderr, "fixwire acceptor: %s\n", std::string(s.message()).c_str());
    return 1;
  }
  for (SessionRunner::Entry& e : runner.sessions()) {
    std::fprintf(stderr, "fixwire acceptor: %s: listening on port %u\n",
                 e.config.SessionId().c_str(), runner.engine().bound_port(*e.session));
  }
  runner.engine().Run(stop);
  std::fprintf(stderr, "fixwire acceptor: stopped\n");
  return 0;
}

}  // namespace fixwire::cli
