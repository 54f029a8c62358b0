// session_output.h: SessionOutput, where a Session writes the bytes it sends
// and asks to be disconnected. The transport implements it over its send
// buffer; tests implement it over a string.
//
// Reserve/Commit let the session encode straight into the transport's
// buffer: Reserve returns writable room for one message (empty when the
// buffer is full: backpressure), Commit hands back the encoded message,
// which lies inside the reserved room but need not start at its first byte.
// Called from the session's thread only; never re-enters the session.
#ifndef FIXWIRE_SESSION_SESSION_OUTPUT_H_
#define FIXWIRE_SESSION_SESSION_OUTPUT_H_

#include <cstddef>
#include <span>
#include <string_view>

namespace fixwire {

class SessionOutput {
 public:
  // Room for a message of up to `max_bytes`; an empty span when there is
  // none now (the session retries after SessionOutput's owner calls
  // Session::OnOutputReady).
  virtual std::span<char> Reserve(std::size_t max_bytes) noexcept = 0;
  // The message to send: inside the span of the last Reserve.
  virtual void Commit(std::string_view message) noexcept = 0;
  // Close the connection (after what was committed has been written, where
  // the transport can).
  virtual void Disconnect(std::string_view reason) noexcept = 0;

 protected:
  ~SessionOutput() = default;
};

}  // namespace fixwire

#endif  // FIXWIRE_SESSION_SESSION_OUTPUT_H_
