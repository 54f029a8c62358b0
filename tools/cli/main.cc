// main.cc: fixwire, the command-line tool for FIX logs and test sessions:
// dispatches to the commands of commands.h.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fixwire/version.h"
#include "tools/cli/commands.h"

namespace {

constexpr char kUsage[] =
    "usage: fixwire COMMAND [options] [FILE...]\n"
    "\n"
    "Read, check and convert FIX logs (raw FIX, one message per line, or QuickFIX log\n"
    "lines; SOH, | or ^A between fields, detected).\n"
    "\n"
    "commands:\n"
    "  print     decode and print messages for a person (names, enum descriptions, groups)\n"
    "  json      one JSON object per message per line\n"
    "  validate  check every message against its data dictionary (SessionRejectReason)\n"
    "  stats     counts per MsgType and per SenderCompID -> TargetCompID, sizes, speed\n"
    "  encode    tag=value lines to wire FIX with correct BodyLength and CheckSum\n"
    "  acceptor  run the acceptor sessions of a settings file: a counterparty for tests\n"
    "  initiator log on with a settings file's initiator sessions, send, print answers\n"
    "\n"
    "Run 'fixwire COMMAND --help' for a command's options. Dictionaries: the shipped\n"
    "FIX 4.0 .. 4.4 and FIXT 1.1 + FIX 5.0, 5.0 SP1, 5.0 SP2 ones are built in and chosen\n"
    "by BeginString and ApplVerID; --dict PATH (FIXT: --transport-dict, --app-dict) takes\n"
    "QuickFIX XML.\n";

}  // namespace

int main(int argc, char** argv) {
  // Under `bazel run`, file arguments are relative to where bazel was run.
  if (const char* dir = std::getenv("BUILD_WORKING_DIRECTORY"); dir != nullptr && *dir != '\0') {
    if (chdir(dir) != 0) {
      std::fprintf(stderr, "fixwire: cannot change to BUILD_WORKING_DIRECTORY %s\n", dir);
      return 2;
    }
  }
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string command = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "-h" || command == "--help" || command == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (command == "--version") {  // the version of tools/build_defs/version.bzl
    std::printf("fixwire %s\n", fixwire::kVersion);
    return 0;
  }
  if (command == "print") return fixwire::cli::RunPrint(args);
  if (command == "json") return fixwire::cli::RunJson(args);
  if (command == "validate") return fixwire::cli::RunValidate(args);
  if (command == "stats") return fixwire::cli::RunStats(args);
  if (command == "encode") return fixwire::cli::RunEncode(args);
  if (command == "acceptor") return fixwire::cli::RunAcceptor(args);
  if (command == "initiator") return fixwire::cli::RunInitiator(args);
  std::fprintf(stderr,
               "fixwire: unknown command '%s': use print, json, validate, stats, encode, acceptor "
               "or initiator "
               "(fixwire --help)\n",
               command.c_str());
  return 2;
}
