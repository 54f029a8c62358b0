// reference_decoder.h: a deliberately simple, byte-at-a-time FIX message
// decoder written from the rules in codec/decoder.h, for fuzz targets to
// compare fixwire's SIMD/SWAR Decoder against.
//
// ReferenceDecode accepts exactly what Decoder::Decode documents: 8= with a
// FIX./FIXT. version of at most 16 bytes; 9= with 1..9 digits (leading zeros
// allowed), not 0; "10=" + three digits (<= 255) + SOH exactly where BodyLength points,
// after an SOH; the byte sum; 35 as the first body field; tags of 1..9 digits
// without a leading zero; no 8, 9 or 10 in the body; non-empty values unless
// allowed; a Length field followed by its data field of exactly that many
// bytes. It allocates freely and is slow on purpose: no SIMD, no tricks.
// Never reads outside `bytes`.
#ifndef FIXWIRE_TESTS_FUZZ_REFERENCE_DECODER_H_
#define FIXWIRE_TESTS_FUZZ_REFERENCE_DECODER_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fixwire/wire/data_fields.h"
#include "fixwire/values/field.h"

namespace fixwire::fuzz {

struct ReferenceOptions {
  bool allow_empty_values = false;
  bool validate_checksum = true;
  const LengthFieldTable* length_fields = nullptr;  // nullptr: StandardLengthFields()
};

struct ReferenceResult {
  bool ok = false;
  const char* reason = "";     // why not ok (a short phrase), for failure reports
  std::size_t size = 0;        // when ok: the message's length in bytes
  std::vector<Field> fields;   // when ok: every field in wire order, 8 first, 10 last
};

ReferenceResult ReferenceDecode(std::string_view bytes, const ReferenceOptions& options);

}  // namespace fixwire::fuzz

#endif  // FIXWIRE_TESTS_FUZZ_REFERENCE_DECODER_H_
