// quickfix_filestore_writer.h: makes a real QuickFIX FileStore directory with
// Debian's libquickfix (FIX::FileStore), for the import test. Plain C++ types
// only: the implementation is C++14 (QuickFIX's headers need it).
#ifndef FIXWIRE_TESTS_STORE_QUICKFIX_FILESTORE_WRITER_H_
#define FIXWIRE_TESTS_STORE_QUICKFIX_FILESTORE_WRITER_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace fixwire::testing {

struct QuickFixStoreContent {
  std::vector<std::pair<int, std::string>> messages;  // set(seq, message), in this order
  int next_sender = 1;
  int next_target = 1;
};

// Writes `content` through FIX::FileStore(directory, SessionID(begin, sender,
// target)) and returns the store's creation time in seconds since the epoch
// (-1 on a QuickFIX exception).
std::int64_t WriteQuickFixFileStore(const std::string& directory, const std::string& begin,
                                    const std::string& sender, const std::string& target,
                                    const QuickFixStoreContent& content);

// Reads message `seq` back through FIX::FileStore::get ("" if absent).
std::string ReadQuickFixMessage(const std::string& directory, const std::string& begin,
                                const std::string& sender, const std::string& target, int seq);

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_STORE_QUICKFIX_FILESTORE_WRITER_H_
