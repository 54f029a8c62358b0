#include "tests/session/quickfix_reference.h"

#include <exception>
#include <set>

#include "quickfix/Application.h"
#include "quickfix/Exceptions.h"
#include "quickfix/MessageStore.h"
#include "quickfix/Session.h"
#include "quickfix/SessionFactory.h"
#include "quickfix/SessionSettings.h"
#include "quickfix/TimeRange.h"

namespace fixwire_quickfix {

std::vector<Session> LoadSessions(const std::string& path, std::string* error) {
  std::vector<Session> out;
  try {
    FIX::SessionSettings settings(path);
    FIX::NullApplication application;
    FIX::MemoryStoreFactory store;
    FIX::SessionFactory factory(application, store, nullptr);
    const std::set<FIX::SessionID> ids = settings.getSessions();
    for (const FIX::SessionID& id : ids) {
      const FIX::Dictionary& dict = settings.get(id);
      Session s;
      s.id = id.toString();
      for (FIX::Dictionary::iterator i = dict.begin(); i != dict.end(); ++i) {
        s.values[i->first] = i->second;
      }
      FIX::Session* session = factory.create(id, dict);
      s.heart_bt_int = session->getHeartBtInt().getValue();
      factory.destroy(session);
      out.push_back(s);
    }
  } catch (const std::exception& e) {
    *error = e.what();
    return {};
  }
  return out;
}

namespace {

FIX::UtcTimeOnly TimeOf(int seconds) {
  return FIX::UtcTimeOnly(seconds / 3600, seconds / 60 % 60, seconds % 60);
}

FIX::TimeRange MakeRange(const Range& r) {
  return FIX::TimeRange(TimeOf(r.start_seconds), TimeOf(r.end_seconds), r.start_day, r.end_day);
}

}  // namespace

bool InRange(const Range& range, long long unix_seconds) {
  FIX::TimeRange r = MakeRange(range);
  return r.isInRange(FIX::UtcTimeStamp(static_cast<time_t>(unix_seconds)));
}

bool InSameRange(const Range& range, long long a_unix_seconds, long long b_unix_seconds) {
  FIX::TimeRange r = MakeRange(range);
  return r.isInSameRange(FIX::UtcTimeStamp(static_cast<time_t>(a_unix_seconds)),
                         FIX::UtcTimeStamp(static_cast<time_t>(b_unix_seconds)));
}

}  // namespace fixwire_quickfix
