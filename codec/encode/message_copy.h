// message_copy.h: forward or resend a decoded message: write a copy of it
// into an Encoder's buffer with header fields replaced, BodyLength and
// CheckSum recomputed.
//
//   fixwire::ForwardOptions fwd;
//   fwd.sender_comp_id = "GATEWAY";           // 49
//   fwd.target_comp_id = "VENUE";             // 56
//   fwd.msg_seq_num = next_out_seq;           // 34
//   fwd.sending_time_nanos = clock_now_ns;    // 52
//   fixwire::Encoder out(send_buffer);
//   fixwire::EncodeResult r = fixwire::CopyMessage(view, fwd, out);
//
// What the copy holds: every field of `source` in its order and byte for byte
// (data fields, groups, unknown tags included), except that the first
// occurrence of each replaced field gets its new value in place. A replaced
// field the source lacks is added right after 35 (in the order 49, 56, 34,
// 52, 43, 122), which keeps it in the standard header. For a resend
// (poss_dup), PossDupFlag 43 becomes "Y" and OrigSendingTime 122 is added
// with the source's SendingTime, unless the source already has a 122 (a
// message resent again keeps its original time). BeginString and MsgType are
// the source's. Unchanged runs of fields are copied with one memcpy each.
//
// Errors (from the returned EncodeResult): the encoder's (kBufferTooSmall,
// kInvalidValue for a replacement with SOH, ...), kInvalidValue when `source`
// does not have the 8, 9, 35 ... 10 shape of a decoded message, and
// kFieldNotFound (tag 52) for a resend of a message without SendingTime.
// Never allocates; `source`'s bytes must stay valid during the call only.
#ifndef FIXWIRE_ENCODE_MESSAGE_COPY_H_
#define FIXWIRE_ENCODE_MESSAGE_COPY_H_

#include <cstdint>
#include <optional>
#include <string_view>

#include "fixwire/values/date_time.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

struct ForwardOptions {
  std::string_view sender_comp_id;               // non-empty: new SenderCompID (49)
  std::string_view target_comp_id;               // non-empty: new TargetCompID (56)
  std::optional<std::uint64_t> msg_seq_num;      // new MsgSeqNum (34)
  std::optional<std::int64_t> sending_time_nanos;  // new SendingTime (52), ns since the epoch
  TimePrecision sending_time_precision = TimePrecision::kMillis;
  bool poss_dup = false;  // resend: 43=Y and 122=<the source's original SendingTime>
};

// CopyMessage writes the copy with `out` (Begin ... Finish) and returns
// out.Finish()'s result: the new message's bytes in out's buffer, or the error.
EncodeResult CopyMessage(const MessageView& source, const ForwardOptions& options, Encoder& out) noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_ENCODE_MESSAGE_COPY_H_
