// args.h: command-line options shared by fixwire's commands, and their parser.
//
// ParseArgs accepts "--name=value" and "--name value", "-" for standard
// input, "--" to end options, and only the options the command allows
// (CommandSpec). On a mistake it returns false and sets *error to a message
// that says what was wrong and what to do. Cold path; allocates freely.
#ifndef FIXWIRE_TOOLS_CLI_ARGS_H_
#define FIXWIRE_TOOLS_CLI_ARGS_H_

#include <string>
#include <vector>

namespace fixwire::cli {

// Delimiter of the text input or output: auto-detected, SOH (0x01), '|', or "^A".
enum class Delimiter { kAuto, kSoh, kPipe, kCaret };

enum class ColorMode { kAuto, kAlways, kNever };

struct Options {
  std::vector<std::string> files;  // empty: standard input
  Delimiter delimiter = Delimiter::kAuto;
  std::string dict;            // --dict: one dictionary for every message
  std::string transport_dict;  // --transport-dict: FIXT 1.1 header/trailer/session messages
  std::string app_dict;        // --app-dict: FIXT 1.1 application messages
  bool no_dict = false;        // --no-dict: no dictionary (names, groups, validation off)
  ColorMode color = ColorMode::kAuto;
  bool json = false;         // validate --json
  bool progress = true;      // --no-progress turns the stderr progress line off
  bool help = false;
  std::string newline = "auto";  // encode --newline=auto|always|never
  // acceptor / initiator
  std::string config;        // --config: the QuickFIX-format settings file
  std::string echo;          // acceptor --echo: comma-separated MsgTypes
  bool echo_set = false;
  std::string send;          // initiator --send: messages to send, one per line
  double wait_s = 30;        // initiator --wait: seconds to wait for the logon
  double linger_s = 2;       // initiator --linger: quiet seconds before logging out
};

// Which options a command takes (bits).
enum OptionBits : unsigned {
  kOptDelimiter = 1,
  kOptDict = 2,
  kOptColor = 4,
  kOptJson = 8,
  kOptFiles = 16,
  kOptNewline = 32,
  kOptConfig = 64,
  kOptEcho = 128,
  kOptSend = 256,  // --send, --wait, --linger
};

bool ParseArgs(const std::vector<std::string>& args, unsigned allowed, Options* options,
               std::string* error);

// ParseDelimiterName: "soh", "pipe" or "|", "caret" or "^A", "auto".
bool ParseDelimiterName(const std::string& name, Delimiter* out);

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_ARGS_H_
