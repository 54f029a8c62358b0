// json_escape.h: AppendJsonString, which writes bytes as a JSON string
// exactly and reversibly, and the pieces the json command writes with.
//
// Every byte becomes one code point: '"' and '\\' are escaped, control bytes
// (SOH included) are \u00XX (\n, \r, \t, \b, \f as such), printable ASCII is
// itself, and bytes 0x80-0xFF are \u0080-\u00FF. So a parser's string,
// encoded as Latin-1 (Python: s.encode("latin-1")), gives back the original
// bytes, binary data fields included. No allocation; one thread per Output.
//
// Speed: bytes that need escaping are found 16 at a time (SSE2, part of
// baseline x86-64) and clean runs copied with 16-byte stores, so the
// destination needs kEscapeSlack bytes of slack, and the bytes may be read up
// to `readable_end` (never past it) beyond the ones escaped. A field whose
// value is at most 16 clean bytes is written inline, without a call.
#ifndef FIXWIRE_TOOLS_CLI_JSON_ESCAPE_H_
#define FIXWIRE_TOOLS_CLI_JSON_ESCAPE_H_

#include <emmintrin.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fixwire/simd/digits.h"
#include "tools/cli/output.h"

namespace fixwire::cli {

void AppendJsonString(Output& out, std::string_view bytes);

// kEscapeSlack: bytes EscapeTo may write past the end it returns.
inline constexpr std::size_t kEscapeSlack = 16;

// EscapeTo writes the escaped bytes (no quotes) at p, which has room for
// 6 * bytes.size() + kEscapeSlack, and returns the end of the escaped bytes.
// It reads only bytes in [bytes.data(), readable_end), readable_end being at
// or after the end of `bytes` (the end of the buffer holding them).
char* EscapeTo(char* p, std::string_view bytes, const char* readable_end) noexcept;
inline char* EscapeTo(char* p, std::string_view bytes) noexcept {
  return EscapeTo(p, bytes, bytes.data() + bytes.size());
}

// JsonFieldRoom: the room WriteJsonField needs for a value of `size` bytes.
inline constexpr std::size_t JsonFieldRoom(std::size_t size) { return 6 * size + 24 + kEscapeSlack; }

namespace json_internal {

// NeedsEscapeMask: bit i set when byte i of x is not written as itself
// (below 0x20 or 0x80 and up, which the signed compare catches together,
// '"' or '\\').
inline unsigned NeedsEscapeMask(__m128i x) noexcept {
  const __m128i special = _mm_or_si128(_mm_cmplt_epi8(x, _mm_set1_epi8(0x20)),
                                       _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                                    _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))));
  return static_cast<unsigned>(_mm_movemask_epi8(special));
}

}  // namespace json_internal

// WriteJsonField writes [tag,"value"] (the json command's field pair) at p,
// which has JsonFieldRoom(value.size()) bytes of room, and returns its end.
// value's bytes may be read up to readable_end (see EscapeTo).
inline char* WriteJsonField(char* p, std::uint32_t tag, std::string_view value,
                            const char* readable_end) noexcept {
  *p = '[';
  p += 1 + simd::FormatUnsigned(tag, p + 1);
  p[0] = ',';
  p[1] = '"';
  p += 2;
  const std::size_t n = value.size();
  if (n <= 16 && readable_end - value.data() >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(value.data()));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), x);
    if ((json_internal::NeedsEscapeMask(x) & ((1u << n) - 1)) == 0) [[likely]] {
      p += n;
    } else {
      p = EscapeTo(p, value, readable_end);
    }
  } else {
    p = EscapeTo(p, value, readable_end);
  }
  p[0] = '"';
  p[1] = ']';
  return p + 2;
}

// AppendJsonField writes [tag,"value"] to out.
void AppendJsonField(Output& out, std::uint32_t tag, std::string_view value);

// AppendJsonRecordStart opens a per-message JSON object: '{', then
// "file":"<name>", when `file` is not null, and "offset":N.
void AppendJsonRecordStart(Output& out, const std::string* file, std::uint64_t offset);

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_JSON_ESCAPE_H_
