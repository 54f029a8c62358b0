// ordinary_field.h: the scalar field walk's per-field step, shared by the
// decoder's scalar walk (decoder.cc) and its AVX-512 walk
// (field_walk_avx512.cc), which falls back to it for single blocks.
//
// Internal to the decoder. OrdinaryField takes one field of the common shape
// (a tag of 1..4 digits without leading zero, '=', a non-empty value, not a
// special tag) and FastFields the ordinary fields ending in one 64-byte block;
// WalkResult is what a whole walk returns. The functions are in an unnamed
// namespace: each translation unit (compiled for its own ISA) gets its own
// copy, never one built for another ISA. They read at most the four bytes at
// a field's start and the byte after its tag, all before the field's SOH.
#ifndef FIXWIRE_WIRE_INTERNAL_ORDINARY_FIELD_H_
#define FIXWIRE_WIRE_INTERNAL_ORDINARY_FIELD_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fixwire/values/field.h"
#include "fixwire/simd/structural_scan.h"

namespace fixwire::wire_internal {

// kWalkStopped is a walk's sum when it stopped early (no byte sum reaches it).
inline constexpr std::uint64_t kWalkStopped = ~std::uint64_t{0};

// WalkResult is a field walk's answer, returned in two registers.
struct WalkResult {
  Field* next;        // one past the last field written
  std::uint64_t sum;  // byte sum of [0, body_end), or kWalkStopped
};

namespace {

// Most fields FastWalk can take from one 64-byte block: each is at least 4
// bytes ("1=x<SOH>") and ends at an SOH of the block, and one may start in
// the block before.
constexpr std::size_t kMostFieldsPerBlock = simd::kBlockBytes / 4 + 1;

// TagFromDigits combines up to four tag digits (byte values 0..9, the most
// significant at the top of the low 32 bits, none missing below) into the tag.
[[gnu::always_inline]] inline std::uint32_t TagFromDigits(std::uint32_t digits) noexcept {
  digits = (digits * 2561) >> 8 & 0x00FF00FFu;  // pairs: 10 * high + low in each 16 bits
  return (digits * 6553601) >> 16;               // 100 * high pair + low pair
}

// AppendField writes the next Field of the index and advances `next`.
[[gnu::always_inline]] inline void AppendField(Field*& next, std::uint32_t tag,
                                               std::size_t value_start,
                                               std::size_t length) noexcept {
  next->tag = tag;
  next->offset = static_cast<std::uint32_t>(value_start);
  next->length = static_cast<std::uint32_t>(length);
  ++next;
}

// Ctz is countr_zero for x != 0 as one tzcnt (a bsf where BMI is missing:
// the same result for x != 0), already 64-bit: the builtin adds a sign
// extension and a dependency-breaking zeroing per use in the hot loop.
[[gnu::always_inline]] inline std::uint64_t Ctz(std::uint64_t x) noexcept {
#if defined(__x86_64__)
  std::uint64_t r;
  __asm__("tzcnt %1, %0" : "=r"(r) : "r"(x) : "cc");
  return r;
#else
  return static_cast<std::uint64_t>(__builtin_ctzll(x));
#endif
}

// Digits4 is what LeadingDigits4 found in four bytes: `bit`, 8 * digits + 7
// (digits 0..4), and the bytes less '0', from which Value() combines the digits.
struct Digits4 {
  std::uint64_t bit;
  std::uint32_t x4;
  // The digits to the top of the low 32 bits (none left for zero digits: 0),
  // then combined: x4 << (39 - bit) as two rotations (x4 < 2^32 and 39 - bit
  // <= 32, so nothing wraps), one of them by a constant, rather than a
  // subtraction and a shift.
  std::uint32_t Value() const noexcept {
    return TagFromDigits(
        static_cast<std::uint32_t>(std::rotr(std::rotl(std::uint64_t{x4}, 39), static_cast<int>(bit))));
  }
};

// LeadingDigits4 finds the run of digits at the start of four bytes (read
// little-endian into w4) that a tag or a BodyLength of up to four digits is:
// byte 0 counts as a digit only when it is '1'..'9' (no leading zero), the
// others when '0'..'9'.
[[gnu::always_inline]] inline Digits4 LeadingDigits4(std::uint32_t w4) noexcept {
  const std::uint32_t x4 = w4 - 0x30303030u;
  // Byte 0 is a first digit when x - 1 is 0..8, the others digits when x is 0..9; a high
  // bit marks the first byte that is not (exact up to it, borrows and carries included).
  const std::uint32_t y4 = x4 - 1;
  const std::uint32_t non_digit4 = (y4 | (y4 + 0x76767677u)) & 0x80808080u;
  // Bit 8 * digits + 7, digits 0..4 (bit 39: all four bytes are digits).
  return Digits4{Ctz(std::uint64_t{non_digit4} | (std::uint64_t{1} << 39)), x4};
}

#if defined(__x86_64__) && defined(__BMI__)
// TagDigits is LeadingDigits4's answer where BMI1 is there (its tzcnt of a
// 32-bit zero is 32): `bits`, 8 * digits (0..4), and the bytes less '0'.
// The same digits and Value() as LeadingDigits4's, without its 64-bit stop
// bit (a constant that takes a register in the walk's loop) and with a
// shift in place of its two rotations (which need the count in cl).
struct TagDigits {
  std::uint64_t bits;
  std::uint32_t x4;
  // bits >> 3; with BMI2 one shrx (bits stays where it is: no copy first).
  std::uint64_t Digits() const noexcept {
#if defined(__BMI2__)
    std::uint64_t digits;
    __asm__("shrx %2, %1, %0" : "=r"(digits) : "r"(bits), "r"(std::uint64_t{3}));
    return digits;
#else
    return bits >> 3;
#endif
  }
  // The digits to the top of the low 32 bits: x4 << (32 - bits), exact in
  // 64 bits; then TagFromDigits, its last step written so that the result
  // is known to be zero-extended (a table index with no extra move).
  std::uint64_t Value() const noexcept {
    std::uint32_t digits = static_cast<std::uint32_t>((std::uint64_t{x4} << 32) >> bits);
    digits = (digits * 2561) >> 8 & 0x00FF00FFu;  // as TagFromDigits
    std::uint64_t tag;
    __asm__("imul $6553601, %k1, %k0\n\tshr $16, %k0" : "=r"(tag) : "r"(digits) : "cc");
    return tag;
  }
};

[[gnu::always_inline]] inline TagDigits LeadingTagDigits(std::uint32_t w4) noexcept {
  const std::uint32_t x4 = w4 - 0x30303030u;
  // As LeadingDigits4: a high bit at the first byte that is not a digit (byte 0: not 1..9).
  const std::uint32_t y4 = x4 - 1;
  const std::uint32_t non_digit4 = (y4 | (y4 + 0x76767677u)) & 0x80808080u;
  // The high bits moved to bits 0, 8, 16, 24: tzcnt is 8 * digits, 32 for four digits.
  std::uint64_t bits;
  __asm__("tzcnt %k1, %k0" : "=r"(bits) : "r"(non_digit4 >> 7) : "cc");
  return TagDigits{bits, x4};
}
#endif

// OrdinaryField takes the field at pos whose SOH is at `soh` when it is
// ordinary (and, kCheckRoom, fits): appends it and moves pos past it.
// Returns false, changing nothing, otherwise. The leading-digit test is folded
// into the digit scan: the first byte is tested as x - 1 <= 8 (so '0' and
// non-digits end the tag at zero digits), and a tag of zero digits parses as
// 0, which special[0] marks. The next position is soh + 1, which depends on
// the SOH mask alone, not on this field's tag: so the walk's loop-carried
// chain is the mask's blsr, and each field's tag parse overlaps the next
// one's (a length taken with a destructive sub and the position as
// value_start + length + 1 saved the copy of soh, one instruction per field,
// and put the whole tag parse on that chain: decode Heartbeat 32 -> 40 ns;
// docs/decoding.md, stop 19).
template <bool kCheckRoom>
[[gnu::always_inline]] inline bool OrdinaryField(const char* data, const std::uint8_t* special,
                                                 Field* out_end, std::size_t soh,
                                                 std::size_t& pos, Field*& next) noexcept {
  std::uint32_t w4;
  std::memcpy(&w4, data + pos, 4);  // pos + 4 <= body_end + 3 < size
#if defined(__x86_64__) && defined(__BMI__)
  const TagDigits d = LeadingTagDigits(w4);
  std::size_t value_start = pos + d.Digits() + 1;
  // Opaque from here: GCC keeps value_start (one lea) and tests the '=' at
  // value_start - 1, rather than keeping pos + digits and adding 1 after.
  __asm__("" : "+r"(value_start));
#else
  const Digits4 d = LeadingDigits4(w4);
  const std::size_t value_start = pos + (d.bit >> 3) + 1;
#endif
  if (data[value_start - 1] != '=') [[unlikely]] return false;  // in bounds: <= pos + 4
  // Zero digits (not a tag) parse as 0.
  const auto tag = d.Value();
  const std::size_t length = soh - value_start;
  if (length == 0) [[unlikely]] return false;
  if (kCheckRoom && next == out_end) [[unlikely]] return false;
  if (special[tag] != 0) [[unlikely]] return false;  // also tag 0: no digits or a leading zero
  AppendField(next, static_cast<std::uint32_t>(tag), value_start, length);
  pos = soh + 1;
  return true;
}

// FastFields indexes the ordinary fields (OrdinaryField) ending in the
// current block, for as long as they come. Returns true when the block's SOH
// bits are used up (bits == 0), false when a field needs the general path
// (its SOH bit left set, pos at its start). kCheckRoom false: the caller has
// made sure the index has room for kMostFieldsPerBlock more fields.
template <bool kCheckRoom>
[[gnu::always_inline]] inline bool FastFields(const char* data, const std::uint8_t* special,
                                              Field* out_end, std::size_t block_base,
                                              std::uint64_t& bits, std::size_t& pos,
                                              Field*& next) noexcept {
  do {
    const std::size_t soh = block_base + Ctz(bits);
    if (!OrdinaryField<kCheckRoom>(data, special, out_end, soh, pos, next)) [[unlikely]] {
      return false;
    }
    bits &= bits - 1;
  } while (bits != 0);
  return true;
}

}  // namespace
}  // namespace fixwire::wire_internal

#endif  // FIXWIRE_WIRE_INTERNAL_ORDINARY_FIELD_H_
