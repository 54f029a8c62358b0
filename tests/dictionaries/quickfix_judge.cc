#include "tests/dictionaries/quickfix_judge.h"

#include <map>
#include <memory>

#include "quickfix/DataDictionary.h"
#include "quickfix/Exceptions.h"

namespace fixwire_qfjudge {
namespace {

struct Loaded {
  std::unique_ptr<FIX::DataDictionary> dictionary;
  std::string error;
};

const Loaded& Load(const std::string& path) {
  static std::map<std::string, Loaded>* cache = new std::map<std::string, Loaded>();
  auto it = cache->find(path);
  if (it != cache->end()) return it->second;
  Loaded loaded;
  try {
    loaded.dictionary.reset(new FIX::DataDictionary(path));
  } catch (const std::exception& e) {
    loaded.error = std::string("QuickFIX could not load ") + path + ": " + e.what();
  }
  return cache->emplace(path, std::move(loaded)).first->second;
}

template <typename E>
QuickFixVerdict Rejected(const E& e, int reason) {
  QuickFixVerdict v;
  v.reject_reason = reason;
  v.tag = e.field;
  v.text = e.what();
  return v;
}

}  // namespace

const FIX::DataDictionary* LoadedDictionary(const std::string& path, std::string* error) {
  const Loaded& loaded = Load(path);
  if (error != nullptr) *error = loaded.error;
  return loaded.dictionary.get();
}

QuickFixVerdict Judge(const std::function<void()>& parse_and_validate) {
  QuickFixVerdict verdict;
  try {
    parse_and_validate();
    verdict.ok = true;
  } catch (const FIX::FieldNotFound& e) {
    return Rejected(e, 1);
  } catch (const FIX::InvalidTagNumber& e) {
    return Rejected(e, 0);
  } catch (const FIX::RequiredTagMissing& e) {
    return Rejected(e, 1);
  } catch (const FIX::TagNotDefinedForMessage& e) {
    return Rejected(e, 2);
  } catch (const FIX::NoTagValue& e) {
    return Rejected(e, 4);
  } catch (const FIX::IncorrectTagValue& e) {
    return Rejected(e, 5);
  } catch (const FIX::IncorrectDataFormat& e) {
    return Rejected(e, 6);
  } catch (const FIX::RepeatedTag& e) {
    return Rejected(e, 13);
  } catch (const FIX::TagOutOfOrder& e) {
    return Rejected(e, 14);
  } catch (const FIX::RepeatingGroupCountMismatch& e) {
    return Rejected(e, 16);
  } catch (const FIX::InvalidMessageType& e) {
    verdict.reject_reason = 11;
    verdict.text = e.what();
  } catch (const FIX::UnsupportedVersion& e) {
    verdict.text = std::string("unsupported version: ") + e.what();
  } catch (const std::exception& e) {
    verdict.text = e.what();
  }
  return verdict;
}

int GroupDelimiter(const std::string& path, const std::string& msgtype, int count_tag) {
  const FIX::DataDictionary* dictionary = LoadedDictionary(path, nullptr);
  if (dictionary == nullptr) return 0;
  int delimiter = 0;
  const FIX::DataDictionary* group = nullptr;
  if (!dictionary->getGroup(msgtype, count_tag, delimiter, group)) return 0;
  return delimiter;
}

bool IsMsgField(const std::string& path, const std::string& msgtype, int tag) {
  const FIX::DataDictionary* dictionary = LoadedDictionary(path, nullptr);
  return dictionary != nullptr && dictionary->isMsgField(msgtype, tag);
}

}  // namespace fixwire_qfjudge
