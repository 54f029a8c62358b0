// buffer_pool.h: BufferPool, N fixed-size buffers allocated once, with O(1)
// acquire and release through a move-only handle.
//
// The constructor allocates every buffer (one block, each buffer 64-byte
// aligned) and the free list; after that the pool never touches the heap.
// acquire() returns a PooledBuffer that owns one buffer until it is dropped
// (destroyed, reset() or assigned over), which puts the buffer back. An
// exhausted pool returns an empty handle (operator bool is false).
//
//   fixwire::BufferPool pool(/*buffer_count=*/64, /*buffer_size=*/4096);
//   fixwire::PooledBuffer buf = pool.acquire();
//   if (!buf) return ErrorCode::kNoBuffer;   // all 64 in use
//   std::memcpy(buf.data(), bytes, n);       // buf.size() == 4096
//
// Ownership and lifetime: the pool owns the memory; a handle's data() is valid
// until the handle drops it. The pool must outlive every handle it gave out
// (destroying a pool with buffers still out is a bug, checked by assert).
// Buffer contents are not cleared between uses.
// Thread use: none internally. One pool per thread: acquire() and every
// handle's release must happen on the thread that owns the pool. To pass a
// buffer to another thread, move the handle across with your own
// synchronization (a queue) and move it back to the owning thread to drop it;
// reading and writing data() from the other thread meanwhile is fine.
// Errors: the constructor throws std::bad_alloc if memory runs out, or
// std::invalid_argument if buffer_count exceeds UINT32_MAX (cold path);
// acquire() never throws.
#ifndef FIXWIRE_ARENA_BUFFER_POOL_H_
#define FIXWIRE_ARENA_BUFFER_POOL_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

namespace fixwire {

class BufferPool;

// PooledBuffer is a move-only handle to one buffer of a BufferPool, or empty.
class PooledBuffer {
 public:
  PooledBuffer() noexcept = default;
  ~PooledBuffer() { reset(); }

  PooledBuffer(const PooledBuffer&) = delete;
  PooledBuffer& operator=(const PooledBuffer&) = delete;
  PooledBuffer(PooledBuffer&& other) noexcept
      : pool_(other.pool_), data_(other.data_), index_(other.index_) {
    other.pool_ = nullptr;
    other.data_ = nullptr;
  }
  PooledBuffer& operator=(PooledBuffer&& other) noexcept {
    if (this != &other) {
      reset();
      pool_ = other.pool_;
      data_ = other.data_;
      index_ = other.index_;
      other.pool_ = nullptr;
      other.data_ = nullptr;
    }
    return *this;
  }

  // True when the handle holds a buffer.
  explicit operator bool() const noexcept { return data_ != nullptr; }
  // data returns the buffer (nullptr when empty); size its length (0 when empty).
  char* data() const noexcept { return data_; }
  std::size_t size() const noexcept;
  std::span<char> span() const noexcept { return {data_, size()}; }
  // index identifies the buffer within its pool (0..buffer_count()); meaningless when empty.
  std::uint32_t index() const noexcept { return index_; }

  // reset returns the buffer to its pool now; the handle becomes empty.
  void reset() noexcept;

 private:
  friend class BufferPool;
  PooledBuffer(BufferPool* pool, char* data, std::uint32_t index) noexcept
      : pool_(pool), data_(data), index_(index) {}

  BufferPool* pool_ = nullptr;
  char* data_ = nullptr;
  std::uint32_t index_ = 0;
};

class BufferPool {
 public:
  static constexpr std::size_t kBufferAlignment = 64;

  // BufferPool allocates buffer_count buffers of buffer_size bytes each.
  BufferPool(std::size_t buffer_count, std::size_t buffer_size);
  ~BufferPool();

  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;
  // Not movable either: handles point at the pool.
  BufferPool(BufferPool&&) = delete;
  BufferPool& operator=(BufferPool&&) = delete;

  // acquire takes a free buffer in O(1), or returns an empty handle when none is left.
  [[nodiscard]] PooledBuffer acquire() noexcept {
    if (free_count_ == 0) return PooledBuffer();
    const std::uint32_t index = free_list_[--free_count_];
    return PooledBuffer(this, block_ + static_cast<std::size_t>(index) * stride_, index);
  }

  std::size_t buffer_size() const noexcept { return buffer_size_; }
  std::size_t buffer_count() const noexcept { return buffer_count_; }
  // available returns how many buffers acquire() can still hand out.
  std::size_t available() const noexcept { return free_count_; }

 private:
  friend class PooledBuffer;
  void release(std::uint32_t index) noexcept { free_list_[free_count_++] = index; }

  std::size_t buffer_count_;
  std::size_t buffer_size_;
  std::size_t stride_;  // buffer_size rounded up to kBufferAlignment
  char* block_ = nullptr;
  std::unique_ptr<std::uint32_t[]> free_list_;
  std::size_t free_count_ = 0;
};

inline std::size_t PooledBuffer::size() const noexcept {
  return data_ != nullptr ? pool_->buffer_size() : 0;
}

inline void PooledBuffer::reset() noexcept {
  if (data_ != nullptr) {
    pool_->release(index_);
    pool_ = nullptr;
    data_ = nullptr;
  }
}

}  // namespace fixwire

#endif  // FIXWIRE_ARENA_BUFFER_POOL_H_
