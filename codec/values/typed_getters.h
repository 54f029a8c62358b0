// typed_getters.h: FIXWIRE_TYPED_GETTERS, the typed getters every view of
// fields offers (MessageView, GroupEntryView), written once so the views
// offer the same set with the same errors.
//
// Used inside a class that has `const Field* Find(std::uint32_t tag) const`
// and `std::string_view value(const Field&) const`. Each getter returns kOk
// with *out set, kFieldNotFound when the tag is absent, or the parser's
// kBadValue / kValueOutOfRange (codec/values.h); no allocation.
#ifndef FIXWIRE_VALUES_TYPED_GETTERS_H_
#define FIXWIRE_VALUES_TYPED_GETTERS_H_

#include "fixwire/values/values.h"

#define FIXWIRE_TYPED_GETTER_(Name, Type, Parser)                                \
  [[nodiscard, gnu::always_inline]] ErrorCode Name(std::uint32_t tag, Type* out) \
      const noexcept {                                                           \
    const Field* f = Find(tag);                                                  \
    return f != nullptr ? Parser(value(*f), out) : ErrorCode::kFieldNotFound;    \
  }

#define FIXWIRE_TYPED_GETTERS                                                    \
  FIXWIRE_TYPED_GETTER_(GetInt64, std::int64_t, ParseInt64)                      \
  FIXWIRE_TYPED_GETTER_(GetUint64, std::uint64_t, ParseUint64)                   \
  FIXWIRE_TYPED_GETTER_(GetChar, char, ParseChar)                                \
  FIXWIRE_TYPED_GETTER_(GetBool, bool, ParseBool)                                \
  FIXWIRE_TYPED_GETTER_(GetDecimal, Decimal, ParseDecimal)                       \
  FIXWIRE_TYPED_GETTER_(GetUtcTimestamp, std::int64_t, ParseUtcTimestamp)        \
  FIXWIRE_TYPED_GETTER_(GetUtcTimeOnly, std::int64_t, ParseUtcTimeOnly)          \
  FIXWIRE_TYPED_GETTER_(GetUtcDateOnly, Date, ParseUtcDateOnly)                  \
  FIXWIRE_TYPED_GETTER_(GetLocalMktDate, Date, ParseLocalMktDate)                \
  FIXWIRE_TYPED_GETTER_(GetMonthYear, MonthYear, ParseMonthYear)

#endif  // FIXWIRE_VALUES_TYPED_GETTERS_H_
