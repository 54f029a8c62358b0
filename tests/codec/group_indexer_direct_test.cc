// IndexGroups answers "which listed count tag occurs first" with the view's
// direct table alone when that table covers the message's largest listed
// count tag (Dictionary::max_top_group_count_tag < MessageView::direct_tags),
// and through MessageView::Find (the hash table above it) otherwise. This
// test decodes random messages into field indexes whose direct tables end
// just below, at and just above each count tag of a dictionary whose count
// tags sit in the header, the body (below and above the default direct
// size), the trailer and a nested group, and into indexes of tiny
// capacities reused from message to message (stale slots), and compares
// IndexGroups with the reference walk (IndexGroupsReference, which looks
// nothing up): the same Error and the same records. Count tags appear
// anywhere, repeated, with wrong, undefined and long MsgTypes; FIX 4.4's
// ExecutionReport and Heartbeat (NoHops in the header) are covered too.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/internal/group_indexer.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_indexer_reference.h"
#include "tests/codec/group_records_test_util.h"

namespace fixwire {
namespace {

using testing::DictionaryCache;
using testing::ExpectSameResult;
using testing::Frame;

// Count tags: 300 (header), 20 and 20000 (body of A1), 700 (body of A2,
// with 20000 nested in it), 950 (trailer), 20 again (body of the long type
// "ABC"). A3 lists only the header's and trailer's.
constexpr const char* kPlacedXml = R"(<fix type="FIX" major="4" minor="4" servicepack="0">
<header><field name="BeginString" required="Y"/><field name="BodyLength" required="Y"/>
<field name="MsgType" required="Y"/><field name="SenderCompID" required="N"/>
<group name="NoHdr" required="N"><field name="HdrID" required="N"/><field name="HdrX" required="N"/></group>
</header>
<trailer><group name="NoSig" required="N"><field name="SigID" required="N"/></group>
<field name="CheckSum" required="Y"/></trailer>
<messages>
<message name="A1" msgtype="A1" msgcat="app"><field name="Text" required="N"/>
<group name="NoLow" required="N"><field name="LowID" required="N"/><field name="LowX" required="N"/></group>
<group name="NoHigh" required="N"><field name="HighID" required="N"/><field name="HighX" required="N"/></group>
</message>
<message name="A2" msgtype="A2" msgcat="app"><field name="Text" required="N"/>
<group name="NoMid" required="N"><field name="MidID" required="N"/>
<group name="NoHigh" required="N"><field name="HighID" required="N"/><field name="HighX" required="N"/></group>
</group></message>
<message name="A3" msgtype="A3" msgcat="app"><field name="Text" required="N"/></message>
<message name="Long" msgtype="ABC" msgcat="app">
<group name="NoLow" required="N"><field name="LowID" required="N"/><field name="LowX" required="N"/></group>
</message>
</messages>
<fields><field number="8" name="BeginString" type="STRING"/>
<field number="9" name="BodyLength" type="LENGTH"/><field number="35" name="MsgType" type="STRING"/>
<field number="10" name="CheckSum" type="STRING"/><field number="49" name="SenderCompID" type="STRING"/>
<field number="58" name="Text" type="STRING"/>
<field number="20" name="NoLow" type="NUMINGROUP"/><field number="21" name="LowID" type="STRING"/>
<field number="22" name="LowX" type="STRING"/>
<field number="300" name="NoHdr" type="NUMINGROUP"/><field number="301" name="HdrID" type="STRING"/>
<field number="302" name="HdrX" type="STRING"/>
<field number="700" name="NoMid" type="NUMINGROUP"/><field number="701" name="MidID" type="STRING"/>
<field number="950" name="NoSig" type="NUMINGROUP"/><field number="951" name="SigID" type="STRING"/>
<field number="20000" name="NoHigh" type="NUMINGROUP"/><field number="20001" name="HighID" type="STRING"/>
<field number="20002" name="HighX" type="STRING"/>
</fields></fix>)";
constexpr const char* kPlaced = "inline:placed-count-tags";

// A group: its count tag, its delimiter and its other members.
struct GroupShape {
  std::uint32_t count;
  std::vector<std::uint32_t> members;  // members[0] is the delimiter
};

struct Case {
  const char* dictionary;
  const char* begin;
  std::vector<std::string> types;  // defined, of another dictionary, undefined, long
  std::vector<GroupShape> groups;  // every group the dictionary's messages may hold
  std::vector<std::uint32_t> plain;
  std::vector<std::uint32_t> direct_sizes;
};

std::vector<Case> Cases() {
  return {
      {kPlaced,
       "FIX.4.4",
       {"A1", "A2", "A3", "ABC", "8", "ZZ", "ABD", "A"},
       {{20, {21, 22}},
        {300, {301, 302}},
        {700, {701, 20000}},
        {950, {951}},
        {20000, {20001, 20002}}},
       {49, 58, 9999, 40000},
       {0, 1, 20, 21, 300, 301, 700, 701, 950, 951, 16384, 20000, 20001, 32768}},
      {"codec/dictionaries/FIX44.xml",
       "FIX.4.4",
       {"8", "0", "D", "R", "X", "W", "A1", "ZZ"},
       {{627, {628, 629, 630}},
        {453, {448, 447, 452, 802}},
        {802, {523, 803}},
        {78, {79, 80}},
        {136, {137, 138, 139}},
        {146, {55, 48, 22}},
        {268, {279, 269, 278}}},
       {49, 56, 34, 52, 11, 17, 150, 58, 9999},
       {0, 78, 79, 453, 454, 627, 628, 1000, 16384}},
  };
}

// Message builds a random body: plain fields and group blocks (a count,
// then that many entries, each the delimiter and some members in order),
// sometimes with the count wrong, a field dropped or moved, a count tag
// repeated or alone.
std::string Message(const Case& c, std::mt19937& rng) {
  std::vector<std::string> f;
  const int parts = static_cast<int>(rng() % 7);
  for (int p = 0; p < parts; ++p) {
    if (rng() % 3 == 0) {
      f.push_back(std::to_string(c.plain[rng() % c.plain.size()]) + "=p");
      continue;
    }
    const GroupShape& g = c.groups[rng() % c.groups.size()];
    const std::uint32_t entries = rng() % 4;
    const std::uint32_t declared = rng() % 5 == 0 ? rng() % 4 : entries;
    f.push_back(std::to_string(g.count) + "=" + (rng() % 25 == 0 ? "x" : std::to_string(declared)));
    for (std::uint32_t e = 0; e < entries; ++e) {
      for (std::size_t m = 0; m < g.members.size(); ++m) {
        if (m == 0 || rng() % 2 == 0) f.push_back(std::to_string(g.members[m]) + "=" + "1");
      }
    }
  }
  if (!f.empty() && rng() % 3 == 0) {  // a field moved, repeated or dropped
    const std::size_t a = rng() % f.size();
    const std::size_t b = rng() % f.size();
    switch (rng() % 3) {
      case 0:
        std::swap(f[a], f[b]);
        break;
      case 1:
        f.insert(f.begin() + static_cast<std::ptrdiff_t>(b), f[a]);
        break;
      default:
        f.erase(f.begin() + static_cast<std::ptrdiff_t>(a));
        break;
    }
  }
  std::string joined;
  for (const std::string& s : f) joined += (joined.empty() ? "" : "|") + s;
  return joined;
}

class DirectTableTest : public ::testing::Test {
 protected:
  DirectTableTest() { dicts_.AddXml(kPlaced, kPlacedXml); }

  // Check decodes `bytes` into `index` and compares IndexGroups with the
  // reference under `options`; counts the messages the direct table settled.
  void Check(const Dictionary& d, const std::string& bytes, FieldIndex& index,
             const GroupOptions& options, const std::string& what) {
    DecoderOptions decoder_options;
    decoder_options.allow_empty_values = true;
    MessageView view;
    if (!Decoder(decoder_options).Decode(bytes, index, view).ok()) return;
    const Error one = IndexGroups(view, d, options, fast_storage_, &fast_);
    const Error two =
        testing::IndexGroupsReference(view, d, d, options, reference_storage_, &reference_);
    ++seen_.compared;
    const MessageDef* m = d.message(view.msg_type());
    if (m != nullptr && d.max_top_group_count_tag(*m) < view.direct_tags()) {
      ++seen_.direct;
      if (reference_.group_count() != 0) ++seen_.direct_grouped;
    } else {
      ++seen_.not_direct;
    }
    ExpectSameResult(one, fast_, two, reference_, what);
  }

  DictionaryCache dicts_;
  GroupStorage fast_storage_{64, 512}, reference_storage_{64, 512};
  GroupedMessage fast_, reference_;  // IndexGroups', IndexGroupsReference's
  struct {
    int compared = 0;
    int direct = 0;          // the direct table covered the listed count tags
    int direct_grouped = 0;  // ... and a group was found
    int not_direct = 0;
  } seen_;
};

// The largest listed count tag of each message type, checked by hand.
TEST_F(DirectTableTest, LargestListedCountTag) {
  const Dictionary& d = dicts_.Get(kPlaced);
  const struct {
    const char* type;
    std::uint32_t max;
  } want[] = {{"A1", 20000}, {"A2", 950}, {"A3", 950}, {"ABC", 950}};
  for (const auto& w : want) {
    const MessageDef* m = d.message(w.type);
    ASSERT_NE(m, nullptr) << w.type;
    EXPECT_EQ(d.max_top_group_count_tag(*m), w.max) << w.type;
  }
  const Dictionary& fix42 = dicts_.Get("codec/dictionaries/FIX42.xml");
  const MessageDef* heartbeat = fix42.message("0");
  ASSERT_NE(heartbeat, nullptr);
  EXPECT_EQ(fix42.max_top_group_count_tag(*heartbeat), 0u);  // no group at all
}

// Every direct-table size against every random message, indexes reused.
TEST_F(DirectTableTest, EveryDirectSizeAgreesWithTheReference) {
  std::mt19937 rng(20261204);
  for (const Case& c : Cases()) {
    const Dictionary& d = dicts_.Get(c.dictionary);
    std::vector<std::unique_ptr<FieldIndex>> indexes;
    for (std::uint32_t direct : c.direct_sizes) {
      indexes.push_back(std::make_unique<FieldIndex>(256, direct));
    }
    for (int iter = 0; iter < 3000; ++iter) {
      const std::string& type = c.types[rng() % c.types.size()];
      const std::string bytes = Frame(c.begin, type, Message(c, rng));
      const GroupOptions options{rng() % 4 == 0, static_cast<UnknownInGroup>(rng() % 3),
                                 rng() % 2 == 0};
      for (std::size_t k = 0; k < indexes.size(); ++k) {
        Check(d, bytes, *indexes[k], options,
              std::string(c.dictionary) + " direct " + std::to_string(c.direct_sizes[k]) + " " +
                  bytes);
        if (HasFatalFailure()) return;
      }
    }
  }
  // Both ways taken often, and the direct way with groups found.
  EXPECT_GT(seen_.direct, seen_.compared / 8);
  EXPECT_GT(seen_.not_direct, seen_.compared / 2);
  EXPECT_GT(seen_.direct_grouped, seen_.compared / 20);
}

// Tiny capacities: the index holds just the message (or one more field), so
// direct slots left by a longer earlier message point past its end, and
// slots of a shorter one point at other tags.
TEST_F(DirectTableTest, TinyCapacitiesWithStaleSlots) {
  std::mt19937 rng(4242);
  for (const Case& c : Cases()) {
    const Dictionary& d = dicts_.Get(c.dictionary);
    for (std::uint32_t capacity : {4u, 6u, 8u, 12u, 16u}) {
      for (std::uint32_t direct : c.direct_sizes) {
        FieldIndex index(capacity, direct);
        for (int iter = 0; iter < 150; ++iter) {
          const std::string& type = c.types[rng() % c.types.size()];
          const std::string bytes = Frame(c.begin, type, Message(c, rng));
          Check(d, bytes, index, GroupOptions{},
                std::string(c.dictionary) + " capacity " + std::to_string(capacity) + " direct " +
                    std::to_string(direct) + " " + bytes);
          if (HasFatalFailure()) return;
        }
      }
    }
  }
  EXPECT_GT(seen_.compared, 1000);
  EXPECT_GT(seen_.direct_grouped, 50);
}

// Hand-written placements: a count tag in the header, in the trailer, only
// nested, repeated, and found first through a later listed tag.
TEST_F(DirectTableTest, PlacedCountTags) {
  const Dictionary& d = dicts_.Get(kPlaced);
  const char* const bodies[] = {
      "300=1|301=h|49=S|58=t",                        // header group
      "49=S|58=t|950=1|951=s",                        // trailer group
      "49=S|20=1|21=a|20000=1|20001=b",               // body groups, low and high
      "49=S|20000=1|20001=b|20=1|21=a",               // the high one first
      "700=1|701=m|20000=2|20001=a|20001=b|58=t",     // 20000 only nested (A2)
      "58=t|20=1|21=a|20=1|21=b",                     // a count tag repeated
      "300=1|301=h|20=2|21=a|22=x|21=b|950=1|951=s",  // header, body, trailer
  };
  for (const char* type : {"A1", "A2", "A3", "ABC", "ZZ"}) {
    for (const char* body : bodies) {
      for (std::uint32_t direct : {0u, 20u, 21u, 300u, 301u, 950u, 951u, 20000u, 20001u}) {
        FieldIndex index(64, direct);
        Check(d, Frame("FIX.4.4", type, body), index, GroupOptions{},
              std::string(type) + " direct " + std::to_string(direct) + " " + body);
        if (HasFatalFailure()) return;
      }
    }
  }
  // The records themselves, checked by hand once: A1 with header, body and
  // trailer groups, direct table covering all (default size).
  FieldIndex index(64);
  MessageView view;
  const std::string bytes = Frame("FIX.4.4", "A1", bodies[6]);
  ASSERT_TRUE(Decoder().Decode(bytes, index, view).ok());
  ASSERT_TRUE(IndexGroups(view, d, GroupOptions{}, fast_storage_, &fast_).ok());
  EXPECT_EQ(fast_.group(300).size(), 1u);
  EXPECT_EQ(fast_.group(20).size(), 2u);
  EXPECT_EQ(fast_.group(950).size(), 1u);
  EXPECT_EQ(fast_.group_count(), 3u);
}

}  // namespace
}  // namespace fixwire
