// error.h: the error codes of fixwire's hot paths (decode, frame, parse, encode).
//
// An ErrorCode is a small enum; a failure also carries the byte offset where it
// was found and the tag involved (0 when none), in fixwire::Error. Every code
// has a stable name (ErrorCodeName), used by the CLI's JSON output and by
// logs; names never change once released. No exceptions, no allocation, no
// output to stderr on any error path.
//
// kIncomplete ("need more bytes") is not an error of the input: a framer waits
// for more data, a decoder given a whole message reports it as truncation.
#ifndef FIXWIRE_VALUES_ERROR_H_
#define FIXWIRE_VALUES_ERROR_H_

#include <cstdint>
#include <string_view>

namespace fixwire {

enum class ErrorCode : std::uint8_t {
  kOk = 0,                  // success
  kIncomplete,              // the bytes end before the message does
  kBadBeginString,          // the message does not start with "8=" and a FIX/FIXT version
  kMissingBodyLength,       // the second field is not 9=
  kBadBodyLength,           // 9= is not a positive decimal of 1..9 digits
  kBodyLengthMismatch,      // 10= does not start where BodyLength says the body ends
  kMissingMsgType,          // the third field is not 35=
  kMissingCheckSum,         // no 10= trailer where one must be
  kBadCheckSum,             // 10= is not exactly three digits followed by SOH
  kCheckSumMismatch,        // 10= differs from the byte sum mod 256
  kBadTag,                  // a tag is empty, not all digits, has leading zeros, is 0 or too large
  kMissingEquals,           // a field has no '=' before its SOH
  kEmptyValue,              // a field has "tag=" followed directly by SOH
  kMissingSoh,              // a value runs to the end of the bytes with no SOH
  kBadDataLength,           // a Length field (e.g. 95) is not a valid count
  kDataLengthPastEnd,       // a data field's length goes past the end of the message
  kDataFieldNotNext,        // the field after a Length field is not its data field
  kIndexCapacityExceeded,   // more fields than the caller's index storage holds
  kMessageTooLarge,         // longer than the configured maximum message size
  kBadValue,                // a typed value does not parse as its type
  kValueOutOfRange,         // a typed value parses but does not fit its type
  kFieldNotFound,           // the requested tag is not in the message
  kBufferTooSmall,          // the encoder's output buffer is full
  kInvalidValue,            // a value to encode would break the message (SOH, empty...)
  kInvalidTag,              // a tag to encode is 0 or too large
  kGroupCountMismatch,      // NumInGroup differs from the entries found
  kGroupMissingDelimiter,   // a group entry does not start with the delimiter field
  kGroupFieldOutOfOrder,    // a group entry's fields are out of the dictionary's order
  kGroupUnknownField,       // a field inside a group entry that the group does not define
  kArenaExhausted,          // the arena or pool has no room left
  kDictionaryMismatch,      // the dictionary does not describe this message's version
  kFieldOutOfPlace,         // 8, 9 or 10 inside the body, where the framing forbids them
};

// kLastErrorCode is the highest enumerator, for tables and tests that cover every code.
inline constexpr ErrorCode kLastErrorCode = ErrorCode::kFieldOutOfPlace;

// ErrorCodeName returns the stable name of a code: "ok", "incomplete",
// "bad_begin_string", ... (snake case of the enumerator without the k).
std::string_view ErrorCodeName(ErrorCode code) noexcept;

// ErrorCodeHint returns, for a code that reports a limit the caller set
// rather than a fault of the input (index_capacity_exceeded,
// message_too_large, arena_exhausted, buffer_too_small), one sentence saying
// which limit to raise and how; an empty view for every other code.
std::string_view ErrorCodeHint(ErrorCode code) noexcept;

// Error is a failure with its position: `offset` is the byte offset from the
// start of the message (or stream chunk) where it was found, `tag` the tag of
// the field involved or 0.
struct Error {
  ErrorCode code = ErrorCode::kOk;
  std::uint32_t offset = 0;
  std::uint32_t tag = 0;

  constexpr bool ok() const noexcept { return code == ErrorCode::kOk; }
};

}  // namespace fixwire

#endif  // FIXWIRE_VALUES_ERROR_H_
