// replay_main.cc: a main() that runs a libFuzzer target over files, without libFuzzer.
//
// Linked into every fuzz target's `<name>_replay_test` (and into the fuzz
// binary itself when not building with --config=fuzz), so an ordinary gcc
// build replays the committed corpus: `./bazelw test //tests/fuzz:all`.
//
// Usage: <binary> PATH...   Each PATH is a file or a directory; directories are
// walked recursively and every regular file is passed, in sorted path order, to
// LLVMFuzzerTestOneInput (after LLVMFuzzerInitialize, when the target defines
// it). Exits 0 after replaying at least one file; 1 when no file was found (an
// empty corpus is a build mistake, not a pass) or a path cannot be read. A
// finding aborts the process, exactly as under libFuzzer.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

bool CollectFiles(const std::filesystem::path& root, std::vector<std::filesystem::path>* out) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(root, ec)) {
    out->push_back(root);
    return true;
  }
  if (!std::filesystem::is_directory(root, ec)) {
    std::fprintf(stderr, "replay: %s is neither a file nor a directory\n", root.c_str());
    return false;
  }
  for (std::filesystem::recursive_directory_iterator it(
           root, std::filesystem::directory_options::follow_directory_symlink, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) out->push_back(it->path());
  }
  if (ec) {
    std::fprintf(stderr, "replay: cannot walk %s: %s\n", root.c_str(), ec.message().c_str());
    return false;
  }
  return true;
}

bool ReadFile(const std::filesystem::path& path, std::vector<std::uint8_t>* bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-') continue;  // libFuzzer-style flags are ignored here
    if (!CollectFiles(argv[i], &files)) return 1;
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::fprintf(stderr, "replay: no input files given (usage: %s DIR_OR_FILE...)\n", argv[0]);
    return 1;
  }
  std::vector<std::uint8_t> bytes;
  for (const std::filesystem::path& path : files) {
    if (!ReadFile(path, &bytes)) {
      std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
      return 1;
    }
    // An exact-size heap copy (as libFuzzer passes), so a read one past the
    // end is caught by ASan and no spare capacity can hide it.
    std::unique_ptr<std::uint8_t[]> exact(new std::uint8_t[bytes.size()]);
    std::copy(bytes.begin(), bytes.end(), exact.get());
    LLVMFuzzerTestOneInput(exact.get(), bytes.size());
  }
  std::fprintf(stderr, "replay: %zu inputs replayed without a finding\n", files.size());
  return 0;
}
