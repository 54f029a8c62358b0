// A QuickFIX-format settings file turned into what runs: SessionOptions,
// StoreOptions, TransportOptions and EngineOptions, key by key, and the
// settings that cannot be honoured refused with file:line.
#include <string>

#include "fixwire/net/options_from_config.h"
#include "fixwire/session/options_from_config.h"
#include "fixwire/session/settings.h"
#include "fixwire/store/options_from_config.h"
#include "gtest/gtest.h"

namespace fixwire::testing {
namespace {

constexpr char kDefaults[] =
    "[DEFAULT]\n"
    "StartTime=00:00:00\n"
    "EndTime=00:00:00\n"
    "HeartBtInt=17\n";

SettingsFile Load(const std::string& sessions) {
  absl::StatusOr<SettingsFile> f = LoadSettingsFromString(kDefaults + sessions, "gw.cfg");
  EXPECT_TRUE(f.ok()) << f.status();
  return f.ok() ? *f : SettingsFile{};
}

TEST(OptionsFromConfig, InitiatorKeysMapOneByOne) {
  const SettingsFile f = Load(
      "[SESSION]\n"
      "BeginString=FIXT.1.1\nDefaultApplVerID=FIX.5.0SP1\nUseDataDictionary=N\n"
      "SenderCompID=BUY\nSenderSubID=DESK\nTargetCompID=SELL\nTargetLocationID=LDN\n"
      "ConnectionType=initiator\nSocketConnectHost=127.0.0.1\nSocketConnectPort=9001\n"
      "SocketConnectHost1=10.0.0.2\nSocketConnectPort1=9002\nReconnectInterval=3\n"
      "SocketNodelay=Y\nSocketSendBufferSize=65536\nSocketReceiveBufferSize=131072\n"
      "SocketReuseAddress=N\n"
      "LogonTimeout=4\nLogoutTimeout=6\nResetOnLogout=Y\nResetOnDisconnect=Y\n"
      "EnableNextExpectedMsgSeqNum=Y\nCheckCompID=N\nCheckLatency=N\nMaxLatency=9\n"
      "ResendRequestChunkSize=500\nTimestampPrecision=6\n"
      "ValidateFieldsOutOfOrder=N\nValidateFieldsHaveValues=N\nValidateUserDefinedFields=N\n"
      "AllowUnknownMsgFields=Y\n"
      "FileStorePath=store\nStoreType=mmap\nStoreSync=group\nRefreshOnLogon=Y\n");
  ASSERT_EQ(f.sessions.size(), 1u);
  const SessionConfig& c = f.sessions[0];

  absl::StatusOr<SessionOptions> s = SessionOptionsFrom(c);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->role, SessionRole::kInitiator);
  EXPECT_EQ(s->begin_string, "FIXT.1.1");
  EXPECT_EQ(s->default_appl_ver_id, "8");
  EXPECT_EQ(s->sender_comp_id, "BUY");
  EXPECT_EQ(s->sender_sub_id, "DESK");
  EXPECT_EQ(s->target_comp_id, "SELL");
  EXPECT_EQ(s->target_location_id, "LDN");
  EXPECT_EQ(s->heart_bt_int_s, 17);
  EXPECT_EQ(s->logon_timeout_s, 4);
  EXPECT_EQ(s->logout_timeout_s, 6);
  EXPECT_FALSE(s->reset_on_logon);
  EXPECT_TRUE(s->reset_on_logout);
  EXPECT_TRUE(s->reset_on_disconnect);
  EXPECT_TRUE(s->refresh_on_logon);
  EXPECT_TRUE(s->send_next_expected_msg_seq_num);
  EXPECT_FALSE(s->check_comp_id);
  EXPECT_FALSE(s->check_latency);
  EXPECT_EQ(s->max_latency_s, 9);
  EXPECT_EQ(s->resend_request_chunk_size, 500u);
  EXPECT_EQ(s->timestamp_precision, TimePrecision::kMicros);
  EXPECT_FALSE(s->validation.check_field_order);
  EXPECT_FALSE(s->validation.check_empty_values);
  EXPECT_FALSE(s->validation.check_user_defined_tags);
  EXPECT_FALSE(s->validation.check_tag_known);
  EXPECT_TRUE(s->validation.check_enum_values);  // untouched by the keys
  EXPECT_EQ(s->dictionary, nullptr);             // the caller's choice

  absl::StatusOr<TransportOptions> t = TransportOptionsFrom(c);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_FALSE(t->listen);
  ASSERT_EQ(t->connect.size(), 2u);
  EXPECT_EQ(t->connect[0].host, "127.0.0.1");
  EXPECT_EQ(t->connect[0].port, 9001);
  EXPECT_EQ(t->connect[1].host, "10.0.0.2");
  EXPECT_EQ(t->connect[1].port, 9002);
  EXPECT_EQ(t->reconnect_interval_s, 3);
  EXPECT_TRUE(t->tcp_nodelay);
  EXPECT_EQ(t->send_buffer_size, 65536);
  EXPECT_EQ(t->receive_buffer_size, 131072);
  EXPECT_FALSE(t->reuse_address);

  absl::StatusOr<StoreOptions> st = StoreOptionsFrom(c);
  ASSERT_TRUE(st.ok()) << st.status();
  EXPECT_EQ(st->type, StoreType::kMmap);
  EXPECT_EQ(st->sync, StoreSync::kGroup);
  EXPECT_EQ(st->directory, "store");
  EXPECT_EQ(st->session_id, "FIXT.1.1-BUY_DESK-SELL_LDN");
  EXPECT_TRUE(st->refreshable);  // RefreshOnLogon needs a store that can reload
}

TEST(OptionsFromConfig, AcceptorAndDefaults) {
  const SettingsFile f = Load(
      "[SESSION]\nBeginString=FIX.4.2\nSenderCompID=SELL\nTargetCompID=BUY\n"
      "ConnectionType=acceptor\nSocketAcceptPort=9100\nSendResetSeqNumFlag=Y\n"
      "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=SELL\nTargetCompID=BUY2\n"
      "ConnectionType=acceptor\nSocketAcceptPort=9100\nFileStorePath=s\n");
  ASSERT_EQ(f.sessions.size(), 2u);
  absl::StatusOr<SessionOptions> s = SessionOptionsFrom(f.sessions[0]);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->role, SessionRole::kAcceptor);
  EXPECT_TRUE(s->reset_on_logon);  // SendResetSeqNumFlag
  EXPECT_TRUE(s->check_comp_id);
  EXPECT_FALSE(s->refresh_on_logon);
  EXPECT_EQ(s->default_appl_ver_id, "");
  absl::StatusOr<TransportOptions> t = TransportOptionsFrom(f.sessions[0]);
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(t->listen);
  EXPECT_EQ(t->accept_port, 9100);
  EXPECT_TRUE(t->connect.empty());
  EXPECT_FALSE(t->tcp_nodelay);  // QuickFIX's default: N
  absl::StatusOr<StoreOptions> memory = StoreOptionsFrom(f.sessions[0]);
  ASSERT_TRUE(memory.ok());
  EXPECT_EQ(memory->type, StoreType::kMemory);
  absl::StatusOr<StoreOptions> file = StoreOptionsFrom(f.sessions[1]);
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(file->type, StoreType::kFile);  // FileStorePath alone: a file store
  EXPECT_EQ(file->sync, StoreSync::kFlush);
  absl::StatusOr<EngineOptions> e = EngineOptionsFrom(f.sessions);
  ASSERT_TRUE(e.ok());
  EXPECT_FALSE(e->busy_poll);
  EXPECT_EQ(e->cpu, -1);
}

TEST(OptionsFromConfig, EngineTakesBusyPollAndOneCpu) {
  const std::string base = "BeginString=FIX.4.4\nSenderCompID=A\nConnectionType=acceptor\n"
                           "SocketAcceptPort=9100\n";
  SettingsFile f = Load("[SESSION]\n" + base + "TargetCompID=B\nBusyPoll=Y\nCpuAffinity=1\n"
                        "[SESSION]\n" + base + "TargetCompID=C\n");
  absl::StatusOr<EngineOptions> e = EngineOptionsFrom(f.sessions);
  ASSERT_TRUE(e.ok()) << e.status();
  EXPECT_TRUE(e->busy_poll);
  EXPECT_EQ(e->cpu, 1);

  f = Load("[SESSION]\n" + base + "TargetCompID=B\nCpuAffinity=1\n"
           "[SESSION]\n" + base + "TargetCompID=C\nCpuAffinity=0\n");
  e = EngineOptionsFrom(f.sessions);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.status().message().find("gw.cfg:"), std::string_view::npos) << e.status();
  EXPECT_NE(e.status().message().find("CpuAffinity=0"), std::string_view::npos) << e.status();
}

TEST(OptionsFromConfig, SettingsTheEngineCannotHonourAreRefusedWithFileAndLine) {
  const std::string base = "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=B\n"
                           "ConnectionType=initiator\nSocketConnectHost=127.0.0.1\n"
                           "SocketConnectPort=9100\n";
  const int session_line = 5;  // after the four [DEFAULT] lines
  for (const char* key :
       {"PersistMessages=N", "SendRedundantResendRequests=Y", "ValidateLengthAndChecksum=N"}) {
    const SettingsFile f = Load(base + key + "\n");
    ASSERT_EQ(f.sessions.size(), 1u) << key;
    absl::StatusOr<SessionOptions> s = SessionOptionsFrom(f.sessions[0]);
    ASSERT_FALSE(s.ok()) << key;
    EXPECT_NE(s.status().message().find("gw.cfg:" + std::to_string(session_line) + ":"),
              std::string_view::npos)
        << s.status();
    EXPECT_NE(s.status().message().find(key), std::string_view::npos) << s.status();
  }
  const SettingsFile f = Load(base + "SocketConnectSourceHost=127.0.0.2\n");
  ASSERT_EQ(f.sessions.size(), 1u);
  absl::StatusOr<TransportOptions> t = TransportOptionsFrom(f.sessions[0]);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("SocketConnectSourceHost"), std::string_view::npos);
}

}  // namespace
}  // namespace fixwire::testing
