// crc32c.cc: the table implementation of CRC-32C and the run-time choice.
#include "fixwire/store/internal/crc32c.h"

#include <array>
#include <cstring>

namespace fixwire::store_internal {
namespace {

constexpr std::uint32_t kPoly = 0x82F63B78u;  // reflected Castagnoli polynomial

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

constexpr Tables MakeTables() {
  Tables t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ kPoly : c >> 1;
    t[0][i] = c;
  }
  for (std::uint32_t i = 0; i < 256; ++i) {
    for (int s = 1; s < 8; ++s) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFF];
  }
  return t;
}

constexpr Tables kTables = MakeTables();

using Fn = std::uint32_t (*)(std::uint32_t, const void*, std::size_t) noexcept;

Fn Choose() noexcept { return CpuHasSse42() ? &Crc32cSse42 : &Crc32cScalar; }

}  // namespace

bool CpuHasSse42() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2");
}

std::uint32_t Crc32cScalar(std::uint32_t crc, const void* data, std::size_t size) noexcept {
  const auto* p = static_cast<const unsigned char*>(data);
  crc = ~crc;
  while (size >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    w ^= crc;
    crc = kTables[7][w & 0xFF] ^ kTables[6][(w >> 8) & 0xFF] ^ kTables[5][(w >> 16) & 0xFF] ^
          kTables[4][(w >> 24) & 0xFF] ^ kTables[3][(w >> 32) & 0xFF] ^
          kTables[2][(w >> 40) & 0xFF] ^ kTables[1][(w >> 48) & 0xFF] ^ kTables[0][w >> 56];
    p += 8;
    size -= 8;
  }
  while (size-- > 0) crc = (crc >> 8) ^ kTables[0][(crc ^ *p++) & 0xFF];
  return ~crc;
}

std::uint32_t Crc32c(std::uint32_t crc, const void* data, std::size_t size) noexcept {
  static const Fn fn = Choose();
  return fn(crc, data, size);
}

}  // namespace fixwire::store_internal
