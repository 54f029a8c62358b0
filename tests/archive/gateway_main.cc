// A tiny "gateway" built outside Bazel against libfixwire.a and its header
// tree, through the umbrella header: decodes a message given on the command
// line and prints its fields; with a dictionary file as the second argument
// it first loads it (the cold path that needs abseil and pugixml) and prints
// the name of the message's MsgType.
#include <cstdio>
#include <string>

#include "fixwire/fixwire.h"

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) return 2;
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
  if (argc == 3) {
    absl::StatusOr<fixwire::Dictionary> dictionary = fixwire::LoadDictionaryFile(argv[2]);
    if (!dictionary.ok()) {
      std::printf("dictionary error %s\n", std::string(dictionary.status().message()).c_str());
      return 1;
    }
    const std::string_view begin = dictionary->begin_string();
    std::printf("dictionary %.*s\n", static_cast<int>(begin.size()), begin.data());
  }
  return 0;
}
