// hash_slot.h: where FieldIndex's large-tag hash table starts probing for a
// tag (FieldIndex inserts, MessageView looks up; both probe linearly from here).
#ifndef FIXWIRE_WIRE_INTERNAL_HASH_SLOT_H_
#define FIXWIRE_WIRE_INTERNAL_HASH_SLOT_H_

#include <cstdint>

namespace fixwire::wire_internal {

// HashSlot maps a tag to its first probe position (mask: table size - 1).
inline std::uint32_t HashSlot(std::uint32_t tag, std::uint32_t mask) noexcept {
  return static_cast<std::uint32_t>((std::uint64_t{tag} * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}

}  // namespace fixwire::wire_internal

#endif  // FIXWIRE_WIRE_INTERNAL_HASH_SLOT_H_
