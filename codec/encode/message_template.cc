// message_template.cc: building a MessageTemplate (cold path).
#include "fixwire/encode/message_template.h"

#include <cstring>

#include "fixwire/wire/data_fields.h"
#include "fixwire/encode/internal/format_text.h"

namespace fixwire {

Error MessageTemplate::CheckNoReservedTags(const char* fields, std::size_t size) noexcept {
  // The fragment was written by the encoder: "tag=value<SOH>" fields whose
  // values hold no SOH, except data fields, whose size the Length field before gives.
  const LengthFieldTable& lengths = StandardLengthFields();
  std::size_t i = 0;
  std::size_t data_size = 0;  // > 0: the field at i is a data field of this size
  while (i < size) {
    const std::size_t start = i;
    std::uint32_t tag = 0;
    while (i < size && fields[i] != '=') tag = tag * 10 + static_cast<std::uint32_t>(fields[i++] - '0');
    ++i;  // '='
    switch (tag) {
      case 8: case 9: case 10: case 34: case 35: case 52:
        return Error{ErrorCode::kInvalidTag, static_cast<std::uint32_t>(start), tag};
      default:
        break;
    }
    const std::size_t value_start = i;
    if (data_size != 0 && value_start + data_size < size && fields[value_start + data_size] == '\x01') {
      i = value_start + data_size;
    } else {
      while (i < size && fields[i] != '\x01') ++i;
    }
    data_size = 0;
    if (lengths.IsLengthTag(tag)) {
      std::size_t n = 0;
      for (std::size_t k = value_start; k < i; ++k) n = n * 10 + static_cast<std::size_t>(fields[k] - '0');
      data_size = n;
    }
    ++i;  // SOH
  }
  return Error{};
}

Error MessageTemplate::Init(std::string_view begin_string, std::string_view msg_type,
                            TimePrecision sending_time_precision) noexcept {
  error_ = Error{};
  head_size_ = 0;
  header_size_ = 0;
  header_sum_ = 0;
  body_size_ = 0;
  body_sum_ = 0;
  precision_ = sending_time_precision;
  if (begin_string.empty() || begin_string.size() > Encoder::kMaxBeginStringSize ||
      encode_internal::ContainsSoh(begin_string.data(), begin_string.size())) {
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
  head_sum_ = ByteSumOf(head_, head_size_);
  auto write_msg_type = [msg_type](Encoder& e) noexcept { e.AddString(35, msg_type); };
  return AppendHeader(write_msg_type, /*check=*/false);
}

}  // namespace fixwire
