// field_walk_scalar.h: the decoder's field walk for every implementation
// below AVX2 (what FIXWIRE_SIMD=sse2 or scalar selects): the body scanned
// kScanChunkBlocks 64-byte blocks at a time (simd::ScanSohAndSum: SOH masks
// and byte sum in one pass), then each SOH's field taken with FastFields
// (ordinary_field.h). The AVX2 and AVX-512 walks (field_walk_avx2.h,
// field_walk_avx512.h) give the same result; the tests hold them against this one.
#ifndef FIXWIRE_WIRE_INTERNAL_FIELD_WALK_SCALAR_H_
#define FIXWIRE_WIRE_INTERNAL_FIELD_WALK_SCALAR_H_

#include <cstddef>
#include <cstdint>

#include "fixwire/values/field.h"
#include "fixwire/wire/internal/ordinary_field.h"

namespace fixwire::wire_internal {

// Blocks of SOH masks one scan fills (the decoder's general path uses the same chunks).
inline constexpr std::size_t kScanChunkBlocks = 32;

// WalkOrdinaryScalar indexes the body [body_start, body_end) of a checked
// frame (data[body_end - 1] is SOH, body_start < 64, body_end + 7 within the
// bytes) into next, next + 1, ... below out_end; special is the decoder's
// special-tag table. Returns one past the last field written, with the byte
// sum of [0, body_end) when every field was ordinary, or kWalkStopped when it
// stopped at a field that is not ordinary or does not fit.
WalkResult WalkOrdinaryScalar(const char* data, std::size_t body_start, std::size_t body_end,
                              const std::uint8_t* special, Field* next,
                              Field* out_end) noexcept;

}  // namespace fixwire::wire_internal

#endif  // FIXWIRE_WIRE_INTERNAL_FIELD_WALK_SCALAR_H_
