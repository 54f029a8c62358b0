#include "tests/dictionaries/fix4_quickfix.h"

#include <map>
#include <memory>

#include "quickfix/DataDictionary.h"
#include "quickfix/Exceptions.h"
#include "quickfix/Message.h"

namespace fixwire_fix4test {
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
    if (loaded.error.empty()) loaded.error = "unknown error";
  }
  return cache->emplace(path, std::move(loaded)).first->second;
}

}  // namespace

std::string QuickFixLoadError(const std::string& path) { return Load(path).error; }

std::string QuickFixBeginString(const std::string& path) {
  const Loaded& loaded = Load(path);
  if (!loaded.dictionary) return "";
  return loaded.dictionary->getVersion();
}

QuickFixVerdict QuickFixValidate(const std::string& path, const std::string& raw) {
  QuickFixVerdict verdict;
  const Loaded& loaded = Load(path);
  if (!loaded.dictionary) {
    verdict.text = loaded.error;
    return verdict;
  }
  try {
    FIX::Message message(raw, *loaded.dictionary, true);
    FIX::DataDictionary::validate(message, loaded.dictionary.get(), loaded.dictionary.get());
    verdict.ok = true;
  } catch (const FIX::FieldNotFound& e) {
    verdict.reject_reason = 1;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::InvalidTagNumber& e) {
    verdict.reject_reason = 0;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::RequiredTagMissing& e) {
    verdict.reject_reason = 1;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::TagNotDefinedForMessage& e) {
    verdict.reject_reason = 2;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::NoTagValue& e) {
    verdict.reject_reason = 4;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::IncorrectTagValue& e) {
    verdict.reject_reason = 5;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::IncorrectDataFormat& e) {
    verdict.reject_reason = 6;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::InvalidMessageType& e) {
    verdict.reject_reason = 11;
    verdict.text = e.what();
  } catch (const FIX::TagOutOfOrder& e) {
    verdict.reject_reason = 14;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::RepeatedTag& e) {
    verdict.reject_reason = 13;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::RepeatingGroupCountMismatch& e) {
    verdict.reject_reason = 16;
    verdict.tag = e.field;
    verdict.text = e.what();
  } catch (const FIX::UnsupportedVersion& e) {
    verdict.text = std::string("unsupported version: ") + e.what();
  } catch (const std::exception& e) {
    verdict.text = e.what();
  }
  return verdict;
}

std::string QuickFixRoundTrip(const std::string& path, const std::string& raw) {
  const Loaded& loaded = Load(path);
  if (!loaded.dictionary) return "";
  try {
    FIX::Message message(raw, *loaded.dictionary, false);
    return message.toString();
  } catch (const std::exception&) {
    return "";
  }
}

bool QuickFixIsMsgField(const std::string& path, const std::string& msgtype, int tag) {
  const Loaded& loaded = Load(path);
  return loaded.dictionary && loaded.dictionary->isMsgField(msgtype, tag);
}

int QuickFixGroupDelimiter(const std::string& path, const std::string& msgtype, int count_tag) {
  const Loaded& loaded = Load(path);
  if (!loaded.dictionary) return 0;
  int delimiter = 0;
  const FIX::DataDictionary* group = nullptr;
  if (!loaded.dictionary->getGroup(msgtype, count_tag, delimiter, group)) return 0;
  return delimiter;
}

int QuickFixNestedGroupDelimiter(const std::string& path, const std::string& msgtype, int outer_count,
                                 int inner_count) {
  const Loaded& loaded = Load(path);
  if (!loaded.dictionary) return 0;
  int delimiter = 0;
  const FIX::DataDictionary* outer = nullptr;
  if (!loaded.dictionary->getGroup(msgtype, outer_count, delimiter, outer)) return 0;
  const FIX::DataDictionary* inner = nullptr;
  if (!outer->getGroup(msgtype, inner_count, delimiter, inner)) return 0;
  return delimiter;
}

}  // namespace fixwire_fix4test
