// input.h: one input of a command: a file, memory-mapped read-only, or
// standard input ("-" or no file), read whole into memory.
//
// Open returns an error Status naming the file and the reason (missing,
// unreadable, a directory). The bytes stay valid and unchanged for the
// Input's lifetime. Cold path; one thread.
#ifndef FIXWIRE_TOOLS_CLI_INPUT_H_
#define FIXWIRE_TOOLS_CLI_INPUT_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace fixwire::cli {

class Input {
 public:
  ~Input();
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  // Open maps `path`, or reads standard input when path is "-".
  static absl::StatusOr<std::unique_ptr<Input>> Open(const std::string& path);

  std::string_view bytes() const { return std::string_view(data_, size_); }
  // name: the path, or "<stdin>".
  const std::string& name() const { return name_; }

 private:
  Input() = default;
  std::string name_;
  const char* data_ = "";
  std::size_t size_ = 0;
  void* mapping_ = nullptr;  // munmap'ed on destruction
  std::vector<char> owned_;  // standard input / unmappable files
};

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_INPUT_H_
