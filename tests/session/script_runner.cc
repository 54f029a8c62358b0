// script_runner.cc: see script_runner.h.
#include "tests/session/script_runner.h"

#include <cstdint>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/session/session.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/wire/decoder.h"

namespace fixwire::testing {
namespace {

constexpr std::int64_t kSecond = 1'000'000'000;
// 2026-12-06 10:00:00 UTC.
constexpr std::int64_t kStart = 1'796'551'200LL * kSecond;
constexpr char kUs[] = "FIXWIRE";
constexpr char kThem[] = "PEER";
const std::vector<std::string> kAllVersions = {"FIX.4.0", "FIX.4.1", "FIX.4.2",
                                               "FIX.4.3", "FIX.4.4", "FIXT.1.1"};

int VersionRank(std::string_view v) {
  for (std::size_t i = 0; i < kAllVersions.size(); ++i) {
    if (kAllVersions[i] == v) return static_cast<int>(i);
  }
  return -1;
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::string Trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::string FormatTime(std::int64_t ns) {
  const std::time_t secs = static_cast<std::time_t>(ns / kSecond);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[80];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d-%02d:%02d:%02d.%03d", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>((ns % kSecond) / 1'000'000));
  return buf;
}

using Fields = std::vector<std::pair<std::string, std::string>>;

// Frame adds 8, 9 and 10 around a body of "tag=value\x01" fields.
std::string Frame(const std::string& begin, const std::string& body) {
  std::string m = "8=" + begin + '\x01' + "9=" + std::to_string(body.size()) + '\x01' + body;
  unsigned sum = 0;
  for (unsigned char c : m) sum += c;
  char trailer[16];
  std::snprintf(trailer, sizeof trailer, "10=%03u\x01", sum % 256);
  return m + trailer;
}

std::string Printable(std::string s) {
  for (char& c : s) {
    if (c == '\x01') c = '|';
  }
  return s;
}

// Parsed: a message's fields in order, and whether its frame is right.
struct Parsed {
  Fields fields;
  std::string problem;
};

Parsed ParseWire(const std::string& m) {
  Parsed p;
  for (const std::string& f : Split(m, '\x01')) {
    const auto eq = f.find('=');
    if (eq == std::string::npos) {
      p.problem = "a field without '='";
      return p;
    }
    p.fields.emplace_back(f.substr(0, eq), f.substr(eq + 1));
  }
  if (p.fields.size() < 4 || p.fields[0].first != "8" || p.fields[1].first != "9" ||
      p.fields[2].first != "35" || p.fields.back().first != "10") {
    p.problem = "not 8, 9, 35 ... 10";
    return p;
  }
  const std::size_t body_start = m.find('\x01', m.find("\x01" "9=") + 1) + 1;
  const std::size_t trailer = m.rfind("\x01" "10=") + 1;
  if (std::to_string(trailer - body_start) != p.fields[1].second) p.problem = "wrong BodyLength";
  unsigned sum = 0;
  for (std::size_t i = 0; i < trailer; ++i) sum += static_cast<unsigned char>(m[i]);
  char want[8];
  std::snprintf(want, sizeof want, "%03u", sum % 256);
  if (p.fields.back().second != want) p.problem = "wrong CheckSum";
  return p;
}

class TestOutput final : public SessionOutput {
 public:
  std::span<char> Reserve(std::size_t max_bytes) noexcept override {
    if (limit_ != 0 && sent.size() >= limit_) return {};
    room_.resize(max_bytes + 16);
    return std::span<char>(room_.data() + 3, max_bytes);  // not at the start, on purpose
  }
  void Commit(std::string_view message) noexcept override {
    sent.emplace_back(message);
  }
  void Disconnect(std::string_view reason) noexcept override {
    disconnected = true;
    reason_ = std::string(reason);
  }
  std::deque<std::string> sent;
  bool disconnected = false;
  std::string reason_;
  std::size_t limit_ = 0;

 private:
  std::vector<char> room_;
};

class TestApp final : public Application {
 public:
  void OnAppMessage(Session&, const MessageView& m, const GroupedMessage*) noexcept override {
    delivered.emplace_back(m.bytes());
  }
  void OnEvent(Session&, const SessionEvent& e) noexcept override {
    events.push_back(std::to_string(static_cast<int>(e.kind)) + " " + std::string(e.text));
  }
  std::deque<std::string> delivered;
  std::vector<std::string> events;
};

class Runner {
 public:
  Runner(std::string version, std::string role) : version_(std::move(version)), role_(std::move(role)) {
    options_.begin_string = version_;
    options_.role = role_ == "acceptor" ? SessionRole::kAcceptor : SessionRole::kInitiator;
    options_.sender_comp_id = kUs;
    options_.target_comp_id = kThem;
    options_.heart_bt_int_s = 30;
    if (version_ == "FIXT.1.1") options_.default_appl_ver_id = "9";
  }

  std::string Run(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      line = Trim(line);
      if (line.empty() || line[0] == '#') continue;
      std::string error = Command(line);
      if (!error.empty()) {
        std::string log;
        for (const std::string& e : app_.events) log += "\n    event " + e;
        return "line " + std::to_string(n) + " (" + line + "): " + error + log;
      }
    }
    return "";
  }

 private:
  std::string Substitute(std::string s) const {
    auto replace = [&](const std::string& from, const std::string& to) {
      for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
        s.replace(at, from.size(), to);
      }
    };
    replace("{begin}", version_);
    replace("{us}", kUs);
    replace("{them}", kThem);
    for (std::size_t at = s.find("{now"); at != std::string::npos; at = s.find("{now")) {
      const std::size_t close = s.find('}', at);
      const std::string inner = s.substr(at + 4, close - at - 4);
      const std::int64_t offset = inner.empty() ? 0 : std::stoll(inner) * kSecond;
      s.replace(at, close - at + 1, FormatTime(now_ + offset));
    }
    return s;
  }

  Fields ParseFields(const std::string& spec) const {
    Fields out;
    for (const std::string& f : Split(Substitute(spec), '|')) {
      const auto eq = f.find('=');
      if (eq == std::string::npos) {
        out.emplace_back(f, "");
      } else {
        out.emplace_back(f.substr(0, eq), f.substr(eq + 1));
      }
    }
    return out;
  }

  Session& S() {
    if (!session_) session_ = std::make_unique<Session>(options_, app_, store_, output_);
    return *session_;
  }

  // corrupt: 0 none, 1 a wrong CheckSum, 2 a BodyLength one too long.
  std::string Receive(const Fields& given, bool raw, int corrupt = 0) {
    std::string body;
    auto add = [&](const std::string& t, const std::string& v) { body += t + "=" + v + '\x01'; };
    if (raw) {
      for (const auto& [t, v] : given) {
        if (t != "8") add(t, v);
      }
    } else {
      auto find = [&](const std::string& t) -> const std::string* {
        for (const auto& f : given) {
          if (f.first == t) return &f.second;
        }
        return nullptr;
      };
      if (find("35") == nullptr) return "recv needs 35";
      add("35", *find("35"));
      add("49", find("49") ? *find("49") : kThem);
      add("56", find("56") ? *find("56") : kUs);
      for (const char* t : {"34", "43", "97"}) {
        if (find(t)) add(t, *find(t));
      }
      add("52", find("52") ? *find("52") : FormatTime(now_));
      if (find("122")) add("122", *find("122"));
      for (const auto& [t, v] : given) {
        if (t != "8" && t != "35" && t != "49" && t != "56" && t != "34" && t != "43" && t != "97" &&
            t != "52" && t != "122") {
          add(t, v);
        }
      }
      // Scripts are written once for every version: a FIXT.1.1 Logon gets
      // the DefaultApplVerID that version requires unless the script gives one.
      if (version_ == "FIXT.1.1" && *find("35") == "A" && find("1137") == nullptr) add("1137", "9");
    }
    std::string begin = version_;
    for (const auto& [t, v] : given) {
      if (t == "8") begin = v;
    }
    wire_ = Frame(begin, body);
    if (corrupt == 1) {
      char& digit = wire_[wire_.size() - 2];  // the CheckSum's last digit
      digit = digit == '9' ? '0' : static_cast<char>(digit + 1);
    } else if (corrupt == 2) {
      const std::string nine = "\x01" "9=" + std::to_string(body.size()) + "\x01";
      wire_.replace(wire_.find(nine), nine.size(),
                    "\x01" "9=" + std::to_string(body.size() + 1) + "\x01");
    }
    MessageView view;
    const Error e = decoder_.Decode(wire_, index_, view);
    if (!e.ok()) {
      // Well framed (the runner framed it) but not decodable: what a
      // transport hands to OnUndecodable.
      S().OnUndecodable(wire_, e, now_);
      return "";
    }
    S().OnMessage(view, now_);
    return "";
  }

  std::string Expect(const Fields& want) {
    if (output_.sent.empty()) return "expected a message, none was sent";
    const std::string m = output_.sent.front();
    output_.sent.pop_front();
    const Parsed p = ParseWire(m);
    if (!p.problem.empty()) return p.problem + ": " + Printable(m);
    if (p.fields[0].second != version_) return "BeginString is not " + version_ + ": " + Printable(m);
    for (const auto& [t, v] : want) {
      if (!t.empty() && t[0] == '!') {
        for (const auto& f : p.fields) {
          if (f.first == t.substr(1)) return "tag " + t.substr(1) + " present: " + Printable(m);
        }
        continue;
      }
      bool found = false;
      for (std::size_t i = 0; i < p.fields.size(); ++i) {
        if (p.fields[i].first == t) {
          if (v != "*" && p.fields[i].second != v) {
            return "tag " + t + " is '" + p.fields[i].second + "', expected '" + v + "': " +
                   Printable(m);
          }
          found = true;
          break;
        }
      }
      if (!found) return "tag " + t + " missing: " + Printable(m);
    }
    return "";
  }

  std::string Command(const std::string& line) {
    const auto space = line.find(' ');
    const std::string cmd = line.substr(0, space);
    const std::string arg = space == std::string::npos ? "" : Trim(line.substr(space + 1));
    if (cmd.rfind("if>=", 0) == 0 || cmd.rfind("if<", 0) == 0) {
      const bool ge = cmd[2] == '>';
      const int rank = VersionRank(cmd.substr(ge ? 4 : 3));
      if (rank < 0) return "unknown version in " + cmd;
      const bool take = ge ? VersionRank(version_) >= rank : VersionRank(version_) < rank;
      return take ? Command(arg) : "";
    }
    if (cmd == "if-acceptor") return role_ == "acceptor" ? Command(arg) : "";
    if (cmd == "if-initiator") return role_ == "initiator" ? Command(arg) : "";
    if (cmd == "versions" || cmd == "roles") return "";
    if (cmd == "option") {
      if (session_) return "options must come before the session starts";
      const auto eq = arg.find('=');
      const std::string key = arg.substr(0, eq);
      const std::string value = arg.substr(eq + 1);
      const bool yes = value == "Y";
      if (key == "HeartBtInt") options_.heart_bt_int_s = std::stoi(value);
      else if (key == "ResetOnLogon") options_.reset_on_logon = yes;
      else if (key == "ResetOnLogout") options_.reset_on_logout = yes;
      else if (key == "ResetOnDisconnect") options_.reset_on_disconnect = yes;
      else if (key == "ResendRequestChunkSize") options_.resend_request_chunk_size = static_cast<std::uint32_t>(std::stoul(value));
      else if (key == "AppMsgTypes") options_.app_msg_types = Split(value, ',');
      else if (key == "CheckLatency") options_.check_latency = yes;
      else if (key == "MaxLatency") options_.max_latency_s = std::stoi(value);
      else if (key == "CheckCompID") options_.check_comp_id = yes;
      else if (key == "SendNextExpectedMsgSeqNum") options_.send_next_expected_msg_seq_num = yes;
      else if (key == "Dictionary") {
        // The shipped dictionary of the script's version (FIX.4.2, FIX.4.4).
        const std::string file = version_ == "FIX.4.2" ? "FIX42.xml" : "FIX44.xml";
        const char* srcdir = std::getenv("TEST_SRCDIR");
        const std::string path = std::string(srcdir ? srcdir : ".") + "/" +
                                 (std::getenv("TEST_WORKSPACE") ? std::getenv("TEST_WORKSPACE") : "fixwire") +
                                 "/codec/dictionaries/" + file;
        auto loaded = LoadDictionaryFile(path);
        if (!loaded.ok()) return "cannot load " + path + ": " + std::string(loaded.status().message());
        dictionary_ = std::make_unique<Dictionary>(std::move(*loaded));
        options_.dictionary = dictionary_.get();
      }
      else if (key == "QueueMessages") options_.queue_messages = static_cast<std::uint32_t>(std::stoul(value));
      else return "unknown option " + key;
      return "";
    }
    if (cmd == "connect") {
      S().OnConnected(now_);
      return "";
    }
    if (cmd == "logon") {
      const std::string fields = "35=A|34=1|98=0|108=" + std::to_string(options_.heart_bt_int_s) +
                                 (version_ == "FIXT.1.1" ? "|1137=9" : "");
      S().OnConnected(now_);
      if (role_ == "acceptor") {
        if (std::string e = Receive(ParseFields(fields), false); !e.empty()) return e;
        if (std::string e = Expect(ParseFields(fields)); !e.empty()) return e;
      } else {
        if (std::string e = Expect(ParseFields(fields)); !e.empty()) return e;
        if (std::string e = Receive(ParseFields(fields), false); !e.empty()) return e;
      }
      return S().logged_on() ? "" : "not logged on after the Logon exchange";
    }
    if (cmd == "recv") return Receive(ParseFields(arg), false);
    if (cmd == "recv-raw") return Receive(ParseFields(arg), true);
    if (cmd == "recv-bad-checksum") return Receive(ParseFields(arg), false, 1);
    if (cmd == "recv-bad-length") return Receive(ParseFields(arg), false, 2);
    if (cmd == "expect") return Expect(ParseFields(arg));
    if (cmd == "expect-none") {
      return output_.sent.empty() ? "" : "unexpected message: " + Printable(output_.sent.front());
    }
    if (cmd == "expect-disconnect") {
      if (!output_.disconnected) return "the session did not disconnect";
      output_.disconnected = false;
      return "";
    }
    if (cmd == "expect-connected") {
      return output_.disconnected ? "the session disconnected: " + output_.reason_ : "";
    }
    if (cmd == "send") {
      const Fields f = ParseFields(arg);
      const std::string type = f.at(0).first;
      const SendResult r = S().Send(
          type,
          [&](Encoder& e) {
            for (std::size_t i = 1; i < f.size(); ++i) {
              e.AddString(static_cast<std::uint32_t>(std::stoul(f[i].first)), f[i].second);
            }
          },
          now_);
      last_send_ = r.status;
      return "";
    }
    if (cmd == "send-status") {
      static const char* kNames[] = {"ok", "stored_only", "output_full", "store_failed", "encode_failed"};
      const std::string got = kNames[static_cast<int>(last_send_)];
      return got == arg ? "" : "send status " + got;
    }
    if (cmd == "delivered") {
      if (app_.delivered.empty()) return "no application message was delivered";
      const std::string m = app_.delivered.front();
      app_.delivered.pop_front();
      const Parsed p = ParseWire(m);
      for (const auto& [t, v] : ParseFields(arg)) {
        bool ok = false;
        for (const auto& f : p.fields) ok = ok || (f.first == t && (v == "*" || f.second == v));
        if (!ok) return "delivered message lacks " + t + "=" + v + ": " + Printable(m);
      }
      return "";
    }
    if (cmd == "delivered-none") {
      return app_.delivered.empty() ? "" : "unexpected delivery: " + Printable(app_.delivered.front());
    }
    if (cmd == "advance") {
      now_ += static_cast<std::int64_t>(std::stod(arg) * kSecond);
      S().OnTimer(now_);
      return "";
    }
    if (cmd == "logout") {
      S().Logout(arg, now_);
      return "";
    }
    if (cmd == "disconnected") {
      S().OnDisconnected(now_);
      return "";
    }
    if (cmd == "output-limit") {
      output_.limit_ = std::stoul(arg);
      return "";
    }
    if (cmd == "output-ready") {
      S().OnOutputReady(now_);
      return "";
    }
    if (cmd == "state") {
      const std::string got(SessionStateName(S().state()));
      return got == arg ? "" : "state is " + got;
    }
    if (cmd == "seq") {
      const auto parts = Split(arg, ' ');
      const std::string got = std::to_string(S().next_sender_seq()) + " " +
                              std::to_string(S().next_target_seq());
      return got == parts.at(0) + " " + parts.at(1) ? "" : "sequence numbers are " + got;
    }
    return "unknown command " + cmd;
  }

  std::string version_;
  std::string role_;
  SessionOptions options_;
  TestApp app_;
  MemoryStore store_;
  TestOutput output_;
  std::unique_ptr<Dictionary> dictionary_;
  std::unique_ptr<Session> session_;
  std::int64_t now_ = kStart;
  Decoder decoder_;
  FieldIndex index_{4096};
  std::string wire_;
  SendStatus last_send_ = SendStatus::kOk;
};

}  // namespace

ScriptHeader ReadScriptHeader(const std::string& text) {
  ScriptHeader h;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    line = Trim(line);
    if (line.rfind("versions ", 0) == 0) h.versions = Split(line.substr(9), ' ');
    if (line.rfind("roles ", 0) == 0) h.roles = Split(line.substr(6), ' ');
  }
  if (h.versions.empty()) h.versions = kAllVersions;
  if (h.roles.empty()) h.roles = {"acceptor", "initiator"};
  return h;
}

std::string RunScript(const std::string& text, const std::string& version,
                      const std::string& role) {
  Runner runner(version, role);
  return runner.Run(text);
}

}  // namespace fixwire::testing
