#include "tests/dictionaries/fixt_quickfix.h"

#include <map>
#include <memory>

#include "quickfix/DataDictionary.h"
#include "quickfix/Exceptions.h"
#include "quickfix/Message.h"

namespace fixwire_dicttest {
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
    loaded.error = e.what();
    if (loaded.error.empty()) loaded.error = "QuickFIX could not load the dictionary";
  }
  return cache->emplace(path, std::move(loaded)).first->second;
}

bool IsAdmin(const std::string& msgtype) {
  return msgtype.size() == 1 && std::string("012345A").find(msgtype[0]) != std::string::npos;
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

std::string QuickFixLoadError(const std::string& path) { return Load(path).error; }

std::string QuickFixVersion(const std::string& path) {
  const Loaded& loaded = Load(path);
  return loaded.dictionary ? loaded.dictionary->getVersion() : "";
}

QuickFixVerdict QuickFixValidate(const std::string& transport_path, const std::string& app_path,
                                 const std::string& raw) {
  QuickFixVerdict verdict;
  const Loaded& transport = Load(transport_path);
  const Loaded& app = Load(app_path);
  if (!transport.dictionary || !app.dictionary) {
    verdict.text = "dictionary did not load: " + transport.error + app.error;
    return verdict;
  }
  try {
    FIX::Message message(raw, *transport.dictionary, *app.dictionary, true);
    FIX::MsgType msgtype;
    message.getHeader().getField(msgtype);
    const FIX::DataDictionary* body = IsAdmin(msgtype.getValue()) ? transport.dictionary.get() : app.dictionary.get();
    FIX::DataDictionary::validate(message, transport.dictionary.get(), body);
    verdict.ok = true;
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
  } catch (const std::exception& e) {
    verdict.text = e.what();
  }
  return verdict;
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

}  // namespace fixwire_dicttest
