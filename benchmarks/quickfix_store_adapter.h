// quickfix_store_adapter.h: QuickFIX 1.15's MemoryStore and FileStore behind
// a plain interface, for the store_benchmark's quickfix/* rows (QuickFIX's
// headers need C++14, so the implementation is compiled apart).
#ifndef FIXWIRE_BENCHMARKS_QUICKFIX_STORE_ADAPTER_H_
#define FIXWIRE_BENCHMARKS_QUICKFIX_STORE_ADAPTER_H_

#include <cstddef>
#include <memory>
#include <string>

namespace fixwire::bench {

class QuickFixStoreAdapter {
 public:
  enum class Kind { kMemory, kFile };
  // kFile: FIX::FileStore in `directory` (session FIX.4.2-US-THEM).
  QuickFixStoreAdapter(Kind kind, const std::string& directory);
  ~QuickFixStoreAdapter();

  bool Set(int seq, const std::string& message);
  // get(begin, end): the bytes of the messages returned.
  std::size_t Get(int begin, int end);
  void Reset();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_QUICKFIX_STORE_ADAPTER_H_
