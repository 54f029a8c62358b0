// message_log.h: MessageLog, where an Engine writes what happens on a
// session: every inbound and outbound message (raw FIX bytes) and every
// session and connection event (text).
//
// Threads: called on the engine's thread, on the message path: an
// implementation must return quickly (no blocking I/O), must not allocate
// per call in steady state, and must not throw.
#ifndef FIXWIRE_NET_MESSAGE_LOG_H_
#define FIXWIRE_NET_MESSAGE_LOG_H_

#include <string_view>

namespace fixwire {

class MessageLog {
 public:
  virtual void OnIncoming(std::string_view message) noexcept = 0;
  virtual void OnOutgoing(std::string_view message) noexcept = 0;
  virtual void OnEvent(std::string_view text) noexcept = 0;

 protected:
  ~MessageLog() = default;
};

}  // namespace fixwire

#endif  // FIXWIRE_NET_MESSAGE_LOG_H_
