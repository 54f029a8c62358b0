// store_recovery_fuzzer.cc: arbitrary bytes as a store's file, then recovery.
//
// Input: byte 0 picks the store (bit 0: 0 file store, 1 mmap journal) and the
// corruption policy (bit 1: truncate_on_corruption); the rest is the content
// of the store's one file (<session>.0000000001.fixlog, or the journal's
// first segment). Recovery must not crash; when it opens, Visit must return
// messages in increasing sequence order (every one passed its checksum), and
// the recovered store must take one more message and reopen with it last.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "fixwire/store/store_factory.h"
#include "tests/fuzz/fuzz_support.h"

namespace fixwire::fuzz {
namespace {

const std::string& Directory() {
  static const std::string dir = [] {
    const char* root = std::getenv("TEST_TMPDIR");
    std::string d = std::string(root != nullptr ? root : "/tmp") + "/store_recovery_fuzzer." +
                    std::to_string(getpid());
    return d;
  }();
  return dir;
}

class OrderChecker final : public MessageVisitor {
 public:
  bool OnStoredMessage(std::uint64_t seq, std::string_view bytes) noexcept override {
    FIXWIRE_FUZZ_CHECK(seq > last);
    last = seq;
    last_bytes = std::string(bytes);
    ++count;
    return true;
  }
  std::uint64_t last = 0;
  std::uint64_t count = 0;
  std::string last_bytes;
};

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fixwire;
  using namespace fixwire::fuzz;
  if (size < 1) return 0;
  const bool journal = (data[0] & 1) != 0;
  StoreOptions o;
  o.type = journal ? StoreType::kMmap : StoreType::kFile;
  o.sync = StoreSync::kFlush;
  o.directory = Directory();
  o.session_id = "S";
  o.segment_bytes = 64 << 10;
  o.max_message_size = 16 << 10;
  o.truncate_on_corruption = (data[0] & 2) != 0;
  std::filesystem::remove_all(o.directory);
  std::filesystem::create_directories(o.directory);
  {
    std::ofstream f(o.directory + (journal ? "/S.0000000001.fixjournal" : "/S.0000000001.fixlog"),
                    std::ios::binary);
    f.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  std::uint64_t next = 0;
  {
    auto store = OpenStore(o);
    if (!store.ok()) {
      FIXWIRE_FUZZ_CHECK(!store.status().message().empty());
      return 0;
    }
    OrderChecker visited;
    const StoreStatus s = (*store)->Visit(1, ~0ull, visited);
    FIXWIRE_FUZZ_CHECK(s == StoreStatus::kOk);
    next = (*store)->next_sender_seq();
    if (next <= visited.last) next = visited.last + 1;
    if (next > (1ull << 62)) return 0;
    FIXWIRE_FUZZ_CHECK((*store)->Append(next, "8=FIX.4.4\x01" "35=0\x01", 9) == StoreStatus::kOk);
  }
  auto again = OpenStore(o);
  FIXWIRE_FUZZ_CHECK(again.ok());
  OrderChecker visited;
  FIXWIRE_FUZZ_CHECK((*again)->Visit(1, ~0ull, visited) == StoreStatus::kOk);
  FIXWIRE_FUZZ_CHECK(visited.last == next);
  FIXWIRE_FUZZ_CHECK(visited.last_bytes == "8=FIX.4.4\x01" "35=0\x01");
  FIXWIRE_FUZZ_CHECK((*again)->next_target_seq() == 9);
  return 0;
}
