// message_view.cc: MessageView's out-of-line lookups and typed getters.
#include "codec/message_view.h"

#include "codec/values.h"

namespace fixwire {

const Field* MessageView::FindLarge(std::uint32_t tag) const noexcept {
  if (hash_ == nullptr || count_ == 0) return nullptr;
  std::uint32_t slot = codec_internal::HashSlot(tag, hash_mask_);
  // The table is at most half full of current entries, so an empty slot ends every probe.
  for (;;) {
    const codec_internal::HashEntry entry = hash_[slot];
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

#define FIXWIRE_TYPED_GETTER(Name, Type, Parser)                                  \
  ErrorCode MessageView::Name(std::uint32_t tag, Type* out) const noexcept {      \
    const Field* f = Find(tag);                                                   \
    return f != nullptr ? Parser(value(*f), out) : ErrorCode::kFieldNotFound;     \
  }

FIXWIRE_TYPED_GETTER(GetInt64, std::int64_t, ParseInt64)
FIXWIRE_TYPED_GETTER(GetUint64, std::uint64_t, ParseUint64)
FIXWIRE_TYPED_GETTER(GetChar, char, ParseChar)
FIXWIRE_TYPED_GETTER(GetBool, bool, ParseBool)
FIXWIRE_TYPED_GETTER(GetDecimal, Decimal, ParseDecimal)
FIXWIRE_TYPED_GETTER(GetUtcTimestamp, std::int64_t, ParseUtcTimestamp)
FIXWIRE_TYPED_GETTER(GetUtcTimeOnly, std::int64_t, ParseUtcTimeOnly)
FIXWIRE_TYPED_GETTER(GetUtcDateOnly, Date, ParseUtcDateOnly)
FIXWIRE_TYPED_GETTER(GetLocalMktDate, Date, ParseLocalMktDate)
FIXWIRE_TYPED_GETTER(GetMonthYear, MonthYear, ParseMonthYear)

#undef FIXWIRE_TYPED_GETTER

}  // namespace fixwire
