// decoder_vector_walks_test.cc: the decoder's vector field walks — AVX2
// (codec/internal/field_walk_avx2.cc: scan and walk fused, straight-line
// paths for bodies ending within 64 and 128 bytes, an overlapping window for
// the last block) and AVX-512 VBMI2 (codec/internal/field_walk_avx512.cc) —
// each against the scan-then-walk scalar walk, on random bodies: messages of
// every size from 32 to 300 bytes, tags of 1..5 digits and more, leading
// zeros, no digits, letters, data fields holding SOH and '=', 8/9/10 and
// Length tags, empty values, fields straddling every block boundary, every
// index capacity from 3 up, and truncated or mutated bytes. Both walks run
// directly (DecoderPaths::Walk: the same fields, the same stop, the same
// sum), and Decode runs with the walk's ISA active and with SSE2 (the
// scan-then-walk path): the same Error or the same fields and lookups. Each
// walk is skipped, with a message, on CPUs that cannot run it.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "tests/wire/decoder_paths.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/simd/cpu_features.h"
#include "tests/codec/decoded_view_test_util.h"
#include "tests/codec/decoder_walk_test_util.h"
#include "tests/codec/fix_test_util.h"

namespace fixwire {
namespace {

using DecoderPaths = DecoderTestPeer;
using testing::BodyMaker;
using testing::DecodedView;
using testing::ExpectSameDecodedView;
using testing::SummariseDecode;
using testing::ExactCopy;
using testing::Frame;

// ExpectSameWalk runs the scalar walk and `kind` over `bytes` into exactly `capacity` Fields
// (heap arrays of that size: AddressSanitizer flags a write past them).
void ExpectSameWalk(DecoderPaths::WalkKind kind, const Decoder& d, std::string_view bytes, std::uint32_t capacity,
                    std::uint64_t* completed = nullptr) {
  std::unique_ptr<Field[]> scalar_out(new Field[capacity]);
  std::unique_ptr<Field[]> vector_out(new Field[capacity]);
  const DecoderPaths::WalkOutcome s =
      DecoderPaths::Walk(d, bytes, DecoderPaths::WalkKind::kScalar, scalar_out.get(), capacity);
  const DecoderPaths::WalkOutcome v =
      DecoderPaths::Walk(d, bytes, kind, vector_out.get(), capacity);
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
DecodedView DecodeWith(simd::Isa isa, const Decoder& d, std::string_view bytes, FieldIndex& index) {
  EXPECT_TRUE(simd::SetActiveIsa(isa));
  MessageView view;
  const Error e = d.Decode(bytes, index, view);
  return SummariseDecode(e, view);
}

void ExpectSameDecode(simd::Isa isa, const Decoder& d, std::string_view bytes, std::uint32_t capacity) {
  FieldIndex a(capacity);
  FieldIndex b(capacity);
  ExpectSameDecodedView(DecodeWith(isa, d, bytes, a), DecodeWith(simd::Isa::kSse2, d, bytes, b));
}

// SizedMessage frames `body` after a MsgType value padded so that the whole
// message is `size` bytes; empty when no padding reaches it exactly.
std::string SizedMessage(std::string_view begin, std::string_view rest, std::size_t size) {
  for (std::size_t pad = 1; pad < 400; ++pad) {
    const std::string m = Frame(begin, "35=" + std::string(pad, 'D') + "\x01" + std::string(rest));
    if (m.size() == size) return m;
    if (m.size() > size) break;
  }
  return {};
}

// VectorWalk: a vector walk and the ISA under which Decode runs it.
struct VectorWalk {
  const char* name;
  DecoderPaths::WalkKind walk;
  simd::Isa isa;
};

class DecoderVectorWalkTest : public ::testing::TestWithParam<VectorWalk> {
 protected:
  void SetUp() override {
    const bool runs = GetParam().walk == DecoderPaths::WalkKind::kAvx512
                          ? simd::CpuSupportsAvx512Vbmi2() && simd::CpuSupports(simd::Isa::kAvx512)
                          : simd::CpuSupports(simd::Isa::kAvx2);
    if (!runs) GTEST_SKIP() << "the CPU cannot run the " << GetParam().name << " walk";
    previous_ = simd::ActiveIsa();
  }
  void TearDown() override { (void)simd::SetActiveIsa(previous_); }

  DecoderPaths::WalkKind walk() const { return GetParam().walk; }
  simd::Isa isa() const { return GetParam().isa; }
  // Seed: a different random stream per walk.
  std::uint64_t Seed(std::uint64_t base) const {
    return base + (GetParam().walk == DecoderPaths::WalkKind::kAvx512 ? 100 : 0);
  }

 private:
  simd::Isa previous_ = simd::Isa::kScalar;
};

// Ordinary messages of every size from 32 to 300 bytes, the body ending
// anywhere in the first 64 bytes or in any later block: both walks take
// them whole, same fields, same sum; Decode agrees with the SSE2 path.
TEST_P(DecoderVectorWalkTest, OrdinaryMessagesOfEverySize) {
  BodyMaker maker(Seed(21));
  const Decoder d;
  std::uint64_t completed = 0;
  int runs = 0;
  for (std::size_t size = 32; size <= 300; ++size) {
    for (int k = 0; k < 12; ++k) {
      // A few fields after 35, each short enough to leave room for the size.
      std::string rest;
      const std::size_t budget = size > 40 ? maker.U(0, static_cast<std::uint32_t>(size - 40)) : 0;
      while (rest.size() < budget) {
        const std::string field = maker.Body(1, 0).substr(5);  // one ordinary field
        if (rest.size() + field.size() > budget) break;
        rest += field;
      }
      const std::string begin = k % 3 == 0 ? "FIX.4.2" : k % 3 == 1 ? "FIXT.1.1" : "FIX.4.4444";
      const std::string m = SizedMessage(begin, rest, size);
      if (m.empty()) continue;
      ASSERT_EQ(m.size(), size);
      const ExactCopy copy(m);
      ++runs;
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, copy.view(), 4096, &completed)) << m;
      ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(isa(), d, copy.view(), 64)) << m;
    }
  }
  EXPECT_GT(runs, 2000);
  EXPECT_EQ(completed, static_cast<std::uint64_t>(runs));
}

// Random ordinary bodies of many sizes (some past 2 KB), shifted against the
// blocks by the BeginString's length.
TEST_P(DecoderVectorWalkTest, OrdinaryBodiesWalkTheSame) {
  BodyMaker maker(Seed(22));
  const Decoder d;
  std::uint64_t completed = 0;
  int runs = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string body = maker.Body(maker.U(0, i % 50 == 0 ? 400 : 40), 0);
    const std::string begin = "FIX." + std::string(maker.U(1, 12), '4');
    const std::string m = Frame(begin, body);
    const ExactCopy copy(m);
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, copy.view(), 4096, &completed)) << i;
    if (m.size() >= 32) ++runs;
  }
  EXPECT_EQ(completed, static_cast<std::uint64_t>(runs));
}

// Bodies with unusual fields anywhere (5-digit and leading-zero tags, no
// digits, data fields holding SOH, empty values), at every index capacity
// from 3 to past the field count: the same fields, the same stop.
TEST_P(DecoderVectorWalkTest, UnusualFieldsAndCapacitiesWalkTheSame) {
  BodyMaker maker(Seed(23));
  const Decoder d;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  const Decoder lenient(lenient_options);
  for (int i = 0; i < 600; ++i) {
    const std::string body = maker.Body(maker.U(0, i % 10 == 0 ? 150 : 12), maker.U(0, 25));
    const std::string m = Frame(i % 2 ? "FIX.4.2" : "FIXT.1.1", body);
    const ExactCopy copy(m);
    for (std::uint32_t capacity = 3; capacity <= 60; ++capacity) {
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, copy.view(), capacity)) << i << " " << m;
    }
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, copy.view(), 1000)) << i;
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), lenient, copy.view(), 1000)) << i;
  }
}

// Every field length and shift around the block boundaries: a run of short
// fields, one long field, then more, with the body moved byte by byte.
TEST_P(DecoderVectorWalkTest, FieldsStraddlingEveryBoundary) {
  const Decoder d;
  for (std::size_t shift = 0; shift < 64; ++shift) {
    for (std::size_t len = 1; len <= 70; ++len) {
      std::string body = "35=" + std::string(1 + shift, 'D') + "\x01";
      body += "1=x\x01" "22=1\x01" "333=22\x01" "4444=333\x01";
      body += "58=" + std::string(len, '=') + "\x01";
      for (int k = 0; k < static_cast<int>(len % 13); ++k) {
        body += std::to_string(1 + k * 811 % 9999) + "=" + std::string(1 + k % 5, '7') + "\x01";
      }
      const std::string m = Frame("FIX.4.4", body);
      const ExactCopy copy(m);
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, copy.view(), 4096)) << shift << " " << len;
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, copy.view(), 9)) << shift << " " << len;
    }
  }
}

// Every shape of the first five bytes of a field (the four bytes the field
// step reads as one word, and the byte after them) from an alphabet of
// digits, '=', SOH and near-digits: tags of 0..5 digits, leading zeros, no
// '=', '=' first, empty values. The field comes after an ordinary one, at
// several offsets (the word straddling the first block's end included),
// and an ordinary field follows it.
TEST_P(DecoderVectorWalkTest, EveryTagWordWalksTheSame) {
  const Decoder d;
  const char kAlphabet[] = {'0', '1', '5', '9', '=', '\x01', '/', ':', 'x'};
  constexpr std::size_t kLetters = sizeof kAlphabet;
  std::uint64_t completed = 0;
  std::size_t runs = 0;
  for (std::size_t word = 0; word < kLetters * kLetters * kLetters * kLetters * kLetters; ++word) {
    std::string field;
    for (std::size_t k = 0, w = word; k < 5; ++k, w /= kLetters) field += kAlphabet[w % kLetters];
    // The field starts at 15 + 4 + pad (body_start is 15): at 29, and at
    // 57..65, the word within the first block, across its end and in the second.
    const std::size_t pad = word % 10 == 0 ? 10 : 38 + word % 9;
    const std::string body = "35=" + std::string(pad, 'D') + "\x01" + field + "v\x01" "58=x\x01";
    const std::string m = Frame("FIX.4.4", body);
    const ExactCopy copy(m);
    ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, copy.view(), 64, &completed)) << field;
    if (word % 7 == 0) {
      ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(isa(), d, copy.view(), 64)) << field;
    }
    ++runs;
  }
  EXPECT_EQ(runs, std::size_t{59049});
  // Tags of 1..4 digits followed by '=' and a value are taken, not stopped at.
  EXPECT_GT(completed, 1000u);
}

// UniformField is the i-th field of a run of fields of exactly `length`
// bytes (4 or more): tags of 1..4 digits in turn (as many as the length
// leaves room for), none special, values of 'x'.
std::string UniformField(std::size_t i, std::size_t length) {
  const std::size_t digits = 1 + i % std::min<std::size_t>(4, length - 3);
  static constexpr std::uint32_t kFirst[5] = {0, 1, 20, 400, 3000};
  static constexpr std::uint32_t kSpan[5] = {0, 5, 70, 100, 100};
  const std::string tag = std::to_string(kFirst[digits] + static_cast<std::uint32_t>(i * 7) % kSpan[digits]);
  return tag + "=" + std::string(length - digits - 2, 'x') + "\x01";
}

// The shapes at the edges of the AVX-512 walk's lanes: runs of fields of one
// length from 4 to 16 bytes (16 down to 4 fields in a block, so blocks of 8
// fields, of 9 and of 16 with and without a pending field), a field of 60 to
// 140 bytes among them (pending across one block and across a whole block
// holding no E and no SOH), every shift of the body against the blocks; one
// field of the run replaced, at every position, by a tag the special-tag
// filter holds (a Length tag, whose data field the walk stops at) or one it
// only seems to hold (1119, 95's filter bit: the scalar step takes it); and
// every index capacity around the field count, so the index fills up at
// every lane. The AVX-512 and AVX2 walks must write the scalar walk's fields.
TEST_P(DecoderVectorWalkTest, BlockShapesAtTheLaneEdges) {
  const Decoder d;
  std::uint64_t completed = 0;
  for (std::size_t shift = 0; shift < 64; shift += 1) {
    for (std::size_t length : {4u, 5u, 6u, 7u, 8u, 9u, 10u, 13u, 16u}) {
      const std::size_t count = 300 / length;
      const std::size_t long_at = (shift * 7 + length) % count;
      const std::size_t long_length = 60 + (shift * 13) % 81;
      auto body_with = [&](std::size_t replaced_at, std::string_view replacement) {
        std::string body = "35=" + std::string(1 + shift, 'D') + "\x01";
        for (std::size_t i = 0; i < count; ++i) {
          if (i == replaced_at) {
            body += replacement;
          } else if (i == long_at) {
            body += "58=" + std::string(long_length - 4, 'y') + "\x01";
          } else {
            body += UniformField(i, length);
          }
        }
        return body;
      };
      const ExactCopy plain(Frame("FIX.4.4", body_with(count, "")));
      ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, plain.view(), 4096, &completed)) << shift << " " << length;
      // Header fields (8, 9, 35 and the rest) come before the body's: 3 to count + 12 covers every lane.
      for (std::uint32_t capacity = 3; capacity <= count + 12; ++capacity) {
        ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, plain.view(), capacity))
            << shift << " " << length << " capacity " << capacity;
      }
      if (shift % 4 != 0) continue;
      for (std::size_t at = 0; at < std::min<std::size_t>(count, 40); ++at) {
        if (at == long_at) continue;
        const std::string seeming = "1119=" + std::string(length > 7 ? length - 7 : 1, 'z') + "\x01";
        const ExactCopy filtered(Frame("FIX.4.4", body_with(at, seeming)));
        ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, filtered.view(), 4096, &completed))
            << shift << " " << length << " seeming special at " << at;
        const ExactCopy special(Frame("FIX.4.4", body_with(at, "95=2\x01" "96=ab\x01")));
        ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, special.view(), 4096))
            << shift << " " << length << " special at " << at;
      }
    }
  }
  // Every plain body and every one with 1119 is walked to its end.
  EXPECT_GT(completed, 64u * 9u);
}

// Runs of 3-byte fields with empty values ("5=<SOH>"), which the AVX-512
// walk's masks let through to its length check: up to 22 fields end in one
// block (more than its 16 lanes), after 0..40 ordinary 4-byte ones, at every
// shift. The walks must stop where the scalar walk stops.
TEST_P(DecoderVectorWalkTest, EmptyValuesCrowdingABlock) {
  const Decoder d;
  for (std::size_t shift = 0; shift < 64; ++shift) {
    for (std::size_t ordinary = 0; ordinary <= 40; ordinary += 3) {
      for (std::size_t empty : {1u, 2u, 15u, 17u, 22u, 30u}) {
        std::string body = "35=" + std::string(1 + shift, 'D') + "\x01";
        for (std::size_t i = 0; i < ordinary; ++i) body += std::to_string(1 + i % 7) + "=x\x01";
        for (std::size_t i = 0; i < empty; ++i) body += std::to_string(1 + i % 7) + "=\x01";
        body += "58=tail\x01";
        const ExactCopy copy(Frame("FIX.4.4", body));
        ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), d, copy.view(), 4096))
            << shift << " " << ordinary << " " << empty;
      }
    }
  }
}

// Decode with the vector walk's ISA active equals Decode with SSE2 (the scan-then-walk path)
// for random messages, mutated at random bytes, truncated and with wrong
// CheckSums, at several capacities.
TEST_P(DecoderVectorWalkTest, DecodeMatchesTheScalarWalk) {
  BodyMaker maker(Seed(24));
  const Decoder d;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  lenient_options.validate_checksum = false;
  const Decoder lenient(lenient_options);
  const char kBytes[] = {'\x01', '=', '0', '1', '9', 'A', '\0', '\xff', '8'};
  for (int i = 0; i < 800; ++i) {
    const std::string body = maker.Body(maker.U(0, i % 20 == 0 ? 200 : 12), maker.U(0, 8));
    const std::string m = Frame(i % 2 ? "FIX.4.4" : "FIXT.1.1", body, maker.U(0, 9) != 0);
    for (const Decoder* dec : {&d, &lenient}) {
      for (std::uint32_t capacity : {4u, 5u, 9u, 20u, 21u, 33u, 512u}) {
        const ExactCopy copy(m);
        ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(isa(), *dec, copy.view(), capacity)) << i;
      }
      for (int k = 0; k < 8; ++k) {
        std::string mutated = m;
        mutated[maker.U(0, static_cast<std::uint32_t>(m.size() - 1))] = kBytes[maker.U(0, 8)];
        const ExactCopy copy(mutated);
        ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(isa(), *dec, copy.view(), 512)) << i << " mutation " << k;
        ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), *dec, copy.view(), 512)) << i << " mutation " << k;
        const ExactCopy cut(std::string_view(m).substr(0, maker.U(0, static_cast<std::uint32_t>(m.size()))));
        ASSERT_NO_FATAL_FAILURE(ExpectSameDecode(isa(), *dec, cut.view(), 512)) << i << " cut";
        ASSERT_NO_FATAL_FAILURE(ExpectSameWalk(walk(), *dec, cut.view(), 512)) << i << " cut";
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Walks, DecoderVectorWalkTest,
    ::testing::Values(VectorWalk{"Avx2", DecoderPaths::WalkKind::kAvx2, simd::Isa::kAvx2},
                      VectorWalk{"Avx512", DecoderPaths::WalkKind::kAvx512, simd::Isa::kAvx512}),
    [](const ::testing::TestParamInfo<VectorWalk>& walk_info) { return std::string(walk_info.param.name); });

}  // namespace
}  // namespace fixwire
