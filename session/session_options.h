// session_options.h: SessionOptions, everything a Session needs to know about
// its FIX session, already typed and checked (the settings loader turns a
// QuickFIX-format file into these).
//
// Plain value; copied into the Session at construction (which allocates what
// it sizes from here, once).
#ifndef FIXWIRE_SESSION_SESSION_OPTIONS_H_
#define FIXWIRE_SESSION_SESSION_OPTIONS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "fixwire/dictionary/validator.h"
#include "fixwire/session/schedule.h"
#include "fixwire/values/date_time.h"

namespace fixwire {

enum class SessionRole : std::uint8_t { kInitiator, kAcceptor };

struct SessionOptions {
  SessionRole role = SessionRole::kInitiator;
  // "FIX.4.0" ... "FIX.4.4" or "FIXT.1.1".
  std::string begin_string = "FIX.4.4";
  std::string sender_comp_id;
  std::string target_comp_id;
  // SessionQualifier: tells apart sessions with the same IDs (log file names).
  std::string session_qualifier;
  // Optional routing fields written on every message (50, 142, 57, 143).
  std::string sender_sub_id;
  std::string sender_location_id;
  std::string target_sub_id;
  std::string target_location_id;
  // FIXT.1.1: the DefaultApplVerID (1137) sent on Logon, as the ApplVerID
  // enumeration value ("9" for FIX.5.0SP2, "8" 5.0SP1, "7" 5.0).
  std::string default_appl_ver_id;
  // FIXT.1.1 acceptor: answer each Logon with the DefaultApplVerID the
  // counterparty sent rather than default_appl_ver_id, so that one session
  // serves FIX.5.0, 5.0SP1 and 5.0SP2 counterparties (a test counterparty).
  bool echo_default_appl_ver_id = false;

  // HeartBtInt (108) in seconds. An initiator sends it; an acceptor takes
  // the initiator's.
  std::int32_t heart_bt_int_s = 30;
  // How long an initiator waits for the Logon answer, and either side for the
  // answer to its Logout, before disconnecting.
  std::int32_t logon_timeout_s = 10;
  std::int32_t logout_timeout_s = 2;

  // Sequence number resets (QuickFIX's keys of the same names).
  bool reset_on_logon = false;       // reset both numbers to 1 on every Logon (141=Y)
  bool reset_on_logout = false;      // after a Logout exchange
  bool reset_on_disconnect = false;  // after any disconnect
  // RefreshOnLogon: reload the store (MessageStore::Refresh) when a
  // connection opens, before the Logon: a standby taking over numbers and
  // messages that another process wrote. The store must be opened for it
  // (StoreOptions::refreshable); if the reload fails, the session
  // disconnects instead of logging on.
  bool refresh_on_logon = false;
  // Send NextExpectedMsgSeqNum (789) on Logon (FIX.4.4, FIXT.1.1).
  bool send_next_expected_msg_seq_num = false;

  // Checks on inbound messages.
  bool check_comp_id = true;      // 49/56 must be the configured pair (else Reject 9 + Logout)
  bool check_latency = true;      // |SendingTime - now| <= max_latency_s (else Reject 10 + Logout)
  std::int32_t max_latency_s = 120;

  // Our ResendRequests ask for at most this many messages at a time (0: the
  // whole gap at once).
  std::uint32_t resend_request_chunk_size = 0;

  TimePrecision timestamp_precision = TimePrecision::kMillis;

  // The longest message the session encodes or queues, in bytes.
  std::size_t max_message_size = 64 * 1024;
  // Inbound messages that arrive beyond a gap wait in a queue of this many
  // bytes and messages until the gap is filled; what does not fit is
  // dropped and requested again once the gap is filled.
  std::size_t queue_bytes = 1 << 20;
  std::uint32_t queue_messages = 4096;

  // The application MsgTypes the application handles; others are answered
  // with BusinessMessageReject (380=3) where the version has it (FIX.4.2 on),
  // else a session Reject. Empty: every application message is delivered.
  std::vector<std::string> app_msg_types;

  // When the session runs (StartTime/EndTime, StartDay/EndDay; schedule.h):
  // null for always. Outside its window an initiator does not connect and
  // an acceptor refuses a Logon; a session logged on when its window closes
  // logs out; the first connection in a new window (the store's creation
  // time lies in an earlier one) resets both numbers to 1. `logon_schedule`
  // (LogonTime/LogoutTime) narrows when an initiator logs on and stays on.
  // Both must outlive the session.
  const SessionSchedule* schedule = nullptr;
  const SessionSchedule* logon_schedule = nullptr;

  // Validation of inbound messages against a dictionary (UseDataDictionary):
  // null for none. For FIXT.1.1 the transport dictionary is `dictionary`
  // and the application one `app_dictionary`. Must outlive the session.
  const Dictionary* dictionary = nullptr;
  const Dictionary* app_dictionary = nullptr;
  // FIXT.1.1: application dictionaries by ApplVerID value ("7" FIX.5.0, "8"
  // FIX.5.0SP1, "9" FIX.5.0SP2, ...; `app_dictionary` counts as the one of
  // default_appl_ver_id). Each inbound application message is validated with
  // the dictionary its ApplVerID (1128) names, or else the DefaultApplVerID
  // of the peer's Logon; none for that version: Reject with
  // SessionRejectReason 18. Must outlive the session.
  std::vector<std::pair<std::string, const Dictionary*>> app_dictionaries;
  // Which checks validation makes (QuickFIX's ValidateFieldsOutOfOrder,
  // ValidateFieldsHaveValues, ValidateUserDefinedFields, AllowUnknownMsgFields).
  ValidationOptions validation;
};

}  // namespace fixwire

#endif  // FIXWIRE_SESSION_SESSION_OPTIONS_H_
