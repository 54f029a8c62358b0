// embedded_files.h: the shipped data dictionaries (codec/dictionaries/*.xml),
// built into the fixwire binary by a genrule (embed_files.py), so the tool
// needs no runfiles and works from any directory.
//
// The table and its bytes are static and immutable: safe from any thread.
#ifndef FIXWIRE_TOOLS_CLI_EMBEDDED_FILES_H_
#define FIXWIRE_TOOLS_CLI_EMBEDDED_FILES_H_

#include <cstddef>

namespace fixwire::cli {

struct EmbeddedFile {
  const char* name;  // "FIX44.xml"
  const char* data;
  std::size_t size;
};

extern const EmbeddedFile kEmbeddedFiles[];
extern const int kEmbeddedFileCount;

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_EMBEDDED_FILES_H_
