// A tiny "gateway" built outside Bazel against libfixwire.a and its header
// tree: decodes a Heartbeat given on the command line and prints its fields.
#include <cstdio>
#include <string>

#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::string wire = argv[1];
  for (char& c : wire) {
    if (c == '|') c = '\x01';
  }
  fixwire::Decoder decoder;
  fixwire::FieldIndex index(64);
  fixwire::MessageView view;
  const fixwire::Error error = decoder.Decode(wire, index, view);
  if (!error.ok()) {
    std::printf("error %.*s at %u\n", static_cast<int>(fixwire::ErrorCodeName(error.code).size()),
                fixwire::ErrorCodeName(error.code).data(), error.offset);
    return 1;
  }
  for (const fixwire::Field& f : view.fields()) {
    const std::string_view v = view.value(f);
    std::printf("%u=%.*s\n", f.tag, static_cast<int>(v.size()), v.data());
  }
  return 0;
}
