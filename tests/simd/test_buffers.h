// test_buffers.h: exact-size heap buffers and random FIX-like bytes for the
// simd tests.
//
// ExactBuffer places `size` bytes at offset `align` of a 64-byte-aligned heap
// block of exactly align + size bytes, so the data ends at the end of the
// allocation: under ASan a kernel reading one byte past its span fails.
#ifndef FIXWIRE_TESTS_SIMD_TEST_BUFFERS_H_
#define FIXWIRE_TESTS_SIMD_TEST_BUFFERS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <random>
#include <string>
#include <string_view>

namespace fixwire::simd_test {

class ExactBuffer {
 public:
  ExactBuffer(std::string_view bytes, std::size_t align)
      : block_(static_cast<char*>(::operator new(align + bytes.size() == 0 ? 1 : align + bytes.size(),
                                                 std::align_val_t{64}))),
        data_(block_ + align),
        size_(bytes.size()) {
    if (!bytes.empty()) std::memcpy(data_, bytes.data(), bytes.size());
  }
  ~ExactBuffer() { ::operator delete(block_, std::align_val_t{64}); }
  ExactBuffer(const ExactBuffer&) = delete;
  ExactBuffer& operator=(const ExactBuffer&) = delete;

  const char* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  char* block_;
  char* data_;
  std::size_t size_;
};

// RandomFixLikeBytes returns `size` bytes rich in the bytes the kernels look
// for (SOH, '=', '1', '0', '8', 'F', 'I', 'X'), with "\x01" "10=" and
// "\x01" "8=FIX" planted now and then, and arbitrary bytes (0x00..0xFF) mixed in.
inline std::string RandomFixLikeBytes(std::mt19937_64& rng, std::size_t size) {
  static constexpr char kAlphabet[] = {'\x01', '=', '1', '0', '8', 'F', 'I', 'X'};
  std::string out(size, '\0');
  for (std::size_t i = 0; i < size; ++i) {
    const std::uint64_t r = rng();
    if (r % 4 == 0) {
      out[i] = static_cast<char>(r >> 8);
    } else {
      out[i] = kAlphabet[(r >> 8) % sizeof(kAlphabet)];
    }
  }
  const std::size_t plants = size / 40;
  for (std::size_t k = 0; k < plants; ++k) {
    const std::uint64_t r = rng();
    std::string_view what = (r & 1) ? std::string_view("\x01" "10=") : std::string_view("\x01" "8=FIX");
    const std::size_t pos = (r >> 1) % size;
    for (std::size_t j = 0; j < what.size() && pos + j < size; ++j) out[pos + j] = what[j];
  }
  return out;
}

}  // namespace fixwire::simd_test

#endif  // FIXWIRE_TESTS_SIMD_TEST_BUFFERS_H_
