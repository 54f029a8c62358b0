#include "fixwire/session/settings.h"

// Loading settings is a cold path (once, at start-up): streams and
// std::to_string are used freely here.

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
// Cold path: a settings file is read once at start-up, so streams and
// std::to_string are fine here.
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/time/time.h"

namespace fixwire {
namespace {

// ----------------------------------------------------------------- text helpers

// Cat concatenates strings and integers (Debian's abseil has its own
// string_view type, so absl::StrCat does not take std::string_view).
void AppendPiece(std::string* out, std::string_view s) { out->append(s); }
void AppendPiece(std::string* out, const char* s) { out->append(s); }
void AppendPiece(std::string* out, const std::string& s) { out->append(s); }
template <typename Int, typename = std::enable_if_t<std::is_integral_v<Int>>>
void AppendPiece(std::string* out, Int v) {
  out->append(std::to_string(v));
}
template <typename... Args>
std::string Cat(const Args&... args) {
  std::string out;
  (AppendPiece(&out, args), ...);
  return out;
}

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) !=
        std::toupper(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

bool StartsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && EqualsIgnoreCase(s.substr(0, prefix.size()), prefix);
}

// Levenshtein distance, case-insensitive (keys are short: no need to be clever).
int EditDistance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int above = row[j];
      const bool same = std::toupper(static_cast<unsigned char>(a[i - 1])) ==
                        std::toupper(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// ------------------------------------------------------------------ value parsers
// Each returns an empty string on success, else the problem (without the key).

std::string Quoted(std::string_view v) { return Cat("'", v, "'"); }

std::string SetBool(std::string_view v, bool& out) {
  // QuickFIX's BoolConvertor: exactly "Y" or "N".
  if (v == "Y") {
    out = true;
  } else if (v == "N") {
    out = false;
  } else {
    return Cat(Quoted(v), " is not Y or N");
  }
  return {};
}

std::string ParseInteger(std::string_view v, long long lo, long long hi, long long& out) {
  long long value = 0;
  const char* end = v.data() + v.size();
  auto [ptr, ec] = std::from_chars(v.data(), end, value);
  if (v.empty() || ec == std::errc::invalid_argument || ptr != end) {
    return Cat(Quoted(v), " is not an integer");
  }
  if (ec == std::errc::result_out_of_range || value < lo || value > hi) {
    return Cat(Quoted(v), " is out of range (", lo, "..", hi, ")");
  }
  out = value;
  return {};
}

template <typename T>
std::string SetInt(std::string_view v, long long lo, long long hi, T& out) {
  long long value = 0;
  std::string error = ParseInteger(v, lo, hi, value);
  if (error.empty()) out = static_cast<T>(value);
  return error;
}

std::string SetNonEmpty(std::string_view v, std::string& out) {
  if (v.empty()) return "must not be empty";
  out = std::string(v);
  return {};
}

std::string SetString(std::string_view v, std::string& out) {
  out = std::string(v);
  return {};
}

std::string SetTime(std::string_view v, TimeOfDay& out) {
  std::optional<TimeOfDay> t = ParseTimeOfDay(v);
  if (!t) return Cat(Quoted(v), " is not a time HH:MM:SS");
  out = *t;
  return {};
}

std::string SetDay(std::string_view v, std::optional<Weekday>& out) {
  std::optional<Weekday> d = ParseWeekday(v);
  if (!d) return Cat(Quoted(v), " is not a day of the week (Sunday .. Saturday, Su/Sun ..)");
  out = d;
  return {};
}

constexpr int kMaxSeconds = 24 * 3600;  // an upper bound for every interval in seconds
constexpr int kMaxPort = 65535;
constexpr int kMaxBuffer = 1 << 30;

// ------------------------------------------------------------------ the keys

// Values set by one key and resolved against another once all are read.
struct Pending {
  std::optional<bool> milliseconds_in_timestamp;
  std::optional<TimePrecision> timestamp_precision;
  std::optional<StoreType> store_type;
  std::string primary_host;
  std::optional<std::uint16_t> primary_port;
  std::string primary_source_host;
  std::uint16_t primary_source_port = 0;
};

using Setter = std::string (*)(std::string_view value, SessionConfig& c, Pending& p);

struct KeyDef {
  std::string_view name;
  Setter set;
};

#define FW_KEY(Name, ...)                                                       \
  KeyDef {                                                                      \
    Name, [](std::string_view v, SessionConfig& c, Pending& p) -> std::string { \
      (void)c;                                                                  \
      (void)p;                                                                  \
      __VA_ARGS__;                                                              \
    }                                                                           \
  }
#define FW_BOOL(Name, member) FW_KEY(Name, return SetBool(v, c.member))

const KeyDef kKeys[] = {
    // Identity.
    FW_KEY(
        "BeginString",
        if (v == "FIX.4.0" || v == "FIX.4.1" || v == "FIX.4.2" || v == "FIX.4.3" ||
            v == "FIX.4.4" || v == "FIXT.1.1") {
          c.begin_string = std::string(v);
          return std::string();
        } return Cat(Quoted(v), " is not FIX.4.0 .. FIX.4.4 or FIXT.1.1")),
    FW_KEY("SenderCompID", return SetNonEmpty(v, c.sender_comp_id)),
    FW_KEY("TargetCompID", return SetNonEmpty(v, c.target_comp_id)),
    FW_KEY("SessionQualifier", return SetString(v, c.session_qualifier)),
    FW_KEY("SenderSubID", return SetString(v, c.sender_sub_id)),
    FW_KEY("SenderLocationID", return SetString(v, c.sender_location_id)),
    FW_KEY("TargetSubID", return SetString(v, c.target_sub_id)),
    FW_KEY("TargetLocationID", return SetString(v, c.target_location_id)),
    FW_KEY("DefaultApplVerID", std::optional<int> id = ParseApplVerId(v);
           if (!id) return Cat(Quoted(v),
                               " is not an ApplVerID (2..9) or a version FIX.4.0 .. "
                               "FIX.5.0SP2");
           c.default_appl_ver_id = *id; return std::string()),
    FW_KEY(
        "ConnectionType",
        if (v == "initiator") {
          c.connection_type = ConnectionType::kInitiator;
        } else if (v == "acceptor") { c.connection_type = ConnectionType::kAcceptor; } else {
          return Cat(Quoted(v), " is not initiator or acceptor");
        } return std::string()),
    // Schedule.
    FW_KEY("StartTime", return SetTime(v, c.start_time)),
    FW_KEY("EndTime", return SetTime(v, c.end_time)),
    FW_KEY("StartDay", return SetDay(v, c.start_day)),
    FW_KEY("EndDay", return SetDay(v, c.end_day)),
    FW_KEY("LogonTime", return SetTime(v, c.logon_time)),
    FW_KEY("LogoutTime", return SetTime(v, c.logout_time)),
    FW_KEY("LogonDay", return SetDay(v, c.logon_day)),
    FW_KEY("LogoutDay", return SetDay(v, c.logout_day)),
    FW_BOOL("UseLocalTime", use_local_time),
    FW_KEY(
        "TimeZone", if (v.empty()) return std::string("must not be empty"); absl::TimeZone tz;
        if (!absl::LoadTimeZone(std::string(v), &tz)) {
          return Cat(Quoted(v), " is not a tz database time zone (e.g. America/New_York)");
        } c.time_zone = std::string(v);
        return std::string()),
    // Session behaviour.
    FW_KEY("HeartBtInt", return SetInt(v, 0, kMaxSeconds, c.heart_bt_int)),
    FW_BOOL("SendResetSeqNumFlag", send_reset_seq_num_flag),
    FW_BOOL("EnableNextExpectedMsgSeqNum", enable_next_expected_msg_seq_num),
    FW_BOOL("SendRedundantResendRequests", send_redundant_resend_requests),
    FW_BOOL("ResetOnLogon", reset_on_logon),
    FW_BOOL("ResetOnLogout", reset_on_logout),
    FW_BOOL("ResetOnDisconnect", reset_on_disconnect),
    FW_BOOL("RefreshOnLogon", refresh_on_logon),
    FW_BOOL("CheckCompID", check_comp_id),
    FW_BOOL("CheckLatency", check_latency),
    FW_KEY("MaxLatency", return SetInt(v, 1, kMaxSeconds, c.max_latency)),
    FW_KEY("LogonTimeout", return SetInt(v, 1, kMaxSeconds, c.logon_timeout)),
    FW_KEY("LogoutTimeout", return SetInt(v, 1, kMaxSeconds, c.logout_timeout)),
    FW_KEY("MillisecondsInTimeStamp", bool b = false; std::string e = SetBool(v, b);
           if (e.empty()) p.milliseconds_in_timestamp = b; return e),
    FW_KEY(
        "TimestampPrecision",
        if (v == "0") { p.timestamp_precision = TimePrecision::kSeconds; } else if (v == "3") {
          p.timestamp_precision = TimePrecision::kMillis;
        } else if (v == "6") {
          p.timestamp_precision = TimePrecision::kMicros;
        } else if (v == "9") { p.timestamp_precision = TimePrecision::kNanos; } else {
          return Cat(Quoted(v), " is not 0, 3, 6 or 9");
        } return std::string()),
    FW_BOOL("PersistMessages", persist_messages),
    FW_KEY("ResendRequestChunkSize", return SetInt(v, 0, 2147483647, c.resend_request_chunk_size)),
    // Validation.
    FW_BOOL("UseDataDictionary", use_data_dictionary),
    FW_KEY("DataDictionary", return SetNonEmpty(v, c.data_dictionary)),
    FW_KEY("TransportDataDictionary", return SetNonEmpty(v, c.transport_data_dictionary)),
    FW_KEY("AppDataDictionary", return SetNonEmpty(v, c.app_data_dictionary)),
    FW_BOOL("ValidateLengthAndChecksum", validate_length_and_checksum),
    FW_BOOL("ValidateFieldsOutOfOrder", validate_fields_out_of_order),
    FW_BOOL("ValidateFieldsHaveValues", validate_fields_have_values),
    FW_BOOL("ValidateUserDefinedFields", validate_user_defined_fields),
    FW_BOOL("AllowUnknownMsgFields", allow_unknown_msg_fields),
    FW_BOOL("PreserveMessageFieldsOrder", preserve_message_fields_order),
    // Sockets.
    FW_KEY("SocketAcceptPort", return SetInt(v, 1, kMaxPort, c.socket_accept_port)),
    FW_BOOL("SocketReuseAddress", socket_reuse_address),
    FW_BOOL("SocketNodelay", socket_nodelay),
    FW_KEY("SocketSendBufferSize", return SetInt(v, 0, kMaxBuffer, c.socket_send_buffer_size)),
    FW_KEY("SocketReceiveBufferSize",
           return SetInt(v, 0, kMaxBuffer, c.socket_receive_buffer_size)),
    FW_KEY("SocketConnectHost", return SetNonEmpty(v, p.primary_host)),
    FW_KEY("SocketConnectPort", std::uint16_t port = 0;
           std::string e = SetInt(v, 1, kMaxPort, port); if (e.empty()) p.primary_port = port;
           return e),
    FW_KEY("SocketConnectSourceHost", return SetNonEmpty(v, p.primary_source_host)),
    FW_KEY("SocketConnectSourcePort", return SetInt(v, 0, kMaxPort, p.primary_source_port)),
    FW_KEY("ReconnectInterval", return SetInt(v, 1, kMaxSeconds, c.reconnect_interval)),
    // Store and log.
    FW_KEY("FileStorePath", return SetNonEmpty(v, c.file_store_path)),
    FW_KEY("FileLogPath", return SetNonEmpty(v, c.file_log_path)),
    FW_KEY("FileLogBackupPath", return SetNonEmpty(v, c.file_log_backup_path)),
    FW_KEY(
        "StoreType",
        if (v == "memory") { p.store_type = StoreType::kMemory; } else if (v == "mmap") {
          p.store_type = StoreType::kMmap;
        } else if (v == "file") { p.store_type = StoreType::kFile; } else {
          return Cat(Quoted(v), " is not memory, mmap or file");
        } return std::string()),
    FW_KEY(
        "StoreSync", if (v == "none") { c.store_sync = StoreSync::kNone; } else if (v == "flush") {
          c.store_sync = StoreSync::kFlush;
        } else if (v == "fsync") { c.store_sync = StoreSync::kFsync; } else if (v == "group") {
          c.store_sync = StoreSync::kGroup;
        } else {
          return Cat(Quoted(v), " is not none, flush, fsync or group");
        } return std::string()),
    FW_BOOL("BusyPoll", busy_poll),
    FW_KEY("CpuAffinity", int cpu = 0; std::string e = SetInt(v, 0, 4095, cpu);
           if (e.empty()) c.cpu_affinity = cpu; return e),
};

#undef FW_BOOL
#undef FW_KEY

const KeyDef* FindKey(std::string_view key) {
  for (const KeyDef& def : kKeys) {
    if (EqualsIgnoreCase(def.name, key)) return &def;
  }
  return nullptr;
}

// QuickFIX keys fixwire does not implement, by prefix or exact name, with the reason.
struct Unsupported {
  std::string_view name;
  bool prefix;
  std::string_view why;
};

constexpr Unsupported kUnsupported[] = {
    {"MySQL", true, "fixwire has no MySQL store or log"},
    {"PostgreSQL", true, "fixwire has no PostgreSQL store or log"},
    {"PostgresSQL", true, "fixwire has no PostgreSQL store or log"},
    {"Odbc", true, "fixwire has no ODBC store or log"},
    {"ScreenLog", true, "fixwire has no screen log"},
    {"HttpAcceptPort", false, "fixwire has no HTTP status page"},
    {"SSLProtocol", false, "fixwire has no TLS: terminate TLS in front of it"},
    {"SSLCipherSuite", false, "fixwire has no TLS: terminate TLS in front of it"},
    {"ServerCertificateFile", false, "fixwire has no TLS: terminate TLS in front of it"},
    {"ServerCertificateKeyFile", false, "fixwire has no TLS: terminate TLS in front of it"},
    {"ClientCertificateFile", false, "fixwire has no TLS: terminate TLS in front of it"},
    {"ClientCertificateKeyFile", false, "fixwire has no TLS: terminate TLS in front of it"},
    {"CertificationAuthoritiesFile", false, "fixwire has no TLS: terminate TLS in front of it"},
    {"CertificationAuthoritiesDirectory", false,
     "fixwire has no TLS: terminate TLS in front of it"},
    {"CertificateRevocationListFile", false, "fixwire has no TLS: terminate TLS in front of it"},
    {"CertificateRevocationListDirectory", false,
     "fixwire has no TLS: terminate TLS in front of it"},
    {"CertificateVerifyLevel", false, "fixwire has no TLS: terminate TLS in front of it"},
};

const Unsupported* FindUnsupported(std::string_view key) {
  for (const Unsupported& u : kUnsupported) {
    if (u.prefix ? StartsWithIgnoreCase(key, u.name) : EqualsIgnoreCase(key, u.name)) return &u;
  }
  return nullptr;
}

// Numbered keys: SocketConnectHost<n> etc. (n >= 1) and AppDataDictionary.<version>.
enum class Numbered { kHost, kPort, kSourceHost, kSourcePort };

struct NumberedKey {
  Numbered kind;
  int n;
};

// Longest prefixes first: SocketConnectSourceHost must not match SocketConnect...
std::optional<NumberedKey> ParseNumberedKey(std::string_view key, std::string* error) {
  static constexpr std::pair<std::string_view, Numbered> kPrefixes[] = {
      {"SocketConnectSourceHost", Numbered::kSourceHost},
      {"SocketConnectSourcePort", Numbered::kSourcePort},
      {"SocketConnectHost", Numbered::kHost},
      {"SocketConnectPort", Numbered::kPort},
  };
  for (const auto& [prefix, kind] : kPrefixes) {
    if (!StartsWithIgnoreCase(key, prefix) || key.size() == prefix.size()) continue;
    std::string_view digits = key.substr(prefix.size());
    if (!std::all_of(digits.begin(), digits.end(),
                     [](char ch) { return ch >= '0' && ch <= '9'; })) {
      continue;
    }
    int n = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || ptr != digits.data() + digits.size() || n < 1 || digits[0] == '0') {
      *error = Cat("failover alternates are numbered 1, 2, ... (", prefix, "1)");
      return std::nullopt;
    }
    return NumberedKey{kind, n};
  }
  return std::nullopt;
}

constexpr std::string_view kAppDataDictionaryDot = "AppDataDictionary.";

bool IsAppDataDictionaryVersionKey(std::string_view key) {
  return StartsWithIgnoreCase(key, kAppDataDictionaryDot);
}

// ----------------------------------------------------------------- the parser

std::string Where(std::string_view source, int line) { return Cat(source, ":", line, ": "); }

absl::Status Error(std::string_view source, int line, std::string_view message) {
  return absl::InvalidArgumentError(Cat(Where(source, line), message));
}

// Replaces ${VAR} by the environment variable VAR.
absl::StatusOr<std::string> SubstituteEnv(std::string_view value, std::string_view source,
                                          int line) {
  std::string out;
  std::size_t i = 0;
  while (i < value.size()) {
    if (value[i] == '$' && i + 1 < value.size() && value[i + 1] == '{') {
      const std::size_t close = value.find('}', i + 2);
      if (close == std::string_view::npos) {
        return Error(source, line, Cat("unterminated ${ in ", Quoted(value)));
      }
      const std::string name(value.substr(i + 2, close - i - 2));
      if (name.empty()) return Error(source, line, "empty variable name ${}");
      const char* env = std::getenv(name.c_str());
      if (env == nullptr) {
        return Error(source, line,
                     Cat("environment variable ", name, " is not set (${", name, "})"));
      }
      out += env;
      i = close + 1;
    } else {
      out += value[i++];
    }
  }
  return out;
}

std::string Suggestion(std::string_view key) {
  std::string_view best;
  int best_distance = 1 << 20;
  for (const KeyDef& def : kKeys) {
    const int d = EditDistance(key, def.name);
    if (d < best_distance) {
      best_distance = d;
      best = def.name;
    }
  }
  const int limit = key.size() >= 10 ? 3 : 2;
  if (best_distance <= limit) return Cat(" (did you mean ", best, "?)");
  return {};
}

// Checks one key's name (not its value): known, numbered, unsupported or unknown.
absl::Status CheckKeyName(const SettingsEntry& e, std::string_view source) {
  if (FindKey(e.key) != nullptr || IsAppDataDictionaryVersionKey(e.key)) return absl::OkStatus();
  std::string numbered_error;
  if (ParseNumberedKey(e.key, &numbered_error)) return absl::OkStatus();
  if (!numbered_error.empty()) {
    return Error(source, e.line, Cat(e.key, ": ", numbered_error));
  }
  if (const Unsupported* u = FindUnsupported(e.key)) {
    return Error(source, e.line,
                 Cat(e.key, ": QuickFIX setting not supported by fixwire (", u->why, ")"));
  }
  return Error(source, e.line, Cat("unknown setting ", e.key, Suggestion(e.key)));
}

// QuickFIX's TimeRange::isInRange for a time of day and weekday (1..7), used
// to check that LogonTime/LogoutTime lie within StartTime..EndTime.
bool QuickFixInRange(int start, int end, int start_day, int end_day, int time, int day) {
  if (start_day > 0 && end_day > 0 && start_day == end_day && end > start) end = start;
  auto daily = [](int s, int e, int t) { return s < e ? (t >= s && t <= e) : (t >= s || t <= e); };
  if (start_day < 0 && end_day < 0) return daily(start, end, time);
  if (start_day == end_day) return day != start_day || daily(start, end, time);
  if (start_day < end_day) {
    if (day < start_day || day > end_day) return false;
  } else {
    if (day < start_day && day > end_day) return false;
  }
  if (day == start_day && time < start) return false;
  if (day == end_day && time > end) return false;
  return true;
}

using Merged = std::map<std::string, const SettingsEntry*>;  // upper-case key -> entry

absl::StatusOr<SessionConfig> BuildSession(const SettingsSection& section,
                                           const SettingsSection* defaults,
                                           std::string_view source) {
  Merged merged;
  if (defaults != nullptr) {
    for (const SettingsEntry& e : defaults->entries) merged[Upper(e.key)] = &e;
  }
  for (const SettingsEntry& e : section.entries) merged[Upper(e.key)] = &e;
  auto has = [&](std::string_view key) { return merged.count(Upper(key)) != 0; };
  auto line_of = [&](std::string_view key) { return merged.at(Upper(key))->line; };

  SessionConfig c;
  c.source = std::string(source);
  c.line = section.line;
  Pending p;
  struct Alternate {
    std::optional<std::string> host;
    std::optional<std::uint16_t> port;
    std::string source_host;
    std::uint16_t source_port = 0;
    int line = 0;
  };
  std::map<int, Alternate> alternates;
  std::vector<const SettingsEntry*> app_dictionaries;

  // Apply in line order so that the first bad value in the file is reported.
  std::vector<const SettingsEntry*> ordered;
  for (const auto& [key, e] : merged) ordered.push_back(e);
  std::sort(ordered.begin(), ordered.end(),
            [](const SettingsEntry* a, const SettingsEntry* b) { return a->line < b->line; });
  for (const SettingsEntry* e : ordered) {
    std::string problem;
    if (const KeyDef* def = FindKey(e->key)) {
      problem = def->set(e->value, c, p);
    } else if (IsAppDataDictionaryVersionKey(e->key)) {
      app_dictionaries.push_back(e);
      continue;
    } else {
      std::string ignored;
      std::optional<NumberedKey> nk = ParseNumberedKey(e->key, &ignored);
      if (!nk) continue;  // CheckKeyName rejected it already
      Alternate& alt = alternates[nk->n];
      alt.line = std::max(alt.line, e->line);
      switch (nk->kind) {
        case Numbered::kHost:
          if (e->value.empty()) problem = "must not be empty";
          alt.host = e->value;
          break;
        case Numbered::kPort: {
          std::uint16_t port = 0;
          problem = SetInt(e->value, 1, kMaxPort, port);
          alt.port = port;
          break;
        }
        case Numbered::kSourceHost:
          problem = SetNonEmpty(e->value, alt.source_host);
          break;
        case Numbered::kSourcePort:
          problem = SetInt(e->value, 0, kMaxPort, alt.source_port);
          break;
      }
    }
    if (!problem.empty()) return Error(source, e->line, Cat(e->key, ": ", problem));
  }

  auto missing = [&](std::string_view key, std::string_view why) {
    return Error(source, section.line, Cat("[SESSION] is missing required setting ", key, why));
  };
  for (std::string_view key :
       {"BeginString", "SenderCompID", "TargetCompID", "ConnectionType", "StartTime", "EndTime"}) {
    if (!has(key)) return missing(key, "");
  }

  if (c.is_initiator()) {
    if (!has("HeartBtInt")) return missing("HeartBtInt", " (initiator)");
    if (c.heart_bt_int <= 0) {
      return Error(source, line_of("HeartBtInt"),
                   "HeartBtInt: must be greater than zero for an initiator");
    }
    if (p.primary_host.empty()) return missing("SocketConnectHost", " (initiator)");
    if (!p.primary_port) return missing("SocketConnectPort", " (initiator)");
    c.socket_connect.push_back(
        {p.primary_host, *p.primary_port, p.primary_source_host, p.primary_source_port});
    int expected = 1;
    for (const auto& [n, alt] : alternates) {
      if (n != expected) {
        return Error(source, alt.line,
                     Cat("SocketConnectHost", n,
                         ": failover alternates must be "
                         "numbered consecutively from 1 (SocketConnectHost",
                         expected, " is missing)"));
      }
      if (!alt.host && !alt.port) {
        return Error(source, alt.line,
                     Cat("SocketConnectSourceHost", n, "/SocketConnectSourcePort", n,
                         " given without SocketConnectHost", n, " and SocketConnectPort", n));
      }
      if (!alt.host || !alt.port) {
        return Error(
            source, alt.line,
            Cat(alt.host ? "SocketConnectHost" : "SocketConnectPort", n, " has no matching ",
                alt.host ? "SocketConnectPort" : "SocketConnectHost", n));
      }
      c.socket_connect.push_back({*alt.host, *alt.port, alt.source_host, alt.source_port});
      ++expected;
    }
  } else {
    if (!has("SocketAcceptPort")) return missing("SocketAcceptPort", " (acceptor)");
    if (has("SessionQualifier")) {
      return Error(source, line_of("SessionQualifier"),
                   "SessionQualifier: cannot be used with an acceptor (QuickFIX rejects it too)");
    }
  }

  if (c.is_fixt()) {
    if (!has("DefaultApplVerID")) return missing("DefaultApplVerID", " (FIXT.1.1)");
  }
  for (const SettingsEntry* e : app_dictionaries) {
    std::string_view version = std::string_view(e->key).substr(kAppDataDictionaryDot.size());
    std::optional<int> id_value = ParseApplVerId(version);
    if (!id_value) {
      return Error(source, e->line,
                   Cat(e->key, ": ", Quoted(version),
                       " is not an ApplVerID (2..9) or a version FIX.4.0 .. FIX.5.0SP2"));
    }
    if (e->value.empty()) return Error(source, e->line, Cat(e->key, ": must not be empty"));
    c.app_data_dictionaries.emplace_back(*id_value, e->value);
  }

  // Dictionaries: QuickFIX requires DataDictionary (or TransportDataDictionary
  // and AppDataDictionary) with UseDataDictionary=Y. fixwire ships one for
  // every BeginString and ApplVerID the checks above let through, so with
  // the keys missing the shipped ones serve.

  // Schedule consistency, as QuickFIX's SessionFactory checks it.
  if (c.start_day.has_value() != c.end_day.has_value()) {
    const std::string_view given = c.start_day ? "StartDay" : "EndDay";
    return Error(source, line_of(given),
                 Cat(given, ": used without ", c.start_day ? "EndDay" : "StartDay"));
  }
  if (!has("LogonTime")) c.logon_time = c.start_time;
  if (!has("LogoutTime")) c.logout_time = c.end_time;
  if (!has("LogonDay")) c.logon_day = c.start_day;
  if (!has("LogoutDay")) c.logout_day = c.end_day;
  if ((c.logon_day || c.logout_day) && !c.start_day) {
    const std::string_view given = c.logon_day ? "LogonDay" : "LogoutDay";
    return Error(source, line_of(given), Cat(given, ": needs StartDay and EndDay"));
  }
  const int start_day = c.start_day ? static_cast<int>(*c.start_day) : -1;
  const int end_day = c.end_day ? static_cast<int>(*c.end_day) : -1;
  auto in_session = [&](TimeOfDay t, std::optional<Weekday> d) {
    return QuickFixInRange(c.start_time.seconds_of_day(), c.end_time.seconds_of_day(), start_day,
                           end_day, t.seconds_of_day(), d ? static_cast<int>(*d) : -1);
  };
  if (has("LogonTime") || has("LogonDay")) {
    if (!in_session(c.logon_time, c.logon_day)) {
      return Error(source, line_of(has("LogonTime") ? "LogonTime" : "LogonDay"),
                   "LogonTime: must be between StartTime and EndTime");
    }
  }
  if (has("LogoutTime") || has("LogoutDay")) {
    if (!in_session(c.logout_time, c.logout_day)) {
      return Error(source, line_of(has("LogoutTime") ? "LogoutTime" : "LogoutDay"),
                   "LogoutTime: must be between StartTime and EndTime");
    }
  }
  if (c.use_local_time && !c.time_zone.empty()) {
    return Error(source, std::max(line_of("UseLocalTime"), line_of("TimeZone")),
                 "TimeZone: cannot be combined with UseLocalTime=Y (choose one)");
  }

  if (p.timestamp_precision) {
    c.timestamp_precision = *p.timestamp_precision;
  } else if (p.milliseconds_in_timestamp) {
    c.timestamp_precision =
        *p.milliseconds_in_timestamp ? TimePrecision::kMillis : TimePrecision::kSeconds;
  }
  if (p.store_type) {
    c.store_type = *p.store_type;
    if (c.store_type != StoreType::kMemory && c.file_store_path.empty()) {
      return Error(source, line_of("StoreType"),
                   "StoreType: mmap and file stores need FileStorePath");
    }
  } else {
    c.store_type = c.file_store_path.empty() ? StoreType::kMemory : StoreType::kFile;
  }
  return c;
}

}  // namespace

std::string SessionConfig::SessionId() const {
  auto optional = [](const std::string& part) { return part.empty() ? std::string() : "/" + part; };
  std::string id =
      Cat(begin_string, ":", sender_comp_id, optional(sender_sub_id), optional(sender_location_id),
          "->", target_comp_id, optional(target_sub_id), optional(target_location_id));
  if (!session_qualifier.empty()) id += Cat(":", session_qualifier);
  return id;
}

const SettingsEntry* SettingsSection::Find(std::string_view key) const {
  for (const SettingsEntry& e : entries) {
    if (EqualsIgnoreCase(e.key, key)) return &e;
  }
  return nullptr;
}

std::optional<Weekday> ParseWeekday(std::string_view text) {
  static constexpr std::string_view kNames[] = {"sunday",   "monday", "tuesday", "wednesday",
                                                "thursday", "friday", "saturday"};
  if (text.size() < 2) return std::nullopt;
  for (int i = 0; i < 7; ++i) {
    const std::string_view name = kNames[i];
    const bool ok = EqualsIgnoreCase(text, name) ||
                    (text.size() <= 3 && EqualsIgnoreCase(text, name.substr(0, text.size())));
    if (ok) return static_cast<Weekday>(i + 1);
  }
  return std::nullopt;
}

std::optional<TimeOfDay> ParseTimeOfDay(std::string_view text) {
  if (text.size() != 8 || text[2] != ':' || text[5] != ':') return std::nullopt;
  int parts[3];
  for (int i = 0; i < 3; ++i) {
    const char hi = text[i * 3];
    const char lo = text[i * 3 + 1];
    if (hi < '0' || hi > '9' || lo < '0' || lo > '9') return std::nullopt;
    parts[i] = (hi - '0') * 10 + (lo - '0');
  }
  if (parts[0] > 23 || parts[1] > 59 || parts[2] > 59) return std::nullopt;
  return TimeOfDay{static_cast<std::uint8_t>(parts[0]), static_cast<std::uint8_t>(parts[1]),
                   static_cast<std::uint8_t>(parts[2])};
}

std::optional<int> ParseApplVerId(std::string_view text) {
  static constexpr std::pair<std::string_view, int> kNames[] = {
      {"FIX.4.0", 2}, {"FIX.4.1", 3}, {"FIX.4.2", 4},    {"FIX.4.3", 5},
      {"FIX.4.4", 6}, {"FIX.5.0", 7}, {"FIX.5.0SP1", 8}, {"FIX.5.0SP2", 9},
  };
  for (const auto& [name, id] : kNames) {
    if (text == name) return id;
  }
  if (text.size() == 1 && text[0] >= '2' && text[0] <= '9') return text[0] - '0';
  return std::nullopt;
}

absl::StatusOr<SettingsFile> LoadSettingsFromString(std::string_view text,
                                                    std::string_view source) {
  SettingsFile file;
  file.source = std::string(source);
  SettingsSection* current = nullptr;
  int line_number = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = Trim(text.substr(pos, end - pos));
    pos = end + 1;
    ++line_number;
    if (line.empty() || line.front() == '#') continue;

    if (line.front() == '[') {
      if (line.back() != ']') {
        return Error(source, line_number, Cat("malformed section header ", Quoted(line)));
      }
      const std::string name = Upper(Trim(line.substr(1, line.size() - 2)));
      if (name == "DEFAULT") {
        if (file.defaults) {
          return Error(
              source, line_number,
              Cat("second [DEFAULT] section (the first is at line ", file.defaults->line, ")"));
        }
        file.defaults = SettingsSection{"DEFAULT", line_number, {}};
        current = &*file.defaults;
      } else if (name == "SESSION") {
        file.session_sections.push_back(SettingsSection{"SESSION", line_number, {}});
        current = &file.session_sections.back();
      } else {
        return Error(source, line_number,
                     Cat("unknown section ", line, " (expected [DEFAULT] or [SESSION])"));
      }
      continue;
    }

    const std::size_t equals = line.find('=');
    if (equals == std::string_view::npos) {
      return Error(source, line_number,
                   Cat("expected Key=Value, a [SECTION] or a # comment: ", Quoted(line)));
    }
    const std::string_view key = Trim(line.substr(0, equals));
    if (key.empty()) return Error(source, line_number, Cat("empty key in ", Quoted(line)));
    if (current == nullptr) {
      return Error(source, line_number,
                   Cat(key, ": setting outside a [DEFAULT] or [SESSION] section"));
    }
    if (const SettingsEntry* previous = current->Find(key)) {
      return Error(source, line_number,
                   Cat(key, ": given twice in one section (first at line ", previous->line, ")"));
    }
    absl::StatusOr<std::string> value =
        SubstituteEnv(Trim(line.substr(equals + 1)), source, line_number);
    if (!value.ok()) return value.status();
    SettingsEntry entry{std::string(key), *std::move(value), line_number};
    if (absl::Status s = CheckKeyName(entry, source); !s.ok()) return s;
    current->entries.push_back(std::move(entry));
  }

  if (file.session_sections.empty()) {
    return absl::InvalidArgumentError(Cat(source, ": no [SESSION] section"));
  }
  const SettingsSection* defaults = file.defaults ? &*file.defaults : nullptr;
  std::map<std::string, int> first_line_of_id;
  for (const SettingsSection& section : file.session_sections) {
    absl::StatusOr<SessionConfig> config = BuildSession(section, defaults, source);
    if (!config.ok()) return config.status();
    auto [it, inserted] = first_line_of_id.emplace(config->SessionId(), section.line);
    if (!inserted) {
      return Error(source, section.line,
                   Cat("duplicate session ", config->SessionId(), " (first defined at line ",
                       it->second, ")"));
    }
    file.sessions.push_back(*std::move(config));
  }
  return file;
}

absl::StatusOr<SettingsFile> LoadSettingsFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::NotFoundError(Cat(path, ": cannot open: ", std::strerror(errno)));
  }
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) return absl::DataLossError(Cat(path, ": read error"));
  return LoadSettingsFromString(contents.str(), path);
}

}  // namespace fixwire
