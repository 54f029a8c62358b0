// timestamp_lanes.h: the shared core of the UTCTimestamp fast paths, the
// validator's check (dictionary_value_format.h UtcTimestampOk) and the
// parser's common case (values.cc ParseUtcTimestamp): "YYYYMMDD-HH:MM:SS"
// read with two 16-byte SSE2 loads, every byte's shape checked at once and
// the seven two-digit numbers put in 16-bit lanes. A kernel shared by the
// values and dictionary packages; it knows dates, not FIX.
//
// Promises: reads exactly p[0, 17) (the caller has checked that the text is
// at least 17 bytes long); never allocates; no state. x86-64 only (SSE2 is
// part of its baseline): FIXWIRE_HAVE_TIMESTAMP_LANES says whether it is
// there; elsewhere the callers use their portable SWAR code.
#ifndef FIXWIRE_SIMD_TIMESTAMP_LANES_H_
#define FIXWIRE_SIMD_TIMESTAMP_LANES_H_

#if defined(__SSE2__)
#define FIXWIRE_HAVE_TIMESTAMP_LANES 1
#include <emmintrin.h>

namespace fixwire::simd {

// The byte each position must hold, for text[0..16) and text[1..17): '0' for a
// digit (the byte minus '0' must be 0..9), the separator itself (minus it must be 0).
alignas(16) inline constexpr char kTimestampExpectAt0[16] = {
    '0', '0', '0', '0', '0', '0', '0', '0', '-', '0', '0', ':', '0', '0', ':', '0'};
alignas(16) inline constexpr char kTimestampExpectAt1[16] = {
    '0', '0', '0', '0', '0', '0', '0', '-', '0', '0', ':', '0', '0', ':', '0', '0'};

// TimestampLanes reads "YYYYMMDD-HH:MM:SS" at p[0, 17). Returns the 16-bit
// lanes century, year of century, month, day, hours, 0, minutes, seconds
// (each 0..99 when the shape holds); *bad gets a vector that is zero
// exactly when every byte has its shape (digits, '-' at 8, ':' at 11 and
// 14) and month <= 12, hours <= 23, minutes <= 59, seconds <= 60 (a leap
// second). Nothing else is checked (month 0, day 0..99, any year).
[[gnu::always_inline]] inline __m128i TimestampLanes(const char* p, __m128i* bad) noexcept {
  // Each byte minus what it must be: a digit's value 0..9, a separator's 0;
  // any other byte is above that limit (below '0' it wraps to 0xD0 and up).
  const __m128i x0 = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
                                  _mm_load_si128(reinterpret_cast<const __m128i*>(kTimestampExpectAt0)));
  const __m128i x1 = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1)),
                                  _mm_load_si128(reinterpret_cast<const __m128i*>(kTimestampExpectAt1)));
  const __m128i digit_limit0 = _mm_setr_epi8(9, 9, 9, 9, 9, 9, 9, 9, 0, 9, 9, 0, 9, 9, 0, 9);
  const __m128i digit_limit1 = _mm_setr_epi8(9, 9, 9, 9, 9, 9, 9, 0, 9, 9, 0, 9, 9, 0, 9, 9);
  const __m128i shape = _mm_or_si128(_mm_subs_epu8(x0, digit_limit0), _mm_subs_epu8(x1, digit_limit1));
  // Digit values with each number at an even byte: bytes 0..7 (YYYYMMDD) and
  // 12..13 (MM) from x0, 8..9 (HH, text 9..10) and 14..15 (SS, text 15..16) from x1.
  const __m128i from_x0 = _mm_setr_epi16(-1, -1, -1, -1, 0, -1, -1, 0);
  const __m128i x = _mm_or_si128(_mm_and_si128(from_x0, x0), _mm_andnot_si128(from_x0, x1));
  // 16-bit lanes: 10 * first + second digit.
  const __m128i numbers = _mm_and_si128(
      _mm_add_epi16(_mm_mullo_epi16(x, _mm_set1_epi16(10)), _mm_srli_epi16(x, 8)),
      _mm_set1_epi16(0xFF));
  // Above the month's, hours', minutes' or seconds' upper bound.
  *bad = _mm_or_si128(shape, _mm_subs_epu16(numbers, _mm_setr_epi16(-1, -1, 12, -1, 23, -1, 59, 60)));
  return numbers;
}

// AllZero: every byte of v is 0.
[[gnu::always_inline]] inline bool AllZero(__m128i v) noexcept {
  return _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) == 0xFFFF;
}

}  // namespace fixwire::simd

#endif  // defined(__SSE2__)

#endif  // FIXWIRE_SIMD_TIMESTAMP_LANES_H_
