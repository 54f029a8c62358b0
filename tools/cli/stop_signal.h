// stop_signal.h: StopOnSignals, a flag that SIGINT and SIGTERM set, for the
// commands that run until interrupted (acceptor, initiator).
//
// The handlers are installed on the first call; the flag lives for the
// program's lifetime. Async-signal-safe: the handler only stores to a
// lock-free atomic.
#ifndef FIXWIRE_TOOLS_CLI_STOP_SIGNAL_H_
#define FIXWIRE_TOOLS_CLI_STOP_SIGNAL_H_

#include <atomic>

namespace fixwire::cli {

std::atomic<bool>& StopOnSignals();

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_STOP_SIGNAL_H_
