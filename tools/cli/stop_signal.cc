// stop_signal.cc: SIGINT/SIGTERM -> a stop flag, SIGHUP -> a backup flag
// (stop_signal.h).
#include "tools/cli/stop_signal.h"

#include <csignal>

namespace fixwire::cli {
namespace {

std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

std::atomic<bool> g_backup{false};

extern "C" void OnStopSignal(int) { g_stop.store(true, std::memory_order_relaxed); }
extern "C" void OnBackupSignal(int) { g_backup.store(true, std::memory_order_relaxed); }

void Install(int signal, void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sigaction(signal, &sa, nullptr);
}

}  // namespace

std::atomic<bool>& StopOnSignals() {
  static const bool installed = [] {
    Install(SIGINT, OnStopSignal);
    Install(SIGTERM, OnStopSignal);
    return true;
  }();
  (void)installed;
  return g_stop;
}

std::atomic<bool>& BackupOnSignal() {
  static const bool installed = [] {
    Install(SIGHUP, OnBackupSignal);
    return true;
  }();
  (void)installed;
  return g_backup;
}

}  // namespace fixwire::cli
