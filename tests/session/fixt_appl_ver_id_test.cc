// FIXT.1.1 Logon: DefaultApplVerID (1137) is required on the Logon; an
// acceptor answers with its own, or (echo_default_appl_ver_id) with the
// counterparty's, so one session serves FIX.5.0, 5.0SP1 and 5.0SP2 peers.
#include <string>

#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/session/session_pair.h"

namespace fixwire::testing {
namespace {

class Quiet final : public Application {
 public:
  void OnAppMessage(Session&, const MessageView&, const GroupedMessage*) noexcept override {}
};

constexpr std::int64_t kNow = 1'796'000'000'000'000'000;

// The value of `tag` in the first message `wire` holds ("" when absent).
std::string FrontValue(const Wire& wire, std::uint32_t t) {
  Decoder decoder;
  FieldIndex index{256};
  MessageView view;
  if (wire.pending() == 0) return "<none>";
  if (const Error e = decoder.Decode(wire.front(), index, view); !e.ok()) {
    return "<undecodable " + std::string(ErrorCodeName(e.code)) + ">";
  }
  return std::string(view.GetOr(t));
}

struct Pair {
  explicit Pair(const std::string& init_appl_ver_id, bool echo)
      : init(Options(SessionRole::kInitiator, init_appl_ver_id, false), app, {}),
        accept(Options(SessionRole::kAcceptor, "9", echo), app, {}) {}
  static SessionOptions Options(SessionRole role, const std::string& appl_ver_id, bool echo) {
    SessionOptions o = PairOptions(role, "FIXT.1.1");
    o.default_appl_ver_id = appl_ver_id;
    o.echo_default_appl_ver_id = echo;
    return o;
  }
  Quiet app;
  Side init;
  Side accept;
  Decoder decoder;
  FieldIndex index{256};
};

TEST(FixtApplVerId, AcceptorAnswersWithItsOwnByDefault) {
  for (const char* peer : {"7", "8", "9"}) {
    Pair p(peer, false);
    p.accept.session.OnConnected(kNow);
    p.init.session.OnConnected(kNow);
    ASSERT_EQ(FrontValue(p.init.out, tag::DefaultApplVerID), peer);
    ASSERT_TRUE(Deliver(p.init.out, p.accept.session, p.decoder, p.index, kNow));
    EXPECT_TRUE(p.accept.session.logged_on());
    EXPECT_EQ(p.accept.session.peer_default_appl_ver_id(), peer);
    EXPECT_EQ(FrontValue(p.accept.out, tag::DefaultApplVerID), "9");
  }
}

TEST(FixtApplVerId, EchoAcceptorAnswersWithTheCounterpartys) {
  for (const char* peer : {"7", "8", "9"}) {
    Pair p(peer, true);
    p.accept.session.OnConnected(kNow);
    p.init.session.OnConnected(kNow);
    ASSERT_TRUE(Deliver(p.init.out, p.accept.session, p.decoder, p.index, kNow));
    EXPECT_EQ(FrontValue(p.accept.out, tag::DefaultApplVerID), peer);
    ASSERT_TRUE(Deliver(p.accept.out, p.init.session, p.decoder, p.index, kNow));
    EXPECT_TRUE(p.init.session.logged_on());
    EXPECT_EQ(p.init.session.peer_default_appl_ver_id(), peer);
  }
}

TEST(FixtApplVerId, LogonWithoutItIsLoggedOutAndDisconnected) {
  Pair p("", false);  // the initiator sends no DefaultApplVerID
  p.accept.session.OnConnected(kNow);
  p.init.session.OnConnected(kNow);
  ASSERT_EQ(FrontValue(p.init.out, tag::DefaultApplVerID), "");
  ASSERT_TRUE(Deliver(p.init.out, p.accept.session, p.decoder, p.index, kNow));
  EXPECT_FALSE(p.accept.session.logged_on());
  EXPECT_EQ(FrontValue(p.accept.out, tag::MsgType), "5");
  EXPECT_NE(FrontValue(p.accept.out, tag::Text).find("DefaultApplVerID(1137)"), std::string::npos);
  EXPECT_TRUE(p.accept.out.disconnect_requested);
}

}  // namespace
}  // namespace fixwire::testing
