// file_log.cc: FileLog (see file_log.h): a single-producer byte ring of
// records, drained by a writer thread into one batch buffer per file.
//
// Ring layout: records of a 16-byte header (payload size, file, flags, time)
// and the payload, each padded to 8 bytes, at positions that only grow
// (the ring index is position % capacity). A record never straddles the end
// of the ring: the producer skips the tail (with a pad record when a header
// fits there) and starts again at 0. A line longer than a quarter of the
// ring is cut into several records; only the first carries the time and
// only the last ends the line, so the writer never needs the whole line at
// once.
//
// Waking: the writer sleeps up to max_delay_ms between batches; the producer
// wakes it early (a mutex and a condition variable, rare) only when the
// ring passes half full, when it must wait for room, on Flush or Backup.
//
// Backup: the caller takes a ticket under the mutex and waits; the writer,
// after a drain (its batches empty), renames the files and opens new ones,
// then serves every ticket taken so far. The files are the writer's alone.
#include "fixwire/net/file_log.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>

#include "fixwire/values/date_time.h"

namespace fixwire {
namespace {


struct RecordHeader {
  std::uint32_t size;  // payload bytes
  std::uint8_t file;   // kMessages or kEvents
  std::uint8_t flags;
  std::uint16_t unused;
  std::int64_t time_ns;
};
static_assert(sizeof(RecordHeader) == 16);

enum : std::uint8_t { kMessages = 0, kEvents = 1 };
enum : std::uint8_t { kFirst = 1, kLast = 2, kPad = 4 };

constexpr std::size_t kHeader = sizeof(RecordHeader);
constexpr std::size_t Align8(std::size_t n) { return (n + 7) & ~std::size_t{7}; }

std::int64_t WallNs() noexcept {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return std::int64_t{ts.tv_sec} * kNanosPerSecond + ts.tv_nsec;
}

void Two(char* out, unsigned v) noexcept {
  out[0] = static_cast<char>('0' + v / 10);
  out[1] = static_cast<char>('0' + v % 10);
}

// DayText writes YYYYMMDD for a day counted from 1970-01-01 (0 .. ~2.9M),
// walking whole years then months: the writer does it once per day.
void DayText(std::int64_t day, char* out) noexcept {
  auto leap = [](int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; };
  int year = 1970;
  for (;;) {
    const int len = leap(year) ? 366 : 365;
    if (day < len) break;
    day -= len;
    ++year;
  }
  static constexpr int kMonth[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int month = 0;
  for (;; ++month) {
    const int len = kMonth[month] + (month == 1 && leap(year) ? 1 : 0);
    if (day < len) break;
    day -= len;
  }
  Two(out, static_cast<unsigned>(year / 100));
  Two(out + 2, static_cast<unsigned>(year % 100));
  Two(out + 4, static_cast<unsigned>(month + 1));
  Two(out + 6, static_cast<unsigned>(day + 1));
}

absl::Status ErrnoStatus(std::string_view what, const std::string& path, int err) {
  return absl::UnavailableError(std::string(what) + " " + path + ": " + std::strerror(err));
}

// MakeDirectories creates `path` and its missing parents (mode 0755).
absl::Status MakeDirectories(const std::string& path) {
  if (path.empty()) return absl::OkStatus();
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return absl::OkStatus();
    return absl::FailedPreconditionError("cannot use " + path + " as the log directory: not a directory");
  }
  const std::size_t slash = path.find_last_of('/', path.size() - 1);
  if (slash != std::string::npos && slash > 0) {
    if (absl::Status s = MakeDirectories(path.substr(0, slash)); !s.ok()) return s;
  }
  if (::mkdir(path.c_str(), 0755) != 0 && errno != EEXIST) {
    return ErrnoStatus("cannot create the log directory", path, errno);
  }
  return absl::OkStatus();
}

}  // namespace

struct FileLog::Impl {
  // --- shared state --------------------------------------------------------
  std::unique_ptr<char[]> ring;
  std::size_t capacity = 0;   // multiple of 8
  std::size_t max_chunk = 0;  // payload bytes per record
  alignas(64) std::atomic<std::uint64_t> head{0};     // published by the producer
  alignas(64) std::atomic<std::uint64_t> tail{0};     // consumed by the writer
  std::atomic<std::uint64_t> written{0};              // written to the files
  alignas(64) std::atomic<bool> wake_requested{false};
  std::atomic<int> producer_waiting{0};

  std::mutex mutex;
  std::condition_variable writer_cv;    // the writer sleeps here
  std::condition_variable producer_cv;  // the producer waits for room or a flush
  std::condition_variable backup_cv;    // Backup callers wait here
  bool stop = false;                    // under mutex
  absl::Status error;                   // under mutex
  std::uint64_t backup_tickets = 0;     // under mutex: Backup calls so far
  std::uint64_t backups_done = 0;       // under mutex: tickets served
  absl::Status backup_result;           // under mutex: the last move's result

  // --- producer only -------------------------------------------------------
  std::uint64_t position = 0;  // == head, without the atomic load

  // --- writer only ---------------------------------------------------------
  int fds[2] = {-1, -1};
  std::string paths[2];
  std::string backup_directory;  // "." for the current directory
  std::string prefix;
  std::unique_ptr<char[]> batch[2];
  std::size_t batch_len[2] = {0, 0};
  std::size_t batch_capacity = 0;
  std::int64_t cached_second = -1;
  std::int64_t cached_day = -1;
  char stamp[32];  // "YYYYMMDD-HH:MM:SS" + fraction + " : "
  FileLogOptions options;
  std::thread writer;

  ~Impl() {
    for (int fd : fds) {
      if (fd >= 0) ::close(fd);
    }
  }

  // --- producer --------------------------------------------------------------

  void Log(std::uint8_t file, std::string_view text) noexcept {
    const std::int64_t now = WallNs();
    std::size_t done = 0;
    do {
      const std::size_t n = std::min(text.size() - done, max_chunk);
      std::uint8_t flags = 0;
      if (done == 0) flags |= kFirst;
      if (done + n == text.size()) flags |= kLast;
      Put(file, flags, now, text.data() + done, n);
      done += n;
    } while (done < text.size());
  }

  void Put(std::uint8_t file, std::uint8_t flags, std::int64_t now, const char* data,
           std::size_t n) noexcept {
    const std::size_t record = kHeader + Align8(n);
    std::size_t index = static_cast<std::size_t>(position % capacity);
    const std::size_t contiguous = capacity - index;
    const std::size_t skip = contiguous < record ? contiguous : 0;
    WaitForRoom(skip + record);
    if (skip != 0) {
      if (skip >= kHeader) {
        const RecordHeader pad{static_cast<std::uint32_t>(skip - kHeader), 0, kPad, 0, 0};
        std::memcpy(ring.get() + index, &pad, kHeader);
      }
      position += skip;
      index = 0;
    }
    const RecordHeader h{static_cast<std::uint32_t>(n), file, flags, 0, now};
    std::memcpy(ring.get() + index, &h, kHeader);
    if (n != 0) std::memcpy(ring.get() + index + kHeader, data, n);
    position += record;
    head.store(position, std::memory_order_release);
    // Past half full: wake the writer now rather than at its next tick.
    if (position - tail.load(std::memory_order_relaxed) > capacity / 2 &&
        !wake_requested.exchange(true, std::memory_order_acq_rel)) {
      std::lock_guard<std::mutex> lock(mutex);
      writer_cv.notify_one();
    }
  }

  std::size_t Free() const noexcept {
    return capacity - static_cast<std::size_t>(position - tail.load(std::memory_order_acquire));
  }

  void WaitForRoom(std::size_t bytes) noexcept {
    if (Free() >= bytes) return;
    for (int spin = 0; spin < 64; ++spin) {
      std::this_thread::yield();
      if (Free() >= bytes) return;
    }
    producer_waiting.fetch_add(1, std::memory_order_seq_cst);
    std::unique_lock<std::mutex> lock(mutex);
    wake_requested.store(true, std::memory_order_relaxed);
    writer_cv.notify_one();
    producer_cv.wait(lock, [&] { return Free() >= bytes; });
    producer_waiting.fetch_sub(1, std::memory_order_relaxed);
  }

  void Flush() noexcept {
    const std::uint64_t target = position;
    if (written.load(std::memory_order_acquire) >= target) return;
    producer_waiting.fetch_add(1, std::memory_order_seq_cst);
    std::unique_lock<std::mutex> lock(mutex);
    wake_requested.store(true, std::memory_order_relaxed);
    writer_cv.notify_one();
    producer_cv.wait(lock, [&] { return written.load(std::memory_order_acquire) >= target; });
    producer_waiting.fetch_sub(1, std::memory_order_relaxed);
  }

  // --- writer ----------------------------------------------------------------

  void Run() noexcept {
    const auto interval = std::chrono::milliseconds(std::max(1, options.max_delay_ms));
    for (;;) {
      wake_requested.store(false, std::memory_order_relaxed);
      Drain();
      bool stopping;
      {
        std::unique_lock<std::mutex> lock(mutex);
        if (backups_done != backup_tickets) {
          const std::uint64_t serving = backup_tickets;
          lock.unlock();
          // What was logged before the ticket was taken goes to the old files.
          Drain();
          absl::Status moved = MoveToBackup();
          lock.lock();
          backup_result = std::move(moved);
          backups_done = serving;
          backup_cv.notify_all();
        }
        stopping = stop;
        if (!stopping) {
          writer_cv.wait_for(lock, interval, [&] {
            return stop || backups_done != backup_tickets ||
                   wake_requested.load(std::memory_order_relaxed);
          });
          continue;
        }
      }
      // Stopping: the producer has returned for good; take what is left.
      Drain();
      return;
    }
  }

  // Drain formats every record published so far into the batches, writes
  // them out, and tells a waiting producer.
  void Drain() noexcept {
    std::uint64_t at = tail.load(std::memory_order_relaxed);
    for (;;) {
      const std::uint64_t end = head.load(std::memory_order_acquire);
      if (at == end) break;
      while (at != end) {
        std::size_t index = static_cast<std::size_t>(at % capacity);
        const std::size_t contiguous = capacity - index;
        if (contiguous < kHeader) {  // too short for a header: skipped by the producer
          at += contiguous;
          continue;
        }
        RecordHeader h;
        std::memcpy(&h, ring.get() + index, kHeader);
        if ((h.flags & kPad) == 0) {
          if ((h.flags & kFirst) != 0) {
            const std::size_t n = Stamp(h.time_ns);
            Append(h.file, stamp, n);
          }
          Append(h.file, ring.get() + index + kHeader, h.size);
          if ((h.flags & kLast) != 0) Append(h.file, "\n", 1);
        }
        at += kHeader + Align8(h.size);
        tail.store(at, std::memory_order_seq_cst);
        if (producer_waiting.load(std::memory_order_seq_cst) != 0) {
          std::lock_guard<std::mutex> lock(mutex);
          producer_cv.notify_all();
        }
      }
    }
    WriteOut(kMessages);
    WriteOut(kEvents);
    written.store(at, std::memory_order_seq_cst);
    if (producer_waiting.load(std::memory_order_seq_cst) != 0) {
      std::lock_guard<std::mutex> lock(mutex);
      producer_cv.notify_all();
    }
  }

  // Stamp formats the line prefix for a time into `stamp` (date and second
  // cached) and returns its length.
  std::size_t Stamp(std::int64_t ns) noexcept {
    std::int64_t second = ns / kNanosPerSecond;
    std::int64_t fraction = ns % kNanosPerSecond;
    if (fraction < 0) {
      fraction += kNanosPerSecond;
      --second;
    }
    if (second < 0) second = fraction = 0;  // a clock before 1970: print the epoch
    if (second != cached_second) {
      cached_second = second;
      const std::int64_t day = second / 86400;
      if (day != cached_day) {
        cached_day = day;
        DayText(day, stamp);
        stamp[8] = '-';
      }
      const auto of_day = static_cast<unsigned>(second % 86400);
      Two(stamp + 9, of_day / 3600);
      stamp[11] = ':';
      Two(stamp + 12, of_day / 60 % 60);
      stamp[14] = ':';
      Two(stamp + 15, of_day % 60);
    }
    const int digits = options.timestamp_digits;
    char* p = stamp + 17;
    if (digits > 0) {
      *p++ = '.';
      auto f = static_cast<std::uint32_t>(fraction);
      for (int i = digits; i < 9; ++i) f /= 10;
      for (int i = digits - 1; i >= 0; --i) {
        p[i] = static_cast<char>('0' + f % 10);
        f /= 10;
      }
      p += digits;
    }
    std::memcpy(p, " : ", 3);
    return static_cast<std::size_t>(p + 3 - stamp);
  }

  void Append(std::uint8_t file, const char* data, std::size_t n) noexcept {
    while (n > 0) {
      if (batch_len[file] == batch_capacity) WriteOut(file);
      const std::size_t k = std::min(n, batch_capacity - batch_len[file]);
      std::memcpy(batch[file].get() + batch_len[file], data, k);
      batch_len[file] += k;
      data += k;
      n -= k;
    }
  }

  // MoveToBackup renames both current files into the backup directory under
  // the first free number and opens new current files. The batches are
  // empty (called right after a drain).
  absl::Status MoveToBackup() {
    if (absl::Status s = MakeDirectories(backup_directory); !s.ok()) return s;
    const std::string base = backup_directory + "/" + prefix;
    std::string moved[2];
    // Cold path: on the writer thread, once per Backup call (an operator's
    // request), never per line: strings and to_string are fine here.
    for (std::uint64_t n = 1;; ++n) {
      moved[kMessages] = base + ".messages.backup." + std::to_string(n) + ".log";
      moved[kEvents] = base + ".event.backup." + std::to_string(n) + ".log";
      struct stat st;
      if (::lstat(moved[kMessages].c_str(), &st) != 0 && errno == ENOENT &&
          ::lstat(moved[kEvents].c_str(), &st) != 0 && errno == ENOENT) {
        break;
      }
    }
    for (int f = 0; f < 2; ++f) {
      if (::rename(paths[f].c_str(), moved[f].c_str()) != 0) {
        return ErrnoStatus("cannot move the log file to " + moved[f] + ":", paths[f], errno);
      }
      const int fd = ::open(paths[f].c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
      if (fd < 0) return ErrnoStatus("cannot open the log file", paths[f], errno);
      ::close(fds[f]);
      fds[f] = fd;
    }
    return absl::OkStatus();
  }

  void WriteOut(std::uint8_t file) noexcept {
    const char* p = batch[file].get();
    std::size_t left = batch_len[file];
    batch_len[file] = 0;
    while (left > 0) {
      const ssize_t n = ::write(fds[file], p, left);
      if (n > 0) {
        p += n;
        left -= static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      const int err = n < 0 ? errno : EIO;
      std::lock_guard<std::mutex> lock(mutex);
      // The first error is the one worth reporting; the batch is lost.
      if (error.ok()) error = ErrnoStatus("cannot write", paths[file], err);
      return;
    }
  }
};

absl::StatusOr<std::unique_ptr<FileLog>> FileLog::Open(const std::string& directory,
                                                       const std::string& prefix,
                                                       const FileLogOptions& options) {
  if (prefix.empty()) return absl::InvalidArgumentError("FileLog: an empty file prefix");
  if (options.timestamp_digits != 9 && options.timestamp_digits != 6 &&
      options.timestamp_digits != 3) {
    return absl::InvalidArgumentError("FileLog: timestamp_digits must be 3, 6 or 9");
  }
  if (absl::Status s = MakeDirectories(directory); !s.ok()) return s;
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  const std::string base = (directory.empty() ? std::string(".") : directory) + "/" + prefix;
  impl->prefix = prefix;
  impl->backup_directory = !options.backup_directory.empty() ? options.backup_directory
                           : directory.empty()                 ? std::string(".")
                                                               : directory;
  impl->paths[kMessages] = base + ".messages.current.log";
  impl->paths[kEvents] = base + ".event.current.log";
  for (int f = 0; f < 2; ++f) {
    impl->fds[f] = ::open(impl->paths[f].c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (impl->fds[f] < 0) return ErrnoStatus("cannot open the log file", impl->paths[f], errno);
  }
  impl->capacity = std::max<std::size_t>(options.ring_bytes, 256) & ~std::size_t{7};
  impl->max_chunk = std::min<std::size_t>(impl->capacity / 4 - kHeader, std::size_t{1} << 30);
  impl->ring.reset(new char[impl->capacity]);
  impl->batch_capacity = std::max<std::size_t>(options.batch_bytes, 4096);
  impl->batch[0].reset(new char[impl->batch_capacity]);
  impl->batch[1].reset(new char[impl->batch_capacity]);
  Impl* raw = impl.get();
  try {
    impl->writer = std::thread([raw] { raw->Run(); });
  } catch (const std::system_error& e) {
    return absl::ResourceExhaustedError(std::string("FileLog: cannot start the writer thread: ") +
                                        e.what());
  }
  return std::unique_ptr<FileLog>(new FileLog(std::move(impl)));
}

std::string FileLog::SessionPrefix(const SessionOptions& session) {
  std::string prefix = session.begin_string + "-" + session.sender_comp_id + "-" + session.target_comp_id;
  if (!session.session_qualifier.empty()) prefix += "-" + session.session_qualifier;
  return prefix;
}

FileLog::FileLog(std::unique_ptr<Impl> impl) noexcept : impl_(std::move(impl)) {}

FileLog::~FileLog() {
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->stop = true;
    impl_->writer_cv.notify_one();
  }
  impl_->writer.join();
}

void FileLog::OnIncoming(std::string_view message) noexcept { impl_->Log(kMessages, message); }
void FileLog::OnOutgoing(std::string_view message) noexcept { impl_->Log(kMessages, message); }
void FileLog::OnEvent(std::string_view text) noexcept { impl_->Log(kEvents, text); }
void FileLog::Flush() noexcept { impl_->Flush(); }

absl::Status FileLog::Backup() {
  std::unique_lock<std::mutex> lock(impl_->mutex);
  const std::uint64_t ticket = ++impl_->backup_tickets;
  impl_->writer_cv.notify_one();
  impl_->backup_cv.wait(lock, [&] { return impl_->backups_done >= ticket; });
  return impl_->backup_result;
}

absl::Status FileLog::status() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->error;
}

const std::string& FileLog::messages_path() const noexcept { return impl_->paths[kMessages]; }
const std::string& FileLog::event_path() const noexcept { return impl_->paths[kEvents]; }

}  // namespace fixwire
