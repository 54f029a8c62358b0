// decoder_test.cc: Decoder and MessageView against hand-checked messages, a
// simple reference parser over random messages (every SIMD implementation),
// every error code with its offset and tag, truncation and mutation at every
// length in exactly-sized heap buffers, and zero allocation.
#include "fixwire/wire/decoder.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "fixwire/arena/arena.h"
#include "fixwire/wire/data_fields.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/simd/cpu_features.h"
#include "tests/codec/fix_test_util.h"
#include "tests/support/active_isa_fixture.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::Assemble;
using testing::ExactCopy;
using testing::RefField;
using testing::WithHeader;

constexpr char kSoh = '\x01';

std::string Soh(std::string s) {
  for (char& c : s) {
    if (c == '|') c = kSoh;
  }
  return s;
}

// CheckAgainstReferenceFields: the view has exactly `ref`'s fields in order,
// and Get finds each tag's first value.
void CheckAgainstReferenceFields(const MessageView& view, const std::vector<RefField>& ref) {
  ASSERT_EQ(view.field_count(), ref.size());
  std::map<std::uint32_t, std::string> first;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    const Field& f = view.field(static_cast<std::uint32_t>(i));
    ASSERT_EQ(f.tag, ref[i].tag) << i;
    ASSERT_EQ(view.value(f), ref[i].value) << "tag " << f.tag;
    first.emplace(ref[i].tag, ref[i].value);
  }
  for (const auto& [tag, value] : first) {
    ASSERT_EQ(view.Get(tag), std::optional<std::string_view>(value)) << tag;
  }
}

// A message with every byte written out by hand; BodyLength and CheckSum
// computed independently (python: len(body), sum(bytes) % 256).
const char kHandMessage[] =
    "8=FIX.4.2\x01" "9=63\x01" "35=D\x01" "49=SENDER\x01" "56=TARGET\x01" "34=12\x01"
    "52=20261202-15:30:00.123\x01" "55=IBM\x01" "10=015\x01";

class DecoderTest : public ::testing::Test {
 protected:
  Error Decode(std::string_view bytes) { return decoder_.Decode(bytes, index_, view_); }

  FieldIndex index_{256};
  Decoder decoder_;
  MessageView view_;
};

TEST_F(DecoderTest, DecodesHandWrittenMessage) {
  const std::string_view m(kHandMessage, sizeof kHandMessage - 1);
  const Error e = Decode(m);
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " at " << e.offset;
  EXPECT_EQ(view_.size(), m.size());
  EXPECT_EQ(view_.begin_string(), "FIX.4.2");
  EXPECT_EQ(view_.msg_type(), "D");
  EXPECT_EQ(view_.body_length(), 63u);
  EXPECT_EQ(view_.checksum(), 15);
  EXPECT_EQ(view_.sender_comp_id(), "SENDER");
  EXPECT_EQ(view_.target_comp_id(), "TARGET");
  std::uint64_t seq = 0;
  EXPECT_EQ(view_.msg_seq_num(&seq), ErrorCode::kOk);
  EXPECT_EQ(seq, 12u);
  std::int64_t t = 0;
  EXPECT_EQ(view_.sending_time(&t), ErrorCode::kOk);
  EXPECT_EQ(t, 1'796'225'400'123'000'000);  // 2026-12-02T15:30:00.123Z, from `date -d ... +%s`
  const std::vector<std::uint32_t> tags = {8, 9, 35, 49, 56, 34, 52, 55, 10};
  ASSERT_EQ(view_.field_count(), tags.size());
  for (std::size_t i = 0; i < tags.size(); ++i) EXPECT_EQ(view_.field(i).tag, tags[i]);
  EXPECT_EQ(view_.fields()[7].offset, 74u);
  EXPECT_EQ(view_.fields()[7].length, 3u);
  EXPECT_EQ(view_.GetOr(55), "IBM");
  EXPECT_EQ(view_.GetOr(10), "015");
  EXPECT_FALSE(view_.Get(11).has_value());
  EXPECT_FALSE(view_.Has(0));
  EXPECT_FALSE(view_.Has(999'999'999));
  EXPECT_FALSE(view_.poss_dup_flag());
}

TEST_F(DecoderTest, IgnoresBytesAfterTheMessage) {
  const std::string m = std::string(kHandMessage) + "8=FIX.4.2" + kSoh + "garbage";
  ASSERT_TRUE(Decode(m).ok());
  EXPECT_EQ(view_.size(), sizeof kHandMessage - 1);
}

TEST_F(DecoderTest, EveryProperPrefixIsIncomplete) {
  const std::string m = Assemble("FIX.4.4", {{35, "8"}, {95, "5"}, {96, Soh("a|=|b")}, {58, "x"}});
  for (std::size_t n = 0; n < m.size(); ++n) {
    const ExactCopy copy(std::string_view(m).substr(0, n));
    const Error e = Decode(copy.view());
    EXPECT_EQ(e.code, ErrorCode::kIncomplete) << "prefix " << n << ": " << ErrorCodeName(e.code);
  }
  EXPECT_TRUE(Decode(m).ok());
}

TEST_F(DecoderTest, DuplicateTagsFirstByDefaultAllOnRequest) {
  const std::string m = Assemble("FIX.4.4", {{35, "D"},
                                             {448, "A"},
                                             {447, "D"},
                                             {448, "B"},
                                             {7001, "x"},
                                             {448, "C"},
                                             {123456, "p"},
                                             {123456, "q"},
                                             {7001, "y"}});
  ASSERT_TRUE(Decode(m).ok());
  EXPECT_EQ(view_.GetOr(448), "A");
  EXPECT_EQ(view_.GetOr(7001), "x");
  EXPECT_EQ(view_.GetOr(123456), "p");
  std::vector<std::string_view> all;
  for (const Field& f : view_.FindAll(448)) all.push_back(view_.value(f));
  EXPECT_EQ(all, (std::vector<std::string_view>{"A", "B", "C"}));
  EXPECT_EQ(view_.Count(448), 3u);
  EXPECT_EQ(view_.Count(123456), 2u);
  EXPECT_EQ(view_.Count(7001), 2u);
  EXPECT_EQ(view_.Count(449), 0u);
  EXPECT_TRUE(view_.FindAll(449).empty());
}

TEST_F(DecoderTest, DataFieldsAnywhereWithSohAndEquals) {
  // XmlData in the header carrying a whole FIX message, RawData in the body
  // containing "<SOH>10=" and "<SOH>8=FIX", Signature (93 -> 89) in the trailer.
  const std::string inner = Soh("8=FIX.4.2|9=5|35=0|10=161|");
  const std::string raw = Soh("|10=123|8=FIX.4.2|=");
  const std::string sig = Soh("s|g");
  const std::string m = Assemble("FIX.4.4", {{35, "n"},
                                             {49, "S"},
                                             {212, std::to_string(inner.size())},
                                             {213, inner},
                                             {56, "T"},
                                             {95, std::to_string(raw.size())},
                                             {96, raw},
                                             {58, "text"},
                                             {93, std::to_string(sig.size())},
                                             {89, sig}});
  const Error e = Decode(m);
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " at " << e.offset;
  EXPECT_EQ(view_.GetOr(213), inner);
  EXPECT_EQ(view_.GetOr(96), raw);
  EXPECT_EQ(view_.GetOr(89), sig);
  EXPECT_EQ(view_.GetOr(56), "T");
  EXPECT_EQ(view_.GetOr(58), "text");
  EXPECT_EQ(view_.field_count(), 13u);
}

TEST_F(DecoderTest, DictionaryLengthPairs) {
  const std::string data = Soh("a|b");
  const std::string m = Assemble(
      "FIX.4.4", {{35, "U1"}, {5001, "3"}, {5002, data}, {20001, "3"}, {20000, data}});
  // Standard table: 5001 and 20001 are plain fields, so the SOH inside the data breaks the tag.
  EXPECT_EQ(Decode(m).code, ErrorCode::kBadTag);
  const LengthDataPair extra[] = {{5001, 5002}, {20001, 20000}};
  const LengthFieldTable table = LengthFieldTable::WithStandardPairs(extra);
  DecoderOptions options;
  options.length_fields = &table;
  const Decoder custom(options);
  ASSERT_TRUE(custom.Decode(m, index_, view_).ok());
  EXPECT_EQ(view_.GetOr(5002), data);
  EXPECT_EQ(view_.GetOr(20000), data);
  EXPECT_EQ(table.DataTagFor(93), 89u);
  EXPECT_EQ(table.DataTagFor(20001), 20000u);
  EXPECT_EQ(table.DataTagFor(20000), 0u);
}

TEST(LengthFieldTableTest, StandardTableMatchesSpecificationList) {
  const auto& ref = testing::ReferenceLengthPairs();
  const LengthFieldTable& table = StandardLengthFields();
  EXPECT_EQ(table.pairs().size(), ref.size());
  for (std::uint32_t tag = 1; tag < 5000; ++tag) {
    auto it = ref.find(tag);
    const std::uint32_t want = it == ref.end() ? 0 : it->second;
    EXPECT_EQ(table.DataTagFor(tag), want) << tag;
    EXPECT_EQ(table.IsLengthTag(tag), want != 0) << tag;
  }
  EXPECT_FALSE(table.IsLengthTag(9));    // BodyLength: Length-typed but announces no data
  EXPECT_FALSE(table.IsLengthTag(383));  // MaxMessageSize
}

TEST_F(DecoderTest, TypedGettersAndFieldNotFound) {
  const std::string m = Assemble("FIX.4.4", {{35, "8"},
                                             {34, "000123"},
                                             {43, "Y"},
                                             {52, "20261202-15:30:00.123456"},
                                             {54, "1"},
                                             {31, "-0012.50"},
                                             {32, "abc"},
                                             {60, "20261202-25:00:00"},
                                             {75, "20261202"},
                                             {200, "202612w2"},
                                             {273, "15:30:00.5"},
                                             {38, "99999999999999999999"}});
  ASSERT_TRUE(Decode(m).ok());
  std::uint64_t u = 0;
  EXPECT_EQ(view_.msg_seq_num(&u), ErrorCode::kOk);
  EXPECT_EQ(u, 123u);
  EXPECT_TRUE(view_.poss_dup_flag());
  EXPECT_FALSE(view_.poss_resend());
  std::int64_t t = 0;
  EXPECT_EQ(view_.sending_time(&t), ErrorCode::kOk);
  EXPECT_EQ(t, 1'796'225'400'123'456'000);  // `date -d 2026-12-02T15:30:00Z +%s` = 1796225400
  char c = 0;
  EXPECT_EQ(view_.GetChar(54, &c), ErrorCode::kOk);
  EXPECT_EQ(c, '1');
  bool b = false;
  EXPECT_EQ(view_.GetBool(43, &b), ErrorCode::kOk);
  EXPECT_TRUE(b);
  Decimal d;
  EXPECT_EQ(view_.GetDecimal(31, &d), ErrorCode::kOk);
  EXPECT_EQ(d, (Decimal{-1250, -2}));
  EXPECT_EQ(view_.GetDecimal(32, &d), ErrorCode::kBadValue);
  EXPECT_EQ(view_.GetUtcTimestamp(60, &t), ErrorCode::kBadValue);
  std::int64_t i = 0;
  EXPECT_EQ(view_.GetInt64(38, &i), ErrorCode::kValueOutOfRange);
  EXPECT_EQ(view_.GetUint64(38, &u), ErrorCode::kValueOutOfRange);
  Date date;
  EXPECT_EQ(view_.GetLocalMktDate(75, &date), ErrorCode::kOk);
  EXPECT_EQ(date, (Date{2026, 12, 2}));
  EXPECT_EQ(view_.GetUtcDateOnly(75, &date), ErrorCode::kOk);
  MonthYear my;
  EXPECT_EQ(view_.GetMonthYear(200, &my), ErrorCode::kOk);
  EXPECT_EQ(my, (MonthYear{2026, 12, 0, 2}));
  EXPECT_EQ(view_.GetUtcTimeOnly(273, &t), ErrorCode::kBadValue);  // one fraction digit
  // Absent tags, small and large.
  for (std::uint32_t tag : {11u, 9999u, 123456u}) {
    EXPECT_EQ(view_.GetInt64(tag, &i), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetUint64(tag, &u), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetChar(tag, &c), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetBool(tag, &b), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetDecimal(tag, &d), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetUtcTimestamp(tag, &t), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetUtcTimeOnly(tag, &t), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetUtcDateOnly(tag, &date), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetLocalMktDate(tag, &date), ErrorCode::kFieldNotFound);
    EXPECT_EQ(view_.GetMonthYear(tag, &my), ErrorCode::kFieldNotFound);
  }
  EXPECT_EQ(view_.sender_comp_id(), "");
}

TEST(FieldIndexTest, ArenaAndCallerMemory) {
  const std::string m = Assemble("FIX.4.4", {{35, "0"}, {58, "x"}, {20000, "big"}});
  Decoder decoder;
  MessageView view;
  Arena arena(FieldIndex::StorageBytes(16) + 64);
  FieldIndex from_arena(arena, 16);
  ASSERT_TRUE(from_arena.valid());
  ASSERT_TRUE(decoder.Decode(m, from_arena, view).ok());
  EXPECT_EQ(view.GetOr(20000), "big");
  FieldIndex too_big(arena, 4096);  // what is left of the arena is too small
  EXPECT_FALSE(too_big.valid());
  EXPECT_EQ(decoder.Decode(m, too_big, view).code, ErrorCode::kIndexCapacityExceeded);
  // Caller memory, hash table only (no direct-mapped tags).
  alignas(8) unsigned char storage[1024];
  ASSERT_LE(FieldIndex::StorageBytes(8, 0), sizeof storage);
  FieldIndex hashed(storage, sizeof storage, 8, 0);
  ASSERT_TRUE(hashed.valid());
  ASSERT_TRUE(decoder.Decode(m, hashed, view).ok());
  EXPECT_EQ(view.GetOr(58), "x");
  EXPECT_EQ(view.GetOr(35), "0");
  EXPECT_FALSE(view.Has(59));
  FieldIndex short_storage(storage, FieldIndex::StorageBytes(8, 0) - 1, 8, 0);
  EXPECT_FALSE(short_storage.valid());
  // Moving the index keeps the view.
  FieldIndex moved = std::move(hashed);
  EXPECT_EQ(view.GetOr(20000), "big");
}

// --- Every error code the decoder reports, with offset and tag. ---

struct ErrorCase {
  const char* name;
  std::string bytes;
  ErrorCode code;
  std::uint32_t offset;
  std::uint32_t tag;
};

std::vector<ErrorCase> ErrorCases() {
  const std::string body = Soh("35=0|");  // 5 bytes
  std::vector<ErrorCase> cases = {
      {"not 8=", Soh("9=5|35=0|10=000|"), ErrorCode::kBadBeginString, 0, 8},
      {"not FIX", Soh("8=FOO.4.2|9=5|35=0|10=000|"), ErrorCode::kBadBeginString, 0, 8},
      {"no version", WithHeader("FIX", body, "5", "000"), ErrorCode::kBadBeginString, 0, 8},
      {"begin too long", WithHeader("FIX.4.4444444444444", body, "5", "000"),
       ErrorCode::kBadBeginString, 0, 8},
      {"no 9=", Soh("8=FIX.4.2|35=0|9=5|10=000|"), ErrorCode::kMissingBodyLength, 10, 9},
      {"9=0", WithHeader("FIX.4.2", body, "0", "000"), ErrorCode::kBadBodyLength, 12, 9},
      {"9=000", WithHeader("FIX.4.2", body, "000", "000"), ErrorCode::kBadBodyLength, 12, 9},
      {"9=10 digits, zeros", WithHeader("FIX.4.2", body, "0000000005", "000"),
       ErrorCode::kBadBodyLength, 12, 9},
      {"9=5a", WithHeader("FIX.4.2", body, "5a", "000"), ErrorCode::kBadBodyLength, 12, 9},
      {"9=", WithHeader("FIX.4.2", body, "", "000"), ErrorCode::kBadBodyLength, 12, 9},
      {"9=10 digits", WithHeader("FIX.4.2", body, "1000000005", "000"),
       ErrorCode::kBadBodyLength, 12, 9},
      // Body "35=0|" at 14..19; BodyLength 4 ends mid-field.
      {"length short", WithHeader("FIX.4.2", body, "4", "000") + "xx", ErrorCode::kBodyLengthMismatch,
       18, 9},
      // BodyLength lands on a field boundary that is not 10=.
      {"length one field short", WithHeader("FIX.4.2", Soh("35=0|58=x|"), "5", "000"),
       ErrorCode::kMissingCheckSum, 19, 10},
      {"checksum 4 digits", WithHeader("FIX.4.2", body, "5", "0000"), ErrorCode::kBadCheckSum, 22, 10},
      {"checksum letters", WithHeader("FIX.4.2", body, "5", "0a0"), ErrorCode::kBadCheckSum, 22, 10},
      {"checksum 256", WithHeader("FIX.4.2", body, "5", "256"), ErrorCode::kBadCheckSum, 22, 10},
      {"checksum wrong", WithHeader("FIX.4.2", body, "5", "000"), ErrorCode::kCheckSumMismatch, 22,
       10},
      {"35 not third", Assemble("FIX.4.2", {{49, "S"}, {35, "0"}}), ErrorCode::kMissingMsgType, 15,
       49},
  };
  // Field-level cases: build each body, then fix BodyLength and CheckSum.
  struct BodyCase {
    const char* name;
    std::string body;
    ErrorCode code;
    std::uint32_t body_offset;  // from the body start
    std::uint32_t tag;
  };
  const BodyCase body_cases[] = {
      {"leading zero tag", Soh("35=0|055=x|"), ErrorCode::kBadTag, 5, 0},
      {"empty tag", Soh("35=0|=x|"), ErrorCode::kBadTag, 5, 0},
      {"empty field", Soh("35=0||"), ErrorCode::kBadTag, 5, 0},
      {"10 digit tag", Soh("35=0|1234567890=x|"), ErrorCode::kBadTag, 5, 0},
      {"letters tag", Soh("35=0|5x5=x|"), ErrorCode::kBadTag, 5, 0},
      {"missing equals", Soh("35=0|55IBM|"), ErrorCode::kMissingEquals, 5, 0},
      {"missing equals digits", Soh("35=0|55|"), ErrorCode::kMissingEquals, 5, 55},
      {"empty value", Soh("35=0|55=|"), ErrorCode::kEmptyValue, 5, 55},
      {"empty msg type", Soh("35=|"), ErrorCode::kEmptyValue, 0, 35},
      {"data length letters", Soh("35=0|95=x|96=a|"), ErrorCode::kBadDataLength, 8, 95},
      {"data length empty-ish", Soh("35=0|95=1234567890|96=a|"), ErrorCode::kBadDataLength, 8, 95},
      {"data length short", Soh("35=0|95=1|96=ab|"), ErrorCode::kBadDataLength, 14, 96},
      {"data past end", Soh("35=0|95=50|96=ab|"), ErrorCode::kDataLengthPastEnd, 14, 96},
      {"data exactly to end", Soh("35=0|95=3|96=ab|"), ErrorCode::kDataLengthPastEnd, 13, 96},
      {"data not next", Soh("35=0|95=2|58=ab|96=ab|"), ErrorCode::kDataFieldNotNext, 10, 58},
      {"data missing", Soh("35=0|95=2|"), ErrorCode::kDataFieldNotNext, 10, 96},
      {"signature after 93 is 89", Soh("35=0|93=2|90=ab|"), ErrorCode::kDataFieldNotNext, 10, 90},
      {"empty data", Soh("35=0|95=0|96=|"), ErrorCode::kEmptyValue, 10, 96},
      {"10 in body", Soh("35=0|10=000|58=x|"), ErrorCode::kFieldOutOfPlace, 5, 10},
      {"9 in body", Soh("35=0|9=5|"), ErrorCode::kFieldOutOfPlace, 5, 9},
      {"8 in body", Soh("35=0|8=FIX.4.2|"), ErrorCode::kFieldOutOfPlace, 5, 8},
  };
  for (const BodyCase& c : body_cases) {
    std::string m = WithHeader("FIX.4.2", c.body, std::to_string(c.body.size()), "000");
    const std::size_t trailer = m.size() - 7;
    char cs[4];
    std::snprintf(cs, sizeof cs, "%03u", testing::RefChecksum(std::string_view(m).substr(0, trailer)));
    m.replace(trailer + 3, 3, cs);
    const std::uint32_t body_start = 10 + 2 + static_cast<std::uint32_t>(std::to_string(c.body.size()).size()) + 1;
    cases.push_back({c.name, m, c.code, body_start + c.body_offset, c.tag});
  }
  return cases;
}

TEST_F(DecoderTest, EveryErrorCodeWithOffsetAndTag) {
  std::set<ErrorCode> seen;
  for (const ErrorCase& c : ErrorCases()) {
    const ExactCopy copy(c.bytes);
    const Error e = Decode(copy.view());
    EXPECT_EQ(e.code, c.code) << c.name << ": got " << ErrorCodeName(e.code);
    EXPECT_EQ(e.offset, c.offset) << c.name;
    EXPECT_EQ(e.tag, c.tag) << c.name;
    seen.insert(e.code);
  }
  // Codes that need options or capacity.
  const std::string m = Assemble("FIX.4.2", {{35, "0"}, {58, "a"}, {58, "b"}});
  FieldIndex small(4);
  Error e = decoder_.Decode(m, small, view_);
  EXPECT_EQ(e.code, ErrorCode::kIndexCapacityExceeded);
  EXPECT_EQ(e.tag, 58u);
  seen.insert(e.code);
  FieldIndex just_enough(5);
  EXPECT_EQ(decoder_.Decode(m, just_enough, view_).code, ErrorCode::kIndexCapacityExceeded);
  FieldIndex fits(6);
  EXPECT_TRUE(decoder_.Decode(m, fits, view_).ok());
  FieldIndex invalid;
  EXPECT_EQ(decoder_.Decode(m, invalid, view_).code, ErrorCode::kIndexCapacityExceeded);

  DecoderOptions options;
  options.max_message_size = static_cast<std::uint32_t>(m.size() - 1);
  e = Decoder(options).Decode(m, index_, view_);
  EXPECT_EQ(e.code, ErrorCode::kMessageTooLarge);
  seen.insert(e.code);
  options.max_message_size = static_cast<std::uint32_t>(m.size());
  EXPECT_TRUE(Decoder(options).Decode(m, index_, view_).ok());

  e = Decode(std::string_view(m).substr(0, m.size() - 1));
  EXPECT_EQ(e.code, ErrorCode::kIncomplete);
  seen.insert(e.code);

  const std::set<ErrorCode> want = {
      ErrorCode::kIncomplete,      ErrorCode::kBadBeginString,     ErrorCode::kMissingBodyLength,
      ErrorCode::kBadBodyLength,   ErrorCode::kBodyLengthMismatch, ErrorCode::kMissingMsgType,
      ErrorCode::kMissingCheckSum, ErrorCode::kBadCheckSum,        ErrorCode::kCheckSumMismatch,
      ErrorCode::kBadTag,          ErrorCode::kMissingEquals,      ErrorCode::kEmptyValue,
      ErrorCode::kBadDataLength,   ErrorCode::kDataLengthPastEnd,  ErrorCode::kDataFieldNotNext,
      ErrorCode::kIndexCapacityExceeded, ErrorCode::kMessageTooLarge, ErrorCode::kFieldOutOfPlace};
  EXPECT_EQ(seen, want);
}

// Every capacity around the field count, on a message mixing the walk's fast
// and general paths (1..9 digit tags, a data field with SOH, tags above the
// direct table, repeats): too small is kIndexCapacityExceeded at the first
// field that does not fit, with that field's tag and start offset; enough
// decodes every field, and lookups give each tag's first occurrence.
TEST_F(DecoderTest, EveryCapacityAroundTheFieldCount) {
  const std::string data = "a\x01=b";
  const std::string m = Assemble(
      "FIX.4.4", {{35, "D"},       {1128, "9"},      {448, "p1"},  {5001, "u"},   {95, "4"},
                  {96, data},      {20000, "big1"},  {448, "p2"},  {12345, "x"},  {1234567, "y"},
                  {12345678, "z"}, {123456789, "w"}, {20000, "big2"}, {7, "s"}, {123456789, "w2"}});
  std::vector<RefField> ref;
  ASSERT_TRUE(testing::ReferenceParse(m, &ref));
  // Field starts, found independently: after each SOH outside the data value.
  std::vector<std::size_t> starts = {0};
  const std::size_t data_at = m.find(data);
  for (std::size_t i = 0; i + 1 < m.size(); ++i) {
    if (i >= data_at && i < data_at + data.size()) continue;
    if (m[i] == kSoh) starts.push_back(i + 1);
  }
  ASSERT_EQ(starts.size(), ref.size());
  for (std::uint32_t capacity = 4; capacity <= ref.size() + 2; ++capacity) {
    FieldIndex index(capacity);
    MessageView view;
    const Error e = decoder_.Decode(m, index, view);
    if (capacity < ref.size()) {
      EXPECT_EQ(e.code, ErrorCode::kIndexCapacityExceeded) << capacity;
      EXPECT_EQ(e.tag, ref[capacity - 1].tag) << capacity;
      EXPECT_EQ(e.offset, starts[capacity - 1]) << capacity;
      continue;
    }
    ASSERT_TRUE(e.ok()) << capacity << " " << ErrorCodeName(e.code);
    CheckAgainstReferenceFields(view, ref);
  }
}

TEST_F(DecoderTest, LenientOptions) {
  std::string m = Assemble("FIX.4.2", {{35, "0"}, {58, ""}, {95, "0"}, {96, ""}, {55, "X"}});
  EXPECT_EQ(Decode(m).code, ErrorCode::kEmptyValue);
  DecoderOptions lenient;
  lenient.allow_empty_values = true;
  ASSERT_TRUE(Decoder(lenient).Decode(m, index_, view_).ok());
  EXPECT_EQ(view_.Get(58), std::optional<std::string_view>(""));
  EXPECT_EQ(view_.Get(96), std::optional<std::string_view>(""));
  EXPECT_EQ(view_.GetOr(55), "X");

  m[m.size() - 2] = m[m.size() - 2] == '0' ? '1' : '0';  // break the checksum
  EXPECT_EQ(Decode(m).code, ErrorCode::kCheckSumMismatch);
  DecoderOptions unchecked;
  unchecked.allow_empty_values = true;
  unchecked.validate_checksum = false;
  EXPECT_TRUE(Decoder(unchecked).Decode(m, index_, view_).ok());
}

TEST(ErrorCodeNameTest, StableUniqueSnakeCaseNames) {
  EXPECT_EQ(ErrorCodeName(ErrorCode::kOk), "ok");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kBadBeginString), "bad_begin_string");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kCheckSumMismatch), "check_sum_mismatch");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kIndexCapacityExceeded), "index_capacity_exceeded");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kDictionaryMismatch), "dictionary_mismatch");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kFieldOutOfPlace), "field_out_of_place");
  std::set<std::string_view> names;
  for (int c = 0; c <= static_cast<int>(kLastErrorCode); ++c) {
    const std::string_view name = ErrorCodeName(static_cast<ErrorCode>(c));
    EXPECT_NE(name, "unknown") << c;
    for (char ch : name) EXPECT_TRUE((ch >= 'a' && ch <= 'z') || ch == '_') << name;
    names.insert(name);
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(kLastErrorCode) + 1);
  EXPECT_EQ(ErrorCodeName(static_cast<ErrorCode>(static_cast<int>(kLastErrorCode) + 1)), "unknown");
}

// --- Random messages against the reference parser, on every SIMD path. ---

void CheckAgainstReference(const MessageView& view, std::string_view m) {
  std::vector<RefField> ref;
  ASSERT_TRUE(testing::ReferenceParse(m, &ref));
  ASSERT_EQ(view.field_count(), ref.size());
  std::map<std::uint32_t, std::string> first;
  std::map<std::uint32_t, std::uint32_t> count;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    const Field& f = view.field(static_cast<std::uint32_t>(i));
    ASSERT_EQ(f.tag, ref[i].tag) << i;
    ASSERT_EQ(view.value(f), ref[i].value) << "tag " << f.tag;
    first.emplace(ref[i].tag, ref[i].value);
    ++count[ref[i].tag];
  }
  for (const auto& [tag, value] : first) {
    ASSERT_EQ(view.Get(tag), std::optional<std::string_view>(value)) << tag;
    ASSERT_EQ(view.Count(tag), count[tag]) << tag;
  }
}

using DecoderIsaTest = ::fixwire::testing::ActiveIsaTest;

TEST_P(DecoderIsaTest, RandomMessagesMatchReference) {
  testing::RandomMessageMaker maker(1234 + static_cast<int>(GetParam()));
  FieldIndex index(4096);
  Decoder decoder;
  MessageView view;
  std::set<std::uint32_t> previous_tags;
  for (int i = 0; i < 3000; ++i) {
    // Every 50th message is long, so the walk crosses many scan chunks.
    const std::string m = maker.RandomMessage(nullptr, i % 50 == 0 ? 1500 : 40);
    const ExactCopy copy(m);
    const Error e = decoder.Decode(copy.view(), index, view);
    ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " at " << e.offset << " tag " << e.tag;
    ASSERT_EQ(view.size(), m.size());
    CheckAgainstReference(view, copy.view());
    // Tags of the previous message that this one lacks must not be found
    // (stale direct slots and old hash generations).
    std::set<std::uint32_t> tags;
    for (const Field& f : view.fields()) tags.insert(f.tag);
    for (std::uint32_t t : previous_tags) {
      if (tags.count(t) == 0) {
        ASSERT_FALSE(view.Has(t)) << t;
      }
    }
    for (int k = 0; k < 20; ++k) {
      const std::uint32_t t = maker.RandomTag();
      if (tags.count(t) == 0) {
        ASSERT_FALSE(view.Has(t)) << t;
      }
    }
    previous_tags = std::move(tags);
  }
}

// The CheckSum is summed during the field scan, 2 KB chunks at a time, with
// the bytes a data field jumps over summed separately. Data fields of every
// size around the chunk edges, anywhere (also last in the body), must give a
// correct sum (checked with RefChecksum, byte by byte); a wrong 10= must win
// over a field error found earlier in the walk, and a field error after a long
// data field must still be reported when the sum is right.
TEST_P(DecoderIsaTest, CheckSumAcrossChunksAndDataFields) {
  FieldIndex index(256);
  Decoder decoder;
  MessageView view;
  std::string raw;
  for (std::size_t i = 0; i < 6000; ++i) raw += static_cast<char>(i % 7 == 0 ? 1 : 'a' + i % 23);
  for (std::size_t n : {1u, 63u, 64u, 1990u, 2000u, 2030u, 2047u, 2048u, 2049u, 2100u, 4095u, 4200u,
                        5999u}) {
    for (int where = 0; where < 3; ++where) {
      std::vector<RefField> body = {{35, "B"}, {49, "S"}};
      if (where == 1) body.push_back({58, std::string(3000, 'x')});  // data field in a later chunk
      body.push_back({95, std::to_string(n)});
      body.push_back({96, raw.substr(0, n)});
      if (where != 2) body.push_back({56, "T"});  // where == 2: the data field ends the body
      const std::string m = Assemble("FIX.4.4", body);
      SCOPED_TRACE(::testing::Message() << "n " << n << " where " << where);
      {
        const ExactCopy copy(m);
        const Error e = decoder.Decode(copy.view(), index, view);
        ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " at " << e.offset;
        ASSERT_EQ(view.GetOr(96), raw.substr(0, n));
        ASSERT_EQ(view.checksum(), testing::RefChecksum(std::string_view(m).substr(0, m.size() - 7)));
      }
      // One byte of the data changed: the sum must notice, wherever the byte is.
      for (std::size_t k : {std::size_t{0}, n / 2, n - 1}) {
        std::string bad = m;
        const std::size_t at = m.find("\x01" "96=") + 4 + k;
        bad[at] = static_cast<char>(bad[at] == 'z' ? 'y' : 'z');
        const ExactCopy copy(bad);
        EXPECT_EQ(decoder.Decode(copy.view(), index, view).code, ErrorCode::kCheckSumMismatch) << k;
      }
      // A field error after the data field: reported when the sum matches, the
      // mismatch reported instead when it does not.
      if (where != 2) {
        std::vector<RefField> broken = body;
        broken.back() = {56, ""};  // empty value
        const std::string eb = Assemble("FIX.4.4", broken);
        const ExactCopy ok_sum(eb);
        EXPECT_EQ(decoder.Decode(ok_sum.view(), index, view).code, ErrorCode::kEmptyValue);
        std::string wrong = eb;
        wrong[wrong.size() - 2] = static_cast<char>(wrong[wrong.size() - 2] == '0' ? '1' : '0');
        const ExactCopy bad_sum(wrong);
        const Error e = decoder.Decode(bad_sum.view(), index, view);
        EXPECT_EQ(e.code, ErrorCode::kCheckSumMismatch);
        EXPECT_EQ(e.offset, wrong.size() - 4);
        EXPECT_EQ(e.tag, 10u);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllIsas, DecoderIsaTest, ::testing::ValuesIn(simd::kAllIsas),
                         [](const ::testing::TestParamInfo<simd::Isa>& param_info) {
                           return std::string(simd::IsaName(param_info.param));
                         });

// --- Truncated and mutated inputs at every length, in exact-size heap buffers. ---

TEST(DecoderRobustnessTest, TruncatedAndMutatedNeverReadOutside) {
  testing::RandomMessageMaker maker(99);
  FieldIndex index(512);
  Decoder decoder;
  DecoderOptions lenient_options;
  lenient_options.allow_empty_values = true;
  lenient_options.validate_checksum = false;
  Decoder lenient(lenient_options);
  MessageView view;
  const unsigned char kMutations[] = {0x01, '=', '0', '9', 'A', 0x00, 0xff, '8'};
  for (int round = 0; round < 12; ++round) {
    const std::string m = maker.RandomMessage(nullptr, 12);
    for (std::size_t n = 0; n <= m.size(); ++n) {
      const ExactCopy prefix(std::string_view(m).substr(0, n));
      const Error e = decoder.Decode(prefix.view(), index, view);
      if (n < m.size()) {
        ASSERT_EQ(e.code, ErrorCode::kIncomplete) << n;
      } else {
        ASSERT_TRUE(e.ok());
      }
      (void)lenient.Decode(prefix.view(), index, view);
    }
    for (std::size_t pos = 0; pos < m.size(); ++pos) {
      for (unsigned char b : kMutations) {
        std::string mutated = m;
        mutated[pos] = static_cast<char>(b);
        for (std::size_t cut : {mutated.size(), pos + 1}) {
          const ExactCopy copy(std::string_view(mutated).substr(0, cut));
          for (const Decoder* d : {&decoder, &lenient}) {
            const Error e = d->Decode(copy.view(), index, view);
            if (e.ok()) {
              ASSERT_LE(view.size(), copy.size);
              for (const Field& f : view.fields()) {
                ASSERT_LE(std::uint64_t{f.offset} + f.length, view.size());
              }
            } else {
              ASSERT_LE(e.offset, copy.size);
            }
          }
        }
      }
    }
  }
}

// --- Zero allocation. ---

TEST(DecoderAllocationTest, TenThousandMessagesAllocateNothing) {
  testing::RandomMessageMaker maker(7);
  std::vector<std::string> messages;
  for (int i = 0; i < 200; ++i) messages.push_back(maker.RandomMessage());
  Decoder decoder;
  FieldIndex index(1024);
  MessageView view;
  std::uint64_t fields = 0;
  std::int64_t sink = 0;
  testing::AllocationScope scope;
  for (int i = 0; i < 10'000; ++i) {
    const Error e = decoder.Decode(messages[i % messages.size()], index, view);
    if (!e.ok()) break;
    fields += view.field_count();
    std::int64_t v;
    if (view.GetInt64(9, &v) == ErrorCode::kOk) sink += v;
    sink += static_cast<std::int64_t>(view.GetOr(35).size());
  }
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_EQ(scope.deallocations(), 0u);
  EXPECT_GT(fields, 10'000u * 3);
  EXPECT_NE(sink, 0);
}

}  // namespace
}  // namespace fixwire
