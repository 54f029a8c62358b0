// field_walk_scalar.cc: the decoder's scan-then-walk field walk (see
// field_walk_scalar.h): one ScanSohAndSum per chunk, then FastFields over
// each block's SOH mask.
#include "fixwire/wire/internal/field_walk_scalar.h"

#include <cstddef>
#include <cstdint>

#include "fixwire/simd/structural_scan.h"

namespace fixwire::wire_internal {
namespace {

constexpr std::size_t kScanChunkBytes = kScanChunkBlocks * simd::kBlockBytes;

// WalkBlocks takes the fields whose SOH bits are in masks[0..blocks), the
// masks of the bytes from offset `chunk`, with FastFields, checking the
// index's room once per block (per field only in the last blocks before the
// index is full). Returns false when it stopped at a field that is not
// ordinary or does not fit (pos then at its start).
[[gnu::always_inline]] inline bool WalkBlocks(const char* data, const std::uint8_t* special,
                                              Field* out_end, const std::uint64_t* masks,
                                              std::size_t blocks, std::size_t chunk,
                                              std::size_t& pos, Field*& next) noexcept {
  // While next is at most this address, a whole block's fields fit (one compare per block).
  constexpr std::uintptr_t kBlockFieldBytes = kMostFieldsPerBlock * sizeof(Field);
  const std::uintptr_t end_address = reinterpret_cast<std::uintptr_t>(out_end);
  const std::uintptr_t unchecked_last = end_address >= kBlockFieldBytes ? end_address - kBlockFieldBytes : 0;
  const std::uint64_t* mask = masks;
  const std::uint64_t* const mask_end = masks + blocks;
  for (std::size_t block_base = chunk; mask != mask_end; ++mask, block_base += simd::kBlockBytes) {
    std::uint64_t bits = *mask;
    if (bits == 0) continue;
    const bool used_up =
        reinterpret_cast<std::uintptr_t>(next) <= unchecked_last
            ? FastFields<false>(data, special, out_end, block_base, bits, pos, next)
            : FastFields<true>(data, special, out_end, block_base, bits, pos, next);
    if (!used_up) [[unlikely]] return false;
  }
  return true;
}

// WalkOrdinaryChunks is WalkOrdinary for a body past the first chunk: it
// scans [0, body_end) kScanChunkBytes at a time.
[[gnu::noinline]] WalkResult WalkOrdinaryChunks(const char* data, std::size_t body_start,
                                                std::size_t body_end, const std::uint8_t* special,
                                                Field* next, Field* const out_end) noexcept {
  std::uint64_t masks[kScanChunkBlocks];
  std::uint64_t sum = 0;
  std::size_t pos = body_start;
  std::size_t chunk = 0;
  std::uint64_t keep = ~std::uint64_t{0} << body_start;  // the header's SOH bits go
  for (;;) {
    const std::size_t n = body_end - chunk < kScanChunkBytes ? body_end - chunk : kScanChunkBytes;
    sum += simd::ScanSohAndSum(data + chunk, n, masks);
    masks[0] &= keep;
    keep = ~std::uint64_t{0};
    if (!WalkBlocks(data, special, out_end, masks, simd::BlockCount(n), chunk, pos, next))
        [[unlikely]] {
      return WalkResult{next, kWalkStopped};
    }
    chunk += n;
    if (chunk == body_end) break;
  }
  // Every SOH of the body was a field's end, the last at body_end - 1: pos == body_end.
  return WalkResult{next, sum};
}

// WalkOneScan is WalkOrdinary's scalar walk for a body within kScanChunkBytes:
// one scan of [0, body_end), then FastFields over its masks.
[[gnu::always_inline]] inline WalkResult WalkOneScan(const char* data, std::size_t body_start,
                                                     std::size_t body_end,
                                                     const std::uint8_t* special, Field* next,
                                                     Field* const out_end) noexcept {
  std::uint64_t masks[kScanChunkBlocks];
  const std::uint64_t sum = simd::ScanSohAndSum(data, body_end, masks);
  masks[0] &= ~std::uint64_t{0} << body_start;  // the header's SOH bits go
  std::size_t pos = body_start;
  if (!WalkBlocks(data, special, out_end, masks, simd::BlockCount(body_end), 0, pos, next))
      [[unlikely]] {
    return WalkResult{next, kWalkStopped};
  }
  return WalkResult{next, sum};
}

}  // namespace

[[gnu::noinline]] WalkResult WalkOrdinaryScalar(const char* data, std::size_t body_start,
                                                std::size_t body_end, const std::uint8_t* special,
                                                Field* next, Field* const out_end) noexcept {
  if (body_end > kScanChunkBytes) {
    return WalkOrdinaryChunks(data, body_start, body_end, special, next, out_end);
  }
  return WalkOneScan(data, body_start, body_end, special, next, out_end);
}

}  // namespace fixwire::wire_internal
