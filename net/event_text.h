// event_text.h: FormatSessionEvent, one line of readable text for a
// SessionEvent ("Logon", "Resending 5 to 9", "Disconnected: <reason>"), as
// message logs write them.
//
// Writes into the caller's buffer, truncating what does not fit; no
// allocation, never fails. The result views `buffer`.
#ifndef FIXWIRE_NET_EVENT_TEXT_H_
#define FIXWIRE_NET_EVENT_TEXT_H_

#include <span>
#include <string_view>

#include "fixwire/session/application.h"

namespace fixwire {

// kEventTextBytes is a buffer size that holds every event's fixed words and
// numbers, with room for a long reason.
inline constexpr std::size_t kEventTextBytes = 512;

// FormatSessionEvent writes `event` as text into `buffer` and returns it.
std::string_view FormatSessionEvent(const SessionEvent& event, std::span<char> buffer) noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_NET_EVENT_TEXT_H_
