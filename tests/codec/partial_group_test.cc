// partial_group_test.cc: PartialGroup cuts each entry exactly as IndexGroups
// does on the full decode (every top-level group of every workload with
// groups, nested ones included), reads the first entries of the snapshot's
// 2,642-entry group without indexing the rest, and reports a group shorter
// than declared, a bad count and a missing delimiter.
#include <string>
#include <vector>

#include "benchmarks/fixwire_dictionaries.h"
#include "benchmarks/workloads.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/partial_group.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/wire/partial_message.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"

namespace fixwire {
namespace {

DecoderOptions OnDemand() {
  DecoderOptions options;
  options.partial_eager_bytes = 0;
  return options;
}

const Dictionary& DictionaryFor(std::string_view begin_string) {
  std::string error;
  const Dictionary* d = bench::FixwireDictionary(begin_string, &error);
  EXPECT_NE(d, nullptr) << error;
  return *d;
}

TEST(PartialGroupTest, EntriesAreIndexGroupsEntries) {
  const Decoder decoder(OnDemand());
  FieldIndex full_index(1 << 16);
  FieldIndex index(1 << 16);
  GroupStorage storage(1 << 12, 1 << 14);
  int groups_checked = 0;
  for (const bench::Workload& w : bench::AllWorkloads()) {
    if (!w.has_groups) continue;
    SCOPED_TRACE(std::string(w.name));
    const Dictionary& dict = DictionaryFor(w.begin_string);
    MessageView view;
    ASSERT_TRUE(decoder.Decode(w.bytes, full_index, view).ok());
    GroupedMessage grouped;
    ASSERT_TRUE(IndexGroups(view, dict, {}, storage, &grouped).ok());
    for (GroupView g : grouped.groups()) {
      const std::uint32_t count_tag = g.count_field().tag;
      SCOPED_TRACE(count_tag);
      PartialMessage m;
      ASSERT_TRUE(m.Open(decoder, w.bytes, index).ok());
      PartialGroup entries;
      ASSERT_TRUE(entries.Open(m, dict, count_tag).ok());
      ASSERT_TRUE(entries.present());
      EXPECT_EQ(entries.declared_count(), g.declared_count());
      PartialEntry entry;
      for (std::uint32_t i = 0; i < g.size(); ++i) {
        ASSERT_TRUE(entries.Next(&entry)) << i << " " << ErrorCodeName(entries.error().code);
        const auto want = g.entry(i).fields();
        const auto got = entry.fields();
        ASSERT_EQ(got.size(), want.size()) << "entry " << i;
        ASSERT_EQ(got.data()->offset, want.data()->offset) << "entry " << i;
        EXPECT_EQ(entry.GetOr(got[0].tag), g.entry(i).GetOr(got[0].tag));
      }
      EXPECT_FALSE(entries.Next(&entry));
      EXPECT_TRUE(entries.error().ok()) << ErrorCodeName(entries.error().code);
      ++groups_checked;
    }
  }
  EXPECT_GE(groups_checked, 4);
}

TEST(PartialGroupTest, FirstEntriesOfALargeGroupIndexLittle) {
  const bench::Workload& w = bench::GetWorkload("MDSnapshot165K");
  const Dictionary& dict = DictionaryFor(w.begin_string);
  const Decoder decoder;
  FieldIndex index(1 << 16);
  PartialMessage m;
  ASSERT_TRUE(m.Open(decoder, w.bytes, index).ok());
  PartialGroup entries;
  ASSERT_TRUE(entries.Open(m, dict, 268).ok());
  EXPECT_GT(entries.declared_count(), 2000u);
  PartialEntry entry;
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(entries.Next(&entry));
    EXPECT_TRUE(entry.Has(269));
  }
  EXPECT_LT(m.indexed().size(), 100u);
  EXPECT_FALSE(m.complete());
}

TEST(PartialGroupTest, ShortGroupsAndBadCountsAreErrors) {
  const Dictionary& dict = DictionaryFor("FIX.4.4");
  const Decoder decoder(OnDemand());
  FieldIndex index(256);
  auto first_error = [&](const std::string& bytes) {
    PartialMessage m;
    EXPECT_TRUE(m.Open(decoder, bytes, index).ok());
    PartialGroup entries;
    const Error e = entries.Open(m, dict, 268);
    if (!e.ok()) return e.code;
    PartialEntry entry;
    while (entries.Next(&entry)) {
    }
    return entries.error().code;
  };
  const std::string hdr(testing::kStdHeader);
  // Three declared, two sent.
  EXPECT_EQ(first_error(testing::Frame("FIX.4.4", "X", hdr + "|262=R|268=3|279=0|269=0|270=1|279=0|269=1|270=2")),
            ErrorCode::kGroupCountMismatch);
  EXPECT_EQ(first_error(testing::Frame("FIX.4.4", "X", hdr + "|262=R|268=x|279=0|269=0")),
            ErrorCode::kBadValue);
  // The first entry does not start with the delimiter 279.
  EXPECT_EQ(first_error(testing::Frame("FIX.4.4", "X", hdr + "|262=R|268=2|269=0|279=0|270=1|279=0")),
            ErrorCode::kGroupMissingDelimiter);
  // Absent: no group, no error.
  EXPECT_EQ(first_error(testing::Frame("FIX.4.4", "X", hdr + "|262=R")), ErrorCode::kOk);
  EXPECT_EQ(first_error(testing::Frame("FIX.4.4", "X", hdr + "|262=R|268=2|279=0|269=0|279=1|269=1")),
            ErrorCode::kOk);
}

}  // namespace
}  // namespace fixwire
