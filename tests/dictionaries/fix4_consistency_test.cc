// Internal consistency of every shipped dictionary, and the FIX 4.2 / FIX 4.4 layout facts that
// the benchmarks and the codec rely on, read with pugixml (independent of fixwire's loader).
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "tests/dictionaries/fix4_model.h"

namespace fixwire_fix4test {
namespace {

constexpr char kFix40[] = "codec/dictionaries/FIX40.xml";
constexpr char kFix41[] = "codec/dictionaries/FIX41.xml";
constexpr char kFix42[] = "codec/dictionaries/FIX42.xml";
constexpr char kFix43[] = "codec/dictionaries/FIX43.xml";
constexpr char kFix44[] = "codec/dictionaries/FIX44.xml";

Dictionary MustLoad(const std::string& path) {
  Dictionary d;
  std::string error;
  EXPECT_TRUE(LoadDictionary(path, &d, &error)) << error;
  return d;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += "  " + line + "\n";
  return out;
}

// ---- every shipped file ----------------------------------------------------------------------

class ShippedFile : public ::testing::TestWithParam<const char*> {};

TEST_P(ShippedFile, LoadsAndIsConsistent) {
  Dictionary d = MustLoad(GetParam());
  EXPECT_FALSE(d.fields.empty());
  const std::vector<std::string> problems = ConsistencyProblems(d);
  EXPECT_TRUE(problems.empty()) << GetParam() << ":\n" << Join(problems);
}

INSTANTIATE_TEST_SUITE_P(All, ShippedFile,
                         ::testing::Values(kFix40, kFix41, kFix42, kFix43, kFix44, "codec/dictionaries/FIXT11.xml",
                                           "codec/dictionaries/FIX50SP2.xml"));

// ---- the checker itself finds each kind of problem ------------------------------------------

std::vector<std::string> ProblemsOf(const std::string& name, const std::string& body) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/" + name + ".xml";
  std::ofstream(path) << "<fix type=\"FIX\" major=\"4\" minor=\"4\" servicepack=\"0\">" << body << "</fix>";
  Dictionary d;
  std::string error;
  EXPECT_TRUE(LoadDictionary(path, &d, &error)) << error;
  return ConsistencyProblems(d);
}

constexpr char kBaseFields[] =
    "<field number='55' name='Symbol' type='STRING'/>"
    "<field number='146' name='NoRelatedSym' type='NUMINGROUP'/>"
    "<field number='58' name='Text' type='STRING'/>";

std::string Dict(const std::string& messages, const std::string& components, const std::string& fields) {
  return "<header/><trailer/><messages>" + messages + "</messages><components>" + components +
         "</components><fields>" + std::string(kBaseFields) + fields + "</fields>";
}

TEST(Checker, AcceptsAMinimalGoodDictionary) {
  EXPECT_TRUE(ProblemsOf("good", Dict("<message name='QuoteRequest' msgtype='R' msgcat='app'>"
                                      "<group name='NoRelatedSym' required='Y'><component name='Inst' required='Y'/>"
                                      "</group><field name='Text' required='N'/></message>",
                                      "<component name='Inst'><field name='Symbol' required='Y'/></component>", ""))
                  .empty());
}

TEST(Checker, FindsEachKindOfProblem) {
  struct Case {
    const char* name;
    std::string body;
    const char* expected;
  };
  const Case cases[] = {
      {"unknown_field", Dict("<message name='M' msgtype='R' msgcat='app'><field name='Nope' required='N'/></message>", "", ""),
       "unknown field Nope"},
      {"unknown_component", Dict("<message name='M' msgtype='R' msgcat='app'><component name='C' required='N'/></message>", "", ""),
       "unknown component C"},
      {"dup_number", Dict("", "", "<field number='55' name='Other' type='STRING'/>"), "field number 55 used twice"},
      {"dup_name", Dict("", "", "<field number='99' name='Text' type='STRING'/>"), "field name Text used twice"},
      {"bad_type", Dict("", "", "<field number='99' name='X' type='WHATEVER'/>"), "unknown type"},
      {"dup_enum", Dict("", "", "<field number='99' name='X' type='CHAR'><value enum='1' description='A'/>"
                                "<value enum='1' description='B'/></field>"), "enum 1 listed twice"},
      {"char_enum_two_chars", Dict("", "", "<field number='99' name='X' type='CHAR'><value enum='10' description='A'/></field>"),
       "enum 10 is not a valid CHAR"},
      {"int_enum_letter", Dict("", "", "<field number='99' name='X' type='INT'><value enum='A' description='A'/></field>"),
       "enum A is not a valid INT"},
      {"count_not_numingroup", Dict("<message name='M' msgtype='R' msgcat='app'><group name='Text' required='N'>"
                                    "<field name='Symbol' required='N'/></group></message>", "", ""),
       "not NUMINGROUP"},
      {"empty_group", Dict("<message name='M' msgtype='R' msgcat='app'><group name='NoRelatedSym' required='N'/></message>", "", ""),
       "no members"},
      {"cycle", Dict("", "<component name='A'><component name='B' required='N'/></component>"
                         "<component name='B'><component name='A' required='N'/></component>", ""),
       "component cycle"},
      {"dup_msgtype", Dict("<message name='M1' msgtype='R' msgcat='app'/><message name='M2' msgtype='R' msgcat='app'/>", "", ""),
       "msgtype R used twice"},
      {"bad_msgcat", Dict("<message name='M' msgtype='R' msgcat='other'/>", "", ""), "msgcat"},
      {"bad_required", Dict("<message name='M' msgtype='R' msgcat='app'><field name='Text' required='maybe'/></message>", "", ""),
       "required=\"maybe\""},
      {"repeat_in_scope", Dict("<message name='M' msgtype='R' msgcat='app'><field name='Text' required='N'/>"
                               "<component name='C' required='N'/></message>",
                               "<component name='C'><field name='Text' required='N'/></component>", ""),
       "Text appears twice"},
  };
  for (const Case& c : cases) {
    const std::vector<std::string> problems = ProblemsOf(c.name, c.body);
    bool found = false;
    for (const std::string& problem : problems) found = found || problem.find(c.expected) != std::string::npos;
    EXPECT_TRUE(found) << c.name << ": wanted \"" << c.expected << "\", got:\n" << Join(problems);
  }
}

TEST(Checker, Fix42CountsMayBeIntButMustBeNamedNo) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/fix42_counts.xml";
  std::ofstream(path) << "<fix type='FIX' major='4' minor='2' servicepack='0'><header/><trailer/><messages>"
                         "<message name='M' msgtype='R' msgcat='app'>"
                         "<group name='NoRelatedSym' required='N'><field name='Symbol' required='N'/></group>"
                         "<group name='Count' required='N'><field name='Symbol' required='N'/></group>"
                         "</message></messages><components/><fields>"
                         "<field number='55' name='Symbol' type='STRING'/>"
                         "<field number='146' name='NoRelatedSym' type='INT'/>"
                         "<field number='147' name='Count' type='INT'/></fields></fix>";
  Dictionary d;
  std::string error;
  ASSERT_TRUE(LoadDictionary(path, &d, &error)) << error;
  const std::vector<std::string> problems = ConsistencyProblems(d);
  ASSERT_EQ(problems.size(), 1u) << Join(problems);
  EXPECT_NE(problems[0].find("Count: count field not named No"), std::string::npos) << problems[0];
}

TEST(Checker, ReportsUnreadableFiles) {
  Dictionary d;
  std::string error;
  EXPECT_FALSE(LoadDictionary("codec/dictionaries/no_such_file.xml", &d, &error));
  EXPECT_FALSE(error.empty());
}

// ---- FIX 4.2 / FIX 4.4 facts from the specification ------------------------------------------

struct Version {
  const char* path;
  const char* minor;
  int max_tag;
  std::vector<std::string> msgtypes;  // messages the issue requires for this version
};

const std::vector<Version>& Versions() {
  static const std::vector<Version>* versions = new std::vector<Version>{
      {kFix42, "2", 446, {"0", "1", "2", "3", "4", "5", "A", "D", "F", "G", "9", "8", "V", "W", "X", "Y",
                          "R", "S", "Z", "i", "b", "c", "d", "e", "f", "E", "K", "L", "M", "N", "j"}},
      {kFix43, "3", 659, {"0", "1", "2", "3", "4", "5", "A", "D", "F", "G", "9", "8", "AB", "AC", "q", "r", "V",
                          "W", "X", "Y", "R", "S", "Z", "i", "b", "AI", "c", "d", "e", "f", "x", "y", "E", "K",
                          "L", "M", "N", "j", "AE", "J", "P", "T", "s", "t", "u"}},
      {kFix44, "4", 956, {"0", "1", "2", "3", "4", "5", "A", "D", "F", "G", "9", "8", "AB", "AC", "q", "r", "V",
                          "W", "X", "Y", "R", "S", "Z", "i", "b", "AI", "c", "d", "e", "f", "x", "y", "E", "K",
                          "L", "M", "N", "j", "AE"}},
  };
  return *versions;
}

TEST(Fix4Facts, VersionAttributesAndTagRange) {
  for (const Version& v : Versions()) {
    Dictionary d = MustLoad(v.path);
    EXPECT_EQ(d.type, "FIX") << v.path;
    EXPECT_EQ(d.major, "4") << v.path;
    EXPECT_EQ(d.minor, v.minor) << v.path;
    EXPECT_EQ(d.servicepack, "0") << v.path;
    for (const FieldDef& field : d.fields) {
      EXPECT_LE(field.number, v.max_tag) << v.path << " " << field.name;
    }
    // Tags 1..10 and the last tag of the version are defined (the list is not cut short).
    for (int tag = 1; tag <= 10; ++tag) EXPECT_NE(d.FieldNumber(tag), nullptr) << v.path << " tag " << tag;
    EXPECT_NE(d.FieldNumber(v.max_tag), nullptr) << v.path;
  }
}

TEST(Fix4Facts, RequiredMessagesArePresentWithTheRightCategory) {
  const std::vector<std::string> admin = {"0", "1", "2", "3", "4", "5", "A"};
  for (const Version& v : Versions()) {
    Dictionary d = MustLoad(v.path);
    for (const std::string& msgtype : v.msgtypes) {
      const MessageDef* message = d.Message(msgtype);
      ASSERT_NE(message, nullptr) << v.path << " has no msgtype " << msgtype;
      bool is_admin = false;
      for (const std::string& a : admin) is_admin = is_admin || a == msgtype;
      EXPECT_EQ(message->msgcat, is_admin ? "admin" : "app") << v.path << " " << msgtype;
    }
  }
}

// FIX 4.0 defines 27 messages, FIX 4.1 28, FIX 4.2 46, FIX 4.3 68 and FIX 4.4 93; the file holds every one, and
// MsgType(35) lists exactly the msgtypes of the file's messages.
TEST(Fix4Facts, EveryMessageOfTheVersionAndMsgTypeValuesAgree) {
  const std::pair<const char*, size_t> counts[] = {{kFix40, 27}, {kFix41, 28}, {kFix42, 46}, {kFix43, 68}, {kFix44, 93}};
  for (const auto& count : counts) {
    Dictionary d = MustLoad(count.first);
    EXPECT_EQ(d.messages.size(), count.second) << count.first;
    const FieldDef* msgtype = d.FieldNumber(35);
    ASSERT_NE(msgtype, nullptr);
    std::set<std::string> listed, messages;
    for (const auto& value : msgtype->values) listed.insert(value.first);
    for (const MessageDef& message : d.messages) messages.insert(message.msgtype);
    EXPECT_EQ(listed, messages) << count.first;
  }
}

TEST(Fix4Facts, HeaderAndTrailer) {
  for (const Version& v : Versions()) {
    Dictionary d = MustLoad(v.path);
    FlatScope header = Flatten(d, d.header);
    ASSERT_GE(header.members.size(), 7u) << v.path;
    const std::vector<std::string> first = {"BeginString", "BodyLength", "MsgType"};
    for (size_t i = 0; i < first.size(); ++i) {
      EXPECT_EQ(header.members[i], first[i]) << v.path;
      EXPECT_TRUE(header.required[i]) << v.path << " " << first[i];
    }
    for (const char* required : {"SenderCompID", "TargetCompID", "MsgSeqNum", "SendingTime"}) {
      bool found = false;
      for (size_t i = 0; i < header.members.size(); ++i) {
        if (header.members[i] == required) found = header.required[i];
      }
      EXPECT_TRUE(found) << v.path << ": header lacks required " << required;
    }
    FlatScope trailer = Flatten(d, d.trailer);
    ASSERT_FALSE(trailer.members.empty());
    EXPECT_EQ(trailer.members.back(), "CheckSum") << v.path;
    EXPECT_TRUE(trailer.required.back());
  }
}

TEST(Fix4Facts, DataFieldsFollowTheirLengthFields) {
  for (const Version& v : Versions()) {
    Dictionary d = MustLoad(v.path);
    int data_fields = 0;
    for (const FieldDef& field : d.fields) {
      if (field.type != "DATA") continue;
      ++data_fields;
      const int length_tag = field.number == 89 ? 93 : field.number - 1;  // Signature's is SignatureLength
      const FieldDef* length = d.FieldNumber(length_tag);
      ASSERT_NE(length, nullptr) << v.path << " " << field.name;
      EXPECT_EQ(length->type, "LENGTH") << v.path << " " << length->name << " for " << field.name;
    }
    EXPECT_GE(data_fields, 10) << v.path;  // RawData, SecureData, Signature, XmlData, Encoded*...
    for (int tag : {9, 90, 93, 95, 212, 348, 350, 352, 354, 356}) {
      ASSERT_NE(d.FieldNumber(tag), nullptr) << v.path << " " << tag;
      EXPECT_EQ(d.FieldNumber(tag)->type, "LENGTH") << v.path << " " << tag;
    }
  }
}

// The group named count among groups, copied (an empty count when there is none).
FlatGroup FindGroup(const std::vector<FlatGroup>& groups, const std::string& count) {
  for (const FlatGroup& group : groups) {
    if (group.count == count) return group;
  }
  return FlatGroup();
}

FlatGroup MessageGroup(const Dictionary& d, const std::string& msgtype, const std::string& count) {
  const MessageDef* message = d.Message(msgtype);
  if (message == nullptr) return FlatGroup();
  return FindGroup(Flatten(d, message->body).groups, count);
}

TEST(Fix4Facts, GroupsTheBenchmarksUse) {
  struct Expect {
    const char* msgtype;
    const char* count;
    const char* delimiter;
  };
  const Expect expects[] = {{"R", "NoRelatedSym", "Symbol"},   {"W", "NoMDEntries", "MDEntryType"},
                            {"X", "NoMDEntries", "MDUpdateAction"}, {"i", "NoQuoteSets", "QuoteSetID"},
                            {"V", "NoMDEntryTypes", "MDEntryType"}, {"E", "NoOrders", "ClOrdID"},
                            {"N", "NoOrders", "ClOrdID"},      {"A", "NoMsgTypes", "RefMsgType"}};
  for (const Version& v : Versions()) {
    Dictionary d = MustLoad(v.path);
    for (const Expect& e : expects) {
      const FlatGroup group = MessageGroup(d, e.msgtype, e.count);
      ASSERT_EQ(group.count, e.count) << v.path << " " << e.msgtype << " lacks " << e.count;
      ASSERT_FALSE(group.members.empty());
      EXPECT_EQ(group.members.front(), e.delimiter) << v.path << " " << e.msgtype << " " << e.count;
    }
    // MassQuote: NoQuoteSets(296) holds NoQuoteEntries(295), delimited by QuoteEntryID(299).
    const FlatGroup entries = FindGroup(MessageGroup(d, "i", "NoQuoteSets").nested, "NoQuoteEntries");
    ASSERT_EQ(entries.count, "NoQuoteEntries") << v.path;
    EXPECT_EQ(entries.members.front(), "QuoteEntryID");
  }
}

TEST(Fix4Facts, Fix44NestedGroups) {
  Dictionary d = MustLoad(kFix44);
  // NewOrderSingle's Parties: NoPartyIDs(453) > NoPartySubIDs(802).
  const FlatGroup parties = MessageGroup(d, "D", "NoPartyIDs");
  ASSERT_EQ(parties.count, "NoPartyIDs");
  EXPECT_EQ(parties.members.front(), "PartyID");
  const FlatGroup subs = FindGroup(parties.nested, "NoPartySubIDs");
  ASSERT_EQ(subs.count, "NoPartySubIDs");
  EXPECT_EQ(subs.members.front(), "PartySubID");
  // MassQuote entries hold legs, legs hold alternative security IDs: four levels under i.
  const FlatGroup entries = FindGroup(MessageGroup(d, "i", "NoQuoteSets").nested, "NoQuoteEntries");
  ASSERT_EQ(entries.count, "NoQuoteEntries");
  const FlatGroup legs = FindGroup(entries.nested, "NoLegs");
  ASSERT_EQ(legs.count, "NoLegs");
  EXPECT_EQ(legs.members.front(), "LegSymbol");
  EXPECT_EQ(FindGroup(legs.nested, "NoLegSecurityAltID").count, "NoLegSecurityAltID");
  // Market data entries carry the Instrument's groups.
  const FlatGroup md = MessageGroup(d, "X", "NoMDEntries");
  ASSERT_EQ(md.count, "NoMDEntries");
  EXPECT_EQ(FindGroup(md.nested, "NoSecurityAltID").count, "NoSecurityAltID");
  // TradeCaptureReport sides hold parties and allocations with NestedParties2.
  const FlatGroup sides = MessageGroup(d, "AE", "NoSides");
  ASSERT_EQ(sides.count, "NoSides");
  EXPECT_EQ(sides.members.front(), "Side");
  const FlatGroup allocs = FindGroup(sides.nested, "NoAllocs");
  ASSERT_EQ(allocs.count, "NoAllocs");
  EXPECT_EQ(FindGroup(allocs.nested, "NoNested2PartyIDs").count, "NoNested2PartyIDs");
}

TEST(Fix4Facts, Fix42UsesFix42NamesAndTypes) {
  Dictionary d = MustLoad(kFix42);
  const struct {
    int tag;
    const char* name;
    const char* type;
  } facts[] = {{22, "IDSource", "STRING"},        {32, "LastShares", "QTY"},      {34, "MsgSeqNum", "INT"},
               {53, "Shares", "QTY"},             {63, "SettlmntTyp", "CHAR"},    {64, "FutSettDate", "LOCALMKTDATE"},
               {77, "OpenClose", "CHAR"},         {146, "NoRelatedSym", "INT"},   {223, "CouponRate", "FLOAT"},
               {272, "MDEntryDate", "UTCDATE"},   {297, "QuoteAckStatus", "INT"}, {421, "Country", "STRING"}};
  for (const auto& fact : facts) {
    const FieldDef* field = d.FieldNumber(fact.tag);
    ASSERT_NE(field, nullptr) << fact.tag;
    EXPECT_EQ(field->name, fact.name) << fact.tag;
    EXPECT_EQ(field->type, fact.type) << fact.tag;
  }
  for (int tag : {220, 232, 255, 260}) EXPECT_EQ(d.FieldNumber(tag), nullptr) << tag << " is FIX 4.3";
  for (const char* type : {"SEQNUM", "NUMINGROUP", "PERCENTAGE", "COUNTRY", "UTCDATEONLY"}) {
    for (const FieldDef& field : d.fields) EXPECT_NE(field.type, type) << field.name;
  }
}

// FIX 4.1: tags 1..211, its 28 messages, its names and types, its header, lists without NoOrders.
TEST(Fix4Facts, Fix41VersionMessagesNamesAndLayouts) {
  Dictionary d = MustLoad(kFix41);
  EXPECT_EQ(d.type, "FIX");
  EXPECT_EQ(d.major, "4");
  EXPECT_EQ(d.minor, "1");
  for (const FieldDef& field : d.fields) EXPECT_LE(field.number, 211) << field.name;
  for (int tag = 1; tag <= 10; ++tag) EXPECT_NE(d.FieldNumber(tag), nullptr) << tag;
  EXPECT_NE(d.FieldNumber(211), nullptr);
  EXPECT_EQ(d.FieldNumber(101), nullptr);  // never assigned
  const std::vector<std::string> admin = {"0", "1", "2", "3", "4", "5", "A"};
  for (const char* msgtype : {"0", "1", "2", "3", "4", "5", "A", "6", "7", "8", "9", "B", "C", "D", "E",
                              "F", "G", "H", "J", "K", "L", "M", "N", "P", "Q", "R", "S", "T"}) {
    const MessageDef* message = d.Message(msgtype);
    ASSERT_NE(message, nullptr) << msgtype;
    bool is_admin = false;
    for (const std::string& a : admin) is_admin = is_admin || a == msgtype;
    EXPECT_EQ(message->msgcat, is_admin ? "admin" : "app") << msgtype;
  }
  for (const char* msgtype : {"V", "W", "X", "j", "i"}) EXPECT_EQ(d.Message(msgtype), nullptr) << msgtype;
  const struct {
    int tag;
    const char* name;
    const char* type;
  } facts[] = {{20, "ExecTransType", "CHAR"}, {22, "IDSource", "STRING"},  {32, "LastShares", "QTY"},
               {34, "MsgSeqNum", "INT"},       {68, "ListNoOrds", "INT"},    {73, "NoOrders", "INT"},
               {150, "ExecType", "CHAR"},      {151, "LeavesQty", "QTY"},    {200, "MaturityMonthYear", "MONTHYEAR"}};
  for (const auto& fact : facts) {
    const FieldDef* field = d.FieldNumber(fact.tag);
    ASSERT_NE(field, nullptr) << fact.tag;
    EXPECT_EQ(field->name, fact.name) << fact.tag;
    EXPECT_EQ(field->type, fact.type) << fact.tag;
  }
  // OrdStatus and ExecType end at C=Expired (FIX 4.2 added D and E).
  for (int tag : {39, 150}) {
    ASSERT_FALSE(d.FieldNumber(tag)->values.empty());
    EXPECT_EQ(d.FieldNumber(tag)->values.back().first, "C") << tag;
  }
  // Header: no XmlData, MessageEncoding or LastMsgSeqNumProcessed (FIX 4.2).
  FlatScope header = Flatten(d, d.header);
  const std::vector<std::string> first = {"BeginString", "BodyLength", "MsgType"};
  for (size_t i = 0; i < first.size(); ++i) EXPECT_EQ(header.members[i], first[i]);
  for (const std::string& name : header.members) {
    EXPECT_NE(name, "XmlData");
    EXPECT_NE(name, "LastMsgSeqNumProcessed");
  }
  EXPECT_EQ(Flatten(d, d.trailer).members.back(), "CheckSum");
  // NewOrderList sends one order per message: no NoOrders group; ListStatus has one.
  EXPECT_EQ(MessageGroup(d, "E", "NoOrders").count, "");
  const FlatGroup status = MessageGroup(d, "N", "NoOrders");
  ASSERT_EQ(status.count, "NoOrders");
  EXPECT_EQ(status.members.front(), "ClOrdID");
  // No TransactTime in a FIX 4.1 new order; OrderQty and LastShares required in an execution.
  FlatScope order = Flatten(d, d.Message("D")->body);
  for (const std::string& name : order.members) EXPECT_NE(name, "TransactTime");
  FlatScope exec = Flatten(d, d.Message("8")->body);
  for (size_t i = 0; i < exec.members.size(); ++i) {
    if (exec.members[i] == "LastShares" || exec.members[i] == "LastPx") {
      EXPECT_TRUE(exec.required[i]) << exec.members[i];
    }
  }
}

// FIX 4.3: its names, its nested groups, the count field QuickFIX's own FIX43.xml types INT.
TEST(Fix4Facts, Fix43NamesAndGroups) {
  Dictionary d = MustLoad(kFix43);
  const struct {
    int tag;
    const char* name;
    const char* type;
  } facts[] = {{23, "IOIid", "STRING"},          {32, "LastQty", "QTY"},
               {53, "Quantity", "QTY"},          {63, "SettlmntTyp", "CHAR"},
               {64, "FutSettDate", "LOCALMKTDATE"}, {74, "AvgPrxPrecision", "INT"},
               {286, "OpenCloseSettleFlag", "MULTIPLEVALUESTRING"}, {393, "TotalNumSecurities", "INT"},
               {576, "NoClearingInstructions", "NUMINGROUP"}, {659, "SideComplianceID", "STRING"}};
  for (const auto& fact : facts) {
    const FieldDef* field = d.FieldNumber(fact.tag);
    ASSERT_NE(field, nullptr) << fact.tag;
    EXPECT_EQ(field->name, fact.name) << fact.tag;
    EXPECT_EQ(field->type, fact.type) << fact.tag;
  }
  for (int tag : {660, 661, 802}) EXPECT_EQ(d.FieldNumber(tag), nullptr) << tag << " is FIX 4.4";
  EXPECT_EQ(d.Message("J")->name, "Allocation");
  EXPECT_EQ(d.Message("P")->name, "AllocationAck");
  EXPECT_EQ(d.Message("AC")->name, "MultilegOrderCancelReplaceRequest");
  for (const char* msgtype : {"AJ", "AK", "AL", "AM", "AN", "AO", "AP", "AQ", "AR", "AS", "AT", "AU", "AV", "AW",
                              "AX", "AY", "AZ", "BA", "BB", "BC", "BD", "BE", "BF", "BG", "BH"}) {
    EXPECT_EQ(d.Message(msgtype), nullptr) << msgtype << " is FIX 4.4";
  }
  // One PartySubID per party: FIX 4.4 added the NoPartySubIDs group.
  const FlatGroup parties = MessageGroup(d, "D", "NoPartyIDs");
  ASSERT_EQ(parties.count, "NoPartyIDs");
  EXPECT_EQ(parties.members, (std::vector<std::string>{"PartyID", "PartyIDSource", "PartyRole", "PartySubID"}));
  EXPECT_TRUE(parties.nested.empty());
  const FlatGroup sides = MessageGroup(d, "s", "NoSides");
  ASSERT_EQ(sides.count, "NoSides");
  EXPECT_EQ(sides.members.front(), "Side");
  // TradeCaptureReport sides count their clearing instructions with a NUMINGROUP field.
  const FlatGroup trade_sides = MessageGroup(d, "AE", "NoSides");
  EXPECT_EQ(FindGroup(trade_sides.nested, "NoClearingInstructions").members,
            std::vector<std::string>{"ClearingInstruction"});
}

// FIX 4.0: tags 1..140, its 27 messages, the counts it has before NumInGroup fields existed.
TEST(Fix4Facts, Fix40VersionMessagesAndGroups) {
  Dictionary d = MustLoad(kFix40);
  EXPECT_EQ(d.major, "4");
  EXPECT_EQ(d.minor, "0");
  for (const FieldDef& field : d.fields) EXPECT_LE(field.number, 140) << field.name;
  EXPECT_NE(d.FieldNumber(140), nullptr);
  for (const char* msgtype : {"0", "1", "2", "3", "4", "5", "A", "6", "7", "8", "9", "B", "C", "D", "E",
                              "F", "G", "H", "J", "K", "L", "M", "N", "P", "Q", "R", "S"}) {
    EXPECT_NE(d.Message(msgtype), nullptr) << msgtype;
  }
  EXPECT_EQ(d.Message("T"), nullptr);  // SettlementInstructions: FIX 4.1
  // A FIX 4.0 Logon is EncryptMethod, HeartBtInt and RawData only.
  EXPECT_EQ(Flatten(d, d.Message("A")->body).members,
            (std::vector<std::string>{"EncryptMethod", "HeartBtInt", "RawDataLength", "RawData"}));
  // LinesOfText counts the Text lines of News and Email; NoDlvyInst the delivery instructions.
  for (const char* msgtype : {"B", "C"}) {
    const FlatGroup lines = MessageGroup(d, msgtype, "LinesOfText");
    ASSERT_EQ(lines.count, "LinesOfText") << msgtype;
    EXPECT_EQ(lines.members, std::vector<std::string>{"Text"}) << msgtype;
  }
  const FlatGroup dlvy = FindGroup(MessageGroup(d, "J", "NoAllocs").nested, "NoDlvyInst");
  ASSERT_EQ(dlvy.count, "NoDlvyInst");
  EXPECT_EQ(dlvy.members, (std::vector<std::string>{"BrokerOfCredit", "DlvyInst"}));
  EXPECT_EQ(MessageGroup(d, "J", "NoMiscFees").count, "NoMiscFees");
  EXPECT_EQ(MessageGroup(d, "8", "NoMiscFees").count, "NoMiscFees");
  EXPECT_EQ(d.FieldNumber(68)->name, "ListNoOrds");
  EXPECT_EQ(MessageGroup(d, "E", "NoOrders").count, "");
}

// ---- enumerated values: each version lists the values it defines -----------------------------
// Facts from the FIX Orchestra repositories (tools/dictgen/fix4_values.txt says which).

std::vector<std::string> Enums(const Dictionary& d, int tag) {
  std::vector<std::string> out;
  const FieldDef* field = d.FieldNumber(tag);
  if (field == nullptr) return out;
  for (const auto& value : field->values) out.push_back(value.first);
  return out;
}

bool Lists(const Dictionary& d, int tag, const std::string& value) {
  for (const std::string& e : Enums(d, tag)) {
    if (e == value) return true;
  }
  return false;
}

TEST(Fix4Values, OrdTypeOfEachVersion) {
  const Dictionary fix40 = MustLoad(kFix40), fix41 = MustLoad(kFix41), fix42 = MustLoad(kFix42);
  const Dictionary fix43 = MustLoad(kFix43), fix44 = MustLoad(kFix44);
  // FIX 4.0: 1..9, A..E and P (Pegged, dated FIX 3.0); F, G, H came with FIX 4.1, I (Funari) with 4.2.
  EXPECT_EQ(Enums(fix40, 40), (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B",
                                                         "C", "D", "E", "P"}));
  for (const char* later : {"F", "G", "H", "I"}) EXPECT_FALSE(Lists(fix40, 40, later)) << later;
  for (const char* v41 : {"F", "G", "H", "P"}) EXPECT_TRUE(Lists(fix41, 40, v41)) << v41;
  EXPECT_FALSE(Lists(fix41, 40, "I"));
  EXPECT_TRUE(Lists(fix42, 40, "I"));
  // FIX 4.3: J..M are new; 5, A, B, C, F, H (removed by FIX 4.4's specification) are still there.
  for (const char* v43 : {"J", "K", "L", "M", "5", "A", "B", "C", "F", "H", "I", "P"}) {
    EXPECT_TRUE(Lists(fix43, 40, v43)) << v43;
  }
}

TEST(Fix4Values, ValuesAddedLaterAreAbsent) {
  const Dictionary fix40 = MustLoad(kFix40), fix41 = MustLoad(kFix41), fix42 = MustLoad(kFix42);
  const Dictionary fix43 = MustLoad(kFix43), fix44 = MustLoad(kFix44);
  // ExecInst: U, V came with FIX 4.1, W with 4.2, T (FIX 4.4 extension pack) never before FIX 4.4.
  for (const char* v : {"U", "V", "W", "T"}) EXPECT_FALSE(Lists(fix40, 18, v)) << v;
  EXPECT_TRUE(Lists(fix41, 18, "U") && Lists(fix41, 18, "V") && !Lists(fix41, 18, "W"));
  EXPECT_TRUE(Lists(fix42, 18, "W"));
  for (const Dictionary* d : {&fix42, &fix43}) EXPECT_FALSE(Lists(*d, 18, "T"));
  EXPECT_TRUE(Lists(fix44, 18, "T"));
  // OrdStatus: FIX 4.0 ends at C (Expired) and keeps 5 (Replaced); D and E are FIX 4.2's.
  EXPECT_EQ(Enums(fix40, 39), (std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A",
                                                         "B", "C"}));
  // Side 7, 8 (FIX 4.1) and 9 (4.2); Rule80A B (4.1); IDSource 6 (4.1), 8 (4.2).
  EXPECT_FALSE(Lists(fix40, 54, "7") || Lists(fix40, 47, "B") || Lists(fix40, 22, "6"));
  EXPECT_TRUE(Lists(fix41, 54, "8") && !Lists(fix41, 54, "9") && Lists(fix41, 22, "7") && !Lists(fix41, 22, "8"));
  // Values added by FIX 4.4: Side D (Subscribe), SecurityIDSource H, DKReason F, MDEntryType B.
  for (const auto& added44 : std::vector<std::pair<int, const char*>>{{54, "D"}, {22, "H"}, {127, "F"}, {269, "B"}}) {
    EXPECT_FALSE(Lists(fix43, added44.first, added44.second)) << added44.first << "=" << added44.second;
    EXPECT_TRUE(Lists(fix44, added44.first, added44.second)) << added44.first << "=" << added44.second;
  }
  EXPECT_TRUE(Lists(fix43, 54, "C"));  // Opposite: FIX 4.3
  // DKReason F and StandInstDbType 4 are FIX 4.4's, not FIX 4.2's.
  EXPECT_FALSE(Lists(fix42, 127, "F") || Lists(fix42, 169, "4"));
  // FIX 4.3 still has the SecurityType values FIX 4.4 replaced.
  for (const char* v : {"FHA", "GOVT", "MUNI", "ZOO"}) {
    EXPECT_TRUE(Lists(fix43, 167, v)) << v;
    EXPECT_FALSE(Lists(fix44, 167, v)) << v;
  }
}

// A version's values for a tag are also the next version's, up to FIX 4.3 (FIX 4.4 dropped some).
TEST(Fix4Values, EachVersionKeepsTheValuesOfTheOneBefore) {
  const char* const paths[] = {kFix40, kFix41, kFix42, kFix43};
  for (size_t i = 0; i + 1 < sizeof paths / sizeof paths[0]; ++i) {
    const Dictionary older = MustLoad(paths[i]), newer = MustLoad(paths[i + 1]);
    for (const FieldDef& field : older.fields) {
      if (newer.FieldNumber(field.number) == nullptr) continue;
      for (const auto& value : field.values) {
        EXPECT_TRUE(Lists(newer, field.number, value.first))
            << paths[i] << " " << field.name << "=" << value.first << " is missing from " << paths[i + 1];
      }
    }
  }
}

}  // namespace
}  // namespace fixwire_fix4test
