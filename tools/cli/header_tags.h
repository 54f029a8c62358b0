// header_tags.h: IsSessionHeaderOrTrailerTag, the fields of the standard
// header and trailer (FIX 4.0 - 4.4, FIXT.1.1), which a session writes
// itself: the counterparty commands copy or take only the other fields of a
// message. Pure function; any thread.
#ifndef FIXWIRE_TOOLS_CLI_HEADER_TAGS_H_
#define FIXWIRE_TOOLS_CLI_HEADER_TAGS_H_

#include <cstdint>

namespace fixwire::cli {

constexpr bool IsSessionHeaderOrTrailerTag(std::uint32_t tag) {
  switch (tag) {
    case 8: case 9: case 35: case 49: case 56: case 115: case 128: case 90: case 91:
    case 34: case 50: case 142: case 57: case 143: case 116: case 144: case 129: case 145:
    case 43: case 97: case 52: case 122: case 212: case 213: case 347: case 369:
    case 627: case 628: case 629: case 630: case 1128: case 1129: case 1156:
    case 93: case 89: case 10:
      return true;
    default:
      return false;
  }
}

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_HEADER_TAGS_H_
