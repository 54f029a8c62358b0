// event_text.cc: FormatSessionEvent (see event_text.h).
#include "fixwire/net/event_text.h"

#include <cstdint>
#include <algorithm>
#include <cstring>

namespace fixwire {
namespace {

// Text appends to a fixed buffer, dropping what does not fit.
class Text {
 public:
  explicit Text(std::span<char> buffer) noexcept : buffer_(buffer) {}
  Text& operator<<(std::string_view s) noexcept {
    const std::size_t n = std::min(s.size(), buffer_.size() - size_);
    if (n != 0) std::memcpy(buffer_.data() + size_, s.data(), n);
    size_ += n;
    return *this;
  }
  Text& operator<<(std::uint64_t v) noexcept {
    char digits[20];
    std::size_t n = 0;
    do {
      digits[sizeof digits - 1 - n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    return *this << std::string_view(digits + sizeof digits - n, n);
  }
  std::string_view view() const noexcept { return {buffer_.data(), size_}; }

 private:
  std::span<char> buffer_;
  std::size_t size_ = 0;
};

// Range appends " <begin> to <end>" (end 0: "infinity", as a ResendRequest's EndSeqNo).
void Range(Text& t, const SessionEvent& e) {
  t << " " << e.begin << " to ";
  if (e.end == 0) {
    t << "infinity";
  } else {
    t << e.end;
  }
}

void Reason(Text& t, std::string_view text) {
  if (!text.empty()) t << ": " << text;
}

}  // namespace

std::string_view FormatSessionEvent(const SessionEvent& e, std::span<char> buffer) noexcept {
  Text t(buffer);
  switch (e.kind) {
    case SessionEventKind::kConnected:
      t << "Connected";
      break;
    case SessionEventKind::kLogonSent:
      t << "Logon sent";
      break;
    case SessionEventKind::kLogon:
      t << "Logon";
      break;
    case SessionEventKind::kLogoutSent:
      t << "Logout sent";
      Reason(t, e.text);
      break;
    case SessionEventKind::kLogout:
      t << "Logout";
      Reason(t, e.text);
      break;
    case SessionEventKind::kDisconnected:
      t << "Disconnected";
      Reason(t, e.text);
      break;
    case SessionEventKind::kResendRequested:
      t << "ResendRequest sent for";
      Range(t, e);
      break;
    case SessionEventKind::kResending:
      t << "Resending";
      Range(t, e);
      break;
    case SessionEventKind::kGapFilled:
      t << "Gap filled: " << e.begin << ", next expected " << e.end;
      break;
    case SessionEventKind::kSequenceReset:
      t << "Sequence numbers reset";
      Reason(t, e.text);
      if (e.end != 0) t << " (" << e.begin << " to " << e.end << ")";
      break;
    case SessionEventKind::kRejectSent:
      t << "Reject sent for " << e.begin;
      Reason(t, e.text);
      break;
    case SessionEventKind::kRejectReceived:
      t << "Reject received (" << e.begin << ")";
      Reason(t, e.text);
      break;
    case SessionEventKind::kTestRequestSent:
      t << "TestRequest sent";
      Reason(t, e.text);
      break;
    case SessionEventKind::kDuplicateIgnored:
      t << "Duplicate ignored: " << e.begin;
      if (!e.text.empty()) t << " (35=" << e.text << ")";
      break;
    case SessionEventKind::kQueueOverflow:
      t << "Queue full: " << e.begin << " dropped, asked for again";
      if (!e.text.empty()) t << " (35=" << e.text << ")";
      break;
    case SessionEventKind::kError:
      t << "Error";
      Reason(t, e.text);
      if (e.begin != 0) t << " (" << e.begin << ")";
      break;
  }
  return t.view();
}

}  // namespace fixwire
