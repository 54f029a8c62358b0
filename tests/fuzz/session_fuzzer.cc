// session_fuzzer: random conversations with a Session: the fuzzer's bytes
// choose what the peer sends (well-formed messages of every session type
// with fuzzed numbers and flags, and raw bytes through a StreamFramer),
// clock steps, disconnects, sends, logouts and a full output. Properties: no
// crash, no hang (every step is bounded), the sequence numbers never go
// backwards except through a reset the session reported, and every message
// the session writes decodes with a correct CheckSum.
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "fixwire/session/session.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/stream_framer.h"
#include "fixwire/arena/buffer_pool.h"
#include "tests/fuzz/fuzz_support.h"

namespace fixwire {
namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

class CheckingOutput final : public SessionOutput {
 public:
  std::span<char> Reserve(std::size_t max_bytes) noexcept override {
    if (full) return {};
    room_.resize(max_bytes);
    return std::span<char>(room_.data(), room_.size());
  }
  void Commit(std::string_view message) noexcept override {
    MessageView view;
    const Error e = decoder_.Decode(message, index_, view);
    if (!e.ok()) fuzz::PrintBytes("the session wrote", message);
    FIXWIRE_FUZZ_CHECK(e.ok());
    ++committed;
  }
  void Disconnect(std::string_view) noexcept override { disconnect = true; }
  bool full = false;
  bool disconnect = false;
  std::uint64_t committed = 0;

 private:
  std::vector<char> room_;
  Decoder decoder_;
  FieldIndex index_{8192};
};

class FuzzApp final : public Application {
 public:
  void OnAppMessage(Session& s, const MessageView& m, const GroupedMessage*) noexcept override {
    if (answer) {
      (void)s.Send("8", [&](Encoder& e) { e.AddString(11, m.GetOr(11, "none")); }, now);
    }
  }
  void OnEvent(Session&, const SessionEvent& e) noexcept override {
    if (e.kind == SessionEventKind::kSequenceReset) resets++;
  }
  bool answer = true;
  std::int64_t now = 0;
  int resets = 0;
};

std::string Frame(std::string_view begin, const std::string& body) {
  std::string m = "8=" + std::string(begin) + "\x01" "9=" + std::to_string(body.size()) + "\x01" + body;
  unsigned sum = 0;
  for (unsigned char c : m) sum += c;
  char trailer[16];
  std::snprintf(trailer, sizeof trailer, "10=%03u\x01", sum % 256);
  return m + trailer;
}

std::string Timestamp(std::int64_t ns) {
  const std::int64_t s = ns / kSecond;
  const std::int64_t day = s / 86400;
  const std::int64_t tod = s % 86400;
  char buf[64];
  // Days since 2026-12-06 stay within the month for the clock steps used here.
  std::snprintf(buf, sizeof buf, "202612%02d-%02d:%02d:%02d.000", static_cast<int>(6 + (day - 20793) % 20),
                static_cast<int>(tod / 3600), static_cast<int>(tod / 60 % 60), static_cast<int>(tod % 60));
  return buf;
}

}  // namespace
}  // namespace fixwire

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fixwire;
  fuzz::FuzzInput in(data, size);
  static const char* kVersions[] = {"FIX.4.0", "FIX.4.1", "FIX.4.2", "FIX.4.3", "FIX.4.4", "FIXT.1.1"};
  SessionOptions options;
  options.role = in.Bool() ? SessionRole::kAcceptor : SessionRole::kInitiator;
  options.begin_string = kVersions[in.Range(0, 5)];
  options.sender_comp_id = "US";
  options.target_comp_id = "THEM";
  options.heart_bt_int_s = static_cast<std::int32_t>(in.Range(0, 5));
  options.reset_on_logon = in.Bool();
  options.reset_on_disconnect = in.Bool();
  options.resend_request_chunk_size = static_cast<std::uint32_t>(in.Range(0, 3));
  options.send_next_expected_msg_seq_num = in.Bool();
  options.max_message_size = 4096;
  options.queue_bytes = 8192;
  options.queue_messages = 16;
  if (in.Bool()) options.app_msg_types = {"D"};
  MemoryStore store({.max_messages = 256, .max_bytes = 64 * 1024});
  CheckingOutput output;
  FuzzApp app;
  Session session(options, app, store, output);
  BufferPool pool(1, 8192);
  StreamFramer framer(pool);
  Decoder decoder;
  FieldIndex index(4096);
  std::int64_t now = 1'796'551'200LL * kSecond;
  std::uint64_t last_sender = session.next_sender_seq();
  std::uint64_t last_target = session.next_target_seq();
  int last_resets = 0;
  static const char* kTypes[] = {"A", "0", "1", "2", "3", "4", "5", "D", "8", "E", "j"};

  for (int step = 0; step < 200 && !in.empty(); ++step) {
    app.now = now;
    switch (in.Range(0, 9)) {
      case 0: session.OnConnected(now); break;
      case 1: session.OnDisconnected(now); break;
      case 2:
        now += static_cast<std::int64_t>(in.Range(0, 4000)) * (kSecond / 100);
        session.OnTimer(now);
        break;
      case 3: {  // raw bytes through a framer
        const std::string_view chunk = in.LengthPrefixed(300);
        framer.Feed(chunk.data(), chunk.size());
        for (FrameEvent ev = framer.Next(); ev.kind != FrameEvent::kNeedMore; ev = framer.Next()) {
          if (ev.kind != FrameEvent::kMessage) continue;
          MessageView view;
          if (decoder.Decode(ev.message, index, view).ok()) session.OnMessage(view, now);
        }
        break;
      }
      case 4:
        (void)session.Send("D", [&](Encoder& e) { e.AddString(11, "X"); }, now);
        break;
      case 5: output.full = !output.full; if (!output.full) session.OnOutputReady(now); break;
      case 6: session.Logout("fuzz", now); break;
      default: {  // a well-formed message from the peer
        const std::string type = kTypes[in.Range(0, 10)];
        const std::int64_t delta = static_cast<std::int64_t>(in.Range(0, 8)) - 3;
        const std::int64_t seq = static_cast<std::int64_t>(session.next_target_seq()) + delta;
        std::string body = "35=" + type + "\x01" "49=" + (in.Range(0, 15) == 0 ? "X" : "THEM") +
                           "\x01" "56=US\x01" "34=" + std::to_string(seq < 0 ? 0 : seq) + "\x01";
        const bool poss_dup = in.Range(0, 3) == 0;
        if (poss_dup) body += "43=Y\x01";
        body += "52=" + Timestamp(now + (in.Range(0, 20) == 0 ? 200 * kSecond : 0)) + "\x01";
        if (poss_dup && in.Bool()) body += "122=" + Timestamp(now - static_cast<std::int64_t>(in.Range(0, 3)) * kSecond) + "\x01";
        const auto num = [&] { return std::to_string(static_cast<std::int64_t>(session.next_target_seq()) + static_cast<std::int64_t>(in.Range(0, 12)) - 4); };
        if (type == "A") {
          body += "98=" + std::string(in.Range(0, 8) == 0 ? "1" : "0") + "\x01" "108=" + std::to_string(in.Range(0, 40)) + "\x01";
          if (in.Bool()) body += "141=Y\x01";
          if (in.Bool()) body += "789=" + std::to_string(in.Range(0, 12)) + "\x01";
        } else if (type == "1") {
          if (in.Bool()) body += "112=T\x01";
        } else if (type == "2") {
          body += "7=" + std::to_string(in.Range(0, 20)) + "\x01" "16=" + std::to_string(in.Range(0, 3) == 0 ? 999999 : in.Range(0, 20)) + "\x01";
        } else if (type == "4") {
          if (in.Bool()) body += "123=Y\x01";
          if (in.Range(0, 7) != 0) body += "36=" + num() + "\x01";
        } else if (type == "D" || type == "8") {
          body += "11=C" + std::to_string(step) + "\x01";
        }
        const std::string wire = Frame(options.begin_string, body);
        MessageView view;
        if (decoder.Decode(wire, index, view).ok()) session.OnMessage(view, now);
        break;
      }
    }
    // Numbers only go forward, unless the session reported a reset.
    if (app.resets == last_resets) {
      FIXWIRE_FUZZ_CHECK(session.next_sender_seq() >= last_sender);
    }
    last_resets = app.resets;
    last_sender = session.next_sender_seq();
    last_target = session.next_target_seq();
    (void)last_target;
  }
  return 0;
}
