// store_crash_test.cc: real crashes. A child process (fork) opens a store on
// real files under $TEST_TMPDIR, appends messages and reports through a pipe
// each message number the store says is durable (durable_seq); the parent
// kills it with SIGKILL at a random moment (during recovery, mid-append,
// mid-fdatasync, mid-segment roll), reopens the store and checks:
//   - every acknowledged message is there, byte for byte;
//   - what is there is exactly messages 1..last (a prefix of what was written);
//   - no corrupt record is returned (Visit verifies every checksum);
//   - the next inbound number is the one stored with the last message (or the
//     SetNextTargetSeq after it): the answer and the number it answers
//     survive together;
//   - the creation time is the session's.
// The child resets the session past 3,000 messages (a kill may land inside the
// Reset: the store then holds the old session or the new one, whole). A second
// test kills the child deterministically after every step count.
//
// Half the random kills count their delay from the fork (they land in
// process start-up and recovery as often as in writing); the other half count
// it from the child's "opened" report, so that every one lands while the
// store writes, even when a sanitized child takes milliseconds to start.
//
// Kills per mode: --kills=N (default 50). The long run (1,000 per mode) is
// //tests/store:store_crash_test_long (tagged manual), see docs/stores.md.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <thread>

#include "fixwire/store/store_factory.h"
#include "gtest/gtest.h"
#include "tests/store/store_test_util.h"

namespace fixwire {
namespace {

using testing::TestMessage;
using testing::TestNextTarget;

int g_kills = 50;

// The child resets the store (a new session) past this many messages, and
// then reports kResetDone instead of a number.
constexpr std::uint64_t kResetAfter = 3000;
constexpr std::uint64_t kResetDone = ~0ull;
// The child reports this once, when its store is open and recovered.
constexpr std::uint64_t kOpenedReport = ~0ull - 1;

// Where a random kill's delay counts from.
enum class KillFrom { kFork, kOpened };

struct ChildResult {
  std::uint64_t acked = 0;  // the highest durable number since the last reset
  int resets = 0;           // Resets that returned in the child
  bool opened = false;      // the child reported its store open
};

// Reads one whole 8-byte value from `fd`; false at end of file.
bool ReadValue(int fd, std::uint64_t* value) {
  std::size_t have = 0;
  while (have < sizeof *value) {
    const ssize_t n = read(fd, reinterpret_cast<char*>(value) + have, sizeof *value - have);
    if (n <= 0) return false;
    have += static_cast<std::size_t>(n);
  }
  return true;
}


class StoreCrashTest : public ::testing::TestWithParam<testing::Mode> {
 protected:
  void SetUp() override {
    options_.type = GetParam().type;
    options_.sync = GetParam().sync;
    options_.directory = testing::FreshDirectory(std::string("crash_") + GetParam().name);
    options_.session_id = "FIX.4.4-US-THEM";
    options_.segment_bytes = 256 << 10;  // rolls every ~1,000 messages
    options_.group_size = 8;
    // The session's creation time before any child runs: a first child may
    // already reset it, and that Reset must be counted against this one.
    auto opened = OpenStore(options_);
    ASSERT_TRUE(opened.ok()) << opened.status();
    creation_ = (*opened)->creation_time_ns();
  }

  bool slow() const {
    return GetParam().sync == StoreSync::kFsync || GetParam().sync == StoreSync::kGroup;
  }

  // The child: open, then append (and now and then move the inbound number
  // on) until `max_steps` steps, acknowledging durable numbers. Never returns.
  [[noreturn]] void Child(int ack_fd, int max_steps) {
    auto opened = OpenStore(options_);
    if (!opened.ok()) _exit(10);
    MessageStore& store = **opened;
    if (write(ack_fd, &kOpenedReport, sizeof kOpenedReport) != sizeof kOpenedReport) _exit(14);
    std::uint64_t salt = static_cast<std::uint64_t>(store.creation_time_ns());
    std::uint64_t seq = store.next_sender_seq();
    std::uint64_t acked = store.durable_seq();
    for (int step = 0; step < max_steps; ++step) {
      if (seq > kResetAfter) {
        // A new FIX session, the creation time one later: kills land in
        // the middle of resets too.
        if (store.Reset(store.creation_time_ns() + 1) != StoreStatus::kOk) _exit(15);
        if (write(ack_fd, &kResetDone, sizeof kResetDone) != sizeof kResetDone) _exit(14);
        salt = static_cast<std::uint64_t>(store.creation_time_ns());
        seq = 1;
        acked = 0;
      } else if (step % 16 == 15) {
        if (store.SetNextTargetSeq(TestNextTarget(seq - 1) + 1) != StoreStatus::kOk) _exit(11);
      } else {
        if (store.Append(seq, TestMessage(seq, salt), TestNextTarget(seq)) != StoreStatus::kOk) {
          _exit(12);
        }
        ++seq;
        // Sync none of the file store buffers in the process: push it out
        // every 8 messages (durable_seq then covers them).
        if (GetParam().type == StoreType::kFile && GetParam().sync == StoreSync::kNone &&
            seq % 8 == 0 && store.Sync() != StoreStatus::kOk) {
          _exit(13);
        }
      }
      if (store.durable_seq() != acked) {
        acked = store.durable_seq();
        if (write(ack_fd, &acked, sizeof acked) != sizeof acked) _exit(14);
      }
    }
    raise(SIGKILL);
    for (;;) pause();
  }

  // Forks a child, kills it `delay_us` after `from` (or lets it kill itself
  // after `max_steps`), returns the highest number it acknowledged.
  ChildResult RunChild(int delay_us, int max_steps, KillFrom from = KillFrom::kFork) {
    int fds[2];
    EXPECT_EQ(pipe2(fds, O_CLOEXEC), 0);
    const pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      Child(fds[1], max_steps);
    }
    close(fds[1]);
    ChildResult result;
    const auto take = [&result](std::uint64_t value) {
      if (value == kOpenedReport) {
        result.opened = true;
      } else if (value == kResetDone) {
        ++result.resets;
        result.acked = 0;
      } else {
        result.acked = std::max(result.acked, value);
      }
    };
    std::uint64_t value = 0;
    bool open = true;  // the pipe has not ended
    if (delay_us >= 0) {
      if (from == KillFrom::kOpened) {
        // The opened report is the child's first; a child that fails to open
        // exits and ends the pipe instead.
        while (!result.opened && (open = ReadValue(fds[0], &value))) take(value);
      }
      std::this_thread::sleep_for(std::chrono::microseconds(delay_us));
      kill(pid, SIGKILL);
    }
    while (open && (open = ReadValue(fds[0], &value))) take(value);
    close(fds[0]);
    int status = 0;
    EXPECT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        << "child exited with " << (WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return result;
  }

  // Reopens the store after a kill and checks it; returns the last number.
  std::uint64_t Verify(const ChildResult& child, std::uint64_t previous_last) {
    std::uint64_t acked = child.acked;
    std::string report;
    options_.recovery_report = &report;
    auto opened = OpenStore(options_);
    options_.recovery_report = nullptr;
    EXPECT_TRUE(opened.ok()) << opened.status();
    if (!opened.ok()) return previous_last;
    MessageStore& store = **opened;
    if (!report.empty()) ++torn_;
    // Each Reset that returned is there; one more may be, if the kill
    // landed inside a Reset after its new generation was in place.
    const std::int64_t delta = store.creation_time_ns() - creation_;
    EXPECT_TRUE(delta == child.resets || delta == child.resets + 1)
        << "the child's Resets that returned: " << child.resets << ", found: " << delta;
    if (delta > 0) {
      creation_ += delta;
      resets_ += static_cast<int>(delta);
      previous_last = 0;
      // Numbers acknowledged before a Reset the child did not report belong
      // to the old session.
      if (delta > child.resets) acked = 0;
    }
    EXPECT_EQ(store.creation_time_ns(), creation_);
    const auto salt = static_cast<std::uint64_t>(creation_);
    class Checker final : public MessageVisitor {
     public:
      explicit Checker(std::uint64_t s) : salt_(s) {}
      bool OnStoredMessage(std::uint64_t seq, std::string_view bytes) noexcept override {
        if (seq != last + 1 || bytes != TestMessage(seq, salt_)) {
          bad = seq;
          return false;
        }
        last = seq;
        return true;
      }
      std::uint64_t last = 0, bad = 0;

     private:
      std::uint64_t salt_;
    } checker(salt);
    EXPECT_EQ(store.Visit(1, ~0ull, checker), StoreStatus::kOk);
    EXPECT_EQ(checker.bad, 0u) << "message " << checker.bad << " missing or different";
    const std::uint64_t last = checker.last;
    EXPECT_GE(last, acked) << "an acknowledged message was lost";
    EXPECT_GE(last, previous_last) << "a recovered message was lost";
    EXPECT_EQ(store.next_sender_seq(), last + 1);
    if (last == 0) {
      EXPECT_EQ(store.next_target_seq(), 1u);
    } else {
      const std::uint64_t t = store.next_target_seq();
      EXPECT_TRUE(t == TestNextTarget(last) || t == TestNextTarget(last) + 1)
          << "next target " << t << " does not go with message " << last;
    }
    return last;
  }

  StoreOptions options_;
  std::int64_t creation_ = 0;
  int torn_ = 0;
  int resets_ = 0;
};

TEST_P(StoreCrashTest, RandomKills) {
  std::mt19937 rng(static_cast<unsigned>(std::hash<std::string>()(GetParam().name)));
  const int max_delay_us = slow() ? 40000 : 4000;
  std::uint64_t last = 0, acked_total = 0;
  int after_open = 0;  // kills that landed after the child's store was open
  for (int kill_no = 0; kill_no < g_kills && !HasFailure(); ++kill_no) {
    const KillFrom from = kill_no % 2 == 0 ? KillFrom::kFork : KillFrom::kOpened;
    const ChildResult child = RunChild(static_cast<int>(rng() % max_delay_us), 1 << 30, from);
    acked_total += child.acked;
    if (child.opened) ++after_open;
    last = Verify(child, last);
  }
  // Every kill counted from the open lands after it.
  EXPECT_GE(after_open, g_kills / 2);
  std::printf(
      "%s: %d kills survived (%d after the store was open), %d recoveries cut a torn record, "
      "%d session resets, %llu acknowledged (summed over kills: the highest number each)\n",
      GetParam().name, g_kills, after_open, torn_, resets_,
      static_cast<unsigned long long>(acked_total));
}

TEST_P(StoreCrashTest, KillAfterEveryStep) {
  std::uint64_t last = 0;
  for (int steps = 0; steps <= 40 && !HasFailure(); ++steps) {
    last = Verify(RunChild(-1, steps), last);
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, StoreCrashTest, ::testing::ValuesIn(testing::kPersistentModes),
                         [](const auto& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace fixwire

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--kills=", 8) == 0) fixwire::g_kills = std::atoi(argv[i] + 8);
  }
  return RUN_ALL_TESTS();
}
