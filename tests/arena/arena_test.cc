// arena_test.cc: Arena alignment, accounting, exhaustion, reset, moves, and
// that nothing touches the heap after construction.
#include "fixwire/arena/arena.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

std::uintptr_t Address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

TEST(ArenaTest, FreshArenaIsEmptyAndBlockAligned) {
  Arena arena(1000);
  EXPECT_EQ(arena.capacity(), 1000u);
  EXPECT_EQ(arena.used(), 0u);
  EXPECT_EQ(arena.remaining(), 1000u);
  void* p = arena.allocate(1, 1);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Address(p) % 64, 0u) << "the first byte of the block is 64-byte aligned";
}

TEST(ArenaTest, AccountingWithPaddingHandComputed) {
  Arena arena(256);
  char* a = static_cast<char*>(arena.allocate(3, 1));  // [0, 3)
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(arena.used(), 3u);
  char* b = static_cast<char*>(arena.allocate(8, 8));  // padded to 8: [8, 16)
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b - a, 8);
  EXPECT_EQ(arena.used(), 16u);
  char* c = static_cast<char*>(arena.allocate(1, 64));  // [64, 65)
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c - a, 64);
  EXPECT_EQ(arena.used(), 65u);
  EXPECT_EQ(arena.remaining(), 191u);
}

TEST(ArenaTest, ExhaustionReturnsNullAndChangesNothing) {
  Arena arena(100);
  ASSERT_NE(arena.allocate(60, 1), nullptr);
  EXPECT_EQ(arena.allocate(41, 1), nullptr);
  EXPECT_EQ(arena.used(), 60u);
  EXPECT_NE(arena.allocate(40, 1), nullptr);  // exactly fills it
  EXPECT_EQ(arena.remaining(), 0u);
  EXPECT_EQ(arena.allocate(1, 1), nullptr);
  EXPECT_NE(arena.allocate(0, 1), nullptr) << "size 0 at the very end still fits";
  EXPECT_EQ(arena.used(), 100u);
}

TEST(ArenaTest, PaddingThatDoesNotFitFails) {
  Arena arena(70);
  ASSERT_NE(arena.allocate(1, 1), nullptr);
  // The next 64-aligned position is 64; 64 + 7 > 70.
  EXPECT_EQ(arena.allocate(7, 64), nullptr);
  EXPECT_EQ(arena.used(), 1u);
  EXPECT_NE(arena.allocate(6, 64), nullptr);
  EXPECT_EQ(arena.used(), 70u);
}

TEST(ArenaTest, HugeSizesAndBadAlignmentsFail) {
  Arena arena(128);
  EXPECT_EQ(arena.allocate(SIZE_MAX, 1), nullptr);
  EXPECT_EQ(arena.allocate(SIZE_MAX - 10, 64), nullptr);
  EXPECT_EQ(arena.allocate(8, 0), nullptr);
  EXPECT_EQ(arena.allocate(8, 3), nullptr);
  EXPECT_EQ(arena.allocate(8, 48), nullptr);
  EXPECT_EQ(arena.allocate(1, std::size_t{1} << 63), nullptr);
  EXPECT_EQ(arena.used(), 0u);
  EXPECT_EQ(arena.allocate_array<std::uint64_t>(SIZE_MAX / 4), nullptr) << "count * size overflows";
  EXPECT_EQ(arena.used(), 0u);
}

TEST(ArenaTest, AlignmentsAboveTheBlockAlignment) {
  Arena arena(16384);
  ASSERT_NE(arena.allocate(1, 1), nullptr);
  void* p = arena.allocate(16, 4096);  // the next 4096-aligned address is at most 4096 bytes in
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Address(p) % 4096, 0u);
  void* q = arena.allocate(16, 128);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(Address(q) % 128, 0u);
}

TEST(ArenaTest, RandomAllocationsAreAlignedDisjointAndInside) {
  std::mt19937_64 rng(8);
  Arena arena(1 << 16);
  for (int round = 0; round < 50; ++round) {
    arena.reset();
    struct Piece {
      unsigned char* p;
      std::size_t size;
      unsigned char fill;
    };
    std::vector<Piece> pieces;
    std::size_t expected_min_used = 0;
    for (;;) {
      const std::size_t size = rng() % 300;
      const std::size_t align = std::size_t{1} << (rng() % 8);
      const std::size_t used_before = arena.used();
      auto* p = static_cast<unsigned char*>(arena.allocate(size, align));
      if (p == nullptr) {
        EXPECT_EQ(arena.used(), used_before);
        break;
      }
      EXPECT_EQ(Address(p) % align, 0u);
      EXPECT_GE(arena.used(), used_before + size);
      EXPECT_LT(arena.used(), used_before + size + align);
      expected_min_used += size;
      const auto fill = static_cast<unsigned char>(rng());
      std::memset(p, fill, size);  // ASan: stays inside the block
      pieces.push_back({p, size, fill});
    }
    EXPECT_GE(arena.used(), expected_min_used);
    EXPECT_LE(arena.used(), arena.capacity());
    // No piece overwrote another.
    for (const Piece& piece : pieces) {
      for (std::size_t i = 0; i < piece.size; ++i) ASSERT_EQ(piece.p[i], piece.fill);
    }
  }
}

TEST(ArenaTest, ResetReusesTheSameMemory) {
  Arena arena(512);
  void* first = arena.allocate(100, 8);
  ASSERT_NE(arena.allocate(300, 8), nullptr);
  arena.reset();
  EXPECT_EQ(arena.used(), 0u);
  EXPECT_EQ(arena.remaining(), 512u);
  EXPECT_EQ(arena.allocate(100, 8), first);
}

TEST(ArenaTest, AllocateArrayIsAlignedForTheType) {
  struct alignas(32) Wide {
    char bytes[32];
  };
  Arena arena(1024);
  ASSERT_NE(arena.allocate(1, 1), nullptr);
  Wide* w = arena.allocate_array<Wide>(3);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(Address(w) % 32, 0u);
  EXPECT_EQ(arena.used(), 32u + 3 * 32u);
  EXPECT_EQ(arena.allocate_array<Wide>(100), nullptr);
}

TEST(ArenaTest, MoveTransfersTheBlock) {
  Arena a(256);
  void* p = a.allocate(10, 1);
  ASSERT_NE(p, nullptr);
  Arena b(std::move(a));
  EXPECT_EQ(b.capacity(), 256u);
  EXPECT_EQ(b.used(), 10u);
  EXPECT_EQ(a.capacity(), 0u);  // NOLINT(bugprone-use-after-move): documented state
  EXPECT_EQ(a.allocate(1, 1), nullptr);
  Arena c(64);
  c = std::move(b);
  EXPECT_EQ(c.capacity(), 256u);
  c.reset();
  EXPECT_EQ(c.allocate(10, 1), p);
}

TEST(ArenaTest, ZeroCapacity) {
  Arena arena(0);
  EXPECT_EQ(arena.capacity(), 0u);
  EXPECT_EQ(arena.allocate(1, 1), nullptr);
  EXPECT_NE(arena.allocate(0, 1), nullptr);
}

TEST(ArenaTest, NoHeapUseAfterConstruction) {
  Arena arena(1 << 20);
  testing::AllocationScope scope;
  std::size_t total = 0;
  for (int round = 0; round < 1000; ++round) {
    for (int k = 0; k < 100; ++k) {
      void* p = arena.allocate(static_cast<std::size_t>(k * 7 + 1), 16);
      if (p != nullptr) total += 1;
    }
    EXPECT_EQ(arena.allocate(std::size_t{1} << 30, 1), nullptr);  // exhaustion: still no heap
    arena.reset();
  }
  EXPECT_EQ(total, 100000u);
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_EQ(scope.deallocations(), 0u);
}

}  // namespace
}  // namespace fixwire
