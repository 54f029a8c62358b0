#include "benchmarks/runfiles_path.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <vector>

namespace fixwire::bench {
namespace {

bool Readable(const std::string& path) { return std::ifstream(path).good(); }

std::string SelfPath() {
  char buffer[4096];
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : std::string();
}

}  // namespace

std::string RunfilesPath(const std::string& workspace_relative) {
  std::vector<std::string> candidates = {workspace_relative};
  for (const char* var : {"RUNFILES_DIR", "TEST_SRCDIR"}) {
    if (const char* dir = std::getenv(var)) {
      candidates.push_back(std::string(dir) + "/fixwire/" + workspace_relative);
    }
  }
  const std::string self = SelfPath();
  if (!self.empty()) candidates.push_back(self + ".runfiles/fixwire/" + workspace_relative);
  if (const char* ws = std::getenv("BUILD_WORKSPACE_DIRECTORY")) {
    candidates.push_back(std::string(ws) + "/" + workspace_relative);
  }
  for (const std::string& c : candidates) {
    if (Readable(c)) return c;
  }
  return "";
}

}  // namespace fixwire::bench
