#include "tests/support/alloc_counter.h"

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace fixwire::testing {
namespace {

// Under ASan the sanitizer runtime's operator new wins over ours, so nothing
// is counted there: the counting tests run (and prove the counter) in the
// plain build only.
#if defined(FIXWIRE_SANITIZER)
#define SKIP_UNDER_SANITIZER() GTEST_SKIP() << "allocation counting is replaced by the sanitizer runtime"
#else
#define SKIP_UNDER_SANITIZER() (void)0
#endif

// Keeps the optimiser from eliding an allocation whose result is unused.
template <typename T>
void Escape(T* p) {
  asm volatile("" : : "g"(p) : "memory");
}

TEST(AllocCounterTest, CountsOneNew) {
  SKIP_UNDER_SANITIZER();
  AllocationScope scope;
  auto* p = new int(7);
  Escape(p);
  EXPECT_EQ(scope.allocations(), 1u);
  delete p;
  EXPECT_EQ(scope.deallocations(), 1u);
}

TEST(AllocCounterTest, CatchesAllocationInsideLibraryCode) {
  SKIP_UNDER_SANITIZER();
  AllocationScope scope;
  std::vector<int> v;
  v.reserve(100);
  Escape(v.data());
  std::string s(200, 'x');  // too long for the small-string buffer
  Escape(s.data());
  EXPECT_EQ(scope.allocations(), 2u);
}

TEST(AllocCounterTest, CountsAlignedAndArrayForms) {
  SKIP_UNDER_SANITIZER();
  struct alignas(128) Wide { char bytes[128]; };
  AllocationScope scope;
  auto wide = std::make_unique<Wide>();
  Escape(wide.get());
  auto array = std::make_unique<char[]>(64);
  Escape(array.get());
  EXPECT_EQ(scope.allocations(), 2u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(wide.get()) % 128, 0u);
}

TEST(AllocCounterTest, ZeroWhenNothingAllocates) {
  int local[16] = {};
  AllocationScope scope;
  for (int i = 0; i < 16; ++i) local[i] = i * i;
  Escape(local);
  EXPECT_EQ(scope.allocations(), 0u);
}

TEST(AllocCounterTest, OtherThreadsDoNotCount) {
  SKIP_UNDER_SANITIZER();
  AllocationScope scope;
  std::uint64_t in_thread = 0;
  std::thread t([&] {
    AllocationScope inner;
    auto* p = new int(1);
    Escape(p);
    delete p;
    in_thread = inner.allocations();
  });
  std::uint64_t after_spawn = scope.allocations();  // std::thread itself allocates its state
  t.join();
  EXPECT_EQ(in_thread, 1u);
  EXPECT_EQ(scope.allocations(), after_spawn);
}

}  // namespace
}  // namespace fixwire::testing
