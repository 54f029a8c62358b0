// field_walk_avx2.h: the decoder's scalar field walk with its SOH scan fused
// in, built for AVX2 + BMI1/BMI2: each 64-byte block is loaded, its SOH mask
// and byte sum taken in registers and its fields indexed at once, with no
// mask array stored and read back and no out-of-line scan call.
//
// Internal to the decoder. WalkOrdinaryAvx2 has exactly the contract of
// decoder.cc's scalar WalkOrdinary (same arguments, same WalkResult, the same
// fields written, the same stop; it takes each field with the same
// FastFields step). It may run only where simd::CpuSupports(simd::Isa::kAvx2)
// is true; the decoder also asks that the active SIMD implementation be AVX2
// or AVX-512, so that forcing SSE2 or scalar (FIXWIRE_SIMD, SetActiveIsa)
// selects the scan-then-walk path.
#ifndef FIXWIRE_WIRE_INTERNAL_FIELD_WALK_AVX2_H_
#define FIXWIRE_WIRE_INTERNAL_FIELD_WALK_AVX2_H_

#include <cstddef>
#include <cstdint>

#include "fixwire/values/field.h"
#include "fixwire/wire/internal/ordinary_field.h"

namespace fixwire::wire_internal {

// WalkOrdinaryAvx2 indexes the body [body_start, body_end) of a frame
// DecodeFast has checked (data[body_end - 1] is SOH, body_start < 64, at
// least 32 bytes readable from data, body_end <= that size) into next,
// next + 1, ... below out_end, reading only [0, max(body_end, 32)). Returns
// one past the last field written, with the byte sum of [0, body_end) when
// every field was ordinary, or kWalkStopped when it stopped at a field that
// is not ordinary, is special (special[tag] != 0) or does not fit (that
// field then starts right after the last one written, or at body_start).
WalkResult WalkOrdinaryAvx2(const char* data, std::size_t body_start, std::size_t body_end,
                            const std::uint8_t* special, Field* next, Field* out_end) noexcept;

// WalkOrdinaryAvx2 by body size, for a caller that has compared body_end
// already: each has WalkOrdinaryAvx2's contract for body_end <= 64, for
// 64 < body_end <= 128, and for body_end > 64 respectively.
WalkResult WalkOrdinaryAvx2OneBlock(const char* data, std::size_t body_start,
                                    std::size_t body_end, const std::uint8_t* special,
                                    Field* next, Field* out_end) noexcept;
WalkResult WalkOrdinaryAvx2TwoBlocks(const char* data, std::size_t body_start,
                                     std::size_t body_end, const std::uint8_t* special,
                                     Field* next, Field* out_end) noexcept;
WalkResult WalkOrdinaryAvx2Blocks(const char* data, std::size_t body_start, std::size_t body_end,
                                  const std::uint8_t* special, Field* next,
                                  Field* out_end) noexcept;

}  // namespace fixwire::wire_internal

#endif  // FIXWIRE_WIRE_INTERNAL_FIELD_WALK_AVX2_H_
