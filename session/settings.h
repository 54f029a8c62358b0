// settings.h: loads a QuickFIX settings file (the `[DEFAULT]` / `[SESSION]`
// Key=Value format QuickFIX, QuickFIX/J and QuickFIX/n read) into one typed
// SessionConfig per [SESSION], so an existing QuickFIX deployment's file
// loads unchanged.
//
// Format: `[DEFAULT]` and `[SESSION]` section headers (names case-insensitive),
// `Key=Value` lines (the first '=' splits; whitespace around key and value is
// trimmed), `#` comment lines and blank lines. Keys are case-insensitive, as
// in QuickFIX's Dictionary. Every [SESSION] inherits the [DEFAULT] values and
// overrides them. `${VAR}` in a value is replaced by the environment variable
// VAR. docs/session_settings.md lists every key, its default and where fixwire
// differs from QuickFIX.
//
// Errors: LoadSettingsFile / LoadSettingsFromString return
// absl::InvalidArgumentError (absl::NotFoundError for a file that cannot be
// read) whose message starts "<source>:<line>: ", e.g.
//   "acceptor.cfg:14: HeartBtInt: 'abc' is not an integer".
// Reported: a line outside a section, a line without '=', an empty key, an
// unknown section name, a second [DEFAULT], a key given twice in one section,
// a duplicate session ID, an unset ${VAR}, an unknown key (with a "did you
// mean" when a known key is close), a QuickFIX key fixwire does not support
// (MySQL*, PostgreSQL*, Odbc*, SSL and certificate keys, HttpAcceptPort,
// ScreenLog*: named, never silently ignored), a bad value (naming the key),
// and a missing required key (naming the [SESSION] line). A missing key that
// has a default takes QuickFIX's default.
//
// Ownership and threads: the result is a plain value that owns all its
// strings; the loader keeps no state and may run on any thread. Cold path:
// it allocates and uses absl::Status freely.
#ifndef FIXWIRE_SESSION_SETTINGS_H_
#define FIXWIRE_SESSION_SETTINGS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "fixwire/session/store_kind.h"
#include "fixwire/values/date_time.h"

namespace fixwire {

enum class ConnectionType : std::uint8_t { kInitiator, kAcceptor };

// Weekday numbered as QuickFIX numbers StartDay/EndDay (Sunday = 1).
enum class Weekday : std::uint8_t {
  kSunday = 1,
  kMonday = 2,
  kTuesday = 3,
  kWednesday = 4,
  kThursday = 5,
  kFriday = 6,
  kSaturday = 7,
};

// TimeOfDay: "HH:MM:SS" (00:00:00 .. 23:59:59).
struct TimeOfDay {
  std::uint8_t hour = 0;
  std::uint8_t minute = 0;
  std::uint8_t second = 0;
  constexpr int seconds_of_day() const noexcept { return hour * 3600 + minute * 60 + second; }
  friend constexpr bool operator==(const TimeOfDay&, const TimeOfDay&) = default;
};

// SocketAddress: one address an initiator connects to (the primary
// SocketConnectHost/SocketConnectPort, or a failover alternate
// SocketConnectHost<n>/SocketConnectPort<n>), with the optional local
// address to bind first (SocketConnectSourceHost[<n>]/SocketConnectSourcePort[<n>]).
struct SocketAddress {
  std::string host;
  std::uint16_t port = 0;
  std::string source_host;        // empty: any
  std::uint16_t source_port = 0;  // 0: any
  friend bool operator==(const SocketAddress&, const SocketAddress&) = default;
};

// SessionConfig: one [SESSION], [DEFAULT] values merged in, every key typed.
// Member comments give the key and QuickFIX's default.
struct SessionConfig {
  // --- Identity -------------------------------------------------------------
  std::string begin_string;       // BeginString: FIX.4.0 .. FIX.4.4, FIXT.1.1 (required)
  std::string sender_comp_id;     // SenderCompID (required)
  std::string target_comp_id;     // TargetCompID (required)
  std::string session_qualifier;  // SessionQualifier (initiators only; default empty)
  // QuickFIX/J's optional routing IDs (50, 142, 57, 143), written on every
  // message and part of the session's identity; default empty.
  std::string sender_sub_id;       // SenderSubID
  std::string sender_location_id;  // SenderLocationID
  std::string target_sub_id;       // TargetSubID
  std::string target_location_id;  // TargetLocationID
  // DefaultApplVerID as the ApplVerID(1128) enum value 2..9 (FIX.4.0 ..
  // FIX.5.0SP2); 0 when not given. Required for FIXT.1.1, unused otherwise.
  int default_appl_ver_id = 0;
  ConnectionType connection_type = ConnectionType::kInitiator;  // ConnectionType (required)

  // --- Schedule (see schedule.h) --------------------------------------------
  TimeOfDay start_time;               // StartTime (required)
  TimeOfDay end_time;                 // EndTime (required)
  std::optional<Weekday> start_day;   // StartDay: weekly session (with EndDay)
  std::optional<Weekday> end_day;     // EndDay
  TimeOfDay logon_time;               // LogonTime (default StartTime)
  TimeOfDay logout_time;              // LogoutTime (default EndTime)
  std::optional<Weekday> logon_day;   // LogonDay (default StartDay)
  std::optional<Weekday> logout_day;  // LogoutDay (default EndDay)
  bool use_local_time = false;        // UseLocalTime: times in the machine's zone (N)
  std::string time_zone;              // TimeZone (QuickFIX/J): tz name; empty = UTC / local

  // --- Session behaviour ------------------------------------------------------
  int heart_bt_int = 0;                  // HeartBtInt seconds (initiators: required, > 0)
  bool send_reset_seq_num_flag = false;  // SendResetSeqNumFlag (N)
  // EnableNextExpectedMsgSeqNum (QuickFIX/J): send NextExpectedMsgSeqNum(789)
  // on Logon (FIX.4.4, FIXT.1.1). N.
  bool enable_next_expected_msg_seq_num = false;
  bool send_redundant_resend_requests = false;  // SendRedundantResendRequests (N)
  bool reset_on_logon = false;                  // ResetOnLogon (N)
  bool reset_on_logout = false;                 // ResetOnLogout (N)
  bool reset_on_disconnect = false;             // ResetOnDisconnect (N)
  bool refresh_on_logon = false;                // RefreshOnLogon (N)
  bool check_comp_id = true;                    // CheckCompID (Y)
  bool check_latency = true;                    // CheckLatency (Y)
  int max_latency = 120;                        // MaxLatency seconds (120)
  int logon_timeout = 10;                       // LogonTimeout seconds (10)
  int logout_timeout = 2;                       // LogoutTimeout seconds (2)
  // TimestampPrecision (0, 3, 6 or 9) or MillisecondsInTimeStamp (Y: 3, N: 0);
  // TimestampPrecision wins. Default milliseconds.
  TimePrecision timestamp_precision = TimePrecision::kMillis;
  bool persist_messages = true;       // PersistMessages (Y)
  int resend_request_chunk_size = 0;  // ResendRequestChunkSize (QuickFIX/J): 0 = no chunking

  // --- Validation -----------------------------------------------------------
  bool use_data_dictionary = true;  // UseDataDictionary (Y)
  // DataDictionary (FIX.4.x). Empty: the dictionary fixwire ships for the
  // version (QuickFIX requires the key when UseDataDictionary=Y).
  std::string data_dictionary;
  std::string transport_data_dictionary;  // TransportDataDictionary (FIXT.1.1)
  std::string app_data_dictionary;        // AppDataDictionary (FIXT.1.1, for DefaultApplVerID)
  // AppDataDictionary.<version>=path: (ApplVerID 2..9, path), in file order.
  std::vector<std::pair<int, std::string>> app_data_dictionaries;
  bool validate_length_and_checksum = true;    // ValidateLengthAndChecksum (Y)
  bool validate_fields_out_of_order = true;    // ValidateFieldsOutOfOrder (Y)
  bool validate_fields_have_values = true;     // ValidateFieldsHaveValues (Y)
  bool validate_user_defined_fields = true;    // ValidateUserDefinedFields (Y)
  bool allow_unknown_msg_fields = false;       // AllowUnknownMsgFields (N)
  bool preserve_message_fields_order = false;  // PreserveMessageFieldsOrder (N)

  // --- Sockets ----------------------------------------------------------------
  std::uint16_t socket_accept_port = 0;  // SocketAcceptPort (acceptors: required)
  bool socket_reuse_address = true;      // SocketReuseAddress (Y)
  bool socket_nodelay = false;           // SocketNodelay (N)
  int socket_send_buffer_size = 0;       // SocketSendBufferSize bytes (0 = OS default)
  int socket_receive_buffer_size = 0;    // SocketReceiveBufferSize bytes (0 = OS default)
  // Initiators: the primary address first, then SocketConnectHost1/Port1, 2, ...
  std::vector<SocketAddress> socket_connect;
  int reconnect_interval = 30;  // ReconnectInterval seconds (30)

  // --- Store and log ------------------------------------------------------------
  std::string file_store_path;       // FileStorePath
  std::string file_log_path;         // FileLogPath
  std::string file_log_backup_path;  // FileLogBackupPath
  // StoreType (fixwire): memory | mmap | file; default file when FileStorePath
  // is set, else memory.
  StoreType store_type = StoreType::kMemory;
  StoreSync store_sync = StoreSync::kFlush;  // StoreSync (fixwire): none|flush|fsync|group
  bool busy_poll = false;                    // BusyPoll (fixwire): Y spins instead of blocking
  std::optional<int> cpu_affinity;           // CpuAffinity (fixwire): CPU to pin to

  // --- Where it came from -------------------------------------------------------
  std::string source;  // the file name (or source given to LoadSettingsFromString)
  int line = 0;        // line of the [SESSION] header

  bool is_initiator() const noexcept { return connection_type == ConnectionType::kInitiator; }
  bool is_fixt() const noexcept { return begin_string == "FIXT.1.1"; }
  // SessionId: QuickFIX's SessionID string, "FIX.4.4:SENDER->TARGET" plus
  // ":QUALIFIER" when there is one; with QuickFIX/J's sub and location IDs,
  // "SENDER/SUB/LOC" (each part only when given) as QuickFIX/J writes it.
  std::string SessionId() const;
};

// SettingsEntry: one Key=Value line as written (key spelling kept, value
// trimmed and ${VAR}-substituted).
struct SettingsEntry {
  std::string key;
  std::string value;
  int line = 0;
};

// SettingsSection: one [DEFAULT] or [SESSION] section as written, for tools
// (a settings printer, a linter). `name` is "DEFAULT" or "SESSION".
struct SettingsSection {
  std::string name;
  int line = 0;
  std::vector<SettingsEntry> entries;
  // Find returns the entry for `key` (case-insensitive), or nullptr.
  const SettingsEntry* Find(std::string_view key) const;
};

// SettingsFile: a loaded settings file.
struct SettingsFile {
  std::string source;
  std::optional<SettingsSection> defaults;        // the [DEFAULT] section, if any
  std::vector<SettingsSection> session_sections;  // the [SESSION] sections, in file order
  std::vector<SessionConfig> sessions;            // one per session_sections entry, same order
};

// LoadSettingsFile reads the file at `path`; errors name the path.
absl::StatusOr<SettingsFile> LoadSettingsFile(const std::string& path);

// LoadSettingsFromString parses `text`; errors name `source`.
absl::StatusOr<SettingsFile> LoadSettingsFromString(std::string_view text, std::string_view source);

// ParseWeekday accepts a day name (Sunday .. Saturday) or its 2- or 3-letter
// abbreviation (Su/Sun .. Sa/Sat), case-insensitive.
std::optional<Weekday> ParseWeekday(std::string_view text);

// ParseTimeOfDay accepts "HH:MM:SS".
std::optional<TimeOfDay> ParseTimeOfDay(std::string_view text);

// ParseApplVerId accepts an ApplVerID enum value "2".."9" or a version name
// (FIX.4.0 .. FIX.4.4, FIX.5.0, FIX.5.0SP1, FIX.5.0SP2) and returns 2..9.
std::optional<int> ParseApplVerId(std::string_view text);

}  // namespace fixwire

#endif  // FIXWIRE_SESSION_SETTINGS_H_
