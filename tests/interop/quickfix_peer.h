// quickfix_peer.h: QuickFIX's own engine (Debian's library: SocketAcceptor
// or SocketInitiator with a FileStore or MemoryStore) as the other side of
// interoperability tests. QuickFIX's headers need C++14, so only
// quickfix_peer.cc includes them; this header is plain C++.
//
// The peer's application answers each NewOrderSingle with an
// ExecutionReport carrying the order's ClOrdID (as an acceptor) and records
// the ClOrdIDs of the application messages it receives, in order. It runs
// on QuickFIX's own threads; the accessors are thread-safe.
#ifndef FIXWIRE_TESTS_INTEROP_QUICKFIX_PEER_H_
#define FIXWIRE_TESTS_INTEROP_QUICKFIX_PEER_H_

#include <memory>
#include <string>
#include <vector>

namespace fixwire_interop {

struct QuickfixPeerOptions {
  bool acceptor = true;
  std::string begin_string = "FIX.4.4";
  std::string sender_comp_id;
  std::string target_comp_id;
  std::string default_appl_ver_id;  // FIXT.1.1: e.g. "FIX.5.0SP2"
  int port = 0;                     // acceptor: listen here; initiator: connect here
  std::string directory;            // FileStore and logs (empty: MemoryStore)
  int heart_bt_int = 30;
  bool reset_on_logon = false;
};

class QuickfixPeer {
 public:
  explicit QuickfixPeer(const QuickfixPeerOptions& options);
  ~QuickfixPeer();

  // Start returns "" or QuickFIX's error text.
  std::string Start();
  void Stop();
  // Kill stops at once, without waiting for the Logout exchange (what
  // QuickFIX's FileStore holds stays for the next peer on the directory).
  void Kill();

  bool logged_on() const;
  // ClOrdIDs of the application messages received, in order.
  std::vector<std::string> received() const;
  // Sends a NewOrderSingle with this ClOrdID (initiator side of tests).
  bool SendOrder(const std::string& cl_ord_id);
  // Sends a SequenceReset-Reset to NewSeqNo (the QuickFIX way: via its session).
  bool ResetSequence(int new_seq_no);
  // The sequence numbers QuickFIX's session holds (next to send, next expected).
  int next_sender_seq() const;
  int next_target_seq() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fixwire_interop

#endif  // FIXWIRE_TESTS_INTEROP_QUICKFIX_PEER_H_
