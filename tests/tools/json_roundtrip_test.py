#!/usr/bin/env python3
"""fixwire json: every line parses as JSON (Python's json module, strict), the
fields rebuild the exact input bytes at the reported offset, BodyLength and
CheckSum agree with this file's own computation, "groups" nest a contiguous run
of the fields, garbled input is reported at its offset, and the fields
round-trip through `fixwire encode` to the original bytes. Ends with a random
property test: random messages (binary data fields included), junk lines and
corrupted checksums, with the expected offsets and errors computed here.

usage: json_roundtrip_test.py FIXWIRE_BINARY
"""
import json
import os
import random
import subprocess
import sys
import tempfile

FIXWIRE = sys.argv[1]
LOGS = "tests/data/logs"
SOH = b"\x01"
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(args, stdin=None):
    p = subprocess.run([FIXWIRE] + args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def wire(fields):
    return b"".join(b"%d=%s\x01" % (t, v) for t, v in fields)


def frame(begin, body_fields):
    body = wire(body_fields)
    head = b"8=%s\x019=%d\x01" % (begin, len(body))
    return head + body + b"10=%03d\x01" % (sum(head + body) % 256)


def parse_json_lines(out, name):
    objs = []
    for i, line in enumerate(out.split(b"\n")[:-1]):
        try:
            objs.append(json.loads(line.decode("ascii")))  # escaped output is pure ASCII
        except (ValueError, UnicodeDecodeError) as e:
            check(False, "%s line %d is not JSON: %s" % (name, i + 1, e))
    check(out.endswith(b"\n") or out == b"", name + ": output ends with a newline")
    return objs


def flatten_groups(groups):
    """The fields a "groups" list covers, in wire order (entries' own fields and nested groups)."""
    out = []
    for g in groups:
        check(len(g["entries"]) == g["count"], "group %d: entries == count" % g["tag"])
        for e in g["entries"]:
            rest = list(e.get("groups", []))
            for f in e["fields"]:
                out.append(tuple(f))
                # a nested group's fields follow its count field
                if rest and f[0] == rest[0]["tag"]:
                    out.extend(flatten_groups([rest.pop(0)]))
            check(not rest, "nested groups follow their count fields")
    return out


def check_message(obj, data, delim, name):
    fields = [(t, v.encode("latin-1")) for t, v in obj["fields"]]
    msg = wire(fields)
    check(fields[0][0] == 8 and fields[1][0] == 9 and fields[2][0] == 35 and fields[-1][0] == 10,
          name + ": 8, 9, 35 first and 10 last")
    check(obj["begin_string"].encode("latin-1") == fields[0][1], name + ": begin_string")
    check(obj["msg_type"].encode("latin-1") == fields[2][1], name + ": msg_type")
    body_start = len(wire(fields[:2]))
    trailer = len(msg) - len(wire(fields[-1:]))
    check(int(fields[1][1]) == trailer - body_start, name + ": BodyLength")
    check(int(fields[-1][1]) == sum(msg[:trailer]) % 256, name + ": CheckSum")
    off = obj["offset"]
    text = msg.replace(SOH, delim)
    got = data[off:off + len(text)]
    if delim == b"^A" and got != text:  # the sample's last line drops the final ^A
        text, got = text[:-2], data[off:off + len(text) - 2]
    check(got == text, "%s: the input at offset %d is the message" % (name, off))
    if "groups" in obj:
        covered = flatten_groups(obj["groups"])
        flat = [tuple(f) for f in obj["fields"]]
        for g in obj["groups"]:
            i = flat.index((g["tag"], str(g["count"])))
            sub = flatten_groups([g])
            check(flat[i + 1:i + 1 + len(sub)] == sub, name + ": group %d is contiguous" % g["tag"])
        check(len(covered) <= len(flat), name + ": groups within the fields")
    return msg


ERROR_KEYS = {"offset", "ok", "error", "tag", "error_offset"}

# name, delimiter, messages expected (hand-counted from make_samples.py), garbled expected
SAMPLES = [
    ("fix44.log", SOH, 5, 0), ("fix44_lines.log", SOH, 5, 0), ("fix44_pipe.log", b"|", 4, 0),
    ("fix44_caret.log", b"^A", 4, 0), ("quickfix.log", SOH, 4, 0), ("fix42.log", SOH, 2, 0),
    ("fixt11.log", SOH, 2, 0), ("garbled.log", SOH, 2, 4), ("invalid.log", SOH, 5, 0),
]
for name, delim, n_ok, n_bad in SAMPLES:
    path = os.path.join(LOGS, name)
    data = open(path, "rb").read()
    code, out, err = run(["json", path])
    check(code == (1 if n_bad else 0), "%s: exit status %d" % (name, code))
    objs = parse_json_lines(out, name)
    ok = [o for o in objs if o["ok"]]
    bad = [o for o in objs if not o["ok"]]
    check(len(ok) == n_ok and len(bad) == n_bad,
          "%s: %d messages and %d garbled, expected %d and %d" % (name, len(ok), len(bad), n_ok,
                                                                 n_bad))
    offsets = [o["offset"] for o in objs]
    check(offsets == sorted(offsets), name + ": offsets ascend")
    msgs = [check_message(o, data, delim, name) for o in ok]
    for o in bad:
        check(set(o) == ERROR_KEYS, name + ": error keys " + str(sorted(o)))
        check(o["error_offset"] >= o["offset"], name + ": error_offset after offset")
    # Round trip through encode (input: the fields, SOH-joined, one message per line).
    code, enc, err = run(["encode"], b"".join(m + b"\n" for m in msgs))
    check(code == 0 and enc == b"".join(msgs), name + ": json -> encode gives the messages back")
    if name == "fix44.log":
        check(enc == data, "fix44.log: json -> encode gives the file back byte for byte")

# Property test: random messages with junk and corrupted checksums in between.
rng = random.Random(20261202)
for trial in range(20):
    expected = []  # (offset, ok, error name or message bytes)
    blob = b""
    state = "clean"  # what the input so far ends with, for where junk is reported
    for i in range(rng.randint(1, 40)):
        r = rng.random()
        if r < 0.1:
            # Reported as one stretch with junk right before it; swallowed by a
            # garbled message it directly follows (the reader resumes after the
            # next newline, which ends this line).
            if state == "clean":
                expected.append((len(blob), False, "bad_begin_string"))
                state = "junk"
            elif state == "bad_no_newline":
                state = "clean"
            blob += b"junk %d line\n" % rng.randint(0, 999)
            continue
        body = [(35, rng.choice([b"0", b"D", b"8", b"B", b"ZZ"])), (49, b"S%d" % rng.randint(0, 3)),
                (56, b"T"), (34, b"%d" % (i + 1))]
        for _ in range(rng.randint(0, 12)):
            tag = rng.choice([58, 5001, 5002, 6000, 7777, 9999, 20000, 123456])
            v = bytes(rng.choice(b"abcXYZ019 |=\"\\{}\x7f\x80\xc3\xa9\xff") for _ in
                      range(rng.randint(1, 12)))
            body.append((tag, v))
        if rng.random() < 0.3:
            data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 30)))
            body += [(95, b"%d" % len(data)), (96, data)]
        m = frame(rng.choice([b"FIX.4.4", b"FIX.4.2", b"FIX.4.3"]), body)
        newline = rng.random() < 0.5
        if rng.random() < 0.15:
            bad = b"%03d" % ((int(m[-4:-1]) + 1) % 256)
            m = m[:-4] + bad + SOH
            expected.append((len(blob), False, "check_sum_mismatch"))
            if b"\n" in m:
                # The reader resumes after the garbled message's first newline
                # (inside its data field): the rest is reported as junk.
                expected.append((len(blob) + m.index(b"\n") + 1, False, "bad_begin_string"))
                state = "junk"
            else:
                state = "clean" if newline else "bad_no_newline"
        else:
            expected.append((len(blob), True, m))
            state = "clean"
        blob += m + (b"\n" if newline else b"")
    with tempfile.NamedTemporaryFile(suffix=".log", delete=False) as f:
        f.write(blob)
    code, out, err = run(["json", f.name])
    objs = parse_json_lines(out, "random %d" % trial)
    got = []
    for o in objs:
        if o["ok"]:
            got.append((o["offset"], True, wire([(t, v.encode("latin-1")) for t, v in o["fields"]])))
        else:
            got.append((o["offset"], False, o["error"]))
    if got != expected:
        for a, b in zip(got, expected):
            if a != b:
                print("got", a, "\nexpected", b)
                break
        print(len(got), len(expected))
    check(got == expected, "random %d: json reports every message and error at its offset" % trial)
    want_bad = any(not e[1] for e in expected)
    check(code == (1 if want_bad else 0), "random %d: exit status" % trial)
    good = [e[2] for e in expected if e[1]]
    code, enc, err = run(["encode"], b"".join(m + b"\n" for m in good))
    check(enc == b"".join(good), "random %d: encode round trip" % trial)
    if got != expected: print("kept", f.name)
    else: os.unlink(f.name)

# Bad input never crashes: random bytes, seeded with pieces of FIX, through
# every reading command and every delimiter mode; exit status 0 or 1 (never a
# signal or 2), and json's lines still parse.
pieces = [b"8=FIX.4.4\x01", b"9=", b"35=D\x01", b"10=", b"|", b"^A", b"\n", b"\x01", b"95=5\x01",
          b"96=", b" : ", b"8=FIXT.1.1\x01", b"453=3\x01", b"448=x\x01", b"=", b"999999999999="]
good_msgs = [frame(b"FIX.4.4", [(35, b"0"), (49, b"A"), (56, b"B"), (34, b"1")]),
             frame(b"FIX.4.4", [(35, b"D"), (453, b"2"), (448, b"P"), (448, b"Q")])]
for trial in range(40):
    parts = []
    for _ in range(rng.randint(1, 60)):
        r = rng.random()
        if r < 0.4:
            parts.append(rng.choice(pieces))
        elif r < 0.6:
            m = rng.choice(good_msgs)
            cut = rng.randint(0, len(m))
            parts.append(m[:cut] if rng.random() < 0.5 else m)
        else:
            parts.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 20))))
    blob = b"".join(parts)
    with tempfile.NamedTemporaryFile(suffix=".log", delete=False) as f:
        f.write(blob)
    for delim in ["auto", "soh", "pipe", "caret"]:
        for cmd in ["json", "print", "validate", "stats"]:
            code, out, err = run([cmd, "--delimiter=" + delim, f.name])
            check(code in (0, 1), "garbage %d: %s --delimiter=%s exit status %d, stderr %r"
                  % (trial, cmd, delim, code, err[:200]))
            if cmd == "json":
                parse_json_lines(out, "garbage %d json" % trial)
    code, out, err = run(["encode", f.name])
    check(code in (0, 1), "garbage %d: encode exit status %d" % (trial, code))
    os.unlink(f.name)

if failures:
    print("%d failures" % len(failures))
    sys.exit(1)
print("ok: json output parses, matches the input bytes and round-trips through encode")
