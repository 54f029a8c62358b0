// Decoding with a dictionary: the Length/Data table built from the
// dictionary's LENGTH/DATA fields (a venue's own data field with SOH inside),
// and DecodeWithDictionary for FIX 4.4 and FIXT 1.1 + FIX 5.0 SP2.
#include "fixwire/dictionary/dictionary_decode.h"

#include <string>

#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::Frame;
using testing::kStdHeader;
using testing::LoadOrDie;

TEST(DictionaryDecodeTest, LengthTableHasStandardAndDictionaryPairs) {
  Dictionary d = LoadOrDie("tests/data/dictionaries/custom.xml");
  LengthFieldTable t = MakeLengthFieldTable(d);
  EXPECT_EQ(t.DataTagFor(5010), 5011u);
  EXPECT_EQ(t.DataTagFor(95), 96u);   // standard
  EXPECT_EQ(t.DataTagFor(93), 89u);   // standard, not length + 1
  EXPECT_EQ(t.DataTagFor(5011), 0u);
  EXPECT_EQ(t.DataTagFor(5001), 0u);
}

TEST(DictionaryDecodeTest, UserDefinedDataFieldWithSoh) {
  Dictionary d = LoadOrDie("tests/data/dictionaries/custom.xml");
  LengthFieldTable lengths = MakeLengthFieldTable(d);
  std::string bytes = Frame("FIX.4.4", "U1",
                            std::string(kStdHeader) + "|5001=L|5002=H|5010=5|5011=a\x01" "b=c|58=t");
  FieldIndex index(256);
  GroupStorage groups(8, 8);
  GroupedMessage msg;
  // Without the dictionary's pair the data field's SOH splits it.
  EXPECT_FALSE(DecodeWithDictionary(Decoder(), bytes, index, d, {}, groups, &msg).ok());
  DecoderOptions options;
  options.length_fields = &lengths;
  Decoder decoder(options);
  Error e = DecodeWithDictionary(decoder, bytes, index, d, {}, groups, &msg);
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " tag " << e.tag;
  EXPECT_EQ(msg.GetTopLevel(5011).value_or(""), std::string("a\x01" "b=c"));
  EXPECT_EQ(msg.GetTopLevel(58).value_or(""), "t");
  EXPECT_TRUE(Validator().Validate(msg).ok());
}

TEST(DictionaryDecodeTest, DecoderErrorsComeFirst) {
  Dictionary d = LoadOrDie("tests/data/dictionaries/mini44.xml");
  std::string bytes = Frame("FIX.4.4", "R", std::string(kStdHeader) + "|131=Q|146=1|55=A");
  bytes[bytes.size() - 2] = bytes[bytes.size() - 2] == '0' ? '1' : '0';  // break the checksum
  FieldIndex index(256);
  GroupStorage groups(8, 8);
  GroupedMessage msg;
  Error e = DecodeWithDictionary(Decoder(), bytes, index, d, {}, groups, &msg);
  EXPECT_EQ(e.code, ErrorCode::kCheckSumMismatch);
}

TEST(DictionaryDecodeTest, FixtTransportAndApplicationDictionaries) {
  Dictionary fixt = LoadOrDie("codec/dictionaries/FIXT11.xml");
  Dictionary sp2 = LoadOrDie("codec/dictionaries/FIX50SP2.xml");
  std::string bytes =
      Frame("FIXT.1.1", "R",
            "1128=9|49=S|56=T|34=2|52=20240102-03:04:05|627=1|628=HUB|131=Q|146=2|55=A|55=B|58=x");
  FieldIndex index(256);
  GroupStorage groups(16, 64);
  GroupedMessage msg;
  Decoder decoder;
  ::fixwire::testing::AllocationScope scope;
  Error e = DecodeWithDictionary(decoder, bytes, index, fixt, sp2, {}, groups, &msg);
  EXPECT_EQ(scope.allocations(), 0u);
  ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " tag " << e.tag;
  EXPECT_EQ(msg.group(627).size(), 1u);  // header group, from the transport dictionary
  EXPECT_EQ(msg.group(627).entry(0).GetOr(628), "HUB");
  ASSERT_EQ(msg.group(146).size(), 2u);  // body group, from the application dictionary
  EXPECT_EQ(msg.group(146).entry(1).GetOr(55), "B");
  EXPECT_EQ(msg.GetTopLevel(58).value_or(""), "x");
  ValidationResult r = Validator().Validate(msg);
  EXPECT_TRUE(r.ok()) << ValidationCheckName(r.check) << " " << r.reason_code() << " tag " << r.tag;
}

}  // namespace
}  // namespace fixwire
