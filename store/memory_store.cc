// memory_store.cc: MemoryStore (see memory_store.h).
#include "fixwire/store/memory_store.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace fixwire {

MemoryStore::MemoryStore(const MemoryStoreOptions& options)
    : options_(options),
      entries_(new Entry[options.max_messages]),
      bytes_(new char[options.max_bytes]) {}

StoreStatus MemoryStore::SetNextSenderSeq(std::uint64_t seq) noexcept {
  next_sender_ = seq;
  return StoreStatus::kOk;
}

StoreStatus MemoryStore::SetNextTargetSeq(std::uint64_t seq) noexcept {
  next_target_ = seq;
  return StoreStatus::kOk;
}

StoreStatus MemoryStore::Append(std::uint64_t seq, std::string_view bytes,
                                std::uint64_t next_target_seq) noexcept {
  if (count_ == options_.max_messages || bytes.size() > options_.max_bytes - used_) {
    return StoreStatus::kFull;
  }
  // Sequence numbers only grow within a FIX session; a lower one (after a
  // SequenceReset the session sent) replaces the entries from it on.
  while (count_ > 0 && entries_[count_ - 1].seq >= seq) {
    --count_;
    used_ = entries_[count_].offset;
  }
  // The lines the next messages will go to, asked for now: a store that has
  // grown past the caches otherwise waits for each line as a copy reaches it.
  // (Addresses as integers: they may lie past the array, which a prefetch
  // never touches.)
  const std::uintptr_t next = reinterpret_cast<std::uintptr_t>(bytes_.get()) + used_ + bytes.size();
  for (const std::uintptr_t ahead : {128u, 192u, 256u}) {
    __builtin_prefetch(reinterpret_cast<const void*>(next + ahead), 1);
  }
  std::memcpy(bytes_.get() + used_, bytes.data(), bytes.size());
  entries_[count_++] = Entry{seq, used_, bytes.size()};
  used_ += bytes.size();
  next_sender_ = seq + 1;
  next_target_ = next_target_seq;
  return StoreStatus::kOk;
}

StoreStatus MemoryStore::Visit(std::uint64_t begin, std::uint64_t end,
                               MessageVisitor& visitor) noexcept {
  const Entry* first = std::lower_bound(
      entries_.get(), entries_.get() + count_, begin,
      [](const Entry& e, std::uint64_t seq) { return e.seq < seq; });
  for (const Entry* e = first; e != entries_.get() + count_ && e->seq <= end; ++e) {
    if (!visitor.OnStoredMessage(e->seq, std::string_view(bytes_.get() + e->offset, e->length))) {
      break;
    }
  }
  return StoreStatus::kOk;
}

StoreStatus MemoryStore::Reset(std::int64_t creation_time_ns) noexcept {
  count_ = 0;
  used_ = 0;
  next_sender_ = 1;
  next_target_ = 1;
  creation_time_ns_ = creation_time_ns;
  return StoreStatus::kOk;
}

}  // namespace fixwire
