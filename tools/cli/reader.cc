// reader.cc: delimiter detection, message-start search, gap classification
// and line conversion for reader.h.
#include "tools/cli/reader.h"

#include <cstring>

namespace fixwire::cli {

Delimiter DetectDelimiter(std::string_view bytes) {
  const std::size_t limit = std::min<std::size_t>(bytes.size(), 1 << 20);
  const std::size_t start = reader_internal::FindStart(bytes.data(), limit, 0);
  for (std::size_t i = start; i < limit && i < start + 64; ++i) {
    const char c = bytes[i];
    if (c == '\x01') return Delimiter::kSoh;
    if (c == '|') return Delimiter::kPipe;
    if (c == '^' && i + 1 < limit && bytes[i + 1] == 'A') return Delimiter::kCaret;
    if (c == '\n') break;
  }
  return Delimiter::kSoh;
}

namespace reader_internal {

std::size_t FindStart(const char* d, std::size_t size, std::size_t from) {
  while (from + 5 <= size) {
    const void* hit = memmem(d + from, size - from, "8=FIX", 5);
    if (hit == nullptr) return size;
    const std::size_t p = static_cast<std::size_t>(static_cast<const char*>(hit) - d);
    if (p == 0) return 0;
    const char prev = d[p - 1];
    if (prev == '\x01' || IsSpace(prev) || prev == ':') return p;
    from = p + 1;
  }
  return size;
}

bool IsIgnorableGap(const char* d, std::size_t size) {
  bool all_space = true;
  for (std::size_t i = 0; i < size; ++i) {
    if (d[i] == '\n' || d[i] == '\x01') return false;
    if (!IsSpace(d[i])) all_space = false;
  }
  if (all_space || size == 0) return true;
  const char last = d[size - 1];
  return last == ' ' || last == ':' || last == '\t';
}

void ToSoh(std::string_view line, Delimiter delimiter, std::vector<char>* out,
           std::vector<std::uint32_t>* map) {
  std::size_t n = line.size();
  if (n > 0 && line[n - 1] == '\r') --n;
  out->clear();
  out->reserve(n + 1);
  if (delimiter == Delimiter::kPipe) {
    out->resize(n);
    for (std::size_t i = 0; i < n; ++i) (*out)[i] = line[i] == '|' ? '\x01' : line[i];
  } else {
    map->clear();
    map->reserve(n + 2);
    for (std::size_t i = 0; i < n; ++i) {
      map->push_back(static_cast<std::uint32_t>(i));
      if (line[i] == '^' && i + 1 < n && line[i + 1] == 'A') {
        out->push_back('\x01');
        ++i;
      } else {
        out->push_back(line[i]);
      }
    }
    map->push_back(static_cast<std::uint32_t>(n));
  }
  // A line ending "<SOH>10=nnn" without its delimiter: supply it.
  const std::size_t m = out->size();
  if (m >= 7 && (*out)[m - 7] == '\x01' && (*out)[m - 6] == '1' && (*out)[m - 5] == '0' &&
      (*out)[m - 4] == '=' && (*out)[m - 3] >= '0' && (*out)[m - 3] <= '9' &&
      (*out)[m - 2] >= '0' && (*out)[m - 2] <= '9' && (*out)[m - 1] >= '0' &&
      (*out)[m - 1] <= '9') {
    out->push_back('\x01');
    if (delimiter == Delimiter::kCaret) map->push_back(static_cast<std::uint32_t>(n));
  }
}

}  // namespace reader_internal
}  // namespace fixwire::cli
