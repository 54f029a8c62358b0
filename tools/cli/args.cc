// args.cc: parsing of the options in args.h.
#include "tools/cli/args.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace fixwire::cli {

bool ParseDelimiterName(const std::string& name, Delimiter* out) {
  if (name == "auto") {
    *out = Delimiter::kAuto;
  } else if (name == "soh" || name == "SOH" || name == "\x01") {
    *out = Delimiter::kSoh;
  } else if (name == "pipe" || name == "|") {
    *out = Delimiter::kPipe;
  } else if (name == "caret" || name == "^A") {
    *out = Delimiter::kCaret;
  } else {
    return false;
  }
  return true;
}

bool ParseArgs(const std::vector<std::string>& args, unsigned allowed, Options* options,
               std::string* error) {
  bool options_done = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (options_done || arg == "-" || arg.size() < 2 || arg[0] != '-') {
      if (!(allowed & kOptFiles)) {
        *error = "unexpected argument '" + arg + "': this command reads standard input only";
        return false;
      }
      options->files.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      options->help = true;
      continue;
    }
    std::string name = arg;
    std::string value;
    bool has_value = false;
    if (std::size_t eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      has_value = true;
    }
    auto take_value = [&]() -> bool {
      if (has_value) return true;
      if (i + 1 >= args.size()) {
        *error = "option " + name + " needs a value (" + name + "=VALUE)";
        return false;
      }
      value = args[++i];
      return true;
    };
    auto no_value = [&]() -> bool {
      if (has_value) {
        *error = "option " + name + " takes no value";
        return false;
      }
      return true;
    };
    if (name == "--delimiter" && (allowed & kOptDelimiter)) {
      if (!take_value()) return false;
      if (!ParseDelimiterName(value, &options->delimiter)) {
        *error = "unknown delimiter '" + value + "': use soh, pipe (|), caret (^A) or auto";
        return false;
      }
    } else if ((name == "--dict" || name == "--transport-dict" || name == "--app-dict") &&
               (allowed & kOptDict)) {
      if (!take_value()) return false;
      if (value.empty()) {
        *error = "option " + name + " needs a file name";
        return false;
      }
      (name == "--dict" ? options->dict
                        : name == "--transport-dict" ? options->transport_dict
                                                     : options->app_dict) = value;
    } else if (name == "--no-dict" && (allowed & kOptDict)) {
      if (!no_value()) return false;
      options->no_dict = true;
    } else if (name == "--color" && (allowed & kOptColor)) {
      if (!take_value()) return false;
      if (value == "auto") {
        options->color = ColorMode::kAuto;
      } else if (value == "always") {
        options->color = ColorMode::kAlways;
      } else if (value == "never") {
        options->color = ColorMode::kNever;
      } else {
        *error = "unknown --color value '" + value + "': use auto, always or never";
        return false;
      }
    } else if (name == "--json" && (allowed & kOptJson)) {
      if (!no_value()) return false;
      options->json = true;
    } else if (name == "--newline" && (allowed & kOptNewline)) {
      if (!take_value()) return false;
      if (value != "auto" && value != "always" && value != "never") {
        *error = "unknown --newline value '" + value + "': use auto, always or never";
        return false;
      }
      options->newline = value;
    } else if (name == "--config" && (allowed & kOptConfig)) {
      if (!take_value()) return false;
      if (value.empty()) {
        *error = "option --config needs a settings file name";
        return false;
      }
      options->config = value;
    } else if (name == "--echo" && (allowed & kOptEcho)) {
      if (!take_value()) return false;
      options->echo = value;
      options->echo_set = true;
    } else if (name == "--send" && (allowed & kOptSend)) {
      if (!take_value()) return false;
      options->send = value;
    } else if ((name == "--wait" || name == "--linger") && (allowed & kOptSend)) {
      if (!take_value()) return false;
      char* end = nullptr;
      const double seconds = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !(seconds >= 0) || seconds > 86400) {
        *error = "option " + name + " needs a number of seconds (0 to 86400), not '" + value + "'";
        return false;
      }
      (name == "--wait" ? options->wait_s : options->linger_s) = seconds;
    } else if (name == "--no-progress" && (allowed & kOptFiles)) {
      if (!no_value()) return false;
      options->progress = false;
    } else {
      *error = "unknown option '" + name + "' for this command; see --help";
      return false;
    }
  }
  if (!options->dict.empty() && options->no_dict) {
    *error = "--dict and --no-dict contradict each other; pass one of them";
    return false;
  }
  return true;
}

}  // namespace fixwire::cli
