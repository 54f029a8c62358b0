// field_index.h: FieldIndex, the caller-owned storage a decoded message's
// field index is written into: the fields in wire order plus O(1) lookup tables.
//
// All memory is obtained once, when the FieldIndex is made: from an Arena,
// from caller memory (e.g. a BufferPool buffer), or from the heap (the
// convenience constructor). Decoding into it never allocates; more fields than
// capacity() is ErrorCode::kIndexCapacityExceeded, never a reallocation; a
// capacity of CapacityFor(max_message_size) fits every message the decoder
// accepts (MessageDecoder, message_decoder.h, sizes its own index that way).
//
//   fixwire::Arena arena(1 << 20);
//   fixwire::FieldIndex index(arena, /*capacity=*/1024);  // index.valid() is false if it did not fit
//   fixwire::MessageView view;
//   fixwire::Error e = decoder.Decode(bytes, index, view);
//
// Lookup: tags below direct_tags() (16384 by default: every standard tag and
// the user-defined 5000-9999 range) go through a direct-mapped table whose
// slot holds the index of the tag's first field. A slot is trusted only when
// it is below the field count and that field has the tag, so slots left by
// earlier messages need no clearing. Larger tags go through an open-addressing
// hash table at most half full, whose entries are stamped with a per-decode
// generation (a message without such tags, as the decoder's fast path takes,
// gets a view without the table and starts no generation). Both are O(1).
//
// Lifetime and threads: one FieldIndex holds the index of one message at a
// time; decoding again into it (or destroying it, or the Arena/buffer its
// memory came from) invalidates every MessageView decoded into it. Moving a
// FieldIndex keeps the views valid (the tables do not move). Use from one
// thread at a time.
#ifndef FIXWIRE_WIRE_FIELD_INDEX_H_
#define FIXWIRE_WIRE_FIELD_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "fixwire/arena/arena.h"
#include "fixwire/values/field.h"

namespace fixwire {

class Decoder;
class MessageView;

class FieldIndex {
 private:
  // One entry of the large-tag hash table (probed from
  // internal/hash_slot.h's HashSlot): the field index of a tag's first
  // occurrence, valid only when `generation` is the index's current one.
  struct HashEntry {
    std::uint32_t generation;
    std::uint32_t field;
  };

 public:
  static constexpr std::uint32_t kDefaultCapacity = 1024;
  static constexpr std::uint32_t kDefaultDirectTags = 16384;
  static constexpr std::size_t kStorageAlignment = alignof(HashEntry);

  // CapacityFor returns a capacity that holds every message of up to
  // max_message_size bytes: a field takes at least 4 bytes ("1=x" and SOH),
  // or 3 with allow_empty_values ("1=" and SOH). A 165 KB market data
  // snapshot of 15,000 fields needs about 41,000 by this bound (500 KB of
  // Fields); a limit of 64 KiB gives 16,392.
  static constexpr std::uint32_t CapacityFor(std::uint32_t max_message_size,
                                             bool allow_empty_values = false) noexcept {
    return max_message_size / (allow_empty_values ? 3u : 4u) + 8u;
  }

  // StorageBytes returns how many bytes the memory constructor needs.
  static std::size_t StorageBytes(std::uint32_t capacity,
                                  std::uint32_t direct_tags = kDefaultDirectTags) noexcept;

  // An empty, invalid index (capacity 0): decoding into it fails.
  FieldIndex() noexcept = default;

  // Allocates its tables on the heap, here and only here (cold path).
  explicit FieldIndex(std::uint32_t capacity, std::uint32_t direct_tags = kDefaultDirectTags);

  // Takes its tables from `arena`; valid() is false when they do not fit.
  FieldIndex(Arena& arena, std::uint32_t capacity,
             std::uint32_t direct_tags = kDefaultDirectTags) noexcept;

  // Uses caller memory [storage, storage + bytes), aligned to kStorageAlignment,
  // which must outlive the index; valid() is false when it is too small.
  FieldIndex(void* storage, std::size_t bytes, std::uint32_t capacity,
             std::uint32_t direct_tags = kDefaultDirectTags) noexcept;

  FieldIndex(FieldIndex&&) noexcept = default;
  FieldIndex& operator=(FieldIndex&&) noexcept = default;
  FieldIndex(const FieldIndex&) = delete;
  FieldIndex& operator=(const FieldIndex&) = delete;

  bool valid() const noexcept { return fields_ != nullptr; }
  std::uint32_t capacity() const noexcept { return capacity_; }
  std::uint32_t direct_tags() const noexcept { return direct_tags_; }

  // Rebuild replaces the index with `fields` (wire order, offsets into
  // `bytes`) and returns the view: the hook for a Message that copied its bytes,
  // or for anyone who has a field list from elsewhere. Returns false, changing
  // nothing, when fields.size() > capacity() or the index is invalid. The
  // fields are not checked against the bytes. No allocation.
  [[nodiscard]] bool Rebuild(const char* bytes, std::uint32_t size,
                             std::span<const Field> fields, MessageView* out) noexcept;

 private:
  friend class Decoder;
  friend class MessageView;

  void Carve(void* storage, std::uint32_t capacity, std::uint32_t direct_tags) noexcept;

  // Begin starts a new message: a new generation for the hash table.
  void Begin() noexcept {
    if (++generation_ == 0) [[unlikely]] ClearGenerations();
  }
  void ClearGenerations() noexcept;

  // Insert records field `i` (already stored in fields_[i]) for lookup,
  // keeping the first occurrence of each tag. `i` is the count so far.
  void Insert(std::uint32_t tag, std::uint32_t i) noexcept {
    if (tag < direct_tags_) {
      const std::uint32_t slot = direct_[tag];
      if (slot < i && fields_[slot].tag == tag) return;  // a real earlier occurrence
      direct_[tag] = i;
      return;
    }
    InsertLarge(tag, i);
  }
  void InsertLarge(std::uint32_t tag, std::uint32_t i) noexcept;
  // InsertLargeBackward is InsertLarge for a back-to-front pass over the
  // fields (the Decoder's): a later call (a smaller i) replaces an entry of the same tag.
  void InsertLargeBackward(std::uint32_t tag, std::uint32_t i) noexcept;

  std::unique_ptr<unsigned char[]> owned_;
  Field* fields_ = nullptr;
  std::uint32_t* direct_ = nullptr;
  HashEntry* hash_ = nullptr;
  std::uint32_t capacity_ = 0;
  std::uint32_t direct_tags_ = 0;
  std::uint32_t hash_mask_ = 0;
  std::uint32_t generation_ = 0;
};

}  // namespace fixwire

#endif  // FIXWIRE_WIRE_FIELD_INDEX_H_
