// message_store.h: MessageStore, what a Session persists through: the
// messages it sent (for resends) and both sequence numbers.
//
// The session calls Append once per outbound message, with the message's
// bytes and the next inbound sequence number it expects once that message is
// sent: a store that writes both in one record makes an answer and the
// inbound message it answers durable together, so that after a crash the
// session never asks again for a message it already answered. Visit streams
// stored messages in sequence order for a resend without loading the range
// into memory.
//
// Errors are returned, never thrown; a store that cannot write reports it and
// the session disconnects rather than send what it could not keep. Threads:
// one session uses a store from one thread at a time.
#ifndef FIXWIRE_SESSION_MESSAGE_STORE_H_
#define FIXWIRE_SESSION_MESSAGE_STORE_H_

#include <cstdint>
#include <string_view>

namespace fixwire {

enum class StoreStatus : std::uint8_t {
  kOk = 0,
  kFull,      // a bounded store has no room left (see the store's own policy)
  kIoError,   // the file system refused a write or a sync
  kCorrupt,   // a record failed its checksum on the way back
  kNotFound,  // Visit: the message is not in the store (never stored, or retired)
};

// MessageVisitor receives stored messages during MessageStore::Visit. Return
// false to stop early (the session does when its output is full, and resumes
// later from the next sequence number).
class MessageVisitor {
 public:
  virtual bool OnStoredMessage(std::uint64_t seq, std::string_view bytes) noexcept = 0;

 protected:
  ~MessageVisitor() = default;
};

class MessageStore {
 public:
  virtual ~MessageStore() = default;

  // Sequence numbers: the next one this side sends, the next one it expects.
  virtual std::uint64_t next_sender_seq() const noexcept = 0;
  virtual std::uint64_t next_target_seq() const noexcept = 0;
  virtual StoreStatus SetNextSenderSeq(std::uint64_t seq) noexcept = 0;
  virtual StoreStatus SetNextTargetSeq(std::uint64_t seq) noexcept = 0;

  // Append keeps outbound message `seq` and records, in the same write, that
  // the next sender number is seq + 1 and the next target number
  // `next_target_seq`.
  virtual StoreStatus Append(std::uint64_t seq, std::string_view bytes,
                             std::uint64_t next_target_seq) noexcept = 0;

  // Visit calls `visitor` for each stored message in [begin, end] in
  // sequence order (numbers never stored are skipped: the session fills
  // them with a gap fill). Returns kCorrupt at a record that fails its
  // checksum, having visited the ones before it.
  virtual StoreStatus Visit(std::uint64_t begin, std::uint64_t end,
                            MessageVisitor& visitor) noexcept = 0;

  // Reset forgets every message and sets both numbers to 1 and the creation
  // time to `creation_time_ns` (a new FIX session: a daily or logon reset).
  virtual StoreStatus Reset(std::int64_t creation_time_ns) noexcept = 0;
  virtual std::int64_t creation_time_ns() const noexcept = 0;

  // Sync completes the store's durability promise for everything appended
  // so far (a persistent store in group-commit mode: one fdatasync; in
  // mode none: hand its buffer to the kernel). durable_seq is the highest
  // message number the promise already holds for. A transient store keeps
  // nothing past the process: these defaults say every message is as safe
  // as it will get.
  virtual StoreStatus Sync() noexcept { return StoreStatus::kOk; }
  virtual std::uint64_t durable_seq() const noexcept { return next_sender_seq() - 1; }

  // Refresh reloads the numbers and messages from where the store keeps
  // them, for a standby taking over a session another process ran
  // (RefreshOnLogon): the session calls it before each Logon. A store with
  // nothing to reload (transient, or not opened for it) returns kOk; one
  // that cannot reload returns kIoError or kCorrupt and keeps what it had
  // where it can. Cold path: it may allocate and do I/O.
  virtual StoreStatus Refresh() noexcept { return StoreStatus::kOk; }
};

}  // namespace fixwire

#endif  // FIXWIRE_SESSION_MESSAGE_STORE_H_
