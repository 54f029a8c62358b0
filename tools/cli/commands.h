// commands.h: the fixwire commands (print, json, validate, stats, encode,
// acceptor, initiator),
// each taking its arguments after the command name and returning the exit
// status: 0 success, 1 bad input found (garbled messages, validation
// failures, lines encode could not turn into a message), 2 usage or I/O
// errors. Messages for people go to stderr, prefixed "fixwire <command>:".
//
// ForEachInput is the shared loop over the FILE arguments (standard input
// when there are none, or "-"). Cold path helpers; one thread.
#ifndef FIXWIRE_TOOLS_CLI_COMMANDS_H_
#define FIXWIRE_TOOLS_CLI_COMMANDS_H_

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "tools/cli/args.h"
#include "tools/cli/input.h"

namespace fixwire::cli {

int RunPrint(const std::vector<std::string>& args);
int RunJson(const std::vector<std::string>& args);
int RunValidate(const std::vector<std::string>& args);
int RunStats(const std::vector<std::string>& args);
int RunEncode(const std::vector<std::string>& args);
int RunAcceptor(const std::vector<std::string>& args);
int RunInitiator(const std::vector<std::string>& args);

// ParseOrExplain parses the arguments; on --help prints `help` and sets
// *exit_code 0, on a mistake prints the error and a pointer to --help and
// sets *exit_code 2; returns whether the command should run.
inline bool ParseOrExplain(const char* command, const char* help,
                           const std::vector<std::string>& args, unsigned allowed,
                           Options* options, int* exit_code) {
  std::string error;
  if (!ParseArgs(args, allowed, options, &error)) {
    std::fprintf(stderr, "fixwire %s: %s\nRun 'fixwire %s --help' for usage.\n", command,
                 error.c_str(), command);
    *exit_code = 2;
    return false;
  }
  if (options->help) {
    std::fputs(help, stdout);
    *exit_code = 0;
    return false;
  }
  return true;
}

// ForEachInput opens every input in turn and calls f(Input&); an input that
// cannot be opened is reported and skipped. Returns 2 if any could not be
// opened, else 0.
template <typename F>
int ForEachInput(const char* command, const Options& options, F&& f) {
  std::vector<std::string> files = options.files;
  if (files.empty()) files.push_back("-");
  int status = 0;
  for (const std::string& file : files) {
    auto input = Input::Open(file);
    if (!input.ok()) {
      std::fprintf(stderr, "fixwire %s: %s\n", command,
                   std::string(input.status().message()).c_str());
      status = 2;
      continue;
    }
    f(**input);
  }
  return status;
}

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_COMMANDS_H_
