// dictionaries.h: Dictionaries, which picks the data dictionary (or the
// FIXT 1.1 transport + application pair) for each message: the files given
// with --dict / --transport-dict / --app-dict, else the shipped dictionary
// for the message's BeginString (FIX.4.0 .. FIX.4.4, FIXT.1.1 with
// FIX.5.0SP2, or FIX.5.0SP1 / FIX.5.0 for a message whose ApplVerID names it),
// compiled from the bytes built into the binary (embedded_files.h) the first
// time a message needs it.
//
// Init loads the user's files and reports a Status naming the file and the
// problem. For() never fails: a message with no dictionary gets nullptrs
// (the commands then show it without names and groups). A shipped
// dictionary that fails to compile (a build problem) is reported once on
// stderr. Owns every Dictionary; pointers stay valid for its lifetime. One
// thread.
#ifndef FIXWIRE_TOOLS_CLI_DICTIONARIES_H_
#define FIXWIRE_TOOLS_CLI_DICTIONARIES_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "fixwire/wire/data_fields.h"
#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_set.h"
#include "fixwire/wire/message_view.h"
#include "tools/cli/args.h"

namespace fixwire::cli {

class Dictionaries {
 public:
  struct Choice {
    const Dictionary* header = nullptr;  // header, trailer (FIXT: the transport)
    const Dictionary* body = nullptr;    // the body (FIXT: application, or transport for admin)
    // FIXT: the ApplVerID had no dictionary, so `body` is the default one
    // (validate reports SessionRejectReason 18); the tag at fault.
    std::uint32_t appl_ver_id_tag = 0;
    bool found() const { return header != nullptr && body != nullptr; }
  };

  absl::Status Init(const Options& options);
  bool disabled() const { return disabled_; }
  // user_dict: the --dict dictionary, or nullptr.
  const Dictionary* user_dict() const { return user_dict_.get(); }

  // For chooses the dictionaries for a decoded message.
  Choice For(const MessageView& view);

  // length_fields: the Length/Data table for the decoder: the --dict's
  // (or the FIXT pair's) when given, else nullptr (the standard pairs).
  const LengthFieldTable* length_fields() const { return length_fields_.get(); }

  // Shipped returns the shipped dictionary named "FIX44.xml" etc (nullptr
  // when it does not compile).
  const Dictionary* Shipped(const std::string& file);

 private:
  const Dictionary* ForBeginString(std::string_view begin_string);
  DictionarySet* Fixt();

  bool disabled_ = false;
  std::unique_ptr<Dictionary> user_dict_;
  std::unique_ptr<Dictionary> user_transport_;
  std::unique_ptr<Dictionary> user_app_;
  std::map<std::string, std::unique_ptr<Dictionary>> shipped_;
  std::map<std::string, bool> shipped_failed_;
  std::unique_ptr<DictionarySet> fixt_;
  const Dictionary* fixt_default_app_ = nullptr;
  std::unique_ptr<LengthFieldTable> length_fields_;
  // The last BeginString seen and its dictionary (FIX 4.x).
  std::string last_begin_;
  const Dictionary* last_dict_ = nullptr;
};

// ApplVerIdFor returns the ApplVerID (1128) value of a FIX 5.0 application
// dictionary's version ("9" for FIX.5.0SP2), "" when unknown.
std::string_view ApplVerIdFor(const Dictionary& dict);

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_DICTIONARIES_H_
