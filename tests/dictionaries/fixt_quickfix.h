// fixt_quickfix.h: QuickFIX 1.15 as an independent judge of our FIXT 1.1 / FIX 5.0 SP2 dictionaries.
//
// Compiled as C++14 in its own library (QuickFIX's headers need it); the interface uses only
// std::string and plain structs. Dictionaries are loaded once per path and kept for the process
// (QuickFIX's DataDictionary is then only read). Not thread-safe; for tests.
#ifndef FIXWIRE_TESTS_DICTIONARIES_FIXT_QUICKFIX_H_
#define FIXWIRE_TESTS_DICTIONARIES_FIXT_QUICKFIX_H_

#include <string>

#include "tests/dictionaries/quickfix_judge.h"

namespace fixwire_dicttest {

// Loads path into a QuickFIX DataDictionary: "" on success, else QuickFIX's error text.
std::string QuickFixLoadError(const std::string& path);

// The BeginString QuickFIX derives from the file's <fix> attributes ("" if it does not load).
std::string QuickFixVersion(const std::string& path);

using QuickFixVerdict = fixwire_qfjudge::QuickFixVerdict;

// Parses raw (a whole SOH-delimited message) with the transport and application dictionaries, the
// way a QuickFIX FIXT session does, and validates it: admin messages (session MsgTypes) against the
// transport dictionary alone, application messages with the transport dictionary for the header and
// trailer and the application dictionary for the body.
QuickFixVerdict QuickFixValidate(const std::string& transport_path, const std::string& app_path,
                                 const std::string& raw);

// Whether QuickFIX, having loaded path, knows tag as a field of message msgtype's body (top level).
bool QuickFixIsMsgField(const std::string& path, const std::string& msgtype, int tag);

// Whether QuickFIX sees count_tag as a group of msgtype, and if so its delimiter (0 if not a group).
int QuickFixGroupDelimiter(const std::string& path, const std::string& msgtype, int count_tag);

}  // namespace fixwire_dicttest

#endif  // FIXWIRE_TESTS_DICTIONARIES_FIXT_QUICKFIX_H_
