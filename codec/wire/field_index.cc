// field_index.cc: FieldIndex's storage layout and large-tag hash table.
#include "fixwire/wire/field_index.h"

#include <bit>
#include <cstring>
#include <new>

#include "fixwire/wire/internal/hash_slot.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/simd/digits.h"

namespace fixwire {
namespace {


// HashEntries returns the hash table size for `capacity` fields: a power of
// two at least twice the capacity, so it is never more than half full.
std::uint32_t HashEntries(std::uint32_t capacity) noexcept {
  const std::uint64_t want = std::uint64_t{capacity} * 2 < 16 ? 16 : std::uint64_t{capacity} * 2;
  return static_cast<std::uint32_t>(std::bit_ceil(want));
}

}  // namespace

std::size_t FieldIndex::StorageBytes(std::uint32_t capacity, std::uint32_t direct_tags) noexcept {
  // Layout: hash entries (8-byte aligned), fields, direct slots.
  return std::size_t{HashEntries(capacity)} * sizeof(HashEntry) +
         std::size_t{capacity} * sizeof(Field) + std::size_t{direct_tags} * sizeof(std::uint32_t);
}

FieldIndex::FieldIndex(std::uint32_t capacity, std::uint32_t direct_tags) {
  if (capacity == 0 || capacity > (1u << 30)) return;
  const std::size_t bytes = StorageBytes(capacity, direct_tags);
  owned_.reset(new unsigned char[bytes]);
  Carve(owned_.get(), capacity, direct_tags);
}

FieldIndex::FieldIndex(Arena& arena, std::uint32_t capacity, std::uint32_t direct_tags) noexcept {
  if (capacity == 0 || capacity > (1u << 30)) return;
  void* storage = arena.allocate(StorageBytes(capacity, direct_tags), kStorageAlignment);
  if (storage != nullptr) Carve(storage, capacity, direct_tags);
}

FieldIndex::FieldIndex(void* storage, std::size_t bytes, std::uint32_t capacity,
                       std::uint32_t direct_tags) noexcept {
  if (capacity == 0 || capacity > (1u << 30) || storage == nullptr ||
      reinterpret_cast<std::uintptr_t>(storage) % kStorageAlignment != 0 ||
      bytes < StorageBytes(capacity, direct_tags)) {
    return;
  }
  Carve(storage, capacity, direct_tags);
}

void FieldIndex::Carve(void* storage, std::uint32_t capacity, std::uint32_t direct_tags) noexcept {
  const std::uint32_t entries = HashEntries(capacity);
  unsigned char* p = static_cast<unsigned char*>(storage);
  hash_ = new (p) HashEntry[entries];
  p += std::size_t{entries} * sizeof(HashEntry);
  fields_ = new (p) Field[capacity];
  p += std::size_t{capacity} * sizeof(Field);
  direct_ = new (p) std::uint32_t[direct_tags];
  // Initial contents: no current entries, no trusted slots (any value would
  // do for the slots, which are validated; this keeps them defined).
  std::memset(hash_, 0, std::size_t{entries} * sizeof(HashEntry));
  std::memset(direct_, 0xff, std::size_t{direct_tags} * sizeof(std::uint32_t));
  std::memset(static_cast<void*>(fields_), 0, std::size_t{capacity} * sizeof(Field));
  capacity_ = capacity;
  direct_tags_ = direct_tags;
  hash_mask_ = entries - 1;
  generation_ = 0;
}

void FieldIndex::ClearGenerations() noexcept {
  // Wrapped after 2^32 messages: forget every stamp once.
  std::memset(hash_, 0, (std::size_t{hash_mask_} + 1) * sizeof(HashEntry));
  generation_ = 1;
}

void FieldIndex::InsertLarge(std::uint32_t tag, std::uint32_t i) noexcept {
  std::uint32_t slot = wire_internal::HashSlot(tag, hash_mask_);
  for (;;) {
    HashEntry& entry = hash_[slot];
    if (entry.generation != generation_) {
      entry = HashEntry{generation_, i};
      return;
    }
    if (fields_[entry.field].tag == tag) return;  // not the first occurrence
    slot = (slot + 1) & hash_mask_;
  }
}

void FieldIndex::InsertLargeBackward(std::uint32_t tag, std::uint32_t i) noexcept {
  std::uint32_t slot = wire_internal::HashSlot(tag, hash_mask_);
  for (;;) {
    HashEntry& entry = hash_[slot];
    if (entry.generation != generation_ || fields_[entry.field].tag == tag) {
      entry = HashEntry{generation_, i};
      return;
    }
    slot = (slot + 1) & hash_mask_;
  }
}

bool FieldIndex::Rebuild(const char* bytes, std::uint32_t size, std::span<const Field> fields,
                         MessageView* out) noexcept {
  if (!valid() || fields.size() > capacity_) return false;
  Begin();
  const std::uint32_t n = static_cast<std::uint32_t>(fields.size());
  for (std::uint32_t i = 0; i < n; ++i) {
    fields_[i] = fields[i];
    Insert(fields[i].tag, i);
  }
  MessageView view;
  view.data_ = bytes;
  view.size_ = size;
  view.fields_ = fields_;
  view.count_ = n;
  view.direct_ = direct_;
  view.direct_tags_ = direct_tags_;
  view.hash_ = hash_;
  view.hash_mask_ = hash_mask_;
  view.generation_ = generation_;
  std::uint64_t v;
  if (n > 1 && fields_[1].tag == kTagBodyLength &&
      simd::ParseUnsigned(bytes + fields_[1].offset, fields_[1].length, &v) && v <= UINT32_MAX) {
    view.body_length_ = static_cast<std::uint32_t>(v);
  }
  if (n > 0 && fields_[n - 1].tag == kTagCheckSum &&
      simd::ParseUnsigned(bytes + fields_[n - 1].offset, fields_[n - 1].length, &v) && v < 256) {
    view.checksum_ = static_cast<std::uint8_t>(v);
  }
  *out = view;
  return true;
}

}  // namespace fixwire
