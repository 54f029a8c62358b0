// buffer_pool.cc: BufferPool construction and destruction.
#include "fixwire/arena/buffer_pool.h"

#include <cassert>
#include <cstdint>
#include <new>
#include <stdexcept>

namespace fixwire {

BufferPool::BufferPool(std::size_t buffer_count, std::size_t buffer_size)
    : buffer_count_(buffer_count),
      buffer_size_(buffer_size),
      stride_((buffer_size + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment) {
  if (buffer_count > UINT32_MAX) throw std::invalid_argument("BufferPool: buffer_count > UINT32_MAX");
  if (stride_ == 0) stride_ = kBufferAlignment;  // buffer_size 0: distinct, valid pointers
  if (stride_ < buffer_size || (buffer_count != 0 && stride_ > SIZE_MAX / buffer_count)) {
    throw std::bad_alloc();
  }
  const std::size_t bytes = buffer_count == 0 ? kBufferAlignment : stride_ * buffer_count;
  free_list_ = std::make_unique<std::uint32_t[]>(buffer_count == 0 ? 1 : buffer_count);
  block_ = static_cast<char*>(::operator new(bytes, std::align_val_t{kBufferAlignment}));
  // Hand out buffer 0 first: the stack pops from the end.
  for (std::size_t i = 0; i < buffer_count; ++i) {
    free_list_[i] = static_cast<std::uint32_t>(buffer_count - 1 - i);
  }
  free_count_ = buffer_count;
}

BufferPool::~BufferPool() {
  assert(free_count_ == buffer_count_ && "BufferPool destroyed while buffers are still acquired");
  ::operator delete(block_, std::align_val_t{kBufferAlignment});
}

}  // namespace fixwire
