// store_factory.h: OpenStore, the one entry point that makes any of fixwire's
// MessageStores from settings (StoreType / StoreSync).
//
//   fixwire::StoreOptions o;
//   o.type = fixwire::StoreType::kMmap;          // memory | mmap | file
//   o.sync = fixwire::StoreSync::kNone;          // none | flush | fsync | group
//   o.directory = "/var/lib/gateway/store";
//   o.session_id = "FIX.4.4-US-THEM";
//   absl::StatusOr<std::unique_ptr<fixwire::MessageStore>> store = fixwire::OpenStore(o);
//
// Opening a persistent store recovers what the directory holds: the
// messages, both sequence numbers and the session's creation time. What each
// type and sync mode keeps through a process crash and through a power loss
// is written down in docs/stores.md. Recovery errors (corruption) name the
// file, the offset and the sequence number.
#ifndef FIXWIRE_STORE_STORE_FACTORY_H_
#define FIXWIRE_STORE_STORE_FACTORY_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "fixwire/session/message_store.h"
#include "fixwire/session/store_kind.h"
#include "fixwire/store/memory_store.h"

namespace fixwire {

struct StoreOptions {
  StoreType type = StoreType::kMemory;
  StoreSync sync = StoreSync::kFlush;
  std::string directory;   // persistent stores: created if missing
  std::string session_id;  // file name prefix; characters other than
                           // [A-Za-z0-9._-] become '_'
  std::uint32_t group_size = 64;
  // false: a corrupt record before the end of the log refuses the open;
  // true: the log is cut before it and the store opens with what precedes.
  bool truncate_on_corruption = false;
  std::size_t max_message_size = std::size_t{1} << 20;
  std::size_t segment_bytes = std::size_t{64} << 20;  // mmap journal segment size
  MemoryStoreOptions memory;                          // StoreType::kMemory
  // If not null, recovery appends one line per torn record cut or corrupt
  // record skipped (file, offset, sequence number).
  std::string* recovery_report = nullptr;
  // RefreshOnLogon: a persistent store whose Refresh() closes it and opens
  // it again from its files (what another process wrote in the meantime).
  // The store is then reached through one more virtual call; without this
  // flag Refresh() does nothing.
  bool refreshable = false;
};

absl::StatusOr<std::unique_ptr<MessageStore>> OpenStore(const StoreOptions& options);

// The settings' spellings: StoreType = memory | mmap | file, StoreSync =
// none | flush | fsync | group (exactly, lower case); nullopt for anything else.
std::optional<StoreType> ParseStoreType(std::string_view text) noexcept;
std::optional<StoreSync> ParseStoreSync(std::string_view text) noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_STORE_STORE_FACTORY_H_
