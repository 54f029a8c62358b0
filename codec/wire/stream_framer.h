// stream_framer.h: StreamFramer, which cuts a TCP byte stream into whole FIX
// messages inside a receive buffer taken from a BufferPool.
//
//   fixwire::BufferPool pool(/*buffer_count=*/4, /*buffer_size=*/1 << 20);
//   fixwire::StreamFramer framer(pool);             // framer.ok() is false if the pool is empty
//   for (;;) {
//     std::span<char> room = framer.PrepareWrite();  // read straight into pooled memory
//     ssize_t n = recv(fd, room.data(), room.size(), 0);
//     framer.Commit(n);
//     for (auto ev = framer.Next(); ev.kind != fixwire::FrameEvent::kNeedMore; ev = framer.Next()) {
//       if (ev.kind == fixwire::FrameEvent::kMessage) decoder.Decode(ev.message, index, view);
//       else LogDropped(ev.skipped, ev.error);         // garbage or a garbled message
//     }
//   }
//
// (Feed(data, size) is the same with a copy from the caller's chunk.)
//
// Framing follows the FIX session rules: a message starts with "8=FIX" at the
// start of the stream or right after an SOH; BodyLength says where "10=" is;
// CheckSum is verified (unless disabled). Bytes before a "8=FIX" are skipped.
// A message whose frame is garbled (bad BeginString, BodyLength, CheckSum, or
// longer than max_message_size) is dropped, and the framer resynchronises on
// the next "<SOH>8=FIX" after its first byte, so a whole message that follows
// (or hides inside) the garbled bytes is still found. The result does not
// depend on how the stream is chunked: every decision is made only once
// enough bytes are there to make it for good.
//
// Events from Next(): kMessage (a whole, framed message: `message` is its
// bytes, in the pooled buffer, never copied to be assembled); kSkipped
// (`skipped` bytes were dropped; `error` tells why the first of them were:
// kBadBeginString for garbage before 8=FIX, else the garbled frame's code,
// with offset relative to the dropped bytes); kNeedMore.
//
// Lifetime: a kMessage view is valid until the next PrepareWrite(), Feed()
// or destruction (they may move unconsumed bytes to the buffer's start);
// Next() never moves bytes. Decode or copy (Message) messages before feeding
// more. The pool must outlive the framer; the framer holds one buffer.
// Threads: one thread at a time. No allocation, no exceptions, no output.
#ifndef FIXWIRE_WIRE_STREAM_FRAMER_H_
#define FIXWIRE_WIRE_STREAM_FRAMER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "fixwire/arena/buffer_pool.h"
#include "fixwire/values/error.h"

namespace fixwire {

struct FramerOptions {
  // Longest message accepted; 0 or more than the pool's buffer size means the buffer size.
  std::size_t max_message_size = 0;
  // Verify 10= against the byte sum (a mismatch drops the message).
  bool validate_checksum = true;
};

struct FrameEvent {
  enum Kind : std::uint8_t { kNeedMore, kMessage, kSkipped };
  Kind kind = kNeedMore;
  std::string_view message;  // kMessage
  std::size_t skipped = 0;   // kSkipped: bytes dropped
  Error error;               // kSkipped: why
};

class StreamFramer {
 public:
  explicit StreamFramer(BufferPool& pool, const FramerOptions& options = {}) noexcept;

  StreamFramer(const StreamFramer&) = delete;
  StreamFramer& operator=(const StreamFramer&) = delete;

  // ok is false when the pool had no buffer to give: every call then does nothing.
  bool ok() const noexcept { return static_cast<bool>(buffer_); }

  // PrepareWrite returns the free room at the end of the buffer (moving
  // unconsumed bytes to the front when that makes more room). Empty when the
  // buffer is full of bytes Next() has not consumed yet.
  std::span<char> PrepareWrite() noexcept;
  // Commit adds the first n bytes of the last PrepareWrite() room (n <= its size).
  void Commit(std::size_t n) noexcept;

  // Feed copies as much of data[0..size) as fits and returns how many bytes
  // it took; when less than size, call Next() until kNeedMore and feed the rest.
  std::size_t Feed(const char* data, std::size_t size) noexcept;

  // Next returns the next event (see above).
  FrameEvent Next() noexcept;

  // buffered: bytes received and not yet consumed (a partial message or less).
  std::size_t buffered() const noexcept { return end_ - start_; }
  // pending_skipped: bytes dropped but not yet reported (reported with the next resync).
  std::size_t pending_skipped() const noexcept { return skipped_; }
  std::size_t max_message_size() const noexcept { return max_message_size_; }
  std::size_t capacity() const noexcept { return buffer_.size(); }
  // buffer is the whole pooled receive buffer (every kMessage lies inside it).
  std::span<const char> buffer() const noexcept { return buffer_.span(); }

 private:
  void Skip(std::size_t n) noexcept;
  FrameEvent TakeSkipped() noexcept;

  PooledBuffer buffer_;
  std::size_t max_message_size_;
  bool validate_checksum_;
  std::size_t start_ = 0;  // first unconsumed byte
  std::size_t end_ = 0;    // end of received bytes
  bool hunting_ = true;    // looking for "8=FIX"
  bool boundary_ = true;   // the byte before start_ is SOH, or start_ is the stream start
  std::size_t skipped_ = 0;
  Error skip_error_;
};

}  // namespace fixwire

#endif  // FIXWIRE_WIRE_STREAM_FRAMER_H_
