// latency_stats.h: exact latency statistics over every sample kept (no
// histogram, so no binning error), for //benchmarks:session_latency.
//
//   std::vector<std::int64_t> samples_ns = ...;   // one per round trip
//   fixwire_session_latency::LatencySummary s = Summarize(samples_ns);
//   s.median_us; s.percentiles_us[i] is kPercentiles[i]
//
// Percentiles are nearest-rank: the p-th percentile of n sorted samples is
// the sample of rank ceil(p/100 * n) (rank 1 is the smallest), computed in
// integers from the percentile's decimal text, so 99.9999 with a million
// samples is exactly the 999,999th. MEDIAN is the 50th percentile by the
// same rule; STDDEV is the population standard deviation. An empty sample
// set gives all zeros.
#ifndef FIXWIRE_BENCHMARKS_LATENCY_STATS_H_
#define FIXWIRE_BENCHMARKS_LATENCY_STATS_H_

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace fixwire_session_latency {

// The percentiles reported, as written in the tables and the JSON keys.
inline constexpr std::array<std::string_view, 13> kPercentiles = {
    "0.0001", "0.001", "0.01", "0.1", "1", "10", "50", "90", "99", "99.9", "99.99", "99.999", "99.9999"};

struct LatencySummary {
  std::uint64_t count = 0;
  double min_us = 0;
  double avg_us = 0;
  double median_us = 0;
  double stddev_us = 0;
  double max_us = 0;
  std::array<double, kPercentiles.size()> percentiles_us{};
};

// Summarize sorts `samples_ns` in place and summarises it in microseconds.
LatencySummary Summarize(std::vector<std::int64_t>& samples_ns);

// NearestRank returns the index (0-based) of the `percent` percentile in
// `count` sorted samples; `percent` is decimal text ("99.99"), at most six
// decimals, from 0 to 100. count must be > 0.
std::uint64_t NearestRank(std::string_view percent, std::uint64_t count);

}  // namespace fixwire_session_latency

#endif  // FIXWIRE_BENCHMARKS_LATENCY_STATS_H_
