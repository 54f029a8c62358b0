#!/usr/bin/env python3
"""Turns //benchmarks:fixwire_benchmark JSON output into docs/benchmarks.md.

Usage (see docs/benchmarks.md, or benchmarks/run_report.sh which does all of it):

  python3 benchmarks/report.py --input results.json [--latency latency.json] \
      --command "the exact command that produced results.json" \
      --output docs/benchmarks.md --svg docs/benchmarks_speedup.svg

  python3 benchmarks/report.py --compare before.json after.json
      prints, per row, the ns/op of both files and the change (for comparing builds).

Rows are named <library>/<operation>/<workload>. Times are CPU time per
operation (cpu_time; robust on a shared machine); with --benchmark_repetitions
the median aggregate is used, otherwise the median of repeated runs of a row.
Standard library only.
"""

import argparse
import html
import json
import math
import re
import statistics
import sys
from collections import OrderedDict, defaultdict

WORKLOAD_ORDER = [
    "Heartbeat", "NewOrderSingle", "ExecutionReport", "MDIncrementalRefresh10",
    "QuoteRequest10", "MDSnapshot165K", "MassQuote",
]
OPERATION_ORDER = [
    "decode", "decode_read", "get_field", "read4", "read4_last", "decode_groups", "index_groups", "read_groups",
    "decode_validate", "validate_indexed",
    "validate", "validate_dict", "encode", "encode_typed", "template", "serialize", "copy",
    "skeleton", "frame",
]
# Goals: fixwire >= 20x QuickFIX on these operations of every workload.
SPEEDUP_TARGET_OPERATIONS = {"decode": 20.0, "decode_groups": 20.0, "encode": 20.0}


# Goals per row: (row, limit in ns, label).
ABSOLUTE_NS_TARGETS = [
    ("fixwire/decode/NewOrderSingle", 40, "fixwire decode NewOrderSingle ≤ 40 ns"),
    ("fixwire/decode/ExecutionReport", 55, "fixwire decode ExecutionReport ≤ 55 ns"),
    ("fixwire/decode_read/NewOrderSingle", 60, "fixwire decode_read NewOrderSingle ≤ 60 ns"),
    ("fixwire/encode/NewOrderSingle", 40, "fixwire encode NewOrderSingle ≤ 40 ns"),
    ("fixwire/template/NewOrderSingle", 20, "fixwire template NewOrderSingle ≤ 20 ns"),
    ("fixwire/validate_dict/NewOrderSingle", 60, "fixwire validate_dict NewOrderSingle ≤ 60 ns"),
    ("fixwire/decode_groups/QuoteRequest10", 150, "fixwire decode_groups QuoteRequest10 ≤ 150 ns"),
]


# hffix's times for fixwire/read4's work (35 and the first three body
# fields, read lazily, no CheckSum check), measured side by side on the same
# bytes: the mark read4 must reach. Not measured by this suite (hffix is not
# packaged), so quoted, not run.
HFFIX_READ4_NS = {
    "QuoteRequest10": 122.0,
    "MDIncrementalRefresh10": 150.0,
    "MassQuote": 147.0,
    "MDSnapshot165K": 1800.0,
}
READ4_SNAPSHOT_LIMIT_NS = 2500.0


def to_ns(value, unit):
    return value * {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[unit]


def load_rows(path):
    """Returns (context, {name: {"ns": cpu ns/op, "real_ns": ..., "counters": {...}, "error": str}})."""
    with open(path) as f:
        data = json.load(f)
    samples = defaultdict(list)
    medians = {}
    errors = {}
    for b in data.get("benchmarks", []):
        name = b.get("run_name", b["name"])
        if b.get("error_occurred"):
            errors[name] = b.get("error_message", "error")
            continue
        entry = {
            "ns": to_ns(b["cpu_time"], b.get("time_unit", "ns")),
            "real_ns": to_ns(b["real_time"], b.get("time_unit", "ns")),
            "counters": {k: b[k] for k in ("msgs_per_s", "bytes_per_s", "allocs_per_op") if k in b},
        }
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[name] = entry
            continue
        samples[name].append(entry)
    rows = {}
    for name, entry in medians.items():
        rows[name] = entry
        rows[name]["n"] = len(samples.get(name, []))
    for name, entries in samples.items():
        if name in medians:
            continue
        entry = {
            "ns": statistics.median(e["ns"] for e in entries),
            "real_ns": statistics.median(e["real_ns"] for e in entries),
            "counters": {},
            "n": len(entries),
        }
        for k in ("msgs_per_s", "bytes_per_s", "allocs_per_op"):
            vals = [e["counters"][k] for e in entries if k in e["counters"]]
            if vals:
                entry["counters"][k] = statistics.median(vals)
        rows[name] = entry
    for name, message in errors.items():
        rows.setdefault(name, {"ns": None, "real_ns": None, "counters": {}, "n": 0})["error"] = message
    return data.get("context", {}), rows


def split(name):
    parts = name.split("/")
    if len(parts) < 3:
        return parts[0], parts[-1], ""
    return parts[0], parts[1], "/".join(parts[2:])


def fmt_ns(ns):
    if ns is None:
        return "—"
    if ns >= 1e6:
        return f"{ns / 1e6:,.2f} ms"
    if ns >= 1e4:
        return f"{ns / 1e3:,.1f} µs"
    if ns >= 100:
        return f"{ns:,.0f} ns"
    return f"{ns:.1f} ns"


def fmt_allocs(row):
    if row is None or "allocs_per_op" not in row["counters"]:
        return "—"
    a = row["counters"]["allocs_per_op"]
    return f"{a:,.0f}" if a >= 10 or a == round(a) else f"{a:.2f}"


def fmt_rate(row):
    if row is None or not row["counters"].get("bytes_per_s"):
        return "—"
    gbs = row["counters"]["bytes_per_s"] / 1e9
    return f"{gbs:.2f} GB/s" if gbs >= 1 else f"{gbs * 1e3:.0f} MB/s"


def speedup(fixwire, quickfix):
    if not fixwire or not quickfix or not fixwire.get("ns") or not quickfix.get("ns"):
        return None
    return quickfix["ns"] / fixwire["ns"]


def order_key(items, order):
    return sorted(items, key=lambda x: (order.index(x) if x in order else len(order), x))


def grouped(rows):
    """{workload: {operation: {library: row}}}."""
    g = defaultdict(lambda: defaultdict(dict))
    for name, row in rows.items():
        lib, op, workload = split(name)
        g[workload][op][lib] = row
    return g


def svg_chart(pairs, path):
    """Horizontal bars, log scale, of fixwire's speed-up over QuickFIX per (operation, workload)."""
    pairs = [(label, s) for label, s in pairs if s and s > 0]
    if not pairs:
        return
    bar_h, gap, left, right, top = 16, 4, 300, 90, 40
    width = 900
    plot_w = width - left - right
    max_s = max(s for _, s in pairs)
    max_log = math.log10(max(max_s, 10)) * 1.05
    min_log = math.log10(min(0.5, min(s for _, s in pairs)))
    height = top + len(pairs) * (bar_h + gap) + 40

    def x(s):
        return left + (math.log10(s) - min_log) / (max_log - min_log) * plot_w

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="20" font-size="14" font-weight="bold">'
           'fixwire speed-up over QuickFIX 1.15 (× faster, log scale; CPU time per op)</text>']
    for tick in [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]:
        if math.log10(tick) < min_log or math.log10(tick) > max_log:
            continue
        xt = x(tick)
        color = "#c00" if tick == 20 else ("#444" if tick == 1 else "#ddd")
        out.append(f'<line x1="{xt:.1f}" y1="{top - 6}" x2="{xt:.1f}" y2="{height - 30}" stroke="{color}"/>')
        out.append(f'<text x="{xt:.1f}" y="{height - 16}" text-anchor="middle">{tick:g}×</text>')
    for i, (label, s) in enumerate(pairs):
        y = top + i * (bar_h + gap)
        x0, x1 = x(max(min(1, s), 10 ** min_log)), x(s)
        color = "#2a7" if s >= 20 else ("#49c" if s >= 1 else "#d84")
        out.append(f'<text x="{left - 6}" y="{y + bar_h - 4}" text-anchor="end">{html.escape(label)}</text>')
        out.append(f'<rect x="{min(x0, x1):.1f}" y="{y}" width="{abs(x1 - x0):.1f}" height="{bar_h}" fill="{color}"/>')
        out.append(f'<text x="{max(x0, x1) + 4:.1f}" y="{y + bar_h - 4}">{s:,.1f}×</text>')
    out.append(f'<text x="{x(20):.1f}" y="{top - 10}" fill="#c00" text-anchor="middle">target 20×</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def context_lines(context, command):
    custom = {k: v for k, v in context.items()}
    lines = []
    cpu = custom.get("cpu_model", "")
    family = custom.get("cpu_family", "")
    if family:
        cpu += f" (CPU family {family})"
    lines.append(f"- Machine: `{context.get('host_name', '?')}`, {cpu}, "
                 f"{context.get('num_cpus', '?')} CPUs at {context.get('mhz_per_cpu', '?')} MHz"
                 f"{', CPU scaling ON (figures noisier)' if context.get('cpu_scaling_enabled') else ''}")
    caches = context.get("caches", [])
    if caches:
        lines.append("- Caches: " + ", ".join(
            f"L{c['level']} {c['type'].lower()} {c['size'] // 1024} KiB" for c in caches))
    lines.append(f"- Compiler: {custom.get('compiler', '?')}; optimized: {custom.get('optimized', '?')}, "
                 f"NDEBUG: {custom.get('ndebug', '?')}; Google Benchmark library build: "
                 f"{context.get('library_build_type', '?')}")
    simd = f"- fixwire SIMD implementation: {custom.get('fixwire_simd', '?')}"
    full = custom.get("fixwire_avx512_full_width")
    if full is not None:
        simd += (f"; full-width 512-bit units: {full} (the decoder's AVX-512 field walk takes bodies from "
                 f"{'129' if full == 'yes' else '384'} bytes)")
    lines.append(simd)
    lines.append(f"- Date: {context.get('date', '?')}")
    lines.append(f"- Command: `{command}`" if command else "- Command: (not recorded)")
    return lines


def goals_section(g, rows):
    md = []
    md.append("## Goals\n")
    md.append("The performance goals fixwire is built to, checked against this run.\n")
    md.append("| goal | result | status |")
    md.append("|---|---|---|")
    for op, target in SPEEDUP_TARGET_OPERATIONS.items():
        worst = None
        for workload in WORKLOAD_ORDER:
            s = speedup(g[workload][op].get("fixwire"), g[workload][op].get("quickfix"))
            if s is not None and (worst is None or s < worst[1]):
                worst = (workload, s)
        if worst is None:
            md.append(f"| fixwire ≥ {target:g}× QuickFIX on `{op}`, every workload | no paired rows | — |")
        else:
            missing = [w for w in WORKLOAD_ORDER
                       if speedup(g[w][op].get("fixwire"), g[w][op].get("quickfix")) is None]
            status = "met" if worst[1] >= target and not missing else "NOT met"
            note = f"; no pair for {', '.join(missing)}" if missing else ""
            md.append(f"| fixwire ≥ {target:g}× QuickFIX on `{op}`, every workload | lowest "
                      f"{worst[1]:,.1f}× ({worst[0]}){note} | {status} |")
    gf = [(w, g[w]["get_field"].get("fixwire"), g[w]["get_field"].get("quickfix")) for w in WORKLOAD_ORDER]
    gf = [(w, f, q) for w, f, q in gf if f and q and f.get("ns") and q.get("ns")]
    if gf:
        slow = [w for w, f, q in gf if f["ns"] > q["ns"]]
        md.append(f"| `get_field` no slower than QuickFIX | fixwire "
                  f"{', '.join(fmt_ns(f['ns']) for _, f, _ in gf)} vs QuickFIX "
                  f"{', '.join(fmt_ns(q['ns']) for _, _, q in gf)} | "
                  f"{'met' if not slow else 'NOT met on ' + ', '.join(slow)} |")
    alloc_rows = [(n, r) for n, r in rows.items() if n.startswith("fixwire/") and "allocs_per_op" in r["counters"]]
    nonzero = [n for n, r in alloc_rows if r["counters"]["allocs_per_op"] > 0]
    md.append(f"| 0 allocations per operation (fixwire rows) | {len(alloc_rows) - len(nonzero)} of "
              f"{len(alloc_rows)} rows at 0{'; non-zero: ' + ', '.join(nonzero) if nonzero else ''} | "
              f"{'met' if alloc_rows and not nonzero else 'NOT met'} |")
    md.append("")

    md.append("| goal | measured | status |")
    md.append("|---|---:|---|")
    for name, limit, label in ABSOLUTE_NS_TARGETS:
        r = rows.get(name)
        if r is None or not r.get("ns"):
            md.append(f"| {label} | no row | — |")
            continue
        md.append(f"| {label} | {fmt_ns(r['ns'])} | {'met' if r['ns'] <= limit else 'NOT met'} |")
    gets = [rows[n] for n in rows if n.startswith("fixwire/get_field/") and rows[n].get("ns")]
    if gets:
        worst = max(r["ns"] for r in gets)
        md.append(f"| fixwire get_field ≤ 2 ns, any workload | slowest {fmt_ns(worst)} | "
                  f"{'met' if worst <= 2 else 'NOT met'} |")
    marks = [(w, g[w]["read4"].get("fixwire"), ns) for w, ns in HFFIX_READ4_NS.items()]
    marks = [(w, r, ns) for w, r, ns in marks if r and r.get("ns")]
    if marks:
        over = [w for w, r, ns in marks if r["ns"] > ns]
        pairs = ", ".join(w + " " + fmt_ns(r["ns"]) + " (hffix " + fmt_ns(ns) + ")" for w, r, ns in marks)
        md.append(f"| fixwire read4 ≤ hffix's time, every workload with a figure | {pairs} | "
                  f"{'met' if not over else 'NOT met on ' + ', '.join(over)} |")
    r4 = rows.get("fixwire/read4/MDSnapshot165K")
    if r4 and r4.get("ns"):
        md.append(f"| fixwire read4 MDSnapshot165K ≤ {fmt_ns(READ4_SNAPSHOT_LIMIT_NS)}, CheckSum verified | "
                  f"{fmt_ns(r4['ns'])} | {'met' if r4['ns'] <= READ4_SNAPSHOT_LIMIT_NS else 'NOT met'} |")
    snap = rows.get("fixwire/decode/MDSnapshot165K")
    if snap and snap["counters"].get("bytes_per_s"):
        gbs = snap["counters"]["bytes_per_s"] / 1e9
        md.append(f"| fixwire decode MDSnapshot165K ≥ 5 GB/s | {gbs:.2f} GB/s | {'met' if gbs >= 5 else 'NOT met'} |")
    enc, ost = rows.get("fixwire/encode/NewOrderSingle"), rows.get("ostream/encode/NewOrderSingle")
    if enc and ost and enc.get("ns") and ost.get("ns"):
        ratio = ost["ns"] / enc["ns"]
        md.append(f"| fixwire encode ≥ 10× the ostringstream baseline (NewOrderSingle) | {ratio:,.1f}× | "
                  f"{'met' if ratio >= 10 else 'NOT met'} |")
    md.append("")
    return md


def read_four_section(g):
    """fixwire/read4 against hffix's quoted figures, with QuickFIX and the full decode beside."""
    if not any(g[w]["read4"].get("fixwire") for w in WORKLOAD_ORDER):
        return []
    md = ["## Reading four fields\n"]
    md.append("Parse, verify the CheckSum (fixwire; QuickFIX checks none without a dictionary), read "
              "four fields. `read4`: 35 and the first three body fields (fixwire: `PartialMessage`, "
              "indexing only that far); `read4_last`: 35 and the last three fields (fixwire: the full "
              "`Decode`). hffix's `read4` figures are quoted from a side-by-side run on the same "
              "bytes (hffix reads lazily and checks no CheckSum), not measured here.\n")
    md.append("| workload | fixwire `read4` | hffix `read4` | QuickFIX `read4` | fixwire `read4_last` | "
              "QuickFIX `read4_last` | fixwire `decode` |")
    md.append("|---|---:|---:|---:|---:|---:|---:|")
    for w in WORKLOAD_ORDER:
        def ns(op, lib):
            r = g[w][op].get(lib)
            return fmt_ns(r["ns"]) if r and r.get("ns") else "—"
        hffix = HFFIX_READ4_NS.get(w)
        md.append(f"| {w} | {ns('read4', 'fixwire')} | {fmt_ns(hffix) if hffix else '—'} | "
                  f"{ns('read4', 'quickfix')} | {ns('read4_last', 'fixwire')} | "
                  f"{ns('read4_last', 'quickfix')} | {ns('decode', 'fixwire')} |")
    md.append("")
    return md


def summary_section(g, rows):
    md = []
    paired_ops = [op for op in OPERATION_ORDER
                  if any(speedup(g[w][op].get("fixwire"), g[w][op].get("quickfix")) for w in WORKLOAD_ORDER)]
    if paired_ops:
        md.append("## Speed-up over QuickFIX\n")
        md.append("QuickFIX's CPU time per operation ÷ fixwire's, same run (— where one library has no row). "
                  "The console run of the suite ends with the same figures, one line per pair.\n")
        md.append("| workload | " + " | ".join(f"`{op}`" for op in paired_ops) + " |")
        md.append("|---|" + "---:|" * len(paired_ops))
        for w in WORKLOAD_ORDER:
            cells = []
            for op in paired_ops:
                sp = speedup(g[w][op].get("fixwire"), g[w][op].get("quickfix"))
                cells.append(f"{sp:,.1f}×" if sp else "—")
            md.append(f"| {w} | " + " | ".join(cells) + " |")
        md.append("")
    return md


def per_workload_section(g):
    md = []
    chart = []
    md.append("## Results per workload\n")
    md.append("Columns: fixwire and QuickFIX CPU ns/op, the speed-up, allocations per op, fixwire's "
              "throughput in bytes of message per second. Rows that only one library has are listed "
              "with a dash for the other.\n")
    for workload in WORKLOAD_ORDER:
        ops = g.get(workload)
        if not ops or not any(lib in ("fixwire", "quickfix") for op in ops.values() for lib in op):
            continue
        md.append(f"### {workload or '(no workload)'}\n")
        md.append("| operation | fixwire | QuickFIX | speed-up | fixwire allocs | QuickFIX allocs | fixwire throughput |")
        md.append("|---|---:|---:|---:|---:|---:|---:|")
        for op in order_key(list(ops), OPERATION_ORDER):
            libs = ops[op]
            f, q = libs.get("fixwire"), libs.get("quickfix")
            if f is None and q is None:
                continue
            s = speedup(f, q)
            if s is not None:
                chart.append((f"{op} / {workload}", s))
            err = " ".join(f"({lib}: {r['error']})" for lib, r in libs.items() if r.get("error"))
            md.append(f"| `{op}` {err} | {fmt_ns(f and f['ns'])} | {fmt_ns(q and q['ns'])} | "
                      f"{f'{s:,.1f}×' if s else '—'} | {fmt_allocs(f)} | {fmt_allocs(q)} | {fmt_rate(f)} |")
        md.append("")
    return md, chart


def baselines_section(g):
    md = []
    md.append("## Conversions and baselines\n")
    md.append("QuickFIX's performance test starts with type conversions; older engines format with "
              "`std::ostringstream` or `snprintf`. Same operation, same value, same run:\n")
    md.append("| operation | value / workload | fixwire | QuickFIX | snprintf | ostream | fixwire vs slowest other |")
    md.append("|---|---|---:|---:|---:|---:|---:|")
    for workload, ops in sorted(g.items()):
        for op, libs in ops.items():
            if not ({"snprintf", "ostream"} & set(libs)) and workload in WORKLOAD_ORDER:
                continue
            f = libs.get("fixwire")
            others = [libs[l]["ns"] for l in ("quickfix", "snprintf", "ostream") if l in libs and libs[l].get("ns")]
            ratio = f"{max(others) / f['ns']:,.1f}×" if f and f.get("ns") and others else "—"
            cell = lambda lib: fmt_ns(libs[lib]["ns"]) if lib in libs else "—"
            md.append(f"| `{op}` | {workload} | {cell('fixwire')} | {cell('quickfix')} | {cell('snprintf')} | "
                      f"{cell('ostream')} | {ratio} |")
    md.append("")
    return md


def other_rows_section(rows):
    md = []
    other = [n for n in rows if split(n)[0] not in ("fixwire", "quickfix", "snprintf", "ostream")]
    if other:
        md.append("## Other rows\n")
        md.append("| row | CPU time | allocs |")
        md.append("|---|---:|---:|")
        for n in sorted(other):
            md.append(f"| `{n}` | {fmt_ns(rows[n]['ns'])} | {fmt_allocs(rows[n])} |")
        md.append("")
    return md


def chart_section(chart, svg_path):
    md = []
    chart.sort(key=lambda p: (OPERATION_ORDER.index(p[0].split(" / ")[0])
                              if p[0].split(" / ")[0] in OPERATION_ORDER else 99,
                              WORKLOAD_ORDER.index(p[0].split(" / ")[1])
                              if p[0].split(" / ")[1] in WORKLOAD_ORDER else 99))
    svg_chart(chart, svg_path)
    svg_name = svg_path.split("/")[-1]
    md.append("### Chart\n")
    md.append(f"![fixwire speed-up over QuickFIX per operation and workload]({svg_name})\n")
    return md


LATENCY_FIGURES = ["min", "p50", "p90", "p99", "p99.9", "p99.99", "max"]


def latency_section(path, command):
    """The latency table, from //benchmarks:latency_benchmark's JSON (--benchmark_out) or console text."""
    md = ["## Latency distribution\n"]
    md.append("`//benchmarks:latency_benchmark`: each operation timed on its own with rdtscp "
              "(calibrated against steady_clock), after a warm-up; nanoseconds, timer cost "
              "included (row `timer/empty`).\n")
    with open(path) as f:
        text = f.read()
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if data is None:  # the console table
        md.append("```")
        md.append(text.rstrip())
        md.append("```\n")
    else:
        context = data.get("context", {})
        md.append(f"TSC {context.get('tsc_ghz', '?')} GHz, {context.get('latency_count', '?')} timed "
                  f"operations per row after {context.get('latency_warmup', '?')} untimed ones.\n")
        md.append("| row | " + " | ".join(LATENCY_FIGURES) + " |")
        md.append("|---|" + "---:|" * len(LATENCY_FIGURES))
        # One line per row: its median aggregate with repetitions, else its (first) run.
        table = OrderedDict()
        for b in data.get("benchmarks", []):
            name = re.sub(r"/iterations:\d+$", "", b.get("run_name", b["name"]))
            if b.get("run_type") == "aggregate":
                if b.get("aggregate_name") == "median":
                    table[name] = b
                continue
            table.setdefault(name, b)
        for name, b in table.items():
            if b.get("error_occurred"):
                md.append(f"| `{name}` | error: {b.get('error_message', '')} |" + " |" * (len(LATENCY_FIGURES) - 1))
                continue
            cells = [f"{b[k]:,.0f}" if k in b else "—" for k in LATENCY_FIGURES]
            md.append(f"| `{name}` | " + " | ".join(cells) + " |")
        md.append("")
    if command:
        md.append(f"Command: `{command}`\n")
    return md


def write_report(args):
    context, rows = load_rows(args.input)
    g = grouped(rows)
    md = []
    md.append("# fixwire performance\n")
    md.append("<!-- Generated by benchmarks/report.py from the suite's JSON output; "
              "regenerate, do not edit (see \"Regenerating this page\"). -->\n")
    md.append("fixwire and QuickFIX 1.15 (Debian's libquickfix-dev) measured side by side: one binary, "
              "`//benchmarks:fixwire_benchmark`, runs both libraries in the same process on the same "
              "bytes, the shared workloads of `benchmarks/workloads.h`, which tests prove both libraries "
              "decode to the same field list and encode to the same bytes (`//tests/benchmarks:all`). "
              "Times are **CPU time per operation, medians** of the repetitions; *speed-up* is QuickFIX's "
              "time divided by fixwire's; *allocs* is global `operator new` calls per operation (both "
              "libraries counted by the same allocation counter). What each operation does is described "
              "under \"What each operation measures\"; the machine and the exact command are under "
              "\"Environment\".\n")
    md.append("To reproduce (Debian 12; `./bazelw` installs what the build needs):\n")
    md.append("```sh")
    md.append("./bazelw run -c opt //benchmarks:fixwire_benchmark     # every row, then the speed-up summary")
    md.append("benchmarks/run_report.sh                               # this page: pinned, repeated, + latency")
    md.append("```\n")

    md += summary_section(g, rows)
    per_workload, chart = per_workload_section(g)
    if args.svg:
        md += chart_section(chart, args.svg)
    md += read_four_section(g)
    md += per_workload
    md += baselines_section(g)
    if args.latency:
        md += latency_section(args.latency, args.latency_command)
    md += other_rows_section(rows)
    md += goals_section(g, rows)

    md.append("## Environment\n")
    md += context_lines(context, args.command)
    md.append("")

    with open(args.howto) as f:
        md.append(f.read().rstrip() + "\n")
    with open(args.output, "w") as f:
        f.write("\n".join(md))


def compare(before_path, after_path):
    _, before = load_rows(before_path)
    _, after = load_rows(after_path)
    names = sorted(set(before) | set(after))
    width = max(len(n) for n in names) if names else 10
    print(f"{'row':<{width}} {'before':>12} {'after':>12} {'change':>9}")
    for n in names:
        b, a = before.get(n, {}).get("ns"), after.get(n, {}).get("ns")
        change = f"{(a / b - 1) * 100:+.1f}%" if a and b else ""
        print(f"{n:<{width}} {fmt_ns(b):>12} {fmt_ns(a):>12} {change:>9}")


def main(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--input", help="JSON from --benchmark_format=json or --benchmark_out")
    p.add_argument("--output", default="docs/benchmarks.md")
    p.add_argument("--svg", default="docs/benchmarks_speedup.svg")
    p.add_argument("--command", default="", help="the command that produced --input, recorded in the report")
    p.add_argument("--latency", help="//benchmarks:latency_benchmark's JSON (--benchmark_out) or console output")
    p.add_argument("--latency_command", default="")
    p.add_argument("--howto", default="benchmarks/benchmarks_howto.md",
                   help="markdown appended at the end (how to run reliably, compare builds)")
    p.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    args = p.parse_args(argv)
    if args.compare:
        compare(*args.compare)
        return 0
    if not args.input:
        p.error("--input is required (or --compare)")
    write_report(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
