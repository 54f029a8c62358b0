// files.cc: POSIX helpers (see files.h).
#include "fixwire/store/internal/files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>

#include "absl/strings/str_cat.h"

namespace fixwire::store_internal {

absl::Status ErrnoStatus(std::string_view op, std::string_view path, int err) {
  return absl::Status(err == ENOSPC ? absl::StatusCode::kResourceExhausted
                                    : absl::StatusCode::kInternal,
                      std::string(op) + " " + std::string(path) + ": " + std::strerror(err));
}

absl::Status NumberedFiles(const std::string& dir, std::string_view prefix,
                           std::string_view suffix,
                           std::vector<std::pair<std::uint64_t, std::string>>& out) {
  out.clear();
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return ErrnoStatus("opendir", dir, errno);
  while (dirent* e = readdir(d)) {
    std::string_view name = e->d_name;
    // <prefix>.<digits>.<suffix>
    if (name.size() <= prefix.size() + suffix.size() + 2) continue;
    if (name.substr(0, prefix.size()) != prefix || name[prefix.size()] != '.') continue;
    if (name.substr(name.size() - suffix.size()) != suffix ||
        name[name.size() - suffix.size() - 1] != '.') {
      continue;
    }
    std::string_view digits =
        name.substr(prefix.size() + 1, name.size() - prefix.size() - suffix.size() - 2);
    if (digits.empty() || digits.size() > 19 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      continue;
    }
    std::uint64_t n = 0;
    for (char c : digits) n = n * 10 + static_cast<std::uint64_t>(c - '0');
    out.emplace_back(n, dir + "/" + std::string(name));
  }
  closedir(d);
  std::sort(out.begin(), out.end());
  return absl::OkStatus();
}

std::string NumberedPath(const std::string& dir, std::string_view prefix, std::uint64_t number,
                         std::string_view suffix) {
  // Cold path: a file name, once per segment or generation.
  char digits[32];
  std::snprintf(digits, sizeof digits, "%010llu", static_cast<unsigned long long>(number));
  return dir + "/" + std::string(prefix) + "." + digits + "." + std::string(suffix);
}

absl::Status EnsureDirectory(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return absl::InternalError(absl::StrCat("create directory ", dir, ": ", ec.message()));
  return absl::OkStatus();
}

absl::Status SyncDirectory(const std::string& dir) {
  const int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus("open", dir, errno);
  const int rc = fsync(fd);
  const int err = errno;
  close(fd);
  if (rc != 0) return ErrnoStatus("fsync", dir, err);
  return absl::OkStatus();
}

int WriteAll(int fd, struct iovec* iov, int count) noexcept {
  while (count > 0) {
    const ssize_t n = writev(fd, iov, count);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    auto left = static_cast<std::size_t>(n);
    while (count > 0 && left >= iov->iov_len) {
      left -= iov->iov_len;
      ++iov;
      --count;
    }
    if (count > 0) {
      iov->iov_base = static_cast<char*>(iov->iov_base) + left;
      iov->iov_len -= left;
    }
  }
  return 0;
}

long ReadAt(int fd, char* out, std::size_t size, std::uint64_t offset) noexcept {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = pread(fd, out + done, size - done, static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR) continue;
      return -errno;
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  return static_cast<long>(done);
}

std::int64_t NowNs() noexcept {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace fixwire::store_internal
