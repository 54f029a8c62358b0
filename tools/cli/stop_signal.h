// stop_signal.h: StopOnSignals, a flag that SIGINT and SIGTERM set, for the
// commands that run until interrupted (acceptor, initiator), and
// BackupOnSignal, a flag that SIGHUP sets: move the message logs aside
// (FileLogBackupPath), as log rotation expects.
//
// The handlers are installed on the first call of each; the flags live for
// the program's lifetime. Async-signal-safe: a handler only stores to a
// lock-free atomic.
#ifndef FIXWIRE_TOOLS_CLI_STOP_SIGNAL_H_
#define FIXWIRE_TOOLS_CLI_STOP_SIGNAL_H_

#include <atomic>

namespace fixwire::cli {

std::atomic<bool>& StopOnSignals();
std::atomic<bool>& BackupOnSignal();

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_STOP_SIGNAL_H_
