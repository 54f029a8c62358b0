// store_resend_test.cc: a resend of 1,000,000 stored messages streams from the
// journal and from the file store with bounded memory: no heap allocation
// during the Visit and no growth of the process's anonymous memory (the
// file store reads through one fixed buffer; the journal's pages belong to
// the page cache), and the index keeps its fixed budget.
#include <cstdint>
#include <fstream>
#include <string>

#include "fixwire/store/store_factory.h"
#include "gtest/gtest.h"
#include "tests/store/store_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

constexpr std::uint64_t kMessages = 1'000'000;

// RssAnon of /proc/self/status, in KiB.
long AnonymousKib() {
  std::ifstream status("/proc/self/status");
  std::string key;
  long value = -1;
  while (status >> key) {
    if (key == "RssAnon:") {
      status >> value;
      return value;
    }
  }
  return -1;
}

std::string Message(std::uint64_t seq) {
  return "8=FIX.4.4\x01" "9=60\x01" "35=D\x01" "34=" + std::to_string(seq) +
         "\x01" "11=ORDER\x01" "55=EURUSD\x01" "54=1\x01" "38=1000000\x01" "10=000\x01";
}

class Streamer final : public MessageVisitor {
 public:
  bool OnStoredMessage(std::uint64_t seq, std::string_view bytes) noexcept override {
    if (seq != next || bytes.find("\x01" "34=") == std::string_view::npos) {
      ok = false;
      return false;
    }
    ++next;
    total += bytes.size();
    return true;
  }
  std::uint64_t next = 1;
  std::uint64_t total = 0;
  bool ok = true;
};

class StoreResendTest : public ::testing::TestWithParam<StoreType> {};

TEST_P(StoreResendTest, MillionMessagesStreamWithBoundedMemory) {
  StoreOptions o;
  o.type = GetParam();
  o.sync = StoreSync::kNone;
  o.directory = testing::FreshDirectory(GetParam() == StoreType::kFile ? "resend_file"
                                                                       : "resend_mmap");
  o.session_id = "S";
  auto opened = OpenStore(o);
  ASSERT_TRUE(opened.ok()) << opened.status();
  MessageStore& store = **opened;
  std::uint64_t expected_bytes = 0;
  for (std::uint64_t seq = 1; seq <= kMessages; ++seq) {
    const std::string m = Message(seq);
    expected_bytes += m.size();
    ASSERT_EQ(store.Append(seq, m, seq), StoreStatus::kOk);
  }
  ASSERT_EQ(store.Sync(), StoreStatus::kOk);

  Streamer warm;  // first touch of the read path
  ASSERT_EQ(store.Visit(kMessages, kMessages, warm), StoreStatus::kOk);

  const long anon_before = AnonymousKib();
  Streamer all;
  testing::AllocationScope scope;
  ASSERT_EQ(store.Visit(1, kMessages, all), StoreStatus::kOk);
  EXPECT_EQ(scope.allocations(), 0u);
  const long anon_after = AnonymousKib();
  EXPECT_TRUE(all.ok);
  EXPECT_EQ(all.next, kMessages + 1);
  EXPECT_EQ(all.total, expected_bytes);
  ASSERT_GE(anon_before, 0);
  EXPECT_LT(anon_after - anon_before, 4096) << "KiB of anonymous memory grew during the resend";

  // A resend from the middle starts near its first message (sparse index).
  Streamer tail;
  tail.next = 999'000;
  ASSERT_EQ(store.Visit(999'000, kMessages, tail), StoreStatus::kOk);
  EXPECT_TRUE(tail.ok);
  EXPECT_EQ(tail.next, kMessages + 1);
}

INSTANTIATE_TEST_SUITE_P(Types, StoreResendTest,
                         ::testing::Values(StoreType::kFile, StoreType::kMmap),
                         [](const auto& p) {
                           return std::string(p.param == StoreType::kFile ? "file" : "mmap");
                         });

}  // namespace
}  // namespace fixwire
