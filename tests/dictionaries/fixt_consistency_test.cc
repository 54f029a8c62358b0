// Consistency of the shipped FIXT11.xml, FIX50SP2.xml, FIX50SP1.xml and FIX50.xml, and hand-checked
// facts from the FIX specification (FIXT 1.1, FIX 5.0 and its service packs) that the files must carry. The checker itself is
// tested on small broken dictionaries first, so a clean result means something.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/dictionaries/fixt_model.h"

namespace fixwire_dicttest {
namespace {

constexpr char kFixt[] = "codec/dictionaries/FIXT11.xml";
constexpr char kFix50Sp2[] = "codec/dictionaries/FIX50SP2.xml";
constexpr char kFix50Sp1[] = "codec/dictionaries/FIX50SP1.xml";
constexpr char kFix50[] = "codec/dictionaries/FIX50.xml";

DictModel Load(const std::string& path) {
  DictModel model;
  std::string error;
  EXPECT_TRUE(LoadDictModel(path, &model, &error)) << error;
  return model;
}

std::string WriteTemp(const std::string& name, const std::string& text) {
  const char* dir = std::getenv("TEST_TMPDIR");
  std::string path = std::string(dir ? dir : "/tmp") + "/" + name;
  std::ofstream(path) << text;
  return path;
}

bool Mentions(const std::vector<std::string>& problems, const std::string& needle) {
  for (const std::string& p : problems) {
    if (p.find(needle) != std::string::npos) return true;
  }
  return false;
}

// ---- the checker finds each kind of problem ----

std::vector<std::string> ProblemsOf(const std::string& body) {
  const std::string text = "<fix type=\"FIX\" major=\"5\" minor=\"0\" servicepack=\"2\"><header/><trailer/>" + body +
                           "</fix>";
  DictModel model;
  std::string error;
  EXPECT_TRUE(LoadDictModel(WriteTemp("broken.xml", text), &model, &error)) << error;
  return ConsistencyProblems(model);
}

constexpr char kGoodFields[] =
    "<fields><field number=\"1\" name=\"A\" type=\"STRING\"/><field number=\"2\" name=\"NoB\" type=\"NUMINGROUP\"/>"
    "<field number=\"3\" name=\"C\" type=\"CHAR\"><value enum=\"X\" description=\"EX\"/></field></fields>";

TEST(FixtChecker, AcceptsAConsistentDictionary) {
  EXPECT_TRUE(ProblemsOf(std::string("<messages><message name=\"M\" msgtype=\"U1\" msgcat=\"app\">"
                                     "<field name=\"A\" required=\"Y\"/><component name=\"K\" required=\"N\"/>"
                                     "</message></messages><components><component name=\"K\">"
                                     "<group name=\"NoB\" required=\"N\"><field name=\"C\" required=\"N\"/></group>"
                                     "</component></components>") +
                         kGoodFields)
                  .empty());
}

TEST(FixtChecker, FindsUnknownNamesDuplicatesBadGroupsCyclesAndRepeats) {
  const std::string fields = kGoodFields;
  auto message = [](const std::string& inner) {
    return "<messages><message name=\"M\" msgtype=\"U1\" msgcat=\"app\">" + inner + "</message></messages>";
  };
  EXPECT_TRUE(Mentions(ProblemsOf(message("<field name=\"Z\" required=\"N\"/>") + "<components/>" + fields),
                       "unknown field Z"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("<component name=\"Q\" required=\"N\"/>") + "<components/>" + fields),
                       "unknown component Q"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("<group name=\"A\" required=\"N\"><field name=\"C\" required=\"N\"/>"
                                          "</group>") +
                                  "<components/>" + fields),
                       "counted by a STRING field"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("<group name=\"NoB\" required=\"N\"></group>") + "<components/>" + fields),
                       "has no delimiter"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("<field name=\"NoB\" required=\"N\"/>") + "<components/>" + fields),
                       "used outside a <group>"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("<field name=\"A\" required=\"N\"/><field name=\"A\" required=\"N\"/>") +
                                  "<components/>" + fields),
                       "tag 1 appears twice"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("<component name=\"K1\" required=\"N\"/>") +
                                  "<components><component name=\"K1\"><component name=\"K2\" required=\"N\"/>"
                                  "</component><component name=\"K2\"><field name=\"A\" required=\"N\"/>"
                                  "<component name=\"K1\" required=\"N\"/></component></components>" +
                                  fields),
                       "component cycle"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("") + "<components/><fields><field number=\"1\" name=\"A\" type=\"INT\"/>"
                                                "<field number=\"1\" name=\"B\" type=\"INT\"/></fields>"),
                       "field number 1 defined twice"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("") + "<components/><fields><field number=\"1\" name=\"A\" type=\"INT\"/>"
                                                "<field number=\"2\" name=\"A\" type=\"INT\"/></fields>"),
                       "field name A defined twice"));
  EXPECT_TRUE(Mentions(ProblemsOf("<messages><message name=\"M\" msgtype=\"U1\" msgcat=\"app\"/>"
                                  "<message name=\"N\" msgtype=\"U1\" msgcat=\"app\"/></messages><components/>" +
                                  fields),
                       "msgtype U1 defined twice"));
  EXPECT_TRUE(Mentions(ProblemsOf(message("") + "<components/><fields><field number=\"1\" name=\"A\" type=\"WORD\"/>"
                                                "</fields>"),
                       "unknown type WORD"));
}

TEST(FixtChecker, ReportsUnreadableFiles) {
  DictModel model;
  std::string error;
  EXPECT_FALSE(LoadDictModel(WriteTemp("truncated.xml", "<fix type=\"FIX\"><fields><field"), &model, &error));
  EXPECT_NE(error.find("truncated.xml"), std::string::npos) << error;
  EXPECT_FALSE(LoadDictModel("codec/dictionaries/no_such_file.xml", &model, &error));
}

// ---- the shipped files ----

TEST(FixtDictionaries, AreConsistent) {
  for (const char* path : {kFixt, kFix50Sp2, kFix50Sp1, kFix50}) {
    DictModel model = Load(path);
    const std::vector<std::string> problems = ConsistencyProblems(model);
    EXPECT_TRUE(problems.empty()) << path << ": " << problems.size() << " problems, first: " << problems.front();
  }
}

TEST(FixtDictionaries, VersionAttributesAndSections) {
  DictModel t = Load(kFixt);
  EXPECT_EQ(t.type, "FIXT");
  EXPECT_EQ(t.major, 1);
  EXPECT_EQ(t.minor, 1);
  EXPECT_EQ(t.servicepack, 0);
  DictModel a = Load(kFix50Sp2);
  EXPECT_EQ(a.type, "FIX");
  EXPECT_EQ(a.major, 5);
  EXPECT_EQ(a.minor, 0);
  EXPECT_EQ(a.servicepack, 2);
  EXPECT_TRUE(a.header.empty());
  EXPECT_TRUE(a.trailer.empty());
  for (const MessageDef& m : a.messages) EXPECT_EQ(m.msgcat, "app") << m.name;
  for (const MessageDef& m : t.messages) EXPECT_EQ(m.msgcat, "admin") << m.name;
}

// FIX 5.0 SP1: tags up to 1426, the messages of SP2 less the three stream assignment messages,
// the fields SP2 renamed under their SP1 names, trade report sides that name their order directly.
TEST(FixtDictionaries, Fix50Sp1Facts) {
  DictModel a = Load(kFix50Sp1);
  EXPECT_EQ(a.type, "FIX");
  EXPECT_EQ(a.major, 5);
  EXPECT_EQ(a.minor, 0);
  EXPECT_EQ(a.servicepack, 1);
  EXPECT_TRUE(a.header.empty());
  EXPECT_TRUE(a.trailer.empty());
  for (const FieldDef& f : a.fields) EXPECT_LE(f.number, 1426) << f.name;
  EXPECT_NE(a.FieldNumbered(1426), nullptr);
  DictModel sp2 = Load(kFix50Sp2);
  EXPECT_EQ(a.messages.size() + 3, sp2.messages.size());
  for (const char* msgtype : {"CC", "CD", "CE"}) EXPECT_EQ(a.MessageOfType(msgtype), nullptr) << msgtype;
  for (const MessageDef& m : a.messages) EXPECT_EQ(m.msgcat, "app") << m.name;
  const struct {
    int number;
    const char* name;
    const char* type;
  } facts[] = {{327, "HaltReasonChar", "CHAR"},
               {1195, "OptPayAmount", "AMT"},
               {1197, "FuturesValuationMethod", "STRING"},
               {1319, "DerivativeFuturesValuationMethod", "STRING"}};
  for (const auto& fact : facts) {
    const FieldDef* f = a.FieldNumbered(fact.number);
    ASSERT_NE(f, nullptr) << fact.number;
    EXPECT_EQ(f->name, fact.name);
    EXPECT_EQ(f->type, fact.type);
  }
  // TradeCaptureReport (AE): NoSides entries start Side, OrderID; SP2's TradeReportOrderDetail is
  // not there (RefOrderID 1080 is SP2's inside a side).
  const MessageDef* report = a.MessageOfType("AE");
  ASSERT_NE(report, nullptr);
  const FlatScope flat = a.Flatten(report->body);
  const FlatGroup* sides = nullptr;
  for (const FlatGroup& g : flat.groups) {
    if (g.count_tag == 552) sides = &g;
  }
  ASSERT_NE(sides, nullptr);
  ASSERT_GE(sides->members.size(), 2u);
  EXPECT_EQ(sides->members[0], 54);
  EXPECT_EQ(sides->members[1], 37);
  for (int tag : sides->members) EXPECT_NE(tag, 1080);
  const std::set<int> top(flat.tags.begin(), flat.tags.end());
  EXPECT_TRUE(top.count(39));  // OrdStatus at the top of an SP1 trade report
}

// The FIXT 1.1 standard header: BeginString, BodyLength, MsgType first, then the application
// version fields, the routing fields, MsgSeqNum and SendingTime required; trailer ends in CheckSum.
TEST(FixtDictionaries, TransportHeaderAndTrailer) {
  DictModel t = Load(kFixt);
  FlatScope header = t.Flatten(t.header);
  ASSERT_GE(header.tags.size(), 3u);
  EXPECT_EQ(header.tags[0], 8);
  EXPECT_EQ(header.tags[1], 9);
  EXPECT_EQ(header.tags[2], 35);
  const std::set<int> tags(header.tags.begin(), header.tags.end());
  for (int tag : {1128, 1129, 1156, 49, 56, 34, 52, 43, 97, 122, 115, 128, 369, 627}) {
    EXPECT_TRUE(tags.count(tag)) << tag;
  }
  std::set<std::string> required;
  for (const Node& n : t.header) {
    if (n.required) required.insert(n.name);
  }
  EXPECT_EQ(required, (std::set<std::string>{"BeginString", "BodyLength", "MsgType", "SenderCompID",
                                             "TargetCompID", "MsgSeqNum", "SendingTime"}));
  ASSERT_EQ(header.groups.size(), 1u);
  EXPECT_EQ(header.groups[0].count_tag, 627);  // NoHops
  EXPECT_EQ(header.groups[0].members, (std::vector<int>{628, 629, 630}));
  FlatScope trailer = t.Flatten(t.trailer);
  EXPECT_EQ(trailer.tags, (std::vector<int>{93, 89, 10}));
}

const Node* Child(const std::vector<Node>& nodes, const std::string& name) {
  for (const Node& n : nodes) {
    if (n.name == name) return &n;
  }
  return nullptr;
}

TEST(FixtDictionaries, SessionMessages) {
  DictModel t = Load(kFixt);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"0", "Heartbeat"}, {"1", "TestRequest"}, {"2", "ResendRequest"}, {"3", "Reject"},
      {"4", "SequenceReset"}, {"5", "Logout"}, {"A", "Logon"}};
  for (const auto& [msgtype, name] : expected) {
    const MessageDef* m = t.MessageOfType(msgtype);
    ASSERT_NE(m, nullptr) << msgtype;
    EXPECT_EQ(m->name, name);
  }
  const MessageDef* logon = t.MessageOfType("A");
  for (const char* name : {"EncryptMethod", "HeartBtInt", "DefaultApplVerID"}) {
    const Node* n = Child(logon->body, name);
    ASSERT_NE(n, nullptr) << name;
    EXPECT_TRUE(n->required) << name;
  }
  const Node* msg_types = Child(logon->body, "NoMsgTypes");
  ASSERT_NE(msg_types, nullptr);
  EXPECT_EQ(msg_types->kind, Node::kGroup);
  ASSERT_FALSE(msg_types->children.empty());
  EXPECT_EQ(msg_types->children[0].name, "RefMsgType");
  EXPECT_NE(Child(msg_types->children, "MsgDirection"), nullptr);
  EXPECT_TRUE(Child(t.MessageOfType("1")->body, "TestReqID")->required);
  EXPECT_TRUE(Child(t.MessageOfType("2")->body, "BeginSeqNo")->required);
  EXPECT_TRUE(Child(t.MessageOfType("2")->body, "EndSeqNo")->required);
  EXPECT_TRUE(Child(t.MessageOfType("3")->body, "RefSeqNum")->required);
  EXPECT_NE(Child(t.MessageOfType("3")->body, "SessionRejectReason"), nullptr);
  EXPECT_TRUE(Child(t.MessageOfType("4")->body, "NewSeqNo")->required);
  EXPECT_FALSE(Child(t.MessageOfType("4")->body, "GapFillFlag")->required);
  // ApplVerID's values: 0 FIX27 ... 7 FIX50, 8 FIX50SP1, 9 FIX50SP2.
  const FieldDef* appl = t.FieldNumbered(1128);
  ASSERT_NE(appl, nullptr);
  EXPECT_EQ(appl->name, "ApplVerID");
  std::set<std::string> values;
  for (const auto& v : appl->values) values.insert(v.first);
  EXPECT_EQ(values, (std::set<std::string>{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}));
  EXPECT_EQ(t.FieldNumbered(1137)->name, "DefaultApplVerID");
}

// Application messages the issue requires, with the names the FIX specification gives them.
TEST(FixtDictionaries, ApplicationMessagesPresent) {
  DictModel a = Load(kFix50Sp2);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"D", "NewOrderSingle"}, {"F", "OrderCancelRequest"}, {"G", "OrderCancelReplaceRequest"},
      {"9", "OrderCancelReject"}, {"8", "ExecutionReport"}, {"AB", "NewOrderMultileg"},
      {"AC", "MultilegOrderCancelReplace"}, {"q", "OrderMassCancelRequest"}, {"r", "OrderMassCancelReport"},
      {"V", "MarketDataRequest"}, {"W", "MarketDataSnapshotFullRefresh"}, {"X", "MarketDataIncrementalRefresh"},
      {"Y", "MarketDataRequestReject"}, {"R", "QuoteRequest"}, {"S", "Quote"}, {"Z", "QuoteCancel"},
      {"i", "MassQuote"}, {"b", "MassQuoteAcknowledgement"}, {"AI", "QuoteStatusReport"},
      {"c", "SecurityDefinitionRequest"}, {"d", "SecurityDefinition"}, {"e", "SecurityStatusRequest"},
      {"f", "SecurityStatus"}, {"x", "SecurityListRequest"}, {"y", "SecurityList"}, {"E", "NewOrderList"},
      {"K", "ListCancelRequest"}, {"L", "ListExecute"}, {"M", "ListStatusRequest"}, {"N", "ListStatus"},
      {"j", "BusinessMessageReject"}, {"AE", "TradeCaptureReport"}};
  for (const auto& [msgtype, name] : expected) {
    const MessageDef* m = a.MessageOfType(msgtype);
    ASSERT_NE(m, nullptr) << msgtype;
    EXPECT_EQ(m->name, name);
  }
  EXPECT_EQ(a.MessageOfType("A"), nullptr);  // session messages live in FIXT11.xml
}

// Field facts from the specification's field dictionary (number, name, datatype).
TEST(FixtDictionaries, FieldFacts) {
  DictModel a = Load(kFix50Sp2);
  struct Fact {
    int number;
    const char* name;
    const char* type;
  };
  const Fact facts[] = {
      {1, "Account", "STRING"},          {6, "AvgPx", "PRICE"},
      {9, "BodyLength", "LENGTH"},       {11, "ClOrdID", "STRING"},
      {12, "Commission", "AMT"},         {14, "CumQty", "QTY"},
      {15, "Currency", "CURRENCY"},      {18, "ExecInst", "MULTIPLECHARVALUE"},
      {34, "MsgSeqNum", "SEQNUM"},       {38, "OrderQty", "QTY"},
      {40, "OrdType", "CHAR"},           {43, "PossDupFlag", "BOOLEAN"},
      {44, "Price", "PRICE"},            {52, "SendingTime", "UTCTIMESTAMP"},
      {54, "Side", "CHAR"},              {55, "Symbol", "STRING"},
      {75, "TradeDate", "LOCALMKTDATE"}, {95, "RawDataLength", "LENGTH"},
      {96, "RawData", "DATA"},           {98, "EncryptMethod", "INT"},
      {146, "NoRelatedSym", "NUMINGROUP"}, {200, "MaturityMonthYear", "MONTHYEAR"},
      {207, "SecurityExchange", "EXCHANGE"}, {211, "PegOffsetValue", "FLOAT"},
      {231, "ContractMultiplier", "FLOAT"}, {268, "NoMDEntries", "NUMINGROUP"},
      {269, "MDEntryType", "CHAR"},      {270, "MDEntryPx", "PRICE"},
      {279, "MDUpdateAction", "CHAR"},   {295, "NoQuoteEntries", "NUMINGROUP"},
      {296, "NoQuoteSets", "NUMINGROUP"}, {302, "QuoteSetID", "STRING"},
      {421, "Country", "COUNTRY"},       {448, "PartyID", "STRING"},
      {453, "NoPartyIDs", "NUMINGROUP"}, {470, "CountryOfIssue", "COUNTRY"},
      {802, "NoPartySubIDs", "NUMINGROUP"}, {1128, "ApplVerID", "STRING"},
      {1137, "DefaultApplVerID", "STRING"}, {1300, "MarketSegmentID", "STRING"}};
  for (const Fact& f : facts) {
    const FieldDef* def = a.FieldNumbered(f.number);
    ASSERT_NE(def, nullptr) << f.number;
    EXPECT_EQ(def->name, f.name) << f.number;
    EXPECT_EQ(def->type, f.type) << f.name;
  }
  auto values = [&](int number) {
    std::set<std::string> out;
    for (const auto& v : a.FieldNumbered(number)->values) out.insert(v.first);
    return out;
  };
  EXPECT_EQ(values(54), (std::set<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D",
                                               "E", "F", "G"}));
  EXPECT_TRUE(values(40).count("1") && values(40).count("2") && values(40).count("P"));
  EXPECT_EQ(values(279), (std::set<std::string>{"0", "1", "2", "3", "4", "5"}));
  EXPECT_TRUE(values(39).count("0") && values(39).count("2") && values(39).count("8"));
  EXPECT_TRUE(values(150).count("F") && values(150).count("I"));
  // Several thousand fields is too many to list here: the cross-check against QuickFIX's headers
  // covers every number; this guards against a truncated file.
  EXPECT_GE(a.fields.size(), 1400u);
}

const FlatGroup* GroupOf(const std::vector<FlatGroup>& groups, int count_tag) {
  for (const FlatGroup& g : groups) {
    if (g.count_tag == count_tag) return &g;
  }
  return nullptr;
}

// Required body fields and group structure of the key messages, from the message layouts.
TEST(FixtDictionaries, KeyMessageLayouts) {
  DictModel a = Load(kFix50Sp2);
  const MessageDef* d = a.MessageOfType("D");
  for (const char* name : {"ClOrdID", "Side", "TransactTime", "OrdType"}) {
    ASSERT_NE(Child(d->body, name), nullptr) << name;
    EXPECT_TRUE(Child(d->body, name)->required) << name;
  }
  EXPECT_TRUE(Child(d->body, "Instrument")->required);
  EXPECT_TRUE(Child(d->body, "OrderQtyData")->required);
  EXPECT_FALSE(Child(d->body, "Parties")->required);
  FlatScope dflat = a.Flatten(d->body);
  const FlatGroup* parties = GroupOf(dflat.groups, 453);
  ASSERT_NE(parties, nullptr);
  EXPECT_EQ(parties->delimiter, 448);
  const FlatGroup* sub = GroupOf(parties->nested, 802);
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(sub->members, (std::vector<int>{523, 803}));
  const std::set<int> dtags(dflat.tags.begin(), dflat.tags.end());
  for (int tag : {55, 48, 22, 38, 152, 44, 99, 59, 1, 15}) EXPECT_TRUE(dtags.count(tag)) << tag;

  const MessageDef* er = a.MessageOfType("8");
  for (const char* name : {"OrderID", "ExecID", "ExecType", "OrdStatus", "Side", "LeavesQty", "CumQty"}) {
    ASSERT_NE(Child(er->body, name), nullptr) << name;
    EXPECT_TRUE(Child(er->body, name)->required) << name;
  }

  // MarketDataRequest: MDReqGrp (267 -> 269) and InstrmtMDReqGrp (146 -> Instrument, so Symbol).
  FlatScope v = a.Flatten(a.MessageOfType("V")->body);
  ASSERT_NE(GroupOf(v.groups, 267), nullptr);
  EXPECT_EQ(GroupOf(v.groups, 267)->delimiter, 269);
  ASSERT_NE(GroupOf(v.groups, 146), nullptr);
  EXPECT_EQ(GroupOf(v.groups, 146)->delimiter, 55);
  // Snapshot: MDFullGrp 268 starts with MDEntryType; incremental: MDIncGrp 268 starts with MDUpdateAction.
  FlatScope w = a.Flatten(a.MessageOfType("W")->body);
  ASSERT_NE(GroupOf(w.groups, 268), nullptr);
  EXPECT_EQ(GroupOf(w.groups, 268)->delimiter, 269);
  FlatScope x = a.Flatten(a.MessageOfType("X")->body);
  const FlatGroup* inc = GroupOf(x.groups, 268);
  ASSERT_NE(inc, nullptr);
  EXPECT_EQ(inc->delimiter, 279);
  const std::set<int> inc_tags(inc->members.begin(), inc->members.end());
  for (int tag : {269, 55, 270, 271, 290}) EXPECT_TRUE(inc_tags.count(tag)) << tag;
  // QuoteRequest: QuotReqGrp 146 starts with the Instrument, so Symbol.
  FlatScope r = a.Flatten(a.MessageOfType("R")->body);
  ASSERT_NE(GroupOf(r.groups, 146), nullptr);
  EXPECT_EQ(GroupOf(r.groups, 146)->delimiter, 55);
  EXPECT_TRUE(Child(a.MessageOfType("R")->body, "QuoteReqID")->required);
  // MassQuote: QuotSetGrp (296 -> QuoteSetID) holding QuotEntryGrp (295 -> QuoteEntryID).
  FlatScope i = a.Flatten(a.MessageOfType("i")->body);
  const FlatGroup* sets = GroupOf(i.groups, 296);
  ASSERT_NE(sets, nullptr);
  EXPECT_EQ(sets->delimiter, 302);
  const FlatGroup* entries = GroupOf(sets->nested, 295);
  ASSERT_NE(entries, nullptr);
  EXPECT_EQ(entries->delimiter, 299);
  const std::set<int> entry_tags(entries->members.begin(), entries->members.end());
  for (int tag : {132, 133, 134, 135, 55}) EXPECT_TRUE(entry_tags.count(tag)) << tag;
  // TradeCaptureReport: TrdCapRptSideGrp (552 -> Side).
  FlatScope ae = a.Flatten(a.MessageOfType("AE")->body);
  ASSERT_NE(GroupOf(ae.groups, 552), nullptr);
  EXPECT_EQ(GroupOf(ae.groups, 552)->delimiter, 54);
  // NewOrderList: ListOrdGrp (73 -> ClOrdID).
  FlatScope e = a.Flatten(a.MessageOfType("E")->body);
  ASSERT_NE(GroupOf(e.groups, 73), nullptr);
  EXPECT_EQ(GroupOf(e.groups, 73)->delimiter, 11);
  // BusinessMessageReject: RefMsgType and BusinessRejectReason required.
  EXPECT_TRUE(Child(a.MessageOfType("j")->body, "RefMsgType")->required);
  EXPECT_TRUE(Child(a.MessageOfType("j")->body, "BusinessRejectReason")->required);
}

// FIX 5.0: tags up to 1139, the 93 messages of SP1 less the 12 SP1 added, the field names SP1
// changed, and layouts SP1 changed (required fields, strike price groups, per-side trade currencies).
TEST(FixtDictionaries, Fix50Facts) {
  DictModel a = Load(kFix50);
  EXPECT_EQ(a.type, "FIX");
  EXPECT_EQ(a.major, 5);
  EXPECT_EQ(a.minor, 0);
  EXPECT_EQ(a.servicepack, 0);
  EXPECT_TRUE(a.header.empty());
  EXPECT_TRUE(a.trailer.empty());
  for (const FieldDef& f : a.fields) EXPECT_LE(f.number, 1139) << f.name;
  EXPECT_NE(a.FieldNumbered(1139), nullptr);  // ExchangeSpecialInstructions
  EXPECT_EQ(a.FieldNumbered(1140), nullptr);
  EXPECT_EQ(a.messages.size(), 93u);
  DictModel sp1 = Load(kFix50Sp1);
  EXPECT_EQ(a.messages.size() + 12, sp1.messages.size());
  for (const MessageDef& m : a.messages) {
    EXPECT_EQ(m.msgcat, "app") << m.name;
    EXPECT_NE(sp1.MessageOfType(m.msgtype), nullptr) << m.name;
  }
  // The messages SP1 added: SettlementObligationReport (BQ) .. UserNotification (CB).
  for (const char* msgtype : {"BQ", "BR", "BS", "BT", "BU", "BV", "BW", "BX", "BY", "BZ", "CA", "CB"}) {
    EXPECT_EQ(a.MessageOfType(msgtype), nullptr) << msgtype;
    EXPECT_NE(sp1.MessageOfType(msgtype), nullptr) << msgtype;
  }
  const struct {
    int number;
    const char* name;
    const char* type;
  } facts[] = {{327, "HaltReasonChar", "CHAR"},  {982, "ExpType", "INT"},
               {1009, "SideQty", "INT"},         {1059, "UndlyInstrumentPartyID", "STRING"},
               {1128, "ApplVerID", "STRING"},    {1133, "ExDestinationIDSource", "CHAR"}};
  for (const auto& fact : facts) {
    const FieldDef* f = a.FieldNumbered(fact.number);
    ASSERT_NE(f, nullptr) << fact.number;
    EXPECT_EQ(f->name, fact.name);
    EXPECT_EQ(f->type, fact.type);
  }
  // ApplVerID values stop at 7 (FIX50); MsgType's values are exactly the FIX 5.0 application
  // messages and the FIXT 1.1 session messages.
  std::set<std::string> appl;
  for (const auto& v : a.FieldNumbered(1128)->values) appl.insert(v.first);
  EXPECT_EQ(appl, (std::set<std::string>{"0", "1", "2", "3", "4", "5", "6", "7"}));
  std::set<std::string> msgtypes, defined;
  for (const auto& v : a.FieldNumbered(35)->values) msgtypes.insert(v.first);
  for (const MessageDef& message : a.messages) defined.insert(message.msgtype);
  for (const MessageDef& message : Load(kFixt).messages) defined.insert(message.msgtype);
  EXPECT_EQ(msgtypes, defined);
  // The cancel and replace requests require OrigClOrdID; a status request requires ClOrdID.
  for (const char* msgtype : {"F", "G", "9", "AC"}) {
    const Node* orig = Child(a.MessageOfType(msgtype)->body, "OrigClOrdID");
    ASSERT_NE(orig, nullptr) << msgtype;
    EXPECT_TRUE(orig->required) << msgtype;
  }
  EXPECT_TRUE(Child(a.MessageOfType("H")->body, "ClOrdID")->required);
  EXPECT_TRUE(Child(a.MessageOfType("AE")->body, "TradeDate")->required);
  // ListStrikePrice (m): NoStrikes (Instrument) and NoUnderlyings (underlying, price, order) side by side.
  const FlatScope m = a.Flatten(a.MessageOfType("m")->body);
  const FlatGroup* strikes = GroupOf(m.groups, 428);
  const FlatGroup* underlyings = GroupOf(m.groups, 711);
  ASSERT_NE(strikes, nullptr);
  ASSERT_NE(underlyings, nullptr);
  EXPECT_EQ(strikes->delimiter, 55);
  EXPECT_EQ(GroupOf(strikes->nested, 711), nullptr);
  EXPECT_EQ(underlyings->delimiter, 311);
  const std::set<int> und(underlyings->members.begin(), underlyings->members.end());
  for (int tag : {140, 11, 54, 44}) EXPECT_TRUE(und.count(tag)) << tag;
  // TradeCaptureReport (AE): Currency and SettlCurrency are per side; a leg carries LegPrice.
  const FlatScope ae = a.Flatten(a.MessageOfType("AE")->body);
  const std::set<int> top(ae.tags.begin(), ae.tags.end());
  EXPECT_FALSE(top.count(15));
  const FlatGroup* sides = GroupOf(ae.groups, 552);
  ASSERT_NE(sides, nullptr);
  const std::set<int> side(sides->members.begin(), sides->members.end());
  EXPECT_TRUE(side.count(15) && side.count(120));
  const FlatGroup* legs = GroupOf(ae.groups, 555);
  ASSERT_NE(legs, nullptr);
  EXPECT_NE(std::find(legs->members.begin(), legs->members.end(), 566), legs->members.end());
  // NewOrderSingle's instrument has no field SP1 added (e.g. ProductComplex 1227, SecurityGroup 1151).
  const FlatScope d = a.Flatten(a.MessageOfType("D")->body);
  for (int tag : d.tags) EXPECT_LE(tag, 1139);
}

}  // namespace
}  // namespace fixwire_dicttest
