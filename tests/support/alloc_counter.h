// alloc_counter.h: counts global heap allocations, so tests can prove that a
// code path allocates nothing.
//
// Linking //tests/support:alloc_counter replaces the global operator new and
// operator delete (all forms) for the whole test binary; every call goes to
// malloc/free and is counted. The counter is per thread, so another thread's
// allocations (gtest's, a logger's) do not leak into the measurement.
//
//   fixwire::testing::AllocationScope scope;
//   DecodeSomething();
//   EXPECT_EQ(scope.allocations(), 0u);
//
// Test-only: never link it into the library or a production binary.
#ifndef FIXWIRE_TESTS_SUPPORT_ALLOC_COUNTER_H_
#define FIXWIRE_TESTS_SUPPORT_ALLOC_COUNTER_H_

#include <cstdint>

namespace fixwire::testing {

// ThreadAllocationCount returns how many times this thread has called a global
// operator new (any form) since the program started.
std::uint64_t ThreadAllocationCount() noexcept;

// ThreadDeallocationCount is the same for global operator delete of a non-null pointer.
std::uint64_t ThreadDeallocationCount() noexcept;

// ProcessAllocationCount is the same for every thread of the process
// together (a helper thread's allocations: a log writer's).
std::uint64_t ProcessAllocationCount() noexcept;

// AllocationScope records the counts at construction; allocations() and
// deallocations() report how many happened on this thread since then.
class AllocationScope {
 public:
  AllocationScope() noexcept
      : allocations_at_start_(ThreadAllocationCount()),
        deallocations_at_start_(ThreadDeallocationCount()) {}
  std::uint64_t allocations() const noexcept {
    return ThreadAllocationCount() - allocations_at_start_;
  }
  std::uint64_t deallocations() const noexcept {
    return ThreadDeallocationCount() - deallocations_at_start_;
  }

 private:
  std::uint64_t allocations_at_start_;
  std::uint64_t deallocations_at_start_;
};

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_SUPPORT_ALLOC_COUNTER_H_
