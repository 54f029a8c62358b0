// store_corruption_test.cc: flipped bytes, truncated records and truncated
// files, for the file store and the journal. Recovery names the file, the
// offset and the sequence number; by default it refuses to open a log with a
// bad record before its end, with truncate_on_corruption it keeps what comes
// before; it never hands a bad record to a resend.
#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "fixwire/store/store_factory.h"
#include "gtest/gtest.h"
#include "tests/store/store_test_util.h"

namespace fixwire {
namespace {

using testing::CollectingVisitor;
using testing::TestMessage;

constexpr int kMessages = 100;

std::size_t RecordBytes(std::size_t payload) { return (24 + payload + 7) & ~std::size_t{7}; }

// Offset of message `seq`'s record: after the 32-byte session start.
std::size_t RecordOffset(std::uint64_t seq) {
  std::size_t at = 32;
  for (std::uint64_t s = 1; s < seq; ++s) at += RecordBytes(TestMessage(s).size());
  return at;
}

class StoreCorruptionTest : public ::testing::TestWithParam<StoreType> {
 protected:
  void SetUp() override {
    options_.type = GetParam();
    options_.sync = StoreSync::kFlush;
    options_.directory = testing::FreshDirectory(GetParam() == StoreType::kFile ? "corrupt_file"
                                                                                : "corrupt_mmap");
    options_.session_id = "S";
    options_.segment_bytes = 1 << 20;
    auto store = OpenStore(options_);
    ASSERT_TRUE(store.ok()) << store.status();
    for (int seq = 1; seq <= kMessages; ++seq) {
      ASSERT_EQ((*store)->Append(seq, TestMessage(seq), seq + 1), StoreStatus::kOk);
    }
    store->reset();
    // Found now, while the directory holds only it: a store opened later
    // may add its spare segment at any moment.
    ASSERT_FALSE(DataFile().empty());
  }

  // The one file the store wrote (the journal removes its unused spare on close).
  std::string DataFile() {
    if (data_file_.empty()) {
      for (const auto& e : std::filesystem::directory_iterator(options_.directory)) {
        data_file_ = e.path().string();
      }
    }
    return data_file_;
  }

  void Poke(std::size_t offset, char xor_mask) {
    const int fd = open(DataFile().c_str(), O_RDWR);
    ASSERT_GE(fd, 0);
    char c;
    ASSERT_EQ(pread(fd, &c, 1, static_cast<off_t>(offset)), 1);
    c = static_cast<char>(c ^ xor_mask);
    ASSERT_EQ(pwrite(fd, &c, 1, static_cast<off_t>(offset)), 1);
    close(fd);
  }

  void Truncate(std::size_t size) {
    ASSERT_EQ(truncate(DataFile().c_str(), static_cast<off_t>(size)), 0);
  }

  // Opens with truncate_on_corruption and checks the messages are exactly 1..n.
  void ExpectRecovers(std::uint64_t n, std::string* report) {
    StoreOptions o = options_;
    o.truncate_on_corruption = true;
    o.recovery_report = report;
    auto store = OpenStore(o);
    ASSERT_TRUE(store.ok()) << store.status();
    CollectingVisitor all;
    ASSERT_EQ((*store)->Visit(1, ~0ull, all), StoreStatus::kOk);
    ASSERT_EQ(all.messages.size(), n);
    for (std::uint64_t i = 0; i < n; ++i) ASSERT_EQ(all.messages[i].bytes, TestMessage(i + 1));
    EXPECT_EQ((*store)->next_sender_seq(), n + 1);
  }

  StoreOptions options_;
  std::string data_file_;
};

TEST_P(StoreCorruptionTest, FlippedPayloadByteRefusesNamingFileOffsetSeq) {
  const std::string file = DataFile();
  Poke(RecordOffset(50) + 40, 0x20);
  auto store = OpenStore(options_);
  ASSERT_FALSE(store.ok());
  const std::string text(store.status().message());
  EXPECT_NE(text.find(file), std::string::npos) << text;
  EXPECT_NE(text.find("offset " + std::to_string(RecordOffset(50))), std::string::npos) << text;
  EXPECT_NE(text.find("seq 50"), std::string::npos) << text;
  EXPECT_NE(text.find("checksum"), std::string::npos) << text;
  std::string report;
  ExpectRecovers(49, &report);
  EXPECT_NE(report.find(file), std::string::npos) << report;
  EXPECT_NE(report.find("offset " + std::to_string(RecordOffset(50))), std::string::npos);
  // The cut is permanent: a second open is clean.
  auto again = OpenStore(options_);
  EXPECT_TRUE(again.ok()) << again.status();
}

TEST_P(StoreCorruptionTest, FlippedHeaderByteIsDetected) {
  Poke(RecordOffset(70) + 9, 0x01);  // the sequence number
  auto store = OpenStore(options_);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(std::string(store.status().message()).find("offset " +
                                                      std::to_string(RecordOffset(70))),
            std::string::npos)
      << store.status();
  ExpectRecovers(69, nullptr);
}

TEST_P(StoreCorruptionTest, TruncatedLastRecord) {
  const std::size_t cut = RecordOffset(kMessages) + 30;
  if (GetParam() == StoreType::kFile) {
    // A torn write: the record is cut and reported, the rest opens.
    Truncate(cut);
    std::string report;
    StoreOptions o = options_;
    o.recovery_report = &report;
    auto store = OpenStore(o);
    ASSERT_TRUE(store.ok()) << store.status();
    EXPECT_EQ((*store)->next_sender_seq(), static_cast<std::uint64_t>(kMessages));
    EXPECT_NE(report.find("offset " + std::to_string(RecordOffset(kMessages))), std::string::npos)
        << report;
    EXPECT_NE(report.find("seq 100"), std::string::npos) << report;
    EXPECT_NE(report.find(DataFile()), std::string::npos) << report;
  } else {
    // A journal segment never shrinks by itself: refused, or cut on request.
    Truncate(cut);
    auto store = OpenStore(options_);
    ASSERT_FALSE(store.ok());
    EXPECT_NE(std::string(store.status().message()).find("truncated record"), std::string::npos)
        << store.status();
    ExpectRecovers(kMessages - 1, nullptr);
  }
}

TEST_P(StoreCorruptionTest, TruncatedFile) {
  Truncate(RecordOffset(31) + 3);
  if (GetParam() == StoreType::kMmap) {
    EXPECT_FALSE(OpenStore(options_).ok());
  }
  std::string report;
  ExpectRecovers(30, &report);
  EXPECT_NE(report.find("offset " + std::to_string(RecordOffset(31))), std::string::npos)
      << report;
}

TEST_P(StoreCorruptionTest, CorruptionWhileOpenStopsTheResend) {
  auto store = OpenStore(options_);
  ASSERT_TRUE(store.ok()) << store.status();
  Poke(RecordOffset(60) + 30, 0x40);
  CollectingVisitor all;
  EXPECT_EQ((*store)->Visit(1, ~0ull, all), StoreStatus::kCorrupt);
  ASSERT_EQ(all.messages.size(), 59u);
  for (std::size_t i = 0; i < all.messages.size(); ++i) {
    EXPECT_EQ(all.messages[i].bytes, TestMessage(i + 1));
  }
}

TEST_P(StoreCorruptionTest, RandomDamageNeverYieldsABadRecord) {
  const std::string file = DataFile();
  const std::string pristine = file + ".pristine";
  std::filesystem::copy_file(file, pristine);
  const std::size_t data_end = RecordOffset(kMessages + 1);
  std::mt19937 rng(1);
  ASSERT_FALSE(file.empty());
  for (int round = 0; round < 300; ++round) {
    std::filesystem::copy_file(pristine, file, std::filesystem::copy_options::overwrite_existing);
    if (round % 3 == 2) {
      Truncate(rng() % data_end);
    } else {
      for (int flips = 1 + rng() % 3; flips > 0; --flips) {
        Poke(rng() % data_end, static_cast<char>(1 + rng() % 255));
      }
    }
    for (bool cut : {false, true}) {
      StoreOptions o = options_;
      o.truncate_on_corruption = cut;
      auto store = OpenStore(o);
      if (!store.ok()) {
        EXPECT_FALSE(cut) << store.status();
        EXPECT_NE(std::string(store.status().message()).find(file), std::string::npos)
            << store.status();
        continue;
      }
      CollectingVisitor all;
      (*store)->Visit(1, ~0ull, all);
      for (std::size_t i = 0; i < all.messages.size(); ++i) {
        ASSERT_EQ(all.messages[i].seq, i + 1) << "round " << round;
        ASSERT_EQ(all.messages[i].bytes, TestMessage(i + 1)) << "round " << round;
      }
    }
  }
  std::filesystem::remove(pristine);
}

INSTANTIATE_TEST_SUITE_P(Types, StoreCorruptionTest,
                         ::testing::Values(StoreType::kFile, StoreType::kMmap),
                         [](const auto& p) {
                           return std::string(p.param == StoreType::kFile ? "file" : "mmap");
                         });

}  // namespace
}  // namespace fixwire
