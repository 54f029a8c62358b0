// arena.h: Arena, a fixed-capacity bump allocator over one block.
//
// The block (64-byte aligned) is allocated once, in the constructor; after that
// the Arena never touches the heap. allocate() hands out consecutive pieces of
// the block and returns nullptr when the rest is too small (never a second
// block, never undefined behaviour). reset() makes the whole block available
// again; memory is never returned piece by piece.
//
//   fixwire::Arena arena(64 * 1024);
//   auto* fields = arena.allocate_array<Field>(256);   // nullptr when full
//   ...
//   arena.reset();                                     // next message
//
// Ownership and lifetime: the Arena owns the block; every pointer it returned
// is invalid after reset(), after the Arena is moved from or destroyed. Nothing
// placed in the arena is destroyed: store only trivially destructible data.
// Thread use: none. An Arena is used by one thread at a time (one per thread).
// Errors: the constructor throws std::bad_alloc if the block cannot be
// allocated (cold path); allocate() reports exhaustion with nullptr.
#ifndef FIXWIRE_ARENA_ARENA_H_
#define FIXWIRE_ARENA_ARENA_H_

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace fixwire {

class Arena {
 public:
  // kBlockAlignment is the alignment of the block, hence of the first allocation.
  static constexpr std::size_t kBlockAlignment = 64;

  // Arena allocates a block of `capacity` bytes (which may be 0).
  explicit Arena(std::size_t capacity);
  ~Arena();

  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  // A moved-from Arena has capacity 0 and returns nullptr for every non-empty allocation.
  Arena(Arena&& other) noexcept;
  Arena& operator=(Arena&& other) noexcept;

  // allocate returns `size` bytes aligned to `align` (a power of two; any
  // value, including above 64), or nullptr when they do not fit in what
  // remains or `align` is not a power of two. On failure nothing changes.
  // size 0 succeeds while the aligned position is inside the block.
  [[nodiscard]] void* allocate(std::size_t size,
                               std::size_t align = alignof(std::max_align_t)) noexcept;

  // allocate_array returns uninitialized room for `count` objects of T
  // (aligned for T), or nullptr when it does not fit or count * sizeof(T) overflows.
  template <class T>
  [[nodiscard]] T* allocate_array(std::size_t count) noexcept {
    static_assert(std::is_trivially_destructible_v<T>,
                  "the arena never runs destructors; store trivially destructible types only");
    if (count > SIZE_MAX / sizeof(T)) return nullptr;
    return static_cast<T*>(allocate(count * sizeof(T), alignof(T)));
  }

  // reset makes the whole block available again; earlier pointers become invalid.
  void reset() noexcept { used_ = 0; }

  // used returns the bytes consumed so far, alignment padding included.
  std::size_t used() const noexcept { return used_; }
  // remaining returns capacity() - used().
  std::size_t remaining() const noexcept { return capacity_ - used_; }
  // capacity returns the size of the block given to the constructor.
  std::size_t capacity() const noexcept { return capacity_; }

 private:
  char* block_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t used_ = 0;
};

}  // namespace fixwire

#endif  // FIXWIRE_ARENA_ARENA_H_
