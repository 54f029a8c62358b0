// quickfix_filestore_writer.cc: WriteQuickFixFileStore with FIX::FileStore.
#include "tests/store/quickfix_filestore_writer.h"

#include <quickfix/FileStore.h>
#include <quickfix/SessionID.h>

namespace fixwire {
namespace testing {

std::int64_t WriteQuickFixFileStore(const std::string& directory, const std::string& begin,
                                    const std::string& sender, const std::string& target,
                                    const QuickFixStoreContent& content) {
  try {
    FIX::FileStore store(directory, FIX::SessionID(begin, sender, target));
    for (const auto& m : content.messages) store.set(m.first, m.second);
    store.setNextSenderMsgSeqNum(content.next_sender);
    store.setNextTargetMsgSeqNum(content.next_target);
    return static_cast<std::int64_t>(store.getCreationTime().getTimeT());
  } catch (const std::exception&) {
    return -1;
  }
}

std::string ReadQuickFixMessage(const std::string& directory, const std::string& begin,
                                const std::string& sender, const std::string& target, int seq) {
  FIX::FileStore store(directory, FIX::SessionID(begin, sender, target));
  std::vector<std::string> out;
  store.get(seq, seq, out);
  return out.empty() ? std::string() : out.front();
}

}  // namespace testing
}  // namespace fixwire
