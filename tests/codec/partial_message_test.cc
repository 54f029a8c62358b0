// partial_message_test.cc: decoding on demand answers every lookup exactly
// as the full decode does, whichever way its index was filled: all at once,
// the first n fields, up to a tag, or lookup by lookup (present tags, absent
// ones, repeated ones, large ones, data fields), on random messages, on the
// suite's workloads and on indexes with small direct tables, always on
// demand and with small messages decoded whole at Open. On broken messages
// IndexAll and a walk to the end return exactly Decode's error.
#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks/workloads.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_decoder.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/wire/partial_message.h"
#include "gtest/gtest.h"
#include "tests/codec/fix_test_util.h"

namespace fixwire {
namespace {

constexpr std::uint32_t kEveryField = std::numeric_limits<std::uint32_t>::max();

bool SameField(const Field* a, const Field* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return a->tag == b->tag && a->offset == b->offset && a->length == b->length;
}

bool SameError(Error a, Error b) { return a.code == b.code && a.offset == b.offset && a.tag == b.tag; }

std::string Describe(Error e) {
  return std::string(ErrorCodeName(e.code)) + "@" + std::to_string(e.offset) + " tag " +
         std::to_string(e.tag);
}

// Tags to look up: every tag of the message, absent ones near them, large ones.
std::vector<std::uint32_t> LookupTags(const MessageView& full, std::mt19937_64& rng) {
  std::vector<std::uint32_t> tags;
  for (const Field& f : full) {
    tags.push_back(f.tag);
    tags.push_back(f.tag + 1);
  }
  for (std::uint32_t t : {1u, 8u, 9u, 10u, 35u, 55u, 9999u, 10000u, 16383u, 16384u, 20000u,
                          999999999u}) {
    tags.push_back(t);
  }
  for (int i = 0; i < 8; ++i) tags.push_back(static_cast<std::uint32_t>(rng() % 30000));
  std::shuffle(tags.begin(), tags.end(), rng);
  return tags;
}

void ExpectSameView(const MessageView& got, const MessageView& want) {
  ASSERT_EQ(got.field_count(), want.field_count());
  EXPECT_EQ(got.size(), want.size());
  EXPECT_EQ(got.body_length(), want.body_length());
  EXPECT_EQ(got.checksum(), want.checksum());
  for (std::uint32_t i = 0; i < got.field_count(); ++i) {
    ASSERT_TRUE(SameField(&got.field(i), &want.field(i))) << i;
  }
}

enum class Fill { kAll, kFields, kThrough, kLookups, kGetters };

// Checks one way of filling against the full decode `full` of `bytes`.
void CheckFill(Fill fill, const Decoder& decoder, std::string_view bytes, FieldIndex& index,
               const MessageView& full, std::mt19937_64& rng) {
  PartialMessage m;
  ASSERT_TRUE(m.Open(decoder, bytes, index).ok());
  EXPECT_EQ(m.msg_type(), full.msg_type());
  EXPECT_EQ(m.begin_string(), full.begin_string());
  EXPECT_EQ(m.body_length(), full.body_length());
  EXPECT_EQ(m.size(), full.size());
  const std::uint32_t n = full.field_count();
  switch (fill) {
    case Fill::kAll:
      ASSERT_TRUE(m.IndexAll().ok());
      break;
    case Fill::kFields: {
      const std::uint32_t k = static_cast<std::uint32_t>(rng() % (n + 3));
      ASSERT_TRUE(m.IndexFields(k).ok());
      EXPECT_GE(m.indexed().size(), std::min(k, n));
      break;
    }
    case Fill::kThrough: {
      const std::uint32_t tag =
          rng() % 4 == 0 ? static_cast<std::uint32_t>(rng() % 20000) : full.field(rng() % n).tag;
      ASSERT_TRUE(m.IndexThrough(tag).ok());
      EXPECT_TRUE(SameField(full.Find(tag), m.Find(tag))) << tag;
      break;
    }
    case Fill::kLookups:
    case Fill::kGetters:
      break;
  }
  // What is indexed is always a prefix of the full decode's fields.
  const std::span<const Field> prefix = m.indexed();
  ASSERT_LE(prefix.size(), n);
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    ASSERT_TRUE(SameField(&prefix[i], &full.field(static_cast<std::uint32_t>(i)))) << i;
  }
  EXPECT_EQ(m.complete(), prefix.size() == n);
  for (std::uint32_t tag : LookupTags(full, rng)) {
    if (fill == Fill::kGetters) {
      std::uint64_t a = 0, b = 0;
      std::int64_t c = 0, d = 0;
      ASSERT_EQ(m.GetUint64(tag, &a), full.GetUint64(tag, &b)) << tag;
      EXPECT_EQ(a, b);
      ASSERT_EQ(m.GetInt64(tag, &c), full.GetInt64(tag, &d)) << tag;
      EXPECT_EQ(c, d);
      EXPECT_EQ(m.GetOr(tag, "none"), full.GetOr(tag, "none")) << tag;
      EXPECT_EQ(m.Has(tag), full.Has(tag));
    } else {
      ASSERT_TRUE(SameField(m.Find(tag), full.Find(tag))) << "tag " << tag;
    }
  }
  EXPECT_TRUE(m.error().ok());
  ASSERT_TRUE(m.IndexAll().ok());
  ASSERT_TRUE(m.complete());
  ExpectSameView(m.view(), full);
  const MessageView v = m.view();
  for (std::uint32_t tag : LookupTags(full, rng)) {
    ASSERT_TRUE(SameField(v.Find(tag), full.Find(tag))) << tag;
    EXPECT_EQ(v.Count(tag), full.Count(tag));
  }
}

void CheckMessage(const Decoder& decoder, std::string_view bytes, FieldIndex& full_index,
                  FieldIndex& index, std::mt19937_64& rng) {
  MessageView full;
  const Error want = decoder.Decode(bytes, full_index, full);
  if (!want.ok()) {
    // IndexAll, and a walk to the end, report exactly Decode's error.
    PartialMessage a;
    Error e = a.Open(decoder, bytes, index);
    if (e.ok()) e = a.IndexAll();
    EXPECT_TRUE(SameError(e, want)) << Describe(e) << " want " << Describe(want);
    EXPECT_FALSE(a.complete());
    EXPECT_EQ(a.Find(35), nullptr);
    PartialMessage b;
    e = b.Open(decoder, bytes, index);
    if (e.ok()) e = b.IndexFields(kEveryField);
    EXPECT_TRUE(SameError(e, want)) << Describe(e) << " want " << Describe(want);
    // Lookups never crash and, when they stop at an error, it is Decode's.
    PartialMessage c;
    if (c.Open(decoder, bytes, index).ok()) {
      for (int i = 0; i < 6; ++i) (void)c.Find(static_cast<std::uint32_t>(rng() % 2000));
      if (!c.error().ok()) {
        EXPECT_TRUE(SameError(c.error(), want)) << Describe(c.error());
      }
    }
    return;
  }
  for (Fill fill : {Fill::kAll, Fill::kFields, Fill::kThrough, Fill::kLookups, Fill::kGetters}) {
    SCOPED_TRACE(static_cast<int>(fill));
    CheckFill(fill, decoder, bytes, index, full, rng);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Always on demand (the default decodes small messages whole at Open).
DecoderOptions OnDemand(DecoderOptions options = {}) {
  options.partial_eager_bytes = 0;
  return options;
}

TEST(PartialMessageTest, RandomMessagesAnswerAsTheFullDecode) {
  const Decoder on_demand(OnDemand());
  const Decoder eager;
  FieldIndex full_index(1 << 12);
  FieldIndex index(1 << 12);
  FieldIndex no_direct(1 << 12, 0);      // every tag through the hash table
  FieldIndex small_direct(1 << 12, 64);  // most tags through it
  testing::RandomMessageMaker maker(2026);
  std::mt19937_64 rng(30);
  for (int i = 0; i < 3000; ++i) {
    const std::string m = maker.RandomMessage(nullptr, i % 10 == 0 ? 600 : 40);
    SCOPED_TRACE(i);
    CheckMessage(i % 4 == 0 ? eager : on_demand, m, full_index,
                 i % 3 == 0 ? no_direct : i % 3 == 1 ? small_direct : index, rng);
    if (HasFatalFailure()) return;
  }
}

TEST(PartialMessageTest, WorkloadsAnswerAsTheFullDecode) {
  const Decoder on_demand(OnDemand());
  const Decoder eager;
  FieldIndex full_index(1 << 16);
  FieldIndex index(1 << 16);
  std::mt19937_64 rng(31);
  for (const bench::Workload& w : bench::AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    CheckMessage(on_demand, w.bytes, full_index, index, rng);
    CheckMessage(eager, w.bytes, full_index, index, rng);
    if (HasFatalFailure()) return;
  }
}

TEST(PartialMessageTest, SmallMessagesDecodeWholeAtOpen) {
  const Decoder eager;
  const Decoder on_demand(OnDemand());
  FieldIndex index(64);
  const std::string m = testing::Assemble("FIX.4.4", {{35, "D"}, {11, "A"}, {55, "IBM"}});
  PartialMessage p;
  ASSERT_TRUE(p.Open(eager, m, index).ok());
  EXPECT_TRUE(p.complete());
  EXPECT_EQ(p.view().field_count(), 6u);
  ASSERT_TRUE(p.Open(on_demand, m, index).ok());
  EXPECT_FALSE(p.complete());
  EXPECT_EQ(p.indexed().size(), 3u);
}

TEST(PartialMessageTest, OptionsAnswerAsTheFullDecode) {
  DecoderOptions options = OnDemand();
  options.allow_empty_values = true;
  options.validate_checksum = false;
  const Decoder decoder(options);
  FieldIndex full_index(256);
  FieldIndex index(256);
  std::mt19937_64 rng(32);
  testing::RandomMessageMaker maker(7);
  for (int i = 0; i < 500; ++i) {
    std::vector<testing::RefField> body = maker.RandomBody(30);
    if (i % 2 == 0) body.push_back({58, ""});
    std::string m = testing::Assemble("FIX.4.4", body);
    if (i % 3 == 0) m[m.size() - 2] = m[m.size() - 2] == '9' ? '0' : '9';  // CheckSum not checked
    CheckMessage(decoder, m, full_index, index, rng);
    if (HasFatalFailure()) return;
  }
}

TEST(PartialMessageTest, BrokenMessagesFailAsTheFullDecode) {
  const Decoder on_demand(OnDemand());
  const Decoder eager;
  FieldIndex full_index(64);  // some messages exceed it: index_capacity_exceeded
  FieldIndex index(64);
  testing::RandomMessageMaker maker(99);
  std::mt19937_64 rng(33);
  const char alphabet[] = {'\x01', '=', '0', '1', '3', '5', '8', '9', 'a'};
  for (int i = 0; i < 20000; ++i) {
    std::string m = maker.RandomMessage(nullptr, i % 5 == 0 ? 80 : 20);
    const int changes = static_cast<int>(rng() % 3);
    for (int c = 0; c < changes; ++c) m[rng() % m.size()] = alphabet[rng() % sizeof alphabet];
    if (rng() % 4 == 0) {
      // Fix the CheckSum so that field errors are what is found.
      const std::size_t trailer = m.size() - 7;
      char cs[8];
      std::snprintf(cs, sizeof cs, "%03u", testing::RefChecksum(m.substr(0, trailer)));
      m.replace(trailer + 3, 3, cs);
    }
    if (rng() % 8 == 0) m.resize(rng() % m.size());
    SCOPED_TRACE(i);
    CheckMessage(i % 4 == 0 ? eager : on_demand, m, full_index, index, rng);
    if (HasFatalFailure()) return;
  }
}

TEST(PartialMessageTest, ReadsTheStartWithoutIndexingTheRest) {
  const bench::Workload& w = bench::GetWorkload("MDSnapshot165K");
  MessageDecoder decoder;
  PartialMessage m;
  ASSERT_TRUE(decoder.Open(w.bytes, m).ok());
  EXPECT_EQ(m.msg_type(), "W");
  EXPECT_EQ(m.indexed().size(), 3u);
  ASSERT_TRUE(m.IndexFields(10).ok());
  EXPECT_EQ(m.indexed().size(), 10u);
  EXPECT_FALSE(m.complete());
  EXPECT_NE(m.Find(55), nullptr);
  EXPECT_LT(m.indexed().size(), 40u);
  EXPECT_TRUE(m.view().bytes().empty());  // not complete: no view yet
  ASSERT_TRUE(m.IndexAll().ok());
  EXPECT_TRUE(m.complete());
  EXPECT_GT(m.view().field_count(), 10000u);
}

TEST(PartialMessageTest, CheckSumIsVerifiedAtOpen) {
  std::string m = testing::Assemble("FIX.4.4", {{35, "D"}, {55, "IBM"}});
  m[m.size() - 2] = m[m.size() - 2] == '9' ? '0' : '9';
  const Decoder decoder(OnDemand());
  FieldIndex index(64);
  PartialMessage p;
  const Error e = p.Open(decoder, m, index);
  EXPECT_EQ(e.code, ErrorCode::kCheckSumMismatch);
  EXPECT_EQ(p.Find(35), nullptr);
  EXPECT_EQ(p.msg_type(), "");
  EXPECT_EQ(p.IndexAll().code, ErrorCode::kCheckSumMismatch);
}

TEST(PartialMessageTest, NotOpenedFindsNothing) {
  PartialMessage m;
  EXPECT_EQ(m.Find(35), nullptr);
  EXPECT_TRUE(m.IndexAll().ok());
  EXPECT_FALSE(m.complete());
  EXPECT_EQ(m.view().field_count(), 0u);
}

}  // namespace
}  // namespace fixwire
