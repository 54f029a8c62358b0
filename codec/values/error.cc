// error.cc: the stable names of the error codes.
#include "fixwire/values/error.h"

namespace fixwire {

std::string_view ErrorCodeName(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::kOk:
      return "ok";
    case ErrorCode::kIncomplete:
      return "incomplete";
    case ErrorCode::kBadBeginString:
      return "bad_begin_string";
    case ErrorCode::kMissingBodyLength:
      return "missing_body_length";
    case ErrorCode::kBadBodyLength:
      return "bad_body_length";
    case ErrorCode::kBodyLengthMismatch:
      return "body_length_mismatch";
    case ErrorCode::kMissingMsgType:
      return "missing_msg_type";
    case ErrorCode::kMissingCheckSum:
      return "missing_check_sum";
    case ErrorCode::kBadCheckSum:
      return "bad_check_sum";
    case ErrorCode::kCheckSumMismatch:
      return "check_sum_mismatch";
    case ErrorCode::kBadTag:
      return "bad_tag";
    case ErrorCode::kMissingEquals:
      return "missing_equals";
    case ErrorCode::kEmptyValue:
      return "empty_value";
    case ErrorCode::kMissingSoh:
      return "missing_soh";
    case ErrorCode::kBadDataLength:
      return "bad_data_length";
    case ErrorCode::kDataLengthPastEnd:
      return "data_length_past_end";
    case ErrorCode::kDataFieldNotNext:
      return "data_field_not_next";
    case ErrorCode::kIndexCapacityExceeded:
      return "index_capacity_exceeded";
    case ErrorCode::kMessageTooLarge:
      return "message_too_large";
    case ErrorCode::kBadValue:
      return "bad_value";
    case ErrorCode::kValueOutOfRange:
      return "value_out_of_range";
    case ErrorCode::kFieldNotFound:
      return "field_not_found";
    case ErrorCode::kBufferTooSmall:
      return "buffer_too_small";
    case ErrorCode::kInvalidValue:
      return "invalid_value";
    case ErrorCode::kInvalidTag:
      return "invalid_tag";
    case ErrorCode::kGroupCountMismatch:
      return "group_count_mismatch";
    case ErrorCode::kGroupMissingDelimiter:
      return "group_missing_delimiter";
    case ErrorCode::kGroupFieldOutOfOrder:
      return "group_field_out_of_order";
    case ErrorCode::kGroupUnknownField:
      return "group_unknown_field";
    case ErrorCode::kArenaExhausted:
      return "arena_exhausted";
    case ErrorCode::kDictionaryMismatch:
      return "dictionary_mismatch";
    case ErrorCode::kFieldOutOfPlace:
      return "field_out_of_place";
  }
  return "unknown";
}

std::string_view ErrorCodeHint(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::kIndexCapacityExceeded:
      return "the message has more fields than the FieldIndex holds: make the index with "
             "FieldIndex::CapacityFor(max_message_size) fields, or decode with a MessageDecoder, "
             "which sizes its index from the largest message it accepts";
    case ErrorCode::kMessageTooLarge:
      return "the message is longer than max_message_size: raise it in the decoder's options "
             "(a MessageDecoder sizes its index to match; a FieldIndex of your own needs "
             "FieldIndex::CapacityFor(max_message_size) fields)";
    case ErrorCode::kArenaExhausted:
      return "the arena or buffer pool has no room left: give it more bytes or buffers";
    case ErrorCode::kBufferTooSmall:
      return "the output buffer is full: give the encoder a larger buffer";
    default:
      return {};
  }
}

}  // namespace fixwire
