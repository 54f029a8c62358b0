// progress.h: Progress, the "fixwire: FILE 42% (420 MB of 1000 MB)" line on
// standard error for inputs over 100 MB, shown only when standard error is
// a terminal (and not turned off with --no-progress). Redrawn at most every
// 200 ms; Done() erases it.
//
// Update() is cheap when nothing is to be drawn (one comparison). One thread.
#ifndef FIXWIRE_TOOLS_CLI_PROGRESS_H_
#define FIXWIRE_TOOLS_CLI_PROGRESS_H_

#include <cstdint>
#include <string>

namespace fixwire::cli {

class Progress {
 public:
  static constexpr std::uint64_t kMinSize = 100ull << 20;

  Progress(const std::string& name, std::uint64_t total, bool enabled);
  ~Progress() { Done(); }

  void Update(std::uint64_t position) {
    if (position >= next_) Draw(position);
  }
  void Done();

 private:
  void Draw(std::uint64_t position);

  std::string name_;
  std::uint64_t total_;
  std::uint64_t next_;  // next position worth a look at the clock
  std::int64_t last_draw_ns_ = 0;
  bool shown_ = false;
};

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_PROGRESS_H_
