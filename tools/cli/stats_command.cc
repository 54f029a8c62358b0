// stats_command.cc: "fixwire stats": counts, sizes and throughput of FIX logs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "codec/decoder.h"
#include "codec/message_view.h"
#include "tools/cli/commands.h"
#include "tools/cli/dictionaries.h"
#include "tools/cli/output.h"
#include "tools/cli/progress.h"
#include "tools/cli/reader.h"

namespace fixwire::cli {
namespace {

constexpr char kHelp[] =
    "usage: fixwire stats [options] [FILE...]\n"
    "\n"
    "Reads every FIX message of the FILEs (standard input when none, or -) and prints:\n"
    "the message count and the garbled-message count, message sizes (min, mean, max),\n"
    "counts per MsgType (with its name from the dictionary) and per\n"
    "SenderCompID -> TargetCompID, and the time taken with bytes and messages per second.\n"
    "\n"
    "options:\n"
    "  --delimiter=auto|soh|pipe|caret field delimiter of the input (default: detected)\n"
    "  --dict=PATH             dictionary for MsgType names (and Length/Data fields)\n"
    "  --transport-dict=PATH, --app-dict=PATH  FIXT 1.1 dictionaries\n"
    "  --no-dict               no MsgType names\n"
    "  --no-progress           no progress line on stderr\n"
    "exit status: 0 every message decoded, 1 some input was garbled, 2 usage or I/O error\n";

struct TypeStats {
  std::uint64_t count = 0;
  std::uint64_t bytes = 0;
  std::string begin_string;  // of the first one seen (for its name)
};

class StatsSink {
 public:
  void OnMessage(const MessageView& view, std::uint64_t) {
    ++messages_;
    const std::uint32_t size = view.size();
    bytes_ += size;
    min_ = std::min(min_, size);
    max_ = std::max(max_, size);
    const std::string_view type = view.msg_type();
    if (last_type_ == nullptr || type != last_type_key_) {
      auto it = types_.find(absl::string_view(type.data(), type.size()));
      if (it == types_.end()) {
        it = types_.emplace(std::string(type), TypeStats{}).first;
        it->second.begin_string = std::string(view.begin_string());
      }
      last_type_ = &it->second;
      last_type_key_ = it->first;
    }
    ++last_type_->count;
    last_type_->bytes += size;
    const std::string_view sender = view.sender_comp_id();
    const std::string_view target = view.target_comp_id();
    if (last_pair_ == nullptr || sender != last_sender_ || target != last_target_) {
      key_.assign(sender);
      key_.push_back('\x01');
      key_.append(target);
      auto it = pairs_.find(key_);
      if (it == pairs_.end()) it = pairs_.emplace(key_, 0).first;
      last_pair_ = &it->second;
      const std::string_view k = it->first;
      last_sender_ = k.substr(0, sender.size());
      last_target_ = k.substr(sender.size() + 1);
    }
    ++*last_pair_;
  }
  void OnGarbled(const Garbled&) { ++garbled_; }

  std::uint64_t messages_ = 0, garbled_ = 0, bytes_ = 0;
  std::uint32_t min_ = 0xFFFFFFFFu, max_ = 0;
  // The last_* caches point into these maps; an insert may move every
  // element, and each map's insert is followed at once by resetting its cache.
  absl::flat_hash_map<std::string, TypeStats> types_;
  absl::flat_hash_map<std::string, std::uint64_t> pairs_;

 private:
  TypeStats* last_type_ = nullptr;
  std::string_view last_type_key_;
  std::uint64_t* last_pair_ = nullptr;
  std::string_view last_sender_, last_target_;
  std::string key_;
};

void AppendRate(Output& out, double value, const char* unit) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.1f %s", value, unit);
  out.Append(buf);
}

}  // namespace

int RunStats(const std::vector<std::string>& args) {
  Options options;
  int code = 0;
  if (!ParseOrExplain("stats", kHelp, args, kOptDelimiter | kOptDict | kOptFiles, &options,
                      &code)) {
    return code;
  }
  Dictionaries dicts;
  if (absl::Status s = dicts.Init(options); !s.ok()) {
    std::fprintf(stderr, "fixwire stats: %s\n", std::string(s.message()).c_str());
    return 2;
  }
  DecoderOptions decoder_options;
  decoder_options.length_fields = dicts.length_fields();
  Decoder decoder(decoder_options);
  Reader reader(decoder, options.delimiter);
  StatsSink sink;
  std::uint64_t input_bytes = 0;
  std::uint64_t inputs = 0;
  const auto start = std::chrono::steady_clock::now();
  int status = ForEachInput("stats", options, [&](Input& input) {
    Progress progress(input.name(), input.bytes().size(), options.progress);
    reader.Run(input.bytes(), sink, &progress);
    input_bytes += input.bytes().size();
    ++inputs;
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  Output out;
  out.Append("inputs: ");
  out.AppendUint(inputs);
  out.Append(", ");
  out.AppendUint(input_bytes);
  out.Append(" bytes\nmessages: ");
  out.AppendUint(sink.messages_);
  out.Append("\ngarbled: ");
  out.AppendUint(sink.garbled_);
  out.Append("\nmessage bytes: ");
  out.AppendUint(sink.bytes_);
  if (sink.messages_ != 0) {
    out.Append("\nmessage size: min ");
    out.AppendUint(sink.min_);
    out.Append(", mean ");
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.1f",
                  static_cast<double>(sink.bytes_) / static_cast<double>(sink.messages_));
    out.Append(buf);
    out.Append(", max ");
    out.AppendUint(sink.max_);
  }
  out.Append("\nelapsed: ");
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3f s, ", seconds);
  out.Append(buf);
  const double s = seconds > 0 ? seconds : 1e-9;
  AppendRate(out, static_cast<double>(input_bytes) / s / 1e6, "MB/s, ");
  AppendRate(out, static_cast<double>(sink.messages_ + sink.garbled_) / s, "msgs/s");

  std::vector<std::pair<std::string, const TypeStats*>> types;
  for (const auto& [k, v] : sink.types_) types.emplace_back(k, &v);
  std::sort(types.begin(), types.end(), [](const auto& a, const auto& b) {
    return a.second->count != b.second->count ? a.second->count > b.second->count
                                              : a.first < b.first;
  });
  out.Append("\nby MsgType (count, bytes):\n");
  for (const auto& [type, st] : types) {
    out.Append("  ");
    out.Append(type);
    if (!dicts.disabled()) {
      // The name from the dictionary of the first message of this type.
      std::string name;
      if (st->begin_string == "FIX.4.2") {
        if (const Dictionary* d = dicts.Shipped("FIX42.xml")) {
          if (const MessageDef* m = d->message(type)) name = d->message_name(*m);
        }
      } else if (st->begin_string == "FIX.4.4") {
        if (const Dictionary* d = dicts.Shipped("FIX44.xml")) {
          if (const MessageDef* m = d->message(type)) name = d->message_name(*m);
        }
      } else if (st->begin_string.substr(0, 5) == "FIXT.") {
        for (const char* file : {"FIXT11.xml", "FIX50SP2.xml"}) {
          if (const Dictionary* d = dicts.Shipped(file)) {
            if (const MessageDef* m = d->message(type)) {
              name = d->message_name(*m);
              break;
            }
          }
        }
      }
      if (!name.empty()) {
        out.Append(" ");
        out.Append(name);
      }
    }
    out.Append(": ");
    out.AppendUint(st->count);
    out.Append(", ");
    out.AppendUint(st->bytes);
    out.Append('\n');
  }
  std::vector<std::pair<std::string, std::uint64_t>> pairs(sink.pairs_.begin(),
                                                           sink.pairs_.end());
  std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  out.Append("by SenderCompID -> TargetCompID:\n");
  for (const auto& [key, count] : pairs) {
    const std::size_t cut = key.find('\x01');
    out.Append("  ");
    out.Append(cut == 0 ? std::string_view("(none)") : std::string_view(key).substr(0, cut));
    out.Append(" -> ");
    out.Append(cut + 1 == key.size() ? std::string_view("(none)")
                                     : std::string_view(key).substr(cut + 1));
    out.Append(": ");
    out.AppendUint(count);
    out.Append('\n');
  }
  out.Flush();
  if (out.failed()) return 2;
  if (status != 0) return status;
  return sink.garbled_ != 0 ? 1 : 0;
}

}  // namespace fixwire::cli
