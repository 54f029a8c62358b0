// Tests for the QuickFIX settings file loader (session/settings.h): the
// example files under tests/data/settings load with every value right,
// [DEFAULT] inheritance, and every error with its file:line.
#include "fixwire/session/settings.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "gtest/gtest.h"
#include "tests/session/quickfix_reference.h"

namespace fixwire {
namespace {

constexpr char kSource[] = "t.cfg";

absl::StatusOr<SettingsFile> Load(std::string_view text) {
  return LoadSettingsFromString(text, kSource);
}

// The message of a load that must fail; fails the test if it loaded.
std::string ErrorOf(std::string_view text) {
  absl::StatusOr<SettingsFile> f = Load(text);
  EXPECT_FALSE(f.ok()) << "loaded:\n" << text;
  if (f.ok()) return {};
  EXPECT_EQ(f.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(f.status().message());
}

// Checks the error starts with "t.cfg:<line>: " and contains `part`.
void ExpectError(std::string_view text, int line, std::string_view part) {
  const std::string message = ErrorOf(text);
  const std::string prefix = std::string(kSource) + ":" + std::to_string(line) + ": ";
  EXPECT_EQ(message.substr(0, prefix.size()), prefix) << message;
  EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

TimeOfDay T(int h, int m, int s = 0) {
  return TimeOfDay{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(m),
                   static_cast<std::uint8_t>(s)};
}

// A minimal initiator session: 10 lines; tests append from line 11.
constexpr std::string_view kInitiator =
    "[SESSION]\n"                 // 1
    "BeginString=FIX.4.4\n"       // 2
    "SenderCompID=A\n"            // 3
    "TargetCompID=B\n"            // 4
    "ConnectionType=initiator\n"  // 5
    "StartTime=00:00:00\n"        // 6
    "EndTime=00:00:00\n"          // 7
    "HeartBtInt=30\n"             // 8
    "SocketConnectHost=h\n"       // 9
    "SocketConnectPort=1\n";      // 10

// A minimal acceptor session: 8 lines.
constexpr std::string_view kAcceptor =
    "[SESSION]\n"                // 1
    "BeginString=FIX.4.4\n"      // 2
    "SenderCompID=A\n"           // 3
    "TargetCompID=B\n"           // 4
    "ConnectionType=acceptor\n"  // 5
    "StartTime=00:00:00\n"       // 6
    "EndTime=00:00:00\n"         // 7
    "SocketAcceptPort=9000\n";   // 8

std::string With(std::string_view base, std::string_view more) {
  return std::string(base) + std::string(more);
}

// Base with the line starting "key=" removed (the lines after it move up one).
std::string Without(std::string_view base, std::string_view key) {
  std::string out;
  std::size_t pos = 0;
  while (pos < base.size()) {
    std::size_t end = base.find('\n', pos);
    const std::string_view line = base.substr(pos, end + 1 - pos);
    if (line.substr(0, key.size() + 1) != std::string(key) + "=") out += line;
    pos = end + 1;
  }
  return out;
}

// ------------------------------------------------------------- the example files

TEST(SettingsTest, AcceptorFileWithTwoSessions) {
  absl::StatusOr<SettingsFile> f = LoadSettingsFile("tests/data/settings/acceptor.cfg");
  ASSERT_TRUE(f.ok()) << f.status();
  ASSERT_EQ(f->sessions.size(), 2u);
  ASSERT_TRUE(f->defaults.has_value());
  EXPECT_EQ(f->defaults->entries.size(), 12u);
  EXPECT_EQ(f->session_sections.size(), 2u);

  const SessionConfig& a = f->sessions[0];
  EXPECT_EQ(a.SessionId(), "FIX.4.4:EXEC->BROKER1");
  EXPECT_EQ(a.connection_type, ConnectionType::kAcceptor);
  EXPECT_EQ(a.socket_accept_port, 9880);
  EXPECT_TRUE(a.socket_reuse_address);
  EXPECT_TRUE(a.socket_nodelay);
  EXPECT_EQ(a.start_time, T(0, 0));
  EXPECT_EQ(a.end_time, T(0, 0));
  EXPECT_FALSE(a.start_day.has_value());
  EXPECT_EQ(a.file_store_path, "store");
  EXPECT_EQ(a.store_type, StoreType::kFile);  // FileStorePath set
  EXPECT_EQ(a.store_sync, StoreSync::kFlush);
  EXPECT_EQ(a.file_log_path, "log");
  EXPECT_TRUE(a.use_data_dictionary);
  EXPECT_EQ(a.data_dictionary, "codec/dictionaries/FIX44.xml");
  EXPECT_FALSE(a.validate_user_defined_fields);
  EXPECT_TRUE(a.reset_on_logon);
  EXPECT_EQ(a.max_latency, 30);
  EXPECT_TRUE(a.check_latency);
  EXPECT_EQ(a.heart_bt_int, 0);
  EXPECT_EQ(a.source, "tests/data/settings/acceptor.cfg");
  EXPECT_EQ(a.line, 17);

  const SessionConfig& b = f->sessions[1];
  EXPECT_EQ(b.SessionId(), "FIX.4.2:EXEC->BROKER2");
  EXPECT_EQ(b.data_dictionary, "codec/dictionaries/FIX42.xml");  // overrides [DEFAULT]
  EXPECT_EQ(b.start_day, Weekday::kSunday);
  EXPECT_EQ(b.end_day, Weekday::kFriday);
  EXPECT_EQ(b.start_time, T(17, 0));
  EXPECT_EQ(b.end_time, T(17, 15));
  EXPECT_EQ(b.logon_time, T(17, 0));  // defaults to StartTime
  EXPECT_EQ(b.logout_time, T(17, 15));
  EXPECT_EQ(b.logon_day, Weekday::kSunday);
  EXPECT_EQ(b.logout_day, Weekday::kFriday);
  EXPECT_EQ(b.time_zone, "America/New_York");
  EXPECT_FALSE(b.check_latency);
  EXPECT_FALSE(b.reset_on_logon);
  EXPECT_EQ(b.max_latency, 120);
  EXPECT_EQ(b.socket_accept_port, 9880);
}

TEST(SettingsTest, InitiatorFileWithFailoverHosts) {
  absl::StatusOr<SettingsFile> f = LoadSettingsFile("tests/data/settings/initiator.cfg");
  ASSERT_TRUE(f.ok()) << f.status();
  ASSERT_EQ(f->sessions.size(), 1u);
  const SessionConfig& c = f->sessions[0];
  EXPECT_EQ(c.SessionId(), "FIX.4.4:CLIENT1->EXCHANGE");
  EXPECT_TRUE(c.is_initiator());
  EXPECT_EQ(c.heart_bt_int, 30);
  EXPECT_EQ(c.reconnect_interval, 5);
  ASSERT_EQ(c.socket_connect.size(), 3u);
  EXPECT_EQ(c.socket_connect[0], (SocketAddress{"10.0.0.10", 9001, "", 0}));
  EXPECT_EQ(c.socket_connect[1], (SocketAddress{"10.0.1.10", 9001, "", 0}));
  EXPECT_EQ(c.socket_connect[2], (SocketAddress{"backup.exchange.example", 9101, "", 0}));
  EXPECT_EQ(c.logon_timeout, 15);
  EXPECT_EQ(c.logout_timeout, 5);
  EXPECT_TRUE(c.send_redundant_resend_requests);
  EXPECT_EQ(c.timestamp_precision, TimePrecision::kMicros);
  EXPECT_EQ(c.store_type, StoreType::kMmap);
  EXPECT_EQ(c.store_sync, StoreSync::kGroup);
  EXPECT_TRUE(c.busy_poll);
  EXPECT_EQ(c.cpu_affinity, 3);
  EXPECT_EQ(c.file_store_path, "/var/lib/fix/store");
  EXPECT_EQ(c.start_time, T(6, 30));
  EXPECT_EQ(c.end_time, T(22, 0));
  EXPECT_TRUE(c.persist_messages);
  EXPECT_TRUE(c.check_comp_id);
}

TEST(SettingsTest, FixtFileWithApplicationDictionaries) {
  absl::StatusOr<SettingsFile> f = LoadSettingsFile("tests/data/settings/fixt.cfg");
  ASSERT_TRUE(f.ok()) << f.status();
  ASSERT_EQ(f->sessions.size(), 1u);
  const SessionConfig& c = f->sessions[0];
  EXPECT_TRUE(c.is_fixt());
  EXPECT_EQ(c.SessionId(), "FIXT.1.1:BUYSIDE->VENUE:primary");
  EXPECT_EQ(c.session_qualifier, "primary");
  EXPECT_EQ(c.default_appl_ver_id, 9);
  EXPECT_EQ(c.transport_data_dictionary, "codec/dictionaries/FIXT11.xml");
  EXPECT_EQ(c.app_data_dictionary, "codec/dictionaries/FIX50SP2.xml");
  ASSERT_EQ(c.app_data_dictionaries.size(), 1u);
  EXPECT_EQ(c.app_data_dictionaries[0],
            (std::pair<int, std::string>{6, "codec/dictionaries/FIX44.xml"}));
  EXPECT_TRUE(c.reset_on_logout);
  EXPECT_TRUE(c.reset_on_disconnect);
  EXPECT_FALSE(c.use_local_time);
  EXPECT_EQ(c.heart_bt_int, 20);
  EXPECT_EQ(c.store_type, StoreType::kMemory);  // no FileStorePath
  ASSERT_EQ(c.socket_connect.size(), 1u);
  EXPECT_EQ(c.socket_connect[0].port, 5001);
}

// The example files are QuickFIX files: QuickFIX 1.15 loads them, builds every
// session (its SessionFactory checks what it requires and loads the data
// dictionaries), and sees the same sessions with the same values.
TEST(SettingsTest, ExampleFilesLoadInQuickFixWithTheSameValues) {
  for (const char* path : {"tests/data/settings/acceptor.cfg", "tests/data/settings/initiator.cfg",
                           "tests/data/settings/fixt.cfg"}) {
    SCOPED_TRACE(path);
    std::string error;
    const std::vector<fixwire_quickfix::Session> reference =
        fixwire_quickfix::LoadSessions(path, &error);
    ASSERT_TRUE(error.empty()) << error;
    absl::StatusOr<SettingsFile> f = LoadSettingsFile(path);
    ASSERT_TRUE(f.ok()) << f.status();
    ASSERT_EQ(f->sessions.size(), reference.size());
    for (std::size_t i = 0; i < f->sessions.size(); ++i) {
      const SessionConfig& ours = f->sessions[i];
      const SettingsSection& section = f->session_sections[i];
      const fixwire_quickfix::Session* theirs = nullptr;
      for (const fixwire_quickfix::Session& r : reference) {
        if (r.id == ours.SessionId()) theirs = &r;
      }
      ASSERT_NE(theirs, nullptr) << ours.SessionId();
      // Our merged view: [DEFAULT] overridden by the section, keys upper-cased.
      std::map<std::string, std::string> merged;
      auto upper = [](std::string key) {
        for (char& ch : key) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        return key;
      };
      if (f->defaults) {
        for (const SettingsEntry& e : f->defaults->entries) merged[upper(e.key)] = e.value;
      }
      for (const SettingsEntry& e : section.entries) merged[upper(e.key)] = e.value;
      EXPECT_EQ(merged, theirs->values);
      EXPECT_EQ(ours.heart_bt_int, theirs->heart_bt_int);
    }
  }
}

TEST(SettingsTest, MissingFileIsNotFound) {
  absl::StatusOr<SettingsFile> f = LoadSettingsFile("tests/data/settings/no_such.cfg");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(f.status().message().find("no_such.cfg"), std::string_view::npos);
}

// ------------------------------------------------------------- every key, typed

TEST(SettingsTest, EveryKeyIsTyped) {
  const std::string text = With(kInitiator,
                                "SessionQualifier=Q\n"
                                "StartDay=Mo\n"
                                "EndDay=FRIDAY\n"
                                "LogonTime=00:00:00\n"
                                "LogoutTime=00:00:00\n"
                                "LogonDay=Tue\n"
                                "LogoutDay=th\n"
                                "UseLocalTime=Y\n"
                                "SendResetSeqNumFlag=Y\n"
                                "SendRedundantResendRequests=Y\n"
                                "ResetOnLogon=Y\n"
                                "ResetOnLogout=Y\n"
                                "ResetOnDisconnect=Y\n"
                                "RefreshOnLogon=Y\n"
                                "CheckCompID=N\n"
                                "CheckLatency=N\n"
                                "MaxLatency=5\n"
                                "LogonTimeout=7\n"
                                "LogoutTimeout=8\n"
                                "MillisecondsInTimeStamp=N\n"
                                "PersistMessages=N\n"
                                "ResendRequestChunkSize=2500\n"
                                "UseDataDictionary=N\n"
                                "DataDictionary=d.xml\n"
                                "ValidateLengthAndChecksum=N\n"
                                "ValidateFieldsOutOfOrder=N\n"
                                "ValidateFieldsHaveValues=N\n"
                                "ValidateUserDefinedFields=N\n"
                                "AllowUnknownMsgFields=Y\n"
                                "PreserveMessageFieldsOrder=Y\n"
                                "SocketReuseAddress=N\n"
                                "SocketNodelay=Y\n"
                                "SocketSendBufferSize=65536\n"
                                "SocketReceiveBufferSize=131072\n"
                                "SocketConnectSourceHost=10.1.1.1\n"
                                "SocketConnectSourcePort=40000\n"
                                "SocketConnectHost1=h1\n"
                                "SocketConnectPort1=2\n"
                                "SocketConnectSourceHost1=10.1.1.2\n"
                                "SocketConnectSourcePort1=40001\n"
                                "ReconnectInterval=9\n"
                                "FileStorePath=s\n"
                                "FileLogPath=l\n"
                                "FileLogBackupPath=b\n"
                                "StoreType=memory\n"
                                "StoreSync=fsync\n"
                                "BusyPoll=N\n"
                                "CpuAffinity=0\n"
                                "DefaultApplVerID=7\n");
  absl::StatusOr<SettingsFile> f = Load(text);
  ASSERT_TRUE(f.ok()) << f.status();
  const SessionConfig& c = f->sessions[0];
  EXPECT_EQ(c.SessionId(), "FIX.4.4:A->B:Q");
  EXPECT_EQ(c.start_day, Weekday::kMonday);
  EXPECT_EQ(c.end_day, Weekday::kFriday);
  EXPECT_EQ(c.logon_day, Weekday::kTuesday);
  EXPECT_EQ(c.logout_day, Weekday::kThursday);
  EXPECT_TRUE(c.use_local_time);
  EXPECT_TRUE(c.send_reset_seq_num_flag);
  EXPECT_TRUE(c.send_redundant_resend_requests);
  EXPECT_TRUE(c.reset_on_logon);
  EXPECT_TRUE(c.reset_on_logout);
  EXPECT_TRUE(c.reset_on_disconnect);
  EXPECT_TRUE(c.refresh_on_logon);
  EXPECT_FALSE(c.check_comp_id);
  EXPECT_FALSE(c.check_latency);
  EXPECT_EQ(c.max_latency, 5);
  EXPECT_EQ(c.logon_timeout, 7);
  EXPECT_EQ(c.logout_timeout, 8);
  EXPECT_EQ(c.timestamp_precision, TimePrecision::kSeconds);
  EXPECT_FALSE(c.persist_messages);
  EXPECT_EQ(c.resend_request_chunk_size, 2500);
  EXPECT_FALSE(c.use_data_dictionary);
  EXPECT_EQ(c.data_dictionary, "d.xml");
  EXPECT_FALSE(c.validate_length_and_checksum);
  EXPECT_FALSE(c.validate_fields_out_of_order);
  EXPECT_FALSE(c.validate_fields_have_values);
  EXPECT_FALSE(c.validate_user_defined_fields);
  EXPECT_TRUE(c.allow_unknown_msg_fields);
  EXPECT_TRUE(c.preserve_message_fields_order);
  EXPECT_FALSE(c.socket_reuse_address);
  EXPECT_TRUE(c.socket_nodelay);
  EXPECT_EQ(c.socket_send_buffer_size, 65536);
  EXPECT_EQ(c.socket_receive_buffer_size, 131072);
  ASSERT_EQ(c.socket_connect.size(), 2u);
  EXPECT_EQ(c.socket_connect[0], (SocketAddress{"h", 1, "10.1.1.1", 40000}));
  EXPECT_EQ(c.socket_connect[1], (SocketAddress{"h1", 2, "10.1.1.2", 40001}));
  EXPECT_EQ(c.reconnect_interval, 9);
  EXPECT_EQ(c.file_store_path, "s");
  EXPECT_EQ(c.file_log_path, "l");
  EXPECT_EQ(c.file_log_backup_path, "b");
  EXPECT_EQ(c.store_type, StoreType::kMemory);  // explicit, despite FileStorePath
  EXPECT_EQ(c.store_sync, StoreSync::kFsync);
  EXPECT_FALSE(c.busy_poll);
  EXPECT_EQ(c.cpu_affinity, 0);
  EXPECT_EQ(c.default_appl_ver_id, 7);
}

TEST(SettingsTest, DefaultsAreQuickFixDefaults) {
  absl::StatusOr<SettingsFile> f = Load(kAcceptor);
  ASSERT_TRUE(f.ok()) << f.status();
  const SessionConfig& c = f->sessions[0];
  // Defaults from QuickFIX 1.15's Session, SessionFactory, SocketAcceptor and
  // SocketInitiator constructors.
  EXPECT_FALSE(c.send_redundant_resend_requests);
  EXPECT_TRUE(c.check_comp_id);
  EXPECT_TRUE(c.check_latency);
  EXPECT_EQ(c.max_latency, 120);
  EXPECT_FALSE(c.reset_on_logon);
  EXPECT_FALSE(c.reset_on_logout);
  EXPECT_FALSE(c.reset_on_disconnect);
  EXPECT_FALSE(c.refresh_on_logon);
  EXPECT_EQ(c.timestamp_precision, TimePrecision::kMillis);
  EXPECT_TRUE(c.persist_messages);
  EXPECT_TRUE(c.validate_length_and_checksum);
  EXPECT_TRUE(c.validate_fields_out_of_order);
  EXPECT_TRUE(c.validate_fields_have_values);
  EXPECT_TRUE(c.validate_user_defined_fields);
  EXPECT_FALSE(c.allow_unknown_msg_fields);
  EXPECT_FALSE(c.preserve_message_fields_order);
  EXPECT_TRUE(c.use_data_dictionary);
  EXPECT_FALSE(c.use_local_time);
  EXPECT_EQ(c.logon_timeout, 10);
  EXPECT_EQ(c.logout_timeout, 2);
  EXPECT_EQ(c.reconnect_interval, 30);
  EXPECT_TRUE(c.socket_reuse_address);
  EXPECT_FALSE(c.socket_nodelay);
  EXPECT_EQ(c.socket_send_buffer_size, 0);
  EXPECT_EQ(c.socket_receive_buffer_size, 0);
  EXPECT_EQ(c.resend_request_chunk_size, 0);
  EXPECT_EQ(c.store_type, StoreType::kMemory);
  EXPECT_EQ(c.store_sync, StoreSync::kFlush);
  EXPECT_FALSE(c.busy_poll);
  EXPECT_FALSE(c.cpu_affinity.has_value());
  EXPECT_EQ(c.default_appl_ver_id, 0);
  EXPECT_TRUE(c.time_zone.empty());
}

// QuickFIX/J's keys the session core uses: routing IDs (part of the session's
// identity, as in QuickFIX/J) and EnableNextExpectedMsgSeqNum.
TEST(SettingsTest, QuickFixJRoutingIdsAndNextExpectedMsgSeqNum) {
  absl::StatusOr<SettingsFile> f = Load(
      With(kInitiator, "SenderSubID=DESK\nTargetLocationID=LDN\nEnableNextExpectedMsgSeqNum=Y\n"));
  ASSERT_TRUE(f.ok()) << f.status();
  const SessionConfig& c = f->sessions[0];
  EXPECT_EQ(c.sender_sub_id, "DESK");
  EXPECT_EQ(c.sender_location_id, "");
  EXPECT_EQ(c.target_sub_id, "");
  EXPECT_EQ(c.target_location_id, "LDN");
  EXPECT_TRUE(c.enable_next_expected_msg_seq_num);
  EXPECT_EQ(c.SessionId(), "FIX.4.4:A/DESK->B/LDN");
  EXPECT_FALSE(Load(kInitiator)->sessions[0].enable_next_expected_msg_seq_num);
  // Sessions that differ only in a routing ID are different sessions.
  EXPECT_TRUE(Load(With(kInitiator, With(kInitiator, "SenderSubID=X\n"))).ok());
}

TEST(SettingsTest, TimestampPrecisionWinsOverMilliseconds) {
  absl::StatusOr<SettingsFile> f =
      Load(With(kAcceptor, "MillisecondsInTimeStamp=Y\nTimestampPrecision=9\n"));
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->sessions[0].timestamp_precision, TimePrecision::kNanos);
  f = Load(With(kAcceptor, "MillisecondsInTimeStamp=Y\n"));
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->sessions[0].timestamp_precision, TimePrecision::kMillis);
}

// ------------------------------------------------------------- format and inheritance

TEST(SettingsTest, DefaultInheritedAndOverriddenCaseInsensitively) {
  absl::StatusOr<SettingsFile> f = Load(
      "# comment\n"
      "\n"
      "  [ default ]  \n"
      "  connectiontype = acceptor  \n"
      "SocketAcceptPort=7000\n"
      "HEARTBTINT=30\n"
      "StartTime=01:00:00\n"
      "EndTime=02:00:00\n"
      "SenderCompID=ME\n"
      "[Session]\n"
      "BeginString=FIX.4.2\n"
      "TargetCompID=X\n"
      "heartbtint=40\n"
      "\t# an indented comment\n"
      "[SESSION]\r\n"
      "BeginString=FIX.4.3\r\n"
      "TargetCompID=Y\r\n"
      "SenderCompID=OTHER\r\n"
      "DataDictionary = path with spaces/FIX43.xml \r\n");
  ASSERT_TRUE(f.ok()) << f.status();
  ASSERT_EQ(f->sessions.size(), 2u);
  EXPECT_EQ(f->sessions[0].SessionId(), "FIX.4.2:ME->X");
  EXPECT_EQ(f->sessions[0].heart_bt_int, 40);
  EXPECT_EQ(f->sessions[0].socket_accept_port, 7000);
  EXPECT_EQ(f->sessions[0].start_time, T(1, 0));
  EXPECT_EQ(f->sessions[1].SessionId(), "FIX.4.3:OTHER->Y");
  EXPECT_EQ(f->sessions[1].heart_bt_int, 30);
  EXPECT_EQ(f->sessions[1].data_dictionary, "path with spaces/FIX43.xml");
  EXPECT_EQ(f->sessions[1].line, 15);
  // The raw sections, as written.
  ASSERT_TRUE(f->defaults.has_value());
  EXPECT_EQ(f->defaults->line, 3);
  ASSERT_NE(f->defaults->Find("ConnectionType"), nullptr);
  EXPECT_EQ(f->defaults->Find("ConnectionType")->key, "connectiontype");
  EXPECT_EQ(f->defaults->Find("ConnectionType")->value, "acceptor");
  EXPECT_EQ(f->defaults->Find("ConnectionType")->line, 4);
  EXPECT_EQ(f->session_sections[0].Find("HeartBtInt")->value, "40");
}

TEST(SettingsTest, ValueKeepsEverythingAfterTheFirstEquals) {
  absl::StatusOr<SettingsFile> f = Load(With(kAcceptor, "FileLogPath=a=b#c\n"));
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->sessions[0].file_log_path, "a=b#c");
}

TEST(SettingsTest, EnvironmentVariablesAreSubstituted) {
  setenv("FIXWIRE_TEST_DIR", "/data/fix", 1);
  setenv("FIXWIRE_TEST_PORT", "9123", 1);
  absl::StatusOr<SettingsFile> f =
      Load(With(Without(kAcceptor, "SocketAcceptPort"),
                "SocketAcceptPort=${FIXWIRE_TEST_PORT}\nFileStorePath=${FIXWIRE_TEST_DIR}/store\n"
                "FileLogPath=$HOME-is-not-substituted\n"));
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->sessions[0].socket_accept_port, 9123);
  EXPECT_EQ(f->sessions[0].file_store_path, "/data/fix/store");
  EXPECT_EQ(f->sessions[0].file_log_path, "$HOME-is-not-substituted");
  unsetenv("FIXWIRE_TEST_UNSET");
  ExpectError(With(kAcceptor, "FileLogPath=${FIXWIRE_TEST_UNSET}/log\n"), 9,
              "environment variable FIXWIRE_TEST_UNSET is not set");
  ExpectError(With(kAcceptor, "FileLogPath=${FIXWIRE_TEST_DIR\n"), 9, "unterminated ${");
  ExpectError(With(kAcceptor, "FileLogPath=${}\n"), 9, "empty variable name");
}

// ------------------------------------------------------------- malformed files

TEST(SettingsTest, MalformedLinesNameFileAndLine) {
  ExpectError("# c\nHeartBtInt=30\n[SESSION]\n", 2, "outside a [DEFAULT] or [SESSION]");
  ExpectError(With(kAcceptor, "JustAWord\n"), 9, "expected Key=Value");
  ExpectError(With(kAcceptor, " = value\n"), 9, "empty key");
  ExpectError(With(kAcceptor, "[SESSIONS]\n"), 9, "unknown section [SESSIONS]");
  ExpectError(With(kAcceptor, "[SESSION\n"), 9, "malformed section header");
  ExpectError("[DEFAULT]\n[DEFAULT]\n", 2, "second [DEFAULT]");
  ExpectError(With(kAcceptor, "SocketAcceptPort=9001\n"), 9, "SocketAcceptPort: given twice");
  ExpectError(With(kAcceptor, "SOCKETACCEPTPORT=9001\n"), 9,
              "given twice in one section (first at line 8)");
  EXPECT_EQ(ErrorOf("# nothing\n"), "t.cfg: no [SESSION] section");
}

TEST(SettingsTest, DuplicateSessionId) {
  ExpectError(With(kAcceptor, kAcceptor), 9,
              "duplicate session FIX.4.4:A->B (first defined at line 1)");
  // A qualifier tells initiator sessions apart.
  absl::StatusOr<SettingsFile> f = Load(With(kInitiator, With(kInitiator, "SessionQualifier=2\n")));
  EXPECT_TRUE(f.ok()) << f.status();
}

TEST(SettingsTest, UnknownKeysSuggestAKnownOne) {
  ExpectError(With(kAcceptor, "HeartBeatInt=30\n"), 9,
              "unknown setting HeartBeatInt (did you mean HeartBtInt?)");
  ExpectError(With(kAcceptor, "SocketAcceptPrt=1\n"), 9, "did you mean SocketAcceptPort?");
  ExpectError(With(kAcceptor, "ResetOnLogn=Y\n"), 9, "did you mean ResetOnLogon?");
  const std::string far = ErrorOf(With(kAcceptor, "Colour=blue\n"));
  EXPECT_NE(far.find("t.cfg:9: unknown setting Colour"), std::string::npos) << far;
  EXPECT_EQ(far.find("did you mean"), std::string::npos) << far;
  ExpectError(With(kAcceptor, "SocketConnectHost0=h\n"), 9, "numbered 1, 2");
  ExpectError(With(kAcceptor, "SocketConnectHost01=h\n"), 9, "numbered 1, 2");
  // Unknown keys in [DEFAULT] are errors too, even when no session reads them.
  ExpectError(With("[DEFAULT]\nNonStopSession=Y\n", kAcceptor), 2,
              "unknown setting NonStopSession");
}

// Every QuickFIX 1.15 key that fixwire does not implement (from
// /usr/include/quickfix/SessionSettings.h) is named in an error, never ignored.
TEST(SettingsTest, EveryUnsupportedQuickFixKeyIsNamed) {
  const char* const kUnsupportedKeys[] = {
      "MySQLStoreUseConnectionPool",
      "MySQLStoreDatabase",
      "MySQLStoreUser",
      "MySQLStorePassword",
      "MySQLStoreHost",
      "MySQLStorePort",
      "PostgreSQLStoreUseConnectionPool",
      "PostgreSQLStoreDatabase",
      "PostgreSQLStoreUser",
      "PostgreSQLStorePassword",
      "PostgreSQLStoreHost",
      "PostgreSQLStorePort",
      "OdbcStoreUser",
      "OdbcStorePassword",
      "OdbcStoreConnectionString",
      "ScreenLogShowIncoming",
      "ScreenLogShowOutgoing",
      "ScreenLogShowEvents",
      "MySQLLogUseConnectionPool",
      "MySQLLogDatabase",
      "MySQLLogUser",
      "MySQLLogPassword",
      "MySQLLogHost",
      "MySQLLogPort",
      "MySQLLogIncomingTable",
      "MySQLLogOutgoingTable",
      "MySQLLogEventTable",
      "PostgreSQLLogUseConnectionPool",
      "PostgreSQLLogDatabase",
      "PostgreSQLLogUser",
      "PostgreSQLLogPassword",
      "PostgreSQLLogHost",
      "PostgreSQLLogPort",
      "PostgreSQLLogIncomingTable",
      "PostgreSQLLogOutgoingTable",
      "PostgreSQLLogEventTable",
      // QuickFIX's documentation spells these three so.
      "PostgresSQLLogIncomingTable",
      "PostgresSQLLogOutgoingTable",
      "PostgresSQLLogEventTable",
      "OdbcLogUser",
      "OdbcLogPassword",
      "OdbcLogConnectionString",
      "OdbcLogIncomingTable",
      "OdbcLogOutgoingTable",
      "OdbcLogEventTable",
      "HttpAcceptPort",
      "ServerCertificateFile",
      "ServerCertificateKeyFile",
      "ClientCertificateFile",
      "ClientCertificateKeyFile",
      "CertificationAuthoritiesFile",
      "CertificationAuthoritiesDirectory",
      "CertificateRevocationListFile",
      "CertificateRevocationListDirectory",
      "CertificateVerifyLevel",
      "SSLProtocol",
      "SSLCipherSuite",
  };
  for (const char* key : kUnsupportedKeys) {
    SCOPED_TRACE(key);
    // In a [SESSION] and in [DEFAULT].
    ExpectError(With(kAcceptor, std::string(key) + "=x\n"), 9,
                std::string(key) + ": QuickFIX setting not supported by fixwire");
    ExpectError(With("[DEFAULT]\n" + std::string(key) + "=x\n", kAcceptor), 2,
                std::string(key) + ": QuickFIX setting not supported by fixwire");
  }
}

// Every other QuickFIX 1.15 key is supported: it loads.
TEST(SettingsTest, EverySupportedQuickFixKeyLoads) {
  const std::pair<const char*, const char*> kSupported[] = {
      {"SessionQualifier", "q"},
      {"DefaultApplVerID", "FIX.4.4"},
      {"UseDataDictionary", "N"},
      {"SendResetSeqNumFlag", "Y"},
      {"SendRedundantResendRequests", "Y"},
      {"DataDictionary", "x.xml"},
      {"TransportDataDictionary", "t.xml"},
      {"AppDataDictionary", "a.xml"},
      {"UseLocalTime", "Y"},
      {"StartDay", "Su\nEndDay=Sa"},
      {"EndDay", "Sa\nStartDay=Su"},
      {"LogonTime", "00:00:00"},
      {"LogoutTime", "00:00:00"},
      {"LogonDay", "Mon\nStartDay=Su\nEndDay=Sa"},
      {"LogoutDay", "Fri\nStartDay=Su\nEndDay=Sa"},
      {"CheckCompID", "N"},
      {"CheckLatency", "N"},
      {"MaxLatency", "10"},
      {"SocketReuseAddress", "N"},
      {"SocketConnectSourceHost", "a"},
      {"SocketConnectSourcePort", "1"},
      {"SocketNodelay", "Y"},
      {"SocketSendBufferSize", "1"},
      {"SocketReceiveBufferSize", "1"},
      {"ReconnectInterval", "1"},
      {"ValidateLengthAndChecksum", "N"},
      {"ValidateFieldsOutOfOrder", "N"},
      {"ValidateFieldsHaveValues", "N"},
      {"ValidateUserDefinedFields", "N"},
      {"AllowUnknownMsgFields", "Y"},
      {"PreserveMessageFieldsOrder", "Y"},
      {"LogonTimeout", "1"},
      {"LogoutTimeout", "1"},
      {"FileStorePath", "s"},
      {"FileLogPath", "l"},
      {"FileLogBackupPath", "b"},
      {"ResetOnLogon", "Y"},
      {"ResetOnLogout", "Y"},
      {"ResetOnDisconnect", "Y"},
      {"RefreshOnLogon", "Y"},
      {"MillisecondsInTimeStamp", "N"},
      {"TimestampPrecision", "6"},
      {"PersistMessages", "N"},
  };
  for (const auto& [key, value] : kSupported) {
    SCOPED_TRACE(key);
    absl::StatusOr<SettingsFile> f = Load(With(kInitiator, std::string(key) + "=" + value + "\n"));
    EXPECT_TRUE(f.ok()) << f.status();
  }
}

// ------------------------------------------------------------- bad values

TEST(SettingsTest, BadValuesNameTheKey) {
  struct Case {
    const char* line;
    const char* message;
  };
  const Case cases[] = {
      {"ResetOnLogon=yes", "ResetOnLogon: 'yes' is not Y or N"},
      {"ResetOnLogon=y", "ResetOnLogon: 'y' is not Y or N"},
      {"ResetOnLogon=", "ResetOnLogon: '' is not Y or N"},
      {"MaxLatency=abc", "MaxLatency: 'abc' is not an integer"},
      {"MaxLatency=12s", "MaxLatency: '12s' is not an integer"},
      {"MaxLatency=0", "MaxLatency: '0' is out of range (1..86400)"},
      {"MaxLatency=99999999999999999999", "is out of range"},
      {"LogonTimeout=-1", "LogonTimeout: '-1' is out of range"},
      {"ReconnectInterval=0", "ReconnectInterval: '0' is out of range"},
      {"SocketSendBufferSize=-5", "SocketSendBufferSize: '-5' is out of range"},
      {"SocketConnectSourcePort=70000", "SocketConnectSourcePort: '70000' is out of range"},
      {"StartDay=Xy", "StartDay: 'Xy' is not a day of the week"},
      {"StartDay=M", "StartDay: 'M' is not a day of the week"},
      {"StartDay=Sux", "StartDay: 'Sux' is not a day of the week"},
      {"LogonTime=9:00:00", "LogonTime: '9:00:00' is not a time HH:MM:SS"},
      {"LogonTime=24:00:00", "LogonTime: '24:00:00' is not a time HH:MM:SS"},
      {"LogonTime=00:00:00.000", "is not a time HH:MM:SS"},
      {"DefaultApplVerID=FIX.5.1", "DefaultApplVerID: 'FIX.5.1' is not an ApplVerID"},
      {"DefaultApplVerID=10", "DefaultApplVerID: '10' is not an ApplVerID"},
      {"DefaultApplVerID=1", "DefaultApplVerID: '1' is not an ApplVerID"},
      {"TimestampPrecision=4", "TimestampPrecision: '4' is not 0, 3, 6 or 9"},
      {"StoreType=sql", "StoreType: 'sql' is not memory, mmap or file"},
      {"StoreSync=always", "StoreSync: 'always' is not none, flush, fsync or group"},
      {"BusyPoll=1", "BusyPoll: '1' is not Y or N"},
      {"CpuAffinity=-1", "CpuAffinity: '-1' is out of range"},
      {"CpuAffinity=first", "CpuAffinity: 'first' is not an integer"},
      {"TimeZone=Mars/Base", "TimeZone: 'Mars/Base' is not a tz database time zone"},
      {"FileStorePath=", "FileStorePath: must not be empty"},
      {"SocketConnectHost1=", "SocketConnectHost1: must not be empty"},
      {"SocketConnectPort1=0", "SocketConnectPort1: '0' is out of range"},
      {"AppDataDictionary.FIX.9.9=x.xml",
       "AppDataDictionary.FIX.9.9: 'FIX.9.9' is not an ApplVerID"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.line);
    ExpectError(With(kInitiator, std::string(c.line) + "\n"), 11, c.message);
  }
  // Values of the required keys, in place.
  ExpectError("[SESSION]\nBeginString=FIX.5.0\n", 2,
              "BeginString: 'FIX.5.0' is not FIX.4.0 .. FIX.4.4 or FIXT.1.1");
  ExpectError("[SESSION]\nConnectionType=Initiator\n", 2,
              "ConnectionType: 'Initiator' is not initiator or acceptor");
  ExpectError("[SESSION]\nSenderCompID=\n", 2, "SenderCompID: must not be empty");
  ExpectError("[SESSION]\nHeartBtInt=x\n", 2, "HeartBtInt: 'x' is not an integer");
  ExpectError("[SESSION]\nSocketAcceptPort=65536\n", 2,
              "SocketAcceptPort: '65536' is out of range");
  ExpectError("[SESSION]\nEndTime=12:60:00\n", 2, "EndTime: '12:60:00' is not a time");
  // A bad value in [DEFAULT] is reported at its line there.
  ExpectError(With("[DEFAULT]\nCheckLatency=maybe\n", kAcceptor), 2,
              "CheckLatency: 'maybe' is not Y or N");
}

// ------------------------------------------------------------- required keys and roles

TEST(SettingsTest, RequiredKeysPerRole) {
  for (const char* key :
       {"BeginString", "SenderCompID", "TargetCompID", "ConnectionType", "StartTime", "EndTime",
        "HeartBtInt", "SocketConnectHost", "SocketConnectPort"}) {
    SCOPED_TRACE(key);
    ExpectError(Without(kInitiator, key), 1,
                std::string("[SESSION] is missing required setting ") + key);
  }
  for (const char* key : {"BeginString", "SenderCompID", "TargetCompID", "ConnectionType",
                          "StartTime", "EndTime", "SocketAcceptPort"}) {
    SCOPED_TRACE(key);
    ExpectError(Without(kAcceptor, key), 1,
                std::string("[SESSION] is missing required setting ") + key);
  }
  // HeartBtInt: required and > 0 for initiators (QuickFIX's rule); optional for acceptors.
  ExpectError(With(Without(kInitiator, "HeartBtInt"), "HeartBtInt=0\n"), 10,
              "HeartBtInt: must be greater than zero for an initiator");
  EXPECT_TRUE(Load(With(kAcceptor, "HeartBtInt=0\n")).ok());
  // FIXT.1.1 needs DefaultApplVerID.
  std::string fixt(kAcceptor);
  fixt.replace(fixt.find("FIX.4.4"), 7, "FIXT.1.1");
  ExpectError(fixt, 1, "missing required setting DefaultApplVerID (FIXT.1.1)");
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=FIX.5.0SP2\n")).ok());
  // UseDataDictionary=Y without a dictionary: fixwire's own for FIX.4.0 .. FIX.4.4,
  // FIX.5.0 .. FIX.5.0SP2 and FIXT.1.1; the key is required for the other versions.
  std::string fix41(kAcceptor);
  fix41.replace(fix41.find("FIX.4.4"), 7, "FIX.4.1");
  EXPECT_TRUE(Load(fix41).ok());
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=FIX.4.1\n")).ok());
  std::string fix40(kAcceptor);
  fix40.replace(fix40.find("FIX.4.4"), 7, "FIX.4.0");
  EXPECT_TRUE(Load(fix40).ok());
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=2\n")).ok());
  std::string fix43(kAcceptor);
  fix43.replace(fix43.find("FIX.4.4"), 7, "FIX.4.3");
  EXPECT_TRUE(Load(fix43).ok());
  EXPECT_TRUE(Load(With(fix43, "DataDictionary=FIX43.xml\n")).ok());
  EXPECT_TRUE(Load(With(fix43, "UseDataDictionary=N\n")).ok());
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=FIX.4.3\n")).ok());
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=FIX.5.0SP1\n")).ok());
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=FIX.5.0\n")).ok());
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=7\n")).ok());
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=FIX.5.0\nAppDataDictionary=FIX50.xml\n")).ok());
  EXPECT_TRUE(Load(With(fixt, "DefaultApplVerID=6\n")).ok());
  // A required key may come from [DEFAULT].
  EXPECT_TRUE(Load(With("[DEFAULT]\nHeartBtInt=5\n", Without(kInitiator, "HeartBtInt"))).ok());
}

// The rules kept from QuickFIX: QuickFIX 1.15 (SessionSettings plus
// SessionFactory) rejects each of these files too, and accepts the valid base.
TEST(SettingsTest, QuickFixRejectsWhatFixwireRejectsForItsOwnRules) {
  const std::string dir = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  int n = 0;
  auto quickfix_error = [&](const std::string& text) {
    const std::string path = dir + "/quickfix_rule_" + std::to_string(n++) + ".cfg";
    std::FILE* f = std::fopen(path.c_str(), "w");
    EXPECT_NE(f, nullptr);
    std::fputs(text.c_str(), f);
    std::fclose(f);
    std::string error;
    fixwire_quickfix::LoadSessions(path, &error);
    return error;
  };
  const std::string initiator = With(kInitiator, "UseDataDictionary=N\n");
  const std::string acceptor = With(kAcceptor, "UseDataDictionary=N\n");
  std::string fixt(acceptor);
  fixt.replace(fixt.find("FIX.4.4"), 7, "FIXT.1.1");
  std::string window(acceptor);
  window.replace(window.find("StartTime=00:00:00"), 18, "StartTime=08:00:00");
  window.replace(window.find("EndTime=00:00:00"), 16, "EndTime=17:00:00");
  ASSERT_EQ(quickfix_error(initiator), "");
  ASSERT_EQ(quickfix_error(acceptor), "");
  ASSERT_EQ(quickfix_error(With(fixt, "DefaultApplVerID=9\n")), "");
  const std::string rejected[] = {
      Without(initiator, "BeginString"),
      Without(initiator, "SenderCompID"),
      Without(initiator, "TargetCompID"),
      Without(initiator, "ConnectionType"),
      Without(initiator, "StartTime"),
      Without(initiator, "EndTime"),
      Without(initiator, "HeartBtInt"),
      With(Without(initiator, "HeartBtInt"), "HeartBtInt=0\n"),
      With(Without(initiator, "HeartBtInt"), "HeartBtInt=x\n"),
      With(acceptor, "BeginString=FIX.5.0\n")
          .replace(acceptor.find("BeginString=FIX.4.4\n"), 20, ""),
      With(Without(acceptor, "ConnectionType"), "ConnectionType=both\n"),
      With(acceptor, "SessionQualifier=q\n"),
      With(acceptor, "StartDay=Mon\n"),
      With(acceptor, "ResetOnLogon=yes\n"),
      With(window, "LogonTime=07:00:00\n"),
      With(window, "LogoutTime=18:00:00\n"),
      With(Without(acceptor, "StartTime"), "StartTime=8:00\n"),
      fixt,
  };
  for (const std::string& text : rejected) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(Load(text).ok());
    EXPECT_NE(quickfix_error(text), "");
  }
  // Stricter than QuickFIX: EndDay without StartDay. QuickFIX reads StartDay
  // first, stops at its absence and never looks at EndDay.
  EXPECT_FALSE(Load(With(acceptor, "EndDay=Mon\n")).ok());
  EXPECT_EQ(quickfix_error(With(acceptor, "EndDay=Mon\n")), "");
}

TEST(SettingsTest, RoleAndScheduleConsistency) {
  ExpectError(With(kAcceptor, "SessionQualifier=x\n"), 9,
              "SessionQualifier: cannot be used with an acceptor");
  ExpectError(With(kAcceptor, "StartDay=Mon\n"), 9, "StartDay: used without EndDay");
  ExpectError(With(kAcceptor, "EndDay=Mon\n"), 9, "EndDay: used without StartDay");
  ExpectError(With(kAcceptor, "LogonDay=Mon\n"), 9, "LogonDay: needs StartDay and EndDay");
  // StartTime 00:00:00 == EndTime: every time is in the session; use a window.
  std::string window(kAcceptor);
  window.replace(window.find("StartTime=00:00:00"), 18, "StartTime=08:00:00");
  window.replace(window.find("EndTime=00:00:00"), 16, "EndTime=17:00:00");
  ExpectError(With(window, "LogonTime=07:00:00\n"), 9,
              "LogonTime: must be between StartTime and EndTime");
  ExpectError(With(window, "LogoutTime=17:30:00\n"), 9,
              "LogoutTime: must be between StartTime and EndTime");
  EXPECT_TRUE(Load(With(window, "LogonTime=08:30:00\nLogoutTime=16:30:00\n")).ok());
  ExpectError(With(kAcceptor, "UseLocalTime=Y\nTimeZone=Europe/London\n"), 10,
              "TimeZone: cannot be combined with UseLocalTime=Y");
  ExpectError(With(kAcceptor, "StoreType=file\n"), 9,
              "StoreType: mmap and file stores need FileStorePath");
}

TEST(SettingsTest, FailoverAlternatesMustBeConsecutiveAndPaired) {
  ExpectError(With(kInitiator, "SocketConnectHost2=h2\nSocketConnectPort2=2\n"), 12,
              "SocketConnectHost2: failover alternates must be numbered consecutively from 1");
  ExpectError(With(kInitiator, "SocketConnectHost1=h1\n"), 11,
              "SocketConnectHost1 has no matching SocketConnectPort1");
  ExpectError(With(kInitiator, "SocketConnectPort1=5\n"), 11,
              "SocketConnectPort1 has no matching SocketConnectHost1");
  ExpectError(With(kInitiator, "SocketConnectSourceHost1=10.0.0.1\n"), 11,
              "SocketConnectSourceHost1/SocketConnectSourcePort1 given without "
              "SocketConnectHost1 and SocketConnectPort1");
}

// ------------------------------------------------------------- value parsers

TEST(SettingsTest, ParseWeekdayAcceptsNamesAndShortAbbreviations) {
  const std::pair<const char*, Weekday> good[] = {
      {"Sunday", Weekday::kSunday},       {"su", Weekday::kSunday},    {"SUN", Weekday::kSunday},
      {"Monday", Weekday::kMonday},       {"Mo", Weekday::kMonday},    {"mon", Weekday::kMonday},
      {"tuesday", Weekday::kTuesday},     {"Tu", Weekday::kTuesday},   {"Tue", Weekday::kTuesday},
      {"WEDNESDAY", Weekday::kWednesday}, {"we", Weekday::kWednesday}, {"Wed", Weekday::kWednesday},
      {"Thursday", Weekday::kThursday},   {"Th", Weekday::kThursday},  {"thu", Weekday::kThursday},
      {"Friday", Weekday::kFriday},       {"fr", Weekday::kFriday},    {"Fri", Weekday::kFriday},
      {"Saturday", Weekday::kSaturday},   {"Sa", Weekday::kSaturday},  {"sat", Weekday::kSaturday},
  };
  for (const auto& [text, day] : good) {
    EXPECT_EQ(ParseWeekday(text), day) << text;
  }
  for (const char* bad : {"", "S", "T", "Sunda", "Mond", "Sundays", "Xx", "Sux", "1"}) {
    EXPECT_FALSE(ParseWeekday(bad).has_value()) << bad;
  }
}

TEST(SettingsTest, ParseApplVerId) {
  const std::pair<const char*, int> good[] = {
      {"2", 2},       {"9", 9},       {"FIX.4.0", 2}, {"FIX.4.1", 3},    {"FIX.4.2", 4},
      {"FIX.4.3", 5}, {"FIX.4.4", 6}, {"FIX.5.0", 7}, {"FIX.5.0SP1", 8}, {"FIX.5.0SP2", 9},
  };
  for (const auto& [text, id] : good) EXPECT_EQ(ParseApplVerId(text), id) << text;
  for (const char* bad : {"", "0", "1", "10", "FIXT.1.1", "fix.4.4", "FIX.5.0SP3"}) {
    EXPECT_FALSE(ParseApplVerId(bad).has_value()) << bad;
  }
}

TEST(SettingsTest, ParseTimeOfDay) {
  EXPECT_EQ(ParseTimeOfDay("00:00:00"), T(0, 0, 0));
  EXPECT_EQ(ParseTimeOfDay("23:59:59"), T(23, 59, 59));
  for (const char* bad :
       {"", "1:00:00", "24:00:00", "12:60:00", "12:00:60", "12-00-00", "12:00:00Z", "12:00"}) {
    EXPECT_FALSE(ParseTimeOfDay(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace fixwire
