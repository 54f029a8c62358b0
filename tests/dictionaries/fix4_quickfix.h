// fix4_quickfix.h: QuickFIX 1.15 as an independent judge of fixwire's FIX 4.2 and FIX 4.4 dictionaries.
//
// Compiled as C++14 in a library of its own (QuickFIX's headers need it); the interface uses only
// std::string and plain structs. Each dictionary is loaded once per path and kept for the process
// (QuickFIX's DataDictionary is only read after that). Not thread-safe; for tests only.
#ifndef FIXWIRE_TESTS_DICTIONARIES_FIX4_QUICKFIX_H_
#define FIXWIRE_TESTS_DICTIONARIES_FIX4_QUICKFIX_H_

#include <string>

#include "tests/dictionaries/quickfix_judge.h"

namespace fixwire_fix4test {

// Loads path into a QuickFIX DataDictionary: "" on success, else QuickFIX's error text.
std::string QuickFixLoadError(const std::string& path);

// The BeginString QuickFIX derives from the file's <fix> attributes ("" if it does not load).
std::string QuickFixBeginString(const std::string& path);

using QuickFixVerdict = fixwire_qfjudge::QuickFixVerdict;

// Parses raw (a whole SOH-delimited FIX 4.x message) with the dictionary at path, the way a
// QuickFIX session does (groups indexed by the dictionary), and validates it with every check on.
QuickFixVerdict QuickFixValidate(const std::string& path, const std::string& raw);

// Parses raw with the dictionary and returns QuickFIX's re-serialisation (fields in dictionary
// order inside groups); "" when parsing fails.
std::string QuickFixRoundTrip(const std::string& path, const std::string& raw);

// Whether QuickFIX knows tag as a top-level body field of message msgtype.
bool QuickFixIsMsgField(const std::string& path, const std::string& msgtype, int tag);

// The delimiter QuickFIX uses for group count_tag of msgtype (0 when it is not a group there).
int QuickFixGroupDelimiter(const std::string& path, const std::string& msgtype, int count_tag);

// The delimiter of group inner_count nested in an entry of group outer_count of msgtype (0 if none).
int QuickFixNestedGroupDelimiter(const std::string& path, const std::string& msgtype, int outer_count,
                                 int inner_count);

}  // namespace fixwire_fix4test

#endif  // FIXWIRE_TESTS_DICTIONARIES_FIX4_QUICKFIX_H_
