// QuickFIX 1.15 judges fixwire's FIX 4.0 .. FIX 4.4 dictionaries: it must load them, accept
// well-formed messages, reject broken ones for the right SessionRejectReason, see the groups with
// the delimiters the specification gives, and re-serialise group entries in the order we wrote.
#include <cstdio>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/dictionaries/fix4_quickfix.h"

namespace fixwire_fix4test {
namespace {

constexpr char kFix40[] = "codec/dictionaries/FIX40.xml";
constexpr char kFix41[] = "codec/dictionaries/FIX41.xml";
constexpr char kFix42[] = "codec/dictionaries/FIX42.xml";
constexpr char kFix43[] = "codec/dictionaries/FIX43.xml";
constexpr char kFix44[] = "codec/dictionaries/FIX44.xml";

// Frames body ("35=...|...|", '|' for SOH, header fields after 35 in tag order) with BeginString,
// BodyLength and CheckSum computed here.
std::string Frame(const std::string& begin_string, std::string body) {
  for (char& c : body) {
    if (c == '|') c = '\x01';
  }
  std::string message = "8=" + begin_string + "\x01" + "9=" + std::to_string(body.size()) + "\x01" + body;
  unsigned sum = 0;
  for (unsigned char c : message) sum += c;
  char checksum[8];
  std::snprintf(checksum, sizeof checksum, "%03u", sum % 256);
  return message + "10=" + checksum + "\x01";
}

constexpr char kHeader[] = "|34=2|49=SENDER|52=20240102-10:11:12.123|56=TARGET|";

std::string Msg(const std::string& begin_string, const std::string& msgtype, const std::string& fields) {
  return Frame(begin_string, "35=" + msgtype + kHeader + fields);
}

struct Sample {
  const char* name;
  const char* msgtype;
  const char* fields;  // body fields in ascending tag order at top level, groups in dictionary order
};

// Messages that follow the FIX 4.0 specification; News and Allocation with the groups that
// QuickFIX's own FIX40 classes do not have (docs/dictionaries.md).
const std::vector<Sample>& Fix40Samples() {
  static const std::vector<Sample>* samples = new std::vector<Sample>{
      {"Heartbeat", "0", ""},
      {"Logon", "A", "98=0|108=30|"},
      {"NewOrderSingle", "D", "1=ACC|11=ORD1|21=1|38=100|40=2|44=101.25|54=1|55=IBM|59=0|"},
      {"ExecutionReport", "8",
       "6=101.25|14=100|17=E1|20=0|31=101.25|32=100|37=O1|38=100|39=2|54=1|55=IBM|136=1|137=1.5|138=USD|"
       "139=1|"},
      {"News", "B", "33=2|58=line one|58=line two|"},
      {"Allocation", "J",
       "6=101|53=100|54=1|55=IBM|70=AL1|71=0|73=1|11=C1|75=20240102|78=1|79=ACC|80=100|85=2|92=B1|86=D1|"
       "92=B2|86=D2|"},
      {"DontKnowTrade", "Q", "31=1|32=1|38=1|54=1|55=IBM|127=A|"},
  };
  return *samples;
}

// Messages that follow the FIX 4.1 specification.
const std::vector<Sample>& Fix41Samples() {
  static const std::vector<Sample>* samples = new std::vector<Sample>{
      {"Heartbeat", "0", ""},
      {"TestRequest", "1", "112=T1|"},
      {"Logon", "A", "98=0|108=30|141=Y|"},
      {"NewOrderSingle", "D", "1=ACC|11=ORD1|21=1|22=4|38=100|40=2|44=101.25|48=US4592001014|54=1|55=IBM|59=0|"},
      {"ExecutionReport", "8",
       "6=101.25|14=100|17=E1|20=0|31=101.25|32=100|37=O1|38=100|39=2|54=1|55=IBM|150=2|151=0|"},
      {"NewOrderList", "E", "11=C1|21=1|38=10|40=1|54=1|55=IBM|66=L1|67=1|68=2|"},
      {"ListStatus", "N",
       "66=L1|73=2|11=C1|14=10|151=0|84=0|6=1.5|11=C2|14=0|151=20|84=0|6=0|82=1|83=1|"},
      {"QuoteRequest", "R", "38=100|54=1|55=IBM|131=QR1|"},
      {"SettlementInstructions", "T", "60=20240102-10:11:12|79=A1|160=0|162=S1|163=N|165=1|"},
  };
  return *samples;
}

// Messages that follow the FIX 4.2 specification.
const std::vector<Sample>& Fix42Samples() {
  static const std::vector<Sample>* samples = new std::vector<Sample>{
      {"Heartbeat", "0", ""},
      {"TestRequest", "1", "112=T1|"},
      {"Logon", "A", "98=0|108=30|141=Y|384=2|372=D|385=S|372=8|385=R|"},
      {"NewOrderSingle", "D",
       "1=ACC|11=ORD1|21=1|22=4|38=100|40=2|44=101.25|48=US4592001014|54=1|55=IBM|59=0|"
       "60=20240102-10:11:12|78=2|79=A1|80=60|79=A2|80=40|386=1|336=X|"},
      {"ExecutionReport", "8",
       "6=101.25|11=ORD1|14=100|17=E1|20=0|31=101.25|32=100|37=O1|38=100|39=2|40=2|44=101.25|54=1|55=IBM|"
       "60=20240102-10:11:12|150=2|151=0|382=1|375=CB|337=CT|437=100|"},
      {"QuoteRequest", "R",
       "131=QR1|146=2|55=IBM|167=CS|54=1|38=100|15=USD|55=MSFT|54=2|38=200|"},
      {"MarketDataSnapshotFullRefresh", "W",
       "55=IBM|262=MD1|268=2|269=0|270=101.5|271=100|272=20240102|273=10:11:12|269=1|270=101.6|271=200|"},
      {"MarketDataIncrementalRefresh", "X",
       "262=MD1|268=3|279=0|269=0|278=A|55=IBM|270=101.5|271=100|279=1|269=1|278=B|55=IBM|270=101.6|"
       "271=200|279=2|269=2|278=C|55=IBM|"},
      {"MassQuote", "i",
       "117=Q1|296=2|302=S1|311=IBM|304=2|295=2|299=E1|55=IBM|132=1.1|133=1.2|299=E2|55=IBM|132=1.3|"
       "302=S2|311=MSFT|304=1|295=1|299=E3|55=MSFT|134=5|"},
      {"NewOrderList", "E",
       "66=L1|68=2|73=2|11=C1|67=1|55=IBM|54=1|38=10|40=1|11=C2|67=2|55=MSFT|54=2|38=20|40=1|394=3|"},
      {"BusinessMessageReject", "j", "58=no|372=D|380=3|"},
  };
  return *samples;
}

// Messages that follow the FIX 4.3 specification.
const std::vector<Sample>& Fix43Samples() {
  static const std::vector<Sample>* samples = new std::vector<Sample>{
      {"Heartbeat", "0", ""},
      {"Logon", "A", "98=0|108=30|141=Y|"},
      {"NewOrderSingle", "D",
       "11=ORD1|21=1|38=100|40=2|44=101.25|54=1|55=IBM|60=20240102-10:11:12|453=1|448=B1|447=D|452=1|"
       "523=SUB|"},
      {"ExecutionReport", "8", "6=0|14=0|17=E1|37=O1|39=0|54=1|55=IBM|150=0|151=100|"},
      {"TradeCaptureReport", "AE",
       "31=101.5|32=100|55=IBM|60=20240102-10:11:12|75=20240102|150=F|552=2|54=1|37=O1|576=2|577=1|577=2|"
       "54=2|37=O2|570=N|571=T1|"},
      {"MassQuote", "i", "117=Q1|296=1|302=S1|304=1|295=1|299=E1|55=IBM|132=1.1|"},
  };
  return *samples;
}

// Messages that follow the FIX 4.4 specification.
const std::vector<Sample>& Fix44Samples() {
  static const std::vector<Sample>* samples = new std::vector<Sample>{
      {"Heartbeat", "0", ""},
      {"Logon", "A", "98=0|108=30|141=Y|553=user|554=secret|"},
      {"NewOrderSingle", "D",
       "1=ACC|11=ORD1|22=4|38=100|40=2|44=101.25|48=US4592001014|54=1|55=IBM|59=0|60=20240102-10:11:12|"
       "453=2|448=P1|447=D|452=1|802=1|523=S1|803=2|448=P2|447=D|452=3|454=1|455=459200101|456=1|"},
      {"ExecutionReport", "8",
       "6=101.25|11=ORD1|14=100|17=E1|31=101.25|32=100|37=O1|38=100|39=2|40=2|44=101.25|54=1|55=IBM|"
       "60=20240102-10:11:12|136=1|137=1.5|138=USD|139=4|150=F|151=0|555=2|600=L1|624=1|687=5|"
       "600=L2|624=2|687=5|"},
      {"QuoteRequest", "R",
       "131=QR1|146=2|55=IBM|167=CS|711=1|311=IBMU|54=1|38=100|15=USD|453=1|448=P|447=D|452=1|"
       "55=MSFT|54=2|38=200|"},
      {"MarketDataSnapshotFullRefresh", "W",
       "55=IBM|262=MD1|268=2|269=0|270=101.5|271=100|272=20240102|273=10:11:12|269=1|270=101.6|271=200|"},
      {"MarketDataIncrementalRefresh", "X",
       "262=MD1|268=3|279=0|269=0|278=A|55=IBM|270=101.5|271=100|279=1|269=1|278=B|55=IBM|270=101.6|"
       "271=200|279=2|269=2|278=C|55=IBM|"},
      {"MassQuote", "i",
       "117=Q1|296=2|302=S1|311=IBM|304=2|295=2|299=E1|55=IBM|555=1|600=L1|132=1.1|133=1.2|299=E2|"
       "55=IBM|132=1.3|302=S2|311=MSFT|304=1|295=1|299=E3|55=MSFT|134=5|"},
      {"TradeCaptureReport", "AE",
       "31=101.5|32=100|55=IBM|60=20240102-10:11:12|75=20240102|552=2|54=1|37=O1|453=1|448=B|447=D|"
       "452=1|78=1|79=A|756=1|757=N2|757=N2|54=2|37=O2|570=N|571=T1|"},
      {"SecurityList", "y", "146=1|55=IBM|15=USD|320=R1|322=S1|560=0|"},
  };
  return *samples;
}

TEST(QuickFixLoad, EveryDictionaryLoads) {
  EXPECT_EQ(QuickFixLoadError(kFix40), "");
  EXPECT_EQ(QuickFixBeginString(kFix40), "FIX.4.0");
  EXPECT_EQ(QuickFixLoadError(kFix41), "");
  EXPECT_EQ(QuickFixBeginString(kFix41), "FIX.4.1");
  EXPECT_EQ(QuickFixLoadError(kFix42), "");
  EXPECT_EQ(QuickFixLoadError(kFix43), "");
  EXPECT_EQ(QuickFixBeginString(kFix43), "FIX.4.3");
  EXPECT_EQ(QuickFixLoadError(kFix44), "");
  EXPECT_EQ(QuickFixBeginString(kFix42), "FIX.4.2");
  EXPECT_EQ(QuickFixBeginString(kFix44), "FIX.4.4");
}

TEST(QuickFixLoad, MissingFileIsAnError) {
  EXPECT_NE(QuickFixLoadError("codec/dictionaries/no_such_file.xml"), "");
}

void ExpectValidAndRoundTrips(const char* path, const char* begin_string, const std::vector<Sample>& samples) {
  for (const Sample& sample : samples) {
    const std::string raw = Msg(begin_string, sample.msgtype, sample.fields);
    const QuickFixVerdict verdict = QuickFixValidate(path, raw);
    EXPECT_TRUE(verdict.ok) << path << " " << sample.name << ": " << verdict.text << " (reason "
                            << verdict.reject_reason << ", tag " << verdict.tag << ")";
    EXPECT_EQ(QuickFixRoundTrip(path, raw), raw) << path << " " << sample.name;
  }
}

TEST(QuickFixValidate, Fix40MessagesPassAndKeepTheirOrder) {
  ExpectValidAndRoundTrips(kFix40, "FIX.4.0", Fix40Samples());
}

TEST(QuickFixValidate, Fix41MessagesPassAndKeepTheirOrder) {
  ExpectValidAndRoundTrips(kFix41, "FIX.4.1", Fix41Samples());
}

TEST(QuickFixValidate, Fix42MessagesPassAndKeepTheirOrder) {
  ExpectValidAndRoundTrips(kFix42, "FIX.4.2", Fix42Samples());
}

TEST(QuickFixValidate, Fix43MessagesPassAndKeepTheirOrder) {
  ExpectValidAndRoundTrips(kFix43, "FIX.4.3", Fix43Samples());
}

TEST(QuickFixValidate, Fix44MessagesPassAndKeepTheirOrder) {
  ExpectValidAndRoundTrips(kFix44, "FIX.4.4", Fix44Samples());
}

struct Broken {
  const char* what;
  const char* msgtype;
  const char* fields;
  int reason;
  int tag;
};

void ExpectRejected(const char* path, const char* begin_string, const std::vector<Broken>& cases) {
  for (const Broken& c : cases) {
    const QuickFixVerdict verdict = QuickFixValidate(path, Msg(begin_string, c.msgtype, c.fields));
    EXPECT_FALSE(verdict.ok) << path << " " << c.what;
    EXPECT_EQ(verdict.reject_reason, c.reason) << path << " " << c.what << ": " << verdict.text;
    EXPECT_EQ(verdict.tag, c.tag) << path << " " << c.what << ": " << verdict.text;
  }
}

TEST(QuickFixValidate, Fix40RejectsBrokenMessages) {
  ExpectRejected(kFix40, "FIX.4.0",
                 {
                     {"D without HandlInst", "D", "11=A|40=1|54=1|55=IBM|", 1, 21},
                     {"tag 141 is not FIX 4.0", "0", "141=Y|", 0, 141},
                     {"News LinesOfText 3 with 2 lines", "B", "33=3|58=a|58=b|", 16, 33},
                     {"OrderCancelRequest without CxlType", "F", "11=B|38=100|41=A|54=1|55=IBM|", 1, 125},
                 });
}

TEST(QuickFixValidate, Fix41RejectsBrokenMessages) {
  ExpectRejected(kFix41, "FIX.4.1",
                 {
                     {"D without HandlInst", "D", "11=A|40=1|54=1|55=IBM|", 1, 21},
                     {"D with TransactTime (FIX 4.2)", "D", "11=A|21=1|40=1|54=1|55=IBM|60=20240102-10:11:12|", 2, 60},
                     {"tag 336 is not FIX 4.1", "0", "336=X|", 0, 336},
                     {"OrdStatus E is FIX 4.2 only", "8",
                      "6=0|14=0|17=E1|20=0|31=0|32=0|37=O1|38=100|39=E|54=1|55=IBM|150=0|151=100|", 5, 39},
                     {"ExecutionReport without LastShares", "8",
                      "6=0|14=0|17=E1|20=0|31=0|37=O1|38=100|39=0|54=1|55=IBM|150=0|151=100|", 1, 32},
                     {"NewOrderList without ListNoOrds", "E", "11=C1|21=1|38=10|40=1|54=1|55=IBM|66=L1|67=1|", 1, 68},
                     {"ListStatus NoOrders 3 with 2", "N",
                      "66=L1|73=3|11=C1|14=10|151=0|84=0|6=1.5|11=C2|14=0|151=20|84=0|6=0|82=1|83=1|", 16, 73},
                 });
}

TEST(QuickFixValidate, Fix42RejectsBrokenMessages) {
  ExpectRejected(kFix42, "FIX.4.2",
                 {
                     {"D without ClOrdID", "D", "21=1|40=1|54=1|55=IBM|60=20240102-10:11:12|", 1, 11},
                     {"D without HandlInst (required in 4.2)", "D", "11=A|40=1|54=1|55=IBM|60=20240102-10:11:12|", 1, 21},
                     {"Side Z", "D", "11=A|21=1|40=1|54=Z|55=IBM|60=20240102-10:11:12|", 5, 54},
                     {"Side C is FIX 4.4 only", "D", "11=A|21=1|40=1|54=C|55=IBM|60=20240102-10:11:12|", 5, 54},
                     {"OrderQty not a number", "D", "11=A|21=1|38=abc|40=1|54=1|55=IBM|60=20240102-10:11:12|", 6, 38},
                     {"Symbol in a Heartbeat", "0", "55=IBM|", 2, 55},
                     {"tag 447 is not FIX 4.2", "0", "447=D|", 0, 447},
                     {"NoRelatedSym 3 with 2 entries", "R", "131=Q|146=3|55=IBM|55=MSFT|", 16, 146},
                     {"MassQuote sets 2 with 1", "i",
                      "117=Q|296=2|302=S|311=IBM|304=2|295=2|299=E1|299=E2|", 16, 296},
                 });
}

TEST(QuickFixValidate, Fix43RejectsBrokenMessages) {
  ExpectRejected(kFix43, "FIX.4.3",
                 {
                     {"D without HandlInst (required in 4.3)", "D", "11=A|40=1|54=1|55=IBM|60=20240102-10:11:12|", 1, 21},
                     {"tag 660 is not FIX 4.3", "0", "660=1|", 0, 660},
                     {"TradeCaptureReport NoSides 2 with 1", "AE",
                      "31=1|32=1|55=IBM|60=20240102-10:11:12|75=20240102|150=F|552=2|54=1|37=O1|570=N|571=T1|",
                      16, 552},
                     {"TradeCaptureReport side without OrderID", "AE",
                      "31=1|32=1|55=IBM|60=20240102-10:11:12|75=20240102|150=F|552=1|54=1|576=1|577=1|570=N|"
                      "571=T1|",
                      1, 37},
                 });
}

TEST(QuickFixValidate, Fix44RejectsBrokenMessages) {
  ExpectRejected(kFix44, "FIX.4.4",
                 {
                     {"D without ClOrdID", "D", "40=1|54=1|55=IBM|60=20240102-10:11:12|", 1, 11},
                     {"D without Side", "D", "11=A|40=1|55=IBM|60=20240102-10:11:12|", 1, 54},
                     {"Side Z", "D", "11=A|40=1|54=Z|55=IBM|60=20240102-10:11:12|", 5, 54},
                     {"OrderQty not a number", "D", "11=A|38=abc|40=1|54=1|55=IBM|60=20240102-10:11:12|", 6, 38},
                     {"Symbol in a Heartbeat", "0", "55=IBM|", 2, 55},
                     {"tag 957 is not FIX 4.4", "0", "957=1|", 0, 957},
                     {"NoRelatedSym 3 with 2 entries", "R", "131=Q|146=3|55=IBM|55=MSFT|", 16, 146},
                     {"MassQuote sets 2 with 1", "i", "117=Q|296=2|302=S|304=2|295=2|299=E1|299=E2|", 16, 296},
                     {"OrdType Z", "D", "11=A|40=Z|54=1|55=IBM|60=20240102-10:11:12|", 5, 40},
                     {"MDEntry without its delimiter MDUpdateAction", "X", "268=1|269=0|", 1, 279},
                 });
}

// Each version's enumerated values: a value a later version added is "value is incorrect" (5).
// (OrdType P, Pegged, is dated FIX 3.0 by the FIX Orchestra and is FIX 4.0's too; F, Forex limit,
// came with FIX 4.1.)
TEST(QuickFixValidate, EnumeratedValuesOfEachVersion) {
  const char kFix40Order[] = "1=ACC|11=ORD1|21=1|38=100|40=F|44=101.25|54=1|55=IBM|59=0|";
  ExpectRejected(kFix40, "FIX.4.0",
                 {
                     {"OrdType F is FIX 4.1", "D", kFix40Order, 5, 40},
                     {"OrdType I is FIX 4.2", "D", "1=ACC|11=ORD1|21=1|38=100|40=I|44=101.25|54=1|55=IBM|59=0|", 5, 40},
                     {"ExecInst U is FIX 4.1", "D", "1=ACC|11=ORD1|18=U|21=1|38=100|40=2|44=101.25|54=1|55=IBM|59=0|",
                      5, 18},
                 });
  for (const char* pegged : {kFix40, kFix41}) {
    const char* begin_string = pegged == kFix40 ? "FIX.4.0" : "FIX.4.1";
    const QuickFixVerdict verdict =
        QuickFixValidate(pegged, Msg(begin_string, "D", "1=ACC|11=ORD1|21=1|38=100|40=P|44=101.25|54=1|55=IBM|59=0|"));
    EXPECT_TRUE(verdict.ok) << pegged << " OrdType P: " << verdict.text;
  }
  const QuickFixVerdict fix41 = QuickFixValidate(kFix41, Msg("FIX.4.1", "D", kFix40Order));
  EXPECT_TRUE(fix41.ok) << "FIX 4.1 OrdType F: " << fix41.text << " (reason " << fix41.reject_reason << ")";

  const char kFix43Order[] = "11=A|21=1|38=100|40=2|44=1|54=D|55=IBM|60=20240102-10:11:12|";
  ExpectRejected(kFix43, "FIX.4.3",
                 {
                     {"Side D is FIX 4.4", "D", kFix43Order, 5, 54},
                     {"ExecInst Z is FIX 4.4", "D", "11=A|18=Z|21=1|38=100|40=2|44=1|54=1|55=IBM|60=20240102-10:11:12|",
                      5, 18},
                 });
  const QuickFixVerdict fix44 = QuickFixValidate(kFix44, Msg("FIX.4.4", "D", "11=A|38=100|40=2|44=1|54=D|55=IBM|60=20240102-10:11:12|"));
  EXPECT_TRUE(fix44.ok) << "FIX 4.4 Side D: " << fix44.text;
  for (const char* ord_type : {"J", "5", "B"}) {  // J: FIX 4.3; 5, B: FIX 2.7, not yet removed
    const QuickFixVerdict verdict = QuickFixValidate(
        kFix43, Msg("FIX.4.3", "D", std::string("11=A|21=1|38=100|40=") + ord_type + "|44=1|54=1|55=IBM|60=20240102-10:11:12|"));
    EXPECT_TRUE(verdict.ok) << "FIX 4.3 OrdType " << ord_type << ": " << verdict.text;
  }
}

TEST(QuickFixGroups, DelimitersAreTheSpecificationsFirstFields) {
  for (const char* path : {kFix42, kFix44}) {
    EXPECT_EQ(QuickFixGroupDelimiter(path, "R", 146), 55) << path;
    EXPECT_EQ(QuickFixGroupDelimiter(path, "W", 268), 269) << path;
    EXPECT_EQ(QuickFixGroupDelimiter(path, "X", 268), 279) << path;
    EXPECT_EQ(QuickFixGroupDelimiter(path, "V", 267), 269) << path;
    EXPECT_EQ(QuickFixGroupDelimiter(path, "i", 296), 302) << path;
    EXPECT_EQ(QuickFixNestedGroupDelimiter(path, "i", 296, 295), 299) << path;
    EXPECT_EQ(QuickFixGroupDelimiter(path, "E", 73), 11) << path;
    EXPECT_EQ(QuickFixGroupDelimiter(path, "D", 55), 0) << path;  // not a group
    EXPECT_TRUE(QuickFixIsMsgField(path, "D", 11)) << path;
    EXPECT_FALSE(QuickFixIsMsgField(path, "0", 11)) << path;
  }
  EXPECT_EQ(QuickFixGroupDelimiter(kFix42, "D", 78), 79);
  EXPECT_EQ(QuickFixGroupDelimiter(kFix44, "D", 453), 448);
  EXPECT_EQ(QuickFixNestedGroupDelimiter(kFix44, "D", 453, 802), 523);
  EXPECT_EQ(QuickFixGroupDelimiter(kFix44, "8", 555), 600);
  EXPECT_EQ(QuickFixNestedGroupDelimiter(kFix44, "i", 296, 295), 299);
  EXPECT_EQ(QuickFixGroupDelimiter(kFix44, "AE", 552), 54);
  EXPECT_EQ(QuickFixNestedGroupDelimiter(kFix44, "AE", 552, 78), 79);
  EXPECT_EQ(QuickFixGroupDelimiter(kFix42, "D", 453), 0);  // FIX 4.2 has no parties block
  EXPECT_EQ(QuickFixGroupDelimiter(kFix41, "N", 73), 11);
  EXPECT_EQ(QuickFixGroupDelimiter(kFix43, "D", 453), 448);
  EXPECT_EQ(QuickFixGroupDelimiter(kFix43, "AE", 552), 54);
  EXPECT_EQ(QuickFixNestedGroupDelimiter(kFix43, "AE", 552, 576), 577);
  EXPECT_EQ(QuickFixGroupDelimiter(kFix40, "B", 33), 58);
  EXPECT_EQ(QuickFixNestedGroupDelimiter(kFix40, "J", 78, 85), 92);
  EXPECT_EQ(QuickFixGroupDelimiter(kFix41, "E", 73), 0);  // FIX 4.1 lists send one order each
  EXPECT_EQ(QuickFixGroupDelimiter(kFix41, "6", 199), 104);
}

}  // namespace
}  // namespace fixwire_fix4test
