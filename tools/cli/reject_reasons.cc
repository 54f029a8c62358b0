// reject_reasons.cc: SessionRejectReason texts (FIX specification, tag 373).
#include "tools/cli/reject_reasons.h"

namespace fixwire::cli {

std::string_view RejectReasonText(int code) {
  switch (code) {
    case 0:
      return "Invalid tag number";
    case 1:
      return "Required tag missing";
    case 2:
      return "Tag not defined for this message type";
    case 3:
      return "Undefined tag";
    case 4:
      return "Tag specified without a value";
    case 5:
      return "Value is incorrect (out of range) for this tag";
    case 6:
      return "Incorrect data format for value";
    case 7:
      return "Decryption problem";
    case 8:
      return "Signature problem";
    case 9:
      return "CompID problem";
    case 10:
      return "SendingTime accuracy problem";
    case 11:
      return "Invalid MsgType";
    case 12:
      return "XML Validation error";
    case 13:
      return "Tag appears more than once";
    case 14:
      return "Tag specified out of required order";
    case 15:
      return "Repeating group fields out of order";
    case 16:
      return "Incorrect NumInGroup count for repeating group";
    case 17:
      return "Non \"data\" value includes field delimiter (SOH character)";
    case 18:
      return "Invalid/Unsupported Application Version";
    default:
      return "Other";
  }
}

}  // namespace fixwire::cli
