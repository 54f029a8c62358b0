// RefreshOnLogon: a standby opened on a store directory reloads what another
// process wrote there (every persistent type and sync mode), refuses to run
// on a store it cannot reload, and a Session with refresh_on_logon logs on
// with the reloaded numbers or not at all.
#include <fstream>
#include <memory>
#include <string>

#include "fixwire/session/session.h"
#include "fixwire/store/store_factory.h"
#include "fixwire/values/tags.h"
#include "fixwire/wire/decoder.h"
#include "gtest/gtest.h"
#include "tests/store/store_test_util.h"

namespace fixwire {
namespace {

using testing::CollectingVisitor;
using testing::TestMessage;
using testing::TestNextTarget;

// Overwrites bytes a few records into every file of `directory` (past any
// file header, inside the records the primary wrote).
void DamageEveryFile(const std::string& directory) {
  for (const auto& e : std::filesystem::directory_iterator(directory)) {
    if (!e.is_regular_file() || e.file_size() < 1024) continue;
    std::fstream f(e.path(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(300);
    f.write("\xff\xff\xff\xff\xff\xff\xff\xff", 8);
  }
}

class RefreshTest : public ::testing::TestWithParam<testing::Mode> {
 protected:
  void SetUp() override {
    options_.type = GetParam().type;
    options_.sync = GetParam().sync;
    options_.directory = testing::FreshDirectory(std::string("refresh_") + GetParam().name);
    options_.session_id = "FIX.4.4-US-THEM";
  }
  std::unique_ptr<MessageStore> Open(bool refreshable) {
    StoreOptions o = options_;
    o.refreshable = refreshable;
    auto s = OpenStore(o);
    EXPECT_TRUE(s.ok()) << s.status();
    return s.ok() ? std::move(*s) : nullptr;
  }
  // The primary: another store on the directory appends `count` messages and closes.
  void PrimaryWrites(int count) {
    auto primary = Open(false);
    ASSERT_NE(primary, nullptr);
    for (int seq = 1; seq <= count; ++seq) {
      ASSERT_EQ(primary->Append(seq, TestMessage(seq), TestNextTarget(seq)), StoreStatus::kOk);
    }
  }
  StoreOptions options_;
};

TEST_P(RefreshTest, AStandbyReloadsWhatThePrimaryWrote) {
  auto standby = Open(true);
  ASSERT_NE(standby, nullptr);
  PrimaryWrites(0);  // the files exist before the standby looks
  EXPECT_EQ(standby->next_sender_seq(), 1u);
  PrimaryWrites(40);
  EXPECT_EQ(standby->next_sender_seq(), 1u);  // nothing read before Refresh
  ASSERT_EQ(standby->Refresh(), StoreStatus::kOk);
  EXPECT_EQ(standby->next_sender_seq(), 41u);
  EXPECT_EQ(standby->next_target_seq(), TestNextTarget(40));
  CollectingVisitor v;
  ASSERT_EQ(standby->Visit(1, 40, v), StoreStatus::kOk);
  ASSERT_EQ(v.messages.size(), 40u);
  for (std::size_t i = 0; i < v.messages.size(); ++i) {
    EXPECT_EQ(v.messages[i].seq, i + 1);
    EXPECT_EQ(v.messages[i].bytes, TestMessage(i + 1));
  }
  // The standby goes on writing after what it reloaded.
  ASSERT_EQ(standby->Append(41, TestMessage(41), TestNextTarget(41)), StoreStatus::kOk);
  standby.reset();
  auto reopened = Open(false);
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(reopened->next_sender_seq(), 42u);
}

TEST_P(RefreshTest, AStoreThatCannotBeReloadedRefusesEverything) {
  auto standby = Open(true);
  ASSERT_NE(standby, nullptr);
  PrimaryWrites(30);
  DamageEveryFile(options_.directory);
  ASSERT_NE(standby->Refresh(), StoreStatus::kOk);
  EXPECT_EQ(standby->next_sender_seq(), 0u);
  EXPECT_EQ(standby->Append(1, TestMessage(1), 1), StoreStatus::kIoError);
}

INSTANTIATE_TEST_SUITE_P(Modes, RefreshTest, ::testing::ValuesIn(testing::kPersistentModes),
                         [](const ::testing::TestParamInfo<testing::Mode>& p) {
                           return std::string(p.param.name);
                         });

// A transient store, or one not opened for it, has nothing to reload.
TEST(Refresh, WithoutRefreshableItDoesNothing) {
  auto memory = OpenStore(StoreOptions{});
  ASSERT_TRUE(memory.ok());
  ASSERT_EQ((*memory)->Append(1, "x", 1), StoreStatus::kOk);
  EXPECT_EQ((*memory)->Refresh(), StoreStatus::kOk);
  EXPECT_EQ((*memory)->next_sender_seq(), 2u);
}

// Session side: the Logon of a standby carries the reloaded number.
class Quiet final : public Application {
 public:
  void OnAppMessage(Session&, const MessageView&, const GroupedMessage*) noexcept override {}
};

class Capture final : public SessionOutput {
 public:
  std::span<char> Reserve(std::size_t max_bytes) noexcept override {
    buffer.resize(max_bytes);
    return std::span<char>(buffer.data(), buffer.size());
  }
  void Commit(std::string_view message) noexcept override { sent.emplace_back(message); }
  void Disconnect(std::string_view) noexcept override { disconnected = true; }
  std::string buffer;
  std::vector<std::string> sent;
  bool disconnected = false;
};

TEST(Refresh, ASessionLogsOnWithTheReloadedNumbersOrNotAtAll) {
  StoreOptions o;
  o.type = StoreType::kFile;
  o.directory = testing::FreshDirectory("refresh_session");
  o.session_id = "FIX.4.4-US-THEM";
  o.refreshable = true;
  auto standby_store = OpenStore(o);
  ASSERT_TRUE(standby_store.ok());
  {
    StoreOptions p = o;
    p.refreshable = false;
    auto primary = OpenStore(p);
    ASSERT_TRUE(primary.ok());
    for (int seq = 1; seq <= 7; ++seq) {
      ASSERT_EQ((*primary)->Append(seq, TestMessage(seq) + std::string(200, 'x'), 12),
                StoreStatus::kOk);
    }
  }
  SessionOptions so;
  so.sender_comp_id = "US";
  so.target_comp_id = "THEM";
  so.refresh_on_logon = true;
  Quiet app;
  Capture out;
  Session s(so, app, **standby_store, out);
  s.OnConnected(1'800'000'000'000'000'000);
  ASSERT_EQ(out.sent.size(), 1u);
  Decoder decoder;
  FieldIndex index{64};
  MessageView logon;
  ASSERT_TRUE(decoder.Decode(out.sent[0], index, logon).ok());
  EXPECT_EQ(logon.msg_type(), "A");
  EXPECT_EQ(logon.GetOr(tag::MsgSeqNum), "8");
  EXPECT_EQ(s.next_target_seq(), 12u);

  // Without a refresh the same store would have logged on with 1: the
  // refresh is what made the difference. And a failed reload: no Logon.
  s.OnDisconnected(1'800'000'000'000'000'000);
  DamageEveryFile(o.directory);
  out.sent.clear();
  s.OnConnected(1'800'000'000'000'000'000);
  EXPECT_TRUE(out.sent.empty());
  EXPECT_TRUE(out.disconnected);
  EXPECT_FALSE(s.logged_on());
}

}  // namespace
}  // namespace fixwire
