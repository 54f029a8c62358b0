// dictionary_instructions_main.cc: runs one dictionary row's work a given
// number of times in a plain loop, for noise-free instruction counts with
// callgrind (the shared machine's timings are not):
//
//   B=bazel-bin/benchmarks/dictionary_instructions
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/a $B validate_dict:NewOrderSingle 1000
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/b $B validate_dict:NewOrderSingle 11000
//   # instructions per message = (Ir(b) - Ir(a)) / 10000: setup cancels out
//
// Rows: index_groups, decode_groups, read_groups, validate_indexed,
// validate_dict, each ":<workload>" — the same calls as the
// dictionary_benchmark rows (read_groups: decode_groups, then every field of
// every group entry looked up by tag, as dictionary_benchmarks.cc's
// ReadGroup). Exits 1 when any call fails.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "benchmark/benchmark.h"
#include "benchmarks/read_groups.h"
#include "benchmarks/runfiles_path.h"
#include "benchmarks/workloads.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/dictionary/validator.h"

namespace fixwire::bench {
namespace {

int Main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s index_groups|decode_groups|read_groups|validate_indexed|validate_dict:<workload> <count>\n",
                 argv[0]);
    return 2;
  }
  const std::string_view arg = argv[1];
  const std::size_t colon = arg.find(':');
  if (colon == std::string_view::npos) return 2;
  const std::string_view row = arg.substr(0, colon);
  const Workload& w = GetWorkload(arg.substr(colon + 1));
  auto loaded = LoadDictionaryFile(RunfilesPath(w.begin_string == "FIX.4.2"
                                                    ? "codec/dictionaries/FIX42.xml"
                                                    : "codec/dictionaries/FIX44.xml"));
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", std::string(loaded.status().message()).c_str());
    return 1;
  }
  const Dictionary& dict = *loaded;
  Decoder decoder;
  FieldIndex index(static_cast<std::uint32_t>(w.fields.size() + 16));
  MessageView view;
  GroupStorage groups(1024, static_cast<std::uint32_t>(w.fields.size() + 16));
  GroupedMessage msg;
  Validator validator;
  if (!decoder.Decode(w.bytes, index, view).ok() ||
      !ValidateMessage(view, dict, dict, validator, groups, &msg).ok()) {
    std::fprintf(stderr, "workload does not decode and validate\n");
    return 1;
  }
  // The row is chosen once, before the loop, so that the counts hold only the row's work.
  enum class Row { kIndexGroups, kDecodeGroups, kReadGroups, kValidateIndexed, kValidateDict };
  Row which;
  if (row == "index_groups") {
    which = Row::kIndexGroups;
  } else if (row == "decode_groups") {
    which = Row::kDecodeGroups;
  } else if (row == "read_groups") {
    which = Row::kReadGroups;
  } else if (row == "validate_indexed") {
    which = Row::kValidateIndexed;
  } else if (row == "validate_dict") {
    which = Row::kValidateDict;
  } else {
    std::fprintf(stderr, "unknown row\n");
    return 2;
  }
  const long count = std::strtol(argv[2], nullptr, 10);
  unsigned failures = 0;
  // One loop per row: no per-iteration dispatch in the counts.
  auto repeat = [&](auto&& call) {
    for (long i = 0; i < count; ++i) {
      failures += call() ? 0 : 1;
      benchmark::ClobberMemory();
    }
  };
  switch (which) {
    case Row::kIndexGroups:
      repeat([&] { return IndexGroups(view, dict, {}, groups, &msg).ok(); });
      break;
    case Row::kDecodeGroups:
      repeat([&] {
        return decoder.Decode(w.bytes, index, view).ok() &&
               IndexGroups(view, dict, {}, groups, &msg).ok();
      });
      break;
    case Row::kReadGroups:
      repeat([&] {
        if (!decoder.Decode(w.bytes, index, view).ok() ||
            !IndexGroups(view, dict, {}, groups, &msg).ok()) {
          return false;
        }
        std::size_t sum = 0;
        for (const GroupView group : msg.groups()) sum += ReadGroup(group);
        benchmark::DoNotOptimize(sum);
        return true;
      });
      break;
    case Row::kValidateIndexed:
      repeat([&] { return validator.Validate(msg).ok(); });
      break;
    case Row::kValidateDict:
      repeat([&] { return ValidateMessage(view, dict, dict, validator, groups, &msg).ok(); });
      break;
  }
  std::printf("%ld calls, %u failed\n", count, failures);
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace fixwire::bench

int main(int argc, char** argv) { return fixwire::bench::Main(argc, argv); }
