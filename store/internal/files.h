// files.h: the POSIX file helpers of the persistent stores.
#ifndef FIXWIRE_STORE_INTERNAL_FILES_H_
#define FIXWIRE_STORE_INTERNAL_FILES_H_

#include <sys/uio.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"

namespace fixwire::store_internal {

// ErrnoStatus: an error naming the operation, the file and errno's text.
absl::Status ErrnoStatus(std::string_view op, std::string_view path, int err);

// NumberedFiles lists `<prefix>.<number>.<suffix>` in `dir`, by number.
absl::Status NumberedFiles(const std::string& dir, std::string_view prefix,
                           std::string_view suffix,
                           std::vector<std::pair<std::uint64_t, std::string>>& out);

// NumberedPath builds `<dir>/<prefix>.<number, 10 digits>.<suffix>`.
std::string NumberedPath(const std::string& dir, std::string_view prefix, std::uint64_t number,
                         std::string_view suffix);

absl::Status EnsureDirectory(const std::string& dir);
absl::Status SyncDirectory(const std::string& dir);

// WriteAll writes every byte of `iov` (retrying short writes and EINTR);
// returns 0 or errno. Allocates nothing.
int WriteAll(int fd, struct iovec* iov, int count) noexcept;

// ReadAt reads up to `size` bytes at `offset`; returns the count or -errno.
long ReadAt(int fd, char* out, std::size_t size, std::uint64_t offset) noexcept;

std::int64_t NowNs() noexcept;

}  // namespace fixwire::store_internal

#endif  // FIXWIRE_STORE_INTERNAL_FILES_H_
