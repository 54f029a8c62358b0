// latency_stats.cc: Summarize and NearestRank (see latency_stats.h).
#include "benchmarks/latency_stats.h"

#include <algorithm>
#include <cmath>

namespace fixwire_session_latency {

std::uint64_t NearestRank(std::string_view percent, std::uint64_t count) {
  // The percentile in millionths of a percent: "99.99" -> 99'990'000.
  std::uint64_t whole = 0;
  std::uint64_t fraction = 0;
  int decimals = 0;
  bool after_point = false;
  for (char c : percent) {
    if (c == '.') {
      after_point = true;
    } else if (after_point) {
      if (decimals < 6) fraction = fraction * 10 + static_cast<std::uint64_t>(c - '0');
      ++decimals;
    } else {
      whole = whole * 10 + static_cast<std::uint64_t>(c - '0');
    }
  }
  for (; decimals < 6; ++decimals) fraction *= 10;
  const unsigned __int128 millionths = whole * 1'000'000 + fraction;  // of a percent
  const unsigned __int128 scale = 100'000'000;                        // 100% in millionths
  std::uint64_t rank = static_cast<std::uint64_t>((millionths * count + scale - 1) / scale);
  rank = std::clamp<std::uint64_t>(rank, 1, count);
  return rank - 1;
}

LatencySummary Summarize(std::vector<std::int64_t>& samples_ns) {
  LatencySummary s;
  s.count = samples_ns.size();
  if (samples_ns.empty()) return s;
  std::sort(samples_ns.begin(), samples_ns.end());
  long double sum = 0;
  for (std::int64_t v : samples_ns) sum += static_cast<long double>(v);
  const long double mean = sum / static_cast<long double>(s.count);
  long double squares = 0;
  for (std::int64_t v : samples_ns) {
    const long double d = static_cast<long double>(v) - mean;
    squares += d * d;
  }
  s.min_us = static_cast<double>(samples_ns.front()) / 1e3;
  s.max_us = static_cast<double>(samples_ns.back()) / 1e3;
  s.avg_us = static_cast<double>(mean / 1e3L);
  s.stddev_us = static_cast<double>(std::sqrt(squares / static_cast<long double>(s.count)) / 1e3L);
  s.median_us = static_cast<double>(samples_ns[NearestRank("50", s.count)]) / 1e3;
  for (std::size_t i = 0; i < kPercentiles.size(); ++i) {
    s.percentiles_us[i] = static_cast<double>(samples_ns[NearestRank(kPercentiles[i], s.count)]) / 1e3;
  }
  return s;
}

}  // namespace fixwire_session_latency
