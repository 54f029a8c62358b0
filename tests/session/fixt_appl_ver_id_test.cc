// FIXT.1.1 Logon: DefaultApplVerID (1137) is required on the Logon; an
// acceptor answers with its own, or (echo_default_appl_ver_id) with the
// counterparty's, so one session serves FIX.5.0, 5.0SP1 and 5.0SP2 peers.
#include <string>

#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/session/session_pair.h"

namespace fixwire::testing {
namespace {

class Quiet final : public Application {
 public:
  void OnAppMessage(Session&, const MessageView&, const GroupedMessage*) noexcept override {
    ++delivered;
  }
  int delivered = 0;
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


// Validation per message: the ApplVerID (1128) of the message, or else the
// DefaultApplVerID of the peer's Logon, picks the application dictionary.
class FixtValidation : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto t = LoadDictionaryFile("codec/dictionaries/FIXT11.xml");
    auto a = LoadDictionaryFile("codec/dictionaries/FIX50SP2.xml");
    ASSERT_TRUE(t.ok()) << t.status();
    ASSERT_TRUE(a.ok()) << a.status();
    transport_ = new Dictionary(std::move(*t));
    sp2_ = new Dictionary(std::move(*a));
  }
  // An acceptor validating with FIX.5.0SP2 as "9" (and under `also` too,
  // when given); the initiator logs on with `peer_default`.
  void Start(const std::string& peer_default, const std::string& also = "",
             bool check_appl_ver_id = true) {
    SessionOptions a = PairOptions(SessionRole::kAcceptor, "FIXT.1.1");
    a.validation.check_appl_ver_id = check_appl_ver_id;
    a.dictionary = transport_;
    a.app_dictionary = sp2_;
    if (!also.empty()) a.app_dictionaries.emplace_back(also, sp2_);
    a.check_latency = false;
    SessionOptions i = PairOptions(SessionRole::kInitiator, "FIXT.1.1");
    i.default_appl_ver_id = peer_default;
    i.check_latency = false;
    init_ = std::make_unique<Side>(i, app_, MemoryStoreOptions{});
    accept_ = std::make_unique<Side>(a, app_, MemoryStoreOptions{});
    accept_->session.OnConnected(kNow);
    init_->session.OnConnected(kNow);
    ASSERT_TRUE(Deliver(init_->out, accept_->session, decoder_, index_, kNow));
    ASSERT_TRUE(accept_->session.logged_on());
    ASSERT_TRUE(Deliver(accept_->out, init_->session, decoder_, index_, kNow));
    ASSERT_TRUE(init_->session.logged_on());
    app_.delivered = 0;
  }
  // The initiator sends a FIX.5.0SP2-valid order, with ApplVerID when given.
  void SendOrder(const std::string& appl_ver_id) {
    const SendResult r = init_->session.Send(msg_type::NewOrderSingle, [&](Encoder& e) {
      if (!appl_ver_id.empty()) e.AddString(tag::ApplVerID, appl_ver_id);
      e.AddString(tag::ClOrdID, "C1");
      e.AddString(tag::Symbol, "EURUSD");
      e.AddChar(tag::Side, '1');
      e.AddTimestamp(tag::TransactTime, kNow, TimePrecision::kMillis);
      e.AddUint(tag::OrderQty, 100);
      e.AddChar(tag::OrdType, '2');
      e.AddDecimal(tag::Price, Decimal{10875, -4});
    }, kNow);
    ASSERT_EQ(r.status, SendStatus::kOk);
    ASSERT_TRUE(Deliver(init_->out, accept_->session, decoder_, index_, kNow));
  }
  static Dictionary* transport_;
  static Dictionary* sp2_;
  Quiet app_;
  std::unique_ptr<Side> init_;
  std::unique_ptr<Side> accept_;
  Decoder decoder_;
  FieldIndex index_{256};
};
Dictionary* FixtValidation::transport_ = nullptr;
Dictionary* FixtValidation::sp2_ = nullptr;

TEST_F(FixtValidation, TheDefaultVersionValidates) {
  Start("9");
  SendOrder("");
  EXPECT_EQ(app_.delivered, 1);
  EXPECT_EQ(accept_->out.pending(), 0u);
  SendOrder("9");
  EXPECT_EQ(app_.delivered, 2);
}

TEST_F(FixtValidation, AnApplVerIdWithoutADictionaryIsRejected18) {
  Start("9");
  SendOrder("7");
  EXPECT_EQ(app_.delivered, 0);
  EXPECT_EQ(FrontValue(accept_->out, tag::MsgType), "3");
  EXPECT_EQ(FrontValue(accept_->out, tag::SessionRejectReason), "18");
  EXPECT_EQ(FrontValue(accept_->out, tag::RefTagID), "1128");
}

TEST_F(FixtValidation, WithoutTheApplVerIdCheckTheSessionsOwnDictionaryStandsIn) {
  Start("7", "", /*check_appl_ver_id=*/false);
  SendOrder("");   // the peer's default (7): no dictionary, SP2 stands in
  SendOrder("8");  // likewise
  EXPECT_EQ(app_.delivered, 2);
  EXPECT_EQ(accept_->out.pending(), 0u);
}

TEST_F(FixtValidation, EachMessagesApplVerIdPicksItsDictionary) {
  Start("9", "7");
  SendOrder("7");
  SendOrder("9");
  SendOrder("");
  EXPECT_EQ(app_.delivered, 3);
  EXPECT_EQ(accept_->out.pending(), 0u);
}

TEST_F(FixtValidation, ThePeersDefaultApplVerIdAppliesToItsMessages) {
  Start("7");  // the peer's messages are FIX.5.0 unless they say otherwise
  SendOrder("");
  EXPECT_EQ(app_.delivered, 0);
  EXPECT_EQ(FrontValue(accept_->out, tag::SessionRejectReason), "18");
  accept_->out.Pop();
  SendOrder("9");  // one that names SP2 is validated with it
  EXPECT_EQ(app_.delivered, 1);
}

}  // namespace
}  // namespace fixwire::testing
