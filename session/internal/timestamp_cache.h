// timestamp_cache.h: TimestampCache, ParseUtcTimestamp for a stream of
// SendingTimes that mostly fall in the same minute: the minute
// ("YYYYMMDD-HH:MM:") of the last parsed value is kept with its first
// nanosecond, and a value in that minute costs a 15-byte comparison and the
// seconds and fraction digits (milliseconds, the usual precision, as one word).
//
// Same results as ParseUtcTimestamp for every input (values it would
// reject go to it, and so do leap seconds and lengths other than 17, 21, 24
// and 27). One per session; not thread-safe; never allocates.
#ifndef FIXWIRE_SESSION_INTERNAL_TIMESTAMP_CACHE_H_
#define FIXWIRE_SESSION_INTERNAL_TIMESTAMP_CACHE_H_

#include <cstdint>
#include <cstring>
#include <string_view>

#include "fixwire/simd/load.h"
#include "fixwire/values/error.h"
#include "fixwire/values/values.h"

namespace fixwire::session_internal {

class TimestampCache {
 public:
  // Parse: the usual case (milliseconds in the cached minute) in line, the
  // rest out of line.
  [[gnu::always_inline]] ErrorCode Parse(std::string_view text, std::int64_t* nanos) noexcept {
    const char* p = text.data();
    if (valid_ && text.size() == 21 && simd::Load8(p) == prefix_lo_ &&
        simd::Load8(p + 7) == prefix_hi_) {
      const unsigned s1 = static_cast<unsigned char>(p[15]) - '0';
      const unsigned s0 = static_cast<unsigned char>(p[16]) - '0';
      std::uint32_t word;
      std::memcpy(&word, p + 17, 4);
      const std::uint32_t x = word ^ 0x3030302Eu;
      if (s1 <= 5 && s0 <= 9 && MillisOk(x)) {
        *nanos = minute_nanos_ + std::int64_t{s1 * 10 + s0} * 1'000'000'000 + Millis(x);
        return ErrorCode::kOk;
      }
    }
    return ParseAny(text, nanos);
  }

 private:
  // ".ddd" as one word XORed with ".000": '.' becomes 0 and each digit its
  // value; MillisOk checks every byte at once (no carry: each is below 16
  // before the +6), Millis is the fraction in nanoseconds.
  static bool MillisOk(std::uint32_t x) noexcept {
    return (x & 0xF0F0F0FFu) == 0 && ((x + 0x06060600u) & 0xF0F0F000u) == 0;
  }
  static std::int64_t Millis(std::uint32_t x) noexcept {
    return std::int64_t{((x >> 8) & 0xFF) * 100 + ((x >> 16) & 0xFF) * 10 + (x >> 24)} * 1'000'000;
  }

  // ParseAny: every input (the cached minute at any precision, or the full
  // parser, whose minute it then caches).
  [[gnu::noinline]] ErrorCode ParseAny(std::string_view text, std::int64_t* nanos) noexcept {
    const std::size_t n = text.size();
    const char* p = text.data();
    if (valid_ && (n == 17 || n == 21 || n == 24 || n == 27) &&
        simd::Load8(p) == prefix_lo_ && simd::Load8(p + 7) == prefix_hi_) {
      const unsigned s1 = static_cast<unsigned char>(p[15]) - '0';
      const unsigned s0 = static_cast<unsigned char>(p[16]) - '0';
      if (s1 <= 5 && s0 <= 9) {
        std::int64_t fraction = 0;
        bool ok = true;
        if (n > 17) {
          ok = p[17] == '.';
          for (std::size_t i = 18; i < n; ++i) {
            const unsigned d = static_cast<unsigned char>(p[i]) - '0';
            ok = ok && d <= 9;
            fraction = fraction * 10 + d;
          }
          for (std::size_t i = n; i < 27; ++i) fraction *= 10;
        }
        if (ok) {
          *nanos = minute_nanos_ + std::int64_t{s1 * 10 + s0} * 1'000'000'000 + fraction;
          return ErrorCode::kOk;
        }
      }
    }
    const ErrorCode e = ParseUtcTimestamp(text, nanos);
    if (e == ErrorCode::kOk && n >= 17 && *nanos >= 0) {
      const std::int64_t minute = *nanos - *nanos % 60'000'000'000;
      // Cached only when the text's seconds say where in the minute it is
      // (a leap second, :60, is parsed by the full parser every time).
      if (*nanos - minute < 60'000'000'000 && p[15] <= '5') {
        prefix_lo_ = simd::Load8(p);
        prefix_hi_ = simd::Load8(p + 7);
        minute_nanos_ = minute;
        valid_ = true;
      }
    }
    return e;
  }

  std::uint64_t prefix_lo_ = 0;  // text[0..8)
  std::uint64_t prefix_hi_ = 0;  // text[7..15)
  std::int64_t minute_nanos_ = 0;
  bool valid_ = false;
};

}  // namespace fixwire::session_internal

#endif  // FIXWIRE_SESSION_INTERNAL_TIMESTAMP_CACHE_H_
