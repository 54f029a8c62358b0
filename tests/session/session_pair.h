// session_pair.h: two Sessions, an initiator and an acceptor, joined by an
// in-memory "wire" that the test controls message by message (deliver,
// drop, duplicate, reorder, disconnect). Preallocated: a SessionPair
// allocates in its constructor and in Connect only, so tests can count
// allocations around traffic.
#ifndef FIXWIRE_TESTS_SESSION_SESSION_PAIR_H_
#define FIXWIRE_TESTS_SESSION_SESSION_PAIR_H_

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>

#include "fixwire/session/session.h"
#include "fixwire/store/memory_store.h"
#include "fixwire/wire/decoder.h"

namespace fixwire::testing {

// Wire: the messages one side committed and the other has not received
// yet, in a fixed buffer (bytes) and a fixed ring of {offset, length}.
class Wire final : public SessionOutput {
 public:
  static constexpr std::size_t kBytes = 8 << 20;
  static constexpr std::size_t kMessages = 1 << 16;

  Wire() : bytes_(new char[kBytes]), offsets_(new Slot[kMessages]) {}

  std::span<char> Reserve(std::size_t max_bytes) noexcept override {
    if (count_ == kMessages) return {};
    if (end_ + max_bytes > kBytes) Compact();
    if (end_ + max_bytes > kBytes) return {};
    return std::span<char>(bytes_.get() + end_, max_bytes);
  }
  void Commit(std::string_view message) noexcept override {
    const std::size_t offset = static_cast<std::size_t>(message.data() - bytes_.get());
    offsets_[(first_ + count_) % kMessages] = Slot{offset, message.size()};
    ++count_;
    end_ = offset + message.size();
  }
  void Disconnect(std::string_view) noexcept override { disconnect_requested = true; }

  std::size_t pending() const noexcept { return count_; }
  std::string_view front() const noexcept {
    const Slot& s = offsets_[first_];
    return std::string_view(bytes_.get() + s.offset, s.length);
  }
  void Pop() noexcept {
    first_ = (first_ + 1) % kMessages;
    if (--count_ == 0) end_ = 0;
  }
  // Swap the first two pending messages (a reordering).
  void SwapFront() noexcept {
    if (count_ < 2) return;
    std::swap(offsets_[first_], offsets_[(first_ + 1) % kMessages]);
  }
  void Clear() noexcept {
    count_ = 0;
    end_ = 0;
  }

  bool disconnect_requested = false;

 private:
  struct Slot {
    std::size_t offset;
    std::size_t length;
  };
  // Compact moves the pending messages to the buffer's start (not after a
  // reordering left them out of offset order: then Reserve reports full).
  void Compact() noexcept {
    for (std::size_t i = 1; i < count_; ++i) {
      if (offsets_[(first_ + i) % kMessages].offset < offsets_[(first_ + i - 1) % kMessages].offset) {
        return;
      }
    }
    std::size_t to = 0;
    for (std::size_t i = 0; i < count_; ++i) {
      Slot& s = offsets_[(first_ + i) % kMessages];
      if (s.offset != to) std::memmove(bytes_.get() + to, bytes_.get() + s.offset, s.length);
      s.offset = to;
      to += s.length;
    }
    end_ = to;
  }

  std::unique_ptr<char[]> bytes_;
  std::unique_ptr<Slot[]> offsets_;
  std::size_t first_ = 0;
  std::size_t count_ = 0;
  std::size_t end_ = 0;
};

// Side: one session with its store, its outbound wire and an application.
struct Side {
  Side(const SessionOptions& options, Application& app, const MemoryStoreOptions& store_options)
      : store(store_options), session(options, app, store, out) {}
  MemoryStore store;
  Wire out;
  Session session;
};

inline SessionOptions PairOptions(SessionRole role, std::string_view begin_string) {
  SessionOptions o;
  o.role = role;
  o.begin_string = std::string(begin_string);
  o.sender_comp_id = role == SessionRole::kInitiator ? "INIT" : "ACCEPT";
  o.target_comp_id = role == SessionRole::kInitiator ? "ACCEPT" : "INIT";
  o.heart_bt_int_s = 1;
  if (begin_string == "FIXT.1.1") o.default_appl_ver_id = "9";
  return o;
}

// Deliver decodes the first pending message of `from` and hands it to `to`
// (a message that does not decode is dropped, as a transport's framer
// would). Returns false when nothing was pending.
inline bool Deliver(Wire& from, Session& to, const Decoder& decoder, FieldIndex& index,
                    std::int64_t now) {
  if (from.pending() == 0) return false;
  MessageView view;
  if (decoder.Decode(from.front(), index, view).ok()) to.OnMessage(view, now);
  from.Pop();
  return true;
}

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_SESSION_SESSION_PAIR_H_
