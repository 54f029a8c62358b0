#!/usr/bin/env python3
"""fixwire acceptor and fixwire initiator against each other over loopback, as
separate processes: the answers (ExecutionReports new then filled, echoes with
the same body fields, BusinessMessageReject 380=3 for other MsgTypes), a
PossResend order not answered twice, a FIXT acceptor echoing the counterparty's
DefaultApplVerID and validating with its version's dictionary, events on
standard error, exit statuses (0 clean, 1 no logon, 2 bad settings with
file:line), and persistent stores (StoreType file and mmap)
that keep the sequence numbers across restarts of both processes, and the
schedule (no Logon and no connection outside StartTime/EndTime), and SIGHUP
moving the message logs aside to FileLogBackupPath.

usage: cli_session_test.py FIXWIRE_BINARY
"""
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

FIXWIRE = os.path.abspath(sys.argv[1])
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


class Acceptor:
    """A running `fixwire acceptor`; its stderr collected line by line."""

    def __init__(self, cfg, *extra):
        self.lines = []
        self.proc = subprocess.Popen([FIXWIRE, "acceptor", "--config", cfg, *extra],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        deadline = time.time() + 20
        while not any("listening on port" in l for l in self.lines):
            if self.proc.poll() is not None or time.time() > deadline:
                raise RuntimeError("acceptor did not start: %s" % self.lines)
            time.sleep(0.02)

    def _read(self):
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    def stop(self):
        self.proc.send_signal(signal.SIGINT)
        code = self.proc.wait(timeout=20)
        self.reader.join(timeout=5)
        return code


def initiator(cfg, send=None, *extra):
    args = [FIXWIRE, "initiator", "--config", cfg, "--linger", "1"]
    if send:
        args += ["--send", send]
    r = subprocess.run(args + list(extra), capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def printed_messages(stdout):
    """The messages of `fixwire print` output: a list of {tag: value} dicts
    (the last value of a repeated tag) with "_type" the MsgType."""
    out = []
    for block in stdout.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            m = re.match(r"\s*-?\s*(\d+)(?: \([^)]*\))? = (.*?)(?: \([A-Z_0-9]+\))?$", line)
            if m:
                fields[int(m.group(1))] = m.group(2)
        if 35 in fields:
            fields["_type"] = fields[35]
            out.append(fields)
    return out


DEFAULTS = "[DEFAULT]\nStartTime=00:00:00\nEndTime=00:00:00\nHeartBtInt=30\nReconnectInterval=1\n"


def acceptor_cfg(tmp, port, extra=""):
    return write(os.path.join(tmp, "acceptor.cfg"), DEFAULTS + (
        "SocketAcceptPort=%d\n%s"
        "[SESSION]\nConnectionType=acceptor\nBeginString=FIX.4.2\nSenderCompID=SELL\nTargetCompID=BUY42\n"
        "[SESSION]\nConnectionType=acceptor\nBeginString=FIX.4.4\nSenderCompID=SELL\nTargetCompID=BUY44\n"
        "[SESSION]\nConnectionType=acceptor\nBeginString=FIXT.1.1\nDefaultApplVerID=FIX.5.0SP2\n"
        "SenderCompID=SELL\nTargetCompID=BUY5\n") % (port, extra))


def initiator_cfg(tmp, port, begin, sender, extra=""):
    return write(os.path.join(tmp, "initiator-%s.cfg" % sender), DEFAULTS + (
        "[SESSION]\nConnectionType=initiator\nBeginString=%s\nSenderCompID=%s\nTargetCompID=SELL\n"
        "SocketConnectHost=127.0.0.1\nSocketConnectPort=%d\n%s") % (begin, sender, port, extra))


ORDER = "35=D|11=%s|21=1|55=EURUSD|54=1|60=20261206-10:00:00|38=%d|40=2|44=1.0875\n"
QUOTE_REQUEST = "35=R|131=Q1|146=1|55=EURUSD\n"


def test_venue(tmp):
    port = free_port()
    logs = os.path.join(tmp, "venue-logs")
    acc = Acceptor(acceptor_cfg(tmp, port, "FileLogPath=%s\n" % logs))
    for begin, sender in (("FIX.4.2", "BUY42"), ("FIX.4.4", "BUY44")):
        send = write(os.path.join(tmp, "orders.txt"), ORDER % ("A1", 100) + ORDER % ("A2", 7) + QUOTE_REQUEST)
        code, out, err = initiator(initiator_cfg(tmp, port, begin, sender), send)
        check(code == 0, "%s venue: initiator exit %d: %s" % (begin, code, err))
        msgs = printed_messages(out)
        reports = [m for m in msgs if m["_type"] == "8"]
        check([(r[11], r[39]) for r in reports] == [("A1", "0"), ("A1", "2"), ("A2", "0"), ("A2", "2")],
              "%s venue: reports new then filled per order: %s" % (begin, [(r.get(11), r.get(39)) for r in reports]))
        check(all(r.get(8) == begin for r in reports), "%s venue: reports in the session's version" % begin)
        filled = [r for r in reports if r[39] == "2"]
        check([r.get(14) for r in filled] == ["100", "7"], "%s venue: CumQty of the fills" % begin)
        rejects = [m for m in msgs if m["_type"] == "j"]
        check(len(rejects) == 1 and rejects[0].get(380) == "3" and rejects[0].get(372) == "R",
              "%s venue: QuoteRequest gets BusinessMessageReject 380=3: %s" % (begin, rejects))
        check(re.search(r"BUY->SELL|%s->SELL: logon" % sender, err) is not None, "%s: logon event: %s" % (begin, err))
        check("logout" in err and "disconnected" in err, "%s: logout and disconnect events" % begin)
    check(acc.stop() == 0, "acceptor exits 0 on SIGINT")
    check(any("stopped" in l for l in acc.lines), "acceptor says it stopped")
    # FileLogPath: QuickFIX's FileLog files, which fixwire print reads.
    for begin, sender in (("FIX.4.2", "BUY42"), ("FIX.4.4", "BUY44")):
        prefix = os.path.join(logs, "%s-SELL-%s" % (begin, sender))
        check(os.path.exists(prefix + ".messages.current.log") and os.path.exists(prefix + ".event.current.log"),
              "%s: message and event logs: %s" % (begin, os.listdir(logs) if os.path.isdir(logs) else "none"))
        if not os.path.exists(prefix + ".messages.current.log"):
            continue
        r = subprocess.run([FIXWIRE, "print", "--no-progress", "--color=never", prefix + ".messages.current.log"],
                           capture_output=True, text=True, timeout=60)
        logged = printed_messages(r.stdout)
        types = [m["_type"] for m in logged]
        check(r.returncode == 0 and types.count("D") == 2 and types.count("8") == 4 and types.count("j") == 1
              and types.count("A") == 2 and types.count("5") == 2,
              "%s: the log holds every message both ways: %s" % (begin, types))
        with open(prefix + ".event.current.log") as f:
            events = f.read()
        check("Logon" in events or "logon" in events, "%s: logon in the event log: %s" % (begin, events[:300]))
    check(os.path.exists(os.path.join(logs, "GLOBAL.event.current.log")), "the GLOBAL event log exists")


def test_echo_fixt(tmp):
    port = free_port()
    acc = Acceptor(acceptor_cfg(tmp, port), "--echo", "D,F")
    for appl_ver, value in (("FIX.5.0", "7"), ("FIX.5.0SP1", "8"), ("FIX.5.0SP2", "9")):
        send = write(os.path.join(tmp, "echo.txt"),
                     ORDER % ("E1", 250) + QUOTE_REQUEST +
                     "35=D|97=Y|11=E1|21=1|55=EURUSD|54=1|60=20261206-10:00:00|38=250|40=2|44=1.0875\n" +
                     "35=D|97=Y|11=E2|21=1|55=EURUSD|54=1|60=20261206-10:00:00|38=3|40=2|44=1.0875\n")
        cfg = initiator_cfg(tmp, port, "FIXT.1.1", "BUY5",
                            "DefaultApplVerID=%s\nUseDataDictionary=N\nResetOnLogon=Y\n" % appl_ver)
        code, out, err = initiator(cfg, send)
        check(code == 0, "echo %s: initiator exit %d: %s" % (appl_ver, code, err))
        check("(DefaultApplVerID %s)" % value in err,
              "echo %s: the acceptor answers the Logon with DefaultApplVerID %s: %s" % (appl_ver, value, err))
        msgs = printed_messages(out)
        echoes = [m for m in msgs if m["_type"] == "D"]
        # E1 echoed once (its PossResend copy was already answered), E2 (PossResend, new) echoed.
        check([e.get(11) for e in echoes] == ["E1", "E2"], "echo %s: echoed ClOrdIDs %s" % (appl_ver, [e.get(11) for e in echoes]))
        if echoes:
            e = echoes[0]
            check((e.get(21), e.get(55), e.get(54), e.get(60), e.get(38), e.get(40), e.get(44)) ==
                  ("1", "EURUSD", "1", "20261206-10:00:00", "250", "2", "1.0875"),
                  "echo %s: same body fields: %s" % (appl_ver, e))
            check(e.get(49) == "SELL" and e.get(56) == "BUY5", "echo %s: sent back to its sender" % appl_ver)
        rejects = [m for m in msgs if m["_type"] == "j"]
        check(len(rejects) == 1 and rejects[0].get(380) == "3", "echo %s: BMR 380=3 for R" % appl_ver)
    check(acc.stop() == 0, "echo acceptor exits 0")
    check(any("not answered again" in l and "E1" in l for l in acc.lines), "echo: PossResend duplicate reported")


def test_fix50_dictionary(tmp):
    """A FIX.5.0 initiator with UseDataDictionary=Y runs on the shipped FIX50.xml, and the acceptor
    (DefaultApplVerID FIX.5.0SP2) validates its messages with FIX50.xml: SecurityGroup (1151), a tag
    FIX 5.0 SP1 added, is rejected from a FIX.5.0 peer and echoed from a FIX.5.0SP1 peer."""
    port = free_port()
    acc = Acceptor(acceptor_cfg(tmp, port), "--echo", "D")
    group = "35=D|11=G2|21=1|55=EURUSD|1151=FX|54=1|60=20261206-10:00:00|38=5|40=2|44=1.0875\n"
    for appl_ver, echoed in (("FIX.5.0", ["G1"]), ("FIX.5.0SP1", ["G1", "G2"])):
        send = write(os.path.join(tmp, "fix50.txt"), ORDER % ("G1", 5) + group)
        cfg = initiator_cfg(tmp, port, "FIXT.1.1", "BUY5",
                            "DefaultApplVerID=%s\nUseDataDictionary=Y\nResetOnLogon=Y\n" % appl_ver)
        code, out, err = initiator(cfg, send)
        check(code == 0, "%s dictionary: initiator exit %d: %s" % (appl_ver, code, err))
        msgs = printed_messages(out)
        got = [m.get(11) for m in msgs if m["_type"] == "D"]
        check(got == echoed, "%s dictionary: echoed ClOrdIDs %s, expected %s" % (appl_ver, got, echoed))
        rejects = [m for m in msgs if m["_type"] == "3"]
        if appl_ver == "FIX.5.0":
            check(len(rejects) == 1 and rejects[0].get(371) == "1151" and rejects[0].get(373) == "0",
                  "FIX.5.0: tag 1151 rejected as an invalid tag: %s" % rejects)
        else:
            check(rejects == [], "FIX.5.0SP1: no reject: %s" % rejects)
    check(acc.stop() == 0, "FIX.5.0 dictionary acceptor exits 0")


def test_bad_settings(tmp):
    r = subprocess.run([FIXWIRE, "acceptor", "--config", os.path.join(tmp, "missing.cfg")],
                       capture_output=True, text=True, timeout=30)
    check(r.returncode == 2 and "missing.cfg" in r.stderr, "missing settings file: exit 2 naming it: %s" % r.stderr)
    bad = write(os.path.join(tmp, "bad.cfg"), DEFAULTS + "[SESSION]\nConnectionType=acceptor\n"
                "BeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=B\nSocketAcceptPort=1\nHeartBtInt=abc\n")
    r = subprocess.run([FIXWIRE, "acceptor", "--config", bad], capture_output=True, text=True, timeout=30)
    check(r.returncode == 2 and "bad.cfg:12:" in r.stderr and "HeartBtInt" in r.stderr,
          "bad value: exit 2 with file:line and key: %s" % r.stderr)
    unsupported = write(os.path.join(tmp, "unsupported.cfg"), DEFAULTS + "[SESSION]\nConnectionType=initiator\n"
                        "BeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=B\nSocketConnectHost=127.0.0.1\n"
                        "SocketConnectPort=1\nPersistMessages=N\n")
    r = subprocess.run([FIXWIRE, "initiator", "--config", unsupported], capture_output=True, text=True, timeout=30)
    check(r.returncode == 2 and "unsupported.cfg:6:" in r.stderr and "PersistMessages" in r.stderr,
          "a setting the engine cannot honour: exit 2 with file:line: %s" % r.stderr)
    r = subprocess.run([FIXWIRE, "initiator", "--config", bad], capture_output=True, text=True, timeout=30)
    check(r.returncode == 2, "initiator with bad settings: exit 2")
    # Nobody listens: no logon within --wait.
    port = free_port()
    code, out, err = initiator(initiator_cfg(tmp, port, "FIX.4.4", "NOBODY"), None, "--wait", "1")
    check(code == 1 and "not logged on within" in err, "no counterparty: exit 1: %s" % err)


def seqs(stdout, msg_type):
    return [int(m[34]) for m in printed_messages(stdout) if m["_type"] == msg_type]


def test_persistent_stores(tmp):
    port = free_port()
    store = os.path.join(tmp, "stores")
    acc_cfg = acceptor_cfg(tmp, port, "FileStorePath=%s/acceptor\nStoreType=mmap\n" % store)
    init_cfg = initiator_cfg(tmp, port, "FIX.4.4", "BUY44",
                             "FileStorePath=%s/initiator\nStoreType=file\nStoreSync=fsync\n" % store)
    send = write(os.path.join(tmp, "one.txt"), ORDER % ("P1", 1))
    first = None
    for run in range(3):
        acc = Acceptor(acc_cfg)  # restarted too: its numbers come from its journal
        code, out, err = initiator(init_cfg, send)
        check(code == 0, "store run %d: exit %d: %s" % (run, code, err))
        check("sequence reset" not in err, "store run %d: no sequence reset: %s" % (run, err))
        got = seqs(out, "8")
        check(len(got) == 2, "store run %d: two reports: %s" % (run, got))
        if first is not None and got:
            # Each run: Logon, 2 reports, Logout from the acceptor: 4 numbers.
            check(got[0] == first + 4 * run, "store run %d: numbers continue: %s after %s" % (run, got, first))
        elif got:
            first = got[0]
        check(acc.stop() == 0, "store run %d: acceptor exit" % run)
    check(os.listdir(os.path.join(store, "initiator")) != [], "the initiator's file store has files")
    check(os.listdir(os.path.join(store, "acceptor")) != [], "the acceptor's journal has files")


def test_schedule(tmp):
    """Outside StartTime/EndTime: the acceptor refuses the Logon with a reason, an initiator
    does not even connect."""
    now = time.gmtime()
    closed = "StartTime=%02d:00:00\nEndTime=%02d:00:00\n" % ((now.tm_hour + 2) % 24, (now.tm_hour + 3) % 24)
    port = free_port()
    acc_cfg = write(os.path.join(tmp, "closed-acceptor.cfg"), DEFAULTS.replace(
        "StartTime=00:00:00\nEndTime=00:00:00\n", closed) +
        "[SESSION]\nConnectionType=acceptor\nBeginString=FIX.4.4\nSenderCompID=SELL\n"
        "TargetCompID=BUY44\nSocketAcceptPort=%d\n" % port)
    acc = Acceptor(acc_cfg)
    code, out, err = initiator(initiator_cfg(tmp, port, "FIX.4.4", "BUY44"), None, "--wait", "2")
    check(code == 1 and "refused the Logon: Logon outside the session time" in err,
          "closed acceptor: Logon refused with its reason: %s" % err)
    check(acc.stop() == 0, "closed acceptor exits 0")
    closed_init = write(os.path.join(tmp, "closed-initiator.cfg"), DEFAULTS.replace(
        "StartTime=00:00:00\nEndTime=00:00:00\n", closed) +
        "[SESSION]\nConnectionType=initiator\nBeginString=FIX.4.4\nSenderCompID=BUY44\n"
        "TargetCompID=SELL\nSocketConnectHost=127.0.0.1\nSocketConnectPort=%d\n" % port)
    code, out, err = initiator(closed_init, None, "--wait", "1")
    check(code == 1 and "connected" not in err, "closed initiator does not connect: %s" % err)


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def test_log_backup(tmp):
    """SIGHUP: every log moves to FileLogBackupPath as QuickFIX's backup files, new ones start,
    and the acceptor goes on serving."""
    port = free_port()
    logs, old = os.path.join(tmp, "bk-logs"), os.path.join(tmp, "bk-old")
    acc = Acceptor(acceptor_cfg(tmp, port, "FileLogPath=%s\nFileLogBackupPath=%s\n" % (logs, old)))
    cfg = initiator_cfg(tmp, port, "FIX.4.4", "BUY44", "ResetOnLogon=Y\n")  # both start at 1 each time
    code, _, err = initiator(cfg, write(os.path.join(tmp, "bk1.txt"), ORDER % ("BK1", 5)))
    check(code == 0, "backup: first initiator exit %d: %s" % (code, err))
    acc.proc.send_signal(signal.SIGHUP)
    deadline = time.time() + 20
    while sum("logs moved aside" in l for l in acc.lines) < 4 and time.time() < deadline:
        time.sleep(0.02)
    check(sum("logs moved aside" in l for l in acc.lines) == 4,
          "backup: three sessions and GLOBAL moved aside: %s" % acc.lines)
    moved = os.path.join(old, "FIX.4.4-SELL-BUY44.messages.backup.1.log")
    current = os.path.join(logs, "FIX.4.4-SELL-BUY44.messages.current.log")
    check(os.path.exists(moved) and b"\x0111=BK1\x01" in read_bytes(moved),
          "backup: the first order is in the moved file: %s" % (os.listdir(old) if os.path.isdir(old) else "none"))
    check(os.path.exists(os.path.join(old, "FIX.4.4-SELL-BUY44.event.backup.1.log")), "backup: event log moved")
    check(os.path.exists(os.path.join(old, "GLOBAL.event.backup.1.log")), "backup: GLOBAL moved")
    check(os.path.exists(current) and os.path.getsize(current) == 0, "backup: a new empty current file")
    code, _, err = initiator(cfg, write(os.path.join(tmp, "bk2.txt"), ORDER % ("BK2", 6)))
    check(code == 0, "backup: the acceptor serves after SIGHUP: exit %d: %s" % (code, err))
    check(acc.stop() == 0, "backup: acceptor exits 0")
    check(os.path.exists(current) and b"\x0111=BK2\x01" in read_bytes(current)
          and b"\x0111=BK1\x01" not in read_bytes(current),
          "backup: the second order in the new file only: %r" % (read_bytes(current)[:3000] if os.path.exists(current) else None))
    check(os.path.exists(moved) and b"\x0111=BK2\x01" not in read_bytes(moved), "backup: moved file unchanged")


def main():
    with tempfile.TemporaryDirectory(dir=os.environ.get("TEST_TMPDIR")) as tmp:
        for test in (test_venue, test_echo_fixt, test_fix50_dictionary, test_bad_settings,
                     test_persistent_stores, test_schedule, test_log_backup):
            print("==", test.__name__, flush=True)
            try:
                test(tmp)
            except Exception as e:  # a crash of the test is a failure, with its reason
                check(False, "%s raised %r" % (test.__name__, e))
    if failures:
        print("%d failures" % len(failures))
        sys.exit(1)
    print("ok")


main()
