// store_test.cc: every store type and sync mode through OpenStore: append,
// visit, reopen, sequence numbers, creation time, reset, group commit, and no
// allocation per append.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "fixwire/store/store_factory.h"
#include "gtest/gtest.h"
#include "tests/store/store_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::CollectingVisitor;
using testing::TestMessage;
using testing::TestNextTarget;


class PersistentStoreTest : public ::testing::TestWithParam<testing::Mode> {
 protected:
  void SetUp() override {
    options_.type = GetParam().type;
    options_.sync = GetParam().sync;
    options_.directory = testing::FreshDirectory(GetParam().name);
    options_.session_id = "FIX.4.4:US->THEM";
    options_.segment_bytes = 64 << 10;  // many journal segments
    options_.group_size = 10;
  }
  std::unique_ptr<MessageStore> Open() {
    auto s = OpenStore(options_);
    EXPECT_TRUE(s.ok()) << s.status();
    return s.ok() ? std::move(*s) : nullptr;
  }
  std::size_t FileCount() const {
    std::size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(options_.directory)) {
      (void)e;
      ++n;
    }
    return n;
  }
  // fdatasync per record takes milliseconds on a real disk: fewer records there.
  int Count(int n) const { return GetParam().sync == StoreSync::kFsync ? n / 20 : n; }
  StoreOptions options_;
};

TEST_P(PersistentStoreTest, AppendVisitReopen) {
  const int kCount = Count(3000);
  std::int64_t created = 0;
  {
    auto store = Open();
    ASSERT_NE(store, nullptr);
    created = store->creation_time_ns();
    EXPECT_GT(created, 0);
    EXPECT_EQ(store->next_sender_seq(), 1u);
    EXPECT_EQ(store->next_target_seq(), 1u);
    for (int seq = 1; seq <= kCount; ++seq) {
      ASSERT_EQ(store->Append(seq, TestMessage(seq), TestNextTarget(seq)), StoreStatus::kOk);
    }
    EXPECT_EQ(store->next_sender_seq(), kCount + 1u);
    EXPECT_EQ(store->next_target_seq(), TestNextTarget(kCount));
    CollectingVisitor mid;
    ASSERT_EQ(store->Visit(1234, 1300, mid), StoreStatus::kOk);
    ASSERT_EQ(mid.messages.size(), GetParam().sync == StoreSync::kFsync ? 0u : 67u);
    for (std::size_t i = 0; i < mid.messages.size(); ++i) {
      EXPECT_EQ(mid.messages[i].seq, 1234 + i);
      EXPECT_EQ(mid.messages[i].bytes, TestMessage(1234 + i));
    }
  }
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->creation_time_ns(), created);
  EXPECT_EQ(store->next_sender_seq(), kCount + 1u);
  EXPECT_EQ(store->next_target_seq(), TestNextTarget(kCount));
  CollectingVisitor all;
  ASSERT_EQ(store->Visit(1, ~0ull, all), StoreStatus::kOk);
  ASSERT_EQ(all.messages.size(), static_cast<std::size_t>(kCount));
  for (int seq = 1; seq <= kCount; ++seq) {
    ASSERT_EQ(all.messages[seq - 1].seq, static_cast<std::uint64_t>(seq));
    ASSERT_EQ(all.messages[seq - 1].bytes, TestMessage(seq));
  }
  // Appending continues after recovery.
  ASSERT_EQ(store->Append(kCount + 1, TestMessage(kCount + 1), 5), StoreStatus::kOk);
  CollectingVisitor last;
  ASSERT_EQ(store->Visit(kCount, kCount + 10, last), StoreStatus::kOk);
  ASSERT_EQ(last.messages.size(), 2u);
}

class StopAfter final : public MessageVisitor {
 public:
  explicit StopAfter(int n) : left_(n) {}
  bool OnStoredMessage(std::uint64_t seq, std::string_view) noexcept override {
    seqs.push_back(seq);
    return --left_ > 0;
  }
  std::vector<std::uint64_t> seqs;

 private:
  int left_;
};

TEST_P(PersistentStoreTest, VisitSkipsGapsAndStopsEarly) {
  auto store = Open();
  ASSERT_NE(store, nullptr);
  for (std::uint64_t seq : {2, 3, 5, 8, 13, 21}) {
    ASSERT_EQ(store->Append(seq, TestMessage(seq), 1), StoreStatus::kOk);
  }
  StopAfter visitor(3);
  ASSERT_EQ(store->Visit(3, 100, visitor), StoreStatus::kOk);
  EXPECT_EQ(visitor.seqs, (std::vector<std::uint64_t>{3, 5, 8}));
  CollectingVisitor none;
  ASSERT_EQ(store->Visit(22, 100, none), StoreStatus::kOk);
  EXPECT_TRUE(none.messages.empty());
}

TEST_P(PersistentStoreTest, SequenceNumbersPersist) {
  {
    auto store = Open();
    ASSERT_NE(store, nullptr);
    ASSERT_EQ(store->Append(1, TestMessage(1), 2), StoreStatus::kOk);
    ASSERT_EQ(store->SetNextTargetSeq(50), StoreStatus::kOk);
    ASSERT_EQ(store->SetNextSenderSeq(20), StoreStatus::kOk);
  }
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->next_sender_seq(), 20u);
  EXPECT_EQ(store->next_target_seq(), 50u);
}

TEST_P(PersistentStoreTest, ResetRetiresTheOldSession) {
  {
    auto store = Open();
    ASSERT_NE(store, nullptr);
    for (int seq = 1; seq <= Count(2000); ++seq) {
      ASSERT_EQ(store->Append(seq, TestMessage(seq), seq), StoreStatus::kOk);
    }
    ASSERT_EQ(store->Reset(1'796'551'200'000'000'000), StoreStatus::kOk);
    EXPECT_EQ(store->next_sender_seq(), 1u);
    EXPECT_EQ(store->next_target_seq(), 1u);
    EXPECT_EQ(store->creation_time_ns(), 1'796'551'200'000'000'000);
    ASSERT_EQ(store->Append(1, TestMessage(1, 9), 2), StoreStatus::kOk);
  }
  // One file (file store) or the live segment (journal) left.
  EXPECT_EQ(FileCount(), 1u);
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->creation_time_ns(), 1'796'551'200'000'000'000);
  EXPECT_EQ(store->next_sender_seq(), 2u);
  EXPECT_EQ(store->next_target_seq(), 2u);
  CollectingVisitor all;
  ASSERT_EQ(store->Visit(1, ~0ull, all), StoreStatus::kOk);
  ASSERT_EQ(all.messages.size(), 1u);
  EXPECT_EQ(all.messages[0].bytes, TestMessage(1, 9));
}

TEST_P(PersistentStoreTest, TooLargeIsFull) {
  options_.max_message_size = 1000;
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->Append(1, std::string(1001, 'x'), 1), StoreStatus::kFull);
  EXPECT_EQ(store->Append(1, std::string(1000, 'x'), 1), StoreStatus::kOk);
}

TEST_P(PersistentStoreTest, DurableSeqFollowsTheMode) {
  auto store = Open();
  ASSERT_NE(store, nullptr);
  for (int seq = 1; seq <= 25; ++seq) {
    ASSERT_EQ(store->Append(seq, TestMessage(seq), 1), StoreStatus::kOk);
  }
  const StoreSync sync = GetParam().sync;
  if (sync == StoreSync::kGroup) {
    EXPECT_EQ(store->durable_seq(), 20u);  // two groups of 10
  } else if (sync == StoreSync::kNone && GetParam().type == StoreType::kFile) {
    EXPECT_EQ(store->durable_seq(), 0u);  // still in the process's buffer
  } else {
    EXPECT_EQ(store->durable_seq(), 25u);
  }
  ASSERT_EQ(store->Sync(), StoreStatus::kOk);
  EXPECT_EQ(store->durable_seq(), 25u);
}

TEST_P(PersistentStoreTest, NoAllocationPerAppendOrVisit) {
  auto store = Open();
  ASSERT_NE(store, nullptr);
  const std::string message = TestMessage(1);
  ASSERT_EQ(store->Append(1, message, 1), StoreStatus::kOk);
  CollectingVisitor warm;
  ASSERT_EQ(store->Visit(1, 1, warm), StoreStatus::kOk);
  class Counter final : public MessageVisitor {
   public:
    bool OnStoredMessage(std::uint64_t, std::string_view b) noexcept override {
      bytes += b.size();
      return true;
    }
    std::size_t bytes = 0;
  } counter;
  testing::AllocationScope scope;
  const std::uint64_t last = Count(5000);
  for (std::uint64_t seq = 2; seq <= last; ++seq) {
    ASSERT_EQ(store->Append(seq, message, seq), StoreStatus::kOk);
    if (seq % 100 == 0) {
      ASSERT_EQ(store->SetNextTargetSeq(seq + 1), StoreStatus::kOk);
    }
  }
  ASSERT_EQ(store->Sync(), StoreStatus::kOk);
  ASSERT_EQ(store->Visit(1, ~0ull, counter), StoreStatus::kOk);
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_EQ(counter.bytes, last * message.size());
}

INSTANTIATE_TEST_SUITE_P(Modes, PersistentStoreTest, ::testing::ValuesIn(testing::kPersistentModes),
                         [](const auto& p) { return std::string(p.param.name); });

TEST(FileStoreTest, LowerNumberReplacesTheMessagesFromIt) {
  StoreOptions o;
  o.type = StoreType::kFile;
  o.directory = testing::FreshDirectory("regress");
  o.session_id = "S";
  {
    auto store = OpenStore(o);
    ASSERT_TRUE(store.ok()) << store.status();
    for (int seq = 1; seq <= 10; ++seq) {
      ASSERT_EQ((*store)->Append(seq, TestMessage(seq), seq), StoreStatus::kOk);
    }
    ASSERT_EQ((*store)->SetNextSenderSeq(5), StoreStatus::kOk);
    ASSERT_EQ((*store)->Append(5, TestMessage(5, 1), 77), StoreStatus::kOk);
  }
  auto store = OpenStore(o);
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_EQ((*store)->next_sender_seq(), 6u);
  EXPECT_EQ((*store)->next_target_seq(), 77u);
  CollectingVisitor all;
  ASSERT_EQ((*store)->Visit(1, ~0ull, all), StoreStatus::kOk);
  ASSERT_EQ(all.messages.size(), 5u);
  EXPECT_EQ(all.messages[3].bytes, TestMessage(4));
  EXPECT_EQ(all.messages[4].bytes, TestMessage(5, 1));
}

TEST(OpenStoreTest, SettingsSpellings) {
  EXPECT_EQ(ParseStoreType("memory"), StoreType::kMemory);
  EXPECT_EQ(ParseStoreType("mmap"), StoreType::kMmap);
  EXPECT_EQ(ParseStoreType("file"), StoreType::kFile);
  EXPECT_EQ(ParseStoreType("File"), std::nullopt);
  EXPECT_EQ(ParseStoreSync("none"), StoreSync::kNone);
  EXPECT_EQ(ParseStoreSync("flush"), StoreSync::kFlush);
  EXPECT_EQ(ParseStoreSync("fsync"), StoreSync::kFsync);
  EXPECT_EQ(ParseStoreSync("group"), StoreSync::kGroup);
  EXPECT_EQ(ParseStoreSync(""), std::nullopt);
}

TEST(OpenStoreTest, MemoryAndErrors) {
  StoreOptions o;
  auto memory = OpenStore(o);
  ASSERT_TRUE(memory.ok());
  EXPECT_EQ((*memory)->Append(1, "x", 1), StoreStatus::kOk);
  o.type = StoreType::kFile;
  EXPECT_FALSE(OpenStore(o).ok());  // no directory
}

}  // namespace
}  // namespace fixwire
