// Every library's decode of every workload yields the workload's field list
// (tags and values), so no row benchmarks different work: fixwire's Decoder in
// wire order; QuickFIX without a dictionary (groups flat, body sorted by tag,
// so compared sorted); QuickFIX with fixwire's shipped dictionary (groups
// parsed; its output order is wire order, compared exactly).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "benchmarks/quickfix_adapter.h"
#include "benchmarks/quickfix_dictionaries.h"
#include "benchmarks/workloads.h"
#include "codec/decoder.h"
#include "codec/field_index.h"
#include "codec/message_view.h"
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

}  // namespace
}  // namespace fixwire::bench
