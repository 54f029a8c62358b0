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

#include <string_view>

#include "tools/cli/output.h"

namespace fixwire::cli {

void AppendJsonString(Output& out, std::string_view bytes);

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_JSON_ESCAPE_H_
