// quickfix_dictionaries.h: fixwire's shipped FIX 4.2 / 4.4 XML dictionaries
// (codec/dictionaries/FIX42.xml, FIX44.xml) loaded into QuickFIX's
// DataDictionary, once per process, so both libraries check the same rules.
// Setup code; the loaded dictionaries live until exit; thread-safe first use.
#ifndef FIXWIRE_BENCHMARKS_QUICKFIX_DICTIONARIES_H_
#define FIXWIRE_BENCHMARKS_QUICKFIX_DICTIONARIES_H_

#include <string>
#include <string_view>

#include "benchmarks/quickfix_adapter.h"

namespace fixwire::bench {

// DictionaryPath returns the readable path of codec/dictionaries/<FIX42|FIX44>.xml
// for "FIX.4.2" / "FIX.4.4", or "" when the file is not there.
std::string DictionaryPath(std::string_view begin_string);

// QuickFixDictionary returns QuickFIX's load of that file, or nullptr with the
// reason in *error (missing file, or QuickFIX rejected it: a bug in our file).
const fixwire_qf::QfDictionary* QuickFixDictionary(std::string_view begin_string,
                                                   std::string* error);

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_QUICKFIX_DICTIONARIES_H_
