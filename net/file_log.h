// file_log.h: FileLog, a MessageLog that writes QuickFIX's FileLog files,
// with the engine thread never waiting on the disk.
//
//   absl::StatusOr<std::unique_ptr<fixwire::FileLog>> log = fixwire::FileLog::Open(
//       "/var/log/fix", fixwire::FileLog::SessionPrefix(session_options));
//   if (!log.ok()) ...                       // the directory or a file cannot be opened
//   engine.AddSession(session_options, app, store, transport, log->get());
//
// Files, as QuickFIX's FileLog names them: <directory>/<prefix>.messages.current.log
// (every message received and sent) and <directory>/<prefix>.event.current.log
// (events), opened for appending; the directory is created if missing. Each
// line is "YYYYMMDD-HH:MM:SS.sssssssss : <text>\n": the UTC time the line was
// logged, with nanoseconds as QuickFIX 1.15's FileLog writes them
// (FileLogOptions::timestamp_digits 3 or 6 for fewer digits). Messages are
// written as they are, SOH delimiters included; `fixwire print` and
// `fixwire validate` read these files.
//
// Threads: OnIncoming, OnOutgoing, OnEvent and Flush are called from one
// thread at a time (the engine's). They copy the text and the time into a
// ring preallocated by Open: no allocation and no system call per line. A
// writer thread owned by the FileLog formats the lines and writes them in
// batches (one write() per file per batch), at the latest
// max_delay_ms after they were logged. When the ring is full the caller
// waits for the writer to make room: no line is ever dropped, so a disk that
// cannot keep up slows the engine down instead of losing the log. A line
// longer than the ring goes through in pieces.
//
// Backup (FileLogBackupPath): moves the current files aside, as QuickFIX's
// FileLog::backup does, to <backup_directory>/<prefix>.messages.backup.<N>.log
// and <prefix>.event.backup.<N>.log (the first N for which neither exists),
// and starts new empty current files. The writer thread does the move
// between batches: no line is lost or split between the two files.
//
// Durability: Flush and the destructor return once the lines are written
// to the files (in the kernel's page cache); nothing is fsync'd. Errors: Open
// reports what it cannot create or open; a later write error is kept in
// status() (the lines of that batch are lost), never thrown.
#ifndef FIXWIRE_NET_FILE_LOG_H_
#define FIXWIRE_NET_FILE_LOG_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fixwire/net/message_log.h"
#include "fixwire/session/session_options.h"

namespace fixwire {

struct FileLogOptions {
  // The ring between the logging thread and the writer (at least 256 bytes).
  std::size_t ring_bytes = std::size_t{4} << 20;
  // The writer's buffer per file: lines are written this many bytes at a
  // time under load.
  std::size_t batch_bytes = std::size_t{64} << 10;
  // The writer writes what is queued at least this often (and sooner when
  // the ring is half full or on Flush).
  std::int32_t max_delay_ms = 10;
  // Digits of the second's fraction in the line's time: 9 (QuickFIX 1.15's
  // FileLog), 6 or 3.
  int timestamp_digits = 9;
  // Where Backup moves the files (created if missing); empty: the log's own
  // directory, as QuickFIX does without FileLogBackupPath.
  std::string backup_directory;
};

class FileLog final : public MessageLog {
 public:
  // Open opens (creating `directory` if needed, appending to existing files)
  // <directory>/<prefix>.messages.current.log and
  // <directory>/<prefix>.event.current.log, and starts the writer thread.
  // An empty directory is the current one. Errors name the path and the
  // system's reason.
  static absl::StatusOr<std::unique_ptr<FileLog>> Open(const std::string& directory,
                                                       const std::string& prefix,
                                                       const FileLogOptions& options = {});
  // SessionPrefix is QuickFIX's file prefix for a session:
  // BeginString-SenderCompID-TargetCompID[-SessionQualifier].
  static std::string SessionPrefix(const SessionOptions& session);
  // kGlobalPrefix is the prefix QuickFIX uses for events not tied to one session.
  static constexpr std::string_view kGlobalPrefix = "GLOBAL";

  // ~FileLog writes everything still queued, stops the writer and closes the files.
  ~FileLog();
  FileLog(const FileLog&) = delete;
  FileLog& operator=(const FileLog&) = delete;

  void OnIncoming(std::string_view message) noexcept override;
  void OnOutgoing(std::string_view message) noexcept override;
  void OnEvent(std::string_view text) noexcept override;

  // Flush returns when everything logged so far is written to the files.
  void Flush() noexcept;

  // Backup moves the current files to the backup directory and starts new
  // ones. Any thread may call it; it returns when the move is done. Every
  // line logged before the call is in the moved files; a line logged by
  // another thread during the call is in one file or the other, whole.
  // Errors (a backup directory it cannot create, a failed rename) name the
  // path; the log then goes on writing to the current files.
  absl::Status Backup();

  // status is OK, or the first error the writer met (a failed write()).
  absl::Status status() const;
  // The two files' paths.
  const std::string& messages_path() const noexcept;
  const std::string& event_path() const noexcept;

 private:
  struct Impl;
  explicit FileLog(std::unique_ptr<Impl> impl) noexcept;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fixwire

#endif  // FIXWIRE_NET_FILE_LOG_H_
