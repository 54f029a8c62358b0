// buffer_pool_test.cc: BufferPool acquire/release, handle semantics,
// exhaustion, alignment, and no heap use after construction.
#include "fixwire/arena/buffer_pool.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

std::uintptr_t Address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

TEST(BufferPoolTest, HandsOutEveryBufferOnceThenEmptyHandles) {
  BufferPool pool(5, 100);
  EXPECT_EQ(pool.buffer_count(), 5u);
  EXPECT_EQ(pool.buffer_size(), 100u);
  EXPECT_EQ(pool.available(), 5u);
  std::vector<PooledBuffer> held;
  std::set<std::uintptr_t> addresses;
  std::set<std::uint32_t> indices;
  for (int i = 0; i < 5; ++i) {
    PooledBuffer b = pool.acquire();
    ASSERT_TRUE(b);
    EXPECT_EQ(b.size(), 100u);
    EXPECT_EQ(b.span().size(), 100u);
    EXPECT_EQ(Address(b.data()) % 64, 0u);
    addresses.insert(Address(b.data()));
    indices.insert(b.index());
    held.push_back(std::move(b));
  }
  EXPECT_EQ(addresses.size(), 5u);
  EXPECT_EQ(indices, (std::set<std::uint32_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(pool.available(), 0u);
  PooledBuffer none = pool.acquire();
  EXPECT_FALSE(none);
  EXPECT_EQ(none.data(), nullptr);
  EXPECT_EQ(none.size(), 0u);
  held.clear();
  EXPECT_EQ(pool.available(), 5u);
}

TEST(BufferPoolTest, BuffersDoNotOverlap) {
  BufferPool pool(8, 65);  // odd size: buffers are padded to 64-byte strides
  std::vector<PooledBuffer> held;
  for (int i = 0; i < 8; ++i) held.push_back(pool.acquire());
  for (std::size_t i = 0; i < held.size(); ++i) std::memset(held[i].data(), static_cast<int>(i + 1), 65);
  for (std::size_t i = 0; i < held.size(); ++i) {
    for (std::size_t j = 0; j < 65; ++j) ASSERT_EQ(held[i].data()[j], static_cast<char>(i + 1));
  }
}

TEST(BufferPoolTest, DroppingAHandleReturnsItsBuffer) {
  BufferPool pool(1, 32);
  char* first = nullptr;
  {
    PooledBuffer b = pool.acquire();
    ASSERT_TRUE(b);
    first = b.data();
    EXPECT_FALSE(pool.acquire());
  }
  EXPECT_EQ(pool.available(), 1u);
  PooledBuffer again = pool.acquire();
  EXPECT_EQ(again.data(), first);
  again.reset();
  EXPECT_FALSE(again);
  EXPECT_EQ(pool.available(), 1u);
  again.reset();  // resetting an empty handle is harmless
  EXPECT_EQ(pool.available(), 1u);
}

TEST(BufferPoolTest, MovesTransferOwnershipExactlyOnce) {
  BufferPool pool(2, 16);
  PooledBuffer a = pool.acquire();
  char* data = a.data();
  PooledBuffer b(std::move(a));
  EXPECT_FALSE(a);  // NOLINT(bugprone-use-after-move): documented empty state
  EXPECT_EQ(b.data(), data);
  EXPECT_EQ(pool.available(), 1u);
  PooledBuffer c = pool.acquire();
  EXPECT_EQ(pool.available(), 0u);
  c = std::move(b);  // c's old buffer goes back
  EXPECT_EQ(c.data(), data);
  EXPECT_EQ(pool.available(), 1u);
  PooledBuffer& alias = c;
  c = std::move(alias);  // self-move keeps the buffer
  EXPECT_EQ(c.data(), data);
  EXPECT_EQ(pool.available(), 1u);
  c = PooledBuffer();
  EXPECT_EQ(pool.available(), 2u);
}

TEST(BufferPoolTest, RandomAcquireReleaseKeepsCountsRight) {
  std::mt19937_64 rng(9);
  BufferPool pool(16, 48);
  std::vector<PooledBuffer> held;
  std::vector<std::uint8_t> tags;
  for (int step = 0; step < 20000; ++step) {
    if (rng() % 2 == 0) {
      PooledBuffer b = pool.acquire();
      ASSERT_EQ(static_cast<bool>(b), held.size() < 16);
      if (b) {
        const auto tag = static_cast<std::uint8_t>(rng());
        std::memset(b.data(), tag, b.size());
        held.push_back(std::move(b));
        tags.push_back(tag);
      }
    } else if (!held.empty()) {
      const std::size_t i = rng() % held.size();
      for (std::size_t j = 0; j < 48; ++j) ASSERT_EQ(static_cast<std::uint8_t>(held[i].data()[j]), tags[i]);
      held.erase(held.begin() + static_cast<std::ptrdiff_t>(i));
      tags.erase(tags.begin() + static_cast<std::ptrdiff_t>(i));
    }
    ASSERT_EQ(pool.available() + held.size(), 16u);
  }
}

TEST(BufferPoolTest, EmptyPoolAndZeroSizeBuffers) {
  BufferPool empty(0, 1024);
  EXPECT_FALSE(empty.acquire());
  BufferPool zero(3, 0);
  PooledBuffer a = zero.acquire();
  PooledBuffer b = zero.acquire();
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  EXPECT_NE(a.data(), b.data());
  EXPECT_EQ(a.size(), 0u);
}

TEST(BufferPoolTest, NoHeapUseAfterConstruction) {
  BufferPool pool(64, 4096);
  testing::AllocationScope scope;
  std::size_t served = 0;
  for (int round = 0; round < 1000; ++round) {
    PooledBuffer a = pool.acquire();
    PooledBuffer b = pool.acquire();
    if (a && b) served += 2;
    PooledBuffer c = std::move(a);
    b.reset();
    (void)c;
  }
  // Exhaustion too.
  {
    PooledBuffer all[64];
    for (PooledBuffer& h : all) h = pool.acquire();
    EXPECT_FALSE(pool.acquire());
  }
  EXPECT_EQ(served, 2000u);
  EXPECT_EQ(pool.available(), 64u);
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_EQ(scope.deallocations(), 0u);
}

}  // namespace
}  // namespace fixwire
