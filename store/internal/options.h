// options.h: what the persistent stores are opened with (the factory maps
// the public StoreOptions onto it).
#ifndef FIXWIRE_STORE_INTERNAL_OPTIONS_H_
#define FIXWIRE_STORE_INTERNAL_OPTIONS_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace fixwire::store_internal {

enum class SyncMode : std::uint8_t { kNone, kFlush, kFsync, kGroup };

struct PersistentOptions {
  std::string directory;
  std::string session_id;
  SyncMode sync = SyncMode::kFlush;
  // Group commit: one fdatasync (msync for the journal) per this many records.
  std::uint32_t group_size = 64;
  // Corruption before the end of the log: false refuses to open, true keeps
  // the records before it and cuts the log there. A torn last record (a
  // crash during its write) is always cut, and reported.
  bool truncate_on_corruption = false;
  // Largest message accepted (bigger ones: StoreStatus::kFull).
  std::size_t max_message_size = std::size_t{1} << 20;
  // Journal segment size (rounded up to 4 KiB).
  std::size_t segment_bytes = std::size_t{64} << 20;
  // Checkpoints of the sequence-number index (16 bytes each).
  std::size_t index_budget = 4096;
  // File store, sync none: bytes buffered in the process before a write.
  std::size_t write_buffer_bytes = std::size_t{64} << 10;
  // Recovery notes (torn records cut, corruption skipped), if not null.
  std::string* recovery_report = nullptr;
  // Creation time of a store created from nothing; 0: the current time.
  std::int64_t creation_time_ns = 0;
};

}  // namespace fixwire::store_internal

#endif  // FIXWIRE_STORE_INTERNAL_OPTIONS_H_
