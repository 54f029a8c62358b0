// Repeating groups indexed with a dictionary: hand-checked nested examples,
// a random property test against the generator's own structure, every error
// under strict and lenient options, and zero allocations.
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/internal/group_records.h"

#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "fixwire/values/decimal.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::Frame;
using testing::kStdHeader;
using testing::LoadOrDie;

class GroupViewTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dict_ = new Dictionary(LoadOrDie("tests/data/dictionaries/mini44.xml"));
  }
  static void TearDownTestSuite() { delete dict_; }

  // Decodes FIX.4.4 `type` with `fields` after the standard header and indexes its groups.
  Error Index(std::string_view type, std::string_view fields, GroupOptions options = {}) {
    DecodeInto(decoded_, Frame("FIX.4.4", type, std::string(kStdHeader) + "|" + std::string(fields)));
    EXPECT_TRUE(decoded_.error.ok()) << ErrorCodeName(decoded_.error.code);
    return IndexGroups(decoded_.view, *dict_, options, storage_, &msg_);
  }
  // Offset of the value of the n-th (0-based) occurrence of "tag=" in the bytes.
  std::uint32_t OffsetOf(std::uint32_t tag, int n = 0) const {
    std::uint32_t seen = 0;
    for (const Field& f : decoded_.view.fields()) {
      if (f.tag == tag && seen++ == static_cast<std::uint32_t>(n)) return f.offset;
    }
    ADD_FAILURE() << "no tag " << tag;
    return 0;
  }

  static Dictionary* dict_;
  Decoded decoded_;
  GroupStorage storage_{64, 256};
  GroupedMessage msg_;
};
Dictionary* GroupViewTest::dict_ = nullptr;

TEST_F(GroupViewTest, ThreeLevelsWithEmptyNestedGroupAndFieldsAfterGroups) {
  Error e = Index("R",
                  "131=Q1|146=2"
                  "|55=AAA|54=1|555=2"
                  "|600=L1|624=1|604=2|605=X1|606=4|605=X2|606=8|623=0.5"
                  "|600=L2|624=2|604=0"
                  "|15=USD"
                  "|55=BBB|555=0"
                  "|58=done");
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " tag " << e.tag;
  EXPECT_EQ(msg_.GetTopLevel(131).value_or(""), "Q1");
  EXPECT_EQ(msg_.GetTopLevel(58).value_or(""), "done");  // body field right after the group
  GroupView syms = msg_.group(146);
  ASSERT_TRUE(syms.present());
  ASSERT_EQ(syms.size(), 2u);
  EXPECT_EQ(syms.declared_count(), 2u);
  GroupEntryView s0 = syms.entry(0);
  EXPECT_EQ(s0.GetOr(55), "AAA");
  EXPECT_EQ(s0.GetOr(54), "1");
  EXPECT_EQ(s0.GetOr(15), "USD");  // outer entry field right after a nested group
  EXPECT_FALSE(s0.Has(600));       // nested fields are not the entry's own
  EXPECT_FALSE(s0.Has(58));
  GroupView legs = s0.group(555);
  ASSERT_EQ(legs.size(), 2u);
  EXPECT_EQ(legs.entry(0).GetOr(600), "L1");
  EXPECT_EQ(legs.entry(0).GetOr(623), "0.5");  // after the third-level group
  EXPECT_FALSE(legs.entry(0).Has(605));
  GroupView alts = legs.entry(0).group(604);
  ASSERT_EQ(alts.size(), 2u);
  EXPECT_EQ(alts.entry(0).GetOr(605), "X1");
  EXPECT_EQ(alts.entry(0).GetOr(606), "4");
  EXPECT_EQ(alts.entry(1).GetOr(605), "X2");
  EXPECT_EQ(alts.entry(1).GetOr(606), "8");
  EXPECT_EQ(alts.entry(1).fields().size(), 2u);
  EXPECT_EQ(legs.entry(1).GetOr(600), "L2");
  GroupView empty = legs.entry(1).group(604);
  EXPECT_TRUE(empty.present());
  EXPECT_EQ(empty.size(), 0u);
  EXPECT_FALSE(legs.entry(1).Has(15));
  GroupEntryView s1 = syms.entry(1);
  EXPECT_EQ(s1.GetOr(55), "BBB");
  EXPECT_TRUE(s1.group(555).present());
  EXPECT_EQ(s1.group(555).size(), 0u);
  EXPECT_FALSE(s1.group(604).present());
  // Entry ranges: entry 0 runs from 55=AAA to 15=USD inclusive (15 fields).
  EXPECT_EQ(s0.fields().size(), 15u);
  EXPECT_EQ(s0.fields().front().tag, 55u);
  EXPECT_EQ(s0.fields().back().tag, 15u);
  EXPECT_EQ(msg_.group_count(), 5u);  // 146, two 555, two 604
  EXPECT_FALSE(msg_.group(555).present());  // not top level
}

// Range-for over the groups of a scope (GroupList) and over a group's
// entries (GroupView::Iterator), and GroupView::fields(): the same groups,
// entries and fields as the records.
TEST_F(GroupViewTest, RangesOverGroupsEntriesAndFields) {
  Error e = Index("R",
                  "627=1|628=HUB"
                  "|131=Q1|146=2"
                  "|55=AAA|54=1|555=2"
                  "|600=L1|624=1|604=2|605=X1|606=4|605=X2|606=8|623=0.5"
                  "|600=L2|624=2|604=0"
                  "|15=USD"
                  "|55=BBB|555=0"
                  "|58=done");
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " tag " << e.tag;
  // Top-level groups in wire order: the header's NoHops, then NoRelatedSym.
  std::vector<std::uint32_t> top;
  for (const GroupView g : msg_.groups()) top.push_back(g.count_field().tag);
  EXPECT_EQ(top, (std::vector<std::uint32_t>{627, 146}));
  EXPECT_FALSE(msg_.groups().empty());
  // fields(): the count field, then every entry's fields (nested ones too).
  const GroupView syms = msg_.group(146);
  const std::span<const Field> all = syms.fields();
  ASSERT_EQ(all.size(), 18u);
  EXPECT_EQ(&all.front(), &syms.count_field());
  EXPECT_EQ(all.back().tag, 555u);  // BBB's empty NoLegs
  EXPECT_EQ(all.data() + all.size(), syms.entry(1).fields().data() + syms.entry(1).fields().size());
  // Entries by range-for and by index agree; nested groups by GroupList.
  std::uint32_t i = 0;
  std::string nested;
  for (const GroupEntryView sym : syms) {
    EXPECT_EQ(sym.fields().data(), syms.entry(i).fields().data());
    for (const GroupView g : sym.groups()) {
      nested += std::to_string(g.count_field().tag) + ":" + std::to_string(g.size()) + ";";
      for (const GroupEntryView leg : g) {
        nested += std::string(leg.GetOr(600)) + "(";
        for (const GroupView sub : leg.groups()) {
          for (const GroupEntryView alt : sub) nested += std::string(alt.GetOr(605));
        }
        nested += ")";
      }
    }
    ++i;
  }
  EXPECT_EQ(i, 2u);
  EXPECT_EQ(nested, "555:2;L1(X1X2)L2()555:0;");
  // Absent groups and default views are empty ranges.
  EXPECT_TRUE(msg_.group(9999).fields().empty());
  EXPECT_EQ(msg_.group(9999).begin(), msg_.group(9999).end());
  EXPECT_TRUE(GroupEntryView().groups().empty());
  EXPECT_TRUE(GroupList().empty());
  int count = 0;
  for (const GroupView g : GroupList()) count += static_cast<int>(g.size());
  EXPECT_EQ(count, 0);
}

// A GroupStorage in caller memory indexes as one that allocates; too little
// memory leaves it empty (every group then kIndexCapacityExceeded).
TEST_F(GroupViewTest, StorageInCallerMemory) {
  const std::string fields = "131=Q1|146=3|55=A|55=B|55=C";
  ASSERT_TRUE(Index("R", fields).ok());
  const std::size_t bytes = GroupStorage::StorageBytes(4, 8);
  EXPECT_EQ(bytes, 4 * 28u + 8 * 12u);
  alignas(GroupStorage::kStorageAlignment) unsigned char memory[4 * 28 + 8 * 12];
  GroupStorage in_memory(memory, sizeof memory, 4, 8);
  EXPECT_EQ(in_memory.max_groups(), 4u);
  EXPECT_EQ(in_memory.max_entries(), 8u);
  GroupedMessage msg;
  ASSERT_TRUE(IndexGroups(decoded_.view, *dict_, {}, in_memory, &msg).ok());
  ASSERT_EQ(msg.group(146).size(), 3u);
  EXPECT_EQ(msg.group(146).entry(2).GetOr(55), "C");
  EXPECT_EQ(reinterpret_cast<const unsigned char*>(&msg.group(146).count_field()),
            reinterpret_cast<const unsigned char*>(&decoded_.view.fields()[8]));
  GroupStorage too_small(memory, bytes - 1, 4, 8);
  EXPECT_EQ(too_small.max_groups(), 0u);
  EXPECT_EQ(too_small.max_entries(), 0u);
  EXPECT_EQ(IndexGroups(decoded_.view, *dict_, {}, too_small, &msg).code,
            ErrorCode::kIndexCapacityExceeded);
  GroupStorage misaligned(memory + 1, sizeof memory - 1, 2, 2);
  EXPECT_EQ(misaligned.max_groups(), 0u);
}

TEST_F(GroupViewTest, TypedGettersInEntries) {
  ASSERT_TRUE(Index("W",
                    "262=R1|55=EURUSD|268=2"
                    "|269=0|270=1.10250|271=1000000|272=20240102|273=03:04:05.250"
                    "|269=1|270=1.10270|271=-5")
                  .ok());
  GroupView e = msg_.group(268);
  ASSERT_EQ(e.size(), 2u);
  Decimal px;
  ASSERT_EQ(e.entry(0).GetDecimal(270, &px), ErrorCode::kOk);
  EXPECT_EQ(px, (Decimal{110250, -5}));
  std::int64_t size;
  ASSERT_EQ(e.entry(0).GetInt64(271, &size), ErrorCode::kOk);
  EXPECT_EQ(size, 1000000);
  ASSERT_EQ(e.entry(1).GetInt64(271, &size), ErrorCode::kOk);
  EXPECT_EQ(size, -5);
  std::uint64_t usize;
  EXPECT_EQ(e.entry(1).GetUint64(271, &usize), ErrorCode::kBadValue);
  char type;
  ASSERT_EQ(e.entry(1).GetChar(269, &type), ErrorCode::kOk);
  EXPECT_EQ(type, '1');
  Date date;
  ASSERT_EQ(e.entry(0).GetUtcDateOnly(272, &date), ErrorCode::kOk);
  EXPECT_EQ(date, (Date{2024, 1, 2}));
  std::int64_t nanos;
  ASSERT_EQ(e.entry(0).GetUtcTimeOnly(273, &nanos), ErrorCode::kOk);
  EXPECT_EQ(nanos, ((3 * 60 + 4) * 60 + 5) * kNanosPerSecond + 250'000'000);
  EXPECT_EQ(e.entry(1).GetDecimal(272, &px), ErrorCode::kFieldNotFound);
}

TEST_F(GroupViewTest, HeaderGroup) {
  DecodeInto(decoded_, Frame("FIX.4.4", "0",
                             "49=S|56=T|34=3|52=20240102-03:04:05|627=2|628=HUB1|629=20240102-03:04:04"
                             "|628=HUB2|112=T1"));
  ASSERT_TRUE(decoded_.error.ok());
  ASSERT_TRUE(IndexGroups(decoded_.view, *dict_, {}, storage_, &msg_).ok());
  GroupView hops = msg_.group(627);
  ASSERT_EQ(hops.size(), 2u);
  EXPECT_EQ(hops.entry(1).GetOr(628), "HUB2");
  EXPECT_FALSE(hops.entry(1).Has(112));
  EXPECT_EQ(msg_.GetTopLevel(112).value_or(""), "T1");
}

TEST_F(GroupViewTest, CountMismatch) {
  Error e = Index("R", "131=Q|146=3|55=A|55=B|58=x");
  EXPECT_EQ(e.code, ErrorCode::kGroupCountMismatch);
  EXPECT_EQ(e.tag, 146u);
  EXPECT_EQ(e.offset, OffsetOf(146));
  GroupOptions lax;
  lax.check_count = false;
  e = Index("R", "131=Q|146=3|55=A|55=B|58=x", lax);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(msg_.group(146).size(), 2u);
  EXPECT_EQ(msg_.group(146).declared_count(), 3u);
  // More entries than declared is always an error.
  e = Index("R", "131=Q|146=1|55=A|55=B", lax);
  EXPECT_EQ(e.code, ErrorCode::kGroupCountMismatch);
  // A count with no entries at all (next field not in the group).
  e = Index("R", "131=Q|146=1|58=x");
  EXPECT_EQ(e.code, ErrorCode::kGroupCountMismatch);
  EXPECT_EQ(e.tag, 146u);
  // A huge count: no huge reservation, just a mismatch.
  e = Index("R", "131=Q|146=4294967296|55=A");
  EXPECT_EQ(e.code, ErrorCode::kGroupCountMismatch);
  e = Index("R", "131=Q|146=99999999999999999999999|55=A");
  EXPECT_EQ(e.code, ErrorCode::kBadValue);
  e = Index("R", "131=Q|146=-1|55=A");
  EXPECT_EQ(e.code, ErrorCode::kBadValue);
  EXPECT_EQ(e.tag, 146u);
  e = Index("R", "131=Q|146=x|55=A");
  EXPECT_EQ(e.code, ErrorCode::kBadValue);
}

TEST_F(GroupViewTest, MissingDelimiter) {
  Error e = Index("R", "131=Q|146=1|54=1|55=A");
  EXPECT_EQ(e.code, ErrorCode::kGroupMissingDelimiter);
  EXPECT_EQ(e.tag, 54u);
  EXPECT_EQ(e.offset, OffsetOf(54));
  // Nested: the leg entry must start with LegSymbol(600).
  e = Index("R", "131=Q|146=1|55=A|555=1|624=1|600=L");
  EXPECT_EQ(e.code, ErrorCode::kGroupMissingDelimiter);
  EXPECT_EQ(e.tag, 624u);
}

TEST_F(GroupViewTest, OutOfOrderStrictAndLenient) {
  const char* fields = "131=Q|146=2|55=A|38=100|54=1|55=B|54=2|58=x";
  Error e = Index("R", fields);
  EXPECT_EQ(e.code, ErrorCode::kGroupFieldOutOfOrder);
  EXPECT_EQ(e.tag, 54u);
  EXPECT_EQ(e.offset, OffsetOf(54, 0));
  GroupOptions lenient;
  lenient.allow_out_of_order = true;
  e = Index("R", fields, lenient);
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code);
  ASSERT_EQ(msg_.group(146).size(), 2u);
  EXPECT_EQ(msg_.group(146).entry(0).GetOr(54), "1");
  EXPECT_EQ(msg_.group(146).entry(0).GetOr(38), "100");
  EXPECT_EQ(msg_.group(146).entry(1).GetOr(54), "2");
  EXPECT_EQ(msg_.GetTopLevel(58).value_or(""), "x");
  // A field twice in one entry.
  e = Index("R", "131=Q|146=1|55=A|54=1|54=2");
  EXPECT_EQ(e.code, ErrorCode::kGroupFieldOutOfOrder);
  EXPECT_EQ(e.offset, OffsetOf(54, 1));
}

// Entries that repeat the previous entry's tags are accepted in one pass of
// tag comparisons: the records, the template position they leave behind and
// the entries that only share a prefix must come out as field by field.
TEST_F(GroupViewTest, EntriesRepeatingThePreviousEntrysTags) {
  ASSERT_TRUE(Index("R", "131=Q|146=3|55=A|54=1|38=100|55=B|54=2|38=200|55=C|54=1|38=300|58=x").ok());
  GroupView g = msg_.group(146);
  ASSERT_EQ(g.size(), 3u);
  for (std::uint32_t i = 0; i < 3; ++i) EXPECT_EQ(g.entry(i).fields().size(), 3u) << i;
  EXPECT_EQ(g.entry(1).GetOr(55), "B");
  EXPECT_EQ(g.entry(2).GetOr(38), "300");
  EXPECT_EQ(g.entry(2).fields().data()->offset, OffsetOf(55, 2));
  EXPECT_EQ(msg_.GetTopLevel(58).value_or(""), "x");

  // After a repeated entry the template position is its last field's (38):
  // 54 then is out of order, as it would be field by field.
  Error e = Index("R", "131=Q|146=2|55=A|54=1|38=1|55=B|54=1|38=2|54=2");
  EXPECT_EQ(e.code, ErrorCode::kGroupFieldOutOfOrder);
  EXPECT_EQ(e.tag, 54u);
  EXPECT_EQ(e.offset, OffsetOf(54, 2));

  // A longer entry sharing the previous entry's tags as a prefix, then a shorter one.
  ASSERT_TRUE(Index("R", "131=Q|146=3|55=A|54=1|55=B|54=1|38=5|55=C|54=2").ok());
  g = msg_.group(146);
  ASSERT_EQ(g.size(), 3u);
  EXPECT_EQ(g.entry(0).fields().size(), 2u);
  EXPECT_EQ(g.entry(1).fields().size(), 3u);
  EXPECT_EQ(g.entry(1).GetOr(38), "5");
  EXPECT_EQ(g.entry(2).fields().size(), 2u);
  EXPECT_FALSE(g.entry(2).Has(38));

  // More repeated entries than declared.
  e = Index("R", "131=Q|146=2|55=A|54=1|55=B|54=1|55=C|54=1");
  EXPECT_EQ(e.code, ErrorCode::kGroupCountMismatch);
  EXPECT_EQ(e.tag, 146u);

  // Unknown tags kept in repeated entries.
  GroupOptions keep;
  keep.unknown_fields = UnknownInGroup::kKeepInEntry;
  ASSERT_TRUE(Index("R", "131=Q|146=2|55=A|7777=u|54=1|55=B|7777=v|54=2|58=x", keep).ok());
  g = msg_.group(146);
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g.entry(1).GetOr(7777), "v");
  EXPECT_EQ(g.entry(1).GetOr(54), "2");
  EXPECT_EQ(msg_.GetTopLevel(58).value_or(""), "x");

  // A run of entries with the model's tags, the last one with an extra
  // field, then an entry with fewer fields, then another run (hand-counted
  // entry sizes).
  ASSERT_TRUE(Index("R",
                    "131=Q|146=7|55=A|54=1|55=B|54=2|55=C|54=1|55=D|54=2|38=4|55=E|55=F|54=1|"
                    "55=G|54=2|58=x")
                  .ok());
  g = msg_.group(146);
  ASSERT_EQ(g.size(), 7u);
  const std::size_t sizes[] = {2, 2, 2, 3, 1, 2, 2};
  for (std::uint32_t i = 0; i < 7; ++i) EXPECT_EQ(g.entry(i).fields().size(), sizes[i]) << i;
  EXPECT_EQ(g.entry(3).GetOr(38), "4");
  EXPECT_EQ(g.entry(6).GetOr(54), "2");
  EXPECT_EQ(msg_.GetTopLevel(58).value_or(""), "x");
  // A run that reaches the declared count, then one entry too many.
  e = Index("R", "131=Q|146=3|55=A|54=1|55=B|54=1|55=C|54=1|55=D|54=1");
  EXPECT_EQ(e.code, ErrorCode::kGroupCountMismatch);
  EXPECT_EQ(msg_.group(146).size(), 3u);
  EXPECT_EQ(msg_.group(146).entry(2).fields().size(), 2u);

  // Entries with nested groups are indexed field by field, children included.
  ASSERT_TRUE(Index("R", "131=Q|146=2|55=A|555=1|600=L|55=B|555=1|600=M").ok());
  g = msg_.group(146);
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g.entry(0).group(555).entry(0).GetOr(600), "L");
  EXPECT_EQ(g.entry(1).group(555).entry(0).GetOr(600), "M");
}

TEST_F(GroupViewTest, UnknownFieldInEntry) {
  const char* fields = "131=Q|146=1|55=A|7777=u|54=1|58=x";
  Error e = Index("R", fields);
  EXPECT_EQ(e.code, ErrorCode::kGroupUnknownField);
  EXPECT_EQ(e.tag, 7777u);
  EXPECT_EQ(e.offset, OffsetOf(7777));
  GroupOptions keep;
  keep.unknown_fields = UnknownInGroup::kKeepInEntry;
  e = Index("R", fields, keep);
  ASSERT_TRUE(e.ok());
  GroupEntryView entry = msg_.group(146).entry(0);
  EXPECT_EQ(entry.GetOr(7777), "u");
  EXPECT_EQ(entry.GetOr(54), "1");
  EXPECT_EQ(msg_.GetTopLevel(7777), std::nullopt);
  GroupOptions end;
  end.unknown_fields = UnknownInGroup::kEndGroup;
  e = Index("R", fields, end);
  ASSERT_TRUE(e.ok());
  EXPECT_FALSE(msg_.group(146).entry(0).Has(7777));
  EXPECT_FALSE(msg_.group(146).entry(0).Has(54));
  EXPECT_EQ(msg_.GetTopLevel(7777).value_or(""), "u");
  // A defined field that is not in the group ends it (no error).
  e = Index("R", "131=Q|146=1|55=A|58=x|54=1");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(msg_.group(146).entry(0).fields().size(), 1u);
}

TEST_F(GroupViewTest, CapacityExceededIsAnError) {
  GroupStorage tiny(1, 2);
  DecodeInto(decoded_, Frame("FIX.4.4", "R", std::string(kStdHeader) + "|131=Q|146=3|55=A|55=B|55=C"));
  ASSERT_TRUE(decoded_.error.ok());
  Error e = IndexGroups(decoded_.view, *dict_, {}, tiny, &msg_);
  EXPECT_EQ(e.code, ErrorCode::kIndexCapacityExceeded);
  EXPECT_EQ(e.tag, 146u);
  DecodeInto(decoded_, Frame("FIX.4.4", "R",
                             std::string(kStdHeader) + "|131=Q|146=1|55=A|555=1|600=L|624=1"));
  e = IndexGroups(decoded_.view, *dict_, {}, tiny, &msg_);
  EXPECT_EQ(e.code, ErrorCode::kIndexCapacityExceeded);
  EXPECT_EQ(e.tag, 555u);
  EXPECT_EQ(msg_.group(146).size(), 1u);  // what was indexed stays readable
}

TEST_F(GroupViewTest, UnknownMsgTypeStillIndexesHeaderGroups) {
  ASSERT_TRUE(Index("ZZ", "627=1|628=H|146=1|55=A").code == ErrorCode::kOk);
  EXPECT_FALSE(msg_.group(146).present());
}

TEST(GroupViewCustomTest, UserDefinedGroupWithSparseTag) {
  Dictionary d = LoadOrDie("tests/data/dictionaries/custom.xml");
  Decoded decoded;
  DecodeInto(decoded, Frame("FIX.4.4", "U1",
                            std::string(kStdHeader) +
                                "|5001=L1|5002=H|5003=2|5004=100.5|100001=7|5004=200|15=EUR|58=t"));
  ASSERT_TRUE(decoded.error.ok());
  GroupStorage storage(8, 8);
  GroupedMessage msg;
  ASSERT_TRUE(IndexGroups(decoded.view, d, {}, storage, &msg).ok());
  GroupView limits = msg.group(5003);
  ASSERT_EQ(limits.size(), 2u);
  std::int64_t far;
  ASSERT_EQ(limits.entry(0).GetInt64(100001, &far), ErrorCode::kOk);
  EXPECT_EQ(far, 7);
  EXPECT_EQ(limits.entry(1).GetOr(15), "EUR");
  EXPECT_EQ(msg.GetTopLevel(58).value_or(""), "t");
}

// --- property test: random three-level QuoteRequests ---

struct Alt {
  std::string id, source;
};
struct Leg {
  std::string symbol, side;
  std::optional<std::vector<Alt>> alts;
  std::optional<std::string> ratio;
};
struct Sym {
  std::string symbol;
  std::optional<std::string> security_id, side, qty, currency;
  std::optional<std::vector<Leg>> legs;
};

TEST_F(GroupViewTest, RandomNestedGroupsMatchTheGenerator) {
  std::mt19937 rng(20240102);
  auto coin = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
  for (int iter = 0; iter < 400; ++iter) {
    std::vector<Sym> syms(rng() % 5);
    std::string f = "131=Q" + std::to_string(iter) + "|146=" + std::to_string(syms.size());
    for (std::size_t i = 0; i < syms.size(); ++i) {
      Sym& s = syms[i];
      std::string p = std::to_string(i);
      s.symbol = "S" + p;
      f += "|55=" + s.symbol;
      if (coin(50)) f += "|48=" + *(s.security_id = "ID" + p);
      if (coin(50)) f += "|54=" + *(s.side = std::to_string(1 + rng() % 2));
      if (coin(50)) f += "|38=" + *(s.qty = std::to_string(rng() % 1000));
      if (coin(60)) {
        s.legs.emplace(rng() % 4);
        f += "|555=" + std::to_string(s.legs->size());
        for (std::size_t j = 0; j < s.legs->size(); ++j) {
          Leg& l = (*s.legs)[j];
          std::string q = p + "." + std::to_string(j);
          l.symbol = "L" + q;
          l.side = std::to_string(1 + rng() % 2);
          f += "|600=" + l.symbol + "|624=" + l.side;
          if (coin(60)) {
            l.alts.emplace(rng() % 3);
            f += "|604=" + std::to_string(l.alts->size());
            for (std::size_t k = 0; k < l.alts->size(); ++k) {
              Alt& a = (*l.alts)[k];
              a.id = "A" + q + "." + std::to_string(k);
              a.source = std::to_string(rng() % 9);
              f += "|605=" + a.id + "|606=" + a.source;
            }
          }
          if (coin(40)) f += "|623=" + *(l.ratio = std::to_string(rng() % 10));
        }
      }
      if (coin(50)) f += "|15=" + *(s.currency = "C" + p);
    }
    bool text = coin(50);
    if (text) f += "|58=T";
    Error e = Index("R", f);
    ASSERT_TRUE(e.ok()) << f << " " << ErrorCodeName(e.code) << " tag " << e.tag;
    auto check = [](const GroupEntryView& v, std::uint32_t tag, const std::optional<std::string>& want) {
      if (want) {
        EXPECT_EQ(v.GetOr(tag, "<absent>"), *want) << tag;
      } else {
        EXPECT_FALSE(v.Has(tag)) << tag;
      }
    };
    GroupView gs = msg_.group(146);
    ASSERT_TRUE(gs.present());
    ASSERT_EQ(gs.size(), syms.size()) << f;
    for (std::size_t i = 0; i < syms.size(); ++i) {
      GroupEntryView sv = gs.entry(static_cast<std::uint32_t>(i));
      const Sym& s = syms[i];
      check(sv, 55, s.symbol);
      check(sv, 48, s.security_id);
      check(sv, 54, s.side);
      check(sv, 38, s.qty);
      check(sv, 15, s.currency);
      check(sv, 600, std::nullopt);
      check(sv, 58, std::nullopt);
      GroupView lv = sv.group(555);
      ASSERT_EQ(lv.present(), s.legs.has_value()) << f;
      if (!s.legs) continue;
      ASSERT_EQ(lv.size(), s.legs->size());
      for (std::size_t j = 0; j < s.legs->size(); ++j) {
        GroupEntryView le = lv.entry(static_cast<std::uint32_t>(j));
        const Leg& l = (*s.legs)[j];
        check(le, 600, l.symbol);
        check(le, 624, l.side);
        check(le, 623, l.ratio);
        check(le, 605, std::nullopt);
        check(le, 55, std::nullopt);
        GroupView av = le.group(604);
        ASSERT_EQ(av.present(), l.alts.has_value());
        if (!l.alts) continue;
        ASSERT_EQ(av.size(), l.alts->size());
        for (std::size_t k = 0; k < l.alts->size(); ++k) {
          check(av.entry(static_cast<std::uint32_t>(k)), 605, (*l.alts)[k].id);
          check(av.entry(static_cast<std::uint32_t>(k)), 606, (*l.alts)[k].source);
        }
      }
    }
    EXPECT_EQ(msg_.GetTopLevel(58).has_value(), text);
    EXPECT_EQ(msg_.GetTopLevel(131).value_or(""), "Q" + std::to_string(iter));
  }
}

// Random field sequences drawn from the dictionary's group tags: whatever
// IndexGroups returns, every record it wrote stays inside the message, entries
// tile their group and start with its delimiter.
TEST_F(GroupViewTest, RandomSequencesKeepRecordsConsistent) {
  const std::uint32_t tags[] = {131, 146, 55, 48, 54, 38, 555, 600, 624, 604, 605, 606, 623,
                                15,  58,  268, 269, 270, 453, 448, 447, 802, 523, 7777, 1};
  const char* values[] = {"0", "1", "2", "3", "A", "x", "99999999999", "-1"};
  std::mt19937 rng(99);
  GroupOptions variants[3];
  variants[1].allow_out_of_order = true;
  variants[1].unknown_fields = UnknownInGroup::kKeepInEntry;
  variants[2].check_count = false;
  variants[2].unknown_fields = UnknownInGroup::kEndGroup;
  for (int iter = 0; iter < 3000; ++iter) {
    std::string f = "131=Q";
    const int n = static_cast<int>(rng() % 30);
    for (int k = 0; k < n; ++k) {
      // Appended piece by piece: gcc 12 -O2 reports a false -Werror=restrict
      // for `"|" + std::to_string(...)` (operator+(const char*, string&&)).
      f.push_back('|');
      f.append(std::to_string(tags[rng() % (sizeof tags / sizeof tags[0])]));
      f.push_back('=');
      f.append(values[rng() % (sizeof values / sizeof values[0])]);
    }
    DecodeInto(decoded_, Frame("FIX.4.4", "R", std::string(kStdHeader) + "|" + f));
    ASSERT_TRUE(decoded_.error.ok());
    const GroupOptions& options = variants[iter % 3];
    Error e = IndexGroups(decoded_.view, *dict_, options, storage_, &msg_);
    (void)e;
    const std::uint32_t count = decoded_.view.field_count();
    ASSERT_LE(msg_.group_count(), storage_.max_groups());
    ASSERT_LE(msg_.entry_count(), storage_.max_entries());
    for (std::uint32_t g = 0; g < msg_.group_count(); ++g) {
      const auto& rec = GroupedMessageAccess::group_record(msg_, g);
      ASSERT_LT(rec.count_field, count);
      ASSERT_LE(rec.end_field, count);
      ASSERT_GT(rec.end_field, rec.count_field);
      ASSERT_LE(rec.first_entry + rec.size, msg_.entry_count());
      for (std::uint32_t i = 0; i < rec.size; ++i) {
        const auto& en = GroupedMessageAccess::entry_record(msg_, rec.first_entry + i);
        ASSERT_GT(en.begin, rec.count_field);
        ASSERT_LE(en.end, rec.end_field);
        ASSERT_LT(en.begin, en.end);
        if (i > 0) {
          ASSERT_EQ(GroupedMessageAccess::entry_record(msg_, rec.first_entry + i - 1).end, en.begin);
        }
        // Every entry starts with the group's delimiter.
        ASSERT_EQ(decoded_.view.field(en.begin).tag, dict_->scope(rec.scope).delimiter);
      }
    }
  }
}

TEST_F(GroupViewTest, IndexingAllocatesNothing) {
  DecodeInto(decoded_, Frame("FIX.4.4", "R",
                             std::string(kStdHeader) +
                                 "|131=Q|146=2|55=A|555=1|600=L|624=1|604=1|605=X|606=4|55=B|58=x"));
  ASSERT_TRUE(decoded_.error.ok());
  Decoder decoder;
  MessageView view;
  ::fixwire::testing::AllocationScope scope;
  for (int i = 0; i < 100; ++i) {
    Error d = decoder.Decode(decoded_.bytes, decoded_.index, view);
    Error g = IndexGroups(view, *dict_, {}, storage_, &msg_);
    if (!d.ok() || !g.ok() || msg_.group(146).size() != 2) ADD_FAILURE();
    if (msg_.group(146).entry(0).group(555).entry(0).group(604).entry(0).GetOr(605) != "X") {
      ADD_FAILURE();
    }
  }
  EXPECT_EQ(scope.allocations(), 0u);
}

}  // namespace
}  // namespace fixwire
