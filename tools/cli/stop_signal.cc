// stop_signal.cc: SIGINT/SIGTERM -> a stop flag (stop_signal.h).
#include "tools/cli/stop_signal.h"

#include <csignal>

namespace fixwire::cli {
namespace {

std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void OnStopSignal(int) { g_stop.store(true, std::memory_order_relaxed); }

}  // namespace

std::atomic<bool>& StopOnSignals() {
  static const bool installed = [] {
    struct sigaction sa {};
    sa.sa_handler = OnStopSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    return true;
  }();
  (void)installed;
  return g_stop;
}

}  // namespace fixwire::cli
