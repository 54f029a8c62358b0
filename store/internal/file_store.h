// file_store.h: FileStore, a MessageStore over one append-only file per FIX
// session generation, written with plain write(2) calls.
//
// Files: <directory>/<session_id>.<generation>.fixlog. A Reset (or a message
// number lower than the last one stored) builds the next generation in a
// .tmp file, renames it into place and removes the previous one, so a crash
// leaves either generation whole. Records: see record.h. Durability per
// SyncMode:
//   kNone   records gather in a buffer in the process; write() when it fills
//           or on Sync()/Visit. A crash loses the buffer.
//   kFlush  one write() per record before Append returns (survives kill -9).
//   kFsync  write() + fdatasync() per record (survives power loss).
//   kGroup  write() per record, one fdatasync() per group_size records or
//           per Sync(); durable_seq() tells which messages it covers.
#ifndef FIXWIRE_STORE_INTERNAL_FILE_STORE_H_
#define FIXWIRE_STORE_INTERNAL_FILE_STORE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "fixwire/session/message_store.h"
#include "fixwire/store/internal/log_state.h"
#include "fixwire/store/internal/options.h"

namespace fixwire::store_internal {

class FileStore final : public MessageStore {
 public:
  static absl::StatusOr<std::unique_ptr<FileStore>> Open(const PersistentOptions& options);
  ~FileStore() override;

  std::uint64_t next_sender_seq() const noexcept override { return state_.next_sender; }
  std::uint64_t next_target_seq() const noexcept override { return state_.next_target; }
  StoreStatus SetNextSenderSeq(std::uint64_t seq) noexcept override;
  StoreStatus SetNextTargetSeq(std::uint64_t seq) noexcept override;
  StoreStatus Append(std::uint64_t seq, std::string_view bytes,
                     std::uint64_t next_target_seq) noexcept override;
  StoreStatus Visit(std::uint64_t begin, std::uint64_t end,
                    MessageVisitor& visitor) noexcept override;
  StoreStatus Reset(std::int64_t creation_time_ns) noexcept override;
  std::int64_t creation_time_ns() const noexcept override { return state_.creation_time_ns; }
  StoreStatus Sync() noexcept override;
  std::uint64_t durable_seq() const noexcept override { return durable_seq_; }

  const std::string& path() const noexcept { return path_; }

 private:
  explicit FileStore(const PersistentOptions& options);
  absl::Status Recover();
  absl::Status ScanFile();
  absl::Status StartGeneration(std::int64_t creation_time_ns, std::uint64_t keep_below);
  StoreStatus WriteOne(RecordKind kind, std::uint64_t seq, std::uint64_t next_target,
                       std::string_view payload) noexcept;
  StoreStatus FlushBuffer() noexcept;
  StoreStatus AfterWrite(std::uint64_t seq) noexcept;

  PersistentOptions options_;
  std::string path_;
  std::uint64_t generation_ = 0;
  int fd_ = -1;
  std::uint64_t end_ = 0;  // file size including the buffered bytes
  LogState state_;
  SparseIndex index_;
  std::unique_ptr<char[]> write_buffer_;
  std::size_t buffered_ = 0;
  std::unique_ptr<char[]> read_buffer_;
  std::size_t read_capacity_ = 0;
  std::uint64_t last_written_seq_ = 0;  // highest message handed to the kernel
  std::uint64_t durable_seq_ = 0;
  std::uint32_t unsynced_ = 0;
};

}  // namespace fixwire::store_internal

#endif  // FIXWIRE_STORE_INTERNAL_FILE_STORE_H_
