// store_test_util.h: messages, directories and a collecting visitor for the
// store tests.
#ifndef FIXWIRE_TESTS_STORE_STORE_TEST_UTIL_H_
#define FIXWIRE_TESTS_STORE_STORE_TEST_UTIL_H_

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/session/message_store.h"
#include "fixwire/store/store_factory.h"

namespace fixwire::testing {

// TestMessage: the bytes stored as message `seq` in every test: FIX-like
// text of 120..375 bytes that depends only on seq (and `salt`).
inline std::string TestMessage(std::uint64_t seq, std::uint64_t salt = 0) {
  std::string m = "8=FIX.4.4\x01" "35=D\x01" "34=" + std::to_string(seq) + "\x01" "58=";
  std::uint64_t x = seq * 0x9E3779B97F4A7C15ull + salt * 0xD1B54A32D192ED03ull + 1;
  const std::size_t fill = 100 + (x >> 56);
  for (std::size_t i = 0; i < fill; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    m.push_back(static_cast<char>('A' + x % 26));
  }
  m += "\x01" "10=000\x01";
  return m;
}

// The next inbound number the tests pair with message `seq`.
inline std::uint64_t TestNextTarget(std::uint64_t seq) { return 3 * seq + 7; }

// FreshDirectory: an empty directory under $TEST_TMPDIR.
inline std::string FreshDirectory(std::string_view name) {
  const char* root = std::getenv("TEST_TMPDIR");
  std::string dir = std::string(root != nullptr ? root : "/tmp") + "/" + std::string(name) + "." +
                    std::to_string(getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

struct Stored {
  std::uint64_t seq;
  std::string bytes;
};

class CollectingVisitor final : public MessageVisitor {
 public:
  bool OnStoredMessage(std::uint64_t seq, std::string_view bytes) noexcept override {
    messages.push_back(Stored{seq, std::string(bytes)});
    return true;
  }
  std::vector<Stored> messages;
};

// Every persistent store type and sync mode, for parameterized tests.
struct Mode {
  StoreType type;
  StoreSync sync;
  const char* name;
};

inline constexpr Mode kPersistentModes[] = {
    {StoreType::kFile, StoreSync::kNone, "file_none"},
    {StoreType::kFile, StoreSync::kFlush, "file_flush"},
    {StoreType::kFile, StoreSync::kFsync, "file_fsync"},
    {StoreType::kFile, StoreSync::kGroup, "file_group"},
    {StoreType::kMmap, StoreSync::kNone, "mmap_none"},
    {StoreType::kMmap, StoreSync::kFsync, "mmap_fsync"},
    {StoreType::kMmap, StoreSync::kGroup, "mmap_group"},
};

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_STORE_STORE_TEST_UTIL_H_
