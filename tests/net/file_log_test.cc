// FileLog: QuickFIX's FileLog file names and line layout, every line written
// complete and in order however small the ring, appends on reopen, a clear
// error for a directory it cannot use, no allocation per line on either
// thread, files the fixwire CLI reads, and Backup (QuickFIX's backup file
// names, no line lost while another thread logs).
#include "fixwire/net/file_log.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "fixwire/values/values.h"
#include "gtest/gtest.h"
#include "tests/support/alloc_counter.h"

namespace fixwire::testing {
namespace {

// TmpDir returns an empty directory path for one test (the log creates it).
std::string TmpDir(const std::string& name) {
  const char* base = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(base != nullptr ? base : "/tmp") + "/file_log_test/" + name;
  std::filesystem::remove_all(dir);  // logs append: start from nothing on every run
  return dir;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string::npos) {
      lines.push_back(text.substr(at) + "<no newline>");
      break;
    }
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  return lines;
}

// ParseLine splits "YYYYMMDD-HH:MM:SS.fffffffff : text" (digits: 3, 6 or 9).
bool ParseLine(const std::string& line, int digits, std::int64_t* time_ns, std::string* text) {
  const std::size_t stamp = 17 + 1 + static_cast<std::size_t>(digits);
  if (line.size() < stamp + 3 || line.compare(stamp, 3, " : ") != 0) return false;
  for (std::size_t i = 0; i < stamp; ++i) {
    const char c = line[i];
    const bool want_digit = !(i == 8 || i == 11 || i == 14 || i == 17);
    if (want_digit != (c >= '0' && c <= '9')) return false;
  }
  if (line[8] != '-' || line[11] != ':' || line[14] != ':' || line[17] != '.') return false;
  if (ParseUtcTimestamp(std::string_view(line).substr(0, stamp), time_ns) != ErrorCode::kOk) return false;
  *text = line.substr(stamp + 3);
  return true;
}

std::int64_t WallNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Fix frames a FIX.4.4 message from "35=...|..." fields with '|' for SOH.
std::string Fix(std::string body) {
  for (char& c : body) c = c == '|' ? '\x01' : c;
  std::string m = "8=FIX.4.4\x01" "9=" + std::to_string(body.size()) + "\x01" + body;
  unsigned sum = 0;
  for (unsigned char c : m) sum += c;
  char trailer[16];
  std::snprintf(trailer, sizeof trailer, "10=%03u\x01", sum % 256);
  return m + trailer;
}

TEST(FileLog, SessionPrefixIsQuickFixs) {
  SessionOptions o;
  o.begin_string = "FIX.4.2";
  o.sender_comp_id = "ME";
  o.target_comp_id = "THEM";
  EXPECT_EQ(FileLog::SessionPrefix(o), "FIX.4.2-ME-THEM");
  o.session_qualifier = "Q1";
  EXPECT_EQ(FileLog::SessionPrefix(o), "FIX.4.2-ME-THEM-Q1");
  EXPECT_EQ(FileLog::kGlobalPrefix, "GLOBAL");
}

TEST(FileLog, WritesQuickFixFileNamesAndLines) {
  const std::string dir = TmpDir("layout/nested/dir");  // created with its parents
  const std::string in = Fix("35=D|49=A|56=B|34=2|52=20261206-10:00:00.000|11=X|");
  const std::string out = Fix("35=8|49=B|56=A|34=2|52=20261206-10:00:00.001|11=X|");
  const std::int64_t before = WallNs();
  {
    absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "FIX.4.4-A-B");
    ASSERT_TRUE(log.ok()) << log.status();
    EXPECT_EQ((*log)->messages_path(), dir + "/FIX.4.4-A-B.messages.current.log");
    EXPECT_EQ((*log)->event_path(), dir + "/FIX.4.4-A-B.event.current.log");
    (*log)->OnIncoming(in);
    (*log)->OnOutgoing(out);
    (*log)->OnEvent("Logon");
    (*log)->OnEvent("");
  }
  const std::int64_t after = WallNs();
  const std::vector<std::string> messages = Lines(ReadFile(dir + "/FIX.4.4-A-B.messages.current.log"));
  ASSERT_EQ(messages.size(), 2u);
  std::int64_t t = 0;
  std::string text;
  ASSERT_TRUE(ParseLine(messages[0], 9, &t, &text)) << messages[0];
  EXPECT_EQ(text, in);  // raw, SOH delimiters kept
  EXPECT_GE(t, before);
  EXPECT_LE(t, after);
  ASSERT_TRUE(ParseLine(messages[1], 9, &t, &text)) << messages[1];
  EXPECT_EQ(text, out);
  const std::vector<std::string> events = Lines(ReadFile(dir + "/FIX.4.4-A-B.event.current.log"));
  ASSERT_EQ(events.size(), 2u);
  ASSERT_TRUE(ParseLine(events[0], 9, &t, &text)) << events[0];
  EXPECT_EQ(text, "Logon");
  ASSERT_TRUE(ParseLine(events[1], 9, &t, &text)) << events[1];
  EXPECT_EQ(text, "");
  EXPECT_GE(t, before);
  EXPECT_LE(t, after);
}

TEST(FileLog, MillisecondAndMicrosecondStamps) {
  for (int digits : {3, 6}) {
    const std::string dir = TmpDir("digits" + std::to_string(digits));
    FileLogOptions o;
    o.timestamp_digits = digits;
    const std::int64_t before = WallNs();
    {
      absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "P", o);
      ASSERT_TRUE(log.ok()) << log.status();
      (*log)->OnEvent("hello");
    }
    const std::vector<std::string> events = Lines(ReadFile(dir + "/P.event.current.log"));
    ASSERT_EQ(events.size(), 1u);
    std::int64_t t = 0;
    std::string text;
    ASSERT_TRUE(ParseLine(events[0], digits, &t, &text)) << events[0];
    EXPECT_EQ(text, "hello");
    EXPECT_GE(t, before - 1'000'000);  // truncated to the digits written
    EXPECT_LE(t, WallNs());
  }
  FileLogOptions bad;
  bad.timestamp_digits = 2;
  EXPECT_FALSE(FileLog::Open(TmpDir("digits2"), "P", bad).ok());
}

// The text of line i: lengths vary from 0 to ~300 bytes, wider than the ring's chunks.
std::string LineText(int i) {
  std::string s = "line " + std::to_string(i) + " ";
  s.append(static_cast<std::size_t>(i * 37 % 300), static_cast<char>('a' + i % 26));
  return s;
}

TEST(FileLog, SmallRingWrapsManyTimesAndKeepsEveryLineInOrder) {
  const std::string dir = TmpDir("wrap");
  FileLogOptions o;
  o.ring_bytes = 256;
  o.batch_bytes = 4096;
  constexpr int kLines = 20'000;
  {
    absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "W", o);
    ASSERT_TRUE(log.ok()) << log.status();
    for (int i = 0; i < kLines; ++i) {
      const std::string text = LineText(i);
      if (i % 3 == 0) {
        (*log)->OnEvent(text);
      } else if (i % 3 == 1) {
        (*log)->OnIncoming(text);
      } else {
        (*log)->OnOutgoing(text);
      }
    }
  }
  const std::vector<std::string> messages = Lines(ReadFile(dir + "/W.messages.current.log"));
  const std::vector<std::string> events = Lines(ReadFile(dir + "/W.event.current.log"));
  ASSERT_EQ(messages.size() + events.size(), static_cast<std::size_t>(kLines));
  std::size_t m = 0, e = 0;
  std::int64_t last = 0;
  for (int i = 0; i < kLines; ++i) {
    const std::string& line = i % 3 == 0 ? events[e++] : messages[m++];
    std::int64_t t = 0;
    std::string text;
    ASSERT_TRUE(ParseLine(line, 9, &t, &text)) << "line " << i << ": " << line;
    ASSERT_EQ(text, LineText(i)) << "line " << i;
    if (i % 3 != 0) {
      EXPECT_GE(t, last);  // time never goes back within the file
      last = t;
    }
  }
}

TEST(FileLog, MessageLargerThanTheRing) {
  const std::string dir = TmpDir("large");
  FileLogOptions o;
  o.ring_bytes = 256;
  o.batch_bytes = 4096;
  std::string big = "35=D|";
  for (int i = 0; big.size() < 100'000; ++i) big += "58=" + std::to_string(i) + "|";
  big = Fix(big);
  {
    absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "L", o);
    ASSERT_TRUE(log.ok()) << log.status();
    (*log)->OnIncoming("before");
    (*log)->OnIncoming(big);
    (*log)->OnIncoming("after");
  }
  const std::vector<std::string> lines = Lines(ReadFile(dir + "/L.messages.current.log"));
  ASSERT_EQ(lines.size(), 3u);
  std::int64_t t = 0;
  std::string text;
  ASSERT_TRUE(ParseLine(lines[0], 9, &t, &text));
  EXPECT_EQ(text, "before");
  ASSERT_TRUE(ParseLine(lines[1], 9, &t, &text));
  EXPECT_EQ(text.size(), big.size());
  EXPECT_TRUE(text == big);
  ASSERT_TRUE(ParseLine(lines[2], 9, &t, &text));
  EXPECT_EQ(text, "after");
}

TEST(FileLog, FlushWritesEverythingLoggedSoFar) {
  const std::string dir = TmpDir("flush");
  FileLogOptions o;
  o.max_delay_ms = 60'000;  // the writer would otherwise sleep long: Flush must wake it
  absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "F", o);
  ASSERT_TRUE(log.ok()) << log.status();
  constexpr int kLines = 10'000;
  const std::string message = Fix("35=D|49=A|56=B|34=2|52=20261206-10:00:00.000|11=ORDER|55=EURUSD|");
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kLines; ++i) (*log)->OnIncoming(message);
  const auto logged = std::chrono::steady_clock::now();
  (*log)->Flush();
  const auto flushed = std::chrono::steady_clock::now();
  const std::vector<std::string> lines = Lines(ReadFile(dir + "/F.messages.current.log"));
  EXPECT_EQ(lines.size(), static_cast<std::size_t>(kLines));
  std::printf("10,000 lines of %zu bytes: logged in %lld us, written after %lld us\n", message.size(),
              static_cast<long long>(std::chrono::duration_cast<std::chrono::microseconds>(logged - start).count()),
              static_cast<long long>(std::chrono::duration_cast<std::chrono::microseconds>(flushed - start).count()));
  (*log)->OnEvent("one more");
  (*log)->Flush();
  EXPECT_EQ(Lines(ReadFile(dir + "/F.event.current.log")).size(), 1u);
  (*log)->Flush();  // nothing new: returns at once
  EXPECT_TRUE((*log)->status().ok());
}

TEST(FileLog, ReopeningAppends) {
  const std::string dir = TmpDir("append");
  for (int round = 0; round < 3; ++round) {
    absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "A");
    ASSERT_TRUE(log.ok()) << log.status();
    (*log)->OnOutgoing("round " + std::to_string(round));
  }
  const std::vector<std::string> lines = Lines(ReadFile(dir + "/A.messages.current.log"));
  ASSERT_EQ(lines.size(), 3u);
  for (int round = 0; round < 3; ++round) {
    std::int64_t t = 0;
    std::string text;
    ASSERT_TRUE(ParseLine(lines[round], 9, &t, &text));
    EXPECT_EQ(text, "round " + std::to_string(round));
  }
}

TEST(FileLog, DirectoryItCannotUseIsAClearError) {
  const std::string dir = TmpDir("blocked");
  ASSERT_TRUE(FileLog::Open(dir, "X").ok());  // creates the directory
  // A regular file where a directory should be.
  const std::string file = dir + "/not_a_directory";
  std::ofstream(file) << "x";
  absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(file, "P");
  ASSERT_FALSE(log.ok());
  EXPECT_NE(log.status().message().find(file), std::string::npos) << log.status();
  log = FileLog::Open(file + "/below", "P");
  ASSERT_FALSE(log.ok());
  EXPECT_NE(log.status().message().find("not_a_directory"), std::string::npos) << log.status();
  // A log file that is a directory.
  ASSERT_EQ(::mkdir((dir + "/D.messages.current.log").c_str(), 0755), 0);
  log = FileLog::Open(dir, "D");
  ASSERT_FALSE(log.ok());
  EXPECT_NE(log.status().message().find("D.messages.current.log"), std::string::npos) << log.status();
  // A directory without write permission (not enforced for root).
  if (::geteuid() != 0) {
    const std::string locked = dir + "/locked";
    ASSERT_EQ(::mkdir(locked.c_str(), 0555), 0);
    log = FileLog::Open(locked, "P");
    EXPECT_FALSE(log.ok());
    log = FileLog::Open(locked + "/sub", "P");
    EXPECT_FALSE(log.ok());
  }
  EXPECT_FALSE(FileLog::Open(dir, "").ok());
}

TEST(FileLog, NoAllocationPerLineOnEitherThread) {
  const std::string dir = TmpDir("alloc");
  FileLogOptions o;
  o.ring_bytes = 4096;  // small: the producer waits for room many times
  o.max_delay_ms = 1;
  absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "N", o);
  ASSERT_TRUE(log.ok()) << log.status();
  const std::string message = Fix("35=D|49=A|56=B|34=2|52=20261206-10:00:00.000|11=ORDER|");
  for (int i = 0; i < 1000; ++i) (*log)->OnIncoming(message);  // warm-up
  (*log)->Flush();
  const std::uint64_t process_before = ProcessAllocationCount();
  AllocationScope scope;
  for (int i = 0; i < 50'000; ++i) {
    (*log)->OnIncoming(message);
    if (i % 10 == 0) (*log)->OnEvent("an event");
  }
  (*log)->Flush();
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_EQ(ProcessAllocationCount() - process_before, 0u);
}

// Texts of the lines of a log file, without their time stamps.
std::vector<std::string> Texts(const std::string& path) {
  std::vector<std::string> texts;
  for (const std::string& line : Lines(ReadFile(path))) {
    std::int64_t t = 0;
    std::string text;
    texts.push_back(ParseLine(line, 9, &t, &text) ? text : "<bad line> " + line);
  }
  return texts;
}

bool Exists(const std::string& path) { return std::filesystem::exists(path); }

TEST(FileLog, BackupMovesTheFilesAsideUnderTheFirstFreeNumber) {
  const std::string dir = TmpDir("backup");
  const std::string old = dir + "/old/nested";  // created on the first Backup
  FileLogOptions o;
  o.backup_directory = old;
  absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "FIX.4.4-A-B", o);
  ASSERT_TRUE(log.ok()) << log.status();
  (*log)->OnIncoming("m1");
  (*log)->OnEvent("e1");
  ASSERT_TRUE((*log)->Backup().ok());
  EXPECT_EQ(Texts(old + "/FIX.4.4-A-B.messages.backup.1.log"), std::vector<std::string>{"m1"});
  EXPECT_EQ(Texts(old + "/FIX.4.4-A-B.event.backup.1.log"), std::vector<std::string>{"e1"});
  EXPECT_EQ(ReadFile((*log)->messages_path()), "");  // new and empty
  EXPECT_EQ(ReadFile((*log)->event_path()), "");
  (*log)->OnOutgoing("m2");
  ASSERT_TRUE((*log)->Backup().ok());
  EXPECT_EQ(Texts(old + "/FIX.4.4-A-B.messages.backup.2.log"), std::vector<std::string>{"m2"});
  EXPECT_EQ(ReadFile(old + "/FIX.4.4-A-B.event.backup.2.log"), "");
  // Number 3 is taken by one file of the pair: the next free pair is 4.
  std::ofstream(old + "/FIX.4.4-A-B.event.backup.3.log") << "someone else's";
  (*log)->OnIncoming("m3");
  ASSERT_TRUE((*log)->Backup().ok());
  EXPECT_FALSE(Exists(old + "/FIX.4.4-A-B.messages.backup.3.log"));
  EXPECT_EQ(ReadFile(old + "/FIX.4.4-A-B.event.backup.3.log"), "someone else's");
  EXPECT_EQ(Texts(old + "/FIX.4.4-A-B.messages.backup.4.log"), std::vector<std::string>{"m3"});
  (*log)->OnIncoming("m4");
  log->reset();
  EXPECT_EQ(Texts(dir + "/FIX.4.4-A-B.messages.current.log"), std::vector<std::string>{"m4"});
}

TEST(FileLog, BackupWithoutABackupDirectoryStaysInTheLogDirectory) {
  const std::string dir = TmpDir("backup_here");
  absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "P");
  ASSERT_TRUE(log.ok()) << log.status();
  (*log)->OnIncoming("before");
  ASSERT_TRUE((*log)->Backup().ok());
  (*log)->OnIncoming("after");
  log->reset();
  EXPECT_EQ(Texts(dir + "/P.messages.backup.1.log"), std::vector<std::string>{"before"});
  EXPECT_EQ(Texts(dir + "/P.messages.current.log"), std::vector<std::string>{"after"});
}

TEST(FileLog, BackupThatCannotMoveIsAnErrorAndTheLogGoesOn) {
  const std::string dir = TmpDir("backup_blocked");
  FileLogOptions o;
  o.backup_directory = dir + "/not_a_directory";
  absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "P", o);
  ASSERT_TRUE(log.ok()) << log.status();
  std::ofstream(o.backup_directory) << "x";  // a regular file where the directory should be
  (*log)->OnIncoming("one");
  const absl::Status s = (*log)->Backup();
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("not_a_directory"), std::string::npos) << s;
  (*log)->OnIncoming("two");
  log->reset();
  EXPECT_EQ(Texts(dir + "/P.messages.current.log"), (std::vector<std::string>{"one", "two"}));
}

// Another thread logs numbered lines through a small ring while this one
// backs the files up again and again: the backups and the current file,
// read in order, hold every line once, whole and in order.
TEST(FileLog, BackupWhileAnotherThreadLogsLosesNoLine) {
  const std::string dir = TmpDir("backup_concurrent");
  FileLogOptions o;
  o.ring_bytes = 4096;
  o.max_delay_ms = 1;
  absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "C", o);
  ASSERT_TRUE(log.ok()) << log.status();
  constexpr int kLines = 20'000;
  constexpr int kBackups = 8;
  std::atomic<int> logged{0};
  std::thread producer([&] {
    for (int i = 0; i < kLines; ++i) {
      (*log)->OnIncoming("line " + std::to_string(i) + std::string(static_cast<std::size_t>(i % 97), 'x'));
      logged.store(i + 1, std::memory_order_release);
    }
  });
  for (int b = 0; b < kBackups; ++b) {
    while (logged.load(std::memory_order_acquire) < (b + 1) * kLines / (kBackups + 1)) {
      std::this_thread::yield();
    }
    ASSERT_TRUE((*log)->Backup().ok());
  }
  producer.join();
  log->reset();
  std::vector<std::string> all;
  for (int b = 1; b <= kBackups; ++b) {
    const std::string path = dir + "/C.messages.backup." + std::to_string(b) + ".log";
    EXPECT_TRUE(Exists(path)) << path;  // possibly empty: the producer may not have run since
    const std::vector<std::string> part = Texts(path);
    all.insert(all.end(), part.begin(), part.end());
    // Every line logged before Backup number b was called is in backups 1..b.
    EXPECT_GE(all.size(), static_cast<std::size_t>(b * kLines / (kBackups + 1))) << "backup " << b;
  }
  const std::vector<std::string> current = Texts(dir + "/C.messages.current.log");
  all.insert(all.end(), current.begin(), current.end());
  ASSERT_EQ(all.size(), static_cast<std::size_t>(kLines));
  for (int i = 0; i < kLines; ++i) {
    ASSERT_EQ(all[static_cast<std::size_t>(i)],
              "line " + std::to_string(i) + std::string(static_cast<std::size_t>(i % 97), 'x'));
  }
}

// The CLI reads what FileLog writes: `fixwire print` shows every message.
TEST(FileLog, FixwirePrintReadsTheLog) {
  const std::string dir = TmpDir("cli");
  {
    absl::StatusOr<std::unique_ptr<FileLog>> log = FileLog::Open(dir, "FIX.4.4-A-B");
    ASSERT_TRUE(log.ok()) << log.status();
    for (int i = 0; i < 5; ++i) {
      (*log)->OnOutgoing(Fix("35=D|49=A|56=B|34=" + std::to_string(i + 2) +
                             "|52=20261206-10:00:00.000|11=ORDER" + std::to_string(i) +
                             "|21=1|55=EURUSD|54=1|60=20261206-10:00:00.000|38=100|40=1|"));
    }
  }
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  ASSERT_NE(srcdir, nullptr);
  const std::string cli =
      std::string(srcdir) + "/" + (workspace != nullptr ? workspace : "fixwire") + "/tools/fixwire";
  const std::string out_path = dir + "/print.txt";
  const std::string command =
      cli + " print " + dir + "/FIX.4.4-A-B.messages.current.log > " + out_path + " 2>&1";
  const int rc = std::system(command.c_str());
  const std::string printed = ReadFile(out_path);
  EXPECT_EQ(rc, 0) << printed;
  for (int i = 0; i < 5; ++i) {
    EXPECT_NE(printed.find("ORDER" + std::to_string(i)), std::string::npos) << printed;
  }
  EXPECT_NE(printed.find("NewOrderSingle"), std::string::npos) << printed;
  EXPECT_EQ(printed.find("bad_begin_string"), std::string::npos) << printed;
  const std::string validate = cli + " validate " + dir + "/FIX.4.4-A-B.messages.current.log > " +
                               out_path + " 2>&1";
  EXPECT_EQ(std::system(validate.c_str()), 0) << ReadFile(out_path);
}

}  // namespace
}  // namespace fixwire::testing
