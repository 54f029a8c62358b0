// Interoperability with QuickFIX's engine (Debian's libquickfix) over real
// loopback TCP, for FIX.4.2, FIX.4.4 and FIXT.1.1/FIX.5.0SP2, both ways:
//   fixwire initiator -> QuickFIX SocketAcceptor, and
//   QuickFIX SocketInitiator -> fixwire acceptor.
// Logon; orders answered by execution reports, every one delivered exactly
// once and in order on both sides; a forced gap recovered by QuickFIX's
// ResendRequest and our gap fill; messages sent while logged off resent on
// the next Logon; a SequenceReset from QuickFIX; logout.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "fixwire/net/engine.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/interop/interop_support.h"
#include "tests/interop/quickfix_peer.h"

namespace fixwire::testing {
namespace {

using fixwire_interop::QuickfixPeer;
using fixwire_interop::QuickfixPeerOptions;

class Interop : public ::testing::TestWithParam<Version> {};

TEST_P(Interop, FixwireInitiatorAgainstQuickfixAcceptor) {
  const Version& v = GetParam();
  QuickfixPeerOptions qo;
  qo.acceptor = true;
  qo.begin_string = v.begin_string;
  qo.sender_comp_id = "QUICKFIX";
  qo.target_comp_id = "FIXWIRE";
  qo.default_appl_ver_id = v.qf_appl_ver_id;
  qo.port = FreePort();
  QuickfixPeer quickfix(qo);
  ASSERT_EQ(quickfix.Start(), "");

  App client(false);
  MemoryStore store({.max_messages = 40'000, .max_bytes = 32u << 20});
  Engine engine;
  TransportOptions t;
  t.connect = {{"127.0.0.1", static_cast<std::uint16_t>(qo.port)}};
  t.reconnect_interval_s = 1;
  Session& s = engine.AddSession(Ours(SessionRole::kInitiator, v), client, store, t);
  ASSERT_TRUE(engine.Start().ok());
  ASSERT_TRUE(PollUntil(engine, [&] { return s.logged_on() && quickfix.logged_on(); }));

  // 10,000 orders, each answered; in flight 100 at a time.
  std::vector<std::string> sent;
  for (int i = 0; i < 10'000; ++i) {
    sent.push_back("N" + std::to_string(i));
    ASSERT_TRUE(SendOrder(s, sent.back()));
    if (i % 100 == 99) {
      ASSERT_TRUE(PollUntil(engine, [&] { return client.received.size() == sent.size(); }))
          << client.received.size() << " of " << sent.size();
    }
  }
  // A forced gap: three numbers skipped. QuickFIX asks for them; we answer
  // with a gap fill; the next order arrives.
  ASSERT_EQ(store.SetNextSenderSeq(store.next_sender_seq() + 3), StoreStatus::kOk);
  sent.push_back("AFTER-GAP");
  ASSERT_TRUE(SendOrder(s, sent.back()));
  ASSERT_TRUE(PollUntil(engine, [&] { return client.received.size() == sent.size(); }));
  // QuickFIX moves our expected number with a SequenceReset-Reset.
  const std::uint64_t expected = s.next_target_seq();
  ASSERT_TRUE(quickfix.ResetSequence(static_cast<int>(expected + 10)));
  ASSERT_TRUE(PollUntil(engine, [&] { return s.next_target_seq() == expected + 10; }));
  sent.push_back("AFTER-RESET");
  ASSERT_TRUE(SendOrder(s, sent.back()));
  ASSERT_TRUE(PollUntil(engine, [&] { return client.received.size() == sent.size(); }));

  // Logged off, three orders are stored only; after the automatic
  // reconnection QuickFIX sees the gap at our Logon, asks, and gets them as
  // possible duplicates, which it delivers once.
  s.Logout("pause", NowNs());
  ASSERT_TRUE(PollUntil(engine, [&] { return s.state() == SessionState::kDisconnected; }));
  for (int i = 0; i < 3; ++i) {
    sent.push_back("OFFLINE" + std::to_string(i));
    ASSERT_TRUE(SendOrder(s, sent.back()));
  }
  ASSERT_TRUE(PollUntil(engine, [&] { return s.logged_on() && quickfix.logged_on(); }));
  ASSERT_TRUE(PollUntil(engine, [&] { return client.received.size() == sent.size(); }));

  EXPECT_EQ(quickfix.received(), sent);  // every order once, in order
  EXPECT_EQ(client.received, sent);      // every report once, in order
  s.Logout("done", NowNs());
  EXPECT_TRUE(PollUntil(engine, [&] { return s.state() == SessionState::kDisconnected; }));
  quickfix.Stop();
}

TEST_P(Interop, QuickfixInitiatorAgainstFixwireAcceptor) {
  const Version& v = GetParam();
  App venue(true);
  MemoryStore store({.max_messages = 40'000, .max_bytes = 32u << 20});
  Engine engine;
  TransportOptions t;
  t.listen = true;
  Session& s = engine.AddSession(Ours(SessionRole::kAcceptor, v), venue, store, t);
  ASSERT_TRUE(engine.Start().ok());

  QuickfixPeerOptions qo;
  qo.acceptor = false;
  qo.begin_string = v.begin_string;
  qo.sender_comp_id = "QUICKFIX";
  qo.target_comp_id = "FIXWIRE";
  qo.default_appl_ver_id = v.qf_appl_ver_id;
  qo.port = engine.bound_port(s);
  QuickfixPeer quickfix(qo);
  ASSERT_EQ(quickfix.Start(), "");
  ASSERT_TRUE(PollUntil(engine, [&] { return s.logged_on() && quickfix.logged_on(); }));

  std::vector<std::string> sent;
  for (int i = 0; i < 2'000; ++i) {
    sent.push_back("Q" + std::to_string(i));
    ASSERT_TRUE(quickfix.SendOrder(sent.back()));
    if (i % 100 == 99) {
      ASSERT_TRUE(PollUntil(engine, [&] { return quickfix.received().size() == sent.size(); }))
          << quickfix.received().size() << " of " << sent.size();
    }
  }
  // Our side skips numbers: QuickFIX asks, we gap fill, the next report arrives.
  ASSERT_EQ(store.SetNextSenderSeq(store.next_sender_seq() + 5), StoreStatus::kOk);
  sent.push_back("AFTER-GAP");
  ASSERT_TRUE(quickfix.SendOrder(sent.back()));
  ASSERT_TRUE(PollUntil(engine, [&] { return quickfix.received().size() == sent.size(); }));
  EXPECT_EQ(venue.received, sent);
  EXPECT_EQ(quickfix.received(), sent);
  quickfix.Stop();  // QuickFIX logs out
  EXPECT_TRUE(PollUntil(engine, [&] { return s.state() == SessionState::kDisconnected; }));
}

INSTANTIATE_TEST_SUITE_P(Versions, Interop,
                         ::testing::Values(Version{"FIX.4.2", "", ""}, Version{"FIX.4.4", "", ""},
                                           Version{"FIXT.1.1", "9", "FIX.5.0SP2"}),
                         [](const ::testing::TestParamInfo<Version>& p) {
                           std::string n = p.param.begin_string;
                           for (char& c : n) {
                             if (c == '.') c = '_';
                           }
                           return n;
                         });

}  // namespace
}  // namespace fixwire::testing
