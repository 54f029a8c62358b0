// quickfix_peer.cc: QuickfixPeer (see quickfix_peer.h). Built with -std=c++14.
#include "tests/interop/quickfix_peer.h"

#include <quickfix/Application.h>
#include <quickfix/FileStore.h>
#include <quickfix/Message.h>
#include <quickfix/Session.h>
#include <quickfix/SessionSettings.h>
#include <quickfix/SocketAcceptor.h>
#include <quickfix/SocketInitiator.h>
#include <quickfix/Values.h>

#include <mutex>
#include <sstream>

namespace fixwire_interop {
namespace {

class PeerApp : public FIX::Application {
 public:
  explicit PeerApp(bool acceptor) : acceptor_(acceptor) {}
  void onCreate(const FIX::SessionID&) override {}
  void onLogon(const FIX::SessionID& id) override {
    std::lock_guard<std::mutex> lock(mutex_);
    logged_on_ = true;
    id_ = id;
  }
  void onLogout(const FIX::SessionID&) override {
    std::lock_guard<std::mutex> lock(mutex_);
    logged_on_ = false;
  }
  void toAdmin(FIX::Message&, const FIX::SessionID&) override {}
  void toApp(FIX::Message&, const FIX::SessionID&) throw(FIX::DoNotSend) override {}
  void fromAdmin(const FIX::Message&, const FIX::SessionID&)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue, FIX::RejectLogon) override {}
  void fromApp(const FIX::Message& m, const FIX::SessionID& id)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue, FIX::UnsupportedMessageType) override {
    std::string cl_ord_id;
    if (m.isSetField(11)) cl_ord_id = m.getField(11);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      received_.push_back(cl_ord_id);
    }
    const std::string type = m.getHeader().getField(35);
    if (acceptor_ && type == "D") {
      FIX::Message report;
      report.getHeader().setField(35, "8");
      report.setField(37, "Q1");
      report.setField(11, cl_ord_id);
      report.setField(17, "QE" + cl_ord_id);
      report.setField(150, "0");
      report.setField(39, "0");
      report.setField(55, m.isSetField(55) ? m.getField(55) : "X");
      report.setField(54, m.isSetField(54) ? m.getField(54) : "1");
      report.setField(151, "100");
      report.setField(14, "0");
      report.setField(6, "0");
      FIX::Session::sendToTarget(report, id);
    }
  }

  bool logged_on() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return logged_on_;
  }
  std::vector<std::string> received() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return received_;
  }
  FIX::SessionID id() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return id_;
  }

 private:
  bool acceptor_;
  mutable std::mutex mutex_;
  bool logged_on_ = false;
  FIX::SessionID id_;
  std::vector<std::string> received_;
};

}  // namespace

struct QuickfixPeer::Impl {
  QuickfixPeerOptions options;
  std::unique_ptr<PeerApp> app;
  std::unique_ptr<FIX::SessionSettings> settings;
  std::unique_ptr<FIX::MessageStoreFactory> store;
  std::unique_ptr<FIX::Acceptor> acceptor;
  std::unique_ptr<FIX::Initiator> initiator;
};

QuickfixPeer::QuickfixPeer(const QuickfixPeerOptions& options) : impl_(new Impl) {
  impl_->options = options;
  impl_->app.reset(new PeerApp(options.acceptor));
}

QuickfixPeer::~QuickfixPeer() { Stop(); }

std::string QuickfixPeer::Start() {
  const QuickfixPeerOptions& o = impl_->options;
  std::ostringstream cfg;
  cfg << "[DEFAULT]\n"
      << "ConnectionType=" << (o.acceptor ? "acceptor" : "initiator") << "\n"
      << "StartTime=00:00:00\nEndTime=00:00:00\n"
      << "HeartBtInt=" << o.heart_bt_int << "\n"
      << "ReconnectInterval=1\n"
      << "UseDataDictionary=N\n"
      << "ResetOnLogon=" << (o.reset_on_logon ? "Y" : "N") << "\n"
      << "[SESSION]\n"
      << "BeginString=" << o.begin_string << "\n"
      << "SenderCompID=" << o.sender_comp_id << "\n"
      << "TargetCompID=" << o.target_comp_id << "\n";
  if (!o.default_appl_ver_id.empty()) cfg << "DefaultApplVerID=" << o.default_appl_ver_id << "\n";
  if (o.acceptor) {
    cfg << "SocketAcceptPort=" << o.port << "\n";
  } else {
    cfg << "SocketConnectHost=127.0.0.1\nSocketConnectPort=" << o.port << "\n";
  }
  if (!o.directory.empty()) cfg << "FileStorePath=" << o.directory << "\n";
  try {
    std::istringstream in(cfg.str());
    impl_->settings.reset(new FIX::SessionSettings(in));
    if (o.directory.empty()) {
      impl_->store.reset(new FIX::MemoryStoreFactory());
    } else {
      impl_->store.reset(new FIX::FileStoreFactory(*impl_->settings));
    }
    if (o.acceptor) {
      impl_->acceptor.reset(new FIX::SocketAcceptor(*impl_->app, *impl_->store, *impl_->settings));
      impl_->acceptor->start();
    } else {
      impl_->initiator.reset(new FIX::SocketInitiator(*impl_->app, *impl_->store, *impl_->settings));
      impl_->initiator->start();
    }
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

void QuickfixPeer::Stop() {
  try {
    if (impl_->acceptor) impl_->acceptor->stop();
    if (impl_->initiator) impl_->initiator->stop();
  } catch (...) {
  }
  impl_->acceptor.reset();
  impl_->initiator.reset();
}

void QuickfixPeer::Kill() {
  try {
    if (impl_->acceptor) impl_->acceptor->stop(true);
    if (impl_->initiator) impl_->initiator->stop(true);
  } catch (...) {
  }
  impl_->acceptor.reset();
  impl_->initiator.reset();
}

bool QuickfixPeer::logged_on() const { return impl_->app->logged_on(); }
std::vector<std::string> QuickfixPeer::received() const { return impl_->app->received(); }

bool QuickfixPeer::SendOrder(const std::string& cl_ord_id) {
  FIX::Message order;
  order.getHeader().setField(35, "D");
  order.setField(11, cl_ord_id);
  order.setField(21, "1");
  order.setField(55, "EURUSD");
  order.setField(54, "1");
  order.setField(60, "20261206-10:00:00.000");
  order.setField(38, "100");
  order.setField(40, "2");
  order.setField(44, "1.0875");
  try {
    return FIX::Session::sendToTarget(order, impl_->app->id());
  } catch (...) {
    return false;
  }
}

bool QuickfixPeer::ResetSequence(int new_seq_no) {
  FIX::Session* s = FIX::Session::lookupSession(impl_->app->id());
  if (s == nullptr) return false;
  FIX::Message reset;
  reset.getHeader().setField(35, "4");
  reset.setField(36, std::to_string(new_seq_no));
  if (!s->send(reset)) return false;
  // The reset's promise: what QuickFIX sends next carries NewSeqNo.
  s->setNextSenderMsgSeqNum(new_seq_no);
  return true;
}

int QuickfixPeer::next_sender_seq() const {
  FIX::Session* s = FIX::Session::lookupSession(impl_->app->id());
  return s == nullptr ? 0 : s->getExpectedSenderNum();
}

int QuickfixPeer::next_target_seq() const {
  FIX::Session* s = FIX::Session::lookupSession(impl_->app->id());
  return s == nullptr ? 0 : s->getExpectedTargetNum();
}

}  // namespace fixwire_interop
