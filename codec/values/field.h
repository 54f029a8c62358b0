// field.h: one entry of a decoded message's field index.
//
// A Field locates a value inside the message bytes it was decoded from: the
// value is bytes[offset, offset + length). It owns nothing; it is meaningful
// only together with those bytes (see message_view.h).
#ifndef FIXWIRE_VALUES_FIELD_H_
#define FIXWIRE_VALUES_FIELD_H_

#include <cstdint>

namespace fixwire {

// Tags are positive integers; fixwire accepts 1..kMaxTag.
inline constexpr std::uint32_t kMaxTag = 999'999'999;

struct Field {
  std::uint32_t tag;     // the field's tag number
  std::uint32_t offset;  // offset of the value's first byte from the start of the message
  std::uint32_t length;  // value length in bytes (data fields may contain SOH)
};
static_assert(sizeof(Field) == 12);

}  // namespace fixwire

#endif  // FIXWIRE_VALUES_FIELD_H_
