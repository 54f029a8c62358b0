// Runs every conversation script in tests/session/scripts/ for each FIX
// version and role it names (see script_runner.h for the format). The
// scripts follow the FIX session-level test cases; each names its case.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/session/script_runner.h"

namespace fixwire::testing {
namespace {

std::filesystem::path ScriptDir() {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  std::filesystem::path p = srcdir != nullptr ? std::filesystem::path(srcdir) /
                                                    (workspace ? workspace : "fixwire")
                                              : std::filesystem::path(".");
  return p / "tests/session/scripts";
}

std::string Read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(SessionScripts, EveryScriptPassesForEveryVersionAndRole) {
  std::vector<std::filesystem::path> scripts;
  for (const auto& e : std::filesystem::directory_iterator(ScriptDir())) {
    if (e.path().extension() == ".script") scripts.push_back(e.path());
  }
  std::sort(scripts.begin(), scripts.end());
  ASSERT_GE(scripts.size(), 8u) << "scripts not found in " << ScriptDir();
  int runs = 0;
  for (const auto& path : scripts) {
    const std::string text = Read(path);
    const ScriptHeader h = ReadScriptHeader(text);
    for (const std::string& version : h.versions) {
      for (const std::string& role : h.roles) {
        const std::string failure = RunScript(text, version, role);
        EXPECT_EQ(failure, "") << path.filename().string() << " " << version << " " << role;
        ++runs;
      }
    }
  }
  std::printf("%d script runs\n", runs);
}

// The runner itself must fail on a wrong expectation: a script that expects
// the wrong Logon answer fails.
TEST(SessionScripts, AWrongExpectationFails) {
  const std::string script = "connect\nrecv 35=A|34=1|98=0|108=30\nexpect 35=A|34=2\n";
  EXPECT_NE(RunScript(script, "FIX.4.4", "acceptor"), "");
  EXPECT_NE(RunScript("logon\nexpect-disconnect\n", "FIX.4.2", "initiator"), "");
  EXPECT_NE(RunScript("logon\nexpect 35=0\n", "FIX.4.2", "initiator"), "");
}

}  // namespace
}  // namespace fixwire::testing
