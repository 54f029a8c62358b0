// load_inline.h: the definitions of simd/load.h (included by it; do not
// include directly). Internal headers of //simd include this one for the
// same functions.
#ifndef FIXWIRE_SIMD_INTERNAL_LOAD_INLINE_H_
#define FIXWIRE_SIMD_INTERNAL_LOAD_INLINE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fixwire::simd {

inline std::uint64_t Load8(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline void Store8(char* p, std::uint64_t bytes) noexcept { std::memcpy(p, &bytes, 8); }

inline std::uint64_t LoadPartial(const char* p, std::size_t n) noexcept {
  if (n >= 4) {
    std::uint32_t lo;
    std::uint32_t hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);  // overlaps lo when n < 8: same bytes, so OR is exact
    return lo | (static_cast<std::uint64_t>(hi) << (8 * (n - 4)));
  }
  if (n >= 2) {
    std::uint16_t lo;
    std::uint16_t hi;
    std::memcpy(&lo, p, 2);
    std::memcpy(&hi, p + n - 2, 2);
    return lo | (static_cast<std::uint64_t>(hi) << (8 * (n - 2)));
  }
  return static_cast<unsigned char>(p[0]);
}

}  // namespace fixwire::simd

#endif  // FIXWIRE_SIMD_INTERNAL_LOAD_INLINE_H_
