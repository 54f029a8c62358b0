// application.h: Application, the callbacks through which a Session hands
// its user what arrives and asks about what it sends.
//
// Every callback runs on the session's thread, inside the Session call that
// caused it (OnMessage, OnTimer, ...). A callback may call Session::Send
// (the answer is then stored together with the inbound number it answers);
// it must not destroy the session. Views passed in are valid during the
// call only. No callback may throw.
#ifndef FIXWIRE_SESSION_APPLICATION_H_
#define FIXWIRE_SESSION_APPLICATION_H_

#include <cstdint>
#include <string_view>

#include "fixwire/dictionary/group_view.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

class Session;

// What happened, for logs and tools (the transport's FileLog writes these).
enum class SessionEventKind : std::uint8_t {
  kConnected,
  kLogonSent,
  kLogon,              // the session is logged on
  kLogoutSent,
  kLogout,             // the Logout exchange finished (or the peer's Logout arrived)
  kDisconnected,       // text: the reason
  kResendRequested,    // we asked for [begin, end]
  kResending,          // the peer asked for [begin, end]; we resend
  kGapFilled,          // a SequenceReset moved the expected number to `end`
  kSequenceReset,      // the numbers were reset (text: why)
  kRejectSent,         // text: the reason; begin: the rejected message's number
  kRejectReceived,
  kTestRequestSent,
  kDuplicateIgnored,   // a PossDup message below the expected number
  kQueueOverflow,      // a message beyond a gap was dropped (it is asked for again)
  kError,              // text: what went wrong (store failures, invalid input)
};

struct SessionEvent {
  SessionEventKind kind;
  std::string_view text;  // valid during the callback
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

class Application {
 public:
  virtual ~Application() = default;

  // The session is logged on (after the Logon exchange) / off.
  virtual void OnLogon(Session& session) noexcept {}
  virtual void OnLogout(Session& session) noexcept {}

  // An application message, in sequence, exactly once per FIX session
  // (duplicates and resent copies already seen are filtered out). With a
  // dictionary configured, `groups` is the message with its repeating
  // groups indexed (and validated); otherwise null.
  virtual void OnAppMessage(Session& session, const MessageView& message,
                            const GroupedMessage* groups) noexcept = 0;

  // An administrative message (Heartbeat, TestRequest, ResendRequest,
  // Reject, SequenceReset, Logout, Logon) after the session handled it.
  virtual void OnAdminMessage(Session& session, const MessageView& message) noexcept {}

  // Called while the session writes an administrative message of `msg_type`
  // (after its standard fields, before the trailer): add fields to it, e.g.
  // Username (553) and Password (554) on a Logon.
  virtual void AmendAdmin(std::string_view msg_type, Encoder& message) noexcept {}

  // Called for each application message about to be resent; return false
  // to replace it with a gap fill (for example a stale order).
  virtual bool AllowResend(const MessageView& original) noexcept { return true; }

  virtual void OnEvent(Session& session, const SessionEvent& event) noexcept {}
};

}  // namespace fixwire

#endif  // FIXWIRE_SESSION_APPLICATION_H_
