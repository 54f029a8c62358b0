// kernels_test.cc: every kernel implementation the CPU supports, checked
// against simple oracles written here (std::accumulate, memchr,
// std::string_view::find) and against the scalar reference table, over every
// length 0..300 at every alignment 0..63, block-edge placements, all-SOH,
// no-SOH and 165 KiB inputs. Buffers end exactly at their allocation, so under
// --config=asan any read past a span fails the test.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "gtest/gtest.h"
#include "fixwire/simd/checksum.h"
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/find.h"
#include "fixwire/simd/internal/kernel_table.h"
#include "fixwire/simd/internal/simd_internal.h"
#include "fixwire/simd/structural_scan.h"
#include "tests/simd/test_buffers.h"

namespace fixwire::simd_test {
namespace {

using simd::Isa;
using simd_internal::KernelTable;

// ---- oracles -------------------------------------------------------------

std::uint64_t OracleByteSum(std::string_view s) {
  return std::accumulate(s.begin(), s.end(), std::uint64_t{0},
                         [](std::uint64_t a, char c) { return a + static_cast<unsigned char>(c); });
}

std::size_t OracleFindByte(std::string_view s, char byte) {
  const void* hit = s.empty() ? nullptr : std::memchr(s.data(), static_cast<unsigned char>(byte), s.size());
  return hit == nullptr ? s.size() : static_cast<const char*>(hit) - s.data();
}

std::size_t OracleFindTrailer(std::string_view s) {
  const std::size_t pos = s.find(std::string_view("\x01" "10="));
  return pos == std::string_view::npos ? s.size() : pos;
}

std::size_t OracleFindBeginString(std::string_view s) {
  for (std::size_t pos = s.find("8=FIX"); pos != std::string_view::npos; pos = s.find("8=FIX", pos + 1)) {
    if (pos == 0 || s[pos - 1] == '\x01') return pos;
  }
  return s.size();
}

// ---- fixture -------------------------------------------------------------

class KernelsTest : public ::testing::TestWithParam<Isa> {
 protected:
  void SetUp() override {
    if (!simd::CpuSupports(GetParam())) {
      GTEST_SKIP() << "this CPU does not support " << simd::IsaName(GetParam())
                   << "; its kernels cannot run here";
    }
  }
  const KernelTable& kernels() const { return simd_internal::KernelsFor(GetParam()); }
  const KernelTable& scalar() const { return simd_internal::KernelsFor(Isa::kScalar); }

  // CheckAll runs every kernel on `bytes` placed at `align` and compares with the oracles.
  void CheckAll(std::string_view bytes, std::size_t align) const {
    SCOPED_TRACE(::testing::Message() << "size " << bytes.size() << " align " << align);
    const ExactBuffer buf(bytes, align);
    const char* p = buf.data();
    const std::size_t n = buf.size();

    const std::uint64_t sum = kernels().byte_sum(p, n);
    ASSERT_EQ(sum, OracleByteSum(bytes));
    ASSERT_EQ(sum, scalar().byte_sum(p, n));

    const std::size_t blocks = simd::BlockCount(n);
    // One guard word after the masks: the kernel must not write past BlockCount(size).
    std::vector<std::uint64_t> soh(blocks + 1, 0xA5A5A5A5A5A5A5A5ull);
    std::vector<std::uint64_t> eq(blocks + 1, 0xA5A5A5A5A5A5A5A5ull);
    kernels().scan_structural(p, n, soh.data(), eq.data());
    for (std::size_t b = 0; b < blocks; ++b) {
      std::uint64_t want_soh = 0;
      std::uint64_t want_eq = 0;
      for (std::size_t i = 0; i < 64 && 64 * b + i < n; ++i) {
        if (bytes[64 * b + i] == '\x01') want_soh |= std::uint64_t{1} << i;
        if (bytes[64 * b + i] == '=') want_eq |= std::uint64_t{1} << i;
      }
      ASSERT_EQ(soh[b], want_soh) << "block " << b;
      ASSERT_EQ(eq[b], want_eq) << "block " << b;
    }
    ASSERT_EQ(soh[blocks], 0xA5A5A5A5A5A5A5A5ull) << "wrote past the last mask";
    ASSERT_EQ(eq[blocks], 0xA5A5A5A5A5A5A5A5ull) << "wrote past the last mask";

    // The fused scan: the same SOH masks (checked against the bytes, not against
    // scan_structural) and the oracle's byte sum; the guard word must survive.
    std::vector<std::uint64_t> fused(blocks + 1, 0x5A5A5A5A5A5A5A5Aull);
    ASSERT_EQ(kernels().scan_soh_sum(p, n, fused.data()), OracleByteSum(bytes));
    for (std::size_t b = 0; b < blocks; ++b) {
      std::uint64_t want_soh = 0;
      for (std::size_t i = 0; i < 64 && 64 * b + i < n; ++i) {
        if (bytes[64 * b + i] == '\x01') want_soh |= std::uint64_t{1} << i;
      }
      ASSERT_EQ(fused[b], want_soh) << "fused block " << b;
    }
    ASSERT_EQ(fused[blocks], 0x5A5A5A5A5A5A5A5Aull) << "fused scan wrote past the last mask";

    for (char byte : {'\x01', '=', '\0', '\xff', 'X'}) {
      ASSERT_EQ(kernels().find_byte(p, n, byte), OracleFindByte(bytes, byte)) << "byte " << int(byte);
    }
    ASSERT_EQ(kernels().find_trailer(p, n), OracleFindTrailer(bytes));
    ASSERT_EQ(kernels().find_begin_string(p, n), OracleFindBeginString(bytes));
  }
};

TEST_P(KernelsTest, EveryLengthAtEveryAlignment) {
  std::mt19937_64 rng(12345 + static_cast<int>(GetParam()));
  for (std::size_t size = 0; size <= 300; ++size) {
    for (std::size_t align = 0; align < 64; ++align) {
      CheckAll(RandomFixLikeBytes(rng, size), align);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(KernelsTest, StructuralBytesAtBlockEdges) {
  for (std::size_t size : {1u, 15u, 16u, 17u, 31u, 32u, 33u, 63u, 64u, 65u, 127u, 128u, 129u, 191u, 192u, 255u, 256u, 300u}) {
    for (std::size_t pos : {0u, 1u, 15u, 16u, 31u, 32u, 62u, 63u, 64u, 65u, 127u, 128u, 191u, 192u, 255u, 256u}) {
      if (pos >= size) continue;
      for (char c : {'\x01', '='}) {
        std::string s(size, 'a');
        s[pos] = c;
        s[size - 1] = c;  // also the very last byte
        CheckAll(s, 0);
        CheckAll(s, 63);
        if (HasFatalFailure()) return;
      }
    }
  }
}

TEST_P(KernelsTest, PatternsAtEveryPositionNearTheEnd) {
  // The searched patterns straddling vector boundaries and the end of the span.
  for (std::string_view pattern : {std::string_view("\x01" "10="), std::string_view("\x01" "8=FIX")}) {
    for (std::size_t size = pattern.size(); size <= 200; ++size) {
      for (std::size_t pos = 0; pos + pattern.size() <= size; ++pos) {
        std::string s(size, 'b');
        std::memcpy(s.data() + pos, pattern.data(), pattern.size());
        CheckAll(s, 0);
        // Truncated pattern at the very end must not match.
        std::string cut = s.substr(0, pos + pattern.size() - 1);
        CheckAll(cut, 0);
        if (HasFatalFailure()) return;
      }
    }
  }
}

TEST_P(KernelsTest, BeginStringNeedsSohOrStart) {
  const std::string with_text = "58=FIX.4.2\x01" "8=FIX.4.4\x01";
  const ExactBuffer buf(with_text, 0);
  EXPECT_EQ(kernels().find_begin_string(buf.data(), buf.size()), 11u);  // hand-counted
  const std::string only_text = "xx58=FIX.4.2\x01" "9=5\x01";
  const ExactBuffer buf2(only_text, 0);
  EXPECT_EQ(kernels().find_begin_string(buf2.data(), buf2.size()), only_text.size());
  const std::string at_start = "8=FIX.4.2\x01";
  const ExactBuffer buf3(at_start, 0);
  EXPECT_EQ(kernels().find_begin_string(buf3.data(), buf3.size()), 0u);
}

TEST_P(KernelsTest, TrailerHandCounted) {
  const std::string msg = "8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=161\x01";
  const ExactBuffer buf(msg, 0);
  EXPECT_EQ(kernels().find_trailer(buf.data(), buf.size()), 18u);
  // "110=" is not a trailer: the SOH must come right before "10=".
  const std::string fake = "8=FIX\x01" "110=3\x01";
  const ExactBuffer buf2(fake, 0);
  EXPECT_EQ(kernels().find_trailer(buf2.data(), buf2.size()), fake.size());
}

TEST_P(KernelsTest, AllSohAndNoSoh) {
  for (std::size_t size : {0u, 1u, 63u, 64u, 65u, 300u, 4096u}) {
    CheckAll(std::string(size, '\x01'), 0);
    CheckAll(std::string(size, '='), 7);
    CheckAll(std::string(size, 'z'), 0);
    CheckAll(std::string(size, '\xff'), 3);
    if (HasFatalFailure()) return;
  }
}

TEST_P(KernelsTest, LargeInputs) {
  std::mt19937_64 rng(99);
  constexpr std::size_t kBig = 165 * 1024;
  for (std::size_t size : {kBig - 1, kBig, kBig + 1}) {
    CheckAll(RandomFixLikeBytes(rng, size), 0);
    CheckAll(RandomFixLikeBytes(rng, size), 17);
    // Nothing to find until the very end.
    std::string s(size, 'q');
    std::memcpy(s.data() + size - 11, "\x01" "8=FIX" "\x01" "10=", 10);
    CheckAll(s, 0);
    if (HasFatalFailure()) return;
  }
  // A checksum large enough that byte sums must not be kept in narrow lanes.
  CheckAll(std::string(kBig, '\xff'), 1);
}

TEST_P(KernelsTest, PublicFunctionsDispatchToTheActiveIsa) {
  ASSERT_TRUE(simd::SetActiveIsa(GetParam()));
  EXPECT_EQ(simd::ActiveIsa(), GetParam());
  const std::string msg = "8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=161\x01";
  // CheckSum of the 19 bytes before "10=" (computed independently: 161).
  EXPECT_EQ(simd::Checksum(msg.data(), 19), 161u);
  EXPECT_EQ(simd::FindTrailer(msg.data(), msg.size()), 18u);
  EXPECT_EQ(simd::FindSoh(msg.data(), msg.size()), 9u);
  EXPECT_EQ(simd::FindByte(msg.data(), msg.size(), '='), 1u);
  EXPECT_EQ(simd::FindBeginString(msg.data(), msg.size()), 0u);
  std::uint64_t soh[1];
  std::uint64_t eq[1];
  simd::ScanStructural(msg.data(), msg.size(), soh, eq);
  EXPECT_EQ(soh[0], (1ull << 9) | (1ull << 13) | (1ull << 18) | (1ull << 25));
  EXPECT_EQ(eq[0], (1ull << 1) | (1ull << 11) | (1ull << 16) | (1ull << 21));
  std::uint64_t fused[1];
  // The full sum of all 26 bytes (929 for the 19 before "10=", 311 for "10=161\x01"; by hand).
  EXPECT_EQ(simd::ScanSohAndSum(msg.data(), msg.size(), fused), 929u + 311u);
  EXPECT_EQ(fused[0], soh[0]);
  ASSERT_TRUE(simd::SetActiveIsa(simd::BestSupportedIsa()));
}

// GuardedPages: three pages, the first and last PROT_NONE. Data placed to end
// exactly at the second guard (or to start right after the first) makes any
// read outside the span fault, whatever the instruction (including AVX-512
// masked loads, which ASan does not see).
class GuardedPages {
 public:
  GuardedPages() : page_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))) {
    void* p = mmap(nullptr, 3 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    base_ = p == MAP_FAILED ? nullptr : static_cast<char*>(p);
    if (base_ != nullptr) {
      mprotect(base_, page_, PROT_NONE);
      mprotect(base_ + 2 * page_, page_, PROT_NONE);
    }
  }
  ~GuardedPages() {
    if (base_ != nullptr) munmap(base_, 3 * page_);
  }
  bool ok() const { return base_ != nullptr; }
  std::size_t page() const { return page_; }
  char* first() const { return base_ + page_; }    // first readable byte
  char* end() const { return base_ + 2 * page_; }  // one past the last readable byte

 private:
  std::size_t page_;
  char* base_ = nullptr;
};

TEST_P(KernelsTest, NoReadOutsideTheSpanAtPageGuards) {
  GuardedPages pages;
  ASSERT_TRUE(pages.ok());
  std::mt19937_64 rng(77);
  for (std::size_t size = 0; size <= 300 && size <= pages.page(); ++size) {
    const std::string bytes = RandomFixLikeBytes(rng, size);
    for (char* p : {pages.end() - size, pages.first()}) {
      if (size > 0) std::memcpy(p, bytes.data(), size);
      std::uint64_t soh[8];
      std::uint64_t eq[8];
      EXPECT_EQ(kernels().byte_sum(p, size), OracleByteSum(bytes));
      kernels().scan_structural(p, size, soh, eq);
      std::uint64_t fused[8];
      EXPECT_EQ(kernels().scan_soh_sum(p, size, fused), OracleByteSum(bytes));
      EXPECT_EQ(kernels().find_byte(p, size, '\x01'), OracleFindByte(bytes, '\x01'));
      EXPECT_EQ(kernels().find_byte(p, size, '\0'), OracleFindByte(bytes, '\0'));
      EXPECT_EQ(kernels().find_trailer(p, size), OracleFindTrailer(bytes));
      EXPECT_EQ(kernels().find_begin_string(p, size), OracleFindBeginString(bytes));
    }
  }
}

std::string IsaTestName(const ::testing::TestParamInfo<Isa>& info) {
  return std::string(simd::IsaName(info.param));
}

INSTANTIATE_TEST_SUITE_P(AllIsas, KernelsTest, ::testing::ValuesIn(simd::kAllIsas), IsaTestName);

}  // namespace
}  // namespace fixwire::simd_test
