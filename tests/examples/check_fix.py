"""check_fix.py FILE [tag=value ...]: every line of FILE is one FIX message with '|'
for SOH; checks its BodyLength and CheckSum from first principles and, for
each tag=value given, that every message carries that field with that value
(value '*' means present). Prints the messages' fields as JSON lines."""
import json
import sys


def check(line):
    raw = line.replace("|", "\x01").encode()
    fields = [f.split(b"=", 1) for f in raw.split(b"\x01") if f]
    assert fields[0][0] == b"8" and fields[1][0] == b"9" and fields[2][0] == b"35", line
    assert fields[-1][0] == b"10", line
    body_start = raw.index(b"\x01", raw.index(b"\x019=") + 1) + 1
    trailer = raw.rindex(b"\x0110=") + 1
    assert int(fields[1][1]) == trailer - body_start, f"BodyLength {fields[1][1]} != {trailer - body_start}: {line}"
    assert int(fields[-1][1]) == sum(raw[:trailer]) % 256, f"CheckSum wrong: {line}"
    assert len(fields[-1][1]) == 3, line
    return [(int(t), v.decode()) for t, v in fields]


def main():
    want = [a.split("=", 1) for a in sys.argv[2:]]
    lines = [l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()]
    assert lines, "no messages"
    for line in lines:
        fields = check(line)
        d = {}
        for t, v in fields:
            d.setdefault(t, v)
        for t, v in want:
            assert int(t) in d, f"tag {t} missing: {line}"
            assert v == "*" or d[int(t)] == v, f"tag {t}: {d[int(t)]!r} != {v!r}: {line}"
        print(json.dumps(d))


main()
