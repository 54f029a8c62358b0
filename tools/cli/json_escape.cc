// json_escape.cc: the escaping of json_escape.h.
#include "tools/cli/json_escape.h"

#include <cstdint>

namespace fixwire::cli {
namespace {

inline bool Plain(unsigned char c) { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; }

// AppendEscaped escapes one chunk of at most kChunk bytes (no quotes).
constexpr std::size_t kChunk = 64 << 10;

void AppendEscaped(Output& out, std::string_view bytes) {
  // Worst case 6 output bytes per input byte.
  char* const begin = out.Reserve(bytes.size() * 6);
  char* p = begin;
  static constexpr char kHex[] = "0123456789abcdef";
  for (unsigned char c : bytes) {
    if (Plain(c)) [[likely]] {
      *p++ = static_cast<char>(c);
      continue;
    }
    *p++ = '\\';
    switch (c) {
      case '"':
        *p++ = '"';
        break;
      case '\\':
        *p++ = '\\';
        break;
      case '\n':
        *p++ = 'n';
        break;
      case '\r':
        *p++ = 'r';
        break;
      case '\t':
        *p++ = 't';
        break;
      case '\b':
        *p++ = 'b';
        break;
      case '\f':
        *p++ = 'f';
        break;
      default:
        *p++ = 'u';
        *p++ = '0';
        *p++ = '0';
        *p++ = kHex[c >> 4];
        *p++ = kHex[c & 15];
    }
  }
  out.Commit(static_cast<std::size_t>(p - begin));
}

}  // namespace

void AppendJsonString(Output& out, std::string_view bytes) {
  out.Append('"');
  while (bytes.size() > kChunk) {
    AppendEscaped(out, bytes.substr(0, kChunk));
    bytes.remove_prefix(kChunk);
  }
  AppendEscaped(out, bytes);
  out.Append('"');
}

}  // namespace fixwire::cli
