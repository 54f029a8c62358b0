#!/bin/bash
# Measures fixwire stats and json on a big generated FIX 4.4 log (default 1 GB).
#
#   ./bazelw build -c opt //tools:fixwire
#   tools/cli/bench_big_log.sh [BINARY] [SIZE_MB] [DIR]
#
# Writes DIR/fixwire_big.log (default /tmp; a mix of NewOrderSingle with
# parties groups, ExecutionReport and Heartbeat messages, SOH, back to back
# with newlines), runs each command once to warm the page cache and then
# three times, prints the wall-clock times and MB/s, and deletes the file.
# Not a test: speed is reported, never asserted.
set -euo pipefail
bin="${1:-bazel-bin/tools/fixwire}"
size_mb="${2:-1024}"
dir="${3:-/tmp}"
log="$dir/fixwire_big.log"
trap 'rm -f "$log" "$log.chunk"' EXIT

/usr/bin/python3 - "$log.chunk" <<'PY'
import random, sys
rng = random.Random(1)
def frame(fields):
    body = b"".join(b"%d=%s\x01" % f for f in fields)
    head = b"8=FIX.4.4\x019=%d\x01" % len(body)
    return head + body + b"10=%03d\x01" % (sum(head + body) % 256)
out = []
size = 0
seq = 0
while size < (4 << 20):
    seq += 1
    t = b"20261202-10:%02d:%02d.%03d" % (seq // 60000 % 60, seq // 1000 % 60, seq % 1000)
    hdr = [(49, b"CLIENT%d" % rng.randint(1, 4)), (56, b"BROKER"), (34, b"%d" % seq), (52, t)]
    r = rng.random()
    if r < 0.45:
        m = frame([(35, b"8")] + hdr + [(37, b"O%d" % seq), (11, b"C%d" % seq), (17, b"E%d" % seq),
                  (150, b"F"), (39, b"1"), (55, b"SYM%d" % rng.randint(1, 500)), (54, b"1"),
                  (38, b"%d" % rng.randint(1, 10000)), (44, b"%d.%02d" % (rng.randint(1, 999), rng.randint(0, 99))),
                  (32, b"100"), (31, b"12.34"), (151, b"0"), (14, b"100"), (6, b"12.34"), (60, t)])
    elif r < 0.9:
        m = frame([(35, b"D")] + hdr + [(11, b"C%d" % seq), (453, b"2"), (448, b"TRADER"), (447, b"D"),
                  (452, b"11"), (448, b"FIRM"), (447, b"D"), (452, b"1"),
                  (55, b"SYM%d" % rng.randint(1, 500)), (54, b"2"), (60, t), (38, b"500"), (40, b"2"),
                  (44, b"99.5"), (59, b"0")])
    else:
        m = frame([(35, b"0")] + hdr)
    out.append(m + b"\n")
    size += len(m) + 1
open(sys.argv[1], "wb").write(b"".join(out))
PY
chunk_bytes=$(stat -c %s "$log.chunk")
copies=$(( (size_mb << 20) / chunk_bytes ))
: > "$log"
for ((i = 0; i < copies; i++)); do cat "$log.chunk"; done >> "$log"
bytes=$(stat -c %s "$log")
echo "log: $log, $bytes bytes ($copies copies of a $chunk_bytes-byte chunk)"

# measure NAME ARGS...: one warm-up run, then three timed runs; wall-clock and
# CPU (user + sys) seconds, and MB/s of each (the machine may be shared: CPU
# time shows what the tool needs, wall time what you waited).
measure() {
  local name="$1"; shift
  /usr/bin/python3 - "$name" "$bytes" "$@" <<'PY'
import resource, subprocess, sys, time
name, size, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)  # warm the page cache
for run in range(1, 4):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print("%-15s run %d: wall %.3f s = %5.0f MB/s   cpu %.3f s = %5.0f MB/s"
          % (name, run, wall, size / wall / 1e6, cpu, size / cpu / 1e6))
PY
}
measure "stats" "$bin" stats --no-progress "$log"
measure "json" "$bin" json --no-progress "$log"
measure "json --no-dict" "$bin" json --no-progress --no-dict "$log"
