"""Checks a //benchmarks:session_latency JSON file: every row asked for is
there, with sane figures.

Usage: python3 session_latency_check.py FILE ROUND_TRIPS [ROW ...]

Sane: round_trips as asked, 0 < min <= median <= max, min <= avg <= max,
stddev >= 0, every percentile of the list present and non-decreasing
between min and max, throughput > 0, no error. Exit status 1 with one line
per problem otherwise.
"""
import json
import sys

PERCENTILES = ["0.0001", "0.001", "0.01", "0.1", "1", "10", "50", "90", "99",
               "99.9", "99.99", "99.999", "99.9999"]
ROWS = ["tcp-floor", "fixwire/memory", "fixwire/mmap", "fixwire/file-flush",
        "fixwire/file-fsync", "fixwire/memory/busy-poll", "quickfix/memory",
        "quickfix/file"]


def problems(data, round_trips, rows):
    found = []
    if len(data.get("load_average", [])) != 3:
        found.append("load_average is not three numbers")
    by_name = {r.get("row"): r for r in data.get("rows", [])}
    for name in rows:
        r = by_name.get(name)
        if r is None:
            found.append(f"{name}: missing")
            continue
        if r.get("error"):
            found.append(f"{name}: error {r['error']!r}")
        if r.get("round_trips") != round_trips:
            found.append(f"{name}: round_trips {r.get('round_trips')} (asked {round_trips})")
        lo, med, hi, avg = r["min_us"], r["median_us"], r["max_us"], r["avg_us"]
        if not 0 < lo <= med <= hi:
            found.append(f"{name}: min {lo}, median {med}, max {hi} out of order")
        if not lo <= avg <= hi:
            found.append(f"{name}: avg {avg} outside [{lo}, {hi}]")
        if r["stddev_us"] < 0:
            found.append(f"{name}: negative stddev")
        pct = r.get("percentiles_us", {})
        values = [pct.get(p) for p in PERCENTILES]
        if None in values:
            found.append(f"{name}: percentiles missing: {[p for p in PERCENTILES if p not in pct]}")
        elif values != sorted(values) or values[0] < lo or values[-1] > hi:
            found.append(f"{name}: percentiles not non-decreasing within [min, max]: {values}")
        elif pct["50"] != med:
            found.append(f"{name}: the 50th percentile {pct['50']} is not the median {med}")
        if not r.get("throughput_msgs_per_s", 0) > 0:
            found.append(f"{name}: throughput {r.get('throughput_msgs_per_s')}")
    return found


def main(argv):
    with open(argv[1]) as f:
        data = json.load(f)
    found = problems(data, int(argv[2]), argv[3:] or ROWS)
    for p in found:
        print("FAIL:", p, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
