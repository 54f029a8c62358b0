// json_escape.cc: the escaping of json_escape.h.
#include "tools/cli/json_escape.h"

#include <cstdint>

namespace fixwire::cli {
namespace {

// kPlain[c]: the byte is written as itself.
struct PlainTable {
  bool plain[256];
  constexpr PlainTable() : plain() {
    for (int c = 0; c < 256; ++c) plain[c] = c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
  }
};
constexpr PlainTable kPlain;

// AppendEscaped escapes one chunk of at most kChunk bytes (no quotes).
constexpr std::size_t kChunk = 64 << 10;

void AppendEscaped(Output& out, std::string_view bytes) {
  // Worst case 6 output bytes per input byte.
  char* const begin = out.Reserve(bytes.size() * 6);
  out.Commit(static_cast<std::size_t>(EscapeTo(begin, bytes) - begin));
}

}  // namespace

char* EscapeTo(char* p, std::string_view bytes) noexcept {
  static constexpr char kHex[] = "0123456789abcdef";
  for (unsigned char c : bytes) {
    if (kPlain.plain[c]) [[likely]] {
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
  return p;
}

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
