// IndexGroups takes shortcuts: it starts its walk at the first field that
// may count a top-level group, found by looking up the count tags the
// dictionary puts in the header, the body and the trailer (FirstListed),
// it decides plain entry fields through the group's member window, and it
// accepts a run of entries that repeat the previous entry's tags whole
// (RepeatEnd). This test compares it
// with the reference without any (IndexGroupsReference: every field from
// the first, every entry field through the template) on hand-written
// messages and on thousands of random mutations of them, under strict and
// lenient GroupOptions, with one dictionary (FIX 4.2, 4.4, the nested test
// dictionary) and with two (FIXT 1.1 + FIX 5.0 SP2): the same Error (code,
// offset, tag) and the same records.
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/internal/group_indexer.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_indexer_reference.h"
#include "tests/codec/group_records_test_util.h"

namespace fixwire {
namespace {

using testing::Decoded;
using testing::DecodeInto;
using testing::DictionaryCache;
using testing::ExpectSameResult;
using testing::Frame;
using testing::Join;
using testing::Mutate;
using testing::Split;

struct Base {
  const char* header_dictionary;  // file
  const char* body_dictionary;    // file (the same for FIX 4.x)
  const char* begin;
  const char* type;
  const char* fields;  // after 35, '|'-separated
};

// TestXml: a FIX 4.4 dictionary with BeginString, BodyLength and MsgType in
// the header, CheckSum in the trailer, `messages` and, with those four and
// Text (58), the fields `fields` (XML elements).
std::string TestXml(const char* messages, const char* fields) {
  return std::string(R"(<fix type="FIX" major="4" minor="4" servicepack="0">
<header><field name="BeginString" required="Y"/><field name="BodyLength" required="Y"/>
<field name="MsgType" required="Y"/></header>
<trailer><field name="CheckSum" required="Y"/></trailer>
<messages>)") + messages + "</messages>\n" +
         R"(<fields><field number="8" name="BeginString" type="STRING"/>
<field number="9" name="BodyLength" type="LENGTH"/><field number="35" name="MsgType" type="STRING"/>
<field number="10" name="CheckSum" type="STRING"/><field number="58" name="Text" type="STRING"/>
)" + fields + "</fields></fix>";
}

// A count tag (5003) both at the top level and inside another group (5001).
constexpr const char* kSharedCountMessages = R"(<message name="Shared" msgtype="U1" msgcat="app">
<group name="NoOuter" required="N"><field name="OuterID" required="N"/>
<group name="NoShared" required="N"><field name="SharedID" required="N"/></group></group>
<field name="Text" required="N"/>
<group name="NoShared" required="N"><field name="SharedID" required="N"/></group>
</message>)";
constexpr const char* kSharedCountFields = R"(
<field number="5001" name="NoOuter" type="NUMINGROUP"/><field number="5002" name="OuterID" type="STRING"/>
<field number="5003" name="NoShared" type="NUMINGROUP"/><field number="5004" name="SharedID" type="STRING"/>)";
constexpr const char* kSharedCount = "inline:shared-count";

// Groups whose member windows have holes (tags between the smallest and
// the largest member that are no member: defined fields 6011, 6019 (nested
// only), undefined 6013, 6015), with defined and undefined tags just outside
// both ends (6009 defined, 6021 undefined; 7009 undefined, 7021 defined;
// the nested NoSub's 6016, its own count, and 6019), and one whose members
// span more than the window keeps (Dictionary::kGroupWindowLimit: 9500 is a
// member beyond the cut at 9034; 8009 and 9501 are just outside).
constexpr const char* kHolesMessages = R"(<message name="Holes" msgtype="U2" msgcat="app">
<field name="Before" required="N"/><field name="Hole" required="N"/>
<group name="NoItems" required="N"><field name="ItemID" required="N"/>
<field name="ItemA" required="N"/><field name="ItemB" required="N"/>
<group name="NoSub" required="N"><field name="SubID" required="N"/>
<field name="SubVal" required="N"/></group>
<field name="ItemC" required="N"/></group>
<field name="After" required="N"/>
<group name="NoOther" required="N"><field name="OtherID" required="N"/>
<field name="OtherVal" required="N"/></group>
<field name="BeforeWide" required="N"/><field name="Cut" required="N"/>
<group name="NoWide" required="N"><field name="WideID" required="N"/>
<field name="WideA" required="N"/><field name="WideB" required="N"/></group>
<field name="Text" required="N"/>
</message>)";
constexpr const char* kHolesFields = R"(
<field number="6000" name="NoItems" type="NUMINGROUP"/><field number="6009" name="Before" type="STRING"/>
<field number="6010" name="ItemID" type="STRING"/><field number="6011" name="Hole" type="STRING"/>
<field number="6012" name="ItemA" type="STRING"/><field number="6014" name="ItemB" type="STRING"/>
<field number="6016" name="NoSub" type="NUMINGROUP"/><field number="6017" name="SubID" type="STRING"/>
<field number="6018" name="SubVal" type="STRING"/><field number="6020" name="ItemC" type="STRING"/>
<field number="7000" name="NoOther" type="NUMINGROUP"/><field number="7010" name="OtherID" type="STRING"/>
<field number="7020" name="OtherVal" type="STRING"/><field number="7021" name="After" type="STRING"/>
<field number="8000" name="NoWide" type="NUMINGROUP"/><field number="8009" name="BeforeWide" type="STRING"/>
<field number="8010" name="WideID" type="STRING"/><field number="8020" name="WideA" type="STRING"/>
<field number="9034" name="Cut" type="STRING"/><field number="9500" name="WideB" type="STRING"/>)";
constexpr const char* kHoles = "inline:holes";

// A group whose delimiter counts a group of its own (NoOuter's first member
// is NoInner), next to one whose delimiter is a plain field (NoPlain): the
// first entry opened at the count field only for the second
// (GroupMemberWindow::plain_delimiter).
constexpr const char* kNestedFirstMessages = R"(<message name="NestedFirst" msgtype="U3" msgcat="app">
<group name="NoOuter" required="N"><group name="NoInner" required="N">
<field name="InnerID" required="N"/><field name="InnerVal" required="N"/></group>
<field name="OuterVal" required="N"/></group>
<group name="NoPlain" required="N"><field name="PlainID" required="N"/>
<field name="PlainA" required="N"/><field name="PlainB" required="N"/></group>
<field name="Text" required="N"/>
</message>)";
constexpr const char* kNestedFirstFields = R"(
<field number="6100" name="NoOuter" type="NUMINGROUP"/><field number="6101" name="NoInner" type="NUMINGROUP"/>
<field number="6102" name="InnerID" type="STRING"/><field number="6103" name="InnerVal" type="STRING"/>
<field number="6104" name="OuterVal" type="STRING"/><field number="6200" name="NoPlain" type="NUMINGROUP"/>
<field number="6201" name="PlainID" type="STRING"/><field number="6202" name="PlainA" type="STRING"/>
<field number="6203" name="PlainB" type="STRING"/>)";
constexpr const char* kNestedFirst = "inline:nested-first";

const Base kBases[] = {
    {kSharedCount, kSharedCount, "FIX.4.4", "U1",
     "58=t|5001=1|5002=A|5003=1|5004=X|58=u|5003=2|5004=Y|5004=Z"},
    {"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX42.xml", "FIX.4.2", "0",
     "49=S|56=T|34=7|52=20240102-03:04:05.678"},
    {"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX42.xml", "FIX.4.2", "D",
     "49=S|56=T|34=7|52=20240102-03:04:05.678|11=ORD000042|21=1|38=5000|40=2|44=123.45|54=1|"
     "55=MSFT|59=0|60=20240102-03:04:05.676|78=2|79=A1|80=100|79=A2|80=200|386=1|336=X"},
    {"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX42.xml", "FIX.4.2", "R",
     "49=S|56=T|34=7|52=20240102-03:04:05.678|131=QR-1|146=3|55=MSFT|48=US0001|22=4|54=1|"
     "38=1000|40=2|55=AAPL|48=US0002|22=4|54=2|38=2000|40=2|55=IBM|48=US0003|22=4|54=1|"
     "38=3000|40=2"},
    {"codec/dictionaries/FIX44.xml", "codec/dictionaries/FIX44.xml", "FIX.4.4", "X",
     "49=S|56=T|34=7|627=2|628=H1|629=20240102-03:04:05|628=H2|52=20240102-03:04:05.678|"
     "262=MD-7|268=2|279=0|269=0|278=E1|55=EUR/USD|270=1.0834|"
     "279=0|269=1|278=E2|55=EUR/USD|270=1.0836"},
    {"codec/dictionaries/FIX44.xml", "codec/dictionaries/FIX44.xml", "FIX.4.4", "8",
     "49=S|56=T|34=7|52=20240102-03:04:05.678|6=123.45|11=ORD42|14=1500|17=EX-1|31=123.45|"
     "32=500|37=B-77|39=1|54=1|55=MSFT|453=2|448=A|447=D|452=1|448=B|447=D|452=3|150=F|"
     "151=3500|78=1|79=ACC|80=1500"},
    {"codec/dictionaries/FIX44.xml", "codec/dictionaries/FIX44.xml", "FIX.4.4", "0",
     "49=S|56=T|34=7|627=1|628=H1|52=20240102-03:04:05.678"},
    {"tests/data/dictionaries/mini44.xml", "tests/data/dictionaries/mini44.xml", "FIX.4.4", "R",
     "49=S|56=T|34=7|52=20240102-03:04:05.678|131=Q|146=2|55=A|555=2|600=L|624=1|604=1|605=X|"
     "606=4|600=M|624=2|55=B|555=1|600=N|624=1|604=2|605=Y|606=5|605=Z|606=6"},
    {"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX42.xml", "FIX.4.2", "R",
     "49=S|56=T|34=7|52=20240102-03:04:05.678|131=QR-2|146=6|55=A|54=1|55=B|54=2|55=C|54=1|"
     "55=D|54=2|55=E|55=F|54=1|58=after"},
    {"tests/data/dictionaries/mini44.xml", "tests/data/dictionaries/mini44.xml", "FIX.4.4", "R",
     "49=S|56=T|34=7|52=20240102-03:04:05.678|131=Q|146=5|55=A|55=B|55=C|55=D|55=E"},
    {"codec/dictionaries/FIX44.xml", "codec/dictionaries/FIX44.xml", "FIX.4.4", "W",
     "49=S|56=T|34=7|52=20240102-03:04:05.678|55=EUR/USD|268=7|269=0|270=1.1|271=5|269=1|"
     "270=1.2|271=6|269=0|270=1.0|271=7|269=1|270=1.3|271=8|269=0|270=0.9|271=9|269=1|"
     "270=1.4|271=1|269=0|270=0.8"},
    {"codec/dictionaries/FIXT11.xml", "codec/dictionaries/FIX50SP2.xml", "FIXT.1.1", "D",
     "49=S|56=T|34=7|627=1|628=H1|52=20240102-03:04:05.678|1128=9|11=ORD42|453=1|448=P|447=D|"
     "452=1|55=MSFT|54=1|60=20240102-03:04:05.676|40=2|78=1|79=A|80=5"},
};

const char* const kTags[] = {"55",  "54",  "38",  "146", "131", "11",  "9999", "5001",
                             "49",  "10",  "268", "269", "279", "555", "600",  "35",
                             "627", "628", "453", "448", "78",  "79",  "386",  "336",
                             "604", "605", "60",  "52",  "5001", "5002", "5003", "5004"};
const char* const kValues[] = {"", "0", "1", "2", "3", "x", "-1", "A", "99999999999999999999",
                               "20240102-03:04:05"};

class ReferenceTest : public ::testing::Test {
 protected:
  ReferenceTest() {
    dicts_.AddXml(kSharedCount, TestXml(kSharedCountMessages, kSharedCountFields));
    dicts_.AddXml(kHoles, TestXml(kHolesMessages, kHolesFields));
    dicts_.AddXml(kNestedFirst, TestXml(kNestedFirstMessages, kNestedFirstFields));
  }
  const Dictionary& Dict(const std::string& file) { return dicts_.Get(file); }

  // Compare indexes `fields` (after 35) both ways under `options` and compares.
  void Compare(const Base& b, const std::string& fields, const GroupOptions& options,
               const std::string& what) {
    const Dictionary& h = Dict(b.header_dictionary);
    const Dictionary& d = Dict(b.body_dictionary);
    DecodeInto(decoded_, Frame(b.begin, b.type, fields));
    if (!decoded_.error.ok()) return;  // the decoder refused it: nothing to index
    const Error one = &h == &d ? IndexGroups(decoded_.view, d, options, storage_a_, &msg_a_)
                               : IndexGroups(decoded_.view, h, d, options, storage_a_, &msg_a_);
    const Error two =
        testing::IndexGroupsReference(decoded_.view, h, d, options, storage_b_, &msg_b_);
    ++compared_;
    if (two.ok()) ++ok_;
    if (msg_b_.group_count() != 0) ++grouped_;
    ExpectSameResult(one, msg_a_, two, msg_b_, what + "\n" + fields);
  }

  // CompareProbes compares `b`'s fields with each probe ("TAG=1") inserted
  // before every field and put in place of every field, under every
  // GroupOptions (stops at the first fatal failure).
  void CompareProbes(const Base& b, std::span<const char* const> probes) {
    const std::vector<std::string> f = Split(b.fields);
    for (const GroupOptions& o : AllOptions()) {
      for (const char* probe : probes) {
        for (std::size_t i = 0; i <= f.size(); ++i) {
          const std::string field = std::string(probe) + "=1";
          std::vector<std::string> inserted = f;
          inserted.insert(inserted.begin() + static_cast<std::ptrdiff_t>(i), field);
          Compare(b, Join(inserted), o, std::string("insert ") + probe);
          if (i == f.size()) continue;
          std::vector<std::string> replaced = f;
          replaced[i] = field;
          Compare(b, Join(replaced), o, std::string("replace with ") + probe);
          if (HasFatalFailure()) return;
        }
      }
    }
  }

  static std::vector<GroupOptions> AllOptions() {
    std::vector<GroupOptions> all;
    for (bool out_of_order : {false, true}) {
      for (UnknownInGroup u :
           {UnknownInGroup::kError, UnknownInGroup::kKeepInEntry, UnknownInGroup::kEndGroup}) {
        for (bool count : {false, true}) all.push_back(GroupOptions{out_of_order, u, count});
      }
    }
    return all;
  }

  DictionaryCache dicts_;
  Decoded decoded_;
  GroupStorage storage_a_{64, 512};
  GroupStorage storage_b_{64, 512};
  GroupedMessage msg_a_, msg_b_;
  int compared_ = 0;
  int ok_ = 0;
  int grouped_ = 0;
};

TEST_F(ReferenceTest, BasesIndexAndAgree) {
  for (const Base& b : kBases) {
    Compare(b, b.fields, GroupOptions{}, std::string("base ") + b.type);
    if (HasFatalFailure()) return;
    const Dictionary& h = Dict(b.header_dictionary);
    const Dictionary& d = Dict(b.body_dictionary);
    const Error e = IndexGroups(decoded_.view, h, d, GroupOptions{}, storage_a_, &msg_a_);
    EXPECT_TRUE(e.ok()) << b.type << " " << ErrorCodeName(e.code) << " tag " << e.tag;
  }
}

TEST_F(ReferenceTest, RandomMutationsAgree) {
  std::mt19937 rng(20261203);
  const std::vector<GroupOptions> options = AllOptions();
  for (int iter = 0; iter < 30000; ++iter) {
    const Base& b = kBases[rng() % (sizeof kBases / sizeof kBases[0])];
    std::vector<std::string> f = Split(b.fields);
    Mutate(f, rng, kTags, kValues);
    Compare(b, Join(f), options[rng() % options.size()], "iteration " + std::to_string(iter));
    if (HasFatalFailure()) return;
  }
  // Both outcomes, and messages with groups, often enough to mean something.
  EXPECT_GT(ok_, compared_ / 10);
  EXPECT_GT(compared_ - ok_, compared_ / 10);
  EXPECT_GT(grouped_, compared_ / 2);
}

// A count tag whose first occurrence is inside another group, before its
// top-level group; one that only occurs nested; a group only in the header.
TEST_F(ReferenceTest, CountTagsInsideGroupsAndInTheHeader) {
  Compare(kBases[0], kBases[0].fields, GroupOptions{}, "5003 nested, then top level");
  ASSERT_EQ(msg_a_.group(5003).size(), 2u);
  EXPECT_EQ(msg_a_.group(5001).entry(0).group(5003).size(), 1u);
  Compare(kBases[0], "5001=1|5002=A|5003=1|5004=X", GroupOptions{}, "5003 nested only");
  EXPECT_FALSE(msg_a_.group(5003).present());
  Compare(kBases[6], kBases[6].fields, GroupOptions{}, "NoHops only");
  EXPECT_EQ(msg_a_.group(627).size(), 1u);
}

// Runs of entries with the previous entry's tags: cut by the declared
// count, by a partial entry, by the end of the message; one-field entries.
TEST_F(ReferenceTest, RunsOfRepeatedEntries) {
  const Base& snap = kBases[10];
  Compare(snap, snap.fields, GroupOptions{}, "snapshot");
  EXPECT_EQ(msg_a_.group(268).size(), 7u);
  std::string fewer = snap.fields;
  fewer.replace(fewer.find("268=7"), 5, "268=4");
  for (const GroupOptions& o : AllOptions()) {
    Compare(snap, fewer, o, "more entries than declared");
    if (HasFatalFailure()) return;
  }
  std::string partial = snap.fields;
  partial.replace(partial.find("271=8|"), 6, "");
  Compare(snap, partial, GroupOptions{}, "a partial entry in the run");
  Compare(kBases[9], kBases[9].fields, GroupOptions{}, "one-field entries");
  EXPECT_EQ(msg_a_.group(146).size(), 5u);
  std::string fewer_ones = kBases[9].fields;
  fewer_ones.replace(fewer_ones.find("146=5"), 5, "146=2");
  Compare(kBases[9], fewer_ones, GroupOptions{false, UnknownInGroup::kKeepInEntry, false},
          "one-field entries, more than declared");
  Compare(kBases[8], kBases[8].fields, GroupOptions{}, "runs broken by a shorter entry");
  EXPECT_EQ(msg_a_.group(146).size(), 6u);
}

// Runs of repeated entries that reach the view's last field (a view rebuilt
// without its CheckSum and more, FieldIndex::Rebuild): the run's limit is
// then the field count, not the declared count's, whether fewer, as many or more
// entries are declared than are present (a run that stops at the fields'
// end is not every declared entry), under every GroupOptions, and with the
// last entry cut short. Entry counts hand-checked.
TEST_F(ReferenceTest, RunsThatReachTheLastFieldAgree) {
  const Dictionary& d = Dict("codec/dictionaries/FIX44.xml");
  const std::string entries =
      "269=0|270=1.1|271=5|269=1|270=1.2|271=6|269=0|270=1.0|271=7|269=1|270=1.3|271=8";
  struct Case {
    const char* declared;
    std::uint32_t cut;       // fields dropped from the end (1: the CheckSum alone)
    std::uint32_t expected;  // entries under GroupOptions{}
  };
  const Case kCases[] = {{"3", 1, 3}, {"4", 1, 4}, {"5", 1, 4}, {"9", 1, 4},
                         {"4", 2, 4}, {"5", 2, 4}, {"9", 3, 4}, {"9", 4, 3}};
  for (const Case& c : kCases) {
    const std::string body = std::string("55=EUR/USD|268=") + c.declared + "|" + entries;
    DecodeInto(decoded_, Frame("FIX.4.4", "W", body));
    ASSERT_TRUE(decoded_.error.ok());
    const std::span<const Field> all = decoded_.view.fields();
    ASSERT_EQ(all.back().tag, 10u);
    // Rebuilt in place: the fields after the cut stay in the index's storage
    // (the rest of the run), where a walk that ignored the field count would
    // find more entries with the same tags.
    MessageView view;
    ASSERT_TRUE(decoded_.index.Rebuild(decoded_.view.data(), decoded_.view.size(),
                                       all.first(all.size() - c.cut), &view));
    for (const GroupOptions& o : AllOptions()) {
      const Error one = IndexGroups(view, d, o, storage_a_, &msg_a_);
      const Error two = testing::IndexGroupsReference(view, d, d, o, storage_b_, &msg_b_);
      ExpectSameResult(one, msg_a_, two, msg_b_,
                       std::string("268=") + c.declared + ", cut " + std::to_string(c.cut));
      if (HasFatalFailure()) return;
    }
    const Error e = IndexGroups(view, d, GroupOptions{}, storage_a_, &msg_a_);
    EXPECT_EQ(msg_a_.group(268).size(), c.expected)
        << "268=" << c.declared << ", cut " << c.cut << ": " << ErrorCodeName(e.code);
  }
}

// Tags in a member window's holes and just outside either end of it (and
// of the members' range when the window is cut), defined and undefined,
// inserted before every field and put in place of every field of a message
// with three groups, one nested, under every GroupOptions: they end a group,
// stay in an entry, or are errors exactly as the reference decides.
TEST_F(ReferenceTest, TagsInWindowHolesAndJustOutsideAgree) {
  const Base holes{kHoles, kHoles, "FIX.4.4", "U2",
                   "6009=a|6011=b|6000=2|6010=X|6012=1|6014=2|6016=2|6017=S|6018=v|6017=T|"
                   "6020=c|6010=Y|6012=3|6020=d|7021=z|7000=2|7010=O|7020=p|7010=P|8009=w|"
                   "9034=k|8000=2|8010=W|8020=1|9500=2|8010=V|9500=3|58=t"};
  Compare(holes, holes.fields, GroupOptions{}, "base");
  ASSERT_EQ(msg_a_.group(6000).size(), 2u);
  EXPECT_EQ(msg_a_.group(6000).entry(0).group(6016).size(), 2u);
  EXPECT_EQ(msg_a_.group(7000).size(), 2u);
  EXPECT_EQ(msg_a_.group(8000).size(), 2u);
  const char* const kProbes[] = {"6009", "6010", "6011", "6013", "6015", "6016", "6017",
                                 "6019", "6020", "6021", "7009", "7010", "7020", "7021",
                                 "8009", "8010", "9033", "9034", "9500", "9501"};
  const int before = ok_;
  CompareProbes(holes, kProbes);
  if (HasFatalFailure()) return;
  // Both outcomes, often.
  EXPECT_GT(ok_ - before, 1000);
  EXPECT_GT(compared_ - ok_, 1000);
}

// The first entry of a group, opened at its count field when the delimiter
// follows and counts no group: declared 0, the count field last, a first
// field that is no delimiter, an empty first entry, a member out of order
// or repeated right after the delimiter, a delimiter that counts a group
// (FIX 4.2's NoRelatedSym and the test dictionary's NoOuter / NoPlain),
// each under every GroupOptions, then every probe tag inserted before or
// put in place of each field.
TEST_F(ReferenceTest, FirstEntriesAtTheCountFieldAgree) {
  const Base qr{"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX42.xml", "FIX.4.2", "R",
                "131=Q"};
  const char* const kQuoteRequests[] = {
      "131=Q|146=0|55=A",         "131=Q|146=2",           "131=Q|146=1|48=X|55=A",
      "131=Q|146=2|55=A|55=B",    "131=Q|146=1|55=A|54=1|48=X",
      "131=Q|146=1|55=A|55=B",    "131=Q|146=1|55=A|48=X|48=Y",
      "131=Q|146=2|55=A|48=X|54=1|55=B|48=Y|54=2",       "131=Q|146=x|55=A",
      "131=Q|146=1|146=1|55=A",   "131=Q|146=1|55=A|9999=u|48=X"};
  const Base nested{kNestedFirst, kNestedFirst, "FIX.4.4", "U3",
                    "6100=2|6101=1|6102=a|6103=1|6104=x|6101=2|6102=b|6102=c|6104=y|"
                    "6200=2|6201=P|6202=1|6203=2|6201=Q|6202=3|6203=4|58=t"};
  const char* const kNested[] = {
      "6100=1|6102=a|6104=x",     "6100=1|6101=0|6104=x",  "6100=0|6101=1|6102=a",
      "6200=1|6202=1|6201=P",     "6200=0|6201=P",         "6200=1|6201=P|6203=2|6202=1",
      "6200=1",                   "6100=1"};
  for (const GroupOptions& o : AllOptions()) {
    for (const char* fields : kQuoteRequests) {
      Compare(qr, fields, o, "QuoteRequest");
      if (HasFatalFailure()) return;
    }
    for (const char* fields : kNested) {
      Compare(nested, fields, o, "nested first");
      if (HasFatalFailure()) return;
    }
  }
  Compare(nested, nested.fields, GroupOptions{}, "nested base");
  ASSERT_EQ(msg_a_.group(6100).size(), 2u);
  EXPECT_EQ(msg_a_.group(6100).entry(1).group(6101).size(), 2u);
  EXPECT_EQ(msg_a_.group(6200).size(), 2u);
  const char* const kProbes[] = {"6100", "6101", "6102", "6104", "6200", "6201",
                                 "6202", "6203", "58",   "9999"};
  CompareProbes(nested, kProbes);
  if (HasFatalFailure()) return;
  // plain_delimiter against the scope's member table (LookupMember: the
  // delimiter's slot has kIsGroup when it counts a group with a layout).
  for (const char* file : {"codec/dictionaries/FIX42.xml", "codec/dictionaries/FIX44.xml",
                           "codec/dictionaries/FIX50SP2.xml", kNestedFirst}) {
    const Dictionary& d = Dict(file);
    int plain = 0, counting = 0;
    for (std::uint32_t id = 0; id < d.scope_count(); ++id) {
      const Scope& s = d.scope(id);
      if (s.count_tag == 0 || s.members_count == 0) continue;
      const bool counts = (d.LookupMember(s, s.delimiter) & ScopeSlot::kIsGroup) != 0;
      EXPECT_EQ(d.group_window(s).plain_delimiter, !counts) << file << " scope " << id;
      ++(counts ? counting : plain);
    }
    EXPECT_GT(plain, 0) << file;
    if (std::string(file) == kNestedFirst) {
      EXPECT_EQ(counting, 1) << file;
    }
  }
}

}  // namespace
}  // namespace fixwire
