// session.h: Session, the FIX session protocol (FIX.4.0 to 4.4 and FIXT.1.1)
// without I/O: logon, sequence numbers, heartbeats and test requests,
// resend requests and gap fills, sequence resets, rejects and logout.
//
//   fixwire::MemoryStore store;
//   fixwire::Session session(options, app, store, output);
//   session.OnConnected(now);                  // an initiator sends its Logon
//   ... for each decoded inbound message:      session.OnMessage(view, now);
//   ... when session.next_deadline() passes:   session.OnTimer(now);
//   session.Send("D", [&](fixwire::Encoder& e) { e.AddString(11, id); ... }, now);
//
// The session owns no socket, thread or clock: the caller gives it each
// decoded inbound message and the current time, and it writes what it sends
// through a SessionOutput and persists through a MessageStore. The same
// inputs give the same bytes out. Behaviour follows the FIX session-level
// test cases (docs/session.md lists each case and what the session does).
//
// Memory: the constructor allocates everything the session needs (the
// inbound queue, a decode index, a scratch buffer); after that no call
// allocates. Threads: one thread at a time; the Application's callbacks run
// on it. Errors never throw: a store failure or an invalid message from the
// peer ends in the documented reject, logout or disconnect, and an event.
#ifndef FIXWIRE_SESSION_SESSION_H_
#define FIXWIRE_SESSION_SESSION_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "fixwire/dictionary/dictionary_set.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/validator.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/session/application.h"
#include "fixwire/session/message_store.h"
#include "fixwire/session/session_options.h"
#include "fixwire/session/session_output.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

enum class SessionState : std::uint8_t {
  kDisconnected,   // no connection
  kAwaitingLogon,  // acceptor: connected, waiting for the initiator's Logon
  kLogonSent,      // initiator: Logon sent, waiting for the answer
  kActive,         // logged on
  kLogoutSent,     // Logout sent, waiting for the answer
};

std::string_view SessionStateName(SessionState state) noexcept;

enum class SendStatus : std::uint8_t {
  kOk,           // sent (and stored)
  kStoredOnly,   // not logged on: stored under its number, sent when the peer asks for it
  kOutputFull,   // the output has no room now: nothing was stored or sent; retry later
  kStoreFailed,  // the store refused it (full, I/O error): nothing was sent
  kEncodeFailed, // the message did not encode (see error)
};

struct [[nodiscard]] SendResult {
  SendStatus status = SendStatus::kOk;
  std::uint64_t seq = 0;  // the MsgSeqNum it was given (0 when none)
  Error error;            // the encoder's error for kEncodeFailed
  bool ok() const noexcept { return status == SendStatus::kOk; }
};

// SessionEventListener hears every SessionEvent a Session emits, before
// the Application's OnEvent: the transport's message log listens here, so
// the application has nothing to forward. Same thread and view lifetime as
// Application::OnEvent; must not call back into the session.
class SessionEventListener {
 public:
  virtual void OnSessionEvent(const Session& session, const SessionEvent& event) noexcept = 0;

 protected:
  ~SessionEventListener() = default;
};

class Session {
 public:
  Session(const SessionOptions& options, Application& app, MessageStore& store,
          SessionOutput& output);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // --- what the transport reports -------------------------------------
  // A connection is up: an initiator sends its Logon, an acceptor waits
  // for one (LogonTimeout).
  void OnConnected(std::int64_t now_ns) noexcept;
  // The connection is gone (closed by the peer, an error, or after the
  // session's own Disconnect request).
  void OnDisconnected(std::int64_t now_ns) noexcept;
  // A whole, decoded inbound message (framing and CheckSum already checked:
  // garbled messages never reach the session and consume no number).
  void OnMessage(const MessageView& message, std::int64_t now_ns) noexcept;
  // A message whose frame is right (BeginString, BodyLength, CheckSum) but
  // whose fields do not decode (a tag that is not a positive integer, a
  // field without '=' or without a value): at the expected number it is
  // rejected (373=0 invalid tag number, 4 tag without a value, ...) and
  // counted, above it the gap is asked for, below it ignored. A garbled
  // frame handed here (a wrong CheckSum or BodyLength) is ignored.
  void OnUndecodable(std::string_view bytes, const Error& error, std::int64_t now_ns) noexcept;
  // Time passed: heartbeats, test requests, logon and logout timeouts.
  void OnTimer(std::int64_t now_ns) noexcept;
  // The output has room again: a resend that paused continues.
  void OnOutputReady(std::int64_t now_ns) noexcept;
  // When OnTimer next has something to do (ns since the epoch), or INT64_MAX.
  std::int64_t next_deadline() const noexcept;
  // ShouldConnect: whether an initiator's transport should connect now (the
  // schedule's windows; always true without a schedule).
  bool ShouldConnect(std::int64_t now_ns) const noexcept;
  // SetEventListener adds a listener for every event (null: none); it must
  // outlive the session or be removed first.
  void SetEventListener(SessionEventListener* listener) noexcept { listener_ = listener; }

  // --- what the application does --------------------------------------
  // Send writes a message of `msg_type` with the standard header (8, 9,
  // 35, 49, 56, the configured routing fields, 34, 52), then the fields
  // `body(Encoder&)` writes, then the trailer; stores it; hands it to the
  // output. While not logged on the message is stored only (kStoredOnly) and
  // goes out when the peer asks for it after the next Logon.
  template <typename Body>
  SendResult Send(std::string_view msg_type, Body&& body, std::int64_t now_ns) noexcept {
    Encoder* e = BeginSend(msg_type, now_ns);
    if (e == nullptr) return pending_;
    body(*e);
    return FinishSend(now_ns);
  }
  // Logout starts the Logout exchange (LogoutTimeout).
  void Logout(std::string_view text, std::int64_t now_ns) noexcept;
  // ResetSequenceNumbers starts a new FIX session: both numbers back to 1,
  // the store emptied (a daily reset; logged off only).
  void ResetSequenceNumbers(std::int64_t now_ns) noexcept;

  SessionState state() const noexcept { return state_; }
  bool logged_on() const noexcept { return state_ == SessionState::kActive; }
  std::uint64_t next_sender_seq() const noexcept { return store_.next_sender_seq(); }
  std::uint64_t next_target_seq() const noexcept { return store_.next_target_seq(); }
  const SessionOptions& options() const noexcept { return options_; }
  // FIXT.1.1: the DefaultApplVerID (1137) of the peer's last Logon ("" before one).
  std::string_view peer_default_appl_ver_id() const noexcept {
    return std::string_view(peer_appl_ver_id_, peer_appl_ver_id_len_);
  }
  // The HeartBtInt in force (the acceptor takes the initiator's).
  std::int32_t heart_bt_int_s() const noexcept { return heart_bt_int_s_; }

  // Tests only (tests/session/inbound_fast_path_test.cc defines it): turns
  // the one-pass delivery off, to compare a session with it against one
  // without.
  struct TestAccess;
  friend struct TestAccess;

 private:
  enum class Version : std::uint8_t { k40, k41, k42, k43, k44, kFixt11 };
  struct ResendState;
  struct Queue;  // the inbound queue (internal/inbound_queue.h)
  class ResendVisitor;

  Encoder* BeginSend(std::string_view msg_type, std::int64_t now_ns, bool admin = false) noexcept;
  SendResult FinishSend(std::int64_t now_ns) noexcept;
  // Header writes 8..52 of an outbound message numbered `seq`.
  void Header(Encoder& e, std::string_view msg_type, std::uint64_t seq, std::int64_t now_ns,
              bool poss_dup = false) noexcept;

  // Admin messages (each stored and sent like an application message).
  void SendLogon(std::int64_t now_ns, bool reset_seq_num_flag) noexcept;
  void SendHeartbeat(std::string_view test_req_id, std::int64_t now_ns) noexcept;
  void SendTestRequest(std::int64_t now_ns) noexcept;
  void SendResendRequest(std::uint64_t begin, std::uint64_t end, std::int64_t now_ns) noexcept;
  void SendReject(std::uint64_t ref_seq, std::string_view ref_msg_type, std::uint32_t ref_tag,
                  int reason, std::string_view text, std::int64_t now_ns) noexcept;
  void SendBusinessReject(std::uint64_t ref_seq, std::string_view ref_msg_type, int reason,
                          std::string_view text, std::int64_t now_ns) noexcept;
  void SendLogout(std::string_view text, std::int64_t now_ns) noexcept;
  // SendGapFill writes SequenceReset-GapFill {seq, new_seq} with PossDupFlag
  // (resend output: not stored, consumes no new number).
  bool SendGapFill(std::uint64_t seq, std::uint64_t new_seq, std::int64_t now_ns) noexcept;

  void Disconnect(std::string_view reason, std::int64_t now_ns) noexcept;
  // Close ends the connection's state; `tell_output` asks the transport to close it.
  void Close(std::string_view reason, std::int64_t now_ns, bool tell_output) noexcept;
  bool InSession(std::int64_t now_ns) const noexcept;
  // ResetIfNewWindow: a new FIX session when the store's creation time lies
  // in an earlier window of the schedule.
  void ResetIfNewWindow(std::int64_t now_ns) noexcept;
  void StartWindow(std::int64_t now_ns) noexcept;
  void LogoutAndDisconnect(std::string_view text, std::int64_t now_ns) noexcept;
  void Event(SessionEventKind kind, std::string_view text, std::uint64_t begin = 0,
             std::uint64_t end = 0) noexcept;

  // Inbound processing.
  // DeliverInSequence handles the usual message (an application message at
  // the expected number, logged on, no dictionary, every header check
  // passed) in one pass; false, having done nothing, for any other, which
  // Process then handles.
  bool DeliverInSequence(const MessageView& m, std::int64_t now_ns) noexcept;
  void Process(const MessageView& m, std::int64_t now_ns) noexcept;
  bool CheckHeader(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept;
  void HandleLogon(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept;
  void HandleInSequence(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept;
  void HandleSequenceReset(const MessageView& m, std::uint64_t seq, bool gap_fill,
                           std::int64_t now_ns) noexcept;
  void HandleResendRequest(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept;
  void HandleTooHigh(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept;
  void HandleAppMessage(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept;
  // Accept marks inbound `seq` processed: the next expected number becomes seq + 1.
  void Accept(std::uint64_t seq) noexcept;
  void DrainQueue(std::int64_t now_ns) noexcept;
  void RequestNextChunk(std::int64_t now_ns) noexcept;
  void ContinueResend(std::int64_t now_ns) noexcept;
  void StartResend(std::uint64_t begin, std::uint64_t end, std::int64_t now_ns) noexcept;
  bool IsSupportedAppType(std::string_view msg_type) const noexcept;
  bool RejectReasonDefined(int reason) const noexcept;
  bool Validate(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept;

  SessionOptions options_;
  Application& app_;
  MessageStore& store_;
  SessionOutput& output_;
  SessionEventListener* listener_ = nullptr;
  Version version_ = Version::k44;

  SessionState state_ = SessionState::kDisconnected;
  std::int32_t heart_bt_int_s_;
  std::int64_t last_sent_ns_ = 0;
  std::int64_t last_received_ns_ = 0;
  std::int64_t state_deadline_ns_ = 0;  // logon or logout timeout
  std::int64_t window_end_ns_ = INT64_MAX;  // logged on: when the schedule says to log out
  bool test_request_outstanding_ = false;
  std::uint64_t test_request_counter_ = 0;
  bool logon_reset_sent_ = false;  // our Logon carried 141=Y
  std::uint64_t logon_seq_ = 0;     // the number of our Logon on this connection
  // The inbound number being processed: Append stores seq + 1 as the next
  // expected number with any answer sent meanwhile (0: none).
  std::uint64_t answering_seq_ = 0;
  // FIXT.1.1: the DefaultApplVerID of the peer's last Logon.
  char peer_appl_ver_id_[16] = {};
  std::uint8_t peer_appl_ver_id_len_ = 0;

  // Our outstanding ResendRequest: [requested_begin_, requested_end_],
  // of a gap that ends at gap_end_ (chunks).
  std::uint64_t requested_end_ = 0;
  std::uint64_t gap_end_ = 0;
  bool resend_requested_ = false;
  std::int64_t resend_request_sent_ns_ = 0;
  std::uint64_t resend_request_progress_ = 0;  // the expected number when we asked

  std::unique_ptr<ResendState> resend_;
  std::unique_ptr<Queue> queue_;
  std::unique_ptr<char[]> scratch_;  // encoding when there is no output (stored only)
  bool draining_ = false;
  bool deliver_unvalidated_ = false;  // no dictionary: DeliverInSequence applies
  bool all_app_types_ = false;        // app_msg_types empty: every type is delivered
  bool replaying_ = false;  // Process is replaying a queued message
  bool connected_ = false;
  Decoder decoder_;
  FieldIndex queue_index_;   // decodes queued inbound messages
  FieldIndex resend_index_;  // decodes stored messages for a resend
  std::unique_ptr<GroupStorage> groups_;  // validation (with a dictionary)
  // FIXT.1.1 with application dictionaries: chosen per message by ApplVerID.
  std::unique_ptr<DictionarySet> dictionaries_;
  GroupedMessage grouped_;
  Validator validator_;

  // The message BeginSend started.
  bool out_to_output_ = false;
  std::uint64_t out_seq_ = 0;
  // One encoder for every message, rebound to each message's room: it
  // keeps its BeginString header and the second it last formatted.
  Encoder encoder_;
  std::span<char> encoder_room_;  // the room encoder_ is bound to
  SendResult pending_;
  // What every inbound header is checked against: SendingTimes parsed with
  // the last one's minute kept (internal/timestamp_cache.h), and the
  // expected BeginString and CompIDs with their words loaded once
  // (internal/same_text.h).
  struct HeaderChecks;
  std::unique_ptr<HeaderChecks> checks_;
  // Outbound headers pre-encoded per MsgType (internal/header_templates.h);
  // null with routing fields, which only the generic Header writes.
  struct HeaderCache;
  std::unique_ptr<HeaderCache> headers_;
};

}  // namespace fixwire

#endif  // FIXWIRE_SESSION_SESSION_H_
