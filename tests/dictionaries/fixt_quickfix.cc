#include "tests/dictionaries/fixt_quickfix.h"

#include "quickfix/DataDictionary.h"
#include "quickfix/Message.h"

namespace fixwire_dicttest {
namespace {

bool IsAdmin(const std::string& msgtype) {
  return msgtype.size() == 1 && std::string("012345A").find(msgtype[0]) != std::string::npos;
}

}  // namespace

using fixwire_qfjudge::LoadedDictionary;

std::string QuickFixLoadError(const std::string& path) {
  std::string error;
  LoadedDictionary(path, &error);
  return error;
}

std::string QuickFixVersion(const std::string& path) {
  const FIX::DataDictionary* dictionary = LoadedDictionary(path, nullptr);
  return dictionary != nullptr ? dictionary->getVersion() : "";
}

QuickFixVerdict QuickFixValidate(const std::string& transport_path, const std::string& app_path,
                                 const std::string& raw) {
  std::string transport_error, app_error;
  const FIX::DataDictionary* transport = LoadedDictionary(transport_path, &transport_error);
  const FIX::DataDictionary* app = LoadedDictionary(app_path, &app_error);
  if (transport == nullptr || app == nullptr) {
    QuickFixVerdict verdict;
    verdict.text = "dictionary did not load: " + transport_error + app_error;
    return verdict;
  }
  return fixwire_qfjudge::Judge([&] {
    FIX::Message message(raw, *transport, *app, true);
    FIX::MsgType msgtype;
    message.getHeader().getField(msgtype);
    const FIX::DataDictionary* body = IsAdmin(msgtype.getValue()) ? transport : app;
    FIX::DataDictionary::validate(message, transport, body);
  });
}

bool QuickFixIsMsgField(const std::string& path, const std::string& msgtype, int tag) {
  return fixwire_qfjudge::IsMsgField(path, msgtype, tag);
}

int QuickFixGroupDelimiter(const std::string& path, const std::string& msgtype, int count_tag) {
  return fixwire_qfjudge::GroupDelimiter(path, msgtype, count_tag);
}

}  // namespace fixwire_dicttest
