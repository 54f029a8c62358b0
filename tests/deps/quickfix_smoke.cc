#include "tests/deps/quickfix_smoke.h"

#include "quickfix/Message.h"

namespace fixwire_deps {

std::string QuickFixHeartbeat() {
  FIX::Message message;
  message.getHeader().setField(8, "FIX.4.2");
  message.getHeader().setField(35, "0");
  return message.toString();
}

}  // namespace fixwire_deps
