// store_factory.cc: OpenStore (see store_factory.h).
#include "fixwire/store/store_factory.h"

#include "fixwire/store/internal/file_store.h"
#include "fixwire/store/internal/journal_store.h"
#include "fixwire/store/internal/options.h"
#include "fixwire/store/internal/reopening_store.h"

namespace fixwire {
namespace {

store_internal::PersistentOptions ToInternal(const StoreOptions& o) {
  store_internal::PersistentOptions p;
  p.directory = o.directory;
  p.session_id = o.session_id;
  for (char& c : p.session_id) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    if (!ok) c = '_';
  }
  switch (o.sync) {
    case StoreSync::kNone: p.sync = store_internal::SyncMode::kNone; break;
    case StoreSync::kFlush: p.sync = store_internal::SyncMode::kFlush; break;
    case StoreSync::kFsync: p.sync = store_internal::SyncMode::kFsync; break;
    case StoreSync::kGroup: p.sync = store_internal::SyncMode::kGroup; break;
  }
  p.group_size = o.group_size;
  p.truncate_on_corruption = o.truncate_on_corruption;
  p.max_message_size = o.max_message_size;
  p.segment_bytes = o.segment_bytes;
  p.recovery_report = o.recovery_report;
  return p;
}

}  // namespace

absl::StatusOr<std::unique_ptr<MessageStore>> OpenStore(const StoreOptions& options) {
  if (options.refreshable && options.type != StoreType::kMemory) {
    StoreOptions inner = options;
    inner.refreshable = false;
    absl::StatusOr<std::unique_ptr<MessageStore>> first = OpenStore(inner);
    if (!first.ok()) return first.status();
    return std::unique_ptr<MessageStore>(new store_internal::ReopeningStore(
        std::move(*first), [inner] { return OpenStore(inner); }));
  }
  if (options.type == StoreType::kMemory) {
    return std::unique_ptr<MessageStore>(new MemoryStore(options.memory));
  }
  if (options.directory.empty() || options.session_id.empty()) {
    return absl::InvalidArgumentError("a persistent store needs a directory and a session id");
  }
  const store_internal::PersistentOptions p = ToInternal(options);
  if (options.type == StoreType::kFile) {
    auto s = store_internal::FileStore::Open(p);
    if (!s.ok()) return s.status();
    return std::unique_ptr<MessageStore>(std::move(*s));
  }
  auto s = store_internal::JournalStore::Open(p);
  if (!s.ok()) return s.status();
  return std::unique_ptr<MessageStore>(std::move(*s));
}

std::optional<StoreType> ParseStoreType(std::string_view text) noexcept {
  if (text == "memory") return StoreType::kMemory;
  if (text == "mmap") return StoreType::kMmap;
  if (text == "file") return StoreType::kFile;
  return std::nullopt;
}

std::optional<StoreSync> ParseStoreSync(std::string_view text) noexcept {
  if (text == "none") return StoreSync::kNone;
  if (text == "flush") return StoreSync::kFlush;
  if (text == "fsync") return StoreSync::kFsync;
  if (text == "group") return StoreSync::kGroup;
  return std::nullopt;
}

}  // namespace fixwire
