// file_store.cc: FileStore (see file_store.h).
#include "fixwire/store/internal/file_store.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "absl/strings/str_cat.h"
#include "fixwire/store/internal/files.h"

namespace fixwire::store_internal {
namespace {

constexpr char kSuffix[] = "fixlog";
constexpr char kTmpSuffix[] = "fixlog.tmp";
constexpr char kZeros[8] = {};

}  // namespace

FileStore::FileStore(const PersistentOptions& options)
    : options_(options), index_(options.index_budget) {
  read_capacity_ = std::max<std::size_t>(std::size_t{1} << 20,
                                         2 * RecordSize(options.max_message_size));
  read_buffer_.reset(new char[read_capacity_]);
  if (options_.sync == SyncMode::kNone) {
    options_.write_buffer_bytes = std::max<std::size_t>(options_.write_buffer_bytes, 4096);
    write_buffer_.reset(new char[options_.write_buffer_bytes]);
  }
  if (options_.group_size == 0) options_.group_size = 1;
}

FileStore::~FileStore() {
  if (fd_ >= 0) {
    FlushBuffer();
    if (options_.sync == SyncMode::kGroup && unsynced_ > 0) fdatasync(fd_);
    close(fd_);
  }
}

absl::StatusOr<std::unique_ptr<FileStore>> FileStore::Open(const PersistentOptions& options) {
  std::unique_ptr<FileStore> store(new FileStore(options));
  absl::Status s = store->Recover();
  if (!s.ok()) return s;
  return store;
}

absl::Status FileStore::Recover() {
  if (absl::Status s = EnsureDirectory(options_.directory); !s.ok()) return s;
  std::vector<std::pair<std::uint64_t, std::string>> files;
  // A .tmp generation never finished (a crash before its rename): drop it.
  if (absl::Status s = NumberedFiles(options_.directory, options_.session_id, kTmpSuffix, files);
      !s.ok()) {
    return s;
  }
  for (const auto& f : files) unlink(f.second.c_str());
  if (absl::Status s = NumberedFiles(options_.directory, options_.session_id, kSuffix, files);
      !s.ok()) {
    return s;
  }
  if (files.empty()) {
    return StartGeneration(
        options_.creation_time_ns != 0 ? options_.creation_time_ns : NowNs(), 0);
  }
  // Generations appear whole (renamed into place); older ones were being retired.
  for (std::size_t i = 0; i + 1 < files.size(); ++i) unlink(files[i].second.c_str());
  generation_ = files.back().first;
  path_ = files.back().second;
  fd_ = open(path_.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) return ErrnoStatus("open", path_, errno);
  return ScanFile();
}

absl::Status FileStore::ScanFile() {
  struct stat st;
  if (fstat(fd_, &st) != 0) return ErrnoStatus("fstat", path_, errno);
  const auto size = static_cast<std::uint64_t>(st.st_size);
  state_ = LogState{};
  index_.Clear();
  std::uint64_t offset = 0, buf_start = 0, buf_len = 0;
  auto cut = [&](std::uint64_t at, std::string_view why) -> absl::Status {
    if (options_.recovery_report != nullptr) absl::StrAppend(options_.recovery_report, std::string(why), "\n");
    if (ftruncate(fd_, static_cast<off_t>(at)) != 0) return ErrnoStatus("ftruncate", path_, errno);
    offset = at;
    return absl::OkStatus();
  };
  for (;;) {
    if (buf_start + buf_len - offset < read_capacity_ / 2 && buf_start + buf_len < size) {
      const long n = ReadAt(fd_, read_buffer_.get(),
                            std::min<std::uint64_t>(read_capacity_, size - offset), offset);
      if (n < 0) return ErrnoStatus("read", path_, static_cast<int>(-n));
      buf_start = offset;
      buf_len = static_cast<std::uint64_t>(n);
    }
    const std::uint64_t avail = buf_start + buf_len - offset;
    const char* p = read_buffer_.get() + (offset - buf_start);
    RecordHeader h{};
    const ParseResult r = ParseRecord(p, avail, h);
    const bool at_eof = buf_start + buf_len >= size;
    if (r == ParseResult::kOk) {
      if (PayloadOf(h.word) > options_.max_message_size + 8 || !state_.Apply(h, p + kHeaderSize)) {
        const std::string why = absl::StrCat(
            path_, ": offset ", offset, ": record seq ", h.seq,
            " does not follow the log (last message seq ", state_.last_message_seq, ")");
        if (!options_.truncate_on_corruption) return absl::DataLossError(why);
        if (absl::Status s = cut(offset, why); !s.ok()) return s;
        break;
      }
      if (KindOf(h.word) == RecordKind::kMessage) index_.Add(h.seq, offset);
      offset += RecordSize(PayloadOf(h.word));
      continue;
    }
    if (r == ParseResult::kEnd && avail == 0) break;
    const bool rest_zero =
        r == ParseResult::kEnd && at_eof &&
        std::all_of(p, p + avail, [](char c) { return c == 0; });
    const bool torn = (r == ParseResult::kTruncated && at_eof) || rest_zero;
    const std::string what = absl::StrCat(
        path_, ": offset ", offset, ": ", rest_zero ? "zero-filled tail" : ParseResultName(r),
        avail >= kHeaderSize ? absl::StrCat(" (record seq ", h.seq, ")") : std::string(),
        " after message seq ", state_.last_message_seq);
    if (torn) {
      if (absl::Status s = cut(offset, absl::StrCat(what, ": cut (torn write)")); !s.ok()) return s;
      break;
    }
    if (!options_.truncate_on_corruption) return absl::DataLossError(what);
    if (absl::Status s = cut(offset, absl::StrCat(what, ": log cut here")); !s.ok()) return s;
    break;
  }
  end_ = offset;
  if (!state_.started) {
    const std::string why = absl::StrCat(path_, ": no session start record");
    if (!options_.truncate_on_corruption) return absl::DataLossError(why);
    if (options_.recovery_report != nullptr) {
      absl::StrAppend(options_.recovery_report, why, ": new session\n");
    }
    return StartGeneration(NowNs(), 0);
  }
  last_written_seq_ = durable_seq_ = state_.last_message_seq;
  return absl::OkStatus();
}

// StartGeneration writes the next generation to a .tmp file: the session
// start, the messages numbered below `keep_below` (none for a Reset) and the
// current sequence numbers, then renames it into place and removes the old file.
absl::Status FileStore::StartGeneration(std::int64_t creation_time_ns, std::uint64_t keep_below) {
  if (StoreStatus s = FlushBuffer(); s != StoreStatus::kOk) {
    return absl::InternalError(absl::StrCat("write ", path_));
  }
  const std::uint64_t gen = generation_ + 1;
  const std::string tmp = NumberedPath(options_.directory, options_.session_id, gen, kTmpSuffix);
  const std::string final_path = NumberedPath(options_.directory, options_.session_id, gen, kSuffix);
  const int fd = open(tmp.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return ErrnoStatus("open", tmp, errno);
  auto fail = [&](std::string_view op, int err) {
    close(fd);
    unlink(tmp.c_str());
    return ErrnoStatus(op, tmp, err);
  };
  std::string out;
  out.resize(RecordSize(8));
  WriteRecord(out.data(), RecordKind::kSessionStart, 1, 1,
              std::string_view(reinterpret_cast<const char*>(&creation_time_ns), 8));
  LogState next;
  SparseIndex next_index(options_.index_budget);
  {
    RecordHeader h{};
    ParseRecord(out.data(), out.size(), h);
    next.Apply(h, out.data() + kHeaderSize);
  }
  const std::uint64_t saved_sender = state_.next_sender, saved_target = state_.next_target;
  if (keep_below > 1 && fd_ >= 0) {
    std::uint64_t offset = 0;
    while (offset < end_) {
      const long n = ReadAt(fd_, read_buffer_.get(),
                            std::min<std::uint64_t>(read_capacity_, end_ - offset), offset);
      if (n <= 0) return fail("read", n < 0 ? static_cast<int>(-n) : EIO);
      std::uint64_t used = 0;
      RecordHeader h{};
      while (ParseRecord(read_buffer_.get() + used, static_cast<std::uint64_t>(n) - used, h) ==
             ParseResult::kOk) {
        const std::size_t rs = RecordSize(PayloadOf(h.word));
        if (KindOf(h.word) == RecordKind::kMessage && h.seq < keep_below) {
          next_index.Add(h.seq, out.size());
          next.Apply(h, read_buffer_.get() + used + kHeaderSize);
          out.append(read_buffer_.get() + used, rs);
        }
        used += rs;
      }
      if (used == 0) break;
      offset += used;
    }
  }
  if (keep_below > 0) {
    const std::size_t at = out.size();
    out.resize(at + RecordSize(0));
    WriteRecord(out.data() + at, RecordKind::kSeqNums, saved_sender, saved_target, {});
    RecordHeader h{};
    ParseRecord(out.data() + at, RecordSize(0), h);
    next.Apply(h, nullptr);
  }
  iovec iov{out.data(), out.size()};
  if (int err = WriteAll(fd, &iov, 1); err != 0) return fail("write", err);
  const bool sync = options_.sync == SyncMode::kFsync || options_.sync == SyncMode::kGroup;
  if (sync && fdatasync(fd) != 0) return fail("fdatasync", errno);
  if (rename(tmp.c_str(), final_path.c_str()) != 0) return fail("rename", errno);
  if (sync) {
    if (absl::Status s = SyncDirectory(options_.directory); !s.ok()) {
      close(fd);
      return s;
    }
  }
  if (fd_ >= 0) {
    close(fd_);
    unlink(path_.c_str());
  }
  fd_ = fd;
  path_ = final_path;
  generation_ = gen;
  end_ = out.size();
  state_ = next;
  // SparseIndex is move-free by design (one allocation): rebuild in place.
  index_.Clear();
  if (keep_below > 1) {
    std::uint64_t offset = 0;
    RecordHeader h{};
    while (offset < out.size() &&
           ParseRecord(out.data() + offset, out.size() - offset, h) == ParseResult::kOk) {
      if (KindOf(h.word) == RecordKind::kMessage) index_.Add(h.seq, offset);
      offset += RecordSize(PayloadOf(h.word));
    }
  }
  last_written_seq_ = durable_seq_ = state_.last_message_seq;
  unsynced_ = 0;
  return absl::OkStatus();
}

StoreStatus FileStore::FlushBuffer() noexcept {
  if (buffered_ == 0) return StoreStatus::kOk;
  iovec iov{write_buffer_.get(), buffered_};
  const std::uint64_t at = end_ - buffered_;
  if (WriteAll(fd_, &iov, 1) != 0) {
    if (ftruncate(fd_, static_cast<off_t>(at)) == 0) end_ = at;
    buffered_ = 0;
    return StoreStatus::kIoError;
  }
  buffered_ = 0;
  durable_seq_ = last_written_seq_;
  return StoreStatus::kOk;
}

StoreStatus FileStore::WriteOne(RecordKind kind, std::uint64_t seq, std::uint64_t next_target,
                                std::string_view payload) noexcept {
  if (payload.size() > options_.max_message_size) return StoreStatus::kFull;
  const std::size_t size = RecordSize(payload.size());
  if (options_.sync == SyncMode::kNone) {
    if (buffered_ + size > options_.write_buffer_bytes) {
      if (StoreStatus s = FlushBuffer(); s != StoreStatus::kOk) return s;
    }
    if (size <= options_.write_buffer_bytes) {
      WriteRecord(write_buffer_.get() + buffered_, kind, seq, next_target, payload);
      buffered_ += size;
      end_ += size;
      return StoreStatus::kOk;
    }
  }
  RecordHeader h = MakeHeader(kind, seq, next_target, payload);
  iovec iov[3] = {{&h, kHeaderSize},
                  {const_cast<char*>(payload.data()), payload.size()},
                  {const_cast<char*>(kZeros), size - kHeaderSize - payload.size()}};
  if (WriteAll(fd_, iov, iov[2].iov_len != 0 ? 3 : 2) != 0) {
    // Drop a partial record so the next one starts on a record boundary.
    if (ftruncate(fd_, static_cast<off_t>(end_)) != 0) return StoreStatus::kIoError;
    return StoreStatus::kIoError;
  }
  end_ += size;
  return StoreStatus::kOk;
}

StoreStatus FileStore::AfterWrite(std::uint64_t seq) noexcept {
  switch (options_.sync) {
    case SyncMode::kNone:
      if (seq != 0) last_written_seq_ = seq;
      if (buffered_ == 0) durable_seq_ = last_written_seq_;
      return StoreStatus::kOk;
    case SyncMode::kFlush:
      if (seq != 0) durable_seq_ = seq;
      return StoreStatus::kOk;
    case SyncMode::kFsync:
      if (fdatasync(fd_) != 0) return StoreStatus::kIoError;
      if (seq != 0) durable_seq_ = seq;
      return StoreStatus::kOk;
    case SyncMode::kGroup:
      if (seq != 0) last_written_seq_ = seq;
      if (++unsynced_ >= options_.group_size) return Sync();
      return StoreStatus::kOk;
  }
  return StoreStatus::kOk;
}

StoreStatus FileStore::Sync() noexcept {
  switch (options_.sync) {
    case SyncMode::kNone:
      return FlushBuffer();
    case SyncMode::kGroup:
      if (unsynced_ > 0 && fdatasync(fd_) != 0) return StoreStatus::kIoError;
      unsynced_ = 0;
      durable_seq_ = last_written_seq_;
      return StoreStatus::kOk;
    default:
      return StoreStatus::kOk;
  }
}

StoreStatus FileStore::SetNextSenderSeq(std::uint64_t seq) noexcept {
  if (StoreStatus s = WriteOne(RecordKind::kSeqNums, seq, state_.next_target, {});
      s != StoreStatus::kOk) {
    return s;
  }
  state_.next_sender = seq;
  return AfterWrite(0);
}

StoreStatus FileStore::SetNextTargetSeq(std::uint64_t seq) noexcept {
  if (StoreStatus s = WriteOne(RecordKind::kSeqNums, state_.next_sender, seq, {});
      s != StoreStatus::kOk) {
    return s;
  }
  state_.next_target = seq;
  return AfterWrite(0);
}

StoreStatus FileStore::Append(std::uint64_t seq, std::string_view bytes,
                              std::uint64_t next_target_seq) noexcept {
  if (seq == 0) return StoreStatus::kIoError;
  if (seq <= state_.last_message_seq) {
    // A number already used (after SetNextSenderSeq went back): the messages
    // from `seq` on are replaced, through a new generation.
    try {
      if (!StartGeneration(state_.creation_time_ns, seq).ok()) return StoreStatus::kIoError;
    } catch (...) {
      return StoreStatus::kIoError;
    }
  }
  const std::uint64_t at = end_;
  if (StoreStatus s = WriteOne(RecordKind::kMessage, seq, next_target_seq, bytes);
      s != StoreStatus::kOk) {
    return s;
  }
  index_.Add(seq, at);
  state_.last_message_seq = seq;
  ++state_.message_count;
  state_.next_sender = seq + 1;
  state_.next_target = next_target_seq;
  return AfterWrite(seq);
}

StoreStatus FileStore::Visit(std::uint64_t begin, std::uint64_t end,
                             MessageVisitor& visitor) noexcept {
  if (StoreStatus s = FlushBuffer(); s != StoreStatus::kOk) return s;
  std::uint64_t offset = index_.Find(begin, 0), buf_start = offset, buf_len = 0;
  const std::uint64_t file_end = end_;
  while (offset < file_end) {
    if (buf_start + buf_len - offset < read_capacity_ / 2 && buf_start + buf_len < file_end) {
      const long n = ReadAt(fd_, read_buffer_.get(),
                            std::min<std::uint64_t>(read_capacity_, file_end - offset), offset);
      if (n <= 0) return StoreStatus::kIoError;
      buf_start = offset;
      buf_len = static_cast<std::uint64_t>(n);
    }
    const char* p = read_buffer_.get() + (offset - buf_start);
    RecordHeader h{};
    if (ParseRecord(p, buf_start + buf_len - offset, h) != ParseResult::kOk) {
      return StoreStatus::kCorrupt;
    }
    if (KindOf(h.word) == RecordKind::kMessage) {
      if (h.seq > end) break;
      if (h.seq >= begin &&
          !visitor.OnStoredMessage(h.seq, std::string_view(p + kHeaderSize, PayloadOf(h.word)))) {
        break;
      }
    }
    offset += RecordSize(PayloadOf(h.word));
  }
  return StoreStatus::kOk;
}

StoreStatus FileStore::Reset(std::int64_t creation_time_ns) noexcept {
  try {
    return StartGeneration(creation_time_ns, 0).ok() ? StoreStatus::kOk : StoreStatus::kIoError;
  } catch (...) {
    return StoreStatus::kIoError;
  }
}

}  // namespace fixwire::store_internal
