// decoder_paths.h: test access to the paths Decoder::Decode chooses between,
// so tests can hold the fast path against the general one, and the vector
// field walks against the scalar one. Tests only (testonly library).
//
// Fast returns true only when it decoded the message (then `out` answers
// every question exactly as General's view would: fields, lookups, sizes;
// having no tag at or above direct_tags, it holds no hash table); false means
// "not the common shape" and changes nothing but the index's scratch
// contents. General is the complete decoder (every check, every error).
// Walk runs one of DecodeFast's field walks alone.
#ifndef FIXWIRE_TESTS_WIRE_DECODER_PATHS_H_
#define FIXWIRE_TESTS_WIRE_DECODER_PATHS_H_

#include <cstdint>
#include <string_view>

#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

struct DecoderTestPeer {
  static bool Fast(const Decoder& d, std::string_view bytes, FieldIndex& index,
                   MessageView& out) noexcept;
  static Error General(const Decoder& d, std::string_view bytes, FieldIndex& index,
                       MessageView& out) noexcept;

  // WalkOutcome: whether the frame was one the walks take (else nothing ran),
  // how many fields the walk wrote, and its sum (kStopped when it stopped).
  struct WalkOutcome {
    static constexpr std::uint64_t kStopped = ~std::uint64_t{0};
    bool framed = false;
    std::uint32_t fields = 0;
    std::uint64_t sum = 0;
  };
  // The field walks: the scan-then-walk one (what SSE2 and scalar use),
  // field_walk_avx2.h's and field_walk_avx512.h's.
  enum class WalkKind { kScalar, kAvx2, kAvx512 };
  // Walk checks the frame as DecodeFast does (a header its frame checks
  // read, the byte before "10=" an SOH, body_start < 64, the trailer's 7
  // bytes in `bytes`) and runs the walk `kind` over the body (the AVX2 walk
  // only where simd::CpuSupports(simd::Isa::kAvx2), the AVX-512 walk only
  // where simd::CpuSupportsAvx512Vbmi2(); else framed is false),
  // writing fields to out[0..capacity) (the walk's out_end is out + capacity).
  static WalkOutcome Walk(const Decoder& d, std::string_view bytes, WalkKind kind, Field* out,
                          std::uint32_t capacity) noexcept;
};

}  // namespace fixwire

#endif  // FIXWIRE_TESTS_WIRE_DECODER_PATHS_H_
