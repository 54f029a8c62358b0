// structural_scan.h: bitmasks of SOH (0x01) and '=' positions, 64 bytes per mask.
//
// ScanStructural classifies every byte of a span into two bitsets: block b
// covers bytes [64*b, 64*b + 64); bit i of soh_masks[b] is set when byte
// 64*b + i is 0x01, bit i of eq_masks[b] when it is '='. Bits past `size` in
// the last block are zero. The caller owns both output arrays, each with at
// least BlockCount(size) entries.
//
// ScanSohAndSum is the decoder's one pass over a message: the same SOH masks
// (no '=' masks) plus the byte sum of the span (simd/checksum.h ByteSum), so the
// CheckSum costs no second pass over the bytes.
//
// This is what a decoder builds its field index from: walk the masks with
// std::countr_zero. To skip the bytes of a length-prefixed data field, scan
// again from the position after the data (the kernel takes any start pointer)
// or clear the bits below that position: the kernel holds no state between calls.
//
// Bounds: reads exactly [data, data + size); no padding is required.
// Never allocates, never fails.
#ifndef FIXWIRE_SIMD_STRUCTURAL_SCAN_H_
#define FIXWIRE_SIMD_STRUCTURAL_SCAN_H_

#include <cstddef>
#include <cstdint>

namespace fixwire::simd {

inline constexpr std::size_t kBlockBytes = 64;

// BlockCount returns how many 64-byte masks describe `size` bytes.
constexpr std::size_t BlockCount(std::size_t size) noexcept {
  return (size + kBlockBytes - 1) / kBlockBytes;
}

// ScanStructural fills soh_masks[0..BlockCount(size)) and eq_masks[0..BlockCount(size)).
void ScanStructural(const char* data, std::size_t size, std::uint64_t* soh_masks,
                    std::uint64_t* eq_masks) noexcept;

// ScanSohAndSum fills soh_masks[0..BlockCount(size)) exactly as ScanStructural
// does and returns the sum of data[0..size) as unsigned bytes (not reduced).
std::uint64_t ScanSohAndSum(const char* data, std::size_t size, std::uint64_t* soh_masks) noexcept;

}  // namespace fixwire::simd

#endif  // FIXWIRE_SIMD_STRUCTURAL_SCAN_H_
