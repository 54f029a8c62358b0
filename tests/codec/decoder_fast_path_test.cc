// decoder_fast_path_test.cc: Decoder::Decode tries a fast path for messages of
// the common shape and hands everything else to the general path. These
// property tests hold the two against each other on every SIMD implementation:
// random ordinary messages (which the fast path must take, checked against the
// simple reference parser), then every kind of mutation, truncation and index
// size, where Decode (fast or not) must give exactly the general path's result:
// the same Error, or the same fields, lookups and header values.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "tests/wire/decoder_paths.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/simd/cpu_features.h"
#include "tests/codec/fix_test_util.h"
#include "tests/support/active_isa_fixture.h"

namespace fixwire {
namespace {

using DecoderPaths = DecoderTestPeer;
using testing::Assemble;
using testing::ExactCopy;
using testing::RefField;

// An ordinary body: 35 first, then tags of 1..4 digits that are neither a
// Length tag nor 8, 9, 10 (repeats included), non-empty values that may hold '='.
std::vector<RefField> OrdinaryBody(testing::RandomMessageMaker& maker, std::size_t max_fields) {
  std::vector<RefField> body;
  body.push_back({35, maker.Uniform(0, 1) ? "D" : maker.RandomValue(3)});
  const std::size_t n = maker.Uniform(0, static_cast<std::uint32_t>(max_fields));
  for (std::size_t k = 0; k < n; ++k) {
    std::uint32_t tag;
    if (k > 0 && maker.Uniform(0, 7) == 0) {
      tag = body[maker.Uniform(0, static_cast<std::uint32_t>(body.size() - 1))].tag;
    } else {
      switch (maker.Uniform(0, 3)) {
        case 0:
          tag = maker.Uniform(1, 9);
          break;
        case 1:
          tag = maker.Uniform(10, 99);
          break;
        case 2:
          tag = maker.Uniform(100, 999);
          break;
        default:
          tag = maker.Uniform(1000, 9999);
          break;
      }
      if (tag == 8 || tag == 9 || tag == 10 || testing::ReferenceLengthPairs().count(tag) != 0) {
        tag = 58;
      }
    }
    body.push_back({tag, maker.RandomValue(maker.Uniform(0, 9) == 0 ? 200 : 12)});
  }
  return body;
}

std::string OrdinaryMessage(testing::RandomMessageMaker& maker, std::size_t max_fields) {
  static const char* const kBegins[] = {"FIX.4.2", "FIX.4.4", "FIXT.1.1", "FIX.5.0SP2", "FIX.4.0"};
  return Assemble(kBegins[maker.Uniform(0, 4)], OrdinaryBody(maker, max_fields));
}

// ExpectSameResult decodes `bytes` with Decode and with the general path, each
// into its own index, and requires identical results.
void ExpectSameResult(const Decoder& decoder, std::string_view bytes, FieldIndex& a,
                      FieldIndex& b, std::uint64_t* fast_taken = nullptr) {
  MessageView general_view;
  MessageView view;
  const Error general = DecoderPaths::General(decoder, bytes, a, general_view);
  const Error e = decoder.Decode(bytes, b, view);
  ASSERT_EQ(e.code, general.code) << ErrorCodeName(e.code) << " vs " << ErrorCodeName(general.code);
  ASSERT_EQ(e.offset, general.offset);
  ASSERT_EQ(e.tag, general.tag);
  if (!e.ok()) return;
  ASSERT_EQ(view.data(), general_view.data());
  ASSERT_EQ(view.size(), general_view.size());
  ASSERT_EQ(view.body_length(), general_view.body_length());
  ASSERT_EQ(view.checksum(), general_view.checksum());
  ASSERT_EQ(view.field_count(), general_view.field_count());
  std::set<std::uint32_t> tags;
  for (std::uint32_t i = 0; i < view.field_count(); ++i) {
    const Field& f = view.field(i);
    const Field& g = general_view.field(i);
    ASSERT_EQ(f.tag, g.tag) << i;
    ASSERT_EQ(f.offset, g.offset) << i;
    ASSERT_EQ(f.length, g.length) << i;
    tags.insert(f.tag);
  }
  // Lookups: every tag of the message, and tags it lacks (stale slots from earlier messages).
  for (std::uint32_t t : {1u, 11u, 35u, 58u, 96u, 9999u, 10000u, 123456u}) tags.insert(t);
  for (std::uint32_t t : tags) {
    const Field* f = view.Find(t);
    const Field* g = general_view.Find(t);
    ASSERT_EQ(f == nullptr, g == nullptr) << t;
    if (f != nullptr) {
      ASSERT_EQ(f - view.fields().data(), g - general_view.fields().data()) << t;
    }
  }
  if (fast_taken != nullptr) {
    MessageView fast_view;
    if (DecoderPaths::Fast(decoder, bytes, b, fast_view)) ++*fast_taken;
  }
}

// Frame writes 8=, 9= and 10= around a body given as raw bytes.
std::string Frame(std::string_view begin, std::string_view body) {
  const std::string head = "8=" + std::string(begin) + "\x01" "9=" + std::to_string(body.size()) + "\x01";
  const std::string before = head + std::string(body);
  char cs[8];
  std::snprintf(cs, sizeof cs, "%03u", testing::RefChecksum(before));
  return before + "10=" + cs + "\x01";
}

using DecoderFastPathTest = ::fixwire::testing::ActiveIsaTest;

// Ordinary messages of every size from 32 bytes (up to several 2 KB scan
// chunks) take the fast path, and their fields are the reference parser's.
TEST_P(DecoderFastPathTest, OrdinaryMessagesTakeTheFastPath) {
  testing::RandomMessageMaker maker(500 + static_cast<int>(GetParam()));
  Decoder decoder;
  FieldIndex index(4096);
  for (int i = 0; i < 3000; ++i) {
    const std::string m = OrdinaryMessage(maker, i % 40 == 0 ? 600 : 30);
    const ExactCopy copy(m);
    MessageView view;
    if (m.size() < 32) {  // the fast header check reads 32 bytes
      ASSERT_FALSE(DecoderPaths::Fast(decoder, copy.view(), index, view));
      continue;
    }
    ASSERT_TRUE(DecoderPaths::Fast(decoder, copy.view(), index, view)) << i << " " << m;
    std::vector<RefField> ref;
    ASSERT_TRUE(testing::ReferenceParse(m, &ref));
    ASSERT_EQ(view.field_count(), ref.size());
    for (std::size_t k = 0; k < ref.size(); ++k) {
      const Field& f = view.field(static_cast<std::uint32_t>(k));
      ASSERT_EQ(f.tag, ref[k].tag) << k;
      ASSERT_EQ(view.value(f), ref[k].value) << k;
    }
    ASSERT_EQ(view.size(), m.size());
    ASSERT_EQ(view.checksum(), testing::RefChecksum(std::string_view(m).substr(0, m.size() - 7)));
  }
}

// Random messages of every kind (data fields, large tags), ordinary ones, and
// both mutated at every position and cut at every length: Decode always
// equals the general path, with standard and lenient options.
TEST_P(DecoderFastPathTest, MutatedAndTruncatedMatchTheGeneralPath) {
  testing::RandomMessageMaker maker(900 + static_cast<int>(GetParam()));
  Decoder decoder;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  lenient_options.validate_checksum = false;
  Decoder lenient(lenient_options);
  FieldIndex a(512);
  FieldIndex b(512);
  const unsigned char kBytes[] = {0x01, '=', '0', '1', '9', 'A', 0x00, 0xff, '8', 0x2f, 0x3a};
  std::uint64_t fast = 0;
  for (int round = 0; round < 40; ++round) {
    const std::string m =
        round % 4 == 0 ? maker.RandomMessage(nullptr, 10) : OrdinaryMessage(maker, 10);
    for (const Decoder* d : {&decoder, &lenient}) {
      for (std::size_t n = 0; n <= m.size(); ++n) {
        const ExactCopy prefix(std::string_view(m).substr(0, n));
        ASSERT_NO_FATAL_FAILURE(ExpectSameResult(*d, prefix.view(), a, b)) << n;
      }
      for (std::size_t pos = 0; pos < m.size(); ++pos) {
        for (unsigned char c : kBytes) {
          std::string mutated = m;
          mutated[pos] = static_cast<char>(c);
          const ExactCopy copy(mutated);
          ASSERT_NO_FATAL_FAILURE(ExpectSameResult(*d, copy.view(), a, b, &fast))
              << "pos " << pos << " byte " << int{c};
        }
        // A byte inserted or removed (BodyLength then points elsewhere).
        std::string inserted = m;
        inserted.insert(pos, 1, static_cast<char>(kBytes[pos % sizeof kBytes]));
        const ExactCopy ins(inserted);
        ASSERT_NO_FATAL_FAILURE(ExpectSameResult(*d, ins.view(), a, b)) << "insert " << pos;
        std::string erased = m;
        erased.erase(pos, 1);
        const ExactCopy era(erased);
        ASSERT_NO_FATAL_FAILURE(ExpectSameResult(*d, era.view(), a, b)) << "erase " << pos;
      }
    }
  }
  // Mutations that keep the frame valid (a byte of a value changed to another
  // value byte, with the CheckSum off) are often still fast: the check above covered both paths.
  EXPECT_GT(fast, 1000u);
}

// Fields with the tags and values around the fast path's limits, CheckSum
// right and wrong, in one message each: Decode equals the general path.
TEST_P(DecoderFastPathTest, EdgeFieldsMatchTheGeneralPath) {
  Decoder decoder;
  FieldIndex a(64);
  FieldIndex b(64);
  const std::vector<std::vector<RefField>> bodies = {
      {{35, "0"}},
      {{35, ""}},
      {{35, "D"}, {1, "x"}, {9999, "y"}},
      {{35, "D"}, {10000, "x"}},                    // 5 digits
      {{35, "D"}, {16383, "x"}, {16384, "y"}},      // around the direct table
      {{35, "D"}, {123456789, "x"}},                // 9 digits
      {{35, "D"}, {58, ""}},                        // empty value
      {{35, "D"}, {95, "3"}, {96, "a\x01="}},       // a data field
      {{35, "D"}, {10, "000"}},                     // 10 in the body
      {{35, "D"}, {8, "FIX.4.4"}},                  // 8 in the body
      {{35, "D"}, {9, "5"}},                        // 9 in the body
      {{35, "D"}, {5000, "=="}, {58, "a=b"}},
      {{34, "1"}, {35, "D"}},                       // 35 not first
  };
  for (const auto& body : bodies) {
    for (const char* begin : {"FIX.4.4", "FIXT.1.1", "FIX.4.2.extra.long", "FIX.", "FIX"}) {
      std::string m = Assemble(begin, body);
      const ExactCopy copy(m);
      ASSERT_NO_FATAL_FAILURE(ExpectSameResult(decoder, copy.view(), a, b)) << m;
      m[m.size() - 2] = static_cast<char>(m[m.size() - 2] == '0' ? '1' : '0');  // wrong CheckSum
      const ExactCopy bad(m);
      ASSERT_NO_FATAL_FAILURE(ExpectSameResult(decoder, bad.view(), a, b)) << m;
    }
  }
  // Hand-written tags the Assemble helper cannot write: leading zeros, no tag, letters.
  for (const char* field : {"035=D", "0=1", "=1", "3a=1", "1234", "01=x", "0001=x", "12345=x"}) {
    for (bool first : {true, false}) {
      const std::string body = first ? std::string(field) + "\x01" : "35=D\x01" + std::string(field) + "\x01";
      const std::string m = Frame("FIX.4.4", body);
      const ExactCopy copy(m);
      ASSERT_NO_FATAL_FAILURE(ExpectSameResult(decoder, copy.view(), a, b)) << field;
    }
  }
}

// Long ordinary messages (several 2 KB scan chunks) with one field the fast
// path does not take, anywhere: Decode then continues with the general path
// where the fast walk stopped (the fields so far and the byte sum so far
// carried over). It must equal the general path from scratch, with the
// CheckSum right and wrong, and the lookups must find everything.
TEST_P(DecoderFastPathTest, StopAnywhereThenGeneralPathMatches) {
  testing::RandomMessageMaker maker(4242 + static_cast<int>(GetParam()));
  Decoder decoder;
  FieldIndex a(2048);
  FieldIndex b(2048);
  const std::vector<std::vector<RefField>> stoppers = {
      {{95, "5"}, {96, "a\x01=\x01b"}},  // a data field with SOH and '=' inside
      {{212, "3"}, {213, "<x>"}},
      {{20001, "x"}},                   // 5 digits
      {{123456789, "y"}},               // 9 digits
      {{16384, "z"}},                   // past the direct table
      {{58, ""}},                       // empty value: an error
      {{10, "123"}},                    // 10 in the body: an error
      {{95, "9"}, {96, "abc"}},         // a data length past its data: an error
  };
  for (int i = 0; i < 300; ++i) {
    std::vector<RefField> body = OrdinaryBody(maker, i % 3 == 0 ? 700 : 60);
    const auto& stopper = stoppers[i % stoppers.size()];
    const std::size_t at = 1 + maker.Uniform(0, static_cast<std::uint32_t>(body.size() - 1));
    body.insert(body.begin() + static_cast<std::ptrdiff_t>(at), stopper.begin(), stopper.end());
    std::string m = Assemble(i % 2 ? "FIX.4.4" : "FIXT.1.1", body);
    const ExactCopy copy(m);
    ASSERT_NO_FATAL_FAILURE(ExpectSameResult(decoder, copy.view(), a, b)) << i;
    m[m.size() - 2] = static_cast<char>(m[m.size() - 2] == '0' ? '1' : '0');  // wrong CheckSum
    const ExactCopy bad(m);
    ASSERT_NO_FATAL_FAILURE(ExpectSameResult(decoder, bad.view(), a, b)) << i;
  }
}

// Every index capacity around the field count, and a direct table smaller
// than the 4-digit tags: the fast path's room checks agree with the general path's.
TEST_P(DecoderFastPathTest, IndexSizesMatchTheGeneralPath) {
  testing::RandomMessageMaker maker(77);
  Decoder decoder;
  for (int round = 0; round < 20; ++round) {
    const std::string m = OrdinaryMessage(maker, round % 3 == 0 ? 80 : 25);
    std::vector<RefField> ref;
    ASSERT_TRUE(testing::ReferenceParse(m, &ref));
    const std::uint32_t count = static_cast<std::uint32_t>(ref.size());
    std::set<std::uint32_t> capacities = {1, 3, 4, 5, 17, 18, 19, 20, 40};
    for (std::uint32_t c = count > 20 ? count - 20 : 1; c <= count + 20; ++c) capacities.insert(c);
    for (std::uint32_t capacity : capacities) {
      for (std::uint32_t direct_tags : {FieldIndex::kDefaultDirectTags, 9999u, 10000u, 64u}) {
        FieldIndex a(capacity, direct_tags);
        FieldIndex b(capacity, direct_tags);
        ASSERT_NO_FATAL_FAILURE(ExpectSameResult(decoder, m, a, b))
            << "capacity " << capacity << " direct " << direct_tags;
      }
    }
  }
  FieldIndex invalid;
  FieldIndex other;
  MessageView view;
  EXPECT_EQ(decoder.Decode("8=FIX.4.4\x01" "9=5\x01" "35=0\x01" "10=000\x01", invalid, view).code,
            ErrorCode::kIndexCapacityExceeded);
}

// A message the fast path takes publishes no hash table: tags at or above
// the index's direct_tags that an earlier message (general path) put in the
// hash table are not found in it, and are found again when such a message is
// decoded next, through default and smallest (10000) direct tables.
TEST_P(DecoderFastPathTest, LargeTagsOfAnEarlierMessageAreNotFound) {
  Decoder decoder;
  const std::string ordinary =
      Assemble("FIX.4.4", {{35, "0"}, {49, "A"}, {56, "B"}, {34, "7"}, {58, "text"}});
  for (const std::uint32_t direct_tags : {FieldIndex::kDefaultDirectTags, 10000u}) {
    const std::vector<std::uint32_t> large = {10001u, 16384u, 123456u, 999999999u};
    std::vector<RefField> body = {{35, "D"}, {11, "x"}};
    for (std::uint32_t tag : large) body.push_back({tag, "v" + std::to_string(tag)});
    const std::string with_large = Assemble("FIX.4.4", body);
    FieldIndex index(64, direct_tags);
    for (int round = 0; round < 3; ++round) {
      MessageView view;
      ASSERT_TRUE(decoder.Decode(with_large, index, view).ok());
      for (std::size_t k = 0; k < large.size(); ++k) {
        const Field* f = view.Find(large[k]);
        ASSERT_NE(f, nullptr) << large[k] << " round " << round;
        EXPECT_EQ(f - view.fields().data(), static_cast<std::ptrdiff_t>(4 + k)) << large[k];
      }
      MessageView fast_view;
      ASSERT_TRUE(DecoderPaths::Fast(decoder, ordinary, index, fast_view));
      MessageView ordinary_view;
      ASSERT_TRUE(decoder.Decode(ordinary, index, ordinary_view).ok());
      for (const MessageView* v : {&fast_view, &ordinary_view}) {
        for (std::uint32_t tag : large) {
          EXPECT_EQ(v->Find(tag), nullptr) << tag << " direct " << direct_tags;
          EXPECT_FALSE(v->Get(tag).has_value()) << tag;
          EXPECT_EQ(v->Count(tag), 0u) << tag;
        }
        ASSERT_NE(v->Find(58), nullptr);
        EXPECT_EQ(v->Find(58) - v->fields().data(), 6);
      }
    }
  }
}

// Bodies ending on both sides of 2 KB, where the fast walk goes from one
// scan of the whole message to a scan per 2 KB chunk, with the last field's
// SOH at every offset near it, and indexes of every capacity around the field
// count: the fast path takes them all (given room) with the reference
// parser's fields, and Decode equals the general path whatever the room.
TEST_P(DecoderFastPathTest, BodiesAroundTheScanChunkSize) {
  testing::RandomMessageMaker maker(2048 + static_cast<int>(GetParam()));
  Decoder decoder;
  constexpr std::size_t kHead = 17;  // "8=FIX.4.4<SOH>9=dddd<SOH>"
  for (std::size_t body_end = 1960; body_end <= 2140; ++body_end) {
    // 35=, short random fields, then one field padded to end the body at body_end.
    std::string body = "35=D\x01";
    while (kHead + body.size() + 40 < body_end) {
      std::uint32_t tag = maker.Uniform(11, 9999);
      if (testing::ReferenceLengthPairs().count(tag) != 0) tag = 58;
      body += std::to_string(tag) + "=" + maker.RandomValue(12) + "\x01";
    }
    body += "58=" + std::string(body_end - kHead - body.size() - 4, 'p') + "\x01";
    const std::string m = Frame("FIX.4.4", body);
    ASSERT_EQ(m.size(), body_end + 7);
    std::vector<RefField> ref;
    ASSERT_TRUE(testing::ReferenceParse(m, &ref));
    const ExactCopy copy(m);
    FieldIndex roomy(4096);
    MessageView view;
    ASSERT_TRUE(DecoderPaths::Fast(decoder, copy.view(), roomy, view)) << body_end;
    ASSERT_EQ(view.field_count(), ref.size());
    for (std::size_t k = 0; k < ref.size(); ++k) {
      const Field& f = view.field(static_cast<std::uint32_t>(k));
      ASSERT_EQ(f.tag, ref[k].tag) << k;
      ASSERT_EQ(view.value(f), ref[k].value) << k;
    }
    const std::uint32_t count = static_cast<std::uint32_t>(ref.size());
    for (std::uint32_t capacity = count - 3; capacity <= count + 20; ++capacity) {
      FieldIndex a(capacity);
      FieldIndex b(capacity);
      ASSERT_NO_FATAL_FAILURE(ExpectSameResult(decoder, copy.view(), a, b))
          << "body_end " << body_end << " capacity " << capacity;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllIsas, DecoderFastPathTest, ::testing::ValuesIn(simd::kAllIsas),
                         [](const ::testing::TestParamInfo<simd::Isa>& param_info) {
                           return std::string(simd::IsaName(param_info.param));
                         });

}  // namespace
}  // namespace fixwire
