// stats_command.cc: "fixwire stats": counts, sizes and throughput of FIX logs.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/message_view.h"
#include "tools/cli/command_loop.h"
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
    // One- and two-character MsgTypes (all standard ones): a direct table.
    const std::size_t slot =
        type.size() == 1 ? static_cast<unsigned char>(type[0])
        : type.size() == 2 ? 256 + static_cast<unsigned char>(type[0]) * 256u +
                                 static_cast<unsigned char>(type[1])
                           : 0;
    TypeStats* st = slot != 0 ? short_types_[slot] : nullptr;
    if (st == nullptr) {
      st = &TypeFor(view);
      if (slot != 0) short_types_[slot] = st;
    }
    ++st->count;
    st->bytes += size;
    CountPair(view);
  }
  void OnGarbled(const Garbled&) { ++garbled_; }

  StatsSink() : short_types_(256 + 256 * 256, nullptr) {}
  StatsSink(const StatsSink&) = delete;
  StatsSink& operator=(const StatsSink&) = delete;

  std::uint64_t messages_ = 0, garbled_ = 0, bytes_ = 0;
  std::uint32_t min_ = 0xFFFFFFFFu, max_ = 0;
  // Values are heap nodes, so the caches below may point at them for good.
  absl::flat_hash_map<std::string, std::unique_ptr<TypeStats>> types_;
  absl::flat_hash_map<std::string, std::unique_ptr<std::uint64_t>> pairs_;

 private:
  TypeStats& TypeFor(const MessageView& view) {
    const std::string_view type = view.msg_type();
    auto it = types_.find(absl::string_view(type.data(), type.size()));
    if (it == types_.end()) {
      it = types_.emplace(std::string(type), std::make_unique<TypeStats>()).first;
      it->second->begin_string = std::string(view.begin_string());
    }
    return *it->second;
  }

  // A pair cache entry: both CompIDs (up to 16 bytes each) as two words
  // apiece plus their lengths, and the counter.
  struct PairKey {
    std::uint64_t w[4];
    std::uint32_t sender_size, target_size;
    bool operator==(const PairKey& o) const {
      return ((w[0] ^ o.w[0]) | (w[1] ^ o.w[1]) | (w[2] ^ o.w[2]) | (w[3] ^ o.w[3])) == 0 &&
             sender_size == o.sender_size && target_size == o.target_size;
    }
  };
  struct CachedPair {
    PairKey key;
    std::uint64_t* count;
  };

  // Load16 reads a value of at most 16 bytes as two words, zero-padded;
  // false when it is longer or 16 bytes would go past the message.
  static bool Load16(const MessageView& view, const Field* f, std::uint64_t* w) {
    if (f == nullptr) {
      w[0] = w[1] = 0;
      return true;
    }
    if (f->length > 16 || f->offset + 16 > view.size()) return false;
    std::uint64_t a, b;
    std::memcpy(&a, view.data() + f->offset, 8);
    std::memcpy(&b, view.data() + f->offset + 8, 8);
    const std::uint32_t n = f->length;
    const std::uint64_t ma = n >= 8 ? ~0ull : (1ull << (8 * n)) - 1;
    const std::uint64_t mb = n >= 16 ? ~0ull : n <= 8 ? 0 : (1ull << (8 * (n - 8))) - 1;
    w[0] = a & ma;
    w[1] = b & mb;
    return true;
  }

  void CountPair(const MessageView& view) {
    const Field* s = view.Find(kTagSenderCompId);
    const Field* t = view.Find(kTagTargetCompId);
    PairKey key;
    key.sender_size = s != nullptr ? s->length : 0;
    key.target_size = t != nullptr ? t->length : 0;
    if (Load16(view, s, key.w) && Load16(view, t, key.w + 2)) {
      for (CachedPair& c : cache_) {
        if (c.count != nullptr && c.key == key) {
          ++*c.count;
          return;
        }
      }
      std::uint64_t* count = PairCounter(view);
      cache_[next_cache_++ % kCacheSize] = CachedPair{key, count};
      ++*count;
      return;
    }
    ++*PairCounter(view);
  }

  std::uint64_t* PairCounter(const MessageView& view) {
    key_.assign(view.sender_comp_id());
    key_.push_back('\x01');
    key_.append(view.target_comp_id());
    auto it = pairs_.find(key_);
    if (it == pairs_.end()) it = pairs_.emplace(key_, std::make_unique<std::uint64_t>(0)).first;
    return it->second.get();
  }

  static constexpr std::size_t kCacheSize = 16;
  std::vector<TypeStats*> short_types_;  // by 1-2 character MsgType (see OnMessage)
  CachedPair cache_[kCacheSize] = {};
  std::size_t next_cache_ = 0;
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
  if (!LoadDictionaries("stats", options, &dicts)) return 2;
  Decoder decoder(LogDecoderOptions(dicts));
  Reader reader(decoder, options.delimiter);
  StatsSink sink;
  std::uint64_t input_bytes = 0;
  std::uint64_t inputs = 0;
  const auto start = std::chrono::steady_clock::now();
  int status = ForEachInput("stats", options, [&](Input& input) {
    ReadInput(reader, input, sink, options);
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
  for (const auto& [k, v] : sink.types_) types.emplace_back(k, v.get());
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
      if (const Dictionary* user = dicts.user_dict()) {
        if (const MessageDef* m = user->message(type)) name = user->message_name(*m);
      } else if (st->begin_string == "FIX.4.2") {
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
  std::vector<std::pair<std::string, std::uint64_t>> pairs;
  for (const auto& [k, v] : sink.pairs_) pairs.emplace_back(k, *v);
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
