// field_walk_avx512_short.h: the decoder's field walk for short bodies
// (body_end <= 128: session messages, small orders) with AVX-512 (F/BW/VL,
// VBMI, VBMI2): the whole [0, body_end) in two registers, every field of it
// indexed at once by a few vector instructions, with no per-field loop and
// no state carried from block to block.
//
// Internal to the decoder. WalkOrdinaryAvx512Short has exactly the contract
// of field_walk_avx2.h's WalkOrdinaryAvx2 (same arguments but the special-tag
// table, same WalkResult, the same fields written, the same stop): it takes
// a body itself exactly when every field is ordinary, none is special and all
// fit below out_end (at most 16 of them), and hands anything else, and every
// body past 128 bytes, to WalkOrdinaryAvx2 unchanged. It may run only where
// simd::CpuSupportsAvx512Vbmi2() is true; the decoder also asks that the
// active SIMD implementation be simd::Isa::kAvx512.
#ifndef FIXWIRE_CODEC_INTERNAL_FIELD_WALK_AVX512_SHORT_H_
#define FIXWIRE_CODEC_INTERNAL_FIELD_WALK_AVX512_SHORT_H_

#include <cstddef>
#include <cstdint>

#include "codec/field.h"
#include "codec/internal/ordinary_field.h"
#include "codec/internal/special_tags.h"

namespace fixwire::codec_internal {

// The longest body_end the short walk takes itself.
inline constexpr std::size_t kShortWalkMaxBytes = 128;

// WalkOrdinaryAvx512Short indexes the body [body_start, body_end) of a frame
// DecodeFast has checked (data[body_end - 1] and data[body_start - 1] are
// SOH, body_start < 64, at least 32 bytes readable from data, body_end <=
// that size) into next, next + 1, ... below out_end, as WalkOrdinaryAvx2
// does (see field_walk_avx2.h), reading only [0, max(body_end, 32)).
WalkResult WalkOrdinaryAvx512Short(const char* data, std::size_t body_start,
                                   std::size_t body_end, const SpecialTags* special,
                                   Field* next, Field* out_end) noexcept;

// TryWalkOrdinaryAvx512Short is the vector path alone, for tests: returns
// true, with what WalkOrdinaryAvx512Short returns in *result, when it took
// the body itself; false, having written nothing, when it would hand the
// body to WalkOrdinaryAvx2.
bool TryWalkOrdinaryAvx512Short(const char* data, std::size_t body_start, std::size_t body_end,
                                const SpecialTags* special, Field* next, Field* out_end,
                                WalkResult* result) noexcept;

}  // namespace fixwire::codec_internal

#endif  // FIXWIRE_CODEC_INTERNAL_FIELD_WALK_AVX512_SHORT_H_
