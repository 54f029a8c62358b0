// store_kind.h: StoreType and StoreSync, the two settings that choose a
// session's message store (the StoreType and StoreSync keys of the settings
// file; store/store_factory.h opens the store they name).
//
// Plain enumerations, shared by the settings loader and the store factory so
// that a program can include both.
#ifndef FIXWIRE_SESSION_STORE_KIND_H_
#define FIXWIRE_SESSION_STORE_KIND_H_

#include <cstdint>

namespace fixwire {

// StoreType: where a session keeps its sequence numbers and sent messages.
enum class StoreType : std::uint8_t {
  kMemory,  // MemoryStore: transient, bounded
  kMmap,    // memory-mapped journal: segment files, no system call per message
  kFile,    // one file, one write(2) per message (or per buffer, sync none)
};

// StoreSync: how much durability a store write gets before the send returns.
enum class StoreSync : std::uint8_t {
  kNone,   // file: buffered in the process; mmap: the OS writes the pages back
  kFlush,  // every record reaches the kernel before Append returns (default)
  kFsync,  // fdatasync (mmap: msync) per record
  kGroup,  // one fdatasync/msync per group of records or per Sync();
           // MessageStore::durable_seq() says which messages it covers
};

}  // namespace fixwire

#endif  // FIXWIRE_SESSION_STORE_KIND_H_
