// message_copy.cc: CopyMessage.
#include "codec/message_copy.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace fixwire {
namespace {

// Byte offset of field i's tag: just past the SOH ending field i - 1.
inline std::uint32_t TagStart(std::span<const Field> fields, std::size_t i) noexcept {
  const Field& previous = fields[i - 1];
  return previous.offset + previous.length + 1;
}

}  // namespace

EncodeResult CopyMessage(const MessageView& source, const ForwardOptions& options, Encoder& out) noexcept {
  const std::span<const Field> fields = source.fields();
  const std::size_t n = fields.size();
  if (n < 4 || fields[0].tag != kTagBeginString || fields[1].tag != kTagBodyLength ||
      fields[2].tag != kTagMsgType || fields[n - 1].tag != kTagCheckSum) {
    out.Begin("FIX.4.4", "0");
    out.Fail(ErrorCode::kInvalidValue, 0);
    return out.Finish();
  }
  const char* data = source.data();

  const bool replace_sender = !options.sender_comp_id.empty();
  const bool replace_target = !options.target_comp_id.empty();
  const bool replace_seq = options.msg_seq_num.has_value();
  const bool replace_time = options.sending_time_nanos.has_value();
  const bool poss_dup = options.poss_dup;
  std::string_view original_time;
  bool add_orig_time = false;
  if (poss_dup && !source.Has(kTagOrigSendingTime)) {
    const Field* sent = source.Find(kTagSendingTime);
    if (sent == nullptr) {
      out.Begin(source.begin_string(), source.msg_type());
      out.Fail(ErrorCode::kFieldNotFound, kTagSendingTime);
      return out.Finish();
    }
    original_time = source.value(*sent);
    add_orig_time = true;
  }

  auto write_sender = [&] { out.AddString(kTagSenderCompId, options.sender_comp_id); };
  auto write_target = [&] { out.AddString(kTagTargetCompId, options.target_comp_id); };
  auto write_seq = [&] { out.AddUint(kTagMsgSeqNum, *options.msg_seq_num); };
  auto write_time = [&] {
    out.AddTimestamp(kTagSendingTime, *options.sending_time_nanos, options.sending_time_precision);
  };

  out.Begin(source.begin_string(), source.msg_type());
  // Replacements the source lacks go right after 35.
  if (replace_sender && !source.Has(kTagSenderCompId)) write_sender();
  if (replace_target && !source.Has(kTagTargetCompId)) write_target();
  if (replace_seq && !source.Has(kTagMsgSeqNum)) write_seq();
  if (replace_time && !source.Has(kTagSendingTime)) write_time();
  if (poss_dup && !source.Has(kTagPossDupFlag)) out.AddChar(kTagPossDupFlag, 'Y');
  if (add_orig_time) out.AddString(kTagOrigSendingTime, original_time);

  // The rest: runs of unchanged fields copied whole, replaced fields rewritten
  // in place (first occurrence only).
  bool done_sender = false, done_target = false, done_seq = false, done_time = false, done_dup = false;
  std::uint32_t run_begin = TagStart(fields, 3);
  for (std::size_t i = 3; i + 1 < n; ++i) {
    const std::uint32_t tag = fields[i].tag;
    bool* done;
    switch (tag) {
      case kTagSenderCompId:
        if (!replace_sender) continue;
        done = &done_sender;
        break;
      case kTagTargetCompId:
        if (!replace_target) continue;
        done = &done_target;
        break;
      case kTagMsgSeqNum:
        if (!replace_seq) continue;
        done = &done_seq;
        break;
      case kTagSendingTime:
        if (!replace_time) continue;
        done = &done_time;
        break;
      case kTagPossDupFlag:
        if (!poss_dup) continue;
        done = &done_dup;
        break;
      default:
        continue;
    }
    if (*done) continue;
    *done = true;
    const std::uint32_t tag_start = TagStart(fields, i);
    if (tag_start > run_begin) out.AddRawFields(std::string_view(data + run_begin, tag_start - run_begin));
    switch (tag) {
      case kTagSenderCompId: write_sender(); break;
      case kTagTargetCompId: write_target(); break;
      case kTagMsgSeqNum: write_seq(); break;
      case kTagSendingTime: write_time(); break;
      default: out.AddChar(kTagPossDupFlag, 'Y'); break;
    }
    run_begin = fields[i].offset + fields[i].length + 1;
  }
  const std::uint32_t trailer_start = TagStart(fields, n - 1);
  if (trailer_start > run_begin) out.AddRawFields(std::string_view(data + run_begin, trailer_start - run_begin));
  return out.Finish();
}

}  // namespace fixwire
