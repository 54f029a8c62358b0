// fuzz_support.h: helpers shared by fixwire's libFuzzer targets.
//
// FIXWIRE_FUZZ_CHECK(cond) prints the failed condition (file, line) to stderr
// and aborts; print the context first with PrintBytes. libFuzzer (and the
// corpus replay test) report the abort as a finding and keep the input. Use
// it for every property a target checks; never `assert`, which -DNDEBUG
// would remove.
//
// FuzzInput splits the fuzzer's bytes into choices (integers, booleans,
// lengths) and byte strings, deterministically, never reading past the end:
// once the bytes are used up every choice returns its minimum. Not thread-safe;
// one per call of LLVMFuzzerTestOneInput. Points into the fuzzer's buffer.
#ifndef FIXWIRE_TESTS_FUZZ_FUZZ_SUPPORT_H_
#define FIXWIRE_TESTS_FUZZ_FUZZ_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace fixwire::fuzz {

[[noreturn]] inline void FailCheck(const char* file, int line, const char* condition) {
  std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", file, line, condition);
  std::abort();
}

// PrintBytes writes `label` and the bytes, escaped (\x01 for SOH), to stderr.
inline void PrintBytes(const char* label, std::string_view bytes) {
  std::fprintf(stderr, "%s (%zu bytes): \"", label, bytes.size());
  for (char c : bytes) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\') {
      std::fputc(c, stderr);
    } else {
      std::fprintf(stderr, "\\x%02x", u);
    }
  }
  std::fprintf(stderr, "\"\n");
}

class FuzzInput {
 public:
  FuzzInput(const std::uint8_t* data, std::size_t size)
      : data_(reinterpret_cast<const char*>(data)), size_(size) {}

  std::size_t remaining() const { return size_ - pos_; }
  bool empty() const { return pos_ == size_; }

  // Byte returns the next byte, or 0 when none is left.
  std::uint8_t Byte() { return pos_ < size_ ? static_cast<std::uint8_t>(data_[pos_++]) : 0; }

  bool Bool() { return (Byte() & 1) != 0; }

  // Uint64 consumes up to 8 bytes (little-endian); fewer at the end.
  std::uint64_t Uint64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8 && pos_ < size_; ++i) {
      v |= static_cast<std::uint64_t>(Byte()) << (8 * i);
    }
    return v;
  }

  // Range returns a value in [lo, hi] from 1, 2, 4 or 8 bytes depending on the span.
  std::uint64_t Range(std::uint64_t lo, std::uint64_t hi) {
    if (hi <= lo) return lo;
    const std::uint64_t span = hi - lo;
    std::uint64_t v = 0;
    int bytes = span <= 0xff ? 1 : span <= 0xffff ? 2 : span <= 0xffffffffu ? 4 : 8;
    for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(Byte()) << (8 * i);
    if (span == UINT64_MAX) return v;
    return lo + v % (span + 1);
  }

  // Bytes returns the next n bytes (fewer at the end), as a view into the input.
  std::string_view Bytes(std::size_t n) {
    if (n > remaining()) n = remaining();
    std::string_view out(data_ + pos_, n);
    pos_ += n;
    return out;
  }

  // LengthPrefixed reads a length (one byte, up to max_len) and that many bytes.
  std::string_view LengthPrefixed(std::size_t max_len) { return Bytes(Range(0, max_len)); }

  // Rest returns every byte not consumed yet.
  std::string_view Rest() { return Bytes(remaining()); }

 private:
  const char* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace fixwire::fuzz

#define FIXWIRE_FUZZ_CHECK(cond)                                              \
  do {                                                                        \
    if (!(cond)) ::fixwire::fuzz::FailCheck(__FILE__, __LINE__, #cond);       \
  } while (0)

#endif  // FIXWIRE_TESTS_FUZZ_FUZZ_SUPPORT_H_
