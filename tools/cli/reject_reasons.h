// reject_reasons.h: the FIX specification's text for each
// SessionRejectReason (373) code, for validate's output.
// Static strings; any thread.
#ifndef FIXWIRE_TOOLS_CLI_REJECT_REASONS_H_
#define FIXWIRE_TOOLS_CLI_REJECT_REASONS_H_

#include <string_view>

namespace fixwire::cli {

// RejectReasonText returns the text for a code, "Other" for 99 and unknown codes.
std::string_view RejectReasonText(int code);

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_REJECT_REASONS_H_
