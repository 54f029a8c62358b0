// dictionary_value_format.h: does a field value have the format of its
// dictionary type? Used by the validator (SessionRejectReason 6). Internal.
//
// Numeric, boolean, char, timestamp, date and multiple-value types use the
// parsers of codec/values.h; the rest are checked here from the FIX
// specification's format descriptions (Currency: 3 characters, ISO 4217;
// Country: 2, ISO 3166; Language: 2, ISO 639-1; Exchange: 1..4 characters,
// ISO 10383 MIC or the older one-letter codes; TZTimestamp / TZTimeOnly with
// their Z or +/-hh[:mm] offset; Tenor Dn/Mn/Wn/Yn; LocalMktTime HH:MM:SS[.sss]).
// String, data, pattern and reserved types accept any value. Never allocates;
// any thread.
#ifndef FIXWIRE_CODEC_INTERNAL_DICTIONARY_VALUE_FORMAT_H_
#define FIXWIRE_CODEC_INTERNAL_DICTIONARY_VALUE_FORMAT_H_

#include <string_view>

#include "codec/dictionary.h"
#include "codec/error.h"

namespace fixwire::codec_internal {

// CheckFormat returns kOk when `value` is a valid `type` value, kBadValue
// when it is not of the type (an integer too large for int64 included, as
// QuickFIX reports it), kValueOutOfRange when it is of the type but outside
// the type's range (DayOfMonth outside 1..31). A float with more significant
// digits than a Decimal holds is a valid float. An empty value is kBadValue
// for every type (the validator reports emptiness separately).
ErrorCode CheckFormat(FieldType type, std::string_view value) noexcept;

}  // namespace fixwire::codec_internal

#endif  // FIXWIRE_CODEC_INTERNAL_DICTIONARY_VALUE_FORMAT_H_
