// dictionaries.cc: dictionary choice and loading for dictionaries.h.
#include "tools/cli/dictionaries.h"

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "fixwire/dictionary/dictionary_decode.h"
#include "fixwire/dictionary/dictionary_loader.h"
#include "tools/cli/embedded_files.h"

namespace fixwire::cli {
namespace {

absl::Status LoadInto(const std::string& path, const char* option,
                      std::unique_ptr<Dictionary>* out) {
  std::vector<std::string> warnings;
  absl::StatusOr<Dictionary> d = LoadDictionaryFile(path, &warnings);
  if (!d.ok()) {
    return absl::InvalidArgumentError(std::string(option) + " " + path + ": " +
                                      std::string(d.status().message()) +
                                      " (pass a QuickFIX-format XML data dictionary)");
  }
  // Quirks the loader accepted (e.g. a group counted by an INT field): once,
  // when the file is loaded.
  for (const std::string& w : warnings) {
    std::fprintf(stderr, "fixwire: warning: %s %s\n", option, w.c_str());
  }
  *out = std::make_unique<Dictionary>(*std::move(d));
  return absl::OkStatus();
}

}  // namespace

std::string_view ApplVerIdFor(const Dictionary& dict) {
  if (dict.major() == 5 && dict.minor() == 0) {
    switch (dict.service_pack()) {
      case 0:
        return "7";
      case 1:
        return "8";
      case 2:
        return "9";
      default:
        return "";
    }
  }
  if (dict.major() == 4) {
    switch (dict.minor()) {
      case 0:
        return "2";
      case 1:
        return "3";
      case 2:
        return "4";
      case 3:
        return "5";
      case 4:
        return "6";
      default:
        return "";
    }
  }
  return "";
}

absl::Status Dictionaries::Init(const Options& options) {
  disabled_ = options.no_dict;
  if (disabled_) return absl::OkStatus();
  if (!options.dict.empty()) {
    absl::Status s = LoadInto(options.dict, "--dict", &user_dict_);
    if (!s.ok()) return s;
    length_fields_ = std::make_unique<LengthFieldTable>(MakeLengthFieldTable(*user_dict_));
  }
  if (!options.transport_dict.empty()) {
    absl::Status s = LoadInto(options.transport_dict, "--transport-dict", &user_transport_);
    if (!s.ok()) return s;
    if (!user_transport_->is_transport()) {
      return absl::InvalidArgumentError(
          "--transport-dict " + options.transport_dict + ": is " +
          std::string(user_transport_->begin_string()) +
          ", not a FIXT transport dictionary (use --dict for FIX 4.x dictionaries)");
    }
  }
  if (!options.app_dict.empty()) {
    absl::Status s = LoadInto(options.app_dict, "--app-dict", &user_app_);
    if (!s.ok()) return s;
    if (user_dict_ == nullptr) {
      length_fields_ = std::make_unique<LengthFieldTable>(MakeLengthFieldTable(*user_app_));
    }
  }
  return absl::OkStatus();
}

const Dictionary* Dictionaries::Shipped(const std::string& file) {
  auto it = shipped_.find(file);
  if (it != shipped_.end()) return it->second.get();
  if (shipped_failed_.count(file)) return nullptr;
  for (int i = 0; i < kEmbeddedFileCount; ++i) {
    if (file != kEmbeddedFiles[i].name) continue;
    absl::StatusOr<Dictionary> d = LoadDictionaryFromString(
        std::string_view(kEmbeddedFiles[i].data, kEmbeddedFiles[i].size), file);
    if (!d.ok()) {
      std::fprintf(stderr, "fixwire: the built-in %s does not load: %s\n", file.c_str(),
                   std::string(d.status().message()).c_str());
      break;
    }
    const Dictionary* p = (shipped_[file] = std::make_unique<Dictionary>(*std::move(d))).get();
    return p;
  }
  shipped_failed_[file] = true;
  return nullptr;
}

const Dictionary* Dictionaries::ForBeginString(std::string_view begin_string) {
  if (begin_string == last_begin_ && !last_begin_.empty()) return last_dict_;
  const Dictionary* d = nullptr;
  if (begin_string == "FIX.4.0") d = Shipped("FIX40.xml");
  if (begin_string == "FIX.4.1") d = Shipped("FIX41.xml");
  if (begin_string == "FIX.4.2") d = Shipped("FIX42.xml");
  if (begin_string == "FIX.4.3") d = Shipped("FIX43.xml");
  if (begin_string == "FIX.4.4") d = Shipped("FIX44.xml");
  last_begin_ = std::string(begin_string);
  last_dict_ = d;
  return d;
}

DictionarySet* Dictionaries::Fixt() {
  if (fixt_ != nullptr) return fixt_.get();
  const Dictionary* transport =
      user_transport_ != nullptr ? user_transport_.get() : Shipped("FIXT11.xml");
  const Dictionary* app = user_app_ != nullptr ? user_app_.get() : Shipped("FIX50SP2.xml");
  if (transport == nullptr || app == nullptr) return nullptr;
  fixt_ = std::make_unique<DictionarySet>(*transport);
  std::string_view id = ApplVerIdFor(*app);
  if (user_app_ == nullptr) {
    // The other shipped application versions, for messages whose ApplVerID (1128) names one.
    if (const Dictionary* fix50 = Shipped("FIX50.xml"); fix50 != nullptr) fixt_->Add("7", *fix50);
    if (const Dictionary* sp1 = Shipped("FIX50SP1.xml"); sp1 != nullptr) fixt_->Add("8", *sp1);
  }
  fixt_->Add(id, *app);
  fixt_->set_default_appl_ver_id(id);
  fixt_default_app_ = app;
  return fixt_.get();
}

Dictionaries::Choice Dictionaries::For(const MessageView& view) {
  Choice c;
  if (disabled_) return c;
  if (user_dict_ != nullptr) {
    c.header = c.body = user_dict_.get();
    return c;
  }
  const std::string_view begin = view.begin_string();
  if (begin.substr(0, 5) == "FIXT.") {
    DictionarySet* set = Fixt();
    if (set == nullptr) return c;
    DictionarySet::Selection s = set->Select(view);
    c.header = s.header;
    c.body = s.body;
    if (!s.ok()) {
      c.body = fixt_default_app_;
      c.appl_ver_id_tag = s.tag;
    }
    return c;
  }
  c.header = c.body = ForBeginString(begin);
  return c;
}

}  // namespace fixwire::cli
