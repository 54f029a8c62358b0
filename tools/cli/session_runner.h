// session_runner.h: SessionRunner, what "fixwire acceptor" and
// "fixwire initiator" share: it loads a QuickFIX-format settings file, keeps
// the sessions of one role, gives each its options (settings keys mapped by
// the *_from_config libraries), schedule, data dictionaries (DataDictionary /
// TransportDataDictionary / AppDataDictionary files, else the shipped ones),
// message store (StoreType / StoreSync / FileStorePath) and message log
// (FileLogPath: QuickFIX's FileLog files), and runs them on one Engine.
//
// Session and transport events are written to standard error as
// "fixwire <command>: <session>: <event>". Errors from Load name the
// settings file and line. Cold path; one thread (the engine's), but for
// BackupLogs, which a watcher thread started by Start calls on SIGHUP.
#ifndef FIXWIRE_TOOLS_CLI_SESSION_RUNNER_H_
#define FIXWIRE_TOOLS_CLI_SESSION_RUNNER_H_

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/net/engine.h"
#include "fixwire/net/file_log.h"
#include "fixwire/session/application.h"
#include "fixwire/session/message_store.h"
#include "fixwire/session/schedule.h"
#include "fixwire/session/session.h"
#include "fixwire/session/settings.h"
#include "tools/cli/dictionaries.h"

namespace fixwire::cli {

struct RunnerOptions {
  const char* command = "";  // "acceptor" or "initiator": the prefix of messages
  ConnectionType role = ConnectionType::kAcceptor;
  // The application MsgTypes answered; others get BusinessMessageReject 3.
  std::vector<std::string> app_msg_types;
  // FIXT.1.1 acceptors answer with the counterparty's DefaultApplVerID.
  bool echo_default_appl_ver_id = false;
  // Validate messages of an ApplVerID without a dictionary with the
  // session's default application dictionary instead of rejecting them
  // (reason 18): a test counterparty for every FIX 5.0 service pack.
  bool lenient_appl_ver_id = false;
};

class SessionRunner final : public TransportObserver {
 public:
  struct Entry {
    SessionConfig config;
    SessionOptions options;
    std::unique_ptr<MessageStore> store;
    std::unique_ptr<SessionSchedule> schedule;        // StartTime/EndTime/...
    std::unique_ptr<SessionSchedule> logon_schedule;  // LogonTime/LogoutTime/...
    std::unique_ptr<FileLog> log;                     // FileLogPath
    Session* session = nullptr;
  };

  SessionRunner();
  ~SessionRunner();

  // Load reads the settings file and prepares every session of the role
  // (at least one must be there).
  absl::Status Load(const std::string& settings_path, const RunnerOptions& options);
  // Start adds the sessions to the engine with `app` and opens the sockets.
  // With message logs, it also watches for SIGHUP and then calls BackupLogs.
  absl::Status Start(Application& app);
  // BackupLogs moves every message log (and GLOBAL's) to its backup
  // directory (FileLogBackupPath, else FileLogPath) under the next free
  // number and starts new ones; says so, or why not, on standard error.
  void BackupLogs();

  Engine& engine() { return *engine_; }
  std::vector<Entry>& sessions() { return entries_; }
  // Entry for a session of this runner (nullptr for another).
  Entry* Find(const Session& session);

  // Event writes a session event to standard error (the engine writes it
  // to the session's message log).
  void Event(const Session& session, const SessionEvent& event);
  void OnTransportEvent(std::string_view what) noexcept override;

 private:
  absl::Status LoadDictionaries(Entry& entry);
  absl::StatusOr<const Dictionary*> DictionaryFile(const std::string& path, const SessionConfig& c,
                                                   const char* key);
  const Dictionary* ShippedFor(std::string_view file);

  RunnerOptions options_;
  std::unique_ptr<Engine> engine_;
  std::vector<Entry> entries_;
  std::vector<std::unique_ptr<Dictionary>> loaded_;
  std::vector<std::string> loaded_paths_;
  Dictionaries shipped_;
  // GLOBAL.*.log in the FileLogPath of the first session that has one:
  // connection events not tied to a session.
  std::unique_ptr<FileLog> global_log_;
  // Waits for SIGHUP (BackupOnSignal) while the runner lives.
  std::thread backup_watcher_;
  std::atomic<bool> closing_{false};
};

// SessionEventName: "logon", "resend requested", ... for people.
std::string_view SessionEventName(SessionEventKind kind);

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_SESSION_RUNNER_H_
