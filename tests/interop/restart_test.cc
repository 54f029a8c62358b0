// A fixwire session restarted with a persistent store against QuickFIX's
// engine (Debian's libquickfix) over loopback TCP, for FIX.4.2, FIX.4.4 and
// FIXT.1.1/FIX.5.0SP2, with the file store and the memory-mapped journal:
//   - the fixwire initiator crashes (its engine and store are destroyed
//     without a Logout, orders still in flight) or logs out, then a new
//     engine and store on the same directory log on again without
//     ResetSeqNumFlag;
//   - the fixwire acceptor does the same while QuickFIX's initiator keeps
//     reconnecting.
//   - QuickFIX's initiator stops at once and a new one resumes from its
//     FileStore against our acceptor.
// Sequence numbers continue on both sides (neither sees a reset), and
// every order and report, including those sent while one side was down,
// arrives exactly once and in order on both sides.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "fixwire/net/engine.h"
#include "fixwire/net/file_log.h"
#include "fixwire/store/store_factory.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/interop/interop_support.h"
#include "tests/interop/quickfix_peer.h"

namespace fixwire::testing {
namespace {

using fixwire_interop::QuickfixPeer;
using fixwire_interop::QuickfixPeerOptions;

// TmpDir returns a new directory for one test case.
std::string TmpDir(const std::string& name) {
  const char* base = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(base != nullptr ? base : "/tmp") + "/restart_test/" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Case {
  Version version;
  StoreType store;
  bool crash;  // true: no Logout, orders in flight; false: a clean Logout first
};

template <typename Done>
bool WaitUntil(Done done, double seconds = 20) {
  const auto start = std::chrono::steady_clock::now();
  while (!done()) {
    if (std::chrono::steady_clock::now() - start > std::chrono::duration<double>(seconds)) return false;
    usleep(1000);
  }
  return true;
}

// Side: one incarnation of the fixwire side: its store, log and engine
// (destroyed together, as a process exit would).
struct Side {
  Side(const Case& c, SessionRole role, const std::string& dir, const TransportOptions& t)
      : app(role == SessionRole::kAcceptor) {
    StoreOptions so;
    so.type = c.store;
    so.sync = StoreSync::kFlush;
    so.directory = dir + "/store";
    so.session_id = c.version.begin_string + std::string("-FIXWIRE-QUICKFIX");
    absl::StatusOr<std::unique_ptr<MessageStore>> opened = OpenStore(so);
    EXPECT_TRUE(opened.ok()) << opened.status();
    if (!opened.ok()) return;
    store = std::move(*opened);
    const SessionOptions o = Ours(role, c.version);
    absl::StatusOr<std::unique_ptr<FileLog>> l = FileLog::Open(dir + "/log", FileLog::SessionPrefix(o));
    EXPECT_TRUE(l.ok()) << l.status();
    if (!l.ok()) return;
    log = std::move(*l);
    engine = std::make_unique<Engine>();
    session = &engine->AddSession(o, app, *store, t, log.get());
  }
  ~Side() {
    engine.reset();  // before the store and the log it uses
  }
  App app;
  std::unique_ptr<MessageStore> store;
  std::unique_ptr<FileLog> log;
  std::unique_ptr<Engine> engine;
  Session* session = nullptr;
};

// Stop ends one incarnation: a crash closes the sockets without a word
// (orders just sent may be unread), a clean stop logs out first.
void Stop(Side& ours, bool crash) {
  if (crash) {
    ours.engine->Shutdown();
    return;
  }
  ours.session->Logout("restart", NowNs());
  EXPECT_TRUE(PollUntil(*ours.engine, [&] { return ours.session->state() == SessionState::kDisconnected; }));
}

std::vector<std::string> WithPrefix(const std::vector<std::string>& ids, const std::string& prefix, bool keep) {
  std::vector<std::string> out;
  for (const std::string& id : ids) {
    if ((id.compare(0, prefix.size(), prefix) == 0) == keep) out.push_back(id);
  }
  return out;
}

std::string Name(const ::testing::TestParamInfo<Case>& p) {
  std::string n = p.param.version.begin_string;
  for (char& c : n) {
    if (c == '.') c = '_';
  }
  n += p.param.store == StoreType::kFile ? "_File" : "_Mmap";
  n += p.param.crash ? "_Crash" : "_Logout";
  return n;
}

void PrintTo(const Case& c, std::ostream* os) { *os << Name({c, 0}); }

class Restart : public ::testing::TestWithParam<Case> {};

TEST_P(Restart, FixwireInitiatorResumesWithoutReset) {
  const Case& c = GetParam();
  const std::string dir = TmpDir("initiator_" + Name({c, 0}));
  QuickfixPeerOptions qo;
  qo.acceptor = true;
  qo.begin_string = c.version.begin_string;
  qo.sender_comp_id = "QUICKFIX";
  qo.target_comp_id = "FIXWIRE";
  qo.default_appl_ver_id = c.version.qf_appl_ver_id;
  qo.port = FreePort();
  qo.directory = dir + "/quickfix";
  QuickfixPeer quickfix(qo);
  ASSERT_EQ(quickfix.Start(), "");
  TransportOptions t;
  t.connect = {{"127.0.0.1", static_cast<std::uint16_t>(qo.port)}};
  t.reconnect_interval_s = 1;

  std::vector<std::string> sent;  // our orders, in order
  std::uint64_t sender_before = 0;
  std::uint64_t target_before = 0;
  std::vector<std::string> reports_before;
  {
    Side first(c, SessionRole::kInitiator, dir, t);
    ASSERT_NE(first.session, nullptr);
    Session& s = *first.session;
    ASSERT_TRUE(first.engine->Start().ok());
    ASSERT_TRUE(PollUntil(*first.engine, [&] { return s.logged_on() && quickfix.logged_on(); }));
    for (int i = 0; i < 50; ++i) {
      sent.push_back("BEFORE" + std::to_string(i));
      ASSERT_TRUE(SendOrder(s, sent.back()));
    }
    ASSERT_TRUE(PollUntil(*first.engine, [&] { return first.app.received.size() == sent.size(); }));
    if (c.crash) {  // in flight: written to the socket, unanswered
      for (int i = 0; i < 5; ++i) {
        sent.push_back("INFLIGHT" + std::to_string(i));
        ASSERT_TRUE(SendOrder(s, sent.back()));
      }
      first.engine->Poll(0);
    }
    Stop(first, c.crash);
    sender_before = s.next_sender_seq();
    target_before = s.next_target_seq();
    EXPECT_GT(sender_before, 50u);
    reports_before = first.app.received;
  }  // engine, store and log destroyed
  ASSERT_TRUE(WaitUntil([&] { return !quickfix.logged_on(); }));
  // While we are down QuickFIX sends orders of its own: stored on its side.
  const std::vector<std::string> quickfix_down = {"QDOWN0", "QDOWN1", "QDOWN2"};
  for (const std::string& id : quickfix_down) quickfix.SendOrder(id);

  Side second(c, SessionRole::kInitiator, dir, t);
  ASSERT_NE(second.session, nullptr);
  Session& s = *second.session;
  // The store recovered both numbers.
  EXPECT_EQ(s.next_sender_seq(), sender_before);
  EXPECT_EQ(s.next_target_seq(), target_before);
  // Orders sent before the connection is up are stored, then resent on request.
  for (int i = 0; i < 3; ++i) {
    sent.push_back("OFFLINE" + std::to_string(i));
    ASSERT_TRUE(SendOrder(s, sent.back()));
  }
  ASSERT_TRUE(second.engine->Start().ok());
  ASSERT_TRUE(PollUntil(*second.engine, [&] { return s.logged_on() && quickfix.logged_on(); }));
  for (int i = 0; i < 20; ++i) {
    sent.push_back("AFTER" + std::to_string(i));
    ASSERT_TRUE(SendOrder(s, sent.back()));
  }
  ASSERT_TRUE(PollUntil(*second.engine, [&] {
    return quickfix.received().size() == sent.size() &&
           reports_before.size() + second.app.received.size() == sent.size() + quickfix_down.size();
  })) << quickfix.received().size() << " orders, " << second.app.received.size() << " reports";

  // Numbers continued: ours (3 stored orders, a Logon, 20 orders and any
  // ResendRequest past the old ones) and QuickFIX's (it expects exactly
  // what we send next: it never reset).
  EXPECT_GE(s.next_sender_seq(), sender_before + 3 + 1 + 20);
  EXPECT_GE(s.next_target_seq(), target_before + 3 + 1);
  ASSERT_TRUE(PollUntil(*second.engine, [&] {
    return quickfix.next_target_seq() == static_cast<int>(s.next_sender_seq()) &&
           quickfix.next_sender_seq() == static_cast<int>(s.next_target_seq());
  })) << quickfix.next_target_seq() << " " << s.next_sender_seq();
  // Every order once, in order, at QuickFIX; every report and QuickFIX's own
  // orders once, in order, here.
  EXPECT_EQ(quickfix.received(), sent);
  std::vector<std::string> here = reports_before;
  here.insert(here.end(), second.app.received.begin(), second.app.received.end());
  EXPECT_EQ(WithPrefix(here, "QDOWN", false), sent);
  EXPECT_EQ(WithPrefix(here, "QDOWN", true), quickfix_down);

  // Our message log (both incarnations append to it): no Logon asked for a reset.
  second.log->Flush();
  const std::string logged = ReadFile(second.log->messages_path());
  int logons = 0;
  for (std::size_t at = logged.find("\x01" "35=A\x01"); at != std::string::npos;
       at = logged.find("\x01" "35=A\x01", at + 1)) {
    const std::size_t begin = logged.rfind('\n', at) + 1;
    const std::string line = logged.substr(begin, logged.find('\n', at) - begin);
    EXPECT_EQ(line.find("\x01" "141=Y\x01"), std::string::npos) << line;
    ++logons;
  }
  EXPECT_EQ(logons, 4);  // two each way
  s.Logout("done", NowNs());
  EXPECT_TRUE(PollUntil(*second.engine, [&] { return s.state() == SessionState::kDisconnected; }));
  quickfix.Stop();
}

TEST_P(Restart, FixwireAcceptorResumesWithoutReset) {
  const Case& c = GetParam();
  const std::string dir = TmpDir("acceptor_" + Name({c, 0}));
  TransportOptions t;
  t.listen = true;
  t.accept_port = FreePort();
  QuickfixPeerOptions qo;
  qo.acceptor = false;
  qo.begin_string = c.version.begin_string;
  qo.sender_comp_id = "QUICKFIX";
  qo.target_comp_id = "FIXWIRE";
  qo.default_appl_ver_id = c.version.qf_appl_ver_id;
  qo.port = t.accept_port;
  qo.directory = dir + "/quickfix";
  QuickfixPeer quickfix(qo);

  std::vector<std::string> sent;  // QuickFIX's orders, in order
  std::vector<std::string> received_before;
  std::uint64_t sender_before = 0;
  std::uint64_t target_before = 0;
  {
    Side first(c, SessionRole::kAcceptor, dir, t);
    ASSERT_NE(first.session, nullptr);
    Session& s = *first.session;
    ASSERT_TRUE(first.engine->Start().ok());
    ASSERT_EQ(quickfix.Start(), "");
    ASSERT_TRUE(PollUntil(*first.engine, [&] { return s.logged_on() && quickfix.logged_on(); }));
    for (int i = 0; i < 50; ++i) {
      sent.push_back("BEFORE" + std::to_string(i));
      ASSERT_TRUE(quickfix.SendOrder(sent.back()));
    }
    ASSERT_TRUE(PollUntil(*first.engine, [&] { return quickfix.received().size() == sent.size(); }));
    Stop(first, c.crash);
    sender_before = s.next_sender_seq();
    target_before = s.next_target_seq();
    received_before = first.app.received;
  }
  ASSERT_TRUE(WaitUntil([&] { return !quickfix.logged_on(); }));
  // QuickFIX's orders while we are down: stored on its side, sent when asked.
  for (int i = 0; i < 3; ++i) {
    sent.push_back("DOWN" + std::to_string(i));
    quickfix.SendOrder(sent.back());
  }

  Side second(c, SessionRole::kAcceptor, dir, t);
  ASSERT_NE(second.session, nullptr);
  Session& s = *second.session;
  EXPECT_EQ(s.next_sender_seq(), sender_before);
  EXPECT_EQ(s.next_target_seq(), target_before);
  ASSERT_TRUE(second.engine->Start().ok());
  // QuickFIX reconnects on its own (ReconnectInterval=1).
  ASSERT_TRUE(PollUntil(*second.engine, [&] { return s.logged_on() && quickfix.logged_on(); }));
  ASSERT_TRUE(PollUntil(*second.engine, [&] { return quickfix.received().size() == sent.size(); }))
      << quickfix.received().size() << " of " << sent.size();
  for (int i = 0; i < 20; ++i) {
    sent.push_back("AFTER" + std::to_string(i));
    ASSERT_TRUE(quickfix.SendOrder(sent.back()));
  }
  ASSERT_TRUE(PollUntil(*second.engine, [&] { return quickfix.received().size() == sent.size(); }));
  ASSERT_TRUE(PollUntil(*second.engine, [&] {
    return quickfix.next_target_seq() == static_cast<int>(s.next_sender_seq()) &&
           quickfix.next_sender_seq() == static_cast<int>(s.next_target_seq());
  })) << quickfix.next_target_seq() << " " << s.next_sender_seq();
  // Numbers continued from where they were: a Logon and 23 reports more
  // (and a ResendRequest); 3 resent orders, a Logon and 20 orders more.
  EXPECT_GE(s.next_sender_seq(), sender_before + 1 + 23);
  EXPECT_GE(s.next_target_seq(), target_before + 3 + 1 + 20);
  std::vector<std::string> here = received_before;
  here.insert(here.end(), second.app.received.begin(), second.app.received.end());
  EXPECT_EQ(here, sent);                 // every order once, in order
  EXPECT_EQ(quickfix.received(), sent);  // every report once, in order
  // We log out (QuickFIX's stop would wait for an answer this thread cannot give).
  s.Logout("done", NowNs());
  EXPECT_TRUE(PollUntil(*second.engine, [&] { return s.state() == SessionState::kDisconnected; }));
  quickfix.Stop();
}

// QuickFIX's initiator stops at once and a new one starts on the same
// FileStore directory; our acceptor (which keeps running) sees the numbers
// continue, and orders we sent while QuickFIX was down reach it once.
class QuickfixRestart : public ::testing::TestWithParam<Version> {};

TEST_P(QuickfixRestart, QuickfixInitiatorResumesFromItsFileStore) {
  const Case c{GetParam(), StoreType::kFile, true};
  const std::string dir = TmpDir("quickfix_" + Name({c, 0}));
  TransportOptions t;
  t.listen = true;
  t.accept_port = FreePort();
  Side ours(c, SessionRole::kAcceptor, dir, t);
  ASSERT_NE(ours.session, nullptr);
  Session& s = *ours.session;
  ASSERT_TRUE(ours.engine->Start().ok());
  QuickfixPeerOptions qo;
  qo.acceptor = false;
  qo.begin_string = c.version.begin_string;
  qo.sender_comp_id = "QUICKFIX";
  qo.target_comp_id = "FIXWIRE";
  qo.default_appl_ver_id = c.version.qf_appl_ver_id;
  qo.port = t.accept_port;
  qo.directory = dir + "/quickfix";

  std::vector<std::string> orders;  // QuickFIX's, in order
  std::uint64_t target_before = 0;
  {
    QuickfixPeer first(qo);
    ASSERT_EQ(first.Start(), "");
    ASSERT_TRUE(PollUntil(*ours.engine, [&] { return s.logged_on() && first.logged_on(); }));
    for (int i = 0; i < 30; ++i) {
      orders.push_back("QF" + std::to_string(i));
      ASSERT_TRUE(first.SendOrder(orders.back()));
    }
    ASSERT_TRUE(PollUntil(*ours.engine, [&] { return first.received().size() == orders.size(); }));
    first.Kill();
  }
  ASSERT_TRUE(PollUntil(*ours.engine, [&] { return s.state() == SessionState::kDisconnected; }));
  target_before = s.next_target_seq();
  // Our orders while QuickFIX is down: stored, resent when it asks.
  const std::vector<std::string> ours_down = {"FWDOWN0", "FWDOWN1", "FWDOWN2"};
  for (const std::string& id : ours_down) ASSERT_TRUE(SendOrder(s, id));

  QuickfixPeer second(qo);
  ASSERT_EQ(second.Start(), "");
  ASSERT_TRUE(PollUntil(*ours.engine, [&] { return s.logged_on() && second.logged_on(); }));
  // QuickFIX's Logon continued its numbers (a reset would have started at 1).
  EXPECT_GE(s.next_target_seq(), target_before + 1);
  ASSERT_TRUE(PollUntil(*ours.engine, [&] { return second.received() == ours_down; }))
      << second.received().size();
  for (int i = 0; i < 10; ++i) {
    orders.push_back("QFAFTER" + std::to_string(i));
    ASSERT_TRUE(second.SendOrder(orders.back()));
  }
  ASSERT_TRUE(PollUntil(*ours.engine, [&] { return second.received().size() == ours_down.size() + 10; }));
  ASSERT_TRUE(PollUntil(*ours.engine, [&] {
    return second.next_target_seq() == static_cast<int>(s.next_sender_seq()) &&
           second.next_sender_seq() == static_cast<int>(s.next_target_seq());
  }));
  EXPECT_EQ(ours.app.received, orders);  // every order once, in order
  std::vector<std::string> reports = second.received();
  reports.erase(reports.begin(), reports.begin() + static_cast<long>(ours_down.size()));
  EXPECT_EQ(reports, std::vector<std::string>(orders.end() - 10, orders.end()));
  // No reset on either side: our event log never reset the numbers.
  ours.log->Flush();
  const std::string events = ReadFile(ours.log->event_path());
  EXPECT_EQ(events.find("Sequence numbers reset"), std::string::npos) << events;
  s.Logout("done", NowNs());
  EXPECT_TRUE(PollUntil(*ours.engine, [&] { return s.state() == SessionState::kDisconnected; }));
  second.Stop();
}

const Version kVersions[] = {{"FIX.4.2", "", ""}, {"FIX.4.4", "", ""}, {"FIXT.1.1", "9", "FIX.5.0SP2"}};

std::vector<Case> Cases() {
  std::vector<Case> cases;
  for (const Version& v : kVersions) {
    for (StoreType store : {StoreType::kFile, StoreType::kMmap}) {
      for (bool crash : {true, false}) cases.push_back({v, store, crash});
    }
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(All, Restart, ::testing::ValuesIn(Cases()), Name);
INSTANTIATE_TEST_SUITE_P(All, QuickfixRestart, ::testing::ValuesIn(kVersions),
                         [](const ::testing::TestParamInfo<Version>& p) {
                           return Name({Case{p.param, StoreType::kFile, true}, 0});
                         });

}  // namespace
}  // namespace fixwire::testing
