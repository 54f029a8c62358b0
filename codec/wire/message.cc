// message.cc: Message::CopyFrom (see message.h).
#include "fixwire/wire/message.h"

#include <cstring>

namespace fixwire {
namespace {

// Direct-mapped lookup for the tags most messages use; larger ones hash.
constexpr std::uint32_t kMessageDirectTags = 1024;

constexpr std::size_t AlignUp(std::size_t n, std::size_t a) noexcept { return (n + a - 1) / a * a; }

}  // namespace

Error Message::CopyFrom(const MessageView& view, BufferPool& pool, Message* out) noexcept {
  out->reset();
  const std::size_t size = view.size();
  const std::uint32_t count = view.field_count() == 0 ? 1 : view.field_count();
  const std::size_t index_at = AlignUp(size, FieldIndex::kStorageAlignment);
  std::uint32_t direct = kMessageDirectTags;
  if (index_at + FieldIndex::StorageBytes(count, direct) > pool.buffer_size()) direct = 0;
  if (index_at + FieldIndex::StorageBytes(count, direct) > pool.buffer_size()) {
    return Error{ErrorCode::kBufferTooSmall, 0, 0};
  }
  PooledBuffer buffer = pool.acquire();
  if (!buffer) return Error{ErrorCode::kArenaExhausted, 0, 0};
  if (size != 0) std::memcpy(buffer.data(), view.data(), size);
  FieldIndex index(buffer.data() + index_at, buffer.size() - index_at, count, direct);
  MessageView copy;
  if (!index.Rebuild(buffer.data(), static_cast<std::uint32_t>(size), view.fields(), &copy)) {
    return Error{ErrorCode::kBufferTooSmall, 0, 0};
  }
  out->buffer_ = std::move(buffer);
  out->index_ = std::move(index);
  out->view_ = copy;
  return Error{};
}

void Message::reset() noexcept {
  view_ = MessageView();
  index_ = FieldIndex();
  buffer_.reset();
}

}  // namespace fixwire
