// decoder_walk_avx512_test.cc: the decoder's AVX-512 field walk
// (codec/internal/field_walk_avx512.cc) against its scalar walk, on random
// bodies built to hit every case the vector walk must get exactly right:
// tags of 1..5 digits and more, leading zeros, no digits, letters, values of
// 0..300 bytes holding '=' and digits, data fields holding SOH and '=', 8/9/10
// and Length tags (four-digit ones too) in the body, every shift of the body
// against the 64-byte blocks, every index capacity from 3 up, and truncated
// or mutated bytes. Both walks run directly (DecoderPaths::Walk: the same
// fields, the same stop, the same sum), and Decode runs with AVX-512 active
// and with AVX2 (then the scalar walk): the same Error or the same fields
// and lookups. Skipped, with a message, on CPUs without AVX-512 VBMI2.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "codec/decoder.h"
#include "codec/internal/decoder_paths.h"
#include "codec/message_view.h"
#include "simd/cpu_features.h"
#include "tests/codec/fix_test_util.h"

namespace fixwire {
namespace {

using codec_internal::DecoderPaths;
using testing::ExactCopy;

// Body text: fields written as raw text, so that malformed tags can be had.
class BodyMaker {
 public:
  explicit BodyMaker(std::uint64_t seed) : maker_(seed) {}
  testing::RandomMessageMaker& maker() { return maker_; }

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
    if (tag == 8 || tag == 9 || tag == 10 || testing::ReferenceLengthPairs().count(tag) != 0) {
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
  testing::RandomMessageMaker maker_;
};

std::string Frame(std::string_view begin, std::string_view body, bool good_checksum = true) {
  const std::string head =
      "8=" + std::string(begin) + "\x01" "9=" + std::to_string(body.size()) + "\x01";
  const std::string before = head + std::string(body);
  const unsigned sum = (testing::RefChecksum(before) + (good_checksum ? 0 : 1)) % 256;
  char cs[8];
  std::snprintf(cs, sizeof cs, "%03u", sum);
  return before + "10=" + cs + "\x01";
}

// ExpectSameWalk runs both walks over `bytes` into exactly `capacity` Fields
// (heap arrays of that size: AddressSanitizer flags a write past them).
void ExpectSameWalk(const Decoder& d, std::string_view bytes, std::uint32_t capacity,
                    std::uint64_t* completed = nullptr) {
  std::unique_ptr<Field[]> scalar_out(new Field[capacity]);
  std::unique_ptr<Field[]> vector_out(new Field[capacity]);
  const DecoderPaths::WalkOutcome s = DecoderPaths::Walk(d, bytes, false, scalar_out.get(), capacity);
  const DecoderPaths::WalkOutcome v = DecoderPaths::Walk(d, bytes, true, vector_out.get(), capacity);
  ASSERT_EQ(v.framed, s.framed);
  if (!s.framed) return;
  ASSERT_EQ(v.fields, s.fields) << "capacity " << capacity;
  ASSERT_EQ(v.sum, s.sum) << "capacity " << capacity;
  for (std::uint32_t i = 0; i < s.fields; ++i) {
    ASSERT_EQ(vector_out[i].tag, scalar_out[i].tag) << i;
    ASSERT_EQ(vector_out[i].offset, scalar_out[i].offset) << i;
    ASSERT_EQ(vector_out[i].length, scalar_out[i].length) << i;
  }
  if (completed != nullptr && s.sum != DecoderPaths::WalkOutcome::kStopped) ++*completed;


}

// DecodeWith decodes with `isa` active.
struct Decoded {
  Error error;
  std::vector<Field> fields;
  std::vector<std::int64_t> lookups;  // index of Find(tag) for probe tags, -1 when absent
  std::uint32_t size = 0;
  std::uint32_t body_length = 0;
  std::uint8_t checksum = 0;
};

Decoded DecodeWith(simd::Isa isa, const Decoder& d, std::string_view bytes, FieldIndex& index) {
  EXPECT_TRUE(simd::SetActiveIsa(isa));
  Decoded r;
  MessageView view;
  r.error = d.Decode(bytes, index, view);
  if (!r.error.ok()) return r;
  std::set<std::uint32_t> probes = {1, 11, 35, 58, 96, 1185, 9999, 10000, 123456};
  for (std::uint32_t i = 0; i < view.field_count(); ++i) {
    r.fields.push_back(view.field(i));
    probes.insert(view.field(i).tag);
  }
  for (std::uint32_t t : probes) {
    const Field* f = view.Find(t);
    r.lookups.push_back(f == nullptr ? -1 : f - view.fields().data());
  }
  r.size = static_cast<std::uint32_t>(view.size());
  r.body_length = view.body_length();
  r.checksum = view.checksum();
  return r;
}

void ExpectSameDecode(const Decoder& d, std::string_view bytes, std::uint32_t capacity) {
  FieldIndex a(capacity);
  FieldIndex b(capacity);
  const Decoded v = DecodeWith(simd::Isa::kAvx512, d, bytes, a);
  const Decoded s = DecodeWith(simd::Isa::kAvx2, d, bytes, b);
  ASSERT_EQ(v.error.code, s.error.code) << ErrorCodeName(v.error.code) << " vs "
                                        << ErrorCodeName(s.error.code);
  ASSERT_EQ(v.error.offset, s.error.offset);
  ASSERT_EQ(v.error.tag, s.error.tag);
  ASSERT_EQ(v.fields.size(), s.fields.size());
  for (std::size_t i = 0; i < v.fields.size(); ++i) {
    ASSERT_EQ(v.fields[i].tag, s.fields[i].tag) << i;
    ASSERT_EQ(v.fields[i].offset, s.fields[i].offset) << i;
    ASSERT_EQ(v.fields[i].length, s.fields[i].length) << i;
  }
  ASSERT_EQ(v.lookups, s.lookups);
  ASSERT_EQ(v.size, s.size);
  ASSERT_EQ(v.body_length, s.body_length);
  ASSERT_EQ(v.checksum, s.checksum);
}

class DecoderWalkAvx512Test : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!simd::CpuSupportsAvx512Vbmi2() || !simd::CpuSupports(simd::Isa::kAvx512) ||
        !simd::CpuSupports(simd::Isa::kAvx2)) {
      GTEST_SKIP() << "CPU lacks AVX-512 VBMI2: the AVX-512 walk never runs here";
    }
    previous_ = simd::ActiveIsa();
  }
  void TearDown() override { (void)simd::SetActiveIsa(previous_); }

 private:
  simd::Isa previous_ = simd::Isa::kScalar;
};

// Ordinary bodies of every size, shifted against the blocks by the
// BeginString's length: both walks take them whole (most runs), same fields.
TEST_F(DecoderWalkAvx512Test, OrdinaryBodiesWalkTheSame) {
  BodyMaker maker(11);
  const Decoder d;
  std::uint64_t completed = 0;
  int runs = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string body = maker.Body(maker.U(0, i % 50 == 0 ? 400 : 40), 0);
    // The frame checks take a BeginString of up to 16 bytes.
    const std::string begin = "FIX." + std::string(maker.U(1, 12), '4');
    const std::string m = Frame(begin, body);
    const ExactCopy copy(m);
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 4096, &completed)) << i;
    if (m.size() >= 32) ++runs;  // shorter ones the frame checks leave to the general path
  }
  // Ordinary bodies walk to the end (so the vector path took them whole).
  EXPECT_EQ(completed, static_cast<std::uint64_t>(runs));
}

// Bodies with unusual fields anywhere, at every index capacity from 3 to
// past the field count: the same fields, the same stop.
TEST_F(DecoderWalkAvx512Test, UnusualFieldsAndCapacitiesWalkTheSame) {
  BodyMaker maker(12);
  const Decoder d;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  const Decoder lenient(lenient_options);
  for (int i = 0; i < 400; ++i) {
    const std::string body = maker.Body(maker.U(0, i % 10 == 0 ? 150 : 30), maker.U(0, 10));
    const std::string m = Frame("FIX.4.2", body);
    const ExactCopy copy(m);
    for (std::uint32_t capacity = 3; capacity <= 60; ++capacity) {
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), capacity)) << i << " " << m;
    }
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 1000)) << i;
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(lenient, copy.view(), 1000)) << i;
  }
}

// Every field length and shift around the block boundaries: a run of short
// fields, one long field, then more, with the body moved byte by byte.
TEST_F(DecoderWalkAvx512Test, FieldsStraddlingEveryBoundary) {
  const Decoder d;
  for (std::size_t shift = 0; shift < 64; ++shift) {
    for (std::size_t len = 1; len <= 70; ++len) {
      std::string body = "35=" + std::string(1 + shift, 'D') + "\x01";
      body += "1=x\x01" "22=1\x01" "333=22\x01" "4444=333\x01";
      body += "58=" + std::string(len, '=') + "\x01";
      for (int k = 0; k < 12; ++k) body += std::to_string(1 + k * 811 % 9999) + "=" + std::string(1 + k % 5, '7') + "\x01";
      const std::string m = Frame("FIX.4.4", body);
      const ExactCopy copy(m);
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 4096)) << shift << " " << len;
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 9)) << shift << " " << len;
    }
  }
}

// Decode with AVX-512 active equals Decode with AVX2 (the scalar walk), for
// random messages mutated at random bytes, truncated and with wrong CheckSums,
// at several capacities.
TEST_F(DecoderWalkAvx512Test, DecodeMatchesTheScalarWalk) {
  BodyMaker maker(13);
  const Decoder d;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  lenient_options.validate_checksum = false;
  const Decoder lenient(lenient_options);
  const char kBytes[] = {'\x01', '=', '0', '1', '9', 'A', '\0', '\xff', '8'};
  for (int i = 0; i < 600; ++i) {
    const std::string body = maker.Body(maker.U(0, i % 20 == 0 ? 200 : 30), maker.U(0, 6));
    const std::string m = Frame(i % 2 ? "FIX.4.4" : "FIXT.1.1", body, maker.U(0, 9) != 0);
    for (const Decoder* dec : {&d, &lenient}) {
      for (std::uint32_t capacity : {4u, 9u, 20u, 21u, 33u, 512u}) {
        const ExactCopy copy(m);
        ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(*dec, copy.view(), capacity)) << i;
      }
      for (int k = 0; k < 8; ++k) {
        std::string mutated = m;
        mutated[maker.U(0, static_cast<std::uint32_t>(m.size() - 1))] = kBytes[maker.U(0, 8)];
        const ExactCopy copy(mutated);
        ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(*dec, copy.view(), 512)) << i << " mutation " << k;
        ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(*dec, copy.view(), 512)) << i << " mutation " << k;
        const ExactCopy cut(std::string_view(m).substr(0, maker.U(0, static_cast<std::uint32_t>(m.size()))));
        ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(*dec, cut.view(), 512)) << i << " cut";
      }
    }
  }
}

}  // namespace
}  // namespace fixwire
