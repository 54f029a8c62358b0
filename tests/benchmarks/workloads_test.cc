// Checks the shared workloads against independent readings of their bytes:
// every field as split at SOH, BodyLength and CheckSum recounted, native
// values re-read from the text, sizes in the ranges the issues ask for.
#include "benchmarks/workloads.h"

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace fixwire::bench {
namespace {

std::vector<std::string> SplitAtSoh(const std::string& bytes) {
  std::vector<std::string> parts;
  std::string current;
  for (char c : bytes) {
    if (c == '\x01') {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  EXPECT_TRUE(current.empty()) << "bytes do not end with SOH";
  return parts;
}

TEST(WorkloadsTest, NamesAndOrder) {
  const std::vector<std::string_view> expected = {
      "Heartbeat",      "NewOrderSingle", "ExecutionReport", "MDIncrementalRefresh10",
      "QuoteRequest10", "MDSnapshot165K", "MassQuote"};
  EXPECT_EQ(WorkloadNames(), expected);
  for (std::string_view name : expected) EXPECT_EQ(GetWorkload(name).name, name);
}

TEST(WorkloadsTest, FieldsAreTheBytesSplitAtSoh) {
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    const std::vector<std::string> parts = SplitAtSoh(w.bytes);
    ASSERT_EQ(parts.size(), w.fields.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
      EXPECT_EQ(parts[i], std::to_string(w.fields[i].tag) + "=" + w.fields[i].text) << i;
    }
    EXPECT_EQ(parts.front(), "8=" + std::string(w.begin_string));
    EXPECT_EQ(parts[2], "35=" + std::string(w.msg_type));
    EXPECT_EQ(w.content().size(), w.fields.size() - 3);
    EXPECT_EQ(w.content().front().tag, 35u);
  }
}

TEST(WorkloadsTest, BodyLengthAndCheckSumRecounted) {
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    const std::size_t after_body_length = w.bytes.find('\x01', w.bytes.find('\x01') + 1) + 1;
    const std::size_t trailer = w.bytes.rfind("\x01" "10=") + 1;
    EXPECT_EQ(std::to_string(trailer - after_body_length), w.fields[1].text);
    EXPECT_EQ(w.fields[1].integer, static_cast<std::int64_t>(trailer - after_body_length));
    int sum = 0;
    for (std::size_t i = 0; i < trailer; ++i) sum += static_cast<unsigned char>(w.bytes[i]);
    const int mod = sum % 256;
    const char expected[4] = {static_cast<char>('0' + mod / 100),
                              static_cast<char>('0' + mod / 10 % 10),
                              static_cast<char>('0' + mod % 10), 0};
    EXPECT_EQ(w.fields.back().text, expected);
    EXPECT_EQ(w.bytes.substr(trailer), "10=" + std::string(expected) + "\x01");
  }
}

TEST(WorkloadsTest, NativeValuesMatchText) {
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    for (const WorkloadField& f : w.fields) {
      SCOPED_TRACE(f.tag);
      switch (f.kind) {
        case FieldKind::kInt:
        case FieldKind::kNumInGroup:
          EXPECT_EQ(std::strtoll(f.text.c_str(), nullptr, 10), f.integer);
          break;
        case FieldKind::kDecimal: {
          const double from_text = std::strtod(f.text.c_str(), nullptr);
          EXPECT_NEAR(from_text, static_cast<double>(f.integer) * std::pow(10.0, f.exponent),
                      1e-9 * std::fabs(from_text));
          // Digits kept: as many fraction digits as -exponent.
          const std::size_t dot = f.text.find('.');
          EXPECT_EQ(dot == std::string::npos ? 0 : f.text.size() - dot - 1,
                    static_cast<std::size_t>(f.exponent < 0 ? -f.exponent : 0));
          break;
        }
        case FieldKind::kChar:
          EXPECT_EQ(f.text.size(), 1u);
          break;
        case FieldKind::kUtcTimestamp:
          EXPECT_EQ(f.text.size(), 21u);
          break;
        case FieldKind::kUtcTimeOnly:
          EXPECT_EQ(f.text.size(), 12u);
          break;
        case FieldKind::kString:
          EXPECT_FALSE(f.text.empty());
          break;
      }
    }
  }
}

TEST(WorkloadsTest, TimestampsMatchHandCheckedText) {
  // 1796225400 s is 2026-12-02T15:30:00Z (checked with `date -u -d @1796225400`).
  EXPECT_EQ(GetWorkload("NewOrderSingle").Find(52)->text, "20261202-15:30:00.123");
  EXPECT_EQ(GetWorkload("NewOrderSingle").Find(60)->text, "20261202-15:30:00.121");
  EXPECT_EQ(FormatUtcTimestampMillis(0), "19700101-00:00:00.000");
  EXPECT_EQ(FormatUtcTimestampMillis(951782400'999'999'999), "20000229-00:00:00.999");
  EXPECT_EQ(FormatUtcTimeOnlyMillis((23 * 3600 + 59 * 60 + 59) * 1'000'000'000LL + 7'000'000),
            "23:59:59.007");
}

TEST(WorkloadsTest, SizesAndGroups) {
  EXPECT_GE(GetWorkload("NewOrderSingle").bytes.size(), 150u);
  EXPECT_LE(GetWorkload("NewOrderSingle").bytes.size(), 180u);
  EXPECT_GE(GetWorkload("ExecutionReport").bytes.size(), 250u);
  EXPECT_LE(GetWorkload("ExecutionReport").bytes.size(), 300u);
  EXPECT_GE(GetWorkload("MDSnapshot165K").bytes.size(), 160'000u);
  EXPECT_LE(GetWorkload("MDSnapshot165K").bytes.size(), 170'000u);
  EXPECT_FALSE(GetWorkload("Heartbeat").has_groups);
  EXPECT_FALSE(GetWorkload("NewOrderSingle").has_groups);
  EXPECT_FALSE(GetWorkload("ExecutionReport").has_groups);
  // Each NumInGroup is followed by that many entries: count the delimiter
  // (the first field after the count) at the entry depth, up to the next
  // field at the count's own depth or shallower.
  int groups_seen = 0;
  for (const Workload& w : AllWorkloads()) {
    SCOPED_TRACE(std::string(w.name));
    for (std::size_t i = 0; i < w.fields.size(); ++i) {
      const WorkloadField& count = w.fields[i];
      if (count.kind != FieldKind::kNumInGroup) continue;
      ++groups_seen;
      ASSERT_LT(i + 1, w.fields.size());
      const std::uint32_t delimiter = w.fields[i + 1].tag;
      EXPECT_EQ(w.fields[i + 1].depth, count.depth + 1);
      std::int64_t entries = 0;
      for (std::size_t j = i + 1; j < w.fields.size() && w.fields[j].depth > count.depth; ++j) {
        if (w.fields[j].depth == count.depth + 1 && w.fields[j].tag == delimiter) ++entries;
      }
      EXPECT_EQ(entries, count.integer);
    }
  }
  EXPECT_EQ(groups_seen, 1 + 1 + 1 + 1 + 10);  // MDInc, QuoteReq, Snapshot, MassQuote 1 + 10 nested
}

TEST(WorkloadsTest, BackToBackRepeatsWholeMessages) {
  const Workload& w = GetWorkload("NewOrderSingle");
  const std::string stream = BackToBack(w, 1000);
  EXPECT_GE(stream.size(), 1000u);
  EXPECT_EQ(stream.size() % w.bytes.size(), 0u);
  EXPECT_LT(stream.size() - w.bytes.size(), 1000u);
  EXPECT_EQ(stream.substr(stream.size() - w.bytes.size()), w.bytes);
}

}  // namespace
}  // namespace fixwire::bench
