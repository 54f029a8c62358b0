// quickfix_smoke.h: a C++14 translation unit that links QuickFIX, behind a plain interface.
#ifndef FIXWIRE_TESTS_DEPS_QUICKFIX_SMOKE_H_
#define FIXWIRE_TESTS_DEPS_QUICKFIX_SMOKE_H_

#include <string>

namespace fixwire_deps {

// QuickFixHeartbeat returns QuickFIX's wire form of an empty FIX.4.2 Heartbeat.
std::string QuickFixHeartbeat();

}  // namespace fixwire_deps

#endif  // FIXWIRE_TESTS_DEPS_QUICKFIX_SMOKE_H_
