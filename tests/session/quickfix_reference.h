// quickfix_reference.h: QuickFIX 1.15's own settings loader and TimeRange,
// behind a plain C++ interface, as the reference for the settings and
// schedule tests. Compiled as C++14 (QuickFIX's headers need it); test-only.
#ifndef FIXWIRE_TESTS_SESSION_QUICKFIX_REFERENCE_H_
#define FIXWIRE_TESTS_SESSION_QUICKFIX_REFERENCE_H_

#include <map>
#include <string>
#include <vector>

namespace fixwire_quickfix {

// One session as QuickFIX sees it: its SessionID string and its settings
// ([DEFAULT] merged), keys upper-cased as QuickFIX stores them.
struct Session {
  std::string id;
  std::map<std::string, std::string> values;
  int heart_bt_int = -1;  // from the Session QuickFIX's SessionFactory built
};

// LoadSessions loads `path` with FIX::SessionSettings and builds every session
// with FIX::SessionFactory (which checks what QuickFIX requires and loads the
// data dictionaries). On failure returns {} and sets *error.
std::vector<Session> LoadSessions(const std::string& path, std::string* error);

// A QuickFIX TimeRange over UTC times: days 1 (Sunday) .. 7, or -1 for daily.
struct Range {
  int start_seconds;
  int end_seconds;
  int start_day;
  int end_day;
};

// InRange / InSameRange: TimeRange::isInRange and isInSameRange for UTC
// times given as seconds since the Unix epoch.
bool InRange(const Range& range, long long unix_seconds);
bool InSameRange(const Range& range, long long a_unix_seconds, long long b_unix_seconds);

}  // namespace fixwire_quickfix

#endif  // FIXWIRE_TESTS_SESSION_QUICKFIX_REFERENCE_H_
