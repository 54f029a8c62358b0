// record.cc: names of the record parse results, for error messages.
#include "fixwire/store/internal/record.h"

namespace fixwire::store_internal {

const char* ParseResultName(ParseResult r) noexcept {
  switch (r) {
    case ParseResult::kOk: return "ok";
    case ParseResult::kEnd: return "end of log";
    case ParseResult::kSegmentEnd: return "segment end";
    case ParseResult::kTruncated: return "truncated record";
    case ParseResult::kBadKind: return "unknown record kind";
    case ParseResult::kBadChecksum: return "checksum mismatch";
  }
  return "?";
}

}  // namespace fixwire::store_internal
