// arena.cc: Arena's block management and bump allocation.
#include "fixwire/arena/arena.h"

#include <cstdint>
#include <new>
#include <utility>

namespace fixwire {
namespace {

char* AllocateBlock(std::size_t capacity) {
  // At least one byte, so the block pointer is never null and size-0
  // allocations of an empty arena still return a real address.
  return static_cast<char*>(
      ::operator new(capacity == 0 ? 1 : capacity, std::align_val_t{Arena::kBlockAlignment}));
}

void FreeBlock(char* block) noexcept {
  if (block != nullptr) ::operator delete(block, std::align_val_t{Arena::kBlockAlignment});
}

}  // namespace

Arena::Arena(std::size_t capacity) : block_(AllocateBlock(capacity)), capacity_(capacity) {}

Arena::~Arena() { FreeBlock(block_); }

Arena::Arena(Arena&& other) noexcept
    : block_(std::exchange(other.block_, nullptr)),
      capacity_(std::exchange(other.capacity_, 0)),
      used_(std::exchange(other.used_, 0)) {}

Arena& Arena::operator=(Arena&& other) noexcept {
  if (this != &other) {
    FreeBlock(block_);
    block_ = std::exchange(other.block_, nullptr);
    capacity_ = std::exchange(other.capacity_, 0);
    used_ = std::exchange(other.used_, 0);
  }
  return *this;
}

void* Arena::allocate(std::size_t size, std::size_t align) noexcept {
  if (align == 0 || (align & (align - 1)) != 0 || block_ == nullptr) return nullptr;
  const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(block_);
  const std::uintptr_t current = base + used_;
  const std::uintptr_t aligned = (current + (align - 1)) & ~static_cast<std::uintptr_t>(align - 1);
  if (aligned < current) return nullptr;  // wrapped around the address space
  const std::size_t offset = aligned - base;
  if (offset > capacity_ || size > capacity_ - offset) return nullptr;
  used_ = offset + size;
  return block_ + offset;
}

}  // namespace fixwire
