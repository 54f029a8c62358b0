// QuickValueOkWords (codec/internal/dictionary_value_format.h) against
// QuickValueOk, which it must answer exactly as, with and without 8
// readable bytes: for a field of every value class of the shipped FIX 4.4
// dictionary, on every value of up to two bytes, every single-byte change
// (every byte value at every position) of integers, decimals and
// timestamps of lengths 1..24, and random values of lengths 0..24 over
// digits, '.', '-', ':' and random bytes. Bytes after the value are random
// (they must not matter).
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "fixwire/dictionary/internal/dictionary_value_format.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"

namespace fixwire {
namespace {

using dictionary_internal::QuickValueOk;
using dictionary_internal::QuickValueOkWords;

class QuickValueTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dict_ = &dicts_.Get("codec/dictionaries/FIX44.xml");
    // One field of each value class (the first by tag).
    bool seen[16] = {};
    for (const TagInfo& info : dict_->tag_table()) {
      if (!info.defined()) continue;
      const auto c = static_cast<unsigned>(info.value_class);
      if (c < 16 && !seen[c]) {
        seen[c] = true;
        infos_.push_back(info);
      }
    }
    ASSERT_GE(infos_.size(), 9u);  // every class but, perhaps, one
  }

  // Check compares the two on `value`, placed in a buffer with 8 readable
  // bytes after its start (words) and at the buffer's end (no words).
  void Check(const std::string& value) {
    for (const TagInfo& info : infos_) {
      const std::size_t n = value.size();
      std::vector<char> buffer(value.begin(), value.end());
      for (int i = 0; i < 16; ++i) buffer.push_back(static_cast<char>(rng_()));
      const bool want = QuickValueOk(*dict_, info, buffer.data(), n);
      ASSERT_EQ(QuickValueOkWords(*dict_, info, buffer.data(), n, true), want)
          << "class " << static_cast<int>(info.value_class) << " value '" << value << "'";
      std::vector<char> tight(value.begin(), value.end());
      const char* p = tight.empty() ? buffer.data() : tight.data();
      ASSERT_EQ(QuickValueOkWords(*dict_, info, p, n, n >= 8), want)
          << "class " << static_cast<int>(info.value_class) << " value '" << value << "'";
      ++checked_;
    }
  }

  testing::DictionaryCache dicts_;
  const Dictionary* dict_ = nullptr;
  std::vector<TagInfo> infos_;
  std::mt19937 rng_{20261203};
  long checked_ = 0;
};

TEST_F(QuickValueTest, EveryShortValue) {
  Check("");
  for (int a = 0; a < 256; ++a) {
    Check(std::string(1, static_cast<char>(a)));
    if (HasFatalFailure()) return;
    for (int b = 0; b < 256; ++b) {
      Check(std::string{static_cast<char>(a), static_cast<char>(b)});
      if (HasFatalFailure()) return;
    }
  }
}

TEST_F(QuickValueTest, EveryByteAtEveryPosition) {
  const std::string bases[] = {"1",
                               "12",
                               "-1",
                               "1.5",
                               "-1.5",
                               "1234567",
                               "12345678",
                               "123456789",
                               "1234.567",
                               "-123.456",
                               "123456789012345678",
                               "1234567890123456789",
                               ".25",
                               "25.",
                               "20240102-03:04:05",
                               "20240102-03:04:05.678",
                               "20240102-23:59:60.123456",
                               "03:04:05",
                               "03:04:05.678"};
  for (const std::string& base : bases) {
    for (std::size_t at = 0; at < base.size(); ++at) {
      for (int c = 0; c < 256; ++c) {
        std::string v = base;
        v[at] = static_cast<char>(c);
        Check(v);
        if (HasFatalFailure()) return;
      }
    }
  }
}

TEST_F(QuickValueTest, RandomValues) {
  const char alphabet[] = "0123456789.-:";
  for (int iter = 0; iter < 200000; ++iter) {
    const std::size_t n = rng_() % 25;
    std::string v(n, '0');
    const int mode = static_cast<int>(rng_() % 3);
    for (char& c : v) {
      if (mode == 0) {
        c = static_cast<char>('0' + rng_() % 10);
      } else if (mode == 1) {
        c = alphabet[rng_() % (sizeof alphabet - 1)];
      } else {
        c = static_cast<char>(rng_());
      }
    }
    if (mode == 0 && n > 1 && rng_() % 3 == 0) v[rng_() % n] = rng_() % 2 ? '.' : '-';
    Check(v);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(checked_, 200000);
}

}  // namespace
}  // namespace fixwire
