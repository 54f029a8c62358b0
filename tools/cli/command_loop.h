// command_loop.h: the set-up and the input loop that the log-reading
// commands (print, json, validate, stats) share: loading the dictionaries,
// the decoder options for logs, and running a Reader over every input with a
// progress line.
//
// Errors go to stderr prefixed "fixwire <command>:"; the functions return
// what the command's exit status should be built from. Cold path; one thread.
#ifndef FIXWIRE_TOOLS_CLI_COMMAND_LOOP_H_
#define FIXWIRE_TOOLS_CLI_COMMAND_LOOP_H_

#include <cstdint>
#include <cstdio>
#include <string>

#include "fixwire/wire/decoder.h"
#include "tools/cli/args.h"
#include "tools/cli/commands.h"
#include "tools/cli/dictionaries.h"
#include "tools/cli/input.h"
#include "tools/cli/output.h"
#include "tools/cli/progress.h"
#include "tools/cli/reader.h"

namespace fixwire::cli {

// LoadDictionaries loads what `options` name into *dicts; on failure it
// prints why and returns false (the command then exits 2).
inline bool LoadDictionaries(const char* command, const Options& options, Dictionaries* dicts) {
  if (absl::Status s = dicts->Init(options); !s.ok()) {
    std::fprintf(stderr, "fixwire %s: %s\n", command, std::string(s.message()).c_str());
    return false;
  }
  return true;
}

// LogDecoderOptions: decoder options for reading logs with `dicts`: their
// Length/Data pairs (the standard ones when they have none).
inline DecoderOptions LogDecoderOptions(const Dictionaries& dicts) {
  DecoderOptions decoder_options;
  decoder_options.length_fields = dicts.length_fields();
  return decoder_options;
}

// ReadInput runs `reader` over one input into `sink`, with a progress line
// on a terminal for big inputs.
template <typename Sink>
void ReadInput(Reader& reader, Input& input, Sink& sink, const Options& options) {
  Progress progress(input.name(), input.bytes().size(), options.progress);
  reader.Run(input.bytes(), sink, &progress);
}

// WriteEveryInput is the loop of the commands that write a record per
// message (print, json): a fresh sink per input, made by
// make_sink(file_name) with the input's name when there are several inputs
// (else nullptr), and `out` flushed at the end. Sinks count garbled messages
// (`garbled()`). Returns the exit status: 2 when an input could not be read
// or the output could not be written, else 1 when any input was garbled,
// else 0.
template <typename MakeSink>
int WriteEveryInput(const char* command, const Options& options, Reader& reader, Output& out,
                    MakeSink make_sink) {
  std::uint64_t garbled = 0;
  const bool many = options.files.size() > 1;
  const int status = ForEachInput(command, options, [&](Input& input) {
    auto sink = make_sink(many ? &input.name() : nullptr);
    ReadInput(reader, input, sink, options);
    garbled += sink.garbled();
  });
  out.Flush();
  if (out.failed()) {
    std::fprintf(stderr, "fixwire %s: cannot write the output (closed pipe or full disk?)\n",
                 command);
    return 2;
  }
  if (status != 0) return status;
  return garbled != 0 ? 1 : 0;
}

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_COMMAND_LOOP_H_
