// input.cc: mmap of regular files, whole reads of pipes and standard input.
#include "tools/cli/input.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/status/status.h"

namespace fixwire::cli {
namespace {

absl::Status ReadAll(int fd, const std::string& name, std::vector<char>* out) {
  std::size_t used = 0;
  out->resize(1 << 20);
  while (true) {
    if (used == out->size()) out->resize(out->size() * 2);
    ssize_t n = read(fd, out->data() + used, out->size() - used);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      return absl::UnavailableError(name + ": cannot read: " + std::strerror(errno));
    }
    used += static_cast<std::size_t>(n);
  }
  out->resize(used);
  return absl::OkStatus();
}

}  // namespace

Input::~Input() {
  if (mapping_ != nullptr) munmap(mapping_, size_);
}

absl::StatusOr<std::unique_ptr<Input>> Input::Open(const std::string& path) {
  std::unique_ptr<Input> in(new Input());
  if (path == "-") {
    in->name_ = "<stdin>";
    absl::Status s = ReadAll(0, in->name_, &in->owned_);
    if (!s.ok()) return s;
    in->data_ = in->owned_.data();
    in->size_ = in->owned_.size();
    return in;
  }
  in->name_ = path;
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return absl::NotFoundError(path + ": cannot open: " + std::strerror(errno) +
                               " (check the path, or pass - to read standard input)");
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int err = errno;
    close(fd);
    return absl::UnavailableError(path + ": cannot stat: " + std::strerror(err));
  }
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    return absl::InvalidArgumentError(path + ": is a directory; pass a log file");
  }
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    void* p = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      close(fd);
      madvise(p, static_cast<std::size_t>(st.st_size), MADV_SEQUENTIAL);
      in->mapping_ = p;
      in->data_ = static_cast<const char*>(p);
      in->size_ = static_cast<std::size_t>(st.st_size);
      return in;
    }
  }
  absl::Status s = ReadAll(fd, path, &in->owned_);  // pipes, empty files, mmap refused
  close(fd);
  if (!s.ok()) return s;
  in->data_ = in->owned_.data();
  in->size_ = in->owned_.size();
  return in;
}

}  // namespace fixwire::cli
