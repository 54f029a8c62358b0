// message_template.cc: building a MessageTemplate (cold path).
#include "codec/message_template.h"

#include <cstring>

#include "codec/internal/format_text.h"

namespace fixwire {

Error MessageTemplate::Init(std::string_view begin_string, std::string_view msg_type,
                            TimePrecision sending_time_precision) noexcept {
  error_ = Error{};
  head_size_ = 0;
  header_size_ = 0;
  header_sum_ = 0;
  body_size_ = 0;
  precision_ = sending_time_precision;
  if (begin_string.empty() || begin_string.size() > Encoder::kMaxBeginStringSize ||
      codec_internal::ContainsSoh(begin_string.data(), begin_string.size())) {
    error_ = Error{ErrorCode::kInvalidValue, 0, 8};
    return error_;
  }
  switch (sending_time_precision) {
    case TimePrecision::kSeconds:
    case TimePrecision::kMillis:
    case TimePrecision::kMicros:
    case TimePrecision::kNanos:
    case TimePrecision::kPicos:
      break;
    default:
      error_ = Error{ErrorCode::kInvalidValue, 0, 52};
      return error_;
  }
  head_[0] = '8';
  head_[1] = '=';
  std::memcpy(head_ + 2, begin_string.data(), begin_string.size());
  std::memcpy(head_ + 2 + begin_string.size(), "\x01" "9=", 3);
  head_size_ = begin_string.size() + 5;
  head_sum_ = 0;
  for (std::size_t i = 0; i < head_size_; ++i) head_sum_ += static_cast<unsigned char>(head_[i]);
  return AddHeaderFields([msg_type](Encoder& e) noexcept { e.AddString(35, msg_type); });
}

}  // namespace fixwire
