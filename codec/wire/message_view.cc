// message_view.cc: MessageView's out-of-line lookups.
#include "fixwire/wire/message_view.h"

#include "fixwire/wire/internal/hash_slot.h"

namespace fixwire {

const Field* MessageView::FindLarge(std::uint32_t tag) const noexcept {
  if (hash_ == nullptr || count_ == 0) return nullptr;
  std::uint32_t slot = wire_internal::HashSlot(tag, hash_mask_);
  // The table is at most half full of current entries, so an empty slot ends every probe.
  for (;;) {
    const FieldIndex::HashEntry entry = hash_[slot];
    if (entry.generation != generation_) return nullptr;
    if (fields_[entry.field].tag == tag) return fields_ + entry.field;
    slot = (slot + 1) & hash_mask_;
  }
}

std::uint32_t MessageView::Count(std::uint32_t tag) const noexcept {
  std::uint32_t n = 0;
  for (const Field& f : FindAll(tag)) {
    (void)f;
    ++n;
  }
  return n;
}


}  // namespace fixwire
