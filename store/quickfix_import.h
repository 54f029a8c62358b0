// quickfix_import.h: take over a session from a QuickFIX FileStore directory,
// so that a gateway moves from QuickFIX to fixwire without a sequence reset.
//
// QuickFIX's FileStore keeps, per session, in its FileStorePath:
//   <id>.body     the sent messages, back to back
//   <id>.header   "seq,offset,size " per message (the last one per seq wins)
//   <id>.seqnums  "NNNNNNNNNN : NNNNNNNNNN" (next sender : next target)
//   <id>.session  the creation time, "YYYYMMDD-HH:MM:SS[.fff...]" (UTC)
// where <id> is BeginString-SenderCompID-TargetCompID[-SessionQualifier].
//
//   auto store = fixwire::OpenStore(options);
//   absl::Status s = fixwire::ImportQuickFixFileStore("/var/quickfix/store",
//                                                     "FIX.4.4-GATEWAY-EXCHANGE", **store);
//
// The import resets `into` with QuickFIX's creation time, appends every
// stored message in sequence order (bytes unchanged) and sets both sequence
// numbers. A header entry that points outside the body file is an error
// naming the file, the entry's offset in it and the sequence number; the
// store is then left reset. Missing files count as empty (QuickFIX's own
// reading does the same), except that the session file is required.
#ifndef FIXWIRE_STORE_QUICKFIX_IMPORT_H_
#define FIXWIRE_STORE_QUICKFIX_IMPORT_H_

#include <string>

#include "absl/status/status.h"
#include "fixwire/session/message_store.h"

namespace fixwire {

absl::Status ImportQuickFixFileStore(const std::string& directory,
                                     const std::string& quickfix_session_id, MessageStore& into);

}  // namespace fixwire

#endif  // FIXWIRE_STORE_QUICKFIX_IMPORT_H_
