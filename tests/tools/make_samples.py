#!/usr/bin/env python3
"""Writes the sample logs in tests/data/logs/ (run from the workspace root).

Independent of fixwire: BodyLength and CheckSum are computed here, from the
FIX rules (BodyLength counts the bytes after "9=n<SOH>" up to the SOH before
"10="; CheckSum is the byte sum of everything before "10=" mod 256, three digits).
"""
import os

SOH = b"\x01"
OUT = "tests/data/logs"


def msg(begin, fields, body_length=None, checksum=None):
    """fields: (tag, bytes) after 9=; returns the wire message."""
    body = b"".join(b"%d=%s\x01" % (t, v) for t, v in fields)
    n = len(body) if body_length is None else body_length
    head = b"8=%s\x019=%d\x01" % (begin, n)
    s = sum(head + body) % 256 if checksum is None else checksum
    return head + body + b"10=%03d\x01" % s


def hdr(mt, seq, sender=b"CLIENT", target=b"BROKER", time=b"20261202-10:00:00.000"):
    return [(35, mt), (49, sender), (56, target), (34, b"%d" % seq), (52, time)]


logon = msg(b"FIX.4.4", hdr(b"A", 1) + [(98, b"0"), (108, b"30")])
order = msg(b"FIX.4.4", hdr(b"D", 2) + [
    (11, b"ORD-1"), (453, b"2"),
    (448, b"TRADER1"), (447, b"D"), (452, b"11"),
    (802, b"1"), (523, b"DESK-A"), (803, b"9"),
    (448, b"FIRM-X"), (447, b"D"), (452, b"1"),
    (55, b"ACME"), (54, b"1"), (60, b"20261202-10:00:00.000"), (38, b"100"), (40, b"2"),
    (44, b"12.50"), (59, b"0")])
exec_report = msg(b"FIX.4.4", hdr(b"8", 2, b"BROKER", b"CLIENT", b"20261202-10:00:00.010") + [
    (37, b"X-1"), (11, b"ORD-1"), (17, b"E-1"), (150, b"0"), (39, b"0"), (55, b"ACME"),
    (54, b"1"), (38, b"100"), (151, b"100"), (14, b"0"), (6, b"0"), (58, b"quote \" and \\ ok")])
heartbeat = msg(b"FIX.4.4", hdr(b"0", 3))
# RawData (95/96) holding SOH, '|', '=', a newline, a NUL and bytes 0x80, 0xff.
raw = b"a\x01b|c=d\ne\x00\x80\xff"
news = msg(b"FIX.4.4", hdr(b"B", 4, b"BROKER", b"CLIENT") + [
    (148, b"Hello"), (33, b"1"), (58, b"line one"), (95, b"%d" % len(raw)), (96, raw)])

good44 = [logon, order, exec_report, heartbeat]


def text(m, delim):
    return m.replace(SOH, delim)


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


os.makedirs(OUT, exist_ok=True)
write("fix44.log", b"".join(good44 + [news]))
write("fix44_lines.log", b"".join(m + b"\n" for m in good44 + [news]))
write("fix44_pipe.log", b"".join(text(m, b"|") + b"\n" for m in good44))
# ^A lines with CRLF ends, the last without the delimiter after 10=nnn.
caret = [text(m, b"^A") for m in good44]
caret[-1] = caret[-1][:-2]
write("fix44_caret.log", b"".join(c + b"\r\n" for c in caret))
stamps = [b"20261202-10:00:00.001", b"20261202-10:00:00.002", b"20261202-10:00:00.011",
          b"20261202-10:00:30.000"]
write("quickfix.log", b"".join(s + b" : " + m + b"\n" for s, m in zip(stamps, good44)))

fix42 = [
    msg(b"FIX.4.2", hdr(b"A", 1, b"OLD", b"VENUE") + [(98, b"0"), (108, b"60")]),
    msg(b"FIX.4.2", hdr(b"D", 2, b"OLD", b"VENUE") + [
        (11, b"A1"), (21, b"1"), (55, b"IBM"), (54, b"2"), (60, b"20261202-10:00:01"),
        (40, b"1")]),
]
write("fix42.log", b"".join(m + b"\n" for m in fix42))

fixt = [
    msg(b"FIXT.1.1", hdr(b"A", 1, b"NEWCLIENT", b"NEWVENUE") + [
        (98, b"0"), (108, b"30"), (1137, b"9")]),
    msg(b"FIXT.1.1", hdr(b"D", 2, b"NEWCLIENT", b"NEWVENUE") + [
        (1128, b"9"), (11, b"N1"), (55, b"XYZ"), (54, b"1"), (60, b"20261202-10:00:02.000"),
        (38, b"5"), (40, b"1")]),
]
write("fixt11.log", b"".join(m + b"\n" for m in fixt))

# FIX 5.0 (ApplVerID 7) under FIXT 1.1: a good order; the same order with SecurityGroup (1151), a tag
# FIX 5.0 SP1 added, as FIX 5.0 and as FIX 5.0 SP1 (8); a cancel request without OrigClOrdID (41),
# which FIX 5.0 requires.
fix50_order = [(11, b"N7"), (55, b"XYZ"), (54, b"1"), (60, b"20261202-10:00:02.000"), (38, b"5"),
               (40, b"1")]
fix50 = [
    msg(b"FIXT.1.1", hdr(b"A", 1, b"NEWCLIENT", b"NEWVENUE") + [
        (98, b"0"), (108, b"30"), (1137, b"7")]),
    msg(b"FIXT.1.1", hdr(b"D", 2, b"NEWCLIENT", b"NEWVENUE") + [(1128, b"7")] + fix50_order),
    msg(b"FIXT.1.1", hdr(b"D", 3, b"NEWCLIENT", b"NEWVENUE") + [(1128, b"7")] + fix50_order +
        [(1151, b"GRP")]),
    msg(b"FIXT.1.1", hdr(b"D", 4, b"NEWCLIENT", b"NEWVENUE") + [(1128, b"8")] + fix50_order +
        [(1151, b"GRP")]),
    msg(b"FIXT.1.1", hdr(b"F", 5, b"NEWCLIENT", b"NEWVENUE") + [
        (1128, b"7"), (11, b"N8"), (55, b"XYZ"), (54, b"1"), (60, b"20261202-10:00:03.000"),
        (38, b"5")]),
]
write("fix50.log", b"".join(m + b"\n" for m in fix50))

# FIX 4.3 NewOrderCross with a nested group counted by NoClearingInstructions
# (576), for the dictionary tests/data/dictionaries/int_group_count43.xml.
fix43 = [
    msg(b"FIX.4.3", hdr(b"s", 2) + [
        (548, b"X1"), (549, b"1"), (550, b"0"), (552, b"2"),
        (54, b"1"), (11, b"B1"), (576, b"2"), (577, b"1"), (577, b"2"), (38, b"100"),
        (54, b"2"), (11, b"S1"), (1, b"ACC"), (38, b"100"),
        (55, b"ACME"), (60, b"20261202-10:00:00.000"), (40, b"1")]),
]
write("fix43.log", b"".join(m + b"\n" for m in fix43))

# Garbled: a good message, a bad CheckSum, a junk line, a BodyLength that is
# too short, a good message, and a message cut short at the end of the file.
bad_sum = msg(b"FIX.4.4", hdr(b"0", 10), checksum=0)
if bad_sum == msg(b"FIX.4.4", hdr(b"0", 10)):
    raise SystemExit("pick another bad checksum")
bad_len = msg(b"FIX.4.4", hdr(b"0", 11), body_length=20)
truncated = msg(b"FIX.4.4", hdr(b"0", 13))[:40]
write("garbled.log", b"".join([
    logon + b"\n", bad_sum + b"\n", b"this line is no FIX message\n", bad_len + b"\n",
    heartbeat + b"\n", truncated]))

# Invalid for validate: OrdType (40) missing, Side (54) not an enum value, an
# undefined tag, an ApplVerID without a dictionary.
invalid = [
    logon,
    msg(b"FIX.4.4", hdr(b"D", 5) + [(11, b"O2"), (55, b"ACME"), (54, b"1"), (60, b"20261202-10:00:00")]),
    msg(b"FIX.4.4", hdr(b"D", 6) + [(11, b"O3"), (55, b"ACME"), (54, b"Z"),
                                    (60, b"20261202-10:00:00"), (40, b"1")]),
    msg(b"FIX.4.4", hdr(b"0", 7) + [(4999, b"x")]),
    msg(b"FIXT.1.1", hdr(b"D", 8) + [(1128, b"3"), (11, b"O4"), (55, b"ACME"), (54, b"1"),
                                     (60, b"20261202-10:00:00"), (40, b"1")]),
]
write("invalid.log", b"".join(m + b"\n" for m in invalid))

# encode input: '|' lines without 9 and 10, and with a wrong 9 and 10.
write("encode_input.txt", b"".join([
    b"8=FIX.4.4|35=0|49=CLIENT|56=BROKER|34=3|52=20261202-10:00:00.000\n",
    b"8=FIX.4.4|9=999|35=0|49=CLIENT|56=BROKER|34=3|52=20261202-10:00:00.000|10=000|\n",
    b"8=FIX.4.4|35=A|49=CLIENT|56=BROKER|34=1|52=20261202-10:00:00.000|98=0|108=30|\n",
]))
write("encode_expected.fix", heartbeat + heartbeat + logon)

# encode input with mistakes: a good line, a line without fields, 35 not after 8,
# a tag that is no number, an empty value, a data field longer than the line.
write("encode_bad.txt", b"".join([
    b"8=FIX.4.4|35=0|49=A|56=B|34=1|52=20261202-10:00:00\n",
    b"hello world\n",
    b"8=FIX.4.4|49=A|35=0|56=B\n",
    b"8=FIX.4.4|35=0|abc=1\n",
    b"8=FIX.4.4|35=0|58=|34=1\n",
    b"8=FIX.4.4|35=B|95=50|96=short\n",
]))
