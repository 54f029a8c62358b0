#include "fixwire/store/options_from_config.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace fixwire {

std::string StoreFilePrefix(const SessionConfig& c) {
  auto optional = [](const std::string& part) { return part.empty() ? std::string() : "_" + part; };
  std::string prefix =
      absl::StrCat(c.begin_string, "-", c.sender_comp_id, optional(c.sender_sub_id),
                   optional(c.sender_location_id), "-", c.target_comp_id, optional(c.target_sub_id),
                   optional(c.target_location_id));
  if (!c.session_qualifier.empty()) absl::StrAppend(&prefix, "-", c.session_qualifier);
  return prefix;
}

absl::StatusOr<StoreOptions> StoreOptionsFrom(const SessionConfig& c) {
  StoreOptions o;
  o.type = c.store_type;
  o.sync = c.store_sync;
  o.directory = c.file_store_path;
  o.session_id = StoreFilePrefix(c);
  o.refreshable = c.refresh_on_logon;
  if (o.type != StoreType::kMemory && o.directory.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(c.source, ":", c.line, ": [SESSION] ", c.SessionId(), ": StoreType=",
                     o.type == StoreType::kMmap ? "mmap" : "file", " needs FileStorePath"));
  }
  return o;
}

}  // namespace fixwire
