// options_from_config.h: StoreOptionsFrom, the StoreOptions (store_factory.h)
// for one [SESSION] of a settings file: StoreType, StoreSync and
// FileStorePath, with the session's files named as QuickFIX names them
// (BeginString-SenderCompID-TargetCompID[-SessionQualifier]).
//
// Errors: a persistent StoreType without FileStorePath is refused with
// absl::InvalidArgumentError "<source>:<line>: ...". Cold path; any thread.
#ifndef FIXWIRE_STORE_OPTIONS_FROM_CONFIG_H_
#define FIXWIRE_STORE_OPTIONS_FROM_CONFIG_H_

#include <string>

#include "absl/status/statusor.h"
#include "fixwire/session/settings.h"
#include "fixwire/store/store_factory.h"

namespace fixwire {

absl::StatusOr<StoreOptions> StoreOptionsFrom(const SessionConfig& config);

// StoreFilePrefix: the name a session's store files start with.
std::string StoreFilePrefix(const SessionConfig& config);

}  // namespace fixwire

#endif  // FIXWIRE_STORE_OPTIONS_FROM_CONFIG_H_
