#include "benchmarks/quickfix_dictionaries.h"

#include <map>
#include <memory>
#include <mutex>

#include "benchmarks/runfiles_path.h"

namespace fixwire::bench {

std::string DictionaryPath(std::string_view begin_string) {
  std::string file;
  if (begin_string == "FIX.4.2") file = "FIX42.xml";
  if (begin_string == "FIX.4.4") file = "FIX44.xml";
  if (file.empty()) return "";
  return RunfilesPath("codec/dictionaries/" + file);
}

const fixwire_qf::QfDictionary* QuickFixDictionary(std::string_view begin_string,
                                                   std::string* error) {
  struct Entry {
    std::unique_ptr<fixwire_qf::QfDictionary> dictionary;
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
    } else {
      entry.dictionary = fixwire_qf::QfDictionary::Load(path, &entry.error);
      if (!entry.dictionary) entry.error = "QuickFIX rejects " + path + ": " + entry.error;
    }
    it = loaded->emplace(std::string(begin_string), std::move(entry)).first;
  }
  if (!it->second.dictionary && error != nullptr) *error = it->second.error;
  return it->second.dictionary.get();
}

}  // namespace fixwire::bench
