// session_runner.cc: settings file -> sessions on an Engine (session_runner.h).
#include "tools/cli/session_runner.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/net/options_from_config.h"
#include "fixwire/session/options_from_config.h"
#include "fixwire/store/options_from_config.h"
#include "fixwire/store/store_factory.h"
#include "tools/cli/stop_signal.h"

namespace fixwire::cli {
namespace {

absl::Status At(const SessionConfig& c, const std::string& what) {
  return absl::InvalidArgumentError(
      absl::StrCat(c.source, ":", c.line, ": [SESSION] ", c.SessionId(), ": ", what));
}

// The shipped dictionary of a FIX 4.x BeginString, "" when none is shipped.
std::string_view ShippedFileFor(std::string_view begin_string) {
  if (begin_string == "FIX.4.0") return "FIX40.xml";
  if (begin_string == "FIX.4.1") return "FIX41.xml";
  if (begin_string == "FIX.4.2") return "FIX42.xml";
  if (begin_string == "FIX.4.3") return "FIX43.xml";
  if (begin_string == "FIX.4.4") return "FIX44.xml";
  return "";
}

// The shipped application dictionary of an ApplVerID (1128/1137 values 2..9),
// "" when none is shipped.
std::string_view ShippedAppFileFor(int appl_ver_id) {
  switch (appl_ver_id) {
    case 2: return ShippedFileFor("FIX.4.0");
    case 3: return ShippedFileFor("FIX.4.1");
    case 4: return ShippedFileFor("FIX.4.2");
    case 5: return ShippedFileFor("FIX.4.3");
    case 6: return ShippedFileFor("FIX.4.4");
    case 7: return "FIX50.xml";
    case 8: return "FIX50SP1.xml";
    case 9: return "FIX50SP2.xml";
    default: return "";
  }
}

}  // namespace

SessionRunner::SessionRunner() = default;
SessionRunner::~SessionRunner() {
  closing_.store(true);
  if (backup_watcher_.joinable()) backup_watcher_.join();
}

std::string_view SessionEventName(SessionEventKind kind) {
  switch (kind) {
    case SessionEventKind::kConnected: return "connected";
    case SessionEventKind::kLogonSent: return "logon sent";
    case SessionEventKind::kLogon: return "logon";
    case SessionEventKind::kLogoutSent: return "logout sent";
    case SessionEventKind::kLogout: return "logout";
    case SessionEventKind::kDisconnected: return "disconnected";
    case SessionEventKind::kResendRequested: return "resend requested";
    case SessionEventKind::kResending: return "resending";
    case SessionEventKind::kGapFilled: return "gap filled";
    case SessionEventKind::kSequenceReset: return "sequence reset";
    case SessionEventKind::kRejectSent: return "reject sent";
    case SessionEventKind::kRejectReceived: return "reject received";
    case SessionEventKind::kTestRequestSent: return "test request sent";
    case SessionEventKind::kDuplicateIgnored: return "duplicate ignored";
    case SessionEventKind::kQueueOverflow: return "queue overflow";
    case SessionEventKind::kError: return "error";
  }
  return "event";
}

const Dictionary* SessionRunner::ShippedFor(std::string_view file) {
  return file.empty() ? nullptr : shipped_.Shipped(std::string(file));
}

absl::StatusOr<const Dictionary*> SessionRunner::DictionaryFile(const std::string& path,
                                                                const SessionConfig& c,
                                                                const char* key) {
  for (std::size_t i = 0; i < loaded_paths_.size(); ++i) {
    if (loaded_paths_[i] == path) return loaded_[i].get();
  }
  std::vector<std::string> warnings;
  absl::StatusOr<Dictionary> d = LoadDictionaryFile(path, &warnings);
  if (!d.ok()) return At(c, absl::StrCat(key, "=", path, ": ", d.status().message()));
  for (const std::string& w : warnings) {
    std::fprintf(stderr, "fixwire: warning: %s=%s\n", key, w.c_str());
  }
  loaded_.push_back(std::make_unique<Dictionary>(std::move(*d)));
  loaded_paths_.push_back(path);
  return loaded_.back().get();
}

absl::Status SessionRunner::LoadDictionaries(Entry& e) {
  const SessionConfig& c = e.config;
  if (!c.use_data_dictionary) return absl::OkStatus();
  if (!c.is_fixt()) {
    if (!c.data_dictionary.empty()) {
      absl::StatusOr<const Dictionary*> d = DictionaryFile(c.data_dictionary, c, "DataDictionary");
      if (!d.ok()) return d.status();
      e.options.dictionary = *d;
    } else if ((e.options.dictionary = ShippedFor(ShippedFileFor(c.begin_string))) == nullptr) {
      return At(c, "no dictionary is shipped for " + c.begin_string +
                       ": set DataDictionary, or UseDataDictionary=N");
    }
    return absl::OkStatus();
  }
  if (!c.transport_data_dictionary.empty()) {
    absl::StatusOr<const Dictionary*> d =
        DictionaryFile(c.transport_data_dictionary, c, "TransportDataDictionary");
    if (!d.ok()) return d.status();
    e.options.dictionary = *d;
  } else {
    e.options.dictionary = ShippedFor("FIXT11.xml");
  }
  // The application dictionary of the DefaultApplVerID: AppDataDictionary,
  // or AppDataDictionary.<version> for it, else the shipped one of that version.
  std::string app_path = c.app_data_dictionary;
  for (const auto& [version, path] : c.app_data_dictionaries) {
    if (version == c.default_appl_ver_id) app_path = path;
  }
  if (!app_path.empty()) {
    absl::StatusOr<const Dictionary*> d = DictionaryFile(app_path, c, "AppDataDictionary");
    if (!d.ok()) return d.status();
    e.options.app_dictionary = *d;
  } else if (!ShippedAppFileFor(c.default_appl_ver_id).empty()) {
    e.options.app_dictionary = ShippedFor(ShippedAppFileFor(c.default_appl_ver_id));
  } else {
    return At(c, "no application dictionary is shipped for this DefaultApplVerID: set "
                 "AppDataDictionary, or UseDataDictionary=N");
  }
  if (e.options.dictionary == nullptr || e.options.app_dictionary == nullptr) {
    return At(c, "a shipped dictionary does not load (a build problem)");
  }
  // Messages whose ApplVerID (or the peer's DefaultApplVerID) names another
  // version are validated with its dictionary: AppDataDictionary.<version>,
  // else the one fixwire ships for it.
  for (const auto& [version, path] : c.app_data_dictionaries) {
    if (version == c.default_appl_ver_id) continue;
    absl::StatusOr<const Dictionary*> d = DictionaryFile(path, c, "AppDataDictionary");
    if (!d.ok()) return d.status();
    e.options.app_dictionaries.emplace_back(std::to_string(version), *d);
  }
  static constexpr std::pair<int, std::string_view> kShippedApplications[] = {
      {2, "FIX40.xml"}, {3, "FIX41.xml"}, {4, "FIX42.xml"},    {5, "FIX43.xml"},
      {6, "FIX44.xml"}, {7, "FIX50.xml"}, {8, "FIX50SP1.xml"}, {9, "FIX50SP2.xml"}};
  for (const auto& [version, file] : kShippedApplications) {
    bool have = version == c.default_appl_ver_id;
    for (const auto& [v, path] : c.app_data_dictionaries) have = have || v == version;
    if (have) continue;
    if (const Dictionary* d = ShippedFor(file)) {
      e.options.app_dictionaries.emplace_back(std::to_string(version), d);
    }
  }
  return absl::OkStatus();
}

absl::Status SessionRunner::Load(const std::string& path, const RunnerOptions& options) {
  options_ = options;
  absl::StatusOr<SettingsFile> file = LoadSettingsFile(path);
  if (!file.ok()) return file.status();
  std::vector<SessionConfig> chosen;
  for (const SessionConfig& c : file->sessions) {
    if (c.connection_type == options.role) chosen.push_back(c);
  }
  if (chosen.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": no session with ConnectionType=",
                     options.role == ConnectionType::kAcceptor ? "acceptor" : "initiator"));
  }
  absl::StatusOr<EngineOptions> engine_options = EngineOptionsFrom(chosen);
  if (!engine_options.ok()) return engine_options.status();
  entries_.clear();
  entries_.reserve(chosen.size());
  for (SessionConfig& c : chosen) {
    Entry& e = entries_.emplace_back();
    e.config = std::move(c);
    absl::StatusOr<SessionOptions> o = SessionOptionsFrom(e.config);
    if (!o.ok()) return o.status();
    e.options = std::move(*o);
    e.options.app_msg_types = options.app_msg_types;
    e.options.echo_default_appl_ver_id = options.echo_default_appl_ver_id;
    absl::StatusOr<SessionSchedule> schedule = SessionSchedule::FromConfig(e.config);
    if (!schedule.ok()) return At(e.config, std::string(schedule.status().message()));
    e.schedule = std::make_unique<SessionSchedule>(std::move(*schedule));
    e.options.schedule = e.schedule.get();
    if (e.config.is_initiator()) {
      absl::StatusOr<SessionSchedule> logon = SessionSchedule::LogonFromConfig(e.config);
      if (!logon.ok()) return At(e.config, std::string(logon.status().message()));
      e.logon_schedule = std::make_unique<SessionSchedule>(std::move(*logon));
      e.options.logon_schedule = e.logon_schedule.get();
    }
    if (absl::Status s = LoadDictionaries(e); !s.ok()) return s;
    if (options.lenient_appl_ver_id) e.options.validation.check_appl_ver_id = false;
    if (!e.config.file_log_path.empty()) {
      FileLogOptions lo;
      lo.backup_directory = e.config.file_log_backup_path;
      absl::StatusOr<std::unique_ptr<FileLog>> log =
          FileLog::Open(e.config.file_log_path, FileLog::SessionPrefix(e.options), lo);
      if (!log.ok()) return At(e.config, absl::StrCat("FileLogPath: ", log.status().message()));
      e.log = std::move(*log);
      if (global_log_ == nullptr) {
        absl::StatusOr<std::unique_ptr<FileLog>> global =
            FileLog::Open(e.config.file_log_path, std::string(FileLog::kGlobalPrefix), lo);
        if (!global.ok()) {
          return At(e.config, absl::StrCat("FileLogPath: ", global.status().message()));
        }
        global_log_ = std::move(*global);
      }
    }
    absl::StatusOr<StoreOptions> so = StoreOptionsFrom(e.config);
    if (!so.ok()) return so.status();
    absl::StatusOr<std::unique_ptr<MessageStore>> store = OpenStore(*so);
    if (!store.ok()) return At(e.config, absl::StrCat("store: ", store.status().message()));
    e.store = std::move(*store);
  }
  engine_ = std::make_unique<Engine>(*engine_options);
  engine_->SetObserver(this);
  return absl::OkStatus();
}

absl::Status SessionRunner::Start(Application& app) {
  for (Entry& e : entries_) {
    absl::StatusOr<TransportOptions> t = TransportOptionsFrom(e.config);
    if (!t.ok()) return t.status();
    e.session = &engine_->AddSession(e.options, app, *e.store, *t, e.log.get());
  }
  if (absl::Status s = engine_->Start(); !s.ok()) return s;
  std::atomic<bool>& requested = BackupOnSignal();  // SIGHUP no longer ends the process
  if (global_log_ != nullptr) {
    backup_watcher_ = std::thread([this, &requested] {
      while (!closing_.load()) {
        if (requested.exchange(false)) BackupLogs();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    });
  }
  return absl::OkStatus();
}

void SessionRunner::BackupLogs() {
  const auto backup = [this](FileLog& log, const std::string& name) {
    const absl::Status s = log.Backup();
    if (s.ok()) {
      std::fprintf(stderr, "fixwire %s: %s: logs moved aside\n", options_.command, name.c_str());
    } else {
      std::fprintf(stderr, "fixwire %s: %s: logs not moved: %s\n", options_.command, name.c_str(),
                   std::string(s.message()).c_str());
    }
  };
  for (Entry& e : entries_) {
    if (e.log != nullptr) backup(*e.log, e.config.SessionId());
  }
  if (global_log_ != nullptr) backup(*global_log_, std::string(FileLog::kGlobalPrefix));
}

SessionRunner::Entry* SessionRunner::Find(const Session& session) {
  for (Entry& e : entries_) {
    if (e.session == &session) return &e;
  }
  return nullptr;
}

void SessionRunner::Event(const Session& session, const SessionEvent& event) {
  const Entry* e = Find(session);
  std::string line = absl::StrCat("fixwire ", options_.command, ": ",
                                  e != nullptr ? e->config.SessionId() : "?", ": ",
                                  std::string(SessionEventName(event.kind)));
  if (event.begin != 0 || event.end != 0) absl::StrAppend(&line, " ", event.begin, "..", event.end);
  if (!event.text.empty()) absl::StrAppend(&line, ": ", std::string(event.text));
  if (event.kind == SessionEventKind::kLogon && !session.peer_default_appl_ver_id().empty()) {
    absl::StrAppend(&line, " (DefaultApplVerID ", std::string(session.peer_default_appl_ver_id()),
                    ")");
  }
  std::fprintf(stderr, "%s\n", line.c_str());
}

void SessionRunner::OnTransportEvent(std::string_view what) noexcept {
  if (global_log_ != nullptr) global_log_->OnEvent(what);
  std::fprintf(stderr, "fixwire %s: %.*s\n", options_.command, static_cast<int>(what.size()),
               what.data());
}

}  // namespace fixwire::cli
