// simd_kernels_fuzzer.cc: every SIMD kernel against the scalar reference, on every ISA this CPU has.
//
// The input's first bytes choose a sub-span (start, end) and a search byte; the
// rest is the data. Each span is copied into its own heap block that ends
// exactly where the span ends, at a fuzzer-chosen distance from a 64-byte
// boundary, so ASan catches any read past the end and every tail length and
// alignment gets exercised. For each kernel table the CPU supports (and for
// the public, dispatching functions under each SetActiveIsa), every result must
// equal the scalar table's; any difference aborts. The SWAR digit functions of
// simd/digits.h are checked against a byte-at-a-time reference written here.
// The fused SOH-mask + byte-sum scan must agree with the table's separate scans.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

#include "fixwire/simd/checksum.h"
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/digits.h"
#include "fixwire/simd/find.h"
#include "fixwire/simd/internal/kernel_table.h"
#include "fixwire/simd/internal/simd_internal.h"
#include "fixwire/simd/structural_scan.h"
#include "tests/fuzz/fuzz_support.h"

namespace fixwire::fuzz {
namespace {

using simd::Isa;
using simd_internal::KernelTable;

// A copy of `bytes` in a block of exactly pad + size bytes, the data at +pad.
class ExactCopy {
 public:
  ExactCopy(std::string_view bytes, std::size_t pad)
      : block_(new char[pad + bytes.size()]), data_(block_.get() + pad), size_(bytes.size()) {
    std::memset(block_.get(), 0x01, pad);  // SOHs before the span: must never be seen
    if (!bytes.empty()) std::memcpy(data_, bytes.data(), bytes.size());
  }
  const char* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  std::unique_ptr<char[]> block_;
  char* data_;
  std::size_t size_;
};

struct Results {
  std::uint64_t byte_sum;
  std::unique_ptr<std::uint64_t[]> soh;
  std::unique_ptr<std::uint64_t[]> eq;
  std::size_t find_byte;
  std::size_t find_soh;
  std::size_t find_eq;
  std::size_t find_trailer;
  std::size_t find_begin_string;
};

Results RunTable(const KernelTable& t, const ExactCopy& span, char needle) {
  const std::size_t blocks = simd::BlockCount(span.size());
  Results r;
  r.byte_sum = t.byte_sum(span.data(), span.size());
  // Exactly BlockCount entries: ASan catches a kernel writing one mask too many.
  r.soh.reset(new std::uint64_t[blocks]);
  r.eq.reset(new std::uint64_t[blocks]);
  t.scan_structural(span.data(), span.size(), r.soh.get(), r.eq.get());
  // The fused scan must give this table's own SOH masks and byte sum (which
  // ExpectSame then compares with the scalar table's).
  {
    std::unique_ptr<std::uint64_t[]> fused(new std::uint64_t[blocks]);
    FIXWIRE_FUZZ_CHECK(t.scan_soh_sum(span.data(), span.size(), fused.get()) == r.byte_sum);
    for (std::size_t b = 0; b < blocks; ++b) FIXWIRE_FUZZ_CHECK(fused[b] == r.soh[b]);
  }
  r.find_byte = t.find_byte(span.data(), span.size(), needle);
  r.find_soh = t.find_byte(span.data(), span.size(), '\x01');
  r.find_eq = t.find_byte(span.data(), span.size(), '=');
  r.find_trailer = t.find_trailer(span.data(), span.size());
  r.find_begin_string = t.find_begin_string(span.data(), span.size());
  return r;
}

Results RunPublic(const ExactCopy& span, char needle) {
  const std::size_t blocks = simd::BlockCount(span.size());
  Results r;
  r.byte_sum = simd::ByteSum(span.data(), span.size());
  FIXWIRE_FUZZ_CHECK(simd::Checksum(span.data(), span.size()) == (r.byte_sum & 0xff));
  r.soh.reset(new std::uint64_t[blocks]);
  r.eq.reset(new std::uint64_t[blocks]);
  simd::ScanStructural(span.data(), span.size(), r.soh.get(), r.eq.get());
  {
    std::unique_ptr<std::uint64_t[]> fused(new std::uint64_t[blocks]);
    FIXWIRE_FUZZ_CHECK(simd::ScanSohAndSum(span.data(), span.size(), fused.get()) == r.byte_sum);
    for (std::size_t b = 0; b < blocks; ++b) FIXWIRE_FUZZ_CHECK(fused[b] == r.soh[b]);
  }
  r.find_byte = simd::FindByte(span.data(), span.size(), needle);
  r.find_soh = simd::FindSoh(span.data(), span.size());
  r.find_eq = simd::FindByte(span.data(), span.size(), '=');
  r.find_trailer = simd::FindTrailer(span.data(), span.size());
  r.find_begin_string = simd::FindBeginString(span.data(), span.size());
  return r;
}

void ExpectSame(const char* name, const Results& want, const Results& got, const ExactCopy& span) {
  const std::size_t blocks = simd::BlockCount(span.size());
  bool same = want.byte_sum == got.byte_sum && want.find_byte == got.find_byte &&
              want.find_soh == got.find_soh && want.find_eq == got.find_eq &&
              want.find_trailer == got.find_trailer &&
              want.find_begin_string == got.find_begin_string;
  for (std::size_t b = 0; b < blocks; ++b) {
    same = same && want.soh[b] == got.soh[b] && want.eq[b] == got.eq[b];
  }
  if (!same) {
    std::fprintf(stderr, "kernel table %s differs from scalar\n", name);
    PrintBytes("span", std::string_view(span.data(), span.size()));
    std::fprintf(stderr,
                 "byte_sum %llu/%llu find_byte %zu/%zu find_soh %zu/%zu find_eq %zu/%zu "
                 "find_trailer %zu/%zu find_begin_string %zu/%zu\n",
                 static_cast<unsigned long long>(want.byte_sum),
                 static_cast<unsigned long long>(got.byte_sum), want.find_byte, got.find_byte,
                 want.find_soh, got.find_soh, want.find_eq, got.find_eq, want.find_trailer,
                 got.find_trailer, want.find_begin_string, got.find_begin_string);
    for (std::size_t b = 0; b < blocks; ++b) {
      std::fprintf(stderr, "block %zu soh %016llx/%016llx eq %016llx/%016llx\n", b,
                   static_cast<unsigned long long>(want.soh[b]),
                   static_cast<unsigned long long>(got.soh[b]),
                   static_cast<unsigned long long>(want.eq[b]),
                   static_cast<unsigned long long>(got.eq[b]));
    }
    FIXWIRE_FUZZ_CHECK(same);
  }
}

// The scalar table itself against definitions written from the header
// contracts, so a bug shared by every table cannot hide.
void CheckScalarAgainstContract(const Results& r, const ExactCopy& span, char needle) {
  const char* d = span.data();
  const std::size_t n = span.size();
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += static_cast<unsigned char>(d[i]);
  FIXWIRE_FUZZ_CHECK(r.byte_sum == sum);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t bit = std::uint64_t{1} << (i % 64);
    FIXWIRE_FUZZ_CHECK(((r.soh[i / 64] & bit) != 0) == (d[i] == '\x01'));
    FIXWIRE_FUZZ_CHECK(((r.eq[i / 64] & bit) != 0) == (d[i] == '='));
  }
  if (n % 64 != 0) {  // bits past the end of the last block are zero
    const std::uint64_t past = ~std::uint64_t{0} << (n % 64);
    FIXWIRE_FUZZ_CHECK((r.soh[n / 64] & past) == 0 && (r.eq[n / 64] & past) == 0);
  }
  const std::string_view s(d, n);
  const std::size_t byte_at = s.find(needle);
  FIXWIRE_FUZZ_CHECK(r.find_byte == (byte_at == std::string_view::npos ? n : byte_at));
  const std::size_t trailer = s.find(std::string_view("\x01" "10=", 4));
  FIXWIRE_FUZZ_CHECK(r.find_trailer == (trailer == std::string_view::npos ? n : trailer));
  std::size_t begin = n;
  for (std::size_t i = 0; i + 5 <= n; ++i) {
    if ((i == 0 || d[i - 1] == '\x01') && s.substr(i, 5) == "8=FIX") {
      begin = i;
      break;
    }
  }
  FIXWIRE_FUZZ_CHECK(r.find_begin_string == begin);
}

void CheckSpan(std::string_view bytes, std::size_t pad, char needle) {
  const ExactCopy span(bytes, pad);
  const Results want = RunTable(simd_internal::kScalarKernels, span, needle);
  CheckScalarAgainstContract(want, span, needle);
  for (Isa isa : simd::kAllIsas) {
    if (!simd::CpuSupports(isa)) continue;
    ExpectSame(simd_internal::KernelsFor(isa).name, want, RunTable(simd_internal::KernelsFor(isa), span, needle), span);
    FIXWIRE_FUZZ_CHECK(simd::SetActiveIsa(isa));
    FIXWIRE_FUZZ_CHECK(simd::ActiveIsa() == isa);
    ExpectSame("public functions", want, RunPublic(span, needle), span);
  }
}

// Reference for ParseUnsigned: one digit at a time, overflow checked.
bool ReferenceParseUnsigned(std::string_view s, std::uint64_t* out) {
  if (s.empty() || s.size() > simd::kMaxUint64Digits) return false;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - digit) / 10) return false;
    v = v * 10 + digit;
  }
  *out = v;
  return true;
}

void CheckDigits(std::string_view bytes) {
  // Parse: exact-size copies of every prefix up to 24 bytes.
  for (std::size_t len = 0; len <= bytes.size() && len <= 24; ++len) {
    const ExactCopy span(bytes.substr(0, len), 0);
    const std::string_view s(span.data(), len);
    std::uint64_t want = 0;
    std::uint64_t got = 0;
    const bool want_ok = ReferenceParseUnsigned(s, &want);
    const bool got_ok = simd::ParseUnsigned(span.data(), len, &got);
    if (want_ok != got_ok || (want_ok && want != got)) {
      PrintBytes("ParseUnsigned input", s);
      std::fprintf(stderr, "want ok=%d %llu got ok=%d %llu\n", want_ok,
                   static_cast<unsigned long long>(want), got_ok,
                   static_cast<unsigned long long>(got));
      FIXWIRE_FUZZ_CHECK(false);
    }
    std::uint64_t team_ref = 0;
    const bool team_ref_ok = simd_internal::ParseUnsignedReference(span.data(), len, &team_ref);
    FIXWIRE_FUZZ_CHECK(team_ref_ok == want_ok && (!want_ok || team_ref == want));
    bool all = true;
    for (char c : s) all = all && c >= '0' && c <= '9';
    FIXWIRE_FUZZ_CHECK(simd::AllDigits(span.data(), len) == all);
    FIXWIRE_FUZZ_CHECK(simd_internal::AllDigitsReference(span.data(), len) == all);
  }
  // Format: the value from the first 8 bytes, shifted to vary its digit count.
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < bytes.size() && i < 8; ++i) {
    v |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[i])) << (8 * i);
  }
  const unsigned shift = bytes.size() > 8 ? static_cast<unsigned char>(bytes[8]) % 64 : 0;
  v >>= shift;
  char ref[simd::kMaxUint64Digits];
  std::size_t ref_len = 0;
  std::uint64_t t = v;
  do {
    ref[simd::kMaxUint64Digits - 1 - ref_len++] = static_cast<char>('0' + t % 10);
    t /= 10;
  } while (t != 0);
  const std::string_view want(ref + simd::kMaxUint64Digits - ref_len, ref_len);
  FIXWIRE_FUZZ_CHECK(simd::DigitCount(v) == ref_len);
  std::unique_ptr<char[]> out(new char[ref_len]);  // exactly the room the contract promises
  FIXWIRE_FUZZ_CHECK(simd::FormatUnsigned(v, out.get()) == ref_len);
  FIXWIRE_FUZZ_CHECK(std::string_view(out.get(), ref_len) == want);
  for (std::size_t width = 1; width <= simd::kMaxUint64Digits; ++width) {
    std::unique_ptr<char[]> fixed(new char[width]);
    simd::FormatFixedWidth(v, width, fixed.get());
    for (std::size_t i = 0; i < width; ++i) {
      // Digit i from the right of v, zero when v has fewer digits.
      const char expect = i < ref_len ? want[ref_len - 1 - i] : '0';
      FIXWIRE_FUZZ_CHECK(fixed[width - 1 - i] == expect);
    }
  }
}

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fixwire::fuzz::FuzzInput in(data, size);
  const std::size_t pad = in.Byte() % 64;
  const char needle = static_cast<char>(in.Byte());
  const std::size_t cut = in.Byte();
  const std::string_view bytes = in.Rest();
  fixwire::fuzz::CheckSpan(bytes, pad, needle);
  // A sub-span that ends early (the bytes after it must not change the result)
  // and one that starts late (a different alignment and tail).
  if (!bytes.empty()) {
    fixwire::fuzz::CheckSpan(bytes.substr(0, bytes.size() - cut % (bytes.size() + 1)), pad, needle);
    fixwire::fuzz::CheckSpan(bytes.substr(cut % (bytes.size() + 1)), (pad + 1) % 64, needle);
  }
  fixwire::fuzz::CheckDigits(bytes);
  return 0;
}
