// quickfix_store_adapter.cc: QuickFixStoreAdapter over FIX::MemoryStore / FIX::FileStore.
#include "benchmarks/quickfix_store_adapter.h"

#include <quickfix/FileStore.h>
#include <quickfix/MessageStore.h>
#include <quickfix/SessionID.h>

#include <vector>

namespace fixwire {
namespace bench {

struct QuickFixStoreAdapter::Impl {
  std::unique_ptr<FIX::MessageStore> store;
  std::vector<std::string> out;
};

QuickFixStoreAdapter::QuickFixStoreAdapter(Kind kind, const std::string& directory)
    : impl_(new Impl) {
  if (kind == Kind::kMemory) {
    impl_->store.reset(new FIX::MemoryStore());
  } else {
    impl_->store.reset(new FIX::FileStore(directory, FIX::SessionID("FIX.4.2", "US", "THEM")));
  }
}

QuickFixStoreAdapter::~QuickFixStoreAdapter() = default;

bool QuickFixStoreAdapter::Set(int seq, const std::string& message) {
  return impl_->store->set(seq, message);
}

std::size_t QuickFixStoreAdapter::Get(int begin, int end) {
  impl_->out.clear();
  impl_->store->get(begin, end, impl_->out);
  std::size_t bytes = 0;
  for (const std::string& m : impl_->out) bytes += m.size();
  return bytes;
}

void QuickFixStoreAdapter::Reset() { impl_->store->reset(); }

}  // namespace bench
}  // namespace fixwire
