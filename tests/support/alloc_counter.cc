// Replacement global operator new/delete that count calls per thread.
#include "tests/support/alloc_counter.h"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace fixwire::testing {
namespace {

thread_local std::uint64_t t_allocations = 0;
thread_local std::uint64_t t_deallocations = 0;
std::atomic<std::uint64_t> g_allocations{0};

void* CountedAllocate(std::size_t size, std::size_t alignment) {
  ++t_allocations;
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (size == 0) size = 1;
  void* p = nullptr;
  if (alignment <= alignof(std::max_align_t)) {
    p = std::malloc(size);
  } else {
    // aligned_alloc needs size to be a multiple of the alignment.
    std::size_t rounded = (size + alignment - 1) / alignment * alignment;
    p = std::aligned_alloc(alignment, rounded);
  }
  return p;
}

void CountedFree(void* p) noexcept {
  if (p == nullptr) return;
  ++t_deallocations;
  std::free(p);
}

}  // namespace

std::uint64_t ThreadAllocationCount() noexcept { return t_allocations; }
std::uint64_t ThreadDeallocationCount() noexcept { return t_deallocations; }
std::uint64_t ProcessAllocationCount() noexcept {
  return g_allocations.load(std::memory_order_relaxed);
}

}  // namespace fixwire::testing

using fixwire::testing::CountedAllocate;
using fixwire::testing::CountedFree;

void* operator new(std::size_t size) {
  void* p = CountedAllocate(size, alignof(std::max_align_t));
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return CountedAllocate(size, alignof(std::max_align_t));
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return CountedAllocate(size, alignof(std::max_align_t));
}
void* operator new(std::size_t size, std::align_val_t al) {
  void* p = CountedAllocate(size, static_cast<std::size_t>(al));
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void* operator new[](std::size_t size, std::align_val_t al) { return ::operator new(size, al); }
void* operator new(std::size_t size, std::align_val_t al, const std::nothrow_t&) noexcept {
  return CountedAllocate(size, static_cast<std::size_t>(al));
}
void* operator new[](std::size_t size, std::align_val_t al, const std::nothrow_t&) noexcept {
  return CountedAllocate(size, static_cast<std::size_t>(al));
}

void operator delete(void* p) noexcept { CountedFree(p); }
void operator delete[](void* p) noexcept { CountedFree(p); }
void operator delete(void* p, std::size_t) noexcept { CountedFree(p); }
void operator delete[](void* p, std::size_t) noexcept { CountedFree(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { CountedFree(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { CountedFree(p); }
void operator delete(void* p, std::align_val_t) noexcept { CountedFree(p); }
void operator delete[](void* p, std::align_val_t) noexcept { CountedFree(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { CountedFree(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { CountedFree(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { CountedFree(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { CountedFree(p); }
