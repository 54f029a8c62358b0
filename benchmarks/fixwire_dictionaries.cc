#include "benchmarks/fixwire_dictionaries.h"

#include <map>
#include <memory>
#include <mutex>

#include "benchmarks/quickfix_dictionaries.h"
#include "fixwire/dictionary/dictionary_loader.h"

namespace fixwire::bench {

const Dictionary* FixwireDictionary(std::string_view begin_string, std::string* error) {
  struct Entry {
    std::unique_ptr<Dictionary> dictionary;
    std::string error;
  };
  static std::mutex mu;
  static auto* loaded = new std::map<std::string, Entry, std::less<>>();
  std::lock_guard<std::mutex> lock(mu);
  auto it = loaded->find(begin_string);
  if (it == loaded->end()) {
    Entry entry;
    const std::string path = DictionaryPath(begin_string);
    if (path.empty()) {
      entry.error = "no dictionary file for " + std::string(begin_string);
    } else if (auto d = LoadDictionaryFile(path); d.ok()) {
      entry.dictionary = std::make_unique<Dictionary>(*std::move(d));
    } else {
      entry.error = std::string(d.status().message());
    }
    it = loaded->emplace(std::string(begin_string), std::move(entry)).first;
  }
  if (!it->second.dictionary && error != nullptr) *error = it->second.error;
  return it->second.dictionary.get();
}

}  // namespace fixwire::bench
