// decoder_walk_test_util.h: random message bodies for the tests that hold
// the decoder's vector field walks (AVX2, AVX-512) against its scalar walk.
//
// BodyMaker writes bodies as raw text (so malformed tags can be had): mostly
// ordinary fields (tags of 1..4 digits, values of 1..300 bytes holding '='
// and digits), with a chosen share of unusual ones (5+ digit tags, leading
// zeros, no digits, letters, 8/9/10, Length tags with and without their
// data fields, data holding SOH and '=', empty values). Frame wraps a body
// in BeginString, BodyLength and a CheckSum (right or off by one).
#ifndef FIXWIRE_TESTS_CODEC_DECODER_WALK_TEST_UTIL_H_
#define FIXWIRE_TESTS_CODEC_DECODER_WALK_TEST_UTIL_H_

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "tests/codec/fix_test_util.h"

namespace fixwire::testing {

// Body text: fields written as raw text, so that malformed tags can be had.
class BodyMaker {
 public:
  explicit BodyMaker(std::uint64_t seed) : maker_(seed) {}
  RandomMessageMaker& maker() { return maker_; }

  std::uint32_t U(std::uint32_t lo, std::uint32_t hi) { return maker_.Uniform(lo, hi); }

  // Mostly ordinary tags of 1..4 digits, sometimes anything else.
  std::string Tag() {
    switch (U(0, 40)) {
      case 0:
        return std::to_string(U(10000, 99999));  // 5 digits
      case 1:
        return std::to_string(U(100000, 999999999));
      case 2:
        return "0" + std::to_string(U(0, 999));  // leading zero
      case 3:
        return "";  // no digits
      case 4:
        return std::to_string(U(1, 99)) + "a";
      case 5:
        return std::to_string(U(8, 10));  // out of place
      case 6:
        return "1184";  // a four-digit Length tag without its data field
      default:
        break;
    }
    std::uint32_t tag;
    switch (U(0, 3)) {
      case 0:
        tag = U(1, 9);
        break;
      case 1:
        tag = U(10, 99);
        break;
      case 2:
        tag = U(100, 999);
        break;
      default:
        tag = U(1000, 9999);
        break;
    }
    if (tag == 8 || tag == 9 || tag == 10 || ReferenceLengthPairs().count(tag) != 0) {
      tag = 11;
    }
    return std::to_string(tag);
  }

  std::string Value() {
    const std::uint32_t kind = U(0, 30);
    std::size_t n;
    if (kind == 0) {
      n = 0;
    } else if (kind < 4) {
      n = U(60, 300);
    } else {
      n = U(1, 12);
    }
    std::string v(n, 'x');
    for (char& c : v) {
      switch (U(0, 5)) {
        case 0:
          c = '=';
          break;
        case 1:
        case 2:
          c = static_cast<char>('0' + U(0, 9));
          break;
        default:
          c = static_cast<char>(U(0x20, 0x7e));
      }
    }
    return v;
  }

  // A body: 35 first, then fields; `odd` the share (of 100) of unusual fields.
  std::string Body(std::size_t fields, std::uint32_t odd) {
    std::string b = "35=D\x01";
    for (std::size_t k = 0; k < fields; ++k) {
      if (U(0, 99) < odd) {
        if (U(0, 1) == 0) {
          // A data field pair, its data holding SOH and '='.
          static const std::uint32_t kPairs[][2] = {{95, 96}, {212, 213}, {1184, 1185}, {90, 91}};
          const auto& pair = kPairs[U(0, 3)];
          const std::string data = maker_.RandomData(U(0, 5) == 0 ? 150 : 20);
          b += std::to_string(pair[0]) + "=" + std::to_string(data.size()) + "\x01" +
               std::to_string(pair[1]) + "=" + data + "\x01";
        } else {
          b += Tag() + "=" + Value() + "\x01";
        }
        continue;
      }
      std::string tag = Tag();
      while (tag.empty() || tag.size() > 4 || tag[0] == '0' || tag.back() == 'a' ||
             tag == "8" || tag == "9" || tag == "10" || tag == "1184") {
        tag = Tag();
      }
      std::string value = Value();
      if (value.empty()) value = "v";
      b += tag + "=" + value + "\x01";
    }
    return b;
  }

 private:
  RandomMessageMaker maker_;
};

inline std::string Frame(std::string_view begin, std::string_view body, bool good_checksum = true) {
  const std::string head =
      "8=" + std::string(begin) + "\x01" "9=" + std::to_string(body.size()) + "\x01";
  const std::string before = head + std::string(body);
  const unsigned sum = (RefChecksum(before) + (good_checksum ? 0 : 1)) % 256;
  char cs[8];
  std::snprintf(cs, sizeof cs, "%03u", sum);
  return before + "10=" + cs + "\x01";
}

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_CODEC_DECODER_WALK_TEST_UTIL_H_
