// Property: a Session writes the same bytes whichever way it writes the
// standard header, from its per-MsgType templates (an output room of 1 KB
// or more) or field by field (a smaller room): two sessions, identical but
// for their outputs' room, get the same random sends (MsgTypes from a pool
// larger than the template cache, invalid ones, random bodies, clocks that
// cross seconds and minutes, every SendingTime precision) and the same
// timers, and must commit the same messages, return the same results and
// store the same bytes.
#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/encode/encoder.h"
#include "fixwire/session/session.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/values/tags.h"
#include "fixwire/wire/decoder.h"
#include "gtest/gtest.h"

namespace fixwire::testing {
namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

// Output whose room is at most `cap` bytes, recording every message.
class CappedOutput final : public SessionOutput {
 public:
  explicit CappedOutput(std::size_t cap) : cap_(cap), room_(70 * 1024) {}
  std::span<char> Reserve(std::size_t max_bytes) noexcept override {
    return std::span<char>(room_.data() + 5, std::min(max_bytes, cap_));
  }
  void Commit(std::string_view message) noexcept override { sent.emplace_back(message); }
  void Disconnect(std::string_view) noexcept override {}
  std::vector<std::string> sent;

 private:
  std::size_t cap_;
  std::vector<char> room_;
};

class NullApp final : public Application {
 public:
  void OnAppMessage(Session&, const MessageView&, const GroupedMessage*) noexcept override {}
};

// Stores every stored message, for comparing two stores.
class Collector final : public MessageVisitor {
 public:
  bool OnStoredMessage(std::uint64_t seq, std::string_view bytes) noexcept override {
    messages.push_back(std::to_string(seq) + ":" + std::string(bytes));
    return true;
  }
  std::vector<std::string> messages;
};

struct Side {
  Side(const SessionOptions& o, std::size_t cap)
      : store({.max_messages = 1 << 14, .max_bytes = 16 << 20}), out(cap), session(o, app, store, out) {}
  NullApp app;
  MemoryStore store;
  CappedOutput out;
  Session session;
};

std::string RandomText(std::mt19937_64& rng, std::size_t max) {
  std::string s(1 + rng() % max, ' ');
  for (char& c : s) c = static_cast<char>('!' + rng() % 90);
  return s;
}

// A message from the peer: its Logon (seq 1) or a Heartbeat.
std::string FromPeer(const SessionOptions& o, std::uint64_t seq, std::int64_t now) {
  char buffer[512];
  Encoder e(buffer);
  e.Begin(o.begin_string, seq == 1 ? "A" : "0");
  e.AddString(tag::SenderCompID, o.target_comp_id);
  e.AddString(tag::TargetCompID, o.sender_comp_id);
  e.AddUint(tag::MsgSeqNum, seq);
  e.AddTimestamp(tag::SendingTime, now, TimePrecision::kMillis);
  if (seq == 1) {
    e.AddInt(tag::EncryptMethod, 0);
    e.AddInt(tag::HeartBtInt, 1);
    if (o.begin_string == "FIXT.1.1") e.AddString(tag::DefaultApplVerID, "9");
  }
  const EncodeResult r = e.Finish();
  return std::string(r.bytes);
}

// Both sides receive `bytes`.
void Receive(Side& a, Side& b, const std::string& bytes, std::int64_t now) {
  Decoder decoder;
  FieldIndex index(256);
  MessageView view;
  ASSERT_TRUE(decoder.Decode(bytes, index, view).ok());
  a.session.OnMessage(view, now);
  b.session.OnMessage(view, now);
}

void Compare(Side& a, Side& b, const std::string& what) {
  ASSERT_EQ(a.out.sent, b.out.sent) << what;
  Collector ca;
  Collector cb;
  (void)a.store.Visit(1, UINT64_MAX, ca);
  (void)b.store.Visit(1, UINT64_MAX, cb);
  ASSERT_EQ(ca.messages, cb.messages) << what;
}

void RunCase(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  static const char* const kVersions[] = {"FIX.4.0", "FIX.4.2", "FIX.4.4", "FIXT.1.1"};
  static const TimePrecision kPrecisions[] = {TimePrecision::kSeconds, TimePrecision::kMillis,
                                              TimePrecision::kMicros, TimePrecision::kNanos,
                                              TimePrecision::kPicos};
  SessionOptions o;
  o.role = SessionRole::kAcceptor;
  o.begin_string = kVersions[rng() % 4];
  o.sender_comp_id = rng() % 2 ? "US" : RandomText(rng, 20);
  o.target_comp_id = rng() % 2 ? "THEM" : RandomText(rng, 20);
  if (rng() % 10 == 0) o.sender_comp_id += '\x01';  // refused by the encoder, either way
  o.timestamp_precision = kPrecisions[rng() % 5];
  o.check_latency = false;
  o.heart_bt_int_s = 1;
  const std::string what = "seed " + std::to_string(seed) + " " + o.begin_string + " " +
                           o.sender_comp_id + "/" + o.target_comp_id;
  // Rooms with as many digits (the BodyLength the encoder reserves, which
  // error offsets count in).
  Side a(o, 9999);  // templates
  Side b(o, 1000);  // field by field
  std::int64_t now = 1'796'551'200LL * kSecond + static_cast<std::int64_t>(rng() % (3600 * kSecond));
  a.session.OnConnected(now);
  b.session.OnConnected(now);
  std::uint64_t peer_seq = 1;
  Receive(a, b, FromPeer(o, peer_seq++, now), now);

  // MsgTypes: more than the cache holds, one of 8 bytes (not cached), and
  // invalid ones (empty, SOH).
  std::vector<std::string> types = {"D", "8", "F", "G", "9", "j", "AE", "V", "W", "X", "R", "S",
                                    "H", "AB", "AC", "Q", "AS", "BE", "U1", "U23", "ABCDEFG",
                                    "ABCDEFGH", "", "D\x01"};
  for (int i = 0; i < 3000; ++i) {
    // The clock: mostly within a second, sometimes to another second or minute.
    const std::uint64_t step = rng() % 20;
    now += step < 14 ? static_cast<std::int64_t>(rng() % 1'000'000)
           : step < 18 ? static_cast<std::int64_t>(rng() % (2 * kSecond))
                       : static_cast<std::int64_t>(rng() % (120 * kSecond));
    if (rng() % 50 == 0) {
      // The peer's Heartbeat keeps the session up; the timer sends ours
      // after a second without sending.
      Receive(a, b, FromPeer(o, peer_seq++, now), now);
      a.session.OnTimer(now);
      b.session.OnTimer(now);
      continue;
    }
    const std::string& type = types[rng() % types.size()];
    struct Field {
      int kind;
      std::uint32_t tag;
      std::string text;
      std::int64_t value;
    };
    std::vector<Field> body;
    const int fields = static_cast<int>(rng() % 12);
    for (int f = 0; f < fields; ++f) {
      body.push_back(Field{static_cast<int>(rng() % 5), static_cast<std::uint32_t>(11 + rng() % 2000),
                           RandomText(rng, 24), static_cast<std::int64_t>(rng() % 1'000'000'000)});
    }
    const auto write = [&](Encoder& e) {
      for (const Field& f : body) {
        switch (f.kind) {
          case 0: e.AddString(f.tag, f.text); break;
          case 1: e.AddUint(f.tag, static_cast<std::uint64_t>(f.value)); break;
          case 2: e.AddInt(f.tag, -f.value); break;
          case 3: e.AddDecimal(f.tag, Decimal{f.value, -4}); break;
          default: e.AddTimestamp(f.tag, now - f.value, TimePrecision::kMillis); break;
        }
      }
    };
    const SendResult ra = a.session.Send(type, write, now);
    const SendResult rb = b.session.Send(type, write, now);
    ASSERT_EQ(ra.status, rb.status) << what << " message " << i;
    ASSERT_EQ(ra.seq, rb.seq) << what << " message " << i;
    ASSERT_EQ(ra.error.code, rb.error.code) << what << " message " << i;
    ASSERT_EQ(ra.error.tag, rb.error.tag) << what << " message " << i;
    ASSERT_EQ(ra.error.offset, rb.error.offset) << what << " message " << i;
  }
  Compare(a, b, what);
  if (o.sender_comp_id.find('\x01') == std::string::npos) {
    EXPECT_TRUE(a.session.logged_on()) << what;
    EXPECT_GT(a.out.sent.size(), 2000u) << what;  // the comparison was not vacuous
  }
}

TEST(SendHeader, TemplatesWriteTheGenericBytes) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    RunCase(seed);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace fixwire::testing
