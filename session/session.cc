// session.cc: Session (see session.h). The FIX session-level test cases that
// each branch implements are named in brackets, e.g. [2.c] for "MsgSeqNum
// lower than expected without PossDupFlag".
#include "fixwire/session/session.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstring>
#include <new>

#include "fixwire/encode/message_copy.h"
#include "fixwire/encode/message_template.h"
#include "fixwire/session/internal/header_templates.h"
#include "fixwire/session/internal/inbound_queue.h"
#include "fixwire/session/internal/same_text.h"
#include "fixwire/session/internal/timestamp_cache.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "fixwire/values/values.h"

namespace fixwire {
namespace {

namespace mt = msg_type;
constexpr std::int64_t kSecond = 1'000'000'000;

// A header from a template, with the template's block copies, fits in
// less than this whatever its values: "8=<BeginString>|9=", BodyLength's
// digits (at most 20) and SOH, 35/49/56 (kMaxFixedBytes), 34 and 52 at
// their widest and the 32-byte block of body fields.
constexpr std::size_t kTemplateMinRoom = 1024;
static_assert(kTemplateMinRoom >
              Encoder::kMaxBeginStringSize + 5 + 21 + MessageTemplate::kMaxFixedBytes + 3 * 64);

bool IsAdminType(std::string_view t) noexcept {
  return t.size() == 1 && ((t[0] >= '0' && t[0] <= '5') || t[0] == 'A');
}

// Text builds a short message text in a fixed buffer (no allocation).
class Text {
 public:
  Text& operator<<(std::string_view s) noexcept {
    const std::size_t n = std::min(s.size(), sizeof buf_ - size_);
    if (n != 0) std::memcpy(buf_ + size_, s.data(), n);
    size_ += n;
    return *this;
  }
  Text& operator<<(std::uint64_t v) noexcept {
    const auto r = std::to_chars(buf_ + size_, buf_ + sizeof buf_, v);
    if (r.ec == std::errc()) size_ = static_cast<std::size_t>(r.ptr - buf_);
    return *this;
  }
  std::string_view view() const noexcept { return std::string_view(buf_, size_); }

 private:
  char buf_[192];
  std::size_t size_ = 0;
};

// The SessionRejectReason's name in the FIX specification, for Text.
std::string_view ReasonText(int reason) noexcept {
  switch (reason) {
    case 0: return "Invalid tag number";
    case 1: return "Required tag missing";
    case 2: return "Tag not defined for this message type";
    case 3: return "Undefined tag";
    case 4: return "Tag specified without a value";
    case 5: return "Value is incorrect (out of range) for this tag";
    case 6: return "Incorrect data format for value";
    case 7: return "Decryption problem";
    case 8: return "Signature problem";
    case 9: return "CompID problem";
    case 10: return "SendingTime accuracy problem";
    case 11: return "Invalid MsgType";
    case 12: return "XML Validation error";
    case 13: return "Tag appears more than once";
    case 14: return "Tag specified out of required order";
    case 15: return "Repeating group fields out of order";
    case 16: return "Incorrect NumInGroup count for repeating group";
    case 17: return "Non data value includes field delimiter (SOH character)";
    case 18: return "Invalid/Unsupported Application Version";
    default: return "Other";
  }
}

bool GetU64(const MessageView& m, std::uint32_t t, std::uint64_t* out) noexcept {
  return m.GetUint64(t, out) == ErrorCode::kOk;
}

}  // namespace

struct Session::Queue : session_internal::InboundQueue {
  using InboundQueue::InboundQueue;
};

struct Session::HeaderChecks {
  explicit HeaderChecks(const SessionOptions& o) noexcept
      : begin_string(o.begin_string), peer_comp_id(o.target_comp_id), own_comp_id(o.sender_comp_id) {}
  session_internal::TimestampCache sending_times;
  session_internal::KnownText begin_string;
  session_internal::KnownText peer_comp_id;  // the peer's SenderCompID: our TargetCompID
  session_internal::KnownText own_comp_id;   // the peer's TargetCompID: our SenderCompID
};

struct Session::HeaderCache : session_internal::HeaderTemplates {
  using HeaderTemplates::HeaderTemplates;
};

// A resend in progress: the next stored number to look at, the last one,
// and the start of a run of numbers to replace with one gap fill (0: none).
struct Session::ResendState {
  bool active = false;
  std::uint64_t next = 0;
  std::uint64_t end = 0;
  std::uint64_t gap_begin = 0;
};

// ResendVisitor resends what the store holds: application messages as
// copies with PossDupFlag, administrative ones (and numbers the store lacks)
// as gap fills. Pauses when the output is full.
class Session::ResendVisitor final : public MessageVisitor {
 public:
  ResendVisitor(Session& s, std::int64_t now) : s_(s), now_(now) {}
  bool paused() const noexcept { return paused_; }

  bool OnStoredMessage(std::uint64_t seq, std::string_view bytes) noexcept override {
    ResendState& rs = *s_.resend_;
    if (seq < rs.next) return true;
    if (seq > rs.next && rs.gap_begin == 0) rs.gap_begin = rs.next;
    MessageView view;
    const Error e = s_.decoder_.Decode(bytes, s_.resend_index_, view);
    const bool replace = !e.ok() || IsAdminType(view.msg_type()) || !s_.app_.AllowResend(view);
    if (!e.ok()) s_.Event(SessionEventKind::kError, "a stored message did not decode: gap filled", seq);
    if (replace) {
      if (rs.gap_begin == 0) rs.gap_begin = seq;
      rs.next = seq + 1;
      return true;
    }
    if (rs.gap_begin != 0) {
      if (!s_.SendGapFill(rs.gap_begin, seq, now_)) return Pause(seq);
      rs.gap_begin = 0;
    }
    const std::span<char> room = s_.output_.Reserve(s_.options_.max_message_size);
    if (room.empty()) return Pause(seq);
    Encoder out(room);
    ForwardOptions copy;
    copy.sending_time_nanos = now_;
    copy.sending_time_precision = s_.options_.timestamp_precision;
    copy.poss_dup = true;
    const EncodeResult r = CopyMessage(view, copy, out);
    if (!r.ok()) {
      s_.Event(SessionEventKind::kError, "a stored message did not copy: gap filled", seq);
      rs.gap_begin = seq;
    } else {
      s_.output_.Commit(r.bytes);
      s_.last_sent_ns_ = now_;
    }
    rs.next = seq + 1;
    return true;
  }

 private:
  bool Pause(std::uint64_t seq) noexcept {
    s_.resend_->next = seq;
    paused_ = true;
    return false;
  }

  Session& s_;
  std::int64_t now_;
  bool paused_ = false;
};

std::string_view SessionStateName(SessionState state) noexcept {
  switch (state) {
    case SessionState::kDisconnected: return "disconnected";
    case SessionState::kAwaitingLogon: return "awaiting_logon";
    case SessionState::kLogonSent: return "logon_sent";
    case SessionState::kActive: return "active";
    case SessionState::kLogoutSent: return "logout_sent";
  }
  return "unknown";
}

Session::Session(const SessionOptions& options, Application& app, MessageStore& store,
                 SessionOutput& output)
    : options_(options),
      app_(app),
      store_(store),
      output_(output),
      heart_bt_int_s_(options.heart_bt_int_s),
      resend_(new ResendState),
      queue_(new Queue(options.queue_bytes, options.queue_messages)),
      scratch_(new char[options.max_message_size]),
      decoder_([&] {
        DecoderOptions d;
        d.max_message_size = static_cast<std::uint32_t>(options.max_message_size);
        return d;
      }()),
      queue_index_(static_cast<std::uint32_t>(options.max_message_size / 4 + 8)),
      resend_index_(static_cast<std::uint32_t>(options.max_message_size / 4 + 8)),
      validator_(options.validation),
      encoder_(std::span<char>(scratch_.get(), options.max_message_size)),
      checks_(new HeaderChecks(options_)) {
  const std::string_view b = options_.begin_string;
  version_ = b == "FIX.4.0"   ? Version::k40
             : b == "FIX.4.1" ? Version::k41
             : b == "FIX.4.2" ? Version::k42
             : b == "FIX.4.3" ? Version::k43
             : b == "FIXT.1.1" ? Version::kFixt11
                               : Version::k44;
  deliver_unvalidated_ = options_.dictionary == nullptr;
  all_app_types_ = options_.app_msg_types.empty();
  if (options_.sender_sub_id.empty() && options_.sender_location_id.empty() &&
      options_.target_sub_id.empty() && options_.target_location_id.empty()) {
    headers_ = std::make_unique<HeaderCache>(options_.begin_string, options_.sender_comp_id,
                                             options_.target_comp_id, options_.timestamp_precision);
  }
  if (options_.dictionary != nullptr) {
    const std::uint32_t fields = static_cast<std::uint32_t>(options.max_message_size / 4 + 8);
    groups_ = std::make_unique<GroupStorage>(fields / 2 + 8, fields + 8);
    if (version_ == Version::kFixt11 &&
        (options_.app_dictionary != nullptr || !options_.app_dictionaries.empty())) {
      dictionaries_ = std::make_unique<DictionarySet>(*options_.dictionary);
      if (options_.app_dictionary != nullptr) {
        dictionaries_->Add(options_.default_appl_ver_id, *options_.app_dictionary);
      }
      for (const auto& [appl_ver_id, dictionary] : options_.app_dictionaries) {
        if (dictionary != nullptr) dictionaries_->Add(appl_ver_id, *dictionary);
      }
      dictionaries_->set_default_appl_ver_id(options_.default_appl_ver_id);
    }
  }
}

Session::~Session() = default;

// --- output ---------------------------------------------------------------

// Out of line: BeginSend's usual header is a template's.
[[gnu::noinline]] void Session::Header(Encoder& e, std::string_view msg_type, std::uint64_t seq,
                     std::int64_t now_ns, bool poss_dup) noexcept {
  e.Begin(options_.begin_string, msg_type);
  e.AddString(tag::SenderCompID, options_.sender_comp_id);
  e.AddString(tag::TargetCompID, options_.target_comp_id);
  e.AddUint(tag::MsgSeqNum, seq);
  if (!options_.sender_sub_id.empty()) e.AddString(tag::SenderSubID, options_.sender_sub_id);
  if (!options_.sender_location_id.empty()) {
    e.AddString(tag::SenderLocationID, options_.sender_location_id);
  }
  if (!options_.target_sub_id.empty()) e.AddString(tag::TargetSubID, options_.target_sub_id);
  if (!options_.target_location_id.empty()) {
    e.AddString(tag::TargetLocationID, options_.target_location_id);
  }
  if (poss_dup) e.AddChar(tag::PossDupFlag, 'Y');
  e.AddTimestamp(tag::SendingTime, now_ns, options_.timestamp_precision);
  if (poss_dup) e.AddTimestamp(tag::OrigSendingTime, now_ns, options_.timestamp_precision);
}

Encoder* Session::BeginSend(std::string_view msg_type, std::int64_t now_ns, bool admin) noexcept {
  const bool to_output = connected_ && (admin || state_ == SessionState::kActive);
  std::span<char> room;
  if (to_output) {
    room = output_.Reserve(options_.max_message_size);
    if (room.empty()) {
      pending_ = SendResult{SendStatus::kOutputFull, 0, {}};
      return nullptr;
    }
  } else {
    room = std::span<char>(scratch_.get(), options_.max_message_size);
  }
  out_to_output_ = to_output;
  out_seq_ = store_.next_sender_seq();
  // A Begin (or a template's Start) starts over in the same buffer: rebound
  // only to another room.
  if (room.data() != encoder_room_.data() || room.size() != encoder_room_.size()) {
    encoder_.Rebind(room);
    encoder_room_ = room;
  }
  // The pre-encoded header where it applies (no routing fields) and the
  // room holds any header whole (so no header error that the generic calls
  // would report differently): the same bytes either way.
  const MessageTemplate* t =
      headers_ != nullptr && room.size() >= kTemplateMinRoom ? headers_->Find(msg_type) : nullptr;
  if (t != nullptr) {
    t->Start(encoder_, out_seq_, now_ns);
  } else {
    Header(encoder_, msg_type, out_seq_, now_ns);
  }
  return &encoder_;
}

SendResult Session::FinishSend(std::int64_t now_ns) noexcept {
  const EncodeResult r = encoder_.Finish();
  if (!r.ok()) return SendResult{SendStatus::kEncodeFailed, 0, r.error};
  // An answer is stored with the inbound number it answers as processed.
  const std::uint64_t next_target =
      answering_seq_ != 0 ? answering_seq_ + 1 : store_.next_target_seq();
  if (store_.Append(out_seq_, r.bytes, next_target) != StoreStatus::kOk) {
    Event(SessionEventKind::kError, "the store refused a message", out_seq_);
    return SendResult{SendStatus::kStoreFailed, 0, {}};
  }
  if (!out_to_output_) return SendResult{SendStatus::kStoredOnly, out_seq_, {}};
  output_.Commit(r.bytes);
  last_sent_ns_ = now_ns;
  return SendResult{SendStatus::kOk, out_seq_, {}};
}

void Session::SendLogon(std::int64_t now_ns, bool reset_seq_num_flag) noexcept {
  Encoder* e = BeginSend(mt::Logon, now_ns, /*admin=*/true);
  if (e == nullptr) return Close("no room to send a Logon", now_ns, true);
  e->AddInt(tag::EncryptMethod, 0);
  e->AddInt(tag::HeartBtInt, heart_bt_int_s_);
  if (reset_seq_num_flag) e->AddBool(tag::ResetSeqNumFlag, true);
  if (options_.send_next_expected_msg_seq_num &&
      (version_ == Version::k44 || version_ == Version::kFixt11)) {
    e->AddUint(tag::NextExpectedMsgSeqNum, store_.next_target_seq());
  }
  if (version_ == Version::kFixt11) {
    const std::string_view appl_ver_id = peer_appl_ver_id_len_ != 0 && options_.echo_default_appl_ver_id
                                             ? peer_default_appl_ver_id()
                                             : std::string_view(options_.default_appl_ver_id);
    if (!appl_ver_id.empty()) e->AddString(tag::DefaultApplVerID, appl_ver_id);
  }
  app_.AmendAdmin(mt::Logon, *e);
  (void)FinishSend(now_ns);
}

void Session::SendHeartbeat(std::string_view test_req_id, std::int64_t now_ns) noexcept {
  Encoder* e = BeginSend(mt::Heartbeat, now_ns, true);
  if (e == nullptr) return;  // the output is full: data is flowing anyway
  if (!test_req_id.empty()) e->AddString(tag::TestReqID, test_req_id);
  app_.AmendAdmin(mt::Heartbeat, *e);
  (void)FinishSend(now_ns);
}

void Session::SendTestRequest(std::int64_t now_ns) noexcept {
  Encoder* e = BeginSend(mt::TestRequest, now_ns, true);
  if (e == nullptr) return;
  Text id;
  id << "TEST" << ++test_request_counter_;
  e->AddString(tag::TestReqID, id.view());
  app_.AmendAdmin(mt::TestRequest, *e);
  (void)FinishSend(now_ns);
  Event(SessionEventKind::kTestRequestSent, id.view());
}

void Session::SendResendRequest(std::uint64_t begin, std::uint64_t end,
                                std::int64_t now_ns) noexcept {
  Encoder* e = BeginSend(mt::ResendRequest, now_ns, true);
  if (e == nullptr) return;
  e->AddUint(tag::BeginSeqNo, begin);
  // "To the end": 0 from FIX.4.2 on, 999999 before.
  const std::uint64_t wire_end =
      end != 0 ? end : (version_ == Version::k40 || version_ == Version::k41) ? 999999 : 0;
  e->AddUint(tag::EndSeqNo, wire_end);
  app_.AmendAdmin(mt::ResendRequest, *e);
  (void)FinishSend(now_ns);
  resend_request_sent_ns_ = now_ns;
  resend_request_progress_ = begin;
  Event(SessionEventKind::kResendRequested, "", begin, end);
}

bool Session::RejectReasonDefined(int reason) const noexcept {
  switch (version_) {
    case Version::k40:
    case Version::k41: return false;
    case Version::k42: return reason >= 0 && reason <= 11;
    case Version::k43: return reason >= 0 && reason <= 17;
    case Version::k44: return (reason >= 0 && reason <= 17) || reason == 99;
    case Version::kFixt11: return (reason >= 0 && reason <= 18) || reason == 99;
  }
  return false;
}

void Session::SendReject(std::uint64_t ref_seq, std::string_view ref_msg_type,
                         std::uint32_t ref_tag, int reason, std::string_view text,
                         std::int64_t now_ns) noexcept {
  Encoder* e = BeginSend(mt::Reject, now_ns, true);
  if (e == nullptr) return;
  e->AddUint(tag::RefSeqNum, ref_seq);
  const bool modern = version_ != Version::k40 && version_ != Version::k41;
  if (modern && ref_tag != 0) e->AddUint(tag::RefTagID, ref_tag);
  if (modern && !ref_msg_type.empty()) e->AddString(tag::RefMsgType, ref_msg_type);
  Text t;
  if (RejectReasonDefined(reason)) {
    e->AddInt(tag::SessionRejectReason, reason);
    t << text;
  } else {
    // The version has no such SessionRejectReason: the reason goes in Text.
    t << text << " (SessionRejectReason " << static_cast<std::uint64_t>(reason) << ")";
    if (!modern && ref_tag != 0) t << " tag " << static_cast<std::uint64_t>(ref_tag);
  }
  if (!t.view().empty()) e->AddString(tag::Text, t.view());
  app_.AmendAdmin(mt::Reject, *e);
  (void)FinishSend(now_ns);
  Event(SessionEventKind::kRejectSent, text, ref_seq);
}

void Session::SendBusinessReject(std::uint64_t ref_seq, std::string_view ref_msg_type, int reason,
                                 std::string_view text, std::int64_t now_ns) noexcept {
  Encoder* e = BeginSend(mt::BusinessMessageReject, now_ns, true);
  if (e == nullptr) return;
  e->AddUint(tag::RefSeqNum, ref_seq);
  e->AddString(tag::RefMsgType, ref_msg_type);
  e->AddInt(tag::BusinessRejectReason, reason);
  if (!text.empty()) e->AddString(tag::Text, text);
  (void)FinishSend(now_ns);
  Event(SessionEventKind::kRejectSent, text, ref_seq);
}

void Session::SendLogout(std::string_view text, std::int64_t now_ns) noexcept {
  Encoder* e = BeginSend(mt::Logout, now_ns, true);
  if (e == nullptr) return;
  if (!text.empty()) e->AddString(tag::Text, text);
  app_.AmendAdmin(mt::Logout, *e);
  (void)FinishSend(now_ns);
  Event(SessionEventKind::kLogoutSent, text);
}

bool Session::SendGapFill(std::uint64_t seq, std::uint64_t new_seq, std::int64_t now_ns) noexcept {
  const std::span<char> room = output_.Reserve(options_.max_message_size);
  if (room.empty()) return false;
  Encoder e(room);
  Header(e, mt::SequenceReset, seq, now_ns, /*poss_dup=*/true);
  e.AddChar(tag::GapFillFlag, 'Y');
  e.AddUint(tag::NewSeqNo, new_seq);
  const EncodeResult r = e.Finish();
  if (!r.ok()) return true;  // cannot happen with the configured sizes; nothing to retry
  output_.Commit(r.bytes);
  last_sent_ns_ = now_ns;
  return true;
}

void Session::Event(SessionEventKind kind, std::string_view text, std::uint64_t begin,
                    std::uint64_t end) noexcept {
  const SessionEvent event{kind, text, begin, end};
  if (listener_ != nullptr) listener_->OnSessionEvent(*this, event);
  app_.OnEvent(*this, event);
}

// --- connection -------------------------------------------------------------

bool Session::InSession(std::int64_t now_ns) const noexcept {
  return options_.schedule == nullptr || options_.schedule->IsInSession(now_ns);
}

bool Session::ShouldConnect(std::int64_t now_ns) const noexcept {
  return InSession(now_ns) &&
         (options_.logon_schedule == nullptr || options_.logon_schedule->IsInSession(now_ns));
}

void Session::ResetIfNewWindow(std::int64_t now_ns) noexcept {
  if (options_.schedule == nullptr ||
      options_.schedule->IsSameSession(store_.creation_time_ns(), now_ns)) {
    return;
  }
  store_.Reset(now_ns);
  Event(SessionEventKind::kSequenceReset, "a new session window");
}

void Session::StartWindow(std::int64_t now_ns) noexcept {
  // For a schedule that never closes, NextEnd is its next reset: the
  // session logs out then and starts over on the next connection.
  window_end_ns_ = options_.schedule != nullptr ? options_.schedule->NextEnd(now_ns) : INT64_MAX;
  if (options_.logon_schedule != nullptr && options_.role == SessionRole::kInitiator) {
    window_end_ns_ = std::min(window_end_ns_, options_.logon_schedule->NextEnd(now_ns));
  }
}

void Session::OnConnected(std::int64_t now_ns) noexcept {
  connected_ = true;
  if (options_.refresh_on_logon && store_.Refresh() != StoreStatus::kOk) {
    // A standby that cannot load what the store holds must not log on with
    // stale numbers.
    Event(SessionEventKind::kError, "RefreshOnLogon: the store could not be reloaded");
    return Disconnect("the store could not be reloaded", now_ns);
  }
  ResetIfNewWindow(now_ns);
  last_sent_ns_ = now_ns;
  last_received_ns_ = now_ns;
  test_request_outstanding_ = false;
  resend_requested_ = false;
  heart_bt_int_s_ = options_.heart_bt_int_s;
  state_deadline_ns_ = now_ns + std::int64_t{options_.logon_timeout_s} * kSecond;
  Event(SessionEventKind::kConnected, "");
  if (options_.role == SessionRole::kInitiator) {
    if (options_.reset_on_logon) {
      store_.Reset(now_ns);
      Event(SessionEventKind::kSequenceReset, "ResetOnLogon");
    }
    logon_reset_sent_ = options_.reset_on_logon;
    state_ = SessionState::kLogonSent;
    logon_seq_ = store_.next_sender_seq();
    SendLogon(now_ns, logon_reset_sent_);
    Event(SessionEventKind::kLogonSent, "");
  } else {
    state_ = SessionState::kAwaitingLogon;
  }
}

void Session::OnDisconnected(std::int64_t now_ns) noexcept {
  Close("the connection closed", now_ns, /*tell_output=*/false);
}

void Session::Disconnect(std::string_view reason, std::int64_t now_ns) noexcept {
  Close(reason, now_ns, /*tell_output=*/true);
}

void Session::Close(std::string_view reason, std::int64_t now_ns, bool tell_output) noexcept {
  if (!connected_) return;
  const bool was_logged_on =
      state_ == SessionState::kActive || state_ == SessionState::kLogoutSent;
  connected_ = false;
  state_ = SessionState::kDisconnected;
  resend_->active = false;
  resend_requested_ = false;
  test_request_outstanding_ = false;
  queue_->Clear();
  if (tell_output) output_.Disconnect(reason);
  Event(SessionEventKind::kDisconnected, reason);
  if (was_logged_on) app_.OnLogout(*this);
  if (options_.reset_on_disconnect) {
    store_.Reset(now_ns);
    Event(SessionEventKind::kSequenceReset, "ResetOnDisconnect");
  }
}

void Session::LogoutAndDisconnect(std::string_view text, std::int64_t now_ns) noexcept {
  SendLogout(text, now_ns);
  Disconnect(text, now_ns);
}

void Session::Logout(std::string_view text, std::int64_t now_ns) noexcept {
  if (state_ == SessionState::kActive) {
    SendLogout(text, now_ns);
    state_ = SessionState::kLogoutSent;
    state_deadline_ns_ = now_ns + std::int64_t{options_.logout_timeout_s} * kSecond;
  } else if (connected_) {
    Disconnect(text, now_ns);
  }
}

void Session::ResetSequenceNumbers(std::int64_t now_ns) noexcept {
  store_.Reset(now_ns);
  queue_->Clear();
  resend_requested_ = false;
  resend_->active = false;
  Event(SessionEventKind::kSequenceReset, "reset");
}

// --- timers -----------------------------------------------------------------

std::int64_t Session::next_deadline() const noexcept {
  switch (state_) {
    case SessionState::kDisconnected: return INT64_MAX;
    case SessionState::kAwaitingLogon:
    case SessionState::kLogonSent:
    case SessionState::kLogoutSent: return state_deadline_ns_;
    case SessionState::kActive: break;
  }
  if (heart_bt_int_s_ <= 0) return window_end_ns_;
  const std::int64_t hb = std::int64_t{heart_bt_int_s_} * kSecond;
  const std::int64_t heartbeat = last_sent_ns_ + hb;
  const std::int64_t silence =
      last_received_ns_ + (test_request_outstanding_ ? hb * 12 / 5 : hb * 6 / 5);
  const std::int64_t rerequest = resend_requested_ ? resend_request_sent_ns_ + 2 * hb : INT64_MAX;
  return std::min({heartbeat, silence, rerequest, window_end_ns_});
}

void Session::OnTimer(std::int64_t now_ns) noexcept {
  switch (state_) {
    case SessionState::kDisconnected: return;
    case SessionState::kAwaitingLogon:
    case SessionState::kLogonSent:
      if (now_ns >= state_deadline_ns_) Disconnect("timed out waiting for a Logon", now_ns);
      return;
    case SessionState::kLogoutSent:
      if (now_ns >= state_deadline_ns_) Disconnect("timed out waiting for the Logout answer", now_ns);
      return;
    case SessionState::kActive: break;
  }
  if (now_ns >= window_end_ns_) return Logout("the session time ended", now_ns);
  if (heart_bt_int_s_ <= 0) return;
  const std::int64_t hb = std::int64_t{heart_bt_int_s_} * kSecond;
  // [6] Silence for HeartBtInt plus a fifth: a TestRequest; silence for
  // twice that: the connection is considered lost.
  if (test_request_outstanding_ && now_ns - last_received_ns_ >= hb * 12 / 5) {
    return Disconnect("timed out waiting for a Heartbeat to the TestRequest", now_ns);
  }
  if (!test_request_outstanding_ && now_ns - last_received_ns_ >= hb * 6 / 5) {
    SendTestRequest(now_ns);
    test_request_outstanding_ = true;
  }
  // A gap we asked for that has not moved for two HeartBtInts (the request
  // or the answer was lost): ask again, rather than wait forever.
  if (resend_requested_) {
    if (store_.next_target_seq() != resend_request_progress_) {
      resend_request_progress_ = store_.next_target_seq();  // moving: wait on
      resend_request_sent_ns_ = now_ns;
    } else if (now_ns - resend_request_sent_ns_ >= 2 * hb) {
      SendResendRequest(store_.next_target_seq(), requested_end_, now_ns);
    }
  }
  // [4] Nothing sent for HeartBtInt: a Heartbeat.
  if (now_ns - last_sent_ns_ >= hb) SendHeartbeat("", now_ns);
}

void Session::OnOutputReady(std::int64_t now_ns) noexcept {
  if (connected_ && resend_->active) ContinueResend(now_ns);
}

// --- inbound ----------------------------------------------------------------

void Session::OnMessage(const MessageView& message, std::int64_t now_ns) noexcept {
  if (!connected_) return;
  last_received_ns_ = now_ns;
  test_request_outstanding_ = false;
  if (!DeliverInSequence(message, now_ns)) Process(message, now_ns);
  // DrainQueue has nothing to do without queued messages or a gap asked for.
  if (!queue_->empty() || resend_requested_) DrainQueue(now_ns);
}

bool Session::DeliverInSequence(const MessageView& m, std::int64_t now_ns) noexcept {
  // Process's checks in its order, each only as "passes"; the first that
  // does not leaves the message to Process.
  if (state_ != SessionState::kActive || !deliver_unvalidated_) return false;
  const std::string_view type = m.msg_type();
  if (type.empty() || IsAdminType(type)) return false;
  HeaderChecks& checks = *checks_;
  if (!checks.begin_string.Matches(m.begin_string())) return false;
  std::uint64_t seq = 0;
  if (m.msg_seq_num(&seq) != ErrorCode::kOk) return false;
  const std::uint64_t expected = store_.next_target_seq();
  if (seq != expected || seq == 0) return false;
  // CheckHeader's checks.
  if (options_.check_comp_id && (!checks.peer_comp_id.Matches(m.sender_comp_id()) ||
                                 !checks.own_comp_id.Matches(m.target_comp_id()))) {
    return false;
  }
  std::int64_t sending_time = 0;
  if (checks.sending_times.Parse(m.GetOr(tag::SendingTime), &sending_time) != ErrorCode::kOk) {
    return false;
  }
  if (options_.check_latency) {
    const std::int64_t skew = sending_time > now_ns ? sending_time - now_ns : now_ns - sending_time;
    if (skew > std::int64_t{options_.max_latency_s} * kSecond) return false;
  }
  // A possible duplicate (poss_dup_flag()) has its OrigSendingTime checked.
  if (m.GetOr(tag::PossDupFlag) == "Y") return false;
  // HandleAppMessage without a dictionary.
  if (!all_app_types_ && !IsSupportedAppType(type)) return false;
  answering_seq_ = seq;
  app_.OnAppMessage(*this, m, nullptr);
  answering_seq_ = 0;
  // Accept(seq) in line: the number is already seq + 1 when an answer was stored.
  if (store_.next_target_seq() != seq + 1 &&
      store_.SetNextTargetSeq(seq + 1) != StoreStatus::kOk) {
    Event(SessionEventKind::kError, "the store refused the next expected number", seq + 1);
  }
  if (resend_requested_) RequestNextChunk(now_ns);
  return true;
}

void Session::OnUndecodable(std::string_view bytes, const Error& error,
                            std::int64_t now_ns) noexcept {
  if (!connected_ || state_ != SessionState::kActive) return;
  last_received_ns_ = now_ns;
  switch (error.code) {
    // [3] A garbled frame (BeginString, BodyLength, MsgType not the first
    // three fields; a CheckSum that is wrong or missing): ignored, no
    // Reject, no number consumed. The peer's next message shows the gap.
    case ErrorCode::kIncomplete:
    case ErrorCode::kBadBeginString:
    case ErrorCode::kMissingBodyLength:
    case ErrorCode::kBadBodyLength:
    case ErrorCode::kBodyLengthMismatch:
    case ErrorCode::kMissingMsgType:
    case ErrorCode::kMissingCheckSum:
    case ErrorCode::kBadCheckSum:
    case ErrorCode::kCheckSumMismatch:
    case ErrorCode::kMissingSoh: {
      Text t;
      t << "a garbled message was ignored: " << ErrorCodeName(error.code);
      return Event(SessionEventKind::kError, t.view());
    }
    default:
      break;
  }
  // The fields that can still be read: 34 and 35, tag by tag.
  std::uint64_t seq = 0;
  std::string_view type;
  std::size_t pos = 0;
  while (pos < bytes.size()) {
    const std::size_t soh = bytes.find('\x01', pos);
    const std::string_view field = bytes.substr(pos, soh == std::string_view::npos ? bytes.npos : soh - pos);
    if (field.substr(0, 3) == "34=") {
      if (ParseUint64(field.substr(3), &seq) != ErrorCode::kOk) seq = 0;
    } else if (field.substr(0, 3) == "35=") {
      type = field.substr(3);
    }
    if (soh == std::string_view::npos) break;
    pos = soh + 1;
  }
  const std::uint64_t expected = store_.next_target_seq();
  if (seq == 0 || seq < expected) return;  // nothing to count: ignored like a garbled message
  if (seq > expected) {
    if (!resend_requested_) {
      gap_end_ = seq;  // the undecodable message itself is asked for again
      requested_end_ = seq;
      resend_requested_ = true;
      SendResendRequest(expected, seq, now_ns);
    }
    return;
  }
  int reason = 99;
  std::string_view text = ErrorCodeName(error.code);
  std::uint32_t ref_tag = 0;
  switch (error.code) {
    case ErrorCode::kBadTag:
    case ErrorCode::kMissingEquals:
      reason = 0;
      text = "Invalid tag number";
      break;
    case ErrorCode::kEmptyValue:
      reason = 4;
      text = "Tag specified without a value";
      ref_tag = error.tag;
      break;
    case ErrorCode::kBadDataLength:
    case ErrorCode::kDataLengthPastEnd:
    case ErrorCode::kDataFieldNotNext:
      reason = 5;
      text = "Value is incorrect (out of range) for this tag";
      ref_tag = error.tag;
      break;
    default:
      break;
  }
  SendReject(seq, type, ref_tag, reason, text, now_ns);
  Accept(seq);
  DrainQueue(now_ns);
}

void Session::Accept(std::uint64_t seq) noexcept {
  if (store_.next_target_seq() != seq + 1 &&
      store_.SetNextTargetSeq(seq + 1) != StoreStatus::kOk) {
    Event(SessionEventKind::kError, "the store refused the next expected number", seq + 1);
  }
}

void Session::Process(const MessageView& m, std::int64_t now_ns) noexcept {
  const std::string_view type = m.msg_type();
  if (state_ == SessionState::kAwaitingLogon || state_ == SessionState::kLogonSent) {
    // [1B] The first message must be a Logon: otherwise disconnect, no Logout.
    // A Logout answering our Logon is the counterparty refusing it: its
    // Text says why, so the disconnect reports it.
    if (type == mt::Logout && state_ == SessionState::kLogonSent) {
      Text t;
      t << "the counterparty refused the Logon: " << m.GetOr(tag::Text, "(no Text)");
      return Disconnect(t.view(), now_ns);
    }
    if (type != mt::Logon) return Disconnect("the first message is not a Logon", now_ns);
  }
  // [2.h] A wrong BeginString: Logout and disconnect.
  if (!session_internal::SameText(m.begin_string(), options_.begin_string)) {
    return LogoutAndDisconnect("Incorrect BeginString", now_ns);
  }
  std::uint64_t seq = 0;
  if (m.msg_seq_num(&seq) != ErrorCode::kOk || seq == 0) {
    return LogoutAndDisconnect("MsgSeqNum(34) missing or invalid", now_ns);
  }
  if (replaying_ && seq == store_.next_target_seq() &&
      (type == mt::Logon || type == mt::ResendRequest)) {
    return Accept(seq);  // handled when it arrived beyond the gap
  }
  if (type == mt::Logon) return HandleLogon(m, seq, now_ns);
  if (!CheckHeader(m, seq, now_ns)) return;
  const std::uint64_t expected = store_.next_target_seq();
  // [11] SequenceReset-Reset applies whatever its MsgSeqNum.
  if (type == mt::SequenceReset && m.GetOr(tag::GapFillFlag) != "Y") {
    return HandleSequenceReset(m, seq, /*gap_fill=*/false, now_ns);
  }
  if (seq > expected) return HandleTooHigh(m, seq, now_ns);
  if (seq < expected) {
    // [2.e] A duplicate (PossDupFlag=Y) already seen: ignored.
    if (m.poss_dup_flag()) {
      return Event(SessionEventKind::kDuplicateIgnored, type, seq);
    }
    // [2.c] Too low without PossDupFlag: Logout with a text, disconnect.
    Text t;
    t << "MsgSeqNum too low, expecting " << expected << " but received " << seq;
    return LogoutAndDisconnect(t.view(), now_ns);
  }
  HandleInSequence(m, seq, now_ns);
  RequestNextChunk(now_ns);
}

bool Session::CheckHeader(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept {
  const std::string_view type = m.msg_type();
  const bool in_sequence = seq == store_.next_target_seq();
  // [2.i] CompIDs: Reject (9), count the message, Logout, disconnect.
  if (options_.check_comp_id &&
      (!session_internal::SameText(m.sender_comp_id(), options_.target_comp_id) ||
       !session_internal::SameText(m.target_comp_id(), options_.sender_comp_id))) {
    const std::uint32_t bad =
        m.sender_comp_id() != options_.target_comp_id ? tag::SenderCompID : tag::TargetCompID;
    SendReject(seq, type, bad, 9, "CompID problem", now_ns);
    if (in_sequence) Accept(seq);
    LogoutAndDisconnect("CompID problem", now_ns);
    return false;
  }
  std::int64_t sending_time = 0;
  if (checks_->sending_times.Parse(m.GetOr(tag::SendingTime), &sending_time) != ErrorCode::kOk) {
    SendReject(seq, type, tag::SendingTime, m.Has(tag::SendingTime) ? 6 : 1,
               m.Has(tag::SendingTime) ? "Incorrect data format for value" : "Required tag missing",
               now_ns);
    if (in_sequence) Accept(seq);
    return false;
  }
  // [2.k] SendingTime out of range: Reject (10), count it, Logout, disconnect.
  if (options_.check_latency) {
    const std::int64_t skew = sending_time > now_ns ? sending_time - now_ns : now_ns - sending_time;
    if (skew > std::int64_t{options_.max_latency_s} * kSecond) {
      SendReject(seq, type, tag::SendingTime, 10, "SendingTime accuracy problem", now_ns);
      if (in_sequence) Accept(seq);
      LogoutAndDisconnect("SendingTime accuracy problem", now_ns);
      return false;
    }
  }
  // [2.f, 2.g] A possible duplicate at or above the expected number needs
  // OrigSendingTime, no later than SendingTime (gap fills are exempt).
  if (m.poss_dup_flag() && seq >= store_.next_target_seq() && type != mt::SequenceReset) {
    std::int64_t orig = 0;
    if (!m.Has(tag::OrigSendingTime)) {
      SendReject(seq, type, tag::OrigSendingTime, 1, "Required tag missing", now_ns);
      if (in_sequence) Accept(seq);
      return false;
    }
    if (m.GetUtcTimestamp(tag::OrigSendingTime, &orig) != ErrorCode::kOk) {
      SendReject(seq, type, tag::OrigSendingTime, 6, "Incorrect data format for value", now_ns);
      if (in_sequence) Accept(seq);
      return false;
    }
    if (orig > sending_time) {
      SendReject(seq, type, tag::OrigSendingTime, 10, "SendingTime accuracy problem", now_ns);
      if (in_sequence) Accept(seq);
      return false;
    }
  }
  return true;
}

void Session::HandleLogon(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept {
  if (state_ == SessionState::kActive || state_ == SessionState::kLogoutSent) {
    // A second Logon on a live session is refused; the session stays up.
    if (!CheckHeader(m, seq, now_ns)) return;
    if (seq > store_.next_target_seq()) return HandleTooHigh(m, seq, now_ns);
    if (seq < store_.next_target_seq()) return;
    SendReject(seq, mt::Logon, 0, 99, "Logon received on an established session", now_ns);
    Accept(seq);
    return;
  }
  if (!CheckHeader(m, seq, now_ns)) return;
  std::int64_t encrypt = -1;
  if (m.GetInt64(tag::EncryptMethod, &encrypt) != ErrorCode::kOk || encrypt != 0) {
    return LogoutAndDisconnect("EncryptMethod(98) missing or not supported", now_ns);
  }
  std::int64_t heart_bt_int = -1;
  if (m.GetInt64(tag::HeartBtInt, &heart_bt_int) != ErrorCode::kOk || heart_bt_int < 0 ||
      heart_bt_int > 3600) {
    return LogoutAndDisconnect("HeartBtInt(108) missing or invalid", now_ns);
  }
  if (options_.role == SessionRole::kAcceptor && !InSession(now_ns)) {
    return LogoutAndDisconnect("Logon outside the session time", now_ns);
  }
  if (version_ == Version::kFixt11) {
    // FIXT.1.1: the Logon names the application version (DefaultApplVerID
    // is required on it): an ApplVerID enumeration value, kept for the
    // session's lifetime on this connection.
    const std::string_view appl_ver_id = m.GetOr(tag::DefaultApplVerID);
    if (appl_ver_id.empty() || appl_ver_id.size() > sizeof peer_appl_ver_id_) {
      return LogoutAndDisconnect("DefaultApplVerID(1137) missing or invalid on a FIXT.1.1 Logon",
                                 now_ns);
    }
    std::memcpy(peer_appl_ver_id_, appl_ver_id.data(), appl_ver_id.size());
    peer_appl_ver_id_len_ = static_cast<std::uint8_t>(appl_ver_id.size());
    // The peer's messages without ApplVerID are of its DefaultApplVerID
    // (a short string: no allocation beyond the first Logon).
    if (dictionaries_ != nullptr) dictionaries_->set_default_appl_ver_id(appl_ver_id);
  }
  const bool reset_flag = m.GetOr(tag::ResetSeqNumFlag) == "Y";
  const bool acceptor = options_.role == SessionRole::kAcceptor;
  if (reset_flag) {
    // The peer starts a new FIX session (or answers our 141=Y): numbers to 1.
    if (acceptor || !logon_reset_sent_) {
      store_.Reset(now_ns);
      Event(SessionEventKind::kSequenceReset, "ResetSeqNumFlag on Logon");
    }
  } else if (acceptor && options_.reset_on_logon) {
    store_.Reset(now_ns);
    Event(SessionEventKind::kSequenceReset, "ResetOnLogon");
  }
  const std::uint64_t expected = store_.next_target_seq();
  if (seq < expected) {
    Text t;
    t << "MsgSeqNum too low, expecting " << expected << " but received " << seq;
    return LogoutAndDisconnect(t.view(), now_ns);
  }
  std::uint64_t next_expected = 0;
  const bool has_next_expected = (version_ == Version::k44 || version_ == Version::kFixt11) &&
                                 GetU64(m, tag::NextExpectedMsgSeqNum, &next_expected);
  if (has_next_expected && next_expected > store_.next_sender_seq()) {
    Text t;
    t << "NextExpectedMsgSeqNum(789) " << next_expected << " is higher than the next to be sent "
      << store_.next_sender_seq();
    return LogoutAndDisconnect(t.view(), now_ns);
  }
  if (acceptor) {
    heart_bt_int_s_ = static_cast<std::int32_t>(heart_bt_int);
    answering_seq_ = seq == expected ? seq : 0;
    logon_seq_ = store_.next_sender_seq();
    SendLogon(now_ns, reset_flag);
    answering_seq_ = 0;
  }
  state_ = SessionState::kActive;
  StartWindow(now_ns);
  if (seq == expected) {
    Accept(seq);
  } else {
    // [1S/2.b] A Logon beyond a gap: logged on, then the gap is asked for.
    resend_requested_ = false;
    HandleTooHigh(m, seq, now_ns);
  }
  Event(SessionEventKind::kLogon, "");
  app_.OnLogon(*this);
  app_.OnAdminMessage(*this, m);
  // The peer missed messages we sent before this connection's Logon: resend
  // them as if asked.
  if (has_next_expected && next_expected < logon_seq_) {
    StartResend(next_expected, logon_seq_ - 1, now_ns);
  }
}

void Session::HandleTooHigh(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept {
  const std::string_view type = m.msg_type();
  const std::uint64_t expected = store_.next_target_seq();
  if (type == mt::ResendRequest) {
    // [20] Simultaneous resend requests: answer theirs first, then ask.
    HandleResendRequest(m, seq, now_ns);
  } else if (type == mt::Logout) {
    // The peer is leaving: answer and disconnect rather than ask for the gap.
    SendLogout("", now_ns);
    return Disconnect("the peer logged out", now_ns);
  }
  // Queued to be counted in order once the gap is filled (a Logon or a
  // ResendRequest, handled now, is then only counted).
  if (!queue_->Push(seq, m.bytes())) Event(SessionEventKind::kQueueOverflow, type, seq);
  // [2.b] Ask for the gap (once; later messages beyond it wait in the queue).
  if (!resend_requested_) {
    gap_end_ = seq - 1;
    const std::uint32_t chunk = options_.resend_request_chunk_size;
    requested_end_ = chunk != 0 && gap_end_ - expected + 1 > chunk ? expected + chunk - 1 : gap_end_;
    resend_requested_ = true;
    SendResendRequest(expected, requested_end_, now_ns);
  } else if (seq - 1 > gap_end_ && queue_->empty()) {
    gap_end_ = seq - 1;
  }
}

void Session::RequestNextChunk(std::int64_t now_ns) noexcept {
  if (!resend_requested_) return;
  const std::uint64_t expected = store_.next_target_seq();
  if (expected > gap_end_) {
    resend_requested_ = false;
    return;
  }
  if (expected > requested_end_) {
    const std::uint32_t chunk = options_.resend_request_chunk_size;
    requested_end_ = chunk != 0 && gap_end_ - expected + 1 > chunk ? expected + chunk - 1 : gap_end_;
    SendResendRequest(expected, requested_end_, now_ns);
  }
}

void Session::DrainQueue(std::int64_t now_ns) noexcept {
  if (draining_) return;
  draining_ = true;
  while (connected_ && !queue_->empty()) {
    const std::uint64_t expected = store_.next_target_seq();
    const std::uint64_t seq = queue_->front_seq();
    if (seq < expected) {
      queue_->PopFront();
      continue;
    }
    if (seq > expected) break;
    MessageView view;
    if (decoder_.Decode(queue_->front(), queue_index_, view).ok()) {
      replaying_ = true;
      Process(view, now_ns);
      replaying_ = false;
    }
    if (!queue_->empty() && queue_->front_seq() == seq) queue_->PopFront();
  }
  draining_ = false;
  RequestNextChunk(now_ns);
}

void Session::HandleInSequence(const MessageView& m, std::uint64_t seq,
                               std::int64_t now_ns) noexcept {
  const std::string_view type = m.msg_type();
  if (!IsAdminType(type)) return HandleAppMessage(m, seq, now_ns);
  switch (type[0]) {
    case '0':  // [5] Heartbeat
      Accept(seq);
      break;
    case '1': {  // [6] TestRequest: a Heartbeat with its TestReqID
      const std::string_view id = m.GetOr(tag::TestReqID);
      answering_seq_ = seq;
      if (id.empty()) {
        SendReject(seq, type, tag::TestReqID, 1, "Required tag missing", now_ns);
      } else {
        SendHeartbeat(id, now_ns);
      }
      answering_seq_ = 0;
      Accept(seq);
      break;
    }
    case '2':  // [8] ResendRequest
      HandleResendRequest(m, seq, now_ns);
      break;
    case '3':  // [7] Reject: counted, reported
      Accept(seq);
      Event(SessionEventKind::kRejectReceived, m.GetOr(tag::Text), seq);
      break;
    case '4':  // [10] SequenceReset-GapFill
      return HandleSequenceReset(m, seq, /*gap_fill=*/true, now_ns);
    case '5':  // [13] Logout
      Accept(seq);
      app_.OnAdminMessage(*this, m);
      if (state_ == SessionState::kLogoutSent) {
        Event(SessionEventKind::kLogout, "");
        Disconnect("Logout exchange complete", now_ns);
      } else {
        answering_seq_ = seq;
        SendLogout("", now_ns);
        answering_seq_ = 0;
        Event(SessionEventKind::kLogout, m.GetOr(tag::Text));
        Disconnect("the peer logged out", now_ns);
      }
      if (options_.reset_on_logout) {
        store_.Reset(now_ns);
        Event(SessionEventKind::kSequenceReset, "ResetOnLogout");
      }
      return;
  }
  app_.OnAdminMessage(*this, m);
}

void Session::HandleSequenceReset(const MessageView& m, std::uint64_t seq, bool gap_fill,
                                  std::int64_t now_ns) noexcept {
  const std::uint64_t expected = store_.next_target_seq();
  std::uint64_t new_seq = 0;
  if (!GetU64(m, tag::NewSeqNo, &new_seq)) {
    SendReject(seq, mt::SequenceReset, tag::NewSeqNo, m.Has(tag::NewSeqNo) ? 6 : 1,
               m.Has(tag::NewSeqNo) ? "Incorrect data format for value" : "Required tag missing",
               now_ns);
    if (gap_fill) Accept(seq);
    return;
  }
  if (gap_fill) {
    // [10.e] A gap fill must move the number forward.
    if (new_seq <= seq) {
      Text t;
      t << "Attempt to lower sequence number, invalid value NewSeqNo(36)=" << new_seq;
      SendReject(seq, mt::SequenceReset, tag::NewSeqNo, 5, t.view(), now_ns);
      return;
    }
    store_.SetNextTargetSeq(new_seq);
    Event(SessionEventKind::kGapFilled, "", seq, new_seq);
  } else if (new_seq > expected) {  // [11.a]
    store_.SetNextTargetSeq(new_seq);
    queue_->DropBelow(new_seq);
    Event(SessionEventKind::kSequenceReset, "SequenceReset-Reset", expected, new_seq);
  } else if (new_seq < expected) {  // [11.c] never backwards
    Text t;
    t << "Value is incorrect (out of range) for this tag: NewSeqNo(36)=" << new_seq
      << " is below the expected " << expected;
    SendReject(seq, mt::SequenceReset, tag::NewSeqNo, 5, t.view(), now_ns);
  }  // [11.b] equal: nothing to do
  app_.OnAdminMessage(*this, m);
}

void Session::HandleResendRequest(const MessageView& m, std::uint64_t seq,
                                  std::int64_t now_ns) noexcept {
  const bool in_sequence = seq == store_.next_target_seq();
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  if (!GetU64(m, tag::BeginSeqNo, &begin) || !GetU64(m, tag::EndSeqNo, &end)) {
    const std::uint32_t missing = !GetU64(m, tag::BeginSeqNo, &begin) ? tag::BeginSeqNo : tag::EndSeqNo;
    SendReject(seq, mt::ResendRequest, missing, m.Has(missing) ? 6 : 1,
               m.Has(missing) ? "Incorrect data format for value" : "Required tag missing", now_ns);
    if (in_sequence) Accept(seq);
    return;
  }
  // Counted before the resend, so that a crash during it does not ask again.
  if (in_sequence) Accept(seq);
  app_.OnAdminMessage(*this, m);
  StartResend(begin, end, now_ns);
}

void Session::StartResend(std::uint64_t begin, std::uint64_t end, std::int64_t now_ns) noexcept {
  const std::uint64_t last = store_.next_sender_seq() - 1;
  // EndSeqNo 0 (and 999999 before FIX.4.2) means "to the end".
  if (end == 0 || end > last ||
      ((version_ == Version::k40 || version_ == Version::k41) && end == 999999)) {
    end = last;
  }
  if (begin == 0) begin = 1;
  if (begin > end) return;
  Event(SessionEventKind::kResending, "", begin, end);
  *resend_ = ResendState{true, begin, end, 0};
  ContinueResend(now_ns);
}

void Session::ContinueResend(std::int64_t now_ns) noexcept {
  ResendState& rs = *resend_;
  if (rs.next <= rs.end) {
    ResendVisitor visitor(*this, now_ns);
    if (store_.Visit(rs.next, rs.end, visitor) != StoreStatus::kOk) {
      Event(SessionEventKind::kError, "the store failed during a resend: the rest is gap filled",
            rs.next);
    }
    if (visitor.paused()) return;
    if (rs.next <= rs.end && rs.gap_begin == 0) rs.gap_begin = rs.next;
    rs.next = rs.end + 1;
  }
  if (rs.gap_begin != 0) {
    if (!SendGapFill(rs.gap_begin, rs.end + 1, now_ns)) return;  // resumed by OnOutputReady
    rs.gap_begin = 0;
  }
  rs.active = false;
}

bool Session::IsSupportedAppType(std::string_view msg_type) const noexcept {
  if (options_.app_msg_types.empty()) return true;
  for (const std::string& t : options_.app_msg_types) {
    if (t == msg_type) return true;
  }
  return false;
}

bool Session::Validate(const MessageView& m, std::uint64_t seq, std::int64_t now_ns) noexcept {
  const Dictionary& header = *options_.dictionary;
  const Dictionary* body = options_.app_dictionary != nullptr ? options_.app_dictionary : &header;
  if (dictionaries_ != nullptr) {
    // FIXT.1.1: the dictionary of the message's ApplVerID (or the peer's
    // DefaultApplVerID). None for it: reason 18, unless that check is off,
    // when the session's own application dictionary stands in.
    const DictionarySet::Selection selection = dictionaries_->Select(m);
    if (selection.ok()) {
      body = selection.body;
    } else if (validator_.options().check_appl_ver_id) {
      SendReject(seq, m.msg_type(), selection.tag, 18, ReasonText(18), now_ns);
      Accept(seq);
      return false;
    }
  }
  const ValidationResult r = ValidateMessage(m, header, *body, validator_, *groups_, &grouped_);
  if (r.ok()) return true;
  SendReject(seq, m.msg_type(), r.tag, r.reason_code(), ReasonText(r.reason_code()), now_ns);
  Accept(seq);
  return false;
}

void Session::HandleAppMessage(const MessageView& m, std::uint64_t seq,
                               std::int64_t now_ns) noexcept {
  const std::string_view type = m.msg_type();
  if (options_.dictionary != nullptr && !Validate(m, seq, now_ns)) return;
  if (!IsSupportedAppType(type)) {
    // [2.m] A valid MsgType this application does not handle.
    if (version_ == Version::k40 || version_ == Version::k41) {
      SendReject(seq, type, tag::MsgType, 11, "Unsupported Message Type", now_ns);
    } else {
      SendBusinessReject(seq, type, 3, "Unsupported Message Type", now_ns);
    }
    Accept(seq);
    return;
  }
  answering_seq_ = seq;
  app_.OnAppMessage(*this, m, options_.dictionary != nullptr ? &grouped_ : nullptr);
  answering_seq_ = 0;
  Accept(seq);
}

}  // namespace fixwire
