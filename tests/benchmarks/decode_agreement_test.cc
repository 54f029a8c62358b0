// Every library's decode of every workload yields the workload's field list
// (tags and values), so no row benchmarks different work: fixwire's Decoder in
// wire order; QuickFIX without a dictionary (groups flat, body sorted by tag,
// so compared sorted); QuickFIX with fixwire's shipped dictionary (groups
// parsed; its output order is wire order, compared exactly).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "benchmarks/fixwire_dictionaries.h"
#include "benchmarks/quickfix_adapter.h"
#include "benchmarks/quickfix_dictionaries.h"
#include "benchmarks/workloads.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"

namespace fixwire::bench {
namespace {

using FieldList = std::vector<std::pair<int, std::string>>;

FieldList Expected(const Workload& w) {
  FieldList out;
  for (const WorkloadField& f : w.fields) out.emplace_back(static_cast<int>(f.tag), f.text);
  return out;
}

TEST(DecodeAgreementTest, FixwireDecodeYieldsTheWorkloadFields) {
  Decoder decoder;
  FieldIndex index(20000);
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    MessageView view;
    const Error e = decoder.Decode(w.bytes, index, view);
    ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " at " << e.offset << " tag " << e.tag;
    FieldList got;
    for (const Field& f : view.fields()) got.emplace_back(f.tag, std::string(view.value(f)));
    EXPECT_TRUE(got == Expected(w)) << got.size() << " fields vs " << w.fields.size();
    EXPECT_EQ(view.size(), w.bytes.size());
  }
}

TEST(DecodeAgreementTest, QuickFixFlatDecodeYieldsTheWorkloadFields) {
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    fixwire_qf::QfMessage message;
    ASSERT_TRUE(message.Decode(w.bytes)) << message.last_error();
    FieldList got = message.Fields();
    FieldList expected = Expected(w);
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_TRUE(got == expected) << got.size() << " fields vs " << expected.size();
  }
}

TEST(DecodeAgreementTest, QuickFixDecodeWithOurDictionaryYieldsTheWorkloadFieldsInOrder) {
  int checked = 0;
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    if (DictionaryPath(w.begin_string).empty()) continue;  // dictionary not shipped yet
    std::string error;
    const fixwire_qf::QfDictionary* dd = QuickFixDictionary(w.begin_string, &error);
    ASSERT_NE(dd, nullptr) << error;
    fixwire_qf::QfMessage message;
    ASSERT_TRUE(message.DecodeGroups(w.bytes, *dd)) << message.last_error();
    EXPECT_TRUE(message.Fields() == Expected(w));
    ASSERT_TRUE(message.DecodeValidate(w.bytes, *dd)) << message.last_error();
    EXPECT_TRUE(message.ValidateDict(*dd)) << message.last_error();
    if (w.has_groups) {
      EXPECT_GT(message.ReadGroups(), 0u);
    }
    ++checked;
  }
  RecordProperty("workloads_checked_with_dictionary", checked);
}

// FixwireValidate decodes and validates bytes with fixwire against the shipped dictionary.
ValidationResult FixwireValidate(const std::string& bytes, std::string_view begin_string) {
  std::string error;
  const Dictionary* dictionary = FixwireDictionary(begin_string, &error);
  EXPECT_NE(dictionary, nullptr) << error;
  if (dictionary == nullptr) return ValidationResult{ValidationCheck::kCapacity};
  Decoder decoder;
  FieldIndex index(20000);
  GroupStorage storage(20000, 20000);
  MessageView view;
  EXPECT_TRUE(decoder.Decode(bytes, index, view).ok());
  GroupedMessage grouped;
  return ValidateMessage(view, *dictionary, *dictionary, Validator(), storage, &grouped);
}

TEST(DecodeAgreementTest, FixwireDecodeGroupsFindsEveryGroupAndEntry) {
  // QuickFIX's dictionary decode is checked above to give back the wire order,
  // which it only does when it parsed every group; here fixwire's IndexGroups
  // must find as many groups and entries as the workload has.
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    std::string error;
    const Dictionary* dictionary = FixwireDictionary(w.begin_string, &error);
    ASSERT_NE(dictionary, nullptr) << error;
    Decoder decoder;
    FieldIndex index(20000);
    GroupStorage storage(20000, 20000);
    MessageView view;
    ASSERT_TRUE(decoder.Decode(w.bytes, index, view).ok());
    GroupedMessage grouped;
    const Error e = IndexGroups(view, *dictionary, {}, storage, &grouped);
    ASSERT_TRUE(e.ok()) << ErrorCodeName(e.code) << " tag " << e.tag;
    std::uint32_t groups = 0, entries = 0;
    for (const WorkloadField& f : w.fields) {
      if (f.kind != FieldKind::kNumInGroup) continue;
      ++groups;
      entries += static_cast<std::uint32_t>(f.integer);
    }
    EXPECT_EQ(grouped.group_count(), groups);
    EXPECT_EQ(grouped.entry_count(), entries);
  }
}

TEST(DecodeAgreementTest, BothLibrariesAcceptEveryWorkloadWithTheSameDictionary) {
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    const ValidationResult r = FixwireValidate(w.bytes, w.begin_string);
    EXPECT_TRUE(r.ok()) << ValidationCheckName(r.check) << " tag " << r.tag;
    std::string error;
    const fixwire_qf::QfDictionary* dd = QuickFixDictionary(w.begin_string, &error);
    ASSERT_NE(dd, nullptr) << error;
    fixwire_qf::QfMessage message;
    ASSERT_TRUE(message.DecodeValidate(w.bytes, *dd)) << message.last_error();
    EXPECT_TRUE(message.ValidateDict(*dd)) << message.last_error();
  }
}

TEST(DecodeAgreementTest, BothLibrariesRejectTheSameBrokenMessages) {
  // Each mutation of a workload's content breaks one dictionary rule.
  struct Case {
    const char* workload;
    std::uint32_t tag;
    const char* value;  // nullptr: remove the field
    const char* rule;
  };
  const Case cases[] = {
      {"NewOrderSingle", 54, "Z", "Side not one of its enumerated values"},
      {"NewOrderSingle", 38, "12x", "OrderQty not a number"},
      {"NewOrderSingle", 55, nullptr, "required Symbol missing"},
      {"ExecutionReport", 39, "Q", "OrdStatus not one of its enumerated values"},
      {"ExecutionReport", 150, nullptr, "required ExecType missing"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.workload) + ": " + c.rule);
    const Workload& w = GetWorkload(c.workload);
    std::vector<WorkloadField> content(w.content().begin(), w.content().end());
    bool changed = false;
    for (auto it = content.begin(); it != content.end(); ++it) {
      if (it->tag != c.tag || it->depth != 0) continue;
      if (c.value == nullptr) {
        content.erase(it);
      } else {
        it->text = c.value;
      }
      changed = true;
      break;
    }
    ASSERT_TRUE(changed);
    const std::string bytes = AssembleMessage(w.begin_string, content);
    EXPECT_FALSE(FixwireValidate(bytes, w.begin_string).ok());
    std::string error;
    const fixwire_qf::QfDictionary* dd = QuickFixDictionary(w.begin_string, &error);
    ASSERT_NE(dd, nullptr) << error;
    fixwire_qf::QfMessage message;
    const bool accepted = message.DecodeValidate(bytes, *dd) && message.ValidateDict(*dd);
    EXPECT_FALSE(accepted);
  }
}

}  // namespace
}  // namespace fixwire::bench
