// stream_framer.cc: StreamFramer (see stream_framer.h).
#include "fixwire/wire/stream_framer.h"

#include <cstring>

#include "fixwire/wire/internal/framing.h"
#include "fixwire/simd/find.h"

namespace fixwire {
namespace {

// FindStart returns the offset of the first "8=FIX" in p[0..n) that follows
// an SOH (or sits at 0 when `boundary`), or n.
std::size_t FindStart(const char* p, std::size_t n, bool boundary) noexcept {
  std::size_t from = boundary ? 0 : 1;
  while (from < n) {
    const std::size_t j = from + simd::FindBeginString(p + from, n - from);
    if (j >= n) return n;
    // FindBeginString takes the start of its span as a boundary: check it really is one.
    if (j == from && from > 0 && p[from - 1] != '\x01') {
      from = j + 1;
      continue;
    }
    return j;
  }
  return n;
}

constexpr std::size_t kBeginLiteral = 5;  // "8=FIX"

}  // namespace

StreamFramer::StreamFramer(BufferPool& pool, const FramerOptions& options) noexcept
    : buffer_(pool.acquire()),
      max_message_size_(options.max_message_size == 0 || options.max_message_size > pool.buffer_size()
                            ? pool.buffer_size()
                            : options.max_message_size),
      validate_checksum_(options.validate_checksum) {}

std::span<char> StreamFramer::PrepareWrite() noexcept {
  if (!buffer_) return {};
  const std::size_t capacity = buffer_.size();
  if (start_ == end_) {
    start_ = end_ = 0;
  } else if (start_ > 0 && capacity - end_ < capacity / 4 + 1) {
    // Only a partial message (or a few bytes of one) is ever kept: move it to the front.
    std::memmove(buffer_.data(), buffer_.data() + start_, end_ - start_);
    end_ -= start_;
    start_ = 0;
  }
  return std::span<char>(buffer_.data() + end_, capacity - end_);
}

void StreamFramer::Commit(std::size_t n) noexcept {
  const std::size_t room = buffer_.size() - end_;
  end_ += n < room ? n : room;
}

std::size_t StreamFramer::Feed(const char* data, std::size_t size) noexcept {
  const std::span<char> room = PrepareWrite();
  const std::size_t n = size < room.size() ? size : room.size();
  if (n != 0) std::memcpy(room.data(), data, n);
  Commit(n);
  return n;
}

void StreamFramer::Skip(std::size_t n) noexcept {
  if (n == 0) return;
  if (skipped_ == 0 && skip_error_.ok()) {
    skip_error_ = Error{ErrorCode::kBadBeginString, 0, 0};
  }
  skipped_ += n;
  start_ += n;
  boundary_ = buffer_.data()[start_ - 1] == '\x01';
}

FrameEvent StreamFramer::TakeSkipped() noexcept {
  FrameEvent ev;
  ev.kind = FrameEvent::kSkipped;
  ev.skipped = skipped_;
  ev.error = skip_error_;
  skipped_ = 0;
  skip_error_ = Error{};
  return ev;
}

FrameEvent StreamFramer::Next() noexcept {
  if (!buffer_) return FrameEvent{};
  for (;;) {
    const char* p = buffer_.data() + start_;
    const std::size_t n = end_ - start_;
    if (hunting_) {
      const std::size_t j = FindStart(p, n, boundary_);
      if (j < n) {
        Skip(j);
        hunting_ = false;
        if (skipped_ != 0) return TakeSkipped();
        continue;
      }
      // Nothing yet: drop all but a tail that could begin a "8=FIX".
      const std::size_t keep = n < kBeginLiteral - 1 ? n : kBeginLiteral - 1;
      Skip(n - keep);
      return FrameEvent{};
    }
    wire_internal::FrameHeader h;
    Error e = wire_internal::ParseFrameHeader(p, n, &h);
    if (e.code == ErrorCode::kIncomplete) return FrameEvent{};
    if (e.ok()) {
      if (h.total() > max_message_size_) {
        e = Error{ErrorCode::kMessageTooLarge, h.body_length_offset, 9};
      } else if (h.total() > n) {
        return FrameEvent{};
      } else {
        std::uint8_t checksum;
        e = wire_internal::CheckTrailer(p, h, validate_checksum_, &checksum);
        if (e.ok()) {
          FrameEvent ev;
          ev.kind = FrameEvent::kMessage;
          ev.message = std::string_view(p, static_cast<std::size_t>(h.total()));
          start_ += static_cast<std::size_t>(h.total());
          boundary_ = true;
          hunting_ = true;
          return ev;
        }
      }
    }
    // A garbled frame: drop its first byte and hunt for the next "<SOH>8=FIX".
    if (skipped_ == 0) skip_error_ = e;  // its offset is from the dropped bytes' start
    Skip(1);
    hunting_ = true;
  }
}

}  // namespace fixwire
