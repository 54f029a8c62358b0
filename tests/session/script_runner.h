// script_runner.h: runs a session conversation script against a Session:
// bytes in, bytes out, with a fake clock. The format (one command a line,
// '#' comments, fields as tag=value separated by '|'):
//
//   versions FIX.4.2 FIX.4.4 FIXT.1.1   the versions the script runs for (default: all six)
//   roles acceptor initiator            the roles it runs for (default: both)
//   option KEY=VALUE                    a session option (HeartBtInt, ResetOnLogon,
//                                       ResendRequestChunkSize, AppMsgTypes=D,8, CheckLatency,
//                                       MaxLatency, CheckCompID, SendNextExpectedMsgSeqNum,
//                                       Dictionary=Y: validate with the shipped FIX42/FIX44.xml)
//   connect                             the transport connects (an initiator sends its Logon)
//   logon                               connect and the standard Logon exchange at 34=1
//   recv FIELDS                         the peer sends; 8, 9, 10 and any of 49, 56, 52 not
//                                       given are filled in ({now-N}/{now+N}: seconds from now)
//   recv-raw FIELDS                     the peer sends exactly these fields (8, 9, 10 added)
//   recv-bad-checksum FIELDS            as recv, with a CheckSum one off
//   recv-bad-length FIELDS              as recv, with a BodyLength one too long
//   expect FIELDS                       the session's next message has these fields with
//                                       these values (first occurrence; '*': any value;
//                                       '!TAG': absent); 8, 9, 35 first, 10 last, BodyLength
//                                       and CheckSum are checked
//   expect-none                         nothing more was sent
//   expect-disconnect                   the session asked to disconnect
//   expect-connected                    it did not
//   send TYPE|FIELDS                    the application sends a message
//   send-status STATUS                  ... and the last send returned ok/stored_only/...
//   delivered FIELDS                    the next application message delivered has these fields
//   delivered-none                      no (more) application message was delivered
//   advance SECONDS                     the clock moves on; OnTimer runs
//   logout TEXT                         the application starts the Logout exchange
//   output-limit N / output-ready       at most N messages pending (0: no limit) / room again
//   disconnected                        the transport reports the connection gone
//   state NAME                          the session's state (active, disconnected, ...)
//   seq SENDER TARGET                   the next sender and expected target numbers
//   if>=VERSION COMMAND / if<VERSION COMMAND   only for versions from / before VERSION
//   if-acceptor COMMAND / if-initiator COMMAND only for that role
//
// {begin} is the BeginString, {us} our CompID, {them} the peer's.
#ifndef FIXWIRE_TESTS_SESSION_SCRIPT_RUNNER_H_
#define FIXWIRE_TESTS_SESSION_SCRIPT_RUNNER_H_

#include <string>
#include <vector>

namespace fixwire::testing {

struct ScriptHeader {
  std::vector<std::string> versions;
  std::vector<std::string> roles;
};

// ReadScriptHeader reads the versions and roles lines of a script.
ScriptHeader ReadScriptHeader(const std::string& text);

// RunScript runs `text` for one version and role; returns "" on success or
// a description of the first failure with its line number.
std::string RunScript(const std::string& text, const std::string& version,
                      const std::string& role);

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_SESSION_SCRIPT_RUNNER_H_
