// message_test.cc: Message keeps a decoded message after its source bytes are
// gone: every field and lookup matches the reference parse of the original.
#include "fixwire/wire/message.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "fixwire/arena/buffer_pool.h"
#include "fixwire/wire/decoder.h"
#include "tests/codec/fix_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

void ExpectMatchesReference(const MessageView& view, const std::string& original) {
  std::vector<testing::RefField> ref;
  ASSERT_TRUE(testing::ReferenceParse(original, &ref));
  ASSERT_EQ(view.field_count(), ref.size());
  std::map<std::uint32_t, std::string> first;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(view.field(static_cast<std::uint32_t>(i)).tag, ref[i].tag);
    ASSERT_EQ(view.value(view.field(static_cast<std::uint32_t>(i))), ref[i].value);
    first.emplace(ref[i].tag, ref[i].value);
  }
  for (const auto& [tag, value] : first) ASSERT_EQ(view.GetOr(tag), value) << tag;
  EXPECT_EQ(view.bytes(), original);
}

TEST(MessageTest, OutlivesTheReceiveBufferAndTheIndex) {
  testing::RandomMessageMaker maker(5);
  BufferPool pool(64, 16384);
  Decoder decoder;
  std::vector<Message> kept;
  std::vector<std::string> originals;
  {
    FieldIndex index(2048);
    for (int i = 0; i < 64; ++i) {
      std::string bytes = maker.RandomMessage(nullptr, 60);
      MessageView view;
      ASSERT_TRUE(decoder.Decode(bytes, index, view).ok());
      Message m;
      ASSERT_TRUE(Message::CopyFrom(view, pool, &m).ok());
      originals.push_back(bytes);
      std::fill(bytes.begin(), bytes.end(), 'Z');  // the receive buffer is reused
      kept.push_back(std::move(m));                // moving keeps the view valid
    }
  }  // the decode index is gone too
  EXPECT_EQ(pool.available(), 0u);
  for (std::size_t i = 0; i < kept.size(); ++i) {
    ExpectMatchesReference(kept[i].view(), originals[i]);
    std::vector<testing::RefField> ref;
    ASSERT_TRUE(testing::ReferenceParse(originals[i], &ref));
    EXPECT_EQ(kept[i].view().msg_type(), ref[2].value);
    EXPECT_EQ(std::to_string(kept[i].view().body_length()), ref[1].value);
  }
  Message extra;
  testing::RandomMessageMaker maker2(6);
  const std::string bytes = maker2.RandomMessage();
  FieldIndex index(1024);
  MessageView view;
  ASSERT_TRUE(decoder.Decode(bytes, index, view).ok());
  EXPECT_EQ(Message::CopyFrom(view, pool, &extra).code, ErrorCode::kArenaExhausted);
  EXPECT_TRUE(extra.empty());
  kept[0].reset();
  EXPECT_EQ(pool.available(), 1u);
  ASSERT_TRUE(Message::CopyFrom(view, pool, &extra).ok());
  ExpectMatchesReference(extra.view(), bytes);
  EXPECT_EQ(extra.view().body_length(), view.body_length());
  EXPECT_EQ(extra.view().checksum(), view.checksum());
}

TEST(MessageTest, TooSmallBufferAndSmallBufferFallback) {
  const std::string bytes = testing::Assemble(
      "FIX.4.4", {{35, "D"}, {55, "IBM"}, {7001, "custom"}, {123456, "big tag"}, {55, "again"}});
  FieldIndex index(64);
  MessageView view;
  ASSERT_TRUE(Decoder().Decode(bytes, index, view).ok());
  BufferPool tiny(1, bytes.size() + 8);
  // Room for the bytes and a hash-only index (no direct table).
  BufferPool small(1, bytes.size() + 8 + 16 * 8 + 8 * 12);
  Message m;  // after the pools: dropped before them
  EXPECT_EQ(Message::CopyFrom(view, tiny, &m).code, ErrorCode::kBufferTooSmall);
  EXPECT_EQ(tiny.available(), 1u);
  ASSERT_TRUE(Message::CopyFrom(view, small, &m).ok());
  ExpectMatchesReference(m.view(), bytes);
  EXPECT_EQ(m.view().GetOr(7001), "custom");
  EXPECT_EQ(m.view().GetOr(123456), "big tag");
  EXPECT_EQ(m.view().Count(55), 2u);
}

TEST(MessageTest, CopyAllocatesNothing) {
  const std::string bytes = testing::RandomMessageMaker(8).RandomMessage();
  FieldIndex index(1024);
  MessageView view;
  ASSERT_TRUE(Decoder().Decode(bytes, index, view).ok());
  BufferPool pool(4, 8192);
  Message m;
  testing::AllocationScope scope;
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(Message::CopyFrom(view, pool, &m).ok());
  EXPECT_EQ(scope.allocations(), 0u);
}

}  // namespace
}  // namespace fixwire
