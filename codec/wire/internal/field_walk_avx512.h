// field_walk_avx512.h: the decoder's field walk with AVX-512 (F/BW/VL, VBMI,
// VBMI2), which indexes a 64-byte block's ordinary fields with a few vector
// instructions instead of a scalar step per field.
//
// Internal to the decoder. WalkOrdinaryAvx512 has exactly the contract of
// decoder.cc's scalar WalkOrdinary (same arguments, same WalkResult, the same
// fields written, the same stop): see field_walk_avx512.cc. It may run only
// where simd::CpuSupportsAvx512Vbmi2() is true; the decoder also asks that the
// active SIMD implementation be simd::Isa::kAvx512, so that forcing another
// one (FIXWIRE_SIMD, SetActiveIsa) selects the scalar walk.
//
// The special tags (codec/internal/special_tags.h): the walk asks the exact
// table only for the fields whose bit is set in the 1024-bit filter.
#ifndef FIXWIRE_WIRE_INTERNAL_FIELD_WALK_AVX512_H_
#define FIXWIRE_WIRE_INTERNAL_FIELD_WALK_AVX512_H_

#include <cstddef>
#include <cstdint>

#include "fixwire/values/field.h"
#include "fixwire/wire/internal/ordinary_field.h"
#include "fixwire/wire/internal/special_tags.h"

namespace fixwire::wire_internal {

// WalkOrdinaryAvx512 indexes the body [body_start, body_end) of a frame
// DecodeFast has checked (data[body_end - 1] is SOH, body_start < 64) into
// next, next + 1, ... below out_end, reading only [0, body_end). Returns one
// past the last field written, with the byte sum of [0, body_end) when every
// field was ordinary, or kWalkStopped when it stopped at a field that is not
// ordinary, is special or does not fit (that field then starts right after
// the last one written, or at body_start). `special` is the Decoder's table
// (its flags and filter).
// special is the special-tag table (kSpecialTableTags flags), filter its
// filter (kSpecialFilterWords words; internal/special_tags.h).
WalkResult WalkOrdinaryAvx512(const char* data, std::size_t body_start, std::size_t body_end,
                              const std::uint8_t* special, const std::uint32_t* filter,
                              Field* next, Field* out_end) noexcept;

}  // namespace fixwire::wire_internal

#endif  // FIXWIRE_WIRE_INTERNAL_FIELD_WALK_AVX512_H_
