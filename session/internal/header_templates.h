// header_templates.h: HeaderTemplates, a session's outbound standard header
// pre-encoded per MsgType as codec MessageTemplates ("8=<BeginString>",
// "35=<MsgType>", "49=<SenderCompID>", "56=<TargetCompID>"), so that a send
// writes only MsgSeqNum (34) and SendingTime (52), summing their bytes as it
// writes them, instead of every header field through the generic encoder
// calls with the header read back for the CheckSum.
//
// The bytes are those of the generic header 8, 9, 35, 49, 56, 34, 52 (the
// template's wire order), so it serves only sessions without the optional
// routing fields, which the generic header writes between 34 and 52.
//
// A small cache: kSlots templates keyed by MsgType (up to kMaxKeyedType
// bytes), the last one used checked first, the others searched, a missing
// one built in the next slot in turn (cold: the template's own building).
// Find returns nullptr when the MsgType is not cacheable (empty or longer)
// or a template cannot be built (a value the encoder refuses): the caller
// then writes the header the generic way, which reports that error.
//
// Memory: the slots live in the object (about 10 KB): allocate it once.
// One thread; the strings given to the constructor must outlive it.
#ifndef FIXWIRE_SESSION_INTERNAL_HEADER_TEMPLATES_H_
#define FIXWIRE_SESSION_INTERNAL_HEADER_TEMPLATES_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fixwire/encode/message_template.h"
#include "fixwire/simd/load.h"
#include "fixwire/values/date_time.h"

namespace fixwire::session_internal {

class HeaderTemplates {
 public:
  static constexpr std::size_t kSlots = 16;
  static constexpr std::size_t kMaxKeyedType = 7;

  HeaderTemplates(std::string_view begin_string, std::string_view sender_comp_id,
                  std::string_view target_comp_id, TimePrecision precision) noexcept
      : begin_string_(begin_string),
        sender_comp_id_(sender_comp_id),
        target_comp_id_(target_comp_id),
        precision_(precision) {}
  HeaderTemplates(const HeaderTemplates&) = delete;
  HeaderTemplates& operator=(const HeaderTemplates&) = delete;

  const MessageTemplate* Find(std::string_view msg_type) noexcept {
    const std::size_t n = msg_type.size();
    if (n - 1 >= kMaxKeyedType) return nullptr;
    const std::uint64_t key = Key(msg_type);
    if (keys_[last_] == key) return &templates_[last_];
    return Search(key, msg_type);
  }

 private:
  // Key: the MsgType's 1..7 bytes and its length in the top byte (never 0,
  // the key of an empty slot).
  static std::uint64_t Key(std::string_view msg_type) noexcept {
    return simd::LoadPartial(msg_type.data(), msg_type.size()) |
           (std::uint64_t{msg_type.size()} << 56);
  }
  // Search looks through every slot, then builds the template in the next
  // slot in turn (out of line: the rarer case).
  const MessageTemplate* Search(std::uint64_t key, std::string_view msg_type) noexcept;

  std::string_view begin_string_;
  std::string_view sender_comp_id_;
  std::string_view target_comp_id_;
  TimePrecision precision_;
  std::size_t last_ = 0;  // the slot Find checks first
  std::size_t next_ = 0;  // the slot the next template is built in
  std::uint64_t keys_[kSlots] = {};
  MessageTemplate templates_[kSlots];
};

}  // namespace fixwire::session_internal

#endif  // FIXWIRE_SESSION_INTERNAL_HEADER_TEMPLATES_H_
