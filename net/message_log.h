// message_log.h: MessageLog, where the engine reports every message a
// session receives and sends, and what happens to it, for a log.
//
// The Engine calls one MessageLog per session (Engine::AddSession's `log`)
// on its own thread: OnIncoming with the raw bytes of each message as
// received (including messages the session then rejects), OnOutgoing with
// each message as written to the connection's send buffer (application and
// administrative messages, resends included), OnEvent with one line of
// readable text per session or connection event. The views are valid during
// the call only: an implementation copies what it keeps.
//
// Contract for implementations: never throw, never block for long (the
// engine thread is the latency-critical path), and accept any bytes (they
// may contain SOH, be garbled or be empty). FileLog (file_log.h) is the one
// fixwire provides: QuickFIX's FileLog layout, written off the engine thread.
#ifndef FIXWIRE_NET_MESSAGE_LOG_H_
#define FIXWIRE_NET_MESSAGE_LOG_H_

#include <string_view>

namespace fixwire {

class MessageLog {
 public:
  // OnIncoming: the raw FIX bytes of one message received.
  virtual void OnIncoming(std::string_view message) noexcept = 0;
  // OnOutgoing: the raw FIX bytes of one message sent.
  virtual void OnOutgoing(std::string_view message) noexcept = 0;
  // OnEvent: one event as readable text, without a line break.
  virtual void OnEvent(std::string_view text) noexcept = 0;

 protected:
  ~MessageLog() = default;
};

}  // namespace fixwire

#endif  // FIXWIRE_NET_MESSAGE_LOG_H_
