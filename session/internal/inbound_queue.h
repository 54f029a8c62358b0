// inbound_queue.h: the bounded queue of inbound messages that arrived beyond
// a sequence gap, kept (as bytes) until the gap is filled.
//
// Fixed capacity in bytes and messages, allocated once. Entries are kept in
// sequence order (each push above the last). No
// allocation after construction; one thread.
#ifndef FIXWIRE_SESSION_INTERNAL_INBOUND_QUEUE_H_
#define FIXWIRE_SESSION_INTERNAL_INBOUND_QUEUE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace fixwire::session_internal {

class InboundQueue {
 public:
  InboundQueue(std::size_t max_bytes, std::uint32_t max_messages)
      : bytes_(new char[max_bytes]),
        entries_(new Entry[max_messages]),
        max_bytes_(max_bytes),
        max_messages_(max_messages) {}

  bool empty() const noexcept { return count_ == 0; }
  std::uint64_t front_seq() const noexcept { return entries_[0].seq; }
  std::string_view front() const noexcept {
    return std::string_view(bytes_.get() + entries_[0].offset, entries_[0].length);
  }

  // Push keeps a copy of `bytes` under `seq`, which must be above every
  // queued number (TCP delivers in order; anything else is simply asked for
  // again later). Returns false, keeping nothing, when it does not fit or is
  // out of order.
  bool Push(std::uint64_t seq, std::string_view bytes) noexcept {
    if (count_ == max_messages_) return false;
    if (count_ > 0 && entries_[count_ - 1].seq >= seq) return false;
    if (bytes.size() > max_bytes_ - end_) {
      Compact();
      if (bytes.size() > max_bytes_ - end_) return false;
    }
    std::memcpy(bytes_.get() + end_, bytes.data(), bytes.size());
    entries_[count_++] = Entry{seq, end_, bytes.size()};
    end_ += bytes.size();
    return true;
  }

  void PopFront() noexcept {
    std::memmove(&entries_[0], &entries_[1], (count_ - 1) * sizeof(Entry));
    --count_;
    if (count_ == 0) end_ = 0;
  }

  // DropBelow removes every entry below `seq` (already processed).
  void DropBelow(std::uint64_t seq) noexcept {
    while (count_ > 0 && entries_[0].seq < seq) PopFront();
  }

  void Clear() noexcept {
    count_ = 0;
    end_ = 0;
  }

 private:
  struct Entry {
    std::uint64_t seq;
    std::size_t offset;
    std::size_t length;
  };

  // Compact moves the queued bytes (in order, back to back) to the start.
  void Compact() noexcept {
    if (count_ == 0) {
      end_ = 0;
      return;
    }
    const std::size_t first = entries_[0].offset;
    std::memmove(bytes_.get(), bytes_.get() + first, end_ - first);
    for (std::uint32_t i = 0; i < count_; ++i) entries_[i].offset -= first;
    end_ -= first;
  }

  std::unique_ptr<char[]> bytes_;
  std::unique_ptr<Entry[]> entries_;
  std::size_t max_bytes_;
  std::uint32_t max_messages_;
  std::uint32_t count_ = 0;
  std::size_t end_ = 0;
};

}  // namespace fixwire::session_internal

#endif  // FIXWIRE_SESSION_INTERNAL_INBOUND_QUEUE_H_
