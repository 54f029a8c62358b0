// initiator_command.cc: "fixwire initiator": logs on to a counterparty with
// the initiator sessions of a settings file, sends the messages of a file,
// prints what comes back and logs out.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "fixwire/net/engine.h"
#include "fixwire/wire/data_fields.h"
#include "tools/cli/commands.h"
#include "tools/cli/dictionaries.h"
#include "tools/cli/header_tags.h"
#include "tools/cli/input.h"
#include "tools/cli/line_parser.h"
#include "tools/cli/output.h"
#include "tools/cli/print_sink.h"
#include "tools/cli/reader.h"
#include "tools/cli/session_runner.h"
#include "tools/cli/stop_signal.h"

namespace fixwire::cli {
namespace {

constexpr char kHelp[] =
    "usage: fixwire initiator --config FILE [--send FILE] [--wait S] [--linger S]\n"
    "\n"
    "Logs on with every initiator session (ConnectionType=initiator) of the QuickFIX-format\n"
    "settings FILE, sends each message of the --send FILE on each of them, prints every\n"
    "application message (and session Reject) that comes back in the 'fixwire print'\n"
    "format on standard output, and logs out once nothing has arrived for --linger\n"
    "seconds. Without --send it stays logged on until interrupted (Ctrl-C, SIGTERM).\n"
    "Session events (logon, logout, resend, reject, disconnect with its reason) go to\n"
    "standard error.\n"
    "\n"
    "--send FILE holds one message per line, tag=value fields separated by SOH, | or ^A,\n"
    "as 'fixwire encode' reads them, e.g.\n"
    "  35=D|11=ORDER1|21=1|55=EURUSD|54=1|60=20261206-10:00:00|38=100|40=2|44=1.0875\n"
    "The session writes the standard header and trailer (8, 9, 35, 49, 56, 34, 52, ...,\n"
    "10): those fields of a line are ignored, except that 35 gives the MsgType and\n"
    "PossResend (97) is kept.\n"
    "\n"
    "options:\n"
    "  --config=FILE  the settings file (see docs/session_settings.md)\n"
    "  --send=FILE    the messages to send\n"
    "  --wait=S       seconds to wait for every session to log on (default 30)\n"
    "  --linger=S     quiet seconds after the last message before logging out (default 2)\n"
    "exit status: 0 logged on, sent and logged out; 1 a session did not log on in time or\n"
    "a message could not be sent; 2 bad settings, options or --send file\n";

// Message: a line of the --send file: its MsgType and body fields.
struct Message {
  std::string msg_type;
  std::vector<std::pair<std::uint32_t, std::string>> fields;
  std::size_t line = 0;
};

// The delimiter of the first line (the lines need not start with 8=FIX).
Delimiter FirstLineDelimiter(std::string_view bytes) {
  for (std::size_t i = 0; i < bytes.size() && bytes[i] != '\n'; ++i) {
    if (bytes[i] == '\x01') return Delimiter::kSoh;
    if (bytes[i] == '|') return Delimiter::kPipe;
    if (bytes[i] == '^' && i + 1 < bytes.size() && bytes[i + 1] == 'A') return Delimiter::kCaret;
  }
  return Delimiter::kSoh;
}

bool LoadMessages(const std::string& path, std::vector<Message>* out) {
  absl::StatusOr<std::unique_ptr<Input>> input = Input::Open(path);
  if (!input.ok()) {
    std::fprintf(stderr, "fixwire initiator: %s\n", std::string(input.status().message()).c_str());
    return false;
  }
  const LengthFieldTable& lengths = StandardLengthFields();
  LineParser parser((*input)->bytes(), FirstLineDelimiter((*input)->bytes()), lengths);
  std::vector<ParsedField> fields;
  std::string error;
  bool ok = true;
  while (!parser.done()) {
    Message m;
    m.line = parser.line();
    if (!parser.Next(&fields, &error)) {
      std::fprintf(stderr, "fixwire initiator: %s:%zu: %s\n", path.c_str(), m.line, error.c_str());
      ok = false;
      continue;
    }
    for (const ParsedField& f : fields) {
      if (f.tag == 35) {
        m.msg_type = std::string(f.value);
      } else if (f.tag == 97) {
        // PossResend is the application's to set: it goes first, where it
        // stays in the standard header.
        m.fields.insert(m.fields.begin(), {f.tag, std::string(f.value)});
      } else if (!IsSessionHeaderOrTrailerTag(f.tag)) {
        m.fields.emplace_back(f.tag, std::string(f.value));
      }
    }
    if (m.msg_type.empty()) {
      std::fprintf(stderr, "fixwire initiator: %s:%zu: no MsgType (35)\n", path.c_str(), m.line);
      ok = false;
      continue;
    }
    out->push_back(std::move(m));
  }
  return ok;
}

class Client final : public Application {
 public:
  Client(SessionRunner& runner, Dictionaries& dicts, Output& out)
      : runner_(runner), sink_(out, dicts, colors_, nullptr), out_(out) {}

  void OnAppMessage(Session&, const MessageView& m, const GroupedMessage*) noexcept override {
    Print(m);
  }
  void OnAdminMessage(Session&, const MessageView& m) noexcept override {
    if (m.msg_type() == "3") Print(m);  // a session-level Reject of something we sent
  }
  void OnEvent(Session& s, const SessionEvent& e) noexcept override { runner_.Event(s, e); }

  std::chrono::steady_clock::time_point last_inbound() const { return last_inbound_; }
  void Touch() { last_inbound_ = std::chrono::steady_clock::now(); }

 private:
  void Print(const MessageView& m) {
    sink_.OnMessage(m, offset_);
    offset_ += m.size();
    out_.Flush();
    Touch();
  }

  SessionRunner& runner_;
  Colors colors_;
  PrintSink sink_;
  Output& out_;
  std::uint64_t offset_ = 0;
  std::chrono::steady_clock::time_point last_inbound_ = std::chrono::steady_clock::now();
};

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

int RunInitiator(const std::vector<std::string>& args) {
  Options options;
  int code = 0;
  if (!ParseOrExplain("initiator", kHelp, args, kOptConfig | kOptSend, &options, &code)) return code;
  if (options.config.empty()) {
    std::fprintf(stderr, "fixwire initiator: --config FILE is required\n");
    return 2;
  }
  std::vector<Message> messages;
  if (!options.send.empty() && !LoadMessages(options.send, &messages)) return 2;

  RunnerOptions ro;
  ro.command = "initiator";
  ro.role = ConnectionType::kInitiator;
  SessionRunner runner;
  if (absl::Status s = runner.Load(options.config, ro); !s.ok()) {
    std::fprintf(stderr, "fixwire initiator: %s\n", std::string(s.message()).c_str());
    return 2;
  }
  Dictionaries dicts;
  if (absl::Status s = dicts.Init(Options{}); !s.ok()) return 2;
  Output out;
  Client app(runner, dicts, out);
  std::atomic<bool>& stop = StopOnSignals();
  if (absl::Status s = runner.Start(app); !s.ok()) {
    std::fprintf(stderr, "fixwire initiator: %s\n", std::string(s.message()).c_str());
    return 1;
  }
  Engine& engine = runner.engine();
  auto all_logged_on = [&] {
    for (SessionRunner::Entry& e : runner.sessions()) {
      if (!e.session->logged_on()) return false;
    }
    return true;
  };
  int status = 0;
  const Clock::time_point start = Clock::now();
  while (!stop.load() && !all_logged_on()) {
    if (SecondsSince(start) > options.wait_s) {
      std::fprintf(stderr, "fixwire initiator: not logged on within %g s\n", options.wait_s);
      status = 1;
      break;
    }
    engine.Poll(10'000'000);
  }
  if (status == 0 && !stop.load()) {
    for (SessionRunner::Entry& e : runner.sessions()) {
      for (const Message& m : messages) {
        const Clock::time_point sending = Clock::now();
        while (true) {
          const SendResult r = e.session->Send(m.msg_type, [&](Encoder& enc) {
            const LengthFieldTable& lengths = StandardLengthFields();
            for (std::size_t i = 0; i < m.fields.size(); ++i) {
              const auto& [t, v] = m.fields[i];
              const std::uint32_t data_tag = lengths.DataTagFor(t);
              if (data_tag != 0 && i + 1 < m.fields.size() && m.fields[i + 1].first == data_tag) {
                enc.AddData(t, data_tag, m.fields[i + 1].second);  // length and data together
                ++i;
              } else {
                enc.AddString(t, v);
              }
            }
          }, NowNs());
          if (r.status == SendStatus::kOk || r.status == SendStatus::kStoredOnly) break;
          if (r.status != SendStatus::kOutputFull || SecondsSince(sending) > options.wait_s) {
            std::fprintf(stderr, "fixwire initiator: %s:%zu: not sent (%s)\n", options.send.c_str(),
                         m.line, r.status == SendStatus::kEncodeFailed ? "it does not encode"
                                                                       : "the session refused it");
            status = 1;
            break;
          }
          engine.Poll(1'000'000);  // the output is full: let it drain
        }
      }
    }
    app.Touch();
    while (!stop.load() && (messages.empty() || SecondsSince(app.last_inbound()) < options.linger_s)) {
      engine.Poll(10'000'000);
    }
  }
  std::atomic<bool> now{true};
  engine.Run(now);  // logs every session out, waits for the answers, closes
  return status;
}

}  // namespace fixwire::cli
