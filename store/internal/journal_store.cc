// journal_store.cc: JournalStore (see journal_store.h).
#include "fixwire/store/internal/journal_store.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "fixwire/store/internal/files.h"

namespace fixwire::store_internal {
namespace {

constexpr char kSuffix[] = "fixjournal";
constexpr std::size_t kPage = 4096;

std::uint64_t Pos(std::size_t segment, std::size_t offset) noexcept {
  return (static_cast<std::uint64_t>(segment) << 32) | offset;
}

}  // namespace

JournalStore::JournalStore(const PersistentOptions& options)
    : options_(options), index_(options.index_budget) {
  // A segment holds at least two records of the largest size, and stays
  // addressable by 32-bit offsets.
  std::size_t size = std::max(options_.segment_bytes, 2 * RecordSize(options_.max_message_size) +
                                                          RecordSize(8) + kHeaderSize);
  size = std::min<std::size_t>(size, std::size_t{0xFFFFF000});
  options_.segment_bytes = (size + kPage - 1) / kPage * kPage;
  if (options_.group_size == 0) options_.group_size = 1;
  segments_.reserve(1024);
}

JournalStore::~JournalStore() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (preparer_.joinable()) preparer_.join();
  if (!segments_.empty() && options_.sync == SyncMode::kGroup && unsynced_ > 0) Sync();
  for (Segment& s : segments_) Unmap(s);
  if (spare_ready_) {
    // An unused spare holds nothing: remove it (recovery would too).
    Unmap(spare_);
    unlink(PathOf(spare_.number).c_str());
  }
}

std::string JournalStore::PathOf(std::uint64_t number) const {
  return NumberedPath(options_.directory, options_.session_id, number, kSuffix);
}

absl::Status JournalStore::MapSegment(std::uint64_t number, bool create, Segment& out) const {
  const std::string path = PathOf(number);
  const int fd = open(path.c_str(), create ? O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC
                                           : O_RDWR | O_CLOEXEC,
                      0644);
  if (fd < 0) return ErrnoStatus("open", path, errno);
  std::size_t size = options_.segment_bytes;
  if (create) {
    int rc = posix_fallocate(fd, 0, static_cast<off_t>(size));
    if (rc == EOPNOTSUPP || rc == EINVAL) rc = ftruncate(fd, static_cast<off_t>(size)) == 0 ? 0 : errno;
    if (rc != 0) {
      close(fd);
      unlink(path.c_str());
      return ErrnoStatus("allocate", path, rc);
    }
    if (options_.sync == SyncMode::kFsync || options_.sync == SyncMode::kGroup) {
      // The segment's size and name survive a power loss before any record does.
      if (fsync(fd) != 0) {
        const int err = errno;
        close(fd);
        return ErrnoStatus("fsync", path, err);
      }
      if (absl::Status s = SyncDirectory(options_.directory); !s.ok()) {
        close(fd);
        return s;
      }
    }
  } else {
    struct stat st;
    if (fstat(fd, &st) != 0) {
      const int err = errno;
      close(fd);
      return ErrnoStatus("fstat", path, err);
    }
    size = static_cast<std::size_t>(st.st_size) & ~std::size_t{7};
    out.short_file = static_cast<std::size_t>(st.st_size) % kPage != 0;
    if (size == 0 || size > std::size_t{0xFFFFF000}) {
      close(fd);
      return absl::DataLossError(absl::StrCat(path, ": segment size ", st.st_size, " unusable"));
    }
  }
  void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  const int err = errno;
  close(fd);
  if (p == MAP_FAILED) return ErrnoStatus("mmap", path, err);
  out.number = number;
  out.base = static_cast<char*>(p);
  out.size = size;
  return absl::OkStatus();
}

void JournalStore::Unmap(Segment& s) const noexcept {
  if (s.base != nullptr) munmap(s.base, s.size);
  s.base = nullptr;
}

absl::StatusOr<std::unique_ptr<JournalStore>> JournalStore::Open(
    const PersistentOptions& options) {
  std::unique_ptr<JournalStore> store(new JournalStore(options));
  absl::Status s = store->Recover();
  if (!s.ok()) return s;
  store->preparer_ = std::thread([p = store.get()] { p->PrepareSpares(); });
  {
    std::lock_guard<std::mutex> lock(store->mu_);
    store->want_spare_ = true;
  }
  store->cv_.notify_all();
  return store;
}

absl::Status JournalStore::Recover() {
  if (absl::Status s = EnsureDirectory(options_.directory); !s.ok()) return s;
  std::vector<std::pair<std::uint64_t, std::string>> files;
  if (absl::Status s = NumberedFiles(options_.directory, options_.session_id, kSuffix, files);
      !s.ok()) {
    return s;
  }
  auto report = [&](const std::string& line) {
    if (options_.recovery_report != nullptr) absl::StrAppend(options_.recovery_report, line, "\n");
  };
  // The generation starts at the last segment that opens with a session start.
  std::size_t start = files.size();
  bool any_data = false;
  for (std::size_t i = files.size(); i-- > 0;) {
    char head[RecordSize(8)];
    const int fd = open(files[i].second.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return ErrnoStatus("open", files[i].second, errno);
    const long n = ReadAt(fd, head, sizeof head, 0);
    close(fd);
    if (n < 0) return ErrnoStatus("read", files[i].second, static_cast<int>(-n));
    RecordHeader h{};
    const ParseResult r = ParseRecord(head, static_cast<std::size_t>(n), h);
    if (r != ParseResult::kEnd) any_data = true;
    if (r == ParseResult::kOk && KindOf(h.word) == RecordKind::kSessionStart) {
      start = i;
      break;
    }
  }
  if (start == files.size()) {
    if (any_data) {
      const std::string why = absl::StrCat(files.front().second,
                                           ": offset 0: no segment opens with a session start");
      if (!options_.truncate_on_corruption) return absl::DataLossError(why);
      report(why + ": new session");
    }
    for (const auto& f : files) unlink(f.second.c_str());
    Segment first;
    const std::uint64_t number = files.empty() ? 1 : files.back().first + 1;
    if (absl::Status s = MapSegment(number, true, first); !s.ok()) return s;
    segments_.push_back(first);
    const std::int64_t t = options_.creation_time_ns != 0 ? options_.creation_time_ns : NowNs();
    write_off_ = WriteRecord(first.base, RecordKind::kSessionStart, 1, 1,
                             std::string_view(reinterpret_cast<const char*>(&t), 8));
    RecordHeader h{};
    ParseRecord(first.base, write_off_, h);
    state_.Apply(h, first.base + kHeaderSize);
    next_number_ = number + 1;
    return absl::OkStatus();
  }
  for (std::size_t i = 0; i < start; ++i) unlink(files[i].second.c_str());  // retired
  // Walk the chain start, start+1, ... while the numbers follow each other.
  bool ended = false;
  std::size_t i = start;
  for (; i < files.size() && !ended; ++i) {
    if (i > start && files[i].first != files[i - 1].first + 1) break;
    Segment seg;
    if (absl::Status s = MapSegment(files[i].first, false, seg); !s.ok()) return s;
    segments_.push_back(seg);
    const std::size_t idx = segments_.size() - 1;
    std::size_t off = 0;
    bool closed = false;  // by its end marker: what follows it does not count
    for (;;) {
      RecordHeader h{};
      const ParseResult r = ParseRecord(seg.base + off, seg.size - off, h);
      if (r == ParseResult::kOk) {
        if (!state_.Apply(h, seg.base + off + kHeaderSize)) {
          const std::string why = absl::StrCat(files[i].second, ": offset ", off, ": record seq ",
                                               h.seq, " does not follow the log (last message seq ",
                                               state_.last_message_seq, ")");
          if (!options_.truncate_on_corruption) return absl::DataLossError(why);
          report(why + ": log cut here");
          std::memset(seg.base + off, 0, seg.size - off);
          ended = true;
          break;
        }
        if (KindOf(h.word) == RecordKind::kMessage) index_.Add(h.seq, Pos(idx, off));
        off += RecordSize(PayloadOf(h.word));
        continue;
      }
      if (r == ParseResult::kSegmentEnd) {
        off = seg.size;
        closed = true;
        break;
      }
      if (r == ParseResult::kEnd) {
        // The end of the log. Nothing valid may follow in this segment (a
        // zeroed word in the middle of the log would hide records).
        for (std::size_t at = off + 8; at + kHeaderSize <= seg.size; at += 8) {
          std::uint32_t w;
          std::memcpy(&w, seg.base + at, 4);
          RecordHeader later{};
          if (w != 0 && w != kSegmentEndWord &&
              ParseRecord(seg.base + at, seg.size - at, later) == ParseResult::kOk) {
            const std::string why =
                absl::StrCat(files[i].second, ": offset ", off, ": log ends after message seq ",
                             state_.last_message_seq, " but a valid record (seq ", later.seq,
                             ") follows at offset ", at);
            if (!options_.truncate_on_corruption) return absl::DataLossError(why);
            report(why + ": log cut here");
            break;
          }
        }
        std::memset(seg.base + off, 0, seg.size - off);  // drop a torn record's bytes
        ended = true;
        break;
      }
      const std::string why = absl::StrCat(
          files[i].second, ": offset ", off, ": ", ParseResultName(r),
          off + kHeaderSize <= seg.size ? absl::StrCat(" (record seq ", h.seq, ")") : std::string(),
          " after message seq ", state_.last_message_seq);
      if (!options_.truncate_on_corruption) return absl::DataLossError(why);
      report(why + ": log cut here");
      std::memset(seg.base + off, 0, seg.size - off);
      ended = true;
      break;
    }
    write_off_ = off;
    if (seg.short_file && !closed) {
      // Segments are made whole pages long: this one lost its end.
      const std::string why =
          absl::StrCat(files[i].second, ": offset ", off, ": segment file truncated to ",
                       seg.size, " bytes after message seq ", state_.last_message_seq);
      if (!options_.truncate_on_corruption) return absl::DataLossError(why);
      report(why + ": extended with zeros");
      const std::size_t whole = (seg.size + kPage - 1) / kPage * kPage;
      if (truncate(files[i].second.c_str(), static_cast<off_t>(whole)) != 0) {
        return ErrnoStatus("truncate", files[i].second, errno);
      }
      Unmap(segments_.back());
      segments_.pop_back();
      Segment again;
      if (absl::Status s = MapSegment(files[i].first, false, again); !s.ok()) return s;
      segments_.push_back(again);
      ended = true;
    }
  }
  // Segments past the end: spares never used, or a chain cut above.
  for (std::size_t j = i; j < files.size(); ++j) {
    char head[kHeaderSize + 8];
    const int fd = open(files[j].second.c_str(), O_RDONLY | O_CLOEXEC);
    const long n = fd < 0 ? 0 : ReadAt(fd, head, sizeof head, 0);
    if (fd >= 0) close(fd);
    RecordHeader h{};
    if (n > 0 && ParseRecord(head, static_cast<std::size_t>(n), h) == ParseResult::kOk) {
      // Records the chain does not reach: a segment lost or a log cut short.
      const std::string why =
          absl::StrCat(files[j].second, ": offset 0: records (seq ", h.seq,
                       ") after the end of the log (message seq ", state_.last_message_seq, ")");
      if (!options_.truncate_on_corruption) return absl::DataLossError(why);
      report(why + ": dropped");
    }
    unlink(files[j].second.c_str());
  }
  if (write_off_ == segments_.back().size) {
    // The last segment was closed but its successor is gone: open a new one.
    Segment next;
    if (absl::Status s = MapSegment(segments_.back().number + 1, true, next); !s.ok()) return s;
    segments_.push_back(next);
    write_off_ = 0;
  }
  if (!state_.started) return absl::DataLossError(absl::StrCat(PathOf(segments_.front().number),
                                                               ": no session start"));
  synced_off_ = write_off_;
  durable_seq_ = state_.last_message_seq;
  next_number_ = segments_.back().number + 1;
  return absl::OkStatus();
}

void JournalStore::PrepareSpares() noexcept {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [this] { return stop_ || want_spare_; });
    if (stop_) return;
    const std::uint64_t number = next_number_;
    lock.unlock();
    Segment s;
    bool ok = false;
    try {
      ok = MapSegment(number, true, s).ok();
    } catch (...) {
      ok = false;
    }
    if (ok) {
      // Fault every page in now, so the writer never waits for one.
      for (std::size_t at = 0; at < s.size; at += kPage) {
        *static_cast<volatile char*>(s.base + at) = 0;
      }
    }
    lock.lock();
    want_spare_ = false;
    if (ok) {
      spare_ = s;
      spare_ready_ = true;
      next_number_ = number + 1;
    } else {
      spare_failed_ = true;
    }
    cv_.notify_all();
  }
}

bool JournalStore::TakeSpare(Segment& out) noexcept {
  std::unique_lock<std::mutex> lock(mu_);
  if (!spare_ready_ && !want_spare_) {
    spare_failed_ = false;
    want_spare_ = true;
    cv_.notify_all();
  }
  cv_.wait(lock, [this] { return spare_ready_ || spare_failed_; });
  if (!spare_ready_) return false;
  out = spare_;
  spare_ready_ = false;
  want_spare_ = true;
  cv_.notify_all();
  return true;
}

StoreStatus JournalStore::SyncRange(const Segment& s, std::size_t from, std::size_t to) noexcept {
  if (to <= from) return StoreStatus::kOk;
  const std::size_t first = from & ~(kPage - 1);
  if (msync(s.base + first, to - first, MS_SYNC) != 0) return StoreStatus::kIoError;
  return StoreStatus::kOk;
}

StoreStatus JournalStore::Roll() noexcept {
  Segment next;
  if (!TakeSpare(next)) return StoreStatus::kIoError;
  Segment& cur = segments_.back();
  const std::uint32_t end_word = kSegmentEndWord;
  if (write_off_ + 4 <= cur.size) std::memcpy(cur.base + write_off_, &end_word, 4);
  if (options_.sync == SyncMode::kFsync || options_.sync == SyncMode::kGroup) {
    if (SyncRange(cur, synced_off_, write_off_ + 4) != StoreStatus::kOk) return StoreStatus::kIoError;
  }
  segments_.push_back(next);
  write_off_ = 0;
  synced_off_ = 0;
  return StoreStatus::kOk;
}

StoreStatus JournalStore::Put(RecordKind kind, std::uint64_t seq, std::uint64_t next_target,
                              std::string_view payload) noexcept {
  if (payload.size() > options_.max_message_size) return StoreStatus::kFull;
  const std::size_t size = RecordSize(payload.size());
  if (write_off_ + size + kHeaderSize > segments_.back().size) {
    if (StoreStatus s = Roll(); s != StoreStatus::kOk) return s;
  }
  WriteRecord(segments_.back().base + write_off_, kind, seq, next_target, payload);
  write_off_ += size;
  return StoreStatus::kOk;
}

StoreStatus JournalStore::AfterPut(std::uint64_t seq) noexcept {
  switch (options_.sync) {
    case SyncMode::kNone:
    case SyncMode::kFlush:
      if (seq != 0) durable_seq_ = seq;
      return StoreStatus::kOk;
    case SyncMode::kFsync:
      if (SyncRange(segments_.back(), synced_off_, write_off_) != StoreStatus::kOk) {
        return StoreStatus::kIoError;
      }
      synced_off_ = write_off_;
      if (seq != 0) durable_seq_ = seq;
      return StoreStatus::kOk;
    case SyncMode::kGroup:
      if (++unsynced_ >= options_.group_size) return Sync();
      return StoreStatus::kOk;
  }
  return StoreStatus::kOk;
}

StoreStatus JournalStore::Sync() noexcept {
  if (options_.sync != SyncMode::kGroup) return StoreStatus::kOk;
  if (SyncRange(segments_.back(), synced_off_, write_off_) != StoreStatus::kOk) {
    return StoreStatus::kIoError;
  }
  synced_off_ = write_off_;
  unsynced_ = 0;
  durable_seq_ = state_.last_message_seq;
  return StoreStatus::kOk;
}

StoreStatus JournalStore::SetNextSenderSeq(std::uint64_t seq) noexcept {
  if (StoreStatus s = Put(RecordKind::kSeqNums, seq, state_.next_target, {});
      s != StoreStatus::kOk) {
    return s;
  }
  state_.next_sender = seq;
  return AfterPut(0);
}

StoreStatus JournalStore::SetNextTargetSeq(std::uint64_t seq) noexcept {
  if (StoreStatus s = Put(RecordKind::kSeqNums, state_.next_sender, seq, {});
      s != StoreStatus::kOk) {
    return s;
  }
  state_.next_target = seq;
  return AfterPut(0);
}

StoreStatus JournalStore::Append(std::uint64_t seq, std::string_view bytes,
                                 std::uint64_t next_target_seq) noexcept {
  if (seq == 0) return StoreStatus::kIoError;
  if (seq <= state_.last_message_seq) return StoreStatus::kIoError;  // see docs/stores.md
  if (bytes.size() > options_.max_message_size) return StoreStatus::kFull;
  const std::size_t size = RecordSize(bytes.size());
  if (write_off_ + size + kHeaderSize > segments_.back().size) {
    if (StoreStatus s = Roll(); s != StoreStatus::kOk) return s;
  }
  const std::uint64_t pos = Pos(segments_.size() - 1, write_off_);
  WriteRecord(segments_.back().base + write_off_, RecordKind::kMessage, seq, next_target_seq,
              bytes);
  write_off_ += size;
  index_.Add(seq, pos);
  state_.last_message_seq = seq;
  ++state_.message_count;
  state_.next_sender = seq + 1;
  state_.next_target = next_target_seq;
  return AfterPut(seq);
}

StoreStatus JournalStore::Visit(std::uint64_t begin, std::uint64_t end,
                                MessageVisitor& visitor) noexcept {
  const std::uint64_t pos = index_.Find(begin, 0);
  std::size_t idx = static_cast<std::size_t>(pos >> 32);
  std::size_t off = static_cast<std::size_t>(pos & 0xFFFFFFFFu);
  const std::size_t last = segments_.size() - 1;
  while (idx <= last) {
    const Segment& seg = segments_[idx];
    const std::size_t limit = idx == last ? write_off_ : seg.size;
    if (off >= limit) {
      if (idx == last) break;
      ++idx;
      off = 0;
      continue;
    }
    RecordHeader h{};
    const ParseResult r = ParseRecord(seg.base + off, limit - off, h);
    if (r == ParseResult::kSegmentEnd) {
      ++idx;
      off = 0;
      continue;
    }
    if (r != ParseResult::kOk) return StoreStatus::kCorrupt;
    if (KindOf(h.word) == RecordKind::kMessage) {
      if (h.seq > end) break;
      if (h.seq >= begin &&
          !visitor.OnStoredMessage(
              h.seq, std::string_view(seg.base + off + kHeaderSize, PayloadOf(h.word)))) {
        break;
      }
    }
    off += RecordSize(PayloadOf(h.word));
  }
  return StoreStatus::kOk;
}

StoreStatus JournalStore::Reset(std::int64_t creation_time_ns) noexcept {
  Segment fresh;
  if (!TakeSpare(fresh)) return StoreStatus::kIoError;
  const std::size_t size =
      WriteRecord(fresh.base, RecordKind::kSessionStart, 1, 1,
                  std::string_view(reinterpret_cast<const char*>(&creation_time_ns), 8));
  if (options_.sync == SyncMode::kFsync || options_.sync == SyncMode::kGroup) {
    SyncRange(fresh, 0, size);
  }
  // The new generation is in place: retire the old one.
  for (Segment& s : segments_) {
    Unmap(s);
    unlink(PathOf(s.number).c_str());
  }
  segments_.clear();
  segments_.push_back(fresh);
  write_off_ = size;
  synced_off_ = size;
  state_ = LogState{};
  RecordHeader h{};
  ParseRecord(fresh.base, size, h);
  state_.Apply(h, fresh.base + kHeaderSize);
  index_.Clear();
  durable_seq_ = 0;
  unsynced_ = 0;
  return StoreStatus::kOk;
}

}  // namespace fixwire::store_internal
