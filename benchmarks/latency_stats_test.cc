// Exact nearest-rank percentiles and the summary statistics of latency_stats.h.
#include "benchmarks/latency_stats.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace fixwire_session_latency {
namespace {

TEST(NearestRank, IsTheCeilingOfTheFractionOfTheCount) {
  // 1,000,000 samples: the 99.9999th percentile is the 999,999th sample.
  EXPECT_EQ(NearestRank("99.9999", 1'000'000), 999'998u);
  EXPECT_EQ(NearestRank("99.99", 1'000'000), 999'899u);
  EXPECT_EQ(NearestRank("0.0001", 1'000'000), 0u);
  EXPECT_EQ(NearestRank("50", 1'000'000), 499'999u);
  EXPECT_EQ(NearestRank("50", 2'001), 1'000u);
  // Finer than 1/n: the extreme samples.
  EXPECT_EQ(NearestRank("0.0001", 2'000), 0u);
  EXPECT_EQ(NearestRank("99.9999", 2'000), 1'999u);
  EXPECT_EQ(NearestRank("99.9", 2'000), 1'997u);
  EXPECT_EQ(NearestRank("0", 10), 0u);
  EXPECT_EQ(NearestRank("100", 10), 9u);
  EXPECT_EQ(NearestRank("10", 1), 0u);
}

TEST(Summarize, SortsAndReportsMicroseconds) {
  std::vector<std::int64_t> ns;
  for (std::int64_t v = 1000; v >= 1; --v) ns.push_back(v * 1000);  // 1..1000 µs, reversed
  const LatencySummary s = Summarize(ns);
  EXPECT_EQ(s.count, 1000u);
  EXPECT_DOUBLE_EQ(s.min_us, 1);
  EXPECT_DOUBLE_EQ(s.max_us, 1000);
  EXPECT_DOUBLE_EQ(s.median_us, 500);
  EXPECT_DOUBLE_EQ(s.avg_us, 500.5);
  EXPECT_NEAR(s.stddev_us, 288.6749, 1e-3);
  EXPECT_DOUBLE_EQ(s.percentiles_us[6], 500);   // "50"
  EXPECT_DOUBLE_EQ(s.percentiles_us[8], 990);   // "99"
  EXPECT_DOUBLE_EQ(s.percentiles_us[9], 999);   // "99.9"
  EXPECT_DOUBLE_EQ(s.percentiles_us[12], 1000); // "99.9999"
  EXPECT_EQ(ns.front(), 1000);                  // sorted in place
}

TEST(Summarize, EmptyIsZero) {
  std::vector<std::int64_t> ns;
  const LatencySummary s = Summarize(ns);
  EXPECT_EQ(s.count, 0u);
  EXPECT_EQ(s.max_us, 0);
}

}  // namespace
}  // namespace fixwire_session_latency
