#include "fixwire/session/options_from_config.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace fixwire {
namespace {

absl::Status Unsupported(const SessionConfig& c, const char* setting, const char* why) {
  return absl::InvalidArgumentError(absl::StrCat(c.source, ":", c.line, ": [SESSION] ",
                                                 c.SessionId(), ": ", setting, ": ", why));
}

}  // namespace

absl::StatusOr<SessionOptions> SessionOptionsFrom(const SessionConfig& c) {
  // Settings the session does not implement: refused, so that nobody runs
  // believing they hold.
  if (c.send_redundant_resend_requests) {
    return Unsupported(c, "SendRedundantResendRequests=Y",
                       "not supported (fixwire sends one ResendRequest per gap)");
  }
  if (!c.persist_messages) {
    return Unsupported(c, "PersistMessages=N",
                       "not supported (fixwire always keeps sent messages for resending)");
  }
  if (!c.validate_length_and_checksum) {
    return Unsupported(c, "ValidateLengthAndChecksum=N",
                       "not supported (a frame with a wrong BodyLength or CheckSum is never "
                       "accepted)");
  }

  SessionOptions o;
  o.role = c.is_initiator() ? SessionRole::kInitiator : SessionRole::kAcceptor;
  o.begin_string = c.begin_string;
  o.sender_comp_id = c.sender_comp_id;
  o.target_comp_id = c.target_comp_id;
  o.session_qualifier = c.session_qualifier;
  o.sender_sub_id = c.sender_sub_id;
  o.sender_location_id = c.sender_location_id;
  o.target_sub_id = c.target_sub_id;
  o.target_location_id = c.target_location_id;
  // Cold path (a settings file loaded once): to_string is fine here.
  if (c.default_appl_ver_id != 0) o.default_appl_ver_id = std::to_string(c.default_appl_ver_id);

  if (c.heart_bt_int > 0) o.heart_bt_int_s = c.heart_bt_int;
  o.logon_timeout_s = c.logon_timeout;
  o.logout_timeout_s = c.logout_timeout;

  // SendResetSeqNumFlag asks for a new FIX session at every Logon we send,
  // which is what reset_on_logon does (141=Y, both numbers back to 1).
  o.reset_on_logon = c.reset_on_logon || c.send_reset_seq_num_flag;
  o.reset_on_logout = c.reset_on_logout;
  o.reset_on_disconnect = c.reset_on_disconnect;
  o.refresh_on_logon = c.refresh_on_logon;
  o.send_next_expected_msg_seq_num = c.enable_next_expected_msg_seq_num;

  o.check_comp_id = c.check_comp_id;
  o.check_latency = c.check_latency;
  o.max_latency_s = c.max_latency;
  o.resend_request_chunk_size = static_cast<std::uint32_t>(c.resend_request_chunk_size);
  o.timestamp_precision = c.timestamp_precision;

  // QuickFIX's validation keys, as the validator's checks.
  o.validation.check_field_order = c.validate_fields_out_of_order;
  o.validation.check_empty_values = c.validate_fields_have_values;
  o.validation.check_user_defined_tags = c.validate_user_defined_fields;
  if (c.allow_unknown_msg_fields) {
    o.validation.check_tag_known = false;
    o.validation.check_tag_in_message = false;
  }
  return o;
}

}  // namespace fixwire
