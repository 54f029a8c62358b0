// progress.cc: the progress line of progress.h.
#include "tools/cli/progress.h"

#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <limits>

namespace fixwire::cli {
namespace {

constexpr std::uint64_t kStep = 8ull << 20;  // look at the clock every 8 MB

std::int64_t NowNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

}  // namespace

Progress::Progress(const std::string& name, std::uint64_t total, bool enabled)
    : name_(name), total_(total) {
  const bool on = enabled && total >= kMinSize && isatty(2);
  next_ = on ? kStep : std::numeric_limits<std::uint64_t>::max();
  last_draw_ns_ = NowNs();
}

void Progress::Draw(std::uint64_t position) {
  next_ = position + kStep;
  const std::int64_t now = NowNs();
  if (now - last_draw_ns_ < 200000000) return;
  last_draw_ns_ = now;
  std::fprintf(stderr, "\rfixwire: %s %3d%% (%llu MB of %llu MB)", name_.c_str(),
               static_cast<int>(position * 100 / total_),
               static_cast<unsigned long long>(position >> 20),
               static_cast<unsigned long long>(total_ >> 20));
  std::fflush(stderr);
  shown_ = true;
}

void Progress::Done() {
  if (shown_) {
    std::fprintf(stderr, "\r\x1b[K");
    std::fflush(stderr);
    shown_ = false;
  }
  next_ = std::numeric_limits<std::uint64_t>::max();
}

}  // namespace fixwire::cli
