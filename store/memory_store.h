// memory_store.h: MemoryStore, a transient MessageStore in memory that the
// process preallocates once: zero allocation per message, bounded.
//
//   fixwire::MemoryStore store({.max_messages = 1 << 20, .max_bytes = 256 << 20});
//   fixwire::Session session(options, app, store, output);
//
// Capacity: at most max_messages messages and max_bytes bytes of message
// text. When an Append would exceed either, it returns StoreStatus::kFull and
// stores nothing: the session then refuses the send (Session::Send reports
// it) rather than send a message it could not resend. A Reset (a new FIX
// session) empties the store. Nothing survives the process.
//
// Memory: both arrays are allocated by the constructor and never again.
// Threads: one thread at a time (the session's).
#ifndef FIXWIRE_STORE_MEMORY_STORE_H_
#define FIXWIRE_STORE_MEMORY_STORE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "fixwire/session/message_store.h"

namespace fixwire {

struct MemoryStoreOptions {
  std::uint32_t max_messages = 1u << 16;
  std::size_t max_bytes = std::size_t{64} << 20;
};

class MemoryStore final : public MessageStore {
 public:
  explicit MemoryStore(const MemoryStoreOptions& options = {});

  std::uint64_t next_sender_seq() const noexcept override { return next_sender_; }
  std::uint64_t next_target_seq() const noexcept override { return next_target_; }
  StoreStatus SetNextSenderSeq(std::uint64_t seq) noexcept override;
  StoreStatus SetNextTargetSeq(std::uint64_t seq) noexcept override;
  StoreStatus Append(std::uint64_t seq, std::string_view bytes,
                     std::uint64_t next_target_seq) noexcept override;
  StoreStatus Visit(std::uint64_t begin, std::uint64_t end,
                    MessageVisitor& visitor) noexcept override;
  StoreStatus Reset(std::int64_t creation_time_ns) noexcept override;
  std::int64_t creation_time_ns() const noexcept override { return creation_time_ns_; }

  std::uint32_t message_count() const noexcept { return count_; }
  std::size_t bytes_used() const noexcept { return used_; }

 private:
  struct Entry {
    std::uint64_t seq;
    std::size_t offset;
    std::size_t length;
  };

  MemoryStoreOptions options_;
  std::unique_ptr<Entry[]> entries_;
  std::unique_ptr<char[]> bytes_;
  std::uint32_t count_ = 0;
  std::size_t used_ = 0;
  std::uint64_t next_sender_ = 1;
  std::uint64_t next_target_ = 1;
  std::int64_t creation_time_ns_ = 0;
};

}  // namespace fixwire

#endif  // FIXWIRE_STORE_MEMORY_STORE_H_
