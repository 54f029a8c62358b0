// decoder_avx512_short_walk_test.cc: the decoder's AVX-512 walk for short
// bodies (codec/internal/field_walk_avx512_short.cc) against the scalar
// scan-then-walk walk, on random messages of every size from 32 to 400
// bytes: tags of 1..5 digits and more, leading zeros, no digits, letters,
// 8/9/10 and Length tags, data fields holding SOH and '=', empty values,
// fields straddling the 64-byte boundary, every index capacity from 3 up,
// truncated and mutated bytes. Three things are held:
//   - the walk (vector path, else its hand-over to the AVX2 walk) writes the
//     same fields, stops at the same field and returns the same sum;
//   - its vector path alone takes a body exactly when the scalar walk takes
//     every field of a body ending within 128 bytes with at most 16 fields
//     (and then writes the same), and otherwise writes nothing;
//   - Decode with AVX-512 active (which takes this walk for short bodies)
//     equals Decode with SSE2: the same Error, or the same fields and lookups.
// Skipped, with a message, on CPUs without AVX-512 VBMI2.
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
#include "tests/codec/decoder_walk_test_util.h"
#include "tests/codec/fix_test_util.h"

namespace fixwire {
namespace {

using codec_internal::DecoderPaths;
using testing::BodyMaker;
using testing::ExactCopy;
using testing::Frame;
using WalkKind = DecoderPaths::WalkKind;

constexpr std::uint32_t kSentinel = 0xA5A5A5A5u;

struct WalkRun {
  DecoderPaths::WalkOutcome outcome;
  std::vector<Field> fields;  // all `capacity` of them, sentinels where unwritten
};

// RunWalk runs `kind` into exactly `capacity` Fields (a heap array of that
// size: AddressSanitizer flags a write past it), prefilled with sentinels.
WalkRun RunWalk(WalkKind kind, const Decoder& d, std::string_view bytes, std::uint32_t capacity) {
  std::unique_ptr<Field[]> out(new Field[capacity]);
  for (std::uint32_t i = 0; i < capacity; ++i) out[i] = Field{kSentinel, kSentinel, kSentinel};
  WalkRun r;
  r.outcome = DecoderPaths::Walk(d, bytes, kind, out.get(), capacity);
  r.fields.assign(out.get(), out.get() + capacity);
  return r;
}

void ExpectSameFields(const WalkRun& a, const WalkRun& b, std::uint32_t count) {
  for (std::uint32_t i = 0; i < count; ++i) {
    ASSERT_EQ(a.fields[i].tag, b.fields[i].tag) << i;
    ASSERT_EQ(a.fields[i].offset, b.fields[i].offset) << i;
    ASSERT_EQ(a.fields[i].length, b.fields[i].length) << i;
  }
}

// ExpectSameWalk holds the short walk (whole, and its vector path alone)
// against the scalar walk. Returns through *taken whether the vector path
// took the body.
void ExpectSameWalk(const Decoder& d, std::string_view bytes, std::uint32_t capacity,
                    bool* taken = nullptr) {
  const WalkRun s = RunWalk(WalkKind::kScalar, d, bytes, capacity);
  const WalkRun w = RunWalk(WalkKind::kAvx512Short, d, bytes, capacity);
  const WalkRun v = RunWalk(WalkKind::kAvx512ShortVector, d, bytes, capacity);
  ASSERT_EQ(w.outcome.framed, s.outcome.framed);
  ASSERT_EQ(v.outcome.framed, s.outcome.framed);
  if (!s.outcome.framed) return;
  ASSERT_EQ(w.outcome.fields, s.outcome.fields) << "capacity " << capacity;
  ASSERT_EQ(w.outcome.sum, s.outcome.sum) << "capacity " << capacity;
  ASSERT_NO_FATAL_FAILURE(ExpectSameFields(w, s, s.outcome.fields));
  // The vector path takes the body exactly when the scalar walk took every
  // field of a body ending within 128 bytes, 16 fields at most.
  const std::size_t body_end = s.outcome.body_end;
  const bool completed = s.outcome.sum != DecoderPaths::WalkOutcome::kStopped;
  const bool expect_taken = completed && body_end <= 128 && s.outcome.fields <= 16;
  ASSERT_EQ(!v.outcome.declined, expect_taken)
      << "capacity " << capacity << " fields " << s.outcome.fields << " body_end " << body_end;
  if (v.outcome.declined) {
    for (std::uint32_t i = 0; i < capacity; ++i) {
      ASSERT_EQ(v.fields[i].tag, kSentinel) << i;
      ASSERT_EQ(v.fields[i].offset, kSentinel) << i;
      ASSERT_EQ(v.fields[i].length, kSentinel) << i;
    }
  } else {
    ASSERT_EQ(v.outcome.fields, s.outcome.fields);
    ASSERT_EQ(v.outcome.sum, s.outcome.sum);
    ASSERT_NO_FATAL_FAILURE(ExpectSameFields(v, s, capacity));  // sentinels past the fields too
  }
  if (taken != nullptr) *taken = !v.outcome.declined;
}

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
  r.size = view.size();
  r.body_length = view.body_length();
  r.checksum = view.checksum();
  return r;
}

void ExpectSameDecode(const Decoder& d, std::string_view bytes, std::uint32_t capacity) {
  FieldIndex a(capacity);
  FieldIndex b(capacity);
  const Decoded v = DecodeWith(simd::Isa::kAvx512, d, bytes, a);
  const Decoded s = DecodeWith(simd::Isa::kSse2, d, bytes, b);
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

// SizedMessage frames `rest` after a MsgType value padded so that the whole
// message is `size` bytes; empty when no padding reaches it exactly.
std::string SizedMessage(std::string_view begin, std::string_view rest, std::size_t size) {
  for (std::size_t pad = 1; pad < 400; ++pad) {
    const std::string m = Frame(begin, "35=" + std::string(pad, 'D') + "\x01" + std::string(rest));
    if (m.size() == size) return m;
    if (m.size() > size) break;
  }
  return {};
}

class DecoderAvx512ShortWalkTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!simd::CpuSupportsAvx512Vbmi2() || !simd::CpuSupports(simd::Isa::kAvx512)) {
      GTEST_SKIP() << "the CPU cannot run the AVX-512 short walk";
    }
    previous_ = simd::ActiveIsa();
  }
  void TearDown() override { (void)simd::SetActiveIsa(previous_); }

 private:
  simd::Isa previous_ = simd::Isa::kScalar;
};

// Ordinary messages of every size from 32 to 400 bytes: the vector path
// takes every one ending within 128 bytes with at most 16 fields (many of
// them), the same as the scalar walk; Decode agrees with SSE2.
TEST_F(DecoderAvx512ShortWalkTest, OrdinaryMessagesOfEverySize) {
  BodyMaker maker(31);
  const Decoder d;
  int runs = 0;
  int taken_count = 0;
  for (std::size_t size = 32; size <= 400; ++size) {
    for (int k = 0; k < 10; ++k) {
      std::string rest;
      const std::size_t budget = size > 40 ? maker.U(0, static_cast<std::uint32_t>(size - 40)) : 0;
      while (rest.size() < budget) {
        // One ordinary field, short fields often (many fields in 128 bytes).
        std::string field = maker.Body(1, 0).substr(5);
        if (k % 2 == 0 && field.size() > 9) field = std::to_string(maker.U(1, 999)) + "=v\x01";
        if (field.rfind("95=", 0) == 0 || field.rfind("90=", 0) == 0) continue;
        if (rest.size() + field.size() > budget) break;
        rest += field;
      }
      const std::string begin = k % 3 == 0 ? "FIX.4.2" : k % 3 == 1 ? "FIXT.1.1" : "FIX.4.4444";
      const std::string m = SizedMessage(begin, rest, size);
      if (m.empty()) continue;
      const ExactCopy copy(m);
      ++runs;
      bool taken = false;
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 4096, &taken)) << m;
      taken_count += taken ? 1 : 0;
      ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(d, copy.view(), 64)) << m;
    }
  }
  EXPECT_GT(runs, 2500);
  EXPECT_GT(taken_count, 500);
}

// Short bodies with unusual fields anywhere (5-digit and leading-zero tags,
// no digits, data fields holding SOH, empty values, special tags), at every
// index capacity from 3 to past the field count.
TEST_F(DecoderAvx512ShortWalkTest, UnusualFieldsAndCapacities) {
  BodyMaker maker(32);
  const Decoder d;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  const Decoder lenient(lenient_options);
  int taken_count = 0;
  for (int i = 0; i < 1500; ++i) {
    const std::string body = maker.Body(maker.U(0, i % 10 == 0 ? 40 : 14), maker.U(0, 20));
    const std::string m = Frame(i % 2 ? "FIX.4.2" : "FIXT.1.1", body);
    const ExactCopy copy(m);
    for (std::uint32_t capacity = 3; capacity <= 24; ++capacity) {
      bool taken = false;
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), capacity, &taken)) << i << " " << m;
      taken_count += taken ? 1 : 0;
    }
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 1000)) << i;
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(lenient, copy.view(), 1000)) << i;
  }
  EXPECT_GT(taken_count, 1000);
}

// Every field length and shift around the 64-byte boundary and the 128-byte limit.
TEST_F(DecoderAvx512ShortWalkTest, FieldsStraddlingTheBoundary) {
  const Decoder d;
  for (std::size_t shift = 0; shift < 64; ++shift) {
    for (std::size_t len = 1; len <= 70; ++len) {
      std::string body = "35=" + std::string(1 + shift, 'D') + "\x01";
      body += "1=x\x01" "22=1\x01" "333=22\x01" "4444=333\x01";
      body += "58=" + std::string(len, '=') + "\x01";
      for (int k = 0; k < static_cast<int>(len % 7); ++k) {
        body += std::to_string(1 + k * 811 % 9999) + "=" + std::string(1 + k % 5, '7') + "\x01";
      }
      const std::string m = Frame("FIX.4.4", body);
      const ExactCopy copy(m);
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 4096)) << shift << " " << len;
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 9)) << shift << " " << len;
    }
  }
}

// Every shape of the first five bytes of a field from an alphabet of digits,
// '=', SOH and near-digits, in the first block, across its end and in the second.
TEST_F(DecoderAvx512ShortWalkTest, EveryTagWordWalksTheSame) {
  const Decoder d;
  const char kAlphabet[] = {'0', '1', '5', '9', '=', '\x01', '/', ':', 'x'};
  constexpr std::size_t kLetters = sizeof kAlphabet;
  int taken_count = 0;
  for (std::size_t word = 0; word < kLetters * kLetters * kLetters * kLetters * kLetters; ++word) {
    std::string field;
    for (std::size_t k = 0, w = word; k < 5; ++k, w /= kLetters) field += kAlphabet[w % kLetters];
    const std::size_t pad = word % 10 == 0 ? 10 : 38 + word % 9;
    const std::string body = "35=" + std::string(pad, 'D') + "\x01" + field + "v\x01" "58=x\x01";
    const std::string m = Frame("FIX.4.4", body);
    const ExactCopy copy(m);
    bool taken = false;
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(d, copy.view(), 64, &taken)) << field;
    taken_count += taken ? 1 : 0;
    if (word % 7 == 0) {
      ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(d, copy.view(), 64)) << field;
    }
  }
  EXPECT_GT(taken_count, 1000);
}

// Decode with AVX-512 active equals Decode with SSE2 for random short
// messages, mutated at random bytes, truncated and with wrong CheckSums, at
// several capacities.
TEST_F(DecoderAvx512ShortWalkTest, DecodeMatchesTheScalarWalk) {
  BodyMaker maker(33);
  const Decoder d;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  lenient_options.validate_checksum = false;
  const Decoder lenient(lenient_options);
  const char kBytes[] = {'\x01', '=', '0', '1', '9', 'A', '\0', '\xff', '8'};
  for (int i = 0; i < 800; ++i) {
    const std::string body = maker.Body(maker.U(0, i % 20 == 0 ? 40 : 12), maker.U(0, 8));
    const std::string m = Frame(i % 2 ? "FIX.4.4" : "FIXT.1.1", body, maker.U(0, 9) != 0);
    for (const Decoder* dec : {&d, &lenient}) {
      for (std::uint32_t capacity : {4u, 5u, 9u, 17u, 18u, 20u, 512u}) {
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
        ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(*dec, cut.view(), 512)) << i << " cut";
      }
    }
  }
}

}  // namespace
}  // namespace fixwire
