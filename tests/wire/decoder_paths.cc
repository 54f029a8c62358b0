// decoder_paths.cc: DecoderTestPeer (see decoder_paths.h).
#include "tests/wire/decoder_paths.h"

#include <cstddef>

#include "fixwire/simd/cpu_features.h"
#include "fixwire/wire/internal/field_walk_avx2.h"
#include "fixwire/wire/internal/field_walk_avx512.h"
#include "fixwire/wire/internal/field_walk_scalar.h"
#include "fixwire/wire/internal/framing.h"

namespace fixwire {

bool DecoderTestPeer::Fast(const Decoder& d, std::string_view bytes, FieldIndex& index,
                           MessageView& out) noexcept {
  const Decoder::Resume r =
      d.options_.validate_checksum
          ? d.DecodeFastAs<true>(bytes.data(), bytes.size(), index, out)
          : d.DecodeFastAs<false>(bytes.data(), bytes.size(), index, out);
  return r.decoded();
}

Error DecoderTestPeer::General(const Decoder& d, std::string_view bytes, FieldIndex& index,
                               MessageView& out) noexcept {
  return d.DecodeGeneral(bytes, index, out, Decoder::Resume{});
}

DecoderTestPeer::WalkOutcome DecoderTestPeer::Walk(const Decoder& d, std::string_view bytes,
                                                   WalkKind kind, Field* out,
                                                   std::uint32_t capacity) noexcept {
  namespace wi = wire_internal;
  WalkOutcome r;
  const char* const data = bytes.data();
  wi::FrameHeader h;
  if (bytes.size() < 32 || !wi::FastFrameHeader(data, &h)) return r;
  const std::size_t body_end = std::size_t{h.body_start} + h.body_length;
  if (h.body_start >= 64 || h.body_length == 0 || body_end + wi::kTrailerBytes > bytes.size() ||
      data[body_end - 1] != '\x01') {
    return r;
  }
  if (kind == WalkKind::kAvx512 && !simd::CpuSupportsAvx512Vbmi2()) return r;
  if (kind == WalkKind::kAvx2 && !simd::CpuSupports(simd::Isa::kAvx2)) return r;
  const std::uint8_t* const flags = d.special_.flags;
  const wi::WalkResult w =
      kind == WalkKind::kAvx512
          ? wi::WalkOrdinaryAvx512(data, h.body_start, body_end, flags, d.special_.filter, out,
                                   out + capacity)
      : kind == WalkKind::kAvx2
          ? wi::WalkOrdinaryAvx2(data, h.body_start, body_end, flags, out, out + capacity)
          : wi::WalkOrdinaryScalar(data, h.body_start, body_end, flags, out, out + capacity);
  r.framed = true;
  r.fields = static_cast<std::uint32_t>(w.next - out);
  r.sum = w.sum;
  return r;
}

}  // namespace fixwire
