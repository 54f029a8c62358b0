// options_from_config.h: SessionOptionsFrom, which turns one [SESSION] of a
// QuickFIX-format settings file (a SessionConfig, see settings.h) into the
// SessionOptions a Session runs with.
//
// Dictionaries are not loaded here (where they come from is the caller's
// choice: files, or the dictionaries fixwire ships): the result's
// `dictionary` and `app_dictionary` are null, and the caller sets them when
// config.use_data_dictionary is true.
//
// Errors: a setting the session cannot honour is refused, never ignored:
// absl::InvalidArgumentError "<source>:<line>: <Key>=<value> ..." naming the
// [SESSION] line. Cold path (allocates); no state; any thread.
#ifndef FIXWIRE_SESSION_OPTIONS_FROM_CONFIG_H_
#define FIXWIRE_SESSION_OPTIONS_FROM_CONFIG_H_

#include "absl/status/statusor.h"
#include "fixwire/session/session_options.h"
#include "fixwire/session/settings.h"

namespace fixwire {

absl::StatusOr<SessionOptions> SessionOptionsFrom(const SessionConfig& config);

}  // namespace fixwire

#endif  // FIXWIRE_SESSION_OPTIONS_FROM_CONFIG_H_
