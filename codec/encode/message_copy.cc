// message_copy.cc: CopyMessage.
#include "fixwire/encode/message_copy.h"

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

  // Where each requested replacement's first occurrence is (Find: O(1), the
  // first in wire order; never 8, 9, 35 or the trailing 10, so an index in
  // 3..n-2), or that the source lacks it.
  struct Replacement {
    std::uint32_t index;
    std::uint32_t tag;
  };
  Replacement found[5];
  std::size_t found_count = 0;
  const Field* const first_field = fields.data();
  auto lacks = [&](bool requested, std::uint32_t tag) {
    if (!requested) return false;
    const Field* f = source.Find(tag);
    if (f == nullptr) return true;
    found[found_count++] = Replacement{static_cast<std::uint32_t>(f - first_field), tag};
    return false;
  };
  const bool add_sender = lacks(replace_sender, kTagSenderCompId);
  const bool add_target = lacks(replace_target, kTagTargetCompId);
  const bool add_seq = lacks(replace_seq, kTagMsgSeqNum);
  const bool add_time = lacks(replace_time, kTagSendingTime);
  const bool add_dup = lacks(poss_dup, kTagPossDupFlag);
  // Wire order of the replacements (at most five: insertion sort).
  for (std::size_t k = 1; k < found_count; ++k) {
    const Replacement r = found[k];
    std::size_t j = k;
    for (; j > 0 && found[j - 1].index > r.index; --j) found[j] = found[j - 1];
    found[j] = r;
  }

  out.Begin(source.begin_string(), source.msg_type());
  // Replacements the source lacks go right after 35.
  if (add_sender) write_sender();
  if (add_target) write_target();
  if (add_seq) write_seq();
  if (add_time) write_time();
  if (add_dup) out.AddChar(kTagPossDupFlag, 'Y');
  if (add_orig_time) out.AddString(kTagOrigSendingTime, original_time);

  // The rest: the runs of unchanged fields between the replaced ones copied
  // whole, each replaced field rewritten in place.
  std::uint32_t run_begin = TagStart(fields, 3);
  for (std::size_t k = 0; k < found_count; ++k) {
    const std::size_t i = found[k].index;
    const std::uint32_t tag_start = TagStart(fields, i);
    if (tag_start > run_begin) out.AddRawFields(std::string_view(data + run_begin, tag_start - run_begin));
    switch (found[k].tag) {
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
