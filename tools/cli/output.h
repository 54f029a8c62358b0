// output.h: Output, a large buffer in front of a file descriptor (standard
// output by default): commands append text and numbers, and the buffer is
// written out in big chunks. Write errors (a closed pipe, a full disk) are
// remembered: failed() tells the command to stop with exit status 2.
//
// One thread; the Output owns its buffer; Flush() on destruction.
#ifndef FIXWIRE_TOOLS_CLI_OUTPUT_H_
#define FIXWIRE_TOOLS_CLI_OUTPUT_H_

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

#include "fixwire/simd/digits.h"

namespace fixwire::cli {

class Output {
 public:
  static constexpr std::size_t kBufferSize = 256 << 10;

  explicit Output(int fd = 1) : fd_(fd), buffer_(new char[kBufferSize]) {}
  ~Output() { Flush(); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  void Append(std::string_view s) {
    if (s.size() > kBufferSize - used_) {
      Flush();
      if (s.size() > kBufferSize) {
        WriteAll(s.data(), s.size());
        return;
      }
    }
    std::memcpy(buffer_.get() + used_, s.data(), s.size());
    used_ += s.size();
  }
  void Append(char c) {
    if (used_ == kBufferSize) Flush();
    buffer_[used_++] = c;
  }
  void AppendUint(std::uint64_t v) {
    if (simd::kMaxUint64Digits > kBufferSize - used_) Flush();
    used_ += simd::FormatUnsigned(v, buffer_.get() + used_);
  }
  // Reserve returns room for at least n bytes (n <= kBufferSize); Commit(k) keeps k of them.
  char* Reserve(std::size_t n) {
    if (n > kBufferSize - used_) Flush();
    return buffer_.get() + used_;
  }
  void Commit(std::size_t n) { used_ += n; }

  void Flush() {
    if (used_ != 0) WriteAll(buffer_.get(), used_);
    used_ = 0;
  }
  bool failed() const { return failed_; }

 private:
  void WriteAll(const char* p, std::size_t n) {
    while (n > 0 && !failed_) {
      ssize_t w = write(fd_, p, n);
      if (w < 0) {
        if (errno == EINTR) continue;
        failed_ = true;
        return;
      }
      p += w;
      n -= static_cast<std::size_t>(w);
    }
  }

  int fd_;
  std::unique_ptr<char[]> buffer_;
  std::size_t used_ = 0;
  bool failed_ = false;
};

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_OUTPUT_H_
