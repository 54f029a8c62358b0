// log_state.h: the session state a store's records add up to, and a bounded
// index from sequence number to record position.
#ifndef FIXWIRE_STORE_INTERNAL_LOG_STATE_H_
#define FIXWIRE_STORE_INTERNAL_LOG_STATE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "fixwire/store/internal/record.h"

namespace fixwire::store_internal {

// LogState replays records in order. Apply returns false for a record that
// cannot follow the ones before it (a message number that does not grow, a
// session start that is not first): recovery treats it as corruption.
struct LogState {
  std::uint64_t next_sender = 1;
  std::uint64_t next_target = 1;
  std::uint64_t last_message_seq = 0;
  std::uint64_t message_count = 0;
  std::int64_t creation_time_ns = 0;
  bool started = false;

  bool Apply(const RecordHeader& h, const char* payload) noexcept {
    switch (KindOf(h.word)) {
      case RecordKind::kSessionStart:
        if (started || PayloadOf(h.word) != 8) return false;
        *this = LogState{};
        std::memcpy(&creation_time_ns, payload, 8);
        started = true;
        next_sender = h.seq;
        next_target = h.next_target;
        return true;
      case RecordKind::kSeqNums:
        if (!started) return false;
        next_sender = h.seq;
        next_target = h.next_target;
        return true;
      case RecordKind::kMessage:
        if (!started || h.seq <= last_message_seq || h.seq == 0) return false;
        last_message_seq = h.seq;
        ++message_count;
        next_sender = h.seq + 1;
        next_target = h.next_target;
        return true;
    }
    return false;
  }
};

// SparseIndex keeps at most `budget` (seq, position) checkpoints of the
// message records, one every `stride` messages; when full it drops every other
// checkpoint and doubles the stride. Memory is allocated once; a lookup lands
// at most 2 * records / budget records before the one sought.
class SparseIndex {
 public:
  explicit SparseIndex(std::size_t budget = 4096)
      : budget_(budget < 2 ? 2 : budget & ~std::size_t{1}), entries_(new Entry[budget_]) {}

  void Clear() noexcept {
    count_ = 0;
    stride_ = 1;
    added_ = 0;
  }

  // Add is called for every message record, in order.
  void Add(std::uint64_t seq, std::uint64_t pos) noexcept {
    const std::uint64_t n = added_++;
    if (n % stride_ != 0) return;
    if (count_ == budget_) {
      // Checkpoint i was message i * stride: keep the even ones.
      for (std::size_t i = 0; i < budget_ / 2; ++i) entries_[i] = entries_[2 * i];
      count_ = budget_ / 2;
      stride_ *= 2;
      if (n % stride_ != 0) return;
    }
    entries_[count_++] = Entry{seq, pos};
  }

  // Find returns the position of the last checkpoint at or before `seq`,
  // or `start` when there is none.
  std::uint64_t Find(std::uint64_t seq, std::uint64_t start) const noexcept {
    std::size_t lo = 0, hi = count_;
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      if (entries_[mid].seq <= seq) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo == 0 ? start : entries_[lo - 1].pos;
  }

  std::size_t size() const noexcept { return count_; }

 private:
  struct Entry {
    std::uint64_t seq;
    std::uint64_t pos;
  };
  std::size_t budget_;
  std::unique_ptr<Entry[]> entries_;
  std::size_t count_ = 0;
  std::uint64_t stride_ = 1;
  std::uint64_t added_ = 0;
};

}  // namespace fixwire::store_internal

#endif  // FIXWIRE_STORE_INTERNAL_LOG_STATE_H_
