// QuickFIX 1.15 loads our FIXT11.xml and FIX50SP2.xml (and FIX50SP1.xml, FIX50.xml) and judges real
// FIXT.1.1 / FIX.5.0SP2 (FIX.5.0SP1, FIX.5.0) messages with them: well-formed messages pass, and each broken one is rejected for the reason and tag the
// FIX specification's layout implies (required fields, enumerations, formats, groups, nesting).
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "tests/dictionaries/fixt_quickfix.h"

namespace fixwire_dicttest {
namespace {

constexpr char kFixt[] = "codec/dictionaries/FIXT11.xml";
constexpr char kFix50Sp2[] = "codec/dictionaries/FIX50SP2.xml";
constexpr char kFix50Sp1[] = "codec/dictionaries/FIX50SP1.xml";
constexpr char kFix50[] = "codec/dictionaries/FIX50.xml";
constexpr char kHeader[] = "49=BUYSIDE|56=SELLSIDE|34=7|52=20240102-10:00:00.000|";

// Frames "35=...|...|" ('|' for SOH) with BeginString, BodyLength and CheckSum.
std::string Frame(std::string body) {
  for (char& c : body) {
    if (c == '|') c = '\x01';
  }
  std::string message = "8=FIXT.1.1\x01" "9=" + std::to_string(body.size()) + "\x01" + body;
  unsigned sum = 0;
  for (unsigned char c : message) sum += c;
  char checksum[8];
  std::snprintf(checksum, sizeof checksum, "%03u", sum % 256);
  return message + "10=" + checksum + "\x01";
}

QuickFixVerdict Judge(const std::string& msgtype, const std::string& body) {
  return QuickFixValidate(kFixt, kFix50Sp2, Frame("35=" + msgtype + "|" + kHeader + body));
}

void ExpectAccepted(const std::string& msgtype, const std::string& body) {
  QuickFixVerdict v = Judge(msgtype, body);
  EXPECT_TRUE(v.ok) << msgtype << ": " << v.text << " (tag " << v.tag << ") in " << body;
}

void ExpectRejected(const std::string& msgtype, const std::string& body, int reason, int tag) {
  QuickFixVerdict v = Judge(msgtype, body);
  EXPECT_FALSE(v.ok) << msgtype << " accepted: " << body;
  EXPECT_EQ(v.reject_reason, reason) << v.text;
  EXPECT_EQ(v.tag, tag) << v.text;
}

const std::string kOrder =
    "1128=9|11=ORD-1|453=2|448=TRADER1|447=D|452=11|802=1|523=DESK7|803=9|448=FIRM|447=D|452=1|"
    "1=ACC1|55=IBM|48=459200101|22=1|54=1|60=20240102-10:00:00.000|38=100|40=2|44=131.25|59=0|";

TEST(FixtQuickFix, LoadsBothDictionaries) {
  EXPECT_EQ(QuickFixLoadError(kFixt), "");
  EXPECT_EQ(QuickFixLoadError(kFix50Sp2), "");
  EXPECT_EQ(QuickFixVersion(kFixt), "FIXT.1.1");
  EXPECT_NE(QuickFixLoadError("codec/dictionaries/no_such_file.xml"), "");
}

// FIX 5.0 SP1 under FIXT 1.1: QuickFIX loads it, accepts SP1 messages, and rejects what SP2 added.
TEST(FixtQuickFix, Fix50Sp1LoadsAndJudges) {
  EXPECT_EQ(QuickFixLoadError(kFix50Sp1), "");
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50Sp1, "AE", 552), 54);
  auto judge = [](const std::string& msgtype, const std::string& body) {
    return QuickFixValidate(kFixt, kFix50Sp1, Frame("35=" + msgtype + "|" + kHeader + body));
  };
  for (const auto& [msgtype, body] : std::vector<std::pair<std::string, std::string>>{
           {"D", "1128=8|11=ORD-1|1=ACC1|55=IBM|54=1|60=20240102-10:00:00.000|38=100|40=2|44=131.25|"},
           {"AE", "1128=8|571=TR-1|39=2|55=IBM|32=100|31=131.25|75=20240102|60=20240102-10:00:04.000|552=1|54=1|"
                  "37=OID-1|11=ORD-1|"},
           {"f", "1128=8|55=IBM|326=2|327=I|"}}) {
    QuickFixVerdict v = judge(msgtype, body);
    EXPECT_TRUE(v.ok) << msgtype << ": " << v.text << " (tag " << v.tag << ")";
  }
  // MarketSegmentID (1300) in a trade report is SP2's; HaltReason 0 (SP2's int) is not a SP1 value.
  QuickFixVerdict segment = judge("AE", "1128=8|571=TR-1|55=IBM|32=100|31=131.25|75=20240102|"
                                        "60=20240102-10:00:04.000|552=1|54=1|37=OID-1|1300=SEG|");
  EXPECT_FALSE(segment.ok);
  EXPECT_EQ(segment.tag, 1300) << segment.text;
  QuickFixVerdict halt = judge("f", "1128=8|55=IBM|326=2|327=0|");
  EXPECT_FALSE(halt.ok);
  EXPECT_EQ(halt.reject_reason, 5) << halt.text;
}

// FIX 5.0 under FIXT 1.1: QuickFIX loads it as FIX.5.0, accepts FIX 5.0 messages, and rejects what
// SP1 added or changed; the same messages under FIX50SP1.xml show each verdict comes from the file.
TEST(FixtQuickFix, Fix50LoadsAndJudges) {
  EXPECT_EQ(QuickFixLoadError(kFix50), "");
  EXPECT_EQ(QuickFixVersion(kFix50), "FIX.5.0");
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50, "m", 428), 55);   // NoStrikes -> Instrument's Symbol
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50, "m", 711), 311);  // NoUnderlyings beside it -> UnderlyingSymbol
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50Sp1, "m", 711), 0);  // SP1 nests the underlyings in a strike
  auto judge = [](const char* app, const std::string& appl_ver_id, const std::string& msgtype,
                  const std::string& body) {
    return QuickFixValidate(kFixt, app, Frame("35=" + msgtype + "|" + kHeader + "1128=" + appl_ver_id + "|" + body));
  };
  const std::string order = "11=ORD-1|1=ACC1|55=IBM|54=1|60=20240102-10:00:00.000|38=100|40=2|44=131.25|";
  for (const auto& [msgtype, body] : std::vector<std::pair<std::string, std::string>>{
           {"D", order},
           {"F", "41=ORD-1|11=ORD-2|55=IBM|54=1|60=20240102-10:00:01.000|38=100|"},
           {"AE", "571=TR-1|55=IBM|32=100|31=131.25|75=20240102|60=20240102-10:00:04.000|552=1|54=1|37=OID-1|"
                  "15=USD|120=EUR|"},
           {"m", "66=L-1|422=1|428=1|55=IBM|711=1|311=IBM|140=130.5|54=1|44=131|"},
           {"f", "55=IBM|326=2|327=I|"}}) {
    QuickFixVerdict v = judge(kFix50, "7", msgtype, body);
    EXPECT_TRUE(v.ok) << msgtype << ": " << v.text << " (tag " << v.tag << ")";
  }
  // SecurityGroup (1151) in the instrument of a NewOrderSingle is SP1's: no such tag in FIX 5.0.
  QuickFixVerdict group = judge(kFix50, "7", "D", order + "1151=GRP|");
  EXPECT_FALSE(group.ok);
  EXPECT_EQ(group.reject_reason, 0) << group.text;
  EXPECT_EQ(group.tag, 1151) << group.text;
  QuickFixVerdict sp1_group = judge(kFix50Sp1, "8", "D", order + "1151=GRP|");
  EXPECT_TRUE(sp1_group.ok) << sp1_group.text;
  // TrdMatchID (880) is a FIX 5.0 field, but SP1 added it to the execution report.
  const std::string fill = "37=OID-1|17=EXEC-1|150=F|39=2|55=IBM|54=1|151=0|14=100|";
  QuickFixVerdict match = judge(kFix50, "7", "8", fill + "880=M-1|");
  EXPECT_FALSE(match.ok);
  EXPECT_EQ(match.reject_reason, 2) << match.text;
  EXPECT_EQ(match.tag, 880) << match.text;
  EXPECT_TRUE(judge(kFix50Sp1, "8", "8", fill + "880=M-1|").ok);
  // FIX 5.0 requires OrigClOrdID (41) in a cancel request; SP1 does not.
  const std::string cancel = "11=ORD-2|55=IBM|54=1|60=20240102-10:00:01.000|38=100|";
  QuickFixVerdict orig = judge(kFix50, "7", "F", cancel);
  EXPECT_FALSE(orig.ok);
  EXPECT_EQ(orig.reject_reason, 1) << orig.text;
  EXPECT_EQ(orig.tag, 41) << orig.text;
  EXPECT_TRUE(judge(kFix50Sp1, "8", "F", cancel).ok);
}

TEST(FixtQuickFix, ReadsOurGroupsAsIntended) {
  EXPECT_EQ(QuickFixGroupDelimiter(kFixt, "A", 384), 372);   // NoMsgTypes -> RefMsgType
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50Sp2, "D", 453), 448);  // NoPartyIDs -> PartyID
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50Sp2, "V", 146), 55);   // InstrmtMDReqGrp -> Instrument's Symbol
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50Sp2, "W", 268), 269);  // MDFullGrp -> MDEntryType
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50Sp2, "X", 268), 279);  // MDIncGrp -> MDUpdateAction
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50Sp2, "i", 296), 302);  // QuotSetGrp -> QuoteSetID
  EXPECT_EQ(QuickFixGroupDelimiter(kFix50Sp2, "D", 55), 0);     // Symbol is not a group
  EXPECT_TRUE(QuickFixIsMsgField(kFix50Sp2, "D", 55));          // Instrument's fields are D's
  EXPECT_TRUE(QuickFixIsMsgField(kFix50Sp2, "D", 38));          // OrderQtyData's too
  EXPECT_FALSE(QuickFixIsMsgField(kFix50Sp2, "D", 270));
}

TEST(FixtQuickFix, AcceptsSessionMessages) {
  ExpectAccepted("A", "98=0|108=30|141=Y|384=2|372=D|385=R|372=8|385=S|1137=9|");
  ExpectAccepted("0", "112=PING-1|");
  ExpectAccepted("0", "");
  ExpectAccepted("1", "112=PING-1|");
  ExpectAccepted("2", "7=1|16=0|");
  ExpectAccepted("3", "45=3|371=54|372=D|373=5|58=bad side|");
  ExpectAccepted("4", "123=Y|36=12|");
  ExpectAccepted("5", "58=bye|");
}

TEST(FixtQuickFix, AcceptsApplicationMessages) {
  ExpectAccepted("D", kOrder);
  ExpectAccepted("F", "1128=9|41=ORD-1|11=ORD-2|55=IBM|54=1|60=20240102-10:00:01.000|38=100|");
  ExpectAccepted("G", "1128=9|41=ORD-1|11=ORD-3|55=IBM|54=1|60=20240102-10:00:02.000|38=200|40=2|44=131.5|");
  ExpectAccepted("9", "37=OID-1|11=ORD-2|41=ORD-1|39=0|434=1|102=1|");
  ExpectAccepted("8",
                 "37=OID-1|11=ORD-1|17=EXEC-1|150=F|39=1|55=IBM|54=1|38=100|40=2|44=131.25|32=40|31=131.25|"
                 "151=60|14=40|6=131.25|60=20240102-10:00:03.000|382=1|375=BROKER9|");
  ExpectAccepted("V", "262=MDR-1|263=1|264=10|265=1|267=2|269=0|269=1|146=2|55=IBM|55=MSFT|");
  ExpectAccepted("W",
                 "262=MDR-1|55=IBM|268=3|269=0|270=131.20|271=500|290=1|269=1|270=131.30|271=300|290=1|"
                 "269=2|270=131.25|271=100|");
  ExpectAccepted("X",
                 "268=3|279=0|269=0|55=IBM|270=131.20|271=500|279=1|269=1|55=IBM|270=131.30|271=200|"
                 "279=2|269=0|55=MSFT|270=27.10|");
  ExpectAccepted("Y", "262=MDR-1|281=0|58=unknown symbol|");
  ExpectAccepted("R", "131=QR-1|146=2|55=IBM|38=1000|54=1|55=MSFT|38=500|54=2|");
  ExpectAccepted("S", "117=Q-1|131=QR-1|55=IBM|132=131.20|133=131.30|134=1000|135=1000|");
  ExpectAccepted("i",
                 "117=MQ-1|296=2|302=SET-A|304=2|295=2|299=E1|55=IBM|132=131.2|133=131.3|299=E2|55=MSFT|132=27.1|"
                 "302=SET-B|304=1|295=1|299=E3|55=ORCL|133=88.5|");
  ExpectAccepted("b", "117=MQ-1|297=0|");
  ExpectAccepted("j", "45=12|372=D|380=3|58=unsupported|");
  ExpectAccepted("AE", "571=TR-1|55=IBM|32=100|31=131.25|75=20240102|60=20240102-10:00:04.000|552=1|54=1|37=OID-1|");
  ExpectAccepted("d", "320=SD-1|322=SDR-1|323=1|55=IBM|167=CS|");
  ExpectAccepted("y", "320=SL-1|322=SLR-1|560=0|893=Y|146=2|55=IBM|55=MSFT|");
  ExpectAccepted("E", "66=LIST-1|394=3|68=2|73=2|11=O1|67=1|55=IBM|54=1|38=100|40=1|11=O2|67=2|55=MSFT|54=2|38=50|40=1|");
}

TEST(FixtQuickFix, AcceptsMultilegMassCancelSecurityAndListMessages) {
  const std::string t = "60=20240102-10:00:05.000|";
  // Two legs, the first with a nested LegPreAllocGrp of two allocations.
  ExpectAccepted("AB", "11=ML-1|54=B|" + t + "40=2|44=1.5|555=2|600=IBM|624=1|687=100|670=2|671=A1|673=60|671=A2|"
                       "673=40|600=MSFT|624=2|687=50|");
  ExpectAccepted("AC", "37=OID-9|41=ML-1|11=ML-2|54=B|" + t + "38=10|40=2|555=1|600=IBM|624=1|");
  ExpectAccepted("q", "11=MC-1|530=7|" + t);
  ExpectAccepted("r", "37=OID-9|1369=MAR-1|530=7|531=7|");
  ExpectAccepted("Z", "298=4|");
  ExpectAccepted("Z", "298=1|295=2|55=IBM|55=MSFT|");
  ExpectAccepted("AI", "131=QR-1|117=Q-1|55=IBM|297=0|");
  ExpectAccepted("c", "320=SDR-1|321=3|55=IBM|");
  ExpectAccepted("e", "324=SSR-1|55=IBM|263=0|");
  ExpectAccepted("f", "55=IBM|326=2|");
  ExpectAccepted("x", "320=SLR-1|559=4|");
  ExpectAccepted("K", "66=LIST-1|" + t);
  ExpectAccepted("L", "66=LIST-1|" + t);
  ExpectAccepted("M", "66=LIST-1|");
  ExpectAccepted("N", "66=LIST-1|429=3|82=1|431=3|83=1|68=2|73=2|11=O1|14=100|39=2|151=0|84=0|6=1.5|"
                      "11=O2|14=0|39=0|151=50|84=0|6=0|");
  // ListStatus entries need CumQty(14), OrdStatus(39), LeavesQty(151), CxlQty(84) and AvgPx(6).
  ExpectRejected("N", "66=LIST-1|429=3|82=1|431=3|83=1|68=1|73=1|11=O1|14=100|39=2|151=0|6=1.5|", 1, 84);
}

TEST(FixtQuickFix, RejectsWhatTheSpecificationForbids) {
  // NewOrderSingle without ClOrdID(11): required tag missing.
  ExpectRejected("D", "1128=9|55=IBM|54=1|60=20240102-10:00:00.000|38=100|40=2|", 1, 11);
  // Side(54) outside its enumeration.
  ExpectRejected("D", "1128=9|11=ORD-1|55=IBM|54=Z|60=20240102-10:00:00.000|38=100|40=2|", 5, 54);
  // OrderQty(38) is a QTY: not a number.
  ExpectRejected("D", "1128=9|11=ORD-1|55=IBM|54=1|60=20240102-10:00:00.000|38=many|40=2|", 6, 38);
  // MDEntryPx(270) is not a field of NewOrderSingle.
  ExpectRejected("D", "1128=9|11=ORD-1|55=IBM|54=1|60=20240102-10:00:00.000|38=100|40=2|270=1|", 2, 270);
  // NoMDEntries(268) says 3 but two entries follow.
  ExpectRejected("X", "268=3|279=0|269=0|55=IBM|270=131.20|279=1|269=1|55=IBM|270=131.30|", 16, 268);
  // Inside a nested group: QuoteEntryID(299) is required in every QuotEntryGrp entry.
  ExpectRejected("i", "117=MQ-1|296=1|302=SET-A|304=1|295=1|55=IBM|132=131.2|", 1, 299);
  // Logon without DefaultApplVerID(1137), which FIXT 1.1 requires.
  ExpectRejected("A", "98=0|108=30|", 1, 1137);
  // Heartbeat interval is an INT.
  ExpectRejected("A", "98=0|108=thirty|1137=9|", 6, 108);
  // ResendRequest needs EndSeqNo(16).
  ExpectRejected("2", "7=1|", 1, 16);
}

TEST(FixtQuickFix, RejectsBadHeaders) {
  // QuickFIX 1.15 reads a header field's required flag only as required="true" (its message bodies use
  // "Y"), so its DataDictionary never rejects a missing header field; the format's "Y" is what we ship
  // and what fixt_consistency_test checks. Header values are still judged against our definitions:
  // MsgSeqNum(34) is a SEQNUM.
  QuickFixVerdict v = QuickFixValidate(kFixt, kFix50Sp2, Frame("35=0|49=A|56=B|34=seven|52=20240102-10:00:00|"));
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.reject_reason, 6) << v.text;
  EXPECT_EQ(v.tag, 34);
  // ApplVerID(1128) only takes the specification's values.
  v = QuickFixValidate(kFixt, kFix50Sp2, Frame(std::string("35=D|") + kHeader + "1128=X|" + kOrder.substr(7)));
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.reject_reason, 5) << v.text;
  EXPECT_EQ(v.tag, 1128);
}

}  // namespace
}  // namespace fixwire_dicttest
