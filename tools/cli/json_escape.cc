// json_escape.cc: the escaping of json_escape.h.
#include "tools/cli/json_escape.h"

#include <cstdint>
#include <cstring>

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

// EscapeByte writes the escape of one byte that is not plain.
inline char* EscapeByte(char* p, unsigned char c) noexcept {
  static constexpr char kHex[] = "0123456789abcdef";
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
  return p;
}

// AppendEscaped escapes one chunk of at most kChunk bytes (no quotes).
constexpr std::size_t kChunk = 16 << 10;

void AppendEscaped(Output& out, std::string_view bytes) {
  // Worst case 6 output bytes per input byte, plus the 8-byte store slack.
  char* const begin = out.Reserve(bytes.size() * 6 + kEscapeSlack);
  out.Commit(static_cast<std::size_t>(EscapeTo(begin, bytes) - begin));
}

}  // namespace

char* EscapeTo(char* p, std::string_view bytes, const char* readable_end) noexcept {
  const char* s = bytes.data();
  std::size_t n = bytes.size();
  // Sixteen bytes at a time while sixteen are readable: store them all, keep
  // the clean ones (all of them, or those before the first byte to escape).
  while (n != 0 && readable_end - s >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
    unsigned m = json_internal::NeedsEscapeMask(x);
    if (n < 16) m &= (1u << n) - 1;  // lanes past the bytes do not count
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), x);
    if (m == 0) {
      const std::size_t k = n < 16 ? n : 16;
      p += k;
      s += k;
      n -= k;
      continue;
    }
    const auto k = static_cast<std::size_t>(__builtin_ctz(m));
    p = EscapeByte(p + k, static_cast<unsigned char>(s[k]));
    s += k + 1;
    n -= k + 1;
  }
  for (; n != 0; --n, ++s) {  // the last few bytes of the buffer
    const auto c = static_cast<unsigned char>(*s);
    if (kPlain.plain[c]) {
      *p++ = static_cast<char>(c);
    } else {
      p = EscapeByte(p, c);
    }
  }
  return p;
}

void AppendJsonField(Output& out, std::uint32_t tag, std::string_view value) {
  if (JsonFieldRoom(value.size()) > (Output::kBufferSize >> 4)) {
    out.Append('[');
    out.AppendUint(tag);
    out.Append(',');
    AppendJsonString(out, value);
    out.Append(']');
    return;
  }
  char* const begin = out.Reserve(JsonFieldRoom(value.size()));
  out.Commit(static_cast<std::size_t>(WriteJsonField(begin, tag, value, value.data() + value.size()) - begin));
}

void AppendJsonRecordStart(Output& out, const std::string* file, std::uint64_t offset) {
  out.Append('{');
  if (file != nullptr) {
    out.Append("\"file\":");
    AppendJsonString(out, *file);
    out.Append(',');
  }
  out.Append("\"offset\":");
  out.AppendUint(offset);
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
