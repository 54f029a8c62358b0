// same_text.h: equality of short byte strings (CompIDs, BeginString) without
// a call to memcmp, for the checks the session makes on every inbound
// message: SameText compares two strings, KnownText one string fixed in
// advance (the session's own values, its words loaded once) with others.
//
// Both read only bytes inside the strings (overlapping word loads). Pure;
// any thread. A KnownText refers to its string, which must outlive it.
#ifndef FIXWIRE_SESSION_INTERNAL_SAME_TEXT_H_
#define FIXWIRE_SESSION_INTERNAL_SAME_TEXT_H_

#include <cstdint>
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

// KnownText: SameText(text, other) with text's words loaded in advance.
class KnownText {
 public:
  explicit KnownText(std::string_view text) noexcept : text_(text) {
    const std::size_t n = text.size();
    if (n != 0 && n < 8) {
      lo_ = simd::LoadPartial(text.data(), n);
    } else if (n >= 8 && n <= 16) {
      lo_ = simd::Load8(text.data());
      hi_ = simd::Load8(text.data() + n - 8);
    }
  }

  [[gnu::always_inline]] bool Matches(std::string_view other) const noexcept {
    const std::size_t n = text_.size();
    if (n != other.size()) return false;
    const char* y = other.data();
    if (n - 1 < 7) return lo_ == simd::LoadPartial(y, n);
    if (n - 8 <= 8) return lo_ == simd::Load8(y) && hi_ == simd::Load8(y + n - 8);
    return n == 0 || std::memcmp(text_.data(), y, n) == 0;
  }

 private:
  std::string_view text_;
  std::uint64_t lo_ = 0;  // text[0..8) (the n bytes below 8)
  std::uint64_t hi_ = 0;  // text[n-8..n) for 8..16 bytes
};

}  // namespace fixwire::session_internal

#endif  // FIXWIRE_SESSION_INTERNAL_SAME_TEXT_H_
