// Property: the one-pass delivery of in-sequence application messages
// (Session::DeliverInSequence) changes nothing but speed. Two sessions,
// identical but for that path (turned off in one through Session::TestAccess),
// receive the same random conversation: orders in sequence, gaps and their
// fills, duplicates with and without PossDupFlag, wrong CompIDs, missing or
// malformed SendingTime, SendingTime out of range, PossDupFlag without or
// with a later OrigSendingTime, unsupported MsgTypes, admin messages, a wrong
// BeginString, clock steps and timers, disconnects and new Logons; the
// application answers some orders inside the callback. After every step both
// must have sent the same bytes, delivered the same messages, reported the
// same events, and be in the same state with the same numbers.
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
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "fixwire/wire/decoder.h"
#include "gtest/gtest.h"
#include "tests/support/test_orders.h"

namespace fixwire {

struct Session::TestAccess {
  static void UseProcessOnly(Session& s) { s.deliver_unvalidated_ = false; }
};

namespace testing {
namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

class RecordingOutput final : public SessionOutput {
 public:
  std::span<char> Reserve(std::size_t max_bytes) noexcept override {
    room_.resize(max_bytes);
    return std::span<char>(room_.data(), max_bytes);
  }
  void Commit(std::string_view message) noexcept override { sent.emplace_back(message); }
  void Disconnect(std::string_view reason) noexcept override {
    sent.push_back("disconnect: " + std::string(reason));
  }
  std::vector<std::string> sent;

 private:
  std::vector<char> room_;
};

// Records what the application sees; answers every third order inside the call.
class RecordingApp final : public Application {
 public:
  void OnLogon(Session&) noexcept override { seen.push_back("logon"); }
  void OnLogout(Session&) noexcept override { seen.push_back("logout"); }
  void OnAppMessage(Session& s, const MessageView& m, const GroupedMessage*) noexcept override {
    std::uint64_t seq = 0;
    (void)m.msg_seq_num(&seq);
    const std::string id(m.GetOr(tag::ClOrdID));
    seen.push_back("app " + std::to_string(seq) + " " + std::string(m.msg_type()) + " " + id);
    if (m.msg_type() == msg_type::NewOrderSingle && ++orders % 3 == 0) {
      (void)SendOrderAck(s, id, "O", "E", now);
    }
  }
  void OnAdminMessage(Session&, const MessageView& m) noexcept override {
    seen.push_back("admin " + std::string(m.msg_type()));
  }
  void OnEvent(Session&, const SessionEvent& e) noexcept override {
    seen.push_back("event " + std::to_string(static_cast<int>(e.kind)) + " " + std::string(e.text) +
                   " " + std::to_string(e.begin) + ".." + std::to_string(e.end));
  }
  std::vector<std::string> seen;
  std::int64_t now = 0;
  int orders = 0;
};

struct Side {
  explicit Side(const SessionOptions& o)
      : store({.max_messages = 1 << 14, .max_bytes = 16 << 20}), session(o, app, store, out) {}
  RecordingApp app;
  MemoryStore store;
  RecordingOutput out;
  Session session;
};

// What the peer sends: a message with its header fields each chosen by the caller.
struct PeerMessage {
  std::string begin_string;
  std::string msg_type;
  std::string sender;
  std::string target;
  std::uint64_t seq = 0;
  bool sending_time = true;      // SendingTime present
  bool bad_sending_time = false;  // present but malformed
  std::int64_t sent_at = 0;
  bool poss_dup = false;
  int orig_sending_time = 0;  // 0 none, 1 before SendingTime, 2 after it
  std::string cl_ord_id;
  std::uint64_t new_seq_no = 0;  // SequenceReset-GapFill
};

std::string Build(const PeerMessage& p, const SessionOptions& o) {
  char buffer[1024];
  Encoder e(buffer);
  e.Begin(p.begin_string, p.msg_type);
  e.AddString(tag::SenderCompID, p.sender);
  e.AddString(tag::TargetCompID, p.target);
  e.AddUint(tag::MsgSeqNum, p.seq);
  if (p.poss_dup) e.AddChar(tag::PossDupFlag, 'Y');
  if (p.bad_sending_time) {
    e.AddString(tag::SendingTime, "20261206-25:00:00");
  } else if (p.sending_time) {
    e.AddTimestamp(tag::SendingTime, p.sent_at, TimePrecision::kMillis);
  }
  if (p.orig_sending_time != 0) {
    e.AddTimestamp(tag::OrigSendingTime, p.sent_at + (p.orig_sending_time == 1 ? -kSecond : kSecond),
                   TimePrecision::kMillis);
  }
  if (p.msg_type == msg_type::Logon) {
    e.AddInt(tag::EncryptMethod, 0);
    e.AddInt(tag::HeartBtInt, 30);
    if (o.begin_string == "FIXT.1.1") e.AddString(tag::DefaultApplVerID, "9");
  } else if (p.msg_type == msg_type::SequenceReset) {
    e.AddChar(tag::GapFillFlag, 'Y');
    e.AddUint(tag::NewSeqNo, p.new_seq_no);
  } else if (!p.cl_ord_id.empty()) {
    e.AddString(tag::ClOrdID, p.cl_ord_id);
    e.AddChar(tag::HandlInst, '1');
    e.AddString(tag::Symbol, "EURUSD");
    e.AddChar(tag::Side, '1');
    e.AddUint(tag::OrderQty, 100);
    e.AddChar(tag::OrdType, '1');
  }
  const EncodeResult r = e.Finish();
  return std::string(r.bytes);
}

void Deliver(Side& fast, Side& slow, const std::string& bytes, std::int64_t now) {
  Decoder decoder;
  FieldIndex index(256);
  MessageView view;
  ASSERT_TRUE(decoder.Decode(bytes, index, view).ok());
  fast.app.now = slow.app.now = now;
  fast.session.OnMessage(view, now);
  slow.session.OnMessage(view, now);
}

void ExpectSame(const Side& fast, const Side& slow, const std::string& step) {
  ASSERT_EQ(fast.out.sent, slow.out.sent) << step;
  ASSERT_EQ(fast.app.seen, slow.app.seen) << step;
  ASSERT_EQ(fast.session.state(), slow.session.state()) << step;
  ASSERT_EQ(fast.session.next_target_seq(), slow.session.next_target_seq()) << step;
  ASSERT_EQ(fast.session.next_sender_seq(), slow.session.next_sender_seq()) << step;
}

void RunCase(std::uint64_t seed, int* in_sequence_deliveries) {
  std::mt19937_64 rng(seed);
  static const char* const kVersions[] = {"FIX.4.0", "FIX.4.1", "FIX.4.2", "FIX.4.3", "FIX.4.4",
                                          "FIXT.1.1"};
  SessionOptions o;
  o.role = SessionRole::kAcceptor;
  o.begin_string = kVersions[rng() % 6];
  o.sender_comp_id = "US";
  o.target_comp_id = "THEM";
  if (o.begin_string == "FIXT.1.1") o.default_appl_ver_id = "9";
  o.check_comp_id = rng() % 4 != 0;
  o.check_latency = rng() % 4 != 0;
  o.max_latency_s = 120;
  if (rng() % 2 == 0) o.app_msg_types = {std::string(msg_type::NewOrderSingle)};
  Side fast(o);
  Side slow(o);
  Session::TestAccess::UseProcessOnly(slow.session);

  std::int64_t now = 1'796'551'200LL * kSecond;
  std::uint64_t peer_seq = 1;  // the peer's next number
  int order = 0;
  auto base = [&](std::string_view type) {
    PeerMessage p;
    p.begin_string = o.begin_string;
    p.msg_type = std::string(type);
    p.sender = "THEM";
    p.target = "US";
    p.seq = peer_seq;
    p.sent_at = now;
    return p;
  };
  auto connect = [&] {
    fast.session.OnConnected(now);
    slow.session.OnConnected(now);
    Deliver(fast, slow, Build(base(msg_type::Logon), o), now);
    ++peer_seq;
  };
  connect();
  ExpectSame(fast, slow, "logon");
  for (int step = 0; step < 400; ++step) {
    now += static_cast<std::int64_t>(rng() % (3 * kSecond));
    const std::string what = "seed " + std::to_string(seed) + " step " + std::to_string(step);
    if (fast.session.state() == SessionState::kDisconnected || rng() % 97 == 0) {
      fast.session.OnDisconnected(now);
      slow.session.OnDisconnected(now);
      // The peer logs on again at a number at or above what we expect.
      peer_seq = fast.session.next_target_seq() + rng() % 2;
      connect();
      ExpectSame(fast, slow, what + " reconnect");
      continue;
    }
    PeerMessage p = base(msg_type::NewOrderSingle);
    p.cl_ord_id = "C" + std::to_string(++order);
    const unsigned kind = static_cast<unsigned>(rng() % 100);
    bool advance = true;
    if (kind < 55) {
      // in sequence (the fast path's case)
    } else if (kind < 62) {
      p.seq = peer_seq += 1 + rng() % 3;  // a gap
    } else if (kind < 66) {
      // fill the gap the session asked for
      p = base(msg_type::SequenceReset);
      p.seq = fast.session.next_target_seq();
      p.new_seq_no = peer_seq + 1;
      p.poss_dup = true;
      p.orig_sending_time = 1;
    } else if (kind < 70) {
      p.seq = peer_seq > 2 ? peer_seq - 1 - rng() % (peer_seq - 2) : 1;  // a duplicate
      p.poss_dup = true;
      p.orig_sending_time = 1;
      advance = false;
    } else if (kind < 72) {
      p.seq = peer_seq > 2 ? peer_seq - 1 : 1;  // too low without PossDupFlag
      advance = false;
    } else if (kind < 75) {
      (rng() % 2 ? p.sender : p.target) = "OTHER";
    } else if (kind < 78) {
      p.sending_time = false;
    } else if (kind < 80) {
      p.bad_sending_time = true;
    } else if (kind < 83) {
      p.sent_at = now + (rng() % 2 ? 1 : -1) * static_cast<std::int64_t>(60 + rng() % 200) * kSecond;
    } else if (kind < 86) {
      p.poss_dup = true;
      p.orig_sending_time = static_cast<int>(rng() % 3);
    } else if (kind < 90) {
      p.msg_type = "R";  // QuoteRequest: unsupported when the application lists D only
    } else if (kind < 95) {
      p = base(rng() % 2 ? msg_type::Heartbeat : msg_type::TestRequest);
    } else if (kind < 96) {
      p.begin_string = o.begin_string == "FIX.4.2" ? "FIX.4.4" : "FIX.4.2";
    } else {
      fast.session.OnTimer(now);
      slow.session.OnTimer(now);
      ExpectSame(fast, slow, what + " timer");
      continue;
    }
    const bool expected_fast = kind < 55 && fast.session.logged_on();
    const std::size_t before = fast.app.seen.size();
    Deliver(fast, slow, Build(p, o), now);
    if (expected_fast && fast.app.seen.size() > before) ++*in_sequence_deliveries;
    if (advance) peer_seq = std::max(peer_seq, p.seq) + (p.msg_type == msg_type::SequenceReset ? 0 : 1);
    if (p.msg_type == msg_type::SequenceReset) peer_seq = std::max(peer_seq, p.new_seq_no);
    ExpectSame(fast, slow, what);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(InboundFastPath, SameBehaviourAsProcessOnRandomConversations) {
  int in_sequence_deliveries = 0;
  for (std::uint64_t seed = 1; seed <= 60 && !::testing::Test::HasFatalFailure(); ++seed) {
    RunCase(seed, &in_sequence_deliveries);
  }
  // The comparison means something only if many orders arrived in sequence.
  EXPECT_GT(in_sequence_deliveries, 3000);
}

}  // namespace
}  // namespace testing
}  // namespace fixwire
