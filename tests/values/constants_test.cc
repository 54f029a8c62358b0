// The generated tag and MsgType constants (codec/values/tags.h, msg_types.h): a spread of values checked
// against the FIX specification, then every field and message of every shipped dictionary, loaded with
// fixwire's loader, checked against the constant of its name. constants_table.inc lists the constants by
// identifier only, so the values compared are the headers' own.
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "fixwire/values/msg_types.h"
#include "fixwire/values/tags.h"
#include "gtest/gtest.h"

namespace fixwire {
namespace {

static_assert(std::is_same_v<decltype(tag::Price), const std::uint32_t>);
static_assert(std::is_same_v<decltype(msg_type::NewOrderSingle), const std::string_view>);
static_assert(tag::MsgType == 35 && msg_type::Logon == "A");  // usable in constant expressions

struct TagRow {
  std::string_view name;
  std::uint32_t number;
};
struct MsgTypeRow {
  std::string_view name;
  std::string_view msg_type;
};

#define FIXWIRE_TAG(name) TagRow{#name, ::fixwire::tag::name},
#define FIXWIRE_MSG_TYPE(name)
constexpr TagRow kTagRows[] = {
#include "tests/values/constants_table.inc"
};
#undef FIXWIRE_TAG
#undef FIXWIRE_MSG_TYPE

#define FIXWIRE_TAG(name)
#define FIXWIRE_MSG_TYPE(name) MsgTypeRow{#name, ::fixwire::msg_type::name},
constexpr MsgTypeRow kMsgTypeRows[] = {
#include "tests/values/constants_table.inc"
};
#undef FIXWIRE_TAG
#undef FIXWIRE_MSG_TYPE

TEST(TagsTest, SpecificationNumbers) {
  // Standard header and trailer.
  EXPECT_EQ(tag::BeginString, 8u);
  EXPECT_EQ(tag::BodyLength, 9u);
  EXPECT_EQ(tag::CheckSum, 10u);
  EXPECT_EQ(tag::MsgSeqNum, 34u);
  EXPECT_EQ(tag::MsgType, 35u);
  EXPECT_EQ(tag::PossDupFlag, 43u);
  EXPECT_EQ(tag::SenderCompID, 49u);
  EXPECT_EQ(tag::SendingTime, 52u);
  EXPECT_EQ(tag::TargetCompID, 56u);
  EXPECT_EQ(tag::Signature, 89u);
  EXPECT_EQ(tag::SecureDataLen, 90u);
  EXPECT_EQ(tag::SecureData, 91u);
  EXPECT_EQ(tag::SignatureLength, 93u);
  EXPECT_EQ(tag::XmlDataLen, 212u);
  EXPECT_EQ(tag::XmlData, 213u);
  EXPECT_EQ(tag::ApplVerID, 1128u);
  EXPECT_EQ(tag::CstmApplVerID, 1129u);
  // Session messages.
  EXPECT_EQ(tag::BeginSeqNo, 7u);
  EXPECT_EQ(tag::EndSeqNo, 16u);
  EXPECT_EQ(tag::NewSeqNo, 36u);
  EXPECT_EQ(tag::RefSeqNum, 45u);
  EXPECT_EQ(tag::RawDataLength, 95u);
  EXPECT_EQ(tag::RawData, 96u);
  EXPECT_EQ(tag::EncryptMethod, 98u);
  EXPECT_EQ(tag::HeartBtInt, 108u);
  EXPECT_EQ(tag::TestReqID, 112u);
  EXPECT_EQ(tag::GapFillFlag, 123u);
  EXPECT_EQ(tag::ResetSeqNumFlag, 141u);
  EXPECT_EQ(tag::LastMsgSeqNumProcessed, 369u);
  EXPECT_EQ(tag::RefTagID, 371u);
  EXPECT_EQ(tag::RefMsgType, 372u);
  EXPECT_EQ(tag::SessionRejectReason, 373u);
  EXPECT_EQ(tag::BusinessRejectReason, 380u);
  EXPECT_EQ(tag::Username, 553u);
  EXPECT_EQ(tag::Password, 554u);
  EXPECT_EQ(tag::NextExpectedMsgSeqNum, 789u);
  EXPECT_EQ(tag::DefaultApplVerID, 1137u);
  // Orders and executions.
  EXPECT_EQ(tag::Account, 1u);
  EXPECT_EQ(tag::AvgPx, 6u);
  EXPECT_EQ(tag::ClOrdID, 11u);
  EXPECT_EQ(tag::CumQty, 14u);
  EXPECT_EQ(tag::Currency, 15u);
  EXPECT_EQ(tag::ExecID, 17u);
  EXPECT_EQ(tag::HandlInst, 21u);
  EXPECT_EQ(tag::LastPx, 31u);
  EXPECT_EQ(tag::OrderID, 37u);
  EXPECT_EQ(tag::OrderQty, 38u);
  EXPECT_EQ(tag::OrdStatus, 39u);
  EXPECT_EQ(tag::OrdType, 40u);
  EXPECT_EQ(tag::OrigClOrdID, 41u);
  EXPECT_EQ(tag::Price, 44u);
  EXPECT_EQ(tag::SecurityID, 48u);
  EXPECT_EQ(tag::Side, 54u);
  EXPECT_EQ(tag::Symbol, 55u);
  EXPECT_EQ(tag::Text, 58u);
  EXPECT_EQ(tag::TimeInForce, 59u);
  EXPECT_EQ(tag::TransactTime, 60u);
  EXPECT_EQ(tag::ExecType, 150u);
  EXPECT_EQ(tag::LeavesQty, 151u);
  EXPECT_EQ(tag::PartyIDSource, 447u);
  EXPECT_EQ(tag::PartyID, 448u);
  EXPECT_EQ(tag::PartyRole, 452u);
  EXPECT_EQ(tag::NoPartyIDs, 453u);
  // Market data.
  EXPECT_EQ(tag::NoRelatedSym, 146u);
  EXPECT_EQ(tag::MDReqID, 262u);
  EXPECT_EQ(tag::SubscriptionRequestType, 263u);
  EXPECT_EQ(tag::MarketDepth, 264u);
  EXPECT_EQ(tag::NoMDEntryTypes, 267u);
  EXPECT_EQ(tag::NoMDEntries, 268u);
  EXPECT_EQ(tag::MDEntryType, 269u);
  EXPECT_EQ(tag::MDEntryPx, 270u);
  EXPECT_EQ(tag::MDEntrySize, 271u);
  EXPECT_EQ(tag::MDUpdateAction, 279u);
}

// Tags renamed between FIX 4.2 and FIX 4.4 keep a constant under each name.
TEST(TagsTest, RenamedTagsHaveEveryName) {
  EXPECT_EQ(tag::IDSource, 22u);
  EXPECT_EQ(tag::SecurityIDSource, 22u);
  EXPECT_EQ(tag::LastShares, 32u);
  EXPECT_EQ(tag::LastQty, 32u);
  EXPECT_EQ(tag::Shares, 53u);
  EXPECT_EQ(tag::Quantity, 53u);
  EXPECT_EQ(tag::FutSettDate, 64u);
  EXPECT_EQ(tag::SettlDate, 64u);
  EXPECT_EQ(tag::OpenClose, 77u);
  EXPECT_EQ(tag::PositionEffect, 77u);
}

TEST(MsgTypesTest, SpecificationValues) {
  EXPECT_EQ(msg_type::Heartbeat, "0");
  EXPECT_EQ(msg_type::TestRequest, "1");
  EXPECT_EQ(msg_type::ResendRequest, "2");
  EXPECT_EQ(msg_type::Reject, "3");
  EXPECT_EQ(msg_type::SequenceReset, "4");
  EXPECT_EQ(msg_type::Logout, "5");
  EXPECT_EQ(msg_type::IOI, "6");
  EXPECT_EQ(msg_type::Advertisement, "7");
  EXPECT_EQ(msg_type::ExecutionReport, "8");
  EXPECT_EQ(msg_type::OrderCancelReject, "9");
  EXPECT_EQ(msg_type::Logon, "A");
  EXPECT_EQ(msg_type::News, "B");
  EXPECT_EQ(msg_type::Email, "C");
  EXPECT_EQ(msg_type::NewOrderSingle, "D");
  EXPECT_EQ(msg_type::NewOrderList, "E");
  EXPECT_EQ(msg_type::OrderCancelRequest, "F");
  EXPECT_EQ(msg_type::OrderCancelReplaceRequest, "G");
  EXPECT_EQ(msg_type::OrderStatusRequest, "H");
  EXPECT_EQ(msg_type::QuoteRequest, "R");
  EXPECT_EQ(msg_type::Quote, "S");
  EXPECT_EQ(msg_type::MarketDataRequest, "V");
  EXPECT_EQ(msg_type::MarketDataSnapshotFullRefresh, "W");
  EXPECT_EQ(msg_type::MarketDataIncrementalRefresh, "X");
  EXPECT_EQ(msg_type::MarketDataRequestReject, "Y");
  EXPECT_EQ(msg_type::QuoteCancel, "Z");
  EXPECT_EQ(msg_type::SecurityDefinitionRequest, "c");
  EXPECT_EQ(msg_type::SecurityDefinition, "d");
  EXPECT_EQ(msg_type::MassQuote, "i");
  EXPECT_EQ(msg_type::BusinessMessageReject, "j");
  EXPECT_EQ(msg_type::XMLnonFIX, "n");
  EXPECT_EQ(msg_type::NewOrderCross, "s");
  EXPECT_EQ(msg_type::NewOrderMultileg, "AB");
  EXPECT_EQ(msg_type::TradeCaptureReport, "AE");
  EXPECT_EQ(msg_type::UserRequest, "BE");
  EXPECT_EQ(msg_type::UserResponse, "BF");
  // Renamed between FIX 4.2 and FIX 4.4.
  EXPECT_EQ(msg_type::Allocation, "J");
  EXPECT_EQ(msg_type::AllocationInstruction, "J");
  EXPECT_EQ(msg_type::QuoteAcknowledgement, "b");
  EXPECT_EQ(msg_type::MassQuoteAcknowledgement, "b");
}

// Every codec/dictionaries/*.xml in the runfiles (the test's data is the whole filegroup).
std::vector<std::string> ShippedDictionaries() {
  std::vector<std::string> paths;
  for (const auto& e : std::filesystem::directory_iterator("codec/dictionaries")) {
    if (e.path().extension() == ".xml") paths.push_back(e.path().string());
  }
  return paths;
}

TEST(ConstantsTest, FindsTheShippedDictionaries) {
  std::set<std::string> names;
  for (const std::string& p : ShippedDictionaries()) {
    names.insert(std::filesystem::path(p).filename().string());
  }
  for (const char* expected : {"FIX42.xml", "FIX44.xml", "FIXT11.xml", "FIX50SP2.xml"}) {
    EXPECT_TRUE(names.count(expected)) << expected;
  }
}

// Both ways: every field and message of every dictionary has its constant with its value, and every
// constant is a field or message of some dictionary with that value.
TEST(ConstantsTest, EveryDictionaryEntryHasItsConstant) {
  std::map<std::string_view, std::uint32_t> tags;
  for (const TagRow& row : kTagRows) {
    EXPECT_TRUE(tags.emplace(row.name, row.number).second) << "tag row twice: " << row.name;
  }
  std::map<std::string_view, std::string_view> msg_types;
  for (const MsgTypeRow& row : kMsgTypeRows) {
    EXPECT_TRUE(msg_types.emplace(row.name, row.msg_type).second) << "message row twice: " << row.name;
  }

  std::set<std::pair<std::string, std::uint32_t>> dictionary_fields;
  std::set<std::pair<std::string, std::string>> dictionary_messages;
  for (const std::string& path : ShippedDictionaries()) {
    SCOPED_TRACE(path);
    absl::StatusOr<Dictionary> d = LoadDictionaryFile(path);
    ASSERT_TRUE(d.ok()) << d.status();
    ASSERT_GT(d->field_count(), 0u);
    ASSERT_GT(d->messages().size(), 0u);
    for (const FieldDef& f : d->fields()) {
      const std::string_view name = d->field_name(f);
      dictionary_fields.emplace(name, f.tag);
      auto it = tags.find(name);
      if (it == tags.end()) {
        ADD_FAILURE() << "no constant fixwire::tag::" << name << " (" << f.tag << ")";
      } else {
        EXPECT_EQ(it->second, f.tag) << "fixwire::tag::" << name;
      }
    }
    for (const MessageDef& m : d->messages()) {
      const std::string_view name = d->message_name(m);
      const std::string_view type = d->message_type(m);
      dictionary_messages.emplace(name, type);
      auto it = msg_types.find(name);
      if (it == msg_types.end()) {
        ADD_FAILURE() << "no constant fixwire::msg_type::" << name << " (\"" << type << "\")";
      } else {
        EXPECT_EQ(it->second, type) << "fixwire::msg_type::" << name;
      }
    }
  }
  for (const auto& [name, number] : tags) {
    EXPECT_TRUE(dictionary_fields.count({std::string(name), number}))
        << "fixwire::tag::" << name << " = " << number << " is no dictionary's field";
  }
  for (const auto& [name, type] : msg_types) {
    EXPECT_TRUE(dictionary_messages.count({std::string(name), std::string(type)}))
        << "fixwire::msg_type::" << name << " = \"" << type << "\" is no dictionary's message";
  }
}

}  // namespace
}  // namespace fixwire
