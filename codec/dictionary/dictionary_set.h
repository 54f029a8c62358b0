// dictionary_set.h: FIXT 1.1 dictionary selection: one transport dictionary
// (FIXT11.xml: session messages, header, trailer) plus application
// dictionaries (FIX50SP2.xml, ...) keyed by ApplVerID (1128) values.
//
// Select picks, for one decoded message, the dictionary for its header and
// trailer (always the transport) and the one for its body: the transport for
// admin messages (MsgTypes the transport defines), else the application
// dictionary named by the message's ApplVerID(1128), or by the session's
// DefaultApplVerID (1137 of its Logon) when 1128 is absent. No dictionary for
// the ApplVerID is an error with SessionRejectReason 18.
//
// Build the set on a cold path (Add allocates); afterwards it is immutable
// and Select never allocates, so any number of threads may share it. The
// dictionaries must outlive the set.
#ifndef FIXWIRE_DICTIONARY_DICTIONARY_SET_H_
#define FIXWIRE_DICTIONARY_DICTIONARY_SET_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

inline constexpr std::uint32_t kTagApplVerId = 1128;

class DictionarySet {
 public:
  struct Selection {
    const Dictionary* header = nullptr;  // header and trailer
    const Dictionary* body = nullptr;    // nullptr: no dictionary for the ApplVerID
    std::uint32_t tag = 0;               // when body is nullptr: 1128 (or 1137 default) at fault
    std::uint32_t offset = 0;            // that field's value offset (0 for the default)
    bool ok() const noexcept { return body != nullptr; }
  };

  // A set for FIX 4.x: one dictionary for everything.
  explicit DictionarySet(const Dictionary& transport) noexcept : transport_(&transport) {}

  // Add registers an application dictionary under an ApplVerID value
  // ("9" = FIX50SP2, "8" = FIX50SP1, "7" = FIX50, "6" = FIX44, ...).
  void Add(std::string_view appl_ver_id, const Dictionary& application) {
    apps_.emplace_back(std::string(appl_ver_id), &application);
  }
  // set_default_appl_ver_id: the session's DefaultApplVerID (1137).
  void set_default_appl_ver_id(std::string_view appl_ver_id) {
    default_ = std::string(appl_ver_id);
  }

  const Dictionary& transport() const noexcept { return *transport_; }
  const Dictionary* application(std::string_view appl_ver_id) const noexcept {
    for (const auto& [id, dict] : apps_) {
      if (id == appl_ver_id) return dict;
    }
    return nullptr;
  }

  // default_application: the DefaultApplVerID's dictionary, or nullptr.
  const Dictionary* default_application() const noexcept { return application(default_); }

  Selection Select(const MessageView& view) const noexcept {
    Selection s;
    s.header = transport_;
    if (apps_.empty() || transport_->message(view.msg_type()) != nullptr) {
      s.body = transport_;
      return s;
    }
    if (const Field* f = view.Find(kTagApplVerId)) {
      s.body = application(view.value(*f));
      if (s.body == nullptr) {
        s.tag = kTagApplVerId;
        s.offset = f->offset;
      }
      return s;
    }
    s.body = application(default_);
    if (s.body == nullptr) s.tag = 1137;
    return s;
  }

 private:
  const Dictionary* transport_;
  std::vector<std::pair<std::string, const Dictionary*>> apps_;
  std::string default_;
};

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_DICTIONARY_SET_H_
