// journal_store.h: JournalStore, a MessageStore over append-only segment
// files mapped into memory: an Append is a memcpy and a CRC, no system call.
//
// Files: <directory>/<session_id>.<number>.fixjournal, all of one size. A
// session generation starts at a segment whose first record is a session
// start and continues through the next numbers; each segment that fills up is
// closed by an end marker and the writer moves on to a spare that a
// background thread created, sized and faulted in ahead of time. A Reset
// writes a session start into the spare and deletes the older segments.
// Index: SparseIndex (a fixed number of checkpoints). Records: record.h,
// the word written last, so a process killed mid-record leaves the log's end.
//
// Sync: kNone/kFlush: the mapped pages belong to the kernel as soon as they
// are written (they survive kill -9; the OS writes them back). kFsync: one
// msync(MS_SYNC) per record; kGroup: one per group_size records or Sync().
#ifndef FIXWIRE_STORE_INTERNAL_JOURNAL_STORE_H_
#define FIXWIRE_STORE_INTERNAL_JOURNAL_STORE_H_

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "fixwire/session/message_store.h"
#include "fixwire/store/internal/log_state.h"
#include "fixwire/store/internal/options.h"

namespace fixwire::store_internal {

class JournalStore final : public MessageStore {
 public:
  static absl::StatusOr<std::unique_ptr<JournalStore>> Open(const PersistentOptions& options);
  ~JournalStore() override;

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

  std::size_t segment_count() const noexcept { return segments_.size(); }

 private:
  struct Segment {
    std::uint64_t number = 0;
    char* base = nullptr;
    std::size_t size = 0;
    bool short_file = false;  // the file's size is not whole pages
  };

  explicit JournalStore(const PersistentOptions& options);
  absl::Status Recover();
  absl::Status MapSegment(std::uint64_t number, bool create, Segment& out) const;
  void Unmap(Segment& s) const noexcept;
  std::string PathOf(std::uint64_t number) const;
  void PrepareSpares() noexcept;
  bool TakeSpare(Segment& out) noexcept;
  StoreStatus Roll() noexcept;
  StoreStatus Put(RecordKind kind, std::uint64_t seq, std::uint64_t next_target,
                  std::string_view payload) noexcept;
  StoreStatus AfterPut(std::uint64_t seq) noexcept;
  StoreStatus SyncRange(const Segment& s, std::size_t from, std::size_t to) noexcept;

  PersistentOptions options_;
  std::vector<Segment> segments_;  // this generation, in order; reserved ahead
  std::size_t write_off_ = 0;      // in segments_.back()
  std::size_t synced_off_ = 0;
  LogState state_;
  SparseIndex index_;
  std::uint64_t durable_seq_ = 0;
  std::uint32_t unsynced_ = 0;

  // The spare segment, made by preparer_.
  std::mutex mu_;
  std::condition_variable cv_;
  Segment spare_;
  bool spare_ready_ = false;
  bool want_spare_ = false;
  bool spare_failed_ = false;
  bool stop_ = false;
  std::uint64_t next_number_ = 0;  // the number of the next spare
  std::thread preparer_;
};

}  // namespace fixwire::store_internal

#endif  // FIXWIRE_STORE_INTERNAL_JOURNAL_STORE_H_
