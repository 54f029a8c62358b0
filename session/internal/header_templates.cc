// header_templates.cc: HeaderTemplates (see header_templates.h): the search
// and the building of a template (the cold part).
#include "fixwire/session/internal/header_templates.h"

#include "fixwire/values/tags.h"

namespace fixwire::session_internal {

const MessageTemplate* HeaderTemplates::Search(std::uint64_t key,
                                               std::string_view msg_type) noexcept {
  for (std::size_t i = 0; i < kSlots; ++i) {
    if (keys_[i] == key) {
      last_ = i;
      return &templates_[i];
    }
  }
  const std::size_t slot = next_;
  MessageTemplate& t = templates_[slot];
  keys_[slot] = 0;
  t.Init(begin_string_, msg_type, precision_);
  t.AddHeaderString(tag::SenderCompID, sender_comp_id_);
  t.AddHeaderString(tag::TargetCompID, target_comp_id_);
  if (!t.error().ok()) return nullptr;
  keys_[slot] = key;
  last_ = slot;
  next_ = (slot + 1) % kSlots;
  return &t;
}

}  // namespace fixwire::session_internal
