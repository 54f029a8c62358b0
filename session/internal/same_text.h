// same_text.h: SameText, equality of two short byte strings (CompIDs,
// BeginString) without a call to memcmp: the session compares three of them
// on every inbound message.
//
// Reads only bytes inside both strings (overlapping word loads). Pure;
// any thread.
#ifndef FIXWIRE_SESSION_INTERNAL_SAME_TEXT_H_
#define FIXWIRE_SESSION_INTERNAL_SAME_TEXT_H_

#include <cstring>
#include <string_view>

#include "fixwire/simd/load.h"

namespace fixwire::session_internal {

inline bool SameText(std::string_view a, std::string_view b) noexcept {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  if (n == 0) return true;
  const char* x = a.data();
  const char* y = b.data();
  if (n < 8) return simd::LoadPartial(x, n) == simd::LoadPartial(y, n);
  if (n <= 16) {
    return simd::Load8(x) == simd::Load8(y) && simd::Load8(x + n - 8) == simd::Load8(y + n - 8);
  }
  return std::memcmp(x, y, n) == 0;
}

}  // namespace fixwire::session_internal

#endif  // FIXWIRE_SESSION_INTERNAL_SAME_TEXT_H_
