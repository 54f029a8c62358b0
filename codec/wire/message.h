// message.h: Message, an owning copy of a decoded message, for applications
// that keep a message after its receive buffer is reused.
//
//   fixwire::BufferPool pool(/*buffer_count=*/1024, /*buffer_size=*/8192);
//   fixwire::Message kept;
//   fixwire::Error e = fixwire::Message::CopyFrom(view, pool, &kept);
//   ... later: kept.view().Get(55)
//
// CopyFrom copies the message bytes into one buffer acquired from the pool and
// rebuilds the field index in the rest of that same buffer (Field offsets are
// relative to the message start, so they carry over unchanged). Nothing is
// allocated from the heap. Errors: kArenaExhausted when the pool has no free
// buffer, kBufferTooSmall when bytes plus index do not fit in one buffer
// (about size + 44 bytes per field).
//
// Ownership and lifetime: a Message owns its buffer until it is destroyed,
// reset or assigned over; its view() (and the string_views it returns) are
// valid until then, and stay valid when the Message is moved. The pool must
// outlive the Message. Threads: as for PooledBuffer (drop it on the pool's
// thread); view() may be read from any thread.
#ifndef FIXWIRE_WIRE_MESSAGE_H_
#define FIXWIRE_WIRE_MESSAGE_H_

#include "fixwire/arena/buffer_pool.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

class Message {
 public:
  Message() noexcept = default;
  Message(Message&&) noexcept = default;
  Message& operator=(Message&&) noexcept = default;

  // CopyFrom replaces *out with a copy of `view` held in a buffer from `pool`.
  // On failure *out is left empty.
  [[nodiscard]] static Error CopyFrom(const MessageView& view, BufferPool& pool,
                                      Message* out) noexcept;

  bool empty() const noexcept { return !buffer_; }
  const MessageView& view() const noexcept { return view_; }

  // reset gives the buffer back to its pool; the Message becomes empty.
  void reset() noexcept;

 private:
  PooledBuffer buffer_;
  FieldIndex index_;
  MessageView view_;
};

}  // namespace fixwire

#endif  // FIXWIRE_WIRE_MESSAGE_H_
