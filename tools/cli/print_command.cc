// print_command.cc: "fixwire print": messages for a person to read.
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"
#include "tools/cli/command_loop.h"
#include "tools/cli/commands.h"
#include "tools/cli/dictionaries.h"
#include "tools/cli/output.h"
#include "tools/cli/print_sink.h"
#include "tools/cli/progress.h"
#include "tools/cli/reader.h"

namespace fixwire::cli {
namespace {

constexpr char kHelp[] =
    "usage: fixwire print [options] [FILE...]\n"
    "\n"
    "Decodes FIX messages from the FILEs (standard input when none, or -) and prints one\n"
    "block per message: a line with its offset, BeginString and MsgType, then each field as\n"
    "  tag (Name) = value (enum description)\n"
    "with repeating-group entries indented under their NumInGroup field ('-' marks the\n"
    "first field of each entry). Names come from the dictionary; bytes outside printable\n"
    "ASCII are shown as \\xNN. Garbled input is shown as 'offset N: garbled: <error>'.\n"
    "Input: raw FIX, one message per line, or QuickFIX log lines (\"<time> : 8=FIX...\"),\n"
    "with SOH, | or ^A between fields.\n"
    "\n"
    "options:\n"
    "  --color=auto|always|never       colours (auto: when standard output is a terminal)\n"
    "  --delimiter=auto|soh|pipe|caret field delimiter of the input (default: detected)\n"
    "  --dict=PATH             QuickFIX XML dictionary for every message\n"
    "  --transport-dict=PATH   FIXT 1.1 transport dictionary (default: shipped FIXT11.xml)\n"
    "  --app-dict=PATH         FIXT 1.1 application dictionary (default: shipped FIX50SP2.xml)\n"
    "  --no-dict               no dictionary: tags and values only\n"
    "  --no-progress           no progress line on stderr\n"
    "exit status: 0 every message decoded, 1 some input was garbled, 2 usage or I/O error\n";

}  // namespace

int RunPrint(const std::vector<std::string>& args) {
  Options options;
  int code = 0;
  if (!ParseOrExplain("print", kHelp, args, kOptDelimiter | kOptDict | kOptColor | kOptFiles,
                      &options, &code)) {
    return code;
  }
  Dictionaries dicts;
  if (!LoadDictionaries("print", options, &dicts)) return 2;
  Colors colors;
  if (options.color == ColorMode::kAlways || (options.color == ColorMode::kAuto && isatty(1))) {
    colors = Colors{"\x1b[1;33m", "\x1b[36m", "\x1b[1m", "\x1b[32m", "\x1b[1;31m", "\x1b[0m"};
  }
  Decoder decoder(LogDecoderOptions(dicts));
  Reader reader(decoder, options.delimiter);
  Output out;
  return WriteEveryInput("print", options, reader, out, [&](const std::string* file) {
    return PrintSink(out, dicts, colors, file);
  });
}

}  // namespace fixwire::cli
