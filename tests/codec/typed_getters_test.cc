// typed_getters_test.cc: MessageView's inline Find and typed getters against
// a plain reading of the same message: the first field of each tag found by a
// linear scan of fields(), its value parsed with the values.h parser, or
// kFieldNotFound. Values of every kind and length the inline fast paths take
// (ints 1..8 digits and longer, decimals up to 8 bytes and longer, timestamps
// of 17/21/24/27 bytes and others, chars) and malformed ones, tags in the
// direct table, above it, and indexes with a small direct table (every lookup
// through the hash table). And zero allocation for all of it.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/values/decimal.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/values/values.h"
#include "tests/codec/fix_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::RefField;

// ReferenceFind: the first field with `tag`, by a linear scan.
const Field* ReferenceFind(const MessageView& view, std::uint32_t tag) {
  for (const Field& f : view.fields()) {
    if (f.tag == tag) return &f;
  }
  return nullptr;
}

bool IsLengthOrDataTag(std::uint32_t tag) {
  for (const auto& [length, data] : testing::ReferenceLengthPairs()) {
    if (tag == length || tag == data) return true;
  }
  return false;
}

std::string RandomDigits(std::mt19937_64& rng, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('0' + rng() % 10);
  return s;
}

// RandomValue: a value of one of the typed shapes, sometimes damaged.
std::string RandomValue(std::mt19937_64& rng) {
  std::string v;
  switch (rng() % 6) {
    case 0:  // int: optional sign, 1..12 digits
      v = (rng() % 5 == 0 ? "-" : "") + RandomDigits(rng, 1 + rng() % 12);
      break;
    case 1: {  // decimal: 1..12 digits with a dot somewhere (or none)
      v = RandomDigits(rng, 1 + rng() % 12);
      if (rng() % 4 != 0) v.insert(rng() % (v.size() + 1), 1, '.');
      if (rng() % 5 == 0) v.insert(0, 1, '-');
      break;
    }
    case 2: {  // timestamp, every fraction width
      char buf[32];
      std::snprintf(buf, sizeof buf, "%04d%02d%02d-%02d:%02d:%02d",
                    1960 + static_cast<int>(rng() % 160), 1 + static_cast<int>(rng() % 12),
                    1 + static_cast<int>(rng() % 28), static_cast<int>(rng() % 24),
                    static_cast<int>(rng() % 60), static_cast<int>(rng() % 61));
      v = buf;
      const int width = static_cast<int>(rng() % 14) - 1;
      if (width >= 0) v += "." + RandomDigits(rng, static_cast<std::size_t>(width));
      break;
    }
    case 3:  // char
      v = std::string(1, static_cast<char>('0' + rng() % 75));
      break;
    case 4:  // short text
      v = std::string(1 + rng() % 3, 'Y');
      break;
    default:  // bool
      v = rng() % 2 == 0 ? "Y" : "N";
      break;
  }
  if (rng() % 8 == 0) v[rng() % v.size()] = "x.-:/ 9"[rng() % 7];
  return v;
}

// ExpectGettersLikeReference checks every getter for `tag` on `view`.
void ExpectGettersLikeReference(const MessageView& view, std::uint32_t tag) {
  const Field* ref = ReferenceFind(view, tag);
  ASSERT_EQ(view.Find(tag), ref) << tag;
  ASSERT_EQ(view.Has(tag), ref != nullptr);
  const std::string_view text = ref != nullptr ? view.value(*ref) : std::string_view();
  ASSERT_EQ(view.GetOr(tag, "absent"), ref != nullptr ? text : std::string_view("absent"));
  auto expect = [&](auto getter, auto parser, auto* got, auto* want) {
    const ErrorCode code = getter(got);
    if (ref == nullptr) {
      ASSERT_EQ(code, ErrorCode::kFieldNotFound) << tag;
      return;
    }
    const ErrorCode want_code = parser(want);
    ASSERT_EQ(code, want_code) << tag << " " << text;
    if (code == ErrorCode::kOk) {
      ASSERT_TRUE(*got == *want) << tag << " " << text;
    }
  };
  std::int64_t i1 = 0, i2 = 0;
  expect([&](std::int64_t* o) { return view.GetInt64(tag, o); },
         [&](std::int64_t* o) { return ParseInt64(text, o); }, &i1, &i2);
  std::uint64_t u1 = 0, u2 = 0;
  expect([&](std::uint64_t* o) { return view.GetUint64(tag, o); },
         [&](std::uint64_t* o) { return ParseUint64(text, o); }, &u1, &u2);
  Decimal d1, d2;
  expect([&](Decimal* o) { return view.GetDecimal(tag, o); },
         [&](Decimal* o) { return ParseDecimal(text, o); }, &d1, &d2);
  std::int64_t t1 = 0, t2 = 0;
  expect([&](std::int64_t* o) { return view.GetUtcTimestamp(tag, o); },
         [&](std::int64_t* o) { return ParseUtcTimestamp(text, o); }, &t1, &t2);
  char c1 = 0, c2 = 0;
  expect([&](char* o) { return view.GetChar(tag, o); }, [&](char* o) { return ParseChar(text, o); },
         &c1, &c2);
  bool b1 = false, b2 = false;
  expect([&](bool* o) { return view.GetBool(tag, o); }, [&](bool* o) { return ParseBool(text, o); },
         &b1, &b2);
}

TEST(TypedGettersTest, RandomMessagesAgainstLinearScanAndParsers) {
  std::mt19937_64 rng(404);
  for (std::uint32_t direct_tags : {FieldIndex::kDefaultDirectTags, 64u, 1u, 0u}) {
    FieldIndex index(256, direct_tags);
    ASSERT_TRUE(index.valid());
    for (int m = 0; m < 300; ++m) {
      std::vector<RefField> body = {{35, "D"}};
      const std::size_t n = 1 + rng() % 40;
      for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t tag;
        switch (rng() % 4) {
          case 0: tag = 11 + static_cast<std::uint32_t>(rng() % 60); break;        // small, often repeated
          case 1: tag = 100 + static_cast<std::uint32_t>(rng() % 900); break;
          case 2: tag = 5000 + static_cast<std::uint32_t>(rng() % 5000); break;
          default: tag = 20000 + static_cast<std::uint32_t>(rng() % 100000); break;  // above the table
        }
        if (IsLengthOrDataTag(tag)) continue;  // data fields: not what this test is about
        body.push_back({tag, RandomValue(rng)});
      }
      const std::string bytes = testing::Assemble("FIX.4.4", body);
      const testing::ExactCopy exact(bytes);
      MessageView view;
      ASSERT_TRUE(Decoder().Decode(exact.view(), index, view).ok()) << bytes;
      for (const RefField& f : body) ExpectGettersLikeReference(view, f.tag);
      for (std::uint32_t tag : {0u, 1u, 7u, 8u, 9u, 10u, 34u, 52u, 63u, 64u, 65u, 9999u, 16383u,
                                16384u, 16385u, 999'999'999u}) {
        ExpectGettersLikeReference(view, tag);
      }
    }
  }
}

TEST(TypedGettersTest, EveryGetterAllocatesNothing) {
  const std::vector<RefField> body = {
      {35, "D"},          {34, "4567"},           {11, "ORD000042"},
      {38, "12345678"},   {14, "123456789012"},   {44, "123.45"},
      {6, "1234567.8901"}, {52, "20261202-15:30:00"}, {60, "20261202-15:29:59.998"},
      {122, "20261202-15:29:59.998123"}, {64, "20261202-15:29:59.998123456"},
      {62, "20261202-15:29:59.998123456789"}, {54, "1"}, {43, "Y"}, {75, "20261202"},
      {200, "202612"},    {70000, "77"}};
  const std::string bytes = testing::Assemble("FIX.4.4", body);
  FieldIndex index(64);
  MessageView view;
  ASSERT_TRUE(Decoder().Decode(bytes, index, view).ok());
  std::uint64_t sink = 0;  // unsigned: the sums wrap
  testing::AllocationScope scope;
  for (int i = 0; i < 10'000; ++i) {
    std::int64_t v = 0;
    std::uint64_t u = 0;
    Decimal d;
    char c = 0;
    bool b = false;
    Date date;
    MonthYear my;
    for (std::uint32_t tag : {34u, 38u, 14u, 70000u}) {
      sink += view.GetInt64(tag, &v) == ErrorCode::kOk ? v : 1;
      sink += view.GetUint64(tag, &u) == ErrorCode::kOk ? static_cast<std::int64_t>(u) : 1;
    }
    for (std::uint32_t tag : {44u, 6u}) sink += view.GetDecimal(tag, &d) == ErrorCode::kOk ? d.mantissa : 1;
    for (std::uint32_t tag : {52u, 60u, 122u, 64u, 62u}) {
      sink += view.GetUtcTimestamp(tag, &v) == ErrorCode::kOk ? v : 1;
    }
    sink += view.GetChar(54, &c) == ErrorCode::kOk ? c : 1;
    sink += view.GetBool(43, &b) == ErrorCode::kOk ? b : 1;
    sink += view.GetUtcDateOnly(75, &date) == ErrorCode::kOk ? date.day : 1;
    sink += view.GetMonthYear(200, &my) == ErrorCode::kOk ? my.month : 1;
    sink += static_cast<std::int64_t>(view.GetOr(11).size());
    sink += view.GetInt64(9999, &v) == ErrorCode::kFieldNotFound ? 1 : 0;
  }
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_EQ(scope.deallocations(), 0u);
  EXPECT_NE(sink, 0u);
}

}  // namespace
}  // namespace fixwire
