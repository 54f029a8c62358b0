#include "tests/dictionaries/fix4_quickfix.h"

#include "quickfix/DataDictionary.h"
#include "quickfix/Message.h"

namespace fixwire_fix4test {

using fixwire_qfjudge::LoadedDictionary;

std::string QuickFixLoadError(const std::string& path) {
  std::string error;
  LoadedDictionary(path, &error);
  return error;
}

std::string QuickFixBeginString(const std::string& path) {
  const FIX::DataDictionary* dictionary = LoadedDictionary(path, nullptr);
  return dictionary != nullptr ? dictionary->getVersion() : "";
}

QuickFixVerdict QuickFixValidate(const std::string& path, const std::string& raw) {
  std::string error;
  const FIX::DataDictionary* dictionary = LoadedDictionary(path, &error);
  if (dictionary == nullptr) {
    QuickFixVerdict verdict;
    verdict.text = error;
    return verdict;
  }
  return fixwire_qfjudge::Judge([&] {
    FIX::Message message(raw, *dictionary, true);
    FIX::DataDictionary::validate(message, dictionary, dictionary);
  });
}

std::string QuickFixRoundTrip(const std::string& path, const std::string& raw) {
  const FIX::DataDictionary* dictionary = LoadedDictionary(path, nullptr);
  if (dictionary == nullptr) return "";
  try {
    FIX::Message message(raw, *dictionary, false);
    return message.toString();
  } catch (const std::exception&) {
    return "";
  }
}

bool QuickFixIsMsgField(const std::string& path, const std::string& msgtype, int tag) {
  return fixwire_qfjudge::IsMsgField(path, msgtype, tag);
}

int QuickFixGroupDelimiter(const std::string& path, const std::string& msgtype, int count_tag) {
  return fixwire_qfjudge::GroupDelimiter(path, msgtype, count_tag);
}

int QuickFixNestedGroupDelimiter(const std::string& path, const std::string& msgtype, int outer_count,
                                 int inner_count) {
  const FIX::DataDictionary* dictionary = LoadedDictionary(path, nullptr);
  if (dictionary == nullptr) return 0;
  int delimiter = 0;
  const FIX::DataDictionary* outer = nullptr;
  if (!dictionary->getGroup(msgtype, outer_count, delimiter, outer)) return 0;
  const FIX::DataDictionary* inner = nullptr;
  if (!outer->getGroup(msgtype, inner_count, delimiter, inner)) return 0;
  return delimiter;
}

}  // namespace fixwire_fix4test
