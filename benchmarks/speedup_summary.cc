#include "benchmarks/speedup_summary.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace fixwire::bench {
namespace {

using Run = benchmark::BenchmarkReporter::Run;

// What the runs say about one row.
struct RowTimes {
  std::int64_t family_index = std::numeric_limits<std::int64_t>::max();  // registration order
  std::vector<double> samples_ns;  // plain runs
  bool has_median = false;
  double median_ns = 0;            // the "median" aggregate, when reported

  double Nanos() const {
    if (has_median) return median_ns;
    std::vector<double> s = samples_ns;
    std::sort(s.begin(), s.end());
    const std::size_t n = s.size();
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
};

double CpuNanos(const Run& run) {
  return run.GetAdjustedCPUTime() * 1e9 / benchmark::GetTimeUnitMultiplier(run.time_unit);
}

// "<library>/<operation>/<workload>" -> its three parts; false for other names.
bool SplitName(const std::string& name, std::string& library, std::string& operation,
               std::string& workload) {
  const std::size_t a = name.find('/');
  if (a == std::string::npos) return false;
  const std::size_t b = name.find('/', a + 1);
  if (b == std::string::npos || b == a + 1 || b + 1 == name.size()) return false;
  library = name.substr(0, a);
  operation = name.substr(a + 1, b - a - 1);
  workload = name.substr(b + 1);
  return true;
}

std::string FormatNanos(double ns) {
  char buf[32];
  if (ns >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.2f ms", ns / 1e6);
  } else if (ns >= 1e4) {
    std::snprintf(buf, sizeof buf, "%.1f us", ns / 1e3);
  } else if (ns >= 100) {
    std::snprintf(buf, sizeof buf, "%.0f ns", ns);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f ns", ns);
  }
  return buf;
}

}  // namespace

std::vector<SpeedupRow> PairWithQuickfix(const std::vector<Run>& runs) {
  // (operation, workload) -> library -> times
  std::map<std::pair<std::string, std::string>, std::map<std::string, RowTimes>> rows;
  for (const Run& run : runs) {
    if (run.error_occurred) continue;
    std::string library, operation, workload;
    if (!SplitName(run.run_name.str(), library, operation, workload)) continue;
    if (library != "fixwire" && library != "quickfix") continue;
    RowTimes& t = rows[{operation, workload}][library];
    t.family_index = std::min(t.family_index, run.family_index);
    if (run.run_type == Run::RT_Aggregate) {
      if (run.aggregate_name == "median" && run.aggregate_unit == benchmark::kTime) {
        t.has_median = true;
        t.median_ns = CpuNanos(run);
      }
    } else {
      t.samples_ns.push_back(CpuNanos(run));
    }
  }

  struct Ordered {
    std::int64_t operation_order;
    std::int64_t workload_order;
    SpeedupRow row;
  };
  std::map<std::string, std::int64_t> operation_order;  // first registered row of the operation
  std::vector<Ordered> out;
  for (const auto& [key, libraries] : rows) {
    const auto f = libraries.find("fixwire");
    const auto q = libraries.find("quickfix");
    if (f == libraries.end() || q == libraries.end()) continue;
    const RowTimes& ft = f->second;
    const RowTimes& qt = q->second;
    if ((!ft.has_median && ft.samples_ns.empty()) || (!qt.has_median && qt.samples_ns.empty())) continue;
    const double fixwire_ns = ft.Nanos();
    if (!(fixwire_ns > 0)) continue;
    std::int64_t& op = operation_order.try_emplace(key.first, std::numeric_limits<std::int64_t>::max())
                           .first->second;
    op = std::min({op, ft.family_index, qt.family_index});
    out.push_back({0, ft.family_index, {key.first, key.second, fixwire_ns, qt.Nanos()}});
  }
  for (Ordered& o : out) o.operation_order = operation_order[o.row.operation];
  std::stable_sort(out.begin(), out.end(), [](const Ordered& a, const Ordered& b) {
    return std::pair(a.operation_order, a.workload_order) < std::pair(b.operation_order, b.workload_order);
  });
  std::vector<SpeedupRow> result;
  result.reserve(out.size());
  for (Ordered& o : out) result.push_back(std::move(o.row));
  return result;
}

std::string FormatSpeedupSummary(const std::vector<SpeedupRow>& rows) {
  if (rows.empty()) return "";
  int op_width = static_cast<int>(std::string("operation").size());
  int workload_width = static_cast<int>(std::string("workload").size());
  for (const SpeedupRow& r : rows) {
    op_width = std::max(op_width, static_cast<int>(r.operation.size()));
    workload_width = std::max(workload_width, static_cast<int>(r.workload.size()));
  }
  std::string out =
      "fixwire speed-up over QuickFIX (CPU time per operation; with repetitions, the medians):\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-*s  %-*s  %10s     %10s  %9s\n", op_width, "operation",
                workload_width, "workload", "fixwire", "QuickFIX", "speed-up");
  out += line;
  for (const SpeedupRow& r : rows) {
    std::snprintf(line, sizeof line, "%-*s  %-*s  %10s vs %10s  %8.1fx\n", op_width,
                  r.operation.c_str(), workload_width, r.workload.c_str(),
                  FormatNanos(r.fixwire_ns).c_str(), FormatNanos(r.quickfix_ns).c_str(), r.speedup());
    out += line;
  }
  return out;
}

}  // namespace fixwire::bench
