// decoder_long_walk_test.cc: the AVX-512 field walk
// (codec/internal/field_walk_avx512.cc) on long messages, 100 bytes to
// 200 KB (the decoder takes it from 129 bytes on), against the scalar walk
// and Decode's general path.
//
// The walk takes a block with 256-bit vectors when its fields fit 8 lanes and
// with 512-bit vectors otherwise, carrying a field split across blocks from
// one to the other; so the bodies here mix runs of dense fields (1- and
// 2-digit tags, 1- and 2-byte values: more than 8 per block), ordinary
// fields and long values (a field across several blocks), shifted against
// the blocks. They also hold tags that share the special-tag filter's bit
// with a special tag (the filter says maybe, the scalar step decides), and,
// rarely, unusual fields: 5-digit, leading-zero and digitless tags, data
// fields holding SOH, empty values. Checked: the walk alone (the same fields,
// stop and sum as the scalar walk, into exactly `capacity` Fields, at
// capacities around the field count) and Decode under every ISA against the
// general path (the same Error, or the same fields and lookups), also for
// truncated and mutated copies. Walk checks are skipped, with a message, on
// CPUs without AVX-512 VBMI2.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
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

bool CanRunAvx512Walk() {
  return simd::CpuSupportsAvx512Vbmi2() && simd::CpuSupports(simd::Isa::kAvx512);
}

// IsSpecial: the tags the decoder's fast walk must not take (8, 9, 10 and
// the Length tags), from the reference list.
bool IsSpecial(std::uint32_t tag) {
  return tag == 8 || tag == 9 || tag == 10 || testing::ReferenceLengthPairs().count(tag) != 0;
}

// FilterBit is the special-tag filter's bit for a tag, as
// codec/internal/special_tags.h defines it (bit tag / 32 % 32 of word tag % 32).
std::uint32_t FilterBit(std::uint32_t tag) { return (tag & 31u) << 5 | (tag >> 5 & 31u); }

// Colliders: ordinary 1..4-digit tags whose filter bit is a special tag's.
const std::vector<std::uint32_t>& Colliders() {
  static const auto* tags = [] {
    std::set<std::uint32_t> special_bits;
    for (std::uint32_t t = 1; t < 10000; ++t) {
      if (IsSpecial(t)) special_bits.insert(FilterBit(t));
    }
    auto* v = new std::vector<std::uint32_t>;
    for (std::uint32_t t = 1; t < 10000; ++t) {
      if (!IsSpecial(t) && special_bits.count(FilterBit(t)) != 0) v->push_back(t);
    }
    return v;
  }();
  return *tags;
}

// LongBodyMaker writes long bodies in runs of one kind of field.
class LongBodyMaker {
 public:
  explicit LongBodyMaker(std::uint64_t seed) : maker_(seed) {}
  std::uint32_t U(std::uint32_t lo, std::uint32_t hi) { return maker_.U(lo, hi); }

  // A body of about `bytes` bytes: 35 first, then runs of fields; an unusual
  // field with probability `odd_per_million` per field.
  std::string Body(std::size_t bytes, std::uint32_t odd_per_million) {
    std::string b = "35=" + std::string(U(1, 64), 'W') + "\x01";  // later fields at every shift
    while (b.size() < bytes) {
      const std::uint32_t kind = U(0, 9);
      const std::uint32_t run = U(1, 40);
      for (std::uint32_t i = 0; i < run && b.size() < bytes; ++i) {
        if (odd_per_million != 0 && U(0, 999999) < odd_per_million) {
          b += maker_.Body(1, 100).substr(5);  // one unusual field (or a data pair)
          continue;
        }
        b += Field(kind);
      }
    }
    return b;
  }

 private:
  std::string Tag(std::uint32_t lo, std::uint32_t hi) {
    std::uint32_t tag = U(lo, hi);
    while (IsSpecial(tag)) tag = U(lo, hi);
    return std::to_string(tag);
  }
  std::string Field(std::uint32_t kind) {
    switch (kind) {
      case 0:
      case 1:
      case 2:  // dense: "1=x" .. "99=xy"
        return Tag(1, 99) + "=" + std::string(U(1, 2), static_cast<char>('a' + U(0, 25))) + "\x01";
      case 3: {  // a long value: a field across blocks
        std::string v(U(40, 400), 'v');
        for (char& c : v) c = U(0, 7) == 0 ? '=' : static_cast<char>('0' + U(0, 9));
        return Tag(1, 9999) + "=" + v + "\x01";
      }
      case 4: {  // a tag whose filter bit is a special tag's
        const auto& c = Colliders();
        return std::to_string(c[U(0, static_cast<std::uint32_t>(c.size() - 1))]) + "=" +
               std::to_string(U(0, 99999)) + "\x01";
      }
      case 5:  // 4-digit tags, short values
        return Tag(1000, 9999) + "=" + std::to_string(U(0, 99)) + "\x01";
      default: {  // BodyMaker's ordinary fields (tags of 1..4 digits, values of 1..300 bytes)
        return maker_.Body(1, 0).substr(5);
      }
    }
  }

  BodyMaker maker_;
};

// SizeFor returns a body size from 100 to 200,000 bytes, evenly spread on a log scale.
std::size_t SizeFor(LongBodyMaker& m) {
  const double f = m.U(0, 1000000) / 1e6;
  return static_cast<std::size_t>(100.0 * std::pow(2000.0, f));
}

// Begin returns a BeginString of 5..16 characters (as long as the fast header read takes).
std::string Begin(LongBodyMaker& m) { return "FIX." + std::string(m.U(1, 12), '4'); }

// WalkCompletes: whether the scalar walk takes the whole body.
bool WalkCompletes(const Decoder& d, std::string_view bytes) {
  std::unique_ptr<Field[]> f(new Field[1u << 16]);
  const DecoderPaths::WalkOutcome w =
      DecoderPaths::Walk(d, bytes, DecoderPaths::WalkKind::kScalar, f.get(), 1u << 16);
  return w.framed && w.sum != DecoderPaths::WalkOutcome::kStopped;
}

// Framed: whether the walks take the frame at all (DecoderPaths::Walk's checks).
bool Framed(const Decoder& d, std::string_view bytes) {
  Field f[4];
  return DecoderPaths::Walk(d, bytes, DecoderPaths::WalkKind::kScalar, f, 4).framed;
}

// WalkOutcome runs `kind` into exactly `capacity` Fields (a heap array: AddressSanitizer
// flags a write past it).
struct Walked {
  DecoderPaths::WalkOutcome outcome;
  std::unique_ptr<Field[]> fields;
};
Walked RunWalk(DecoderPaths::WalkKind kind, const Decoder& d, std::string_view bytes,
               std::uint32_t capacity) {
  Walked w;
  w.fields.reset(new Field[capacity]);
  w.outcome = DecoderPaths::Walk(d, bytes, kind, w.fields.get(), capacity);
  return w;
}

// ExpectSameWalk: the AVX-512 walk writes the scalar walk's fields, stops
// where it stops, and returns its sum. Returns the scalar walk's field count.
std::uint32_t ExpectSameWalk(const Decoder& d, std::string_view bytes, std::uint32_t capacity) {
  const Walked s = RunWalk(DecoderPaths::WalkKind::kScalar, d, bytes, capacity);
  const Walked v = RunWalk(DecoderPaths::WalkKind::kAvx512, d, bytes, capacity);
  EXPECT_EQ(v.outcome.framed, s.outcome.framed);
  if (!s.outcome.framed || !v.outcome.framed) return 0;
  EXPECT_EQ(v.outcome.fields, s.outcome.fields) << "capacity " << capacity;
  EXPECT_EQ(v.outcome.sum, s.outcome.sum) << "capacity " << capacity;
  const std::uint32_t n = std::min(v.outcome.fields, s.outcome.fields);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Field& a = v.fields[i];
    const Field& b = s.fields[i];
    if (a.tag != b.tag || a.offset != b.offset || a.length != b.length) {
      ADD_FAILURE() << "field " << i << " of " << n << ": " << a.tag << "@" << a.offset << "+"
                    << a.length << " vs " << b.tag << "@" << b.offset << "+" << b.length;
      break;
    }
  }
  return s.outcome.fields;
}

// ExpectDecodeAsGeneral: Decode under every ISA the CPU has equals the
// general path; returns whether the fast path decoded it under AVX-512.
bool ExpectDecodeAsGeneral(const Decoder& d, std::string_view bytes, std::uint32_t capacity) {
  FieldIndex general_index(capacity);
  MessageView general_view;
  const Error ge = DecoderPaths::General(d, bytes, general_index, general_view);
  const DecodedView general = SummariseDecode(ge, general_view);
  const simd::Isa previous = simd::ActiveIsa();
  bool fast = false;
  for (simd::Isa isa : simd::kAllIsas) {
    if (!simd::CpuSupports(isa)) continue;
    EXPECT_TRUE(simd::SetActiveIsa(isa));
    FieldIndex index(capacity);
    MessageView view;
    const Error e = d.Decode(bytes, index, view);
    EXPECT_NO_FATAL_FAILURE(ExpectSameDecodedView(SummariseDecode(e, view), general)) << simd::IsaName(isa);
    if (isa == simd::Isa::kAvx512) {
      FieldIndex fast_index(capacity);
      MessageView fast_view;
      fast = DecoderPaths::Fast(d, bytes, fast_index, fast_view);
    }
  }
  (void)simd::SetActiveIsa(previous);
  return fast;
}

// ReferenceFieldCount counts a well-formed frame's fields (its SOHs).
std::size_t ReferenceFieldCount(std::string_view m) {
  std::size_t n = 0;
  for (char c : m) n += c == '\x01';
  return n;
}

// Long bodies of ordinary fields (dense runs, long values, filter colliders):
// the walk takes them whole, as the scalar walk does, at capacities around
// the field count; Decode takes the fast path and agrees with the general path.
TEST(DecoderLongWalkTest, LongOrdinaryBodies) {
  LongBodyMaker maker(31);
  const Decoder d;
  int fast = 0;
  constexpr int kMessages = 40;
  for (int i = 0; i < kMessages; ++i) {
    const std::string m = Frame(Begin(maker), maker.Body(SizeFor(maker), 0));
    const ExactCopy copy(m);
    if (CanRunAvx512Walk()) {
      const std::uint32_t n = ExpectSameWalk(d, copy.view(), 1u << 16);
      ASSERT_TRUE(WalkCompletes(d, copy.view())) << i;
      for (int delta : {-9, -8, -1, 0, 1, 7, 8, 9, 15, 16, 17}) {
        if (static_cast<int>(n) + delta >= 1) ExpectSameWalk(d, copy.view(), n + delta);
      }
      if (::testing::Test::HasFailure()) FAIL() << i << " size " << m.size();
    }
    // Header (2) + body + CheckSum fields: capacities around the count.
    const std::uint32_t fields = static_cast<std::uint32_t>(ReferenceFieldCount(m));
    for (std::uint32_t capacity : {fields - 1, fields, fields + 1, fields + 16}) {
      const bool taken = ExpectDecodeAsGeneral(d, copy.view(), capacity);
      if (capacity == fields) fast += taken ? 1 : 0;
    }
    if (::testing::Test::HasFailure()) FAIL() << i << " size " << m.size();
  }
  if (CanRunAvx512Walk()) {
    EXPECT_EQ(fast, kMessages);  // every one taken whole by the fast path
  }
}

// Long bodies with a few unusual fields anywhere: the walk stops where the
// scalar walk stops; Decode agrees with the general path under every ISA.
TEST(DecoderLongWalkTest, LongBodiesWithUnusualFields) {
  LongBodyMaker maker(32);
  const Decoder d;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  lenient_options.validate_checksum = false;
  const Decoder lenient(lenient_options);
  for (int i = 0; i < 40; ++i) {
    const std::string m = Frame(Begin(maker), maker.Body(SizeFor(maker), maker.U(0, 3000)),
                                maker.U(0, 7) != 0);
    const ExactCopy copy(m);
    ASSERT_TRUE(Framed(d, copy.view())) << i;
    for (const Decoder* dec : {&d, &lenient}) {
      if (CanRunAvx512Walk()) {
        ExpectSameWalk(*dec, copy.view(), 1u << 16);
        ExpectSameWalk(*dec, copy.view(), maker.U(3, 3000));
      }
      ExpectDecodeAsGeneral(*dec, copy.view(), 1u << 16);
      if (::testing::Test::HasFailure()) FAIL() << i << " size " << m.size();
    }
  }
}

// Truncated and mutated long messages (bytes that end, start or break a
// field, or change its tag): the walk and Decode agree with the references.
TEST(DecoderLongWalkTest, TruncatedAndMutatedLongMessages) {
  LongBodyMaker maker(33);
  const Decoder d;
  const char kBytes[] = {'\x01', '=', '0', '1', '9', 'A', '\0', '\xff', '8'};
  for (int i = 0; i < 30; ++i) {
    const std::string m = Frame(Begin(maker), maker.Body(SizeFor(maker), 0));
    ASSERT_TRUE(Framed(d, m)) << i;
    for (int k = 0; k < 6; ++k) {
      std::string mutated = m;
      for (std::uint32_t j = maker.U(1, 3); j > 0; --j) {
        mutated[maker.U(0, static_cast<std::uint32_t>(m.size() - 1))] = kBytes[maker.U(0, 8)];
      }
      const ExactCopy copy(mutated);
      if (CanRunAvx512Walk()) ExpectSameWalk(d, copy.view(), 1u << 16);
      ExpectDecodeAsGeneral(d, copy.view(), 1u << 16);
      const ExactCopy cut(std::string_view(m).substr(0, maker.U(0, static_cast<std::uint32_t>(m.size()))));
      if (CanRunAvx512Walk()) ExpectSameWalk(d, cut.view(), 1u << 16);
      ExpectDecodeAsGeneral(d, cut.view(), 1u << 16);
      if (::testing::Test::HasFailure()) FAIL() << i << " mutation " << k;
    }
  }
}

// Dense and sparse blocks alternating at every shift: a run of short fields
// (more than 8 per block), then wide ones (fewer), then a value across
// blocks, so that the field carried from one block to the next passes
// between the 512-bit and 256-bit forms in both directions at every offset.
TEST(DecoderLongWalkTest, DenseAndSparseBlocksAtEveryShift) {
  if (!CanRunAvx512Walk()) GTEST_SKIP() << "the CPU cannot run the AVX-512 walk";
  const Decoder d;
  LongBodyMaker maker(34);
  for (std::size_t shift = 0; shift < 64; ++shift) {
    for (int variant = 0; variant < 8; ++variant) {
      std::string body = "35=" + std::string(1 + shift, 'D') + "\x01";
      while (body.size() < 1500) {
        for (std::uint32_t k = maker.U(1, 40); k > 0; --k) {
          body += std::to_string(maker.U(11, 99)) + "=" + std::string(maker.U(1, 2), 'x') + "\x01";
        }
        for (std::uint32_t k = maker.U(0, 6); k > 0; --k) {
          body += std::to_string(maker.U(1000, 9999)) + "=" + std::string(maker.U(3, 20), 'y') + "\x01";
        }
        if (maker.U(0, 2) == 0) body += "58=" + std::string(maker.U(50, 200), 'z') + "\x01";
      }
      const std::string m = Frame("FIX.4.4", body);
      const ExactCopy copy(m);
      ASSERT_TRUE(Framed(d, copy.view()));
      const std::uint32_t n = ExpectSameWalk(d, copy.view(), 4096);
      ExpectSameWalk(d, copy.view(), n > 20 ? n - maker.U(0, 20) : 3);
      if (::testing::Test::HasFailure()) FAIL() << shift << " " << variant;
    }
  }
}

}  // namespace
}  // namespace fixwire
