// DictionaryDecoder against the long form it bundles (a Decoder with the
// dictionary's Length/Data table, a FieldIndex, a GroupStorage and
// DecodeWithDictionary): the same Error, fields, group records and group
// views for the benchmark workloads (FIX 4.2 and 4.4, groups nested two
// deep, a 165 KB snapshot), random FIX 4.4 and FIXT 1.1 + FIX 5.0 SP2
// messages and mutations of them; a message of max_message_size bytes with
// as many fields, groups and entries as fit decodes; Decode never allocates;
// range-for over a message's fields and a group's entries.
#include "fixwire/dictionary/dictionary_decoder.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "benchmarks/workloads.h"
#include "fixwire/dictionary/dictionary_decode.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_records_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::Frame;
using testing::Join;
using testing::kStdHeader;
using testing::MessageMaker;
using testing::Split;

// LongForm is what DictionaryDecoder replaces: six objects and a
// seven-argument call.
struct LongForm {
  LongForm(const Dictionary& header, const Dictionary& body, const DecoderOptions& base)
      : header_dict(header), body_dict(body), lengths(MakeLengthFieldTable(body)) {
    DecoderOptions options = base;
    options.length_fields = &lengths;
    decoder = Decoder(options);
  }
  Error Decode(std::string_view bytes, const GroupOptions& options) {
    return &header_dict == &body_dict
               ? DecodeWithDictionary(decoder, bytes, index, body_dict, options, groups, &msg)
               : DecodeWithDictionary(decoder, bytes, index, header_dict, body_dict, options,
                                      groups, &msg);
  }
  const Dictionary& header_dict;
  const Dictionary& body_dict;
  LengthFieldTable lengths;
  Decoder decoder;
  FieldIndex index{1u << 16};
  GroupStorage groups{1u << 16, 1u << 16};
  GroupedMessage msg;
};

// ExpectSameGroups: group by group, entry by entry through the views (and
// range-for): the same count fields, sizes and entry fields.
void ExpectSameGroup(const GroupView& a, const GroupView& b, const std::string& what) {
  ASSERT_EQ(a.present(), b.present()) << what;
  ASSERT_EQ(a.size(), b.size()) << what;
  ASSERT_EQ(a.declared_count(), b.declared_count()) << what;
  if (!a.present()) return;
  ASSERT_EQ(a.count_field().tag, b.count_field().tag) << what;
  ASSERT_EQ(a.count_field().offset, b.count_field().offset) << what;
  std::uint32_t i = 0;
  for (GroupEntryView e : a) {
    const GroupEntryView f = b.entry(i++);
    ASSERT_EQ(e.fields().size(), f.fields().size()) << what;
    for (std::size_t k = 0; k < e.fields().size(); ++k) {
      ASSERT_EQ(e.fields()[k].tag, f.fields()[k].tag) << what;
      ASSERT_EQ(e.fields()[k].offset, f.fields()[k].offset) << what;
      ASSERT_EQ(e.fields()[k].length, f.fields()[k].length) << what;
      // Nested groups, by their count tags.
      ExpectSameGroup(e.group(e.fields()[k].tag), f.group(f.fields()[k].tag), what);
    }
  }
  ASSERT_EQ(i, a.size()) << what;
}

void ExpectSameMessage(const Error& got, const GroupedMessage& a, const Error& want,
                       const GroupedMessage& b, const std::string& what) {
  ASSERT_EQ(got.code, want.code) << what << "\n"
                                 << ErrorCodeName(got.code) << " vs " << ErrorCodeName(want.code);
  ASSERT_EQ(got.offset, want.offset) << what;
  ASSERT_EQ(got.tag, want.tag) << what;
  ASSERT_EQ(a.view().bytes(), b.view().bytes()) << what;
  ASSERT_EQ(a.view().field_count(), b.view().field_count()) << what;
  std::uint32_t i = 0;
  for (const Field& f : a.view()) {
    const Field& g = b.view().field(i++);
    ASSERT_EQ(f.tag, g.tag) << what;
    ASSERT_EQ(f.offset, g.offset) << what;
    ASSERT_EQ(f.length, g.length) << what;
  }
  testing::ExpectSameRecords(a, b, what);
  for (const Field& f : a.view()) {
    ExpectSameGroup(a.group(f.tag), b.group(f.tag), what);
  }
}

const char* DictionaryFor(std::string_view begin_string) {
  return begin_string == "FIX.4.2" ? "codec/dictionaries/FIX42.xml"
                                   : "codec/dictionaries/FIX44.xml";
}

TEST(DictionaryDecoderTest, WorkloadsAsTheLongForm) {
  testing::DictionaryCache cache;
  int with_groups = 0;
  for (const bench::Workload& w : bench::AllWorkloads()) {
    const Dictionary& d = cache.Get(DictionaryFor(w.begin_string));
    DictionaryDecoder decoder(d, {.max_message_size = 256 * 1024});
    DecoderOptions base;
    base.max_message_size = 256 * 1024;
    LongForm reference(d, d, base);
    GroupedMessage msg;
    const Error got = decoder.Decode(w.bytes, msg);
    const Error want = reference.Decode(w.bytes, GroupOptions{});
    ASSERT_TRUE(got.ok()) << w.name << " " << ErrorCodeName(got.code) << " tag " << got.tag;
    ExpectSameMessage(got, msg, want, reference.msg, std::string(w.name));
    if (w.has_groups) {
      ++with_groups;
      EXPECT_GT(msg.group_count(), 0u) << w.name;
    }
  }
  EXPECT_GE(with_groups, 4);
}

TEST(DictionaryDecoderTest, TooLargeIsRefused) {
  const Dictionary d = testing::LoadOrDie("codec/dictionaries/FIX44.xml");
  DictionaryDecoder decoder(d);  // 64 KiB
  GroupedMessage msg;
  const bench::Workload& w = bench::GetWorkload("MDSnapshot165K");
  EXPECT_EQ(decoder.Decode(w.bytes, msg).code, ErrorCode::kMessageTooLarge);
}

TEST(DictionaryDecoderTest, RandomMessagesAsTheLongForm) {
  struct Case {
    const char* header;
    const char* body;
    const char* begin;
  };
  const Case kCases[] = {
      {"codec/dictionaries/FIX44.xml", "codec/dictionaries/FIX44.xml", "FIX.4.4"},
      {"codec/dictionaries/FIXT11.xml", "codec/dictionaries/FIX50SP2.xml", "FIXT.1.1"},
  };
  testing::DictionaryCache cache;
  std::mt19937 rng(20261206);
  int decoded = 0;
  int with_groups = 0;
  for (const Case& c : kCases) {
    const Dictionary& h = cache.Get(c.header);
    const Dictionary& d = cache.Get(c.body);
    std::vector<std::string> tags = {"55", "54", "38", "627", "628", "9999", "60000"};
    for (std::size_t i = 0; i < d.scope_count(); i += 5) {
      const Scope& g = d.scope(static_cast<std::uint32_t>(i));
      if (g.count_tag == 0) continue;
      tags.push_back(std::to_string(g.count_tag));
      tags.push_back(std::to_string(g.delimiter));
    }
    std::vector<const char*> tag_ptrs;
    for (const std::string& t : tags) tag_ptrs.push_back(t.c_str());
    static const char* const kValues[] = {"0", "1", "2", "3", "x", "", "99999999999"};
    for (const bool allow_empty : {false, true}) {
      for (const GroupOptions& options :
           {GroupOptions{}, GroupOptions{true, UnknownInGroup::kKeepInEntry, false}}) {
        DictionaryDecoderOptions o;
        o.allow_empty_values = allow_empty;
        o.groups = options;
        DictionaryDecoder decoder = &h == &d ? DictionaryDecoder(d, o) : DictionaryDecoder(h, d, o);
        DecoderOptions base;
        base.allow_empty_values = allow_empty;
        LongForm reference(h, d, base);
        GroupedMessage msg;
        MessageMaker maker(d, rng);
        const auto messages = d.messages();
        for (int round = 0; round < 150; ++round) {
          const MessageDef& m = messages[rng() % messages.size()];
          std::vector<std::string> fields = Split(std::string(kStdHeader));
          if (rng() % 4 == 0 && h.GroupIn(h.header(), 627) != nullptr) {
            fields.insert(fields.end(), {"627=2", "628=H1", "628=H2"});
          }
          maker.Fill(d.scope(m.body), false, 0, fields);
          if (round % 2 == 1) testing::Mutate(fields, rng, tag_ptrs, kValues);
          const std::string type(d.message_type(m));
          const std::string bytes = Frame(c.begin, type, Join(fields));
          msg = GroupedMessage();  // (a Decoder error leaves it as it was)
          reference.msg = GroupedMessage();
          const Error got = decoder.Decode(bytes, msg);
          const Error want = reference.Decode(bytes, options);
          ExpectSameMessage(got, msg, want, reference.msg, type + " | " + Join(fields));
          if (::testing::Test::HasFatalFailure()) return;
          if (got.ok()) ++decoded;
          if (msg.group_count() != 0) ++with_groups;
        }
      }
    }
  }
  EXPECT_GT(decoded, 300);
  EXPECT_GT(with_groups, 200);
}

// A dictionary whose group fields are one-digit tags: 2 counts entries that
// start with 3, which counts entries of 4 (so that a message can be all
// four-byte fields, each outer entry a nested group).
constexpr std::string_view kTinyXml = R"(<fix type="FIX" major="4" minor="4" servicepack="0">
  <header>
    <field name="BeginString" required="Y"/>
    <field name="BodyLength" required="Y"/>
    <field name="MsgType" required="Y"/>
  </header>
  <trailer><field name="CheckSum" required="Y"/></trailer>
  <messages>
    <message name="Flat" msgtype="0" msgcat="app"><field name="One" required="N"/></message>
    <message name="Nested" msgtype="1" msgcat="app">
      <group name="NoOuter" required="N">
        <group name="NoInner" required="N"><field name="Inner" required="N"/></group>
      </group>
    </message>
  </messages>
  <components/>
  <fields>
    <field number="1" name="One" type="STRING"/>
    <field number="2" name="NoOuter" type="NUMINGROUP"/>
    <field number="3" name="NoInner" type="NUMINGROUP"/>
    <field number="4" name="Inner" type="STRING"/>
    <field number="8" name="BeginString" type="STRING"/>
    <field number="9" name="BodyLength" type="LENGTH"/>
    <field number="10" name="CheckSum" type="STRING"/>
    <field number="35" name="MsgType" type="STRING"/>
  </fields>
</fix>
)";

// Framed: "8=FIX.4.4|9=..|35=<type>|<body>10=..|" with '|' as SOH; `body`
// already SOH-terminated.
std::string Framed(std::string_view type, const std::string& body) {
  return Frame("FIX.4.4", type, body.substr(0, body.empty() ? 0 : body.size() - 1));
}

TEST(DictionaryDecoderTest, MaximumFieldCountFits) {
  auto loaded = LoadDictionaryFromString(kTinyXml, "tiny");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  const Dictionary& d = *loaded;
  constexpr std::uint32_t kMax = 4096;
  DictionaryDecoder decoder(d, {.max_message_size = kMax});
  EXPECT_EQ(decoder.max_fields(), kMax / 4);
  GroupedMessage msg;
  // Flat: every body field "1=x" and SOH, up to exactly kMax bytes.
  std::string body;
  while (Framed("0", body + "1=x\x01").size() <= kMax) body += "1=x\x01";
  std::string bytes = Framed("0", body);
  ASSERT_GT(bytes.size(), kMax - 4);
  Error e = decoder.Decode(bytes, msg);
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " tag " << e.tag;
  EXPECT_GT(msg.view().field_count(), kMax / 4 - 8);
  // Nested: 2=k, then k outer entries "3=1|4=x|": a group record and two
  // entry records per two fields.
  for (int pass = 0; pass < 2; ++pass) {
    std::uint32_t k = 0;
    auto make = [](std::uint32_t n) {
      std::string b = "2=" + std::to_string(n) + "\x01";
      for (std::uint32_t i = 0; i < n; ++i) b += "3=1\x01" "4=x\x01";
      return Framed("1", b);
    };
    while (make(k + 1).size() <= kMax) ++k;
    bytes = make(k);
    e = decoder.Decode(bytes, msg);
    ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " tag " << e.tag;
    EXPECT_EQ(msg.group(2).size(), k);
    EXPECT_EQ(msg.group_count(), k + 1);
    EXPECT_EQ(msg.entry_count(), 2 * k);
    EXPECT_GT(msg.view().field_count(), kMax / 4 - 8);
    std::uint32_t inner = 0;
    for (GroupEntryView outer : msg.group(2)) {
      for (GroupEntryView in : outer.group(3)) inner += in.GetOr(4) == "x";
    }
    EXPECT_EQ(inner, k);
  }
}

TEST(DictionaryDecoderTest, DecodeNeverAllocates) {
  const Dictionary fix44 = testing::LoadOrDie("codec/dictionaries/FIX44.xml");
  const Dictionary fixt = testing::LoadOrDie("codec/dictionaries/FIXT11.xml");
  const Dictionary sp2 = testing::LoadOrDie("codec/dictionaries/FIX50SP2.xml");
  DictionaryDecoder one(fix44, {.max_message_size = 256 * 1024});
  DictionaryDecoder two(fixt, sp2);
  const std::string fixt_bytes =
      Frame("FIXT.1.1", "R",
            "1128=9|49=S|56=T|34=2|52=20240102-03:04:05|627=1|628=HUB|131=Q|146=2|55=A|55=B|58=x");
  GroupedMessage msg;
  std::size_t groups = 0;
  ::fixwire::testing::AllocationScope scope;
  for (const bench::Workload& w : bench::AllWorkloads()) {
    if (w.begin_string != "FIX.4.4") continue;
    EXPECT_TRUE(one.Decode(w.bytes, msg).ok()) << w.name;
    groups += msg.group_count();
  }
  EXPECT_TRUE(two.Decode(fixt_bytes, msg).ok());
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_GT(groups, 0u);
  EXPECT_EQ(msg.group(627).size(), 1u);  // header group, from the transport dictionary
  ASSERT_EQ(msg.group(146).size(), 2u);  // body group, from the application dictionary
}

TEST(DictionaryDecoderTest, MovedDecoderStillDecodes) {
  const Dictionary d = testing::LoadOrDie("tests/data/dictionaries/custom.xml");
  DictionaryDecoder first(d);
  DictionaryDecoder decoder = std::move(first);
  // The dictionary's own Length/Data pair (5010/5011) survives the move.
  const std::string bytes = Frame(
      "FIX.4.4", "U1", std::string(kStdHeader) + "|5001=L|5002=H|5010=5|5011=a\x01" "b=c|58=t");
  GroupedMessage msg;
  const Error e = decoder.Decode(bytes, msg);
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " tag " << e.tag;
  EXPECT_EQ(msg.GetTopLevel(5011).value_or(""), std::string("a\x01" "b=c"));
}

TEST(DictionaryDecoderTest, RangeForOverFieldsAndEntries) {
  const Dictionary d = testing::LoadOrDie("codec/dictionaries/FIX44.xml");
  DictionaryDecoder decoder(d);
  const std::string bytes =
      Frame("FIX.4.4", "R", std::string(kStdHeader) + "|131=Q|146=3|55=A|55=B|55=C|58=x");
  GroupedMessage msg;
  ASSERT_TRUE(decoder.Decode(bytes, msg).ok());
  std::string tags;
  for (const Field& f : msg.view()) tags += std::to_string(f.tag) + ",";
  EXPECT_EQ(tags, "8,9,35,49,56,34,52,131,146,55,55,55,58,10,");
  std::string symbols;
  for (GroupEntryView sym : msg.group(tag::NoRelatedSym)) symbols += sym.GetOr(tag::Symbol);
  EXPECT_EQ(symbols, "ABC");
  int absent = 0;
  for (GroupEntryView e : msg.group(tag::NoPartyIDs)) absent += e.Has(tag::PartyID);
  EXPECT_EQ(absent, 0);
  int empty_view = 0;
  for (GroupEntryView e : GroupView()) empty_view += e.Has(55);
  EXPECT_EQ(empty_view, 0);
  // Iterators: distance and the entries in order.
  const GroupView syms = msg.group(tag::NoRelatedSym);
  EXPECT_EQ(std::distance(syms.begin(), syms.end()), 3);
  EXPECT_EQ((*++syms.begin()).GetOr(55), "B");
}

}  // namespace
}  // namespace fixwire
