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

#define FIXWIRE_TYPED_GETTER_(Name, Type, Parser, Qualifier)                     \
  [[nodiscard, gnu::always_inline]] ErrorCode Name(std::uint32_t tag, Type* out) \
      Qualifier noexcept {                                                       \
    const Field* f = Find(tag);                                                  \
    return f != nullptr ? Parser(value(*f), out) : ErrorCode::kFieldNotFound;    \
  }

#define FIXWIRE_TYPED_GETTERS_WITH_(Q)                                           \
  FIXWIRE_TYPED_GETTER_(GetInt64, std::int64_t, ParseInt64, Q)                   \
  FIXWIRE_TYPED_GETTER_(GetUint64, std::uint64_t, ParseUint64, Q)                \
  FIXWIRE_TYPED_GETTER_(GetChar, char, ParseChar, Q)                             \
  FIXWIRE_TYPED_GETTER_(GetBool, bool, ParseBool, Q)                             \
  FIXWIRE_TYPED_GETTER_(GetDecimal, Decimal, ParseDecimal, Q)                    \
  FIXWIRE_TYPED_GETTER_(GetUtcTimestamp, std::int64_t, ParseUtcTimestamp, Q)     \
  FIXWIRE_TYPED_GETTER_(GetUtcTimeOnly, std::int64_t, ParseUtcTimeOnly, Q)       \
  FIXWIRE_TYPED_GETTER_(GetUtcDateOnly, Date, ParseUtcDateOnly, Q)               \
  FIXWIRE_TYPED_GETTER_(GetLocalMktDate, Date, ParseLocalMktDate, Q)             \
  FIXWIRE_TYPED_GETTER_(GetMonthYear, MonthYear, ParseMonthYear, Q)

#define FIXWIRE_TYPED_GETTERS FIXWIRE_TYPED_GETTERS_WITH_(const)

// FIXWIRE_TYPED_GETTERS_INDEXING: the same getters, not const, for a class
// whose Find(tag) is not const (PartialMessage: a lookup may index further).
#define FIXWIRE_TYPED_GETTERS_INDEXING FIXWIRE_TYPED_GETTERS_WITH_()

#endif  // FIXWIRE_VALUES_TYPED_GETTERS_H_
