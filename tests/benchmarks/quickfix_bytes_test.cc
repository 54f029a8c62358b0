// The suite's message builders produce exactly the bytes QuickFIX produces for
// the same message: QuickFIX builds each workload from the same native values
// (typed message class, typed fields, typed groups, fixed timestamps) and its
// toString() must equal the workload's bytes. Also: QuickFIX's dictionary-free
// decode of each workload holds the workload's fields. fixwire's Encoder,
// given the same native values, writes the same bytes too.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "benchmarks/fixwire_workload_encoder.h"
#include "benchmarks/quickfix_adapter.h"
#include "benchmarks/quickfix_fields.h"
#include "benchmarks/workloads.h"
#include "fixwire/encode/encoder.h"
#include "gtest/gtest.h"

namespace fixwire::bench {
namespace {

std::string Printable(std::string s) {
  std::replace(s.begin(), s.end(), '\x01', '|');
  return s;
}

TEST(QuickFixBytesTest, QuickFixEncodesEveryWorkloadToTheSameBytes) {
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    std::string error;
    auto encoder = fixwire_qf::QfEncoder::Prepare(std::string(w.begin_string), std::string(w.msg_type),
                                                  ToQfFields(w.content()), &error);
    ASSERT_NE(encoder, nullptr) << error;
    std::string out;
    EXPECT_EQ(encoder->Encode(&out), w.bytes.size());
    if (w.bytes.size() < 10000) {
      EXPECT_EQ(Printable(out), Printable(w.bytes));
    } else {
      EXPECT_TRUE(out == w.bytes) << "first difference at byte "
                                  << (std::mismatch(out.begin(), out.end(), w.bytes.begin(),
                                                    w.bytes.end()).first - out.begin());
    }
  }
}

TEST(QuickFixBytesTest, FixwireEncodesEveryWorkloadToTheSameBytes) {
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    std::vector<char> buffer(w.bytes.size() + 64);
    Encoder e(buffer);
    EncodeWorkload(e, w);
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok()) << ErrorCodeName(r.error.code) << " tag " << r.error.tag;
    EXPECT_TRUE(r.bytes == w.bytes) << Printable(std::string(r.bytes.substr(0, 400)));
  }
}

TEST(QuickFixBytesTest, QuickFixSerializesItsBuiltMessageToTheSameBytes) {
  for (std::string_view name : {"NewOrderSingle", "QuoteRequest10", "MassQuote"}) {
    const Workload& w = GetWorkload(name);
    std::string error;
    auto encoder = fixwire_qf::QfEncoder::Prepare(std::string(w.begin_string), std::string(w.msg_type),
                                                  ToQfFields(w.content()), &error);
    ASSERT_NE(encoder, nullptr) << error;
    fixwire_qf::QfMessage message;
    encoder->Build(&message);
    std::string out;
    message.Serialize(&out);
    EXPECT_EQ(Printable(out), Printable(w.bytes)) << name;
  }
}

TEST(QuickFixBytesTest, FlatDecodeHoldsTheWorkloadFields) {
  // Without a dictionary QuickFIX keeps groups flat and sorts the body by tag
  // (stable for repeated tags), so compare the fields as sorted lists.
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    fixwire_qf::QfMessage message;
    ASSERT_TRUE(message.Decode(w.bytes)) << message.last_error();
    std::vector<std::pair<int, std::string>> got = message.Fields();
    std::vector<std::pair<int, std::string>> expected;
    for (const WorkloadField& f : w.fields) expected.emplace_back(f.tag, f.text);
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_TRUE(got == expected) << got.size() << " fields vs " << expected.size();
  }
}

TEST(QuickFixBytesTest, ConversionsReadTheirInputs) {
  std::string out;
  EXPECT_EQ(fixwire_qf::QfIntToString(1234, &out), 4u);
  EXPECT_EQ(out, "1234");
  EXPECT_EQ(fixwire_qf::QfStringToInt("1234"), 1234);
  EXPECT_EQ(fixwire_qf::QfDoubleToString(123.45, &out), 6u);
  EXPECT_EQ(out, "123.45");
  EXPECT_DOUBLE_EQ(fixwire_qf::QfStringToDouble("123.45"), 123.45);
}

}  // namespace
}  // namespace fixwire::bench
