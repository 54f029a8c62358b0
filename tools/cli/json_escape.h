// json_escape.h: AppendJsonString, which writes bytes as a JSON string
// exactly and reversibly.
//
// Every byte becomes one code point: '"' and '\\' are escaped, control bytes
// (SOH included) are \u00XX (\n, \r, \t, \b, \f as such), printable ASCII is
// itself, and bytes 0x80-0xFF are \u0080-\u00FF. So a parser's string,
// encoded as Latin-1 (Python: s.encode("latin-1")), gives back the original
// bytes, binary data fields included. No allocation; one thread per Output.
#ifndef FIXWIRE_TOOLS_CLI_JSON_ESCAPE_H_
#define FIXWIRE_TOOLS_CLI_JSON_ESCAPE_H_

#include <cstdint>
#include <string_view>

#include "simd/digits.h"

#include "tools/cli/output.h"

namespace fixwire::cli {

void AppendJsonString(Output& out, std::string_view bytes);

// EscapeTo writes the escaped bytes (no quotes) at p, which has room for
// 6 * bytes.size(), and returns the end.
char* EscapeTo(char* p, std::string_view bytes) noexcept;

// AppendJsonField writes [tag,"value"] (the json command's field pair).
inline void AppendJsonField(Output& out, std::uint32_t tag, std::string_view value) {
  if (value.size() > (Output::kBufferSize >> 4)) {
    out.Append('[');
    out.AppendUint(tag);
    out.Append(',');
    AppendJsonString(out, value);
    out.Append(']');
    return;
  }
  char* const begin = out.Reserve(value.size() * 6 + 24);
  char* p = begin;
  *p++ = '[';
  if (tag < 10) {
    *p++ = static_cast<char>('0' + tag);
  } else if (tag < 100) {
    p[0] = static_cast<char>('0' + tag / 10);
    p[1] = static_cast<char>('0' + tag % 10);
    p += 2;
  } else if (tag < 1000) {
    p[0] = static_cast<char>('0' + tag / 100);
    p[1] = static_cast<char>('0' + tag / 10 % 10);
    p[2] = static_cast<char>('0' + tag % 10);
    p += 3;
  } else {
    p += simd::FormatUnsigned(tag, p);
  }
  *p++ = ',';
  *p++ = '"';
  p = EscapeTo(p, value);
  *p++ = '"';
  *p++ = ']';
  out.Commit(static_cast<std::size_t>(p - begin));
}

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_JSON_ESCAPE_H_
