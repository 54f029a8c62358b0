// references_test.cc: the fuzz targets' oracles checked on hand-written messages.
//
// The differential target trusts ParseWithQuickFix's classification of
// QuickFIX's exception texts, and the decoder target trusts ReferenceDecode; a
// silent mistake in either would make the fuzzers pass vacuously. Every
// expected BodyLength and CheckSum here was computed outside this code (by
// hand and checked with Python's sum(bytes) % 256), not by the code under test.
#include <string>

#include "gtest/gtest.h"
#include "tests/fuzz/quickfix_reference.h"
#include "tests/fuzz/reference_decoder.h"

namespace fixwire::fuzz {
namespace {

namespace qf = ::fixwire_fuzz_quickfix;

// "8=FIX.4.2|9=5|35=0|10=161|": body "35=0|" is 5 bytes; the byte sum of
// "8=FIX.4.2|9=5|35=0|" is 1441, 1441 mod 256 = 161.
const std::string kHeartbeat = std::string("8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=161\x01");

TEST(QuickFixReference, AcceptsAValidMessageWithItsFields) {
  const qf::Result r = qf::ParseWithQuickFix(kHeartbeat);
  ASSERT_EQ(r.verdict, qf::Verdict::kAccepted) << r.text;
  ASSERT_EQ(r.fields.size(), 4u);
  EXPECT_EQ(r.fields[0].tag, 8);
  EXPECT_EQ(r.fields[0].value, "FIX.4.2");
  EXPECT_EQ(r.fields[3].tag, 10);
  EXPECT_EQ(r.fields[3].value, "161");
}

TEST(QuickFixReference, ClassifiesBodyLengthAndCheckSumRejections) {
  EXPECT_EQ(qf::ParseWithQuickFix(std::string("8=FIX.4.2\x01" "9=6\x01" "35=0\x01" "10=162\x01")).verdict,
            qf::Verdict::kBodyLength);
  EXPECT_EQ(qf::ParseWithQuickFix(std::string("8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=160\x01")).verdict,
            qf::Verdict::kCheckSum);
  EXPECT_EQ(qf::ParseWithQuickFix(std::string("8=FIX.4.2\x01" "9=5\x01" "35=0\x01")).verdict,
            qf::Verdict::kCheckSum);  // "CheckSum is missing"
  EXPECT_EQ(qf::ParseWithQuickFix(std::string("8=FIX.4.2\x01" "35=0\x01" "10=161\x01")).verdict,
            qf::Verdict::kStructure);  // header out of order
  EXPECT_EQ(qf::ParseWithQuickFix(std::string("8=FIX.4.2\x01" "9=5\x01" "35=0")).verdict,
            qf::Verdict::kStructure);  // no SOH after the last field
}

TEST(ReferenceDecoder, AcceptsTheHeartbeat) {
  const ReferenceResult r = ReferenceDecode(kHeartbeat, ReferenceOptions{});
  ASSERT_TRUE(r.ok) << r.reason;
  EXPECT_EQ(r.size, kHeartbeat.size());
  ASSERT_EQ(r.fields.size(), 4u);
  EXPECT_EQ(r.fields[2].tag, 35u);
  EXPECT_EQ(r.fields[2].offset, 17u);  // "8=FIX.4.2|" 10 + "9=5|" 4 + "35=" 3
  EXPECT_EQ(r.fields[2].length, 1u);
  EXPECT_EQ(r.fields[3].offset, 22u);
}

TEST(ReferenceDecoder, DataFieldMayHoldSohAndEquals) {
  // Body "35=0|95=3|96=a|=|" = 5 + 5 + 7 = 17 bytes; CheckSum 255.
  const std::string m = std::string("8=FIX.4.2\x01" "9=17\x01" "35=0\x01" "95=3\x01" "96=a\x01=\x01" "10=255\x01");
  const ReferenceResult r = ReferenceDecode(m, ReferenceOptions{});
  ASSERT_TRUE(r.ok) << r.reason;
  ASSERT_EQ(r.fields.size(), 6u);
  EXPECT_EQ(r.fields[4].tag, 96u);
  EXPECT_EQ(r.fields[4].length, 3u);
}

TEST(ReferenceDecoder, RejectsEachFramingError) {
  ReferenceOptions o;
  EXPECT_FALSE(ReferenceDecode(std::string("8=FIX.4.2\x01" "9=00\x01" "35=0\x01" "10=209\x01"), o).ok);
  EXPECT_FALSE(ReferenceDecode(std::string("8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=160\x01"), o).ok);
  EXPECT_FALSE(ReferenceDecode(std::string("8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=16\x01"), o).ok);
  EXPECT_FALSE(ReferenceDecode(std::string("8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=161"), o).ok);
  EXPECT_FALSE(ReferenceDecode(std::string("8=FOO.4.2\x01" "9=5\x01" "35=0\x01" "10=158\x01"), o).ok);
  o.validate_checksum = false;
  EXPECT_TRUE(ReferenceDecode(std::string("8=FIX.4.2\x01" "9=5\x01" "35=0\x01" "10=160\x01"), o).ok);
}

}  // namespace
}  // namespace fixwire::fuzz
