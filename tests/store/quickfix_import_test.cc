// quickfix_import_test.cc: a FileStore directory written by QuickFIX itself
// (Debian's libquickfix) is taken over by each of fixwire's stores.
#include "fixwire/store/quickfix_import.h"

#include <fstream>
#include <map>
#include <string>

#include "fixwire/store/store_factory.h"
#include "gtest/gtest.h"
#include "tests/store/quickfix_filestore_writer.h"
#include "tests/store/store_test_util.h"

namespace fixwire {
namespace {

using testing::CollectingVisitor;
using testing::TestMessage;

class QuickFixImportTest : public ::testing::TestWithParam<StoreType> {
 protected:
  void SetUp() override {
    qf_dir_ = testing::FreshDirectory("quickfix_store");
    for (int seq = 1; seq <= 500; ++seq) {
      if (seq >= 100 && seq <= 110) continue;  // a gap QuickFIX would fill
      content_.messages.emplace_back(seq, TestMessage(seq));
      expected_[seq] = TestMessage(seq);
    }
    content_.messages.emplace_back(7, TestMessage(7, 1));  // set again: the last wins
    expected_[7] = TestMessage(7, 1);
    content_.next_sender = 501;
    content_.next_target = 321;
    created_s_ = testing::WriteQuickFixFileStore(qf_dir_, "FIX.4.4", "GATEWAY", "EXCHANGE",
                                                 content_);
    ASSERT_GT(created_s_, 0);
    options_.type = GetParam();
    options_.directory = testing::FreshDirectory("quickfix_import_target");
    options_.session_id = "FIX.4.4-GATEWAY-EXCHANGE";
  }

  void ExpectTakenOver(MessageStore& store) {
    EXPECT_EQ(store.creation_time_ns() / 1'000'000'000, created_s_);
    EXPECT_EQ(store.next_sender_seq(), 501u);
    EXPECT_EQ(store.next_target_seq(), 321u);
    CollectingVisitor all;
    ASSERT_EQ(store.Visit(1, ~0ull, all), StoreStatus::kOk);
    ASSERT_EQ(all.messages.size(), expected_.size());
    auto it = expected_.begin();
    for (const auto& m : all.messages) {
      ASSERT_EQ(m.seq, static_cast<std::uint64_t>(it->first));
      ASSERT_EQ(m.bytes, it->second) << "seq " << m.seq;
      ++it;
    }
  }

  std::string qf_dir_;
  testing::QuickFixStoreContent content_;
  std::map<int, std::string> expected_;
  std::int64_t created_s_ = 0;
  StoreOptions options_;
};

TEST_P(QuickFixImportTest, TakesOverMessagesNumbersAndCreationTime) {
  // QuickFIX itself reads back what the import will see.
  EXPECT_EQ(testing::ReadQuickFixMessage(qf_dir_, "FIX.4.4", "GATEWAY", "EXCHANGE", 7),
            TestMessage(7, 1));
  {
    auto store = OpenStore(options_);
    ASSERT_TRUE(store.ok()) << store.status();
    ASSERT_TRUE((*store)->Append(1, "old", 1) == StoreStatus::kOk);
    absl::Status s = ImportQuickFixFileStore(qf_dir_, "FIX.4.4-GATEWAY-EXCHANGE", **store);
    ASSERT_TRUE(s.ok()) << s;
    ExpectTakenOver(**store);
  }
  if (GetParam() != StoreType::kMemory) {
    auto reopened = OpenStore(options_);
    ASSERT_TRUE(reopened.ok()) << reopened.status();
    ExpectTakenOver(**reopened);
  }
}

TEST_P(QuickFixImportTest, HeaderPointingPastTheBodyIsAnError) {
  {
    std::ofstream header(qf_dir_ + "/FIX.4.4-GATEWAY-EXCHANGE.header", std::ios::app);
    header << "999,100000000,50 ";
  }
  auto store = OpenStore(options_);
  ASSERT_TRUE(store.ok()) << store.status();
  absl::Status s = ImportQuickFixFileStore(qf_dir_, "FIX.4.4-GATEWAY-EXCHANGE", **store);
  ASSERT_FALSE(s.ok());
  const std::string text(s.message());
  EXPECT_NE(text.find("FIX.4.4-GATEWAY-EXCHANGE.header"), std::string::npos) << text;
  EXPECT_NE(text.find("seq 999"), std::string::npos) << text;
  EXPECT_NE(text.find("offset "), std::string::npos) << text;
}

TEST_P(QuickFixImportTest, MissingSessionFile) {
  auto store = OpenStore(options_);
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_FALSE(ImportQuickFixFileStore(qf_dir_, "FIX.4.4-NOBODY-EXCHANGE", **store).ok());
}

INSTANTIATE_TEST_SUITE_P(Types, QuickFixImportTest,
                         ::testing::Values(StoreType::kMemory, StoreType::kFile, StoreType::kMmap),
                         [](const auto& p) {
                           return std::string(p.param == StoreType::kFile   ? "file"
                                              : p.param == StoreType::kMmap ? "mmap"
                                                                            : "memory");
                         });

}  // namespace
}  // namespace fixwire
