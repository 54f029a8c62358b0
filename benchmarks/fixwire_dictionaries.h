// fixwire_dictionaries.h: fixwire's shipped FIX 4.2 / 4.4 dictionaries
// (codec/dictionaries/FIX42.xml, FIX44.xml) loaded with fixwire's own loader,
// once per process, for the benchmarks and cross-library tests. The same
// files QuickFIX loads (quickfix_dictionaries.h). Setup code; the dictionaries
// live until exit; thread-safe first use.
#ifndef FIXWIRE_BENCHMARKS_FIXWIRE_DICTIONARIES_H_
#define FIXWIRE_BENCHMARKS_FIXWIRE_DICTIONARIES_H_

#include <string>
#include <string_view>

#include "fixwire/dictionary/dictionary.h"

namespace fixwire::bench {

// FixwireDictionary returns the compiled dictionary for "FIX.4.2" / "FIX.4.4",
// or nullptr with the reason in *error.
const Dictionary* FixwireDictionary(std::string_view begin_string, std::string* error);

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_FIXWIRE_DICTIONARIES_H_
