// dictionary_loader.h: loads a QuickFIX-format XML data dictionary and
// compiles it into a Dictionary (dictionary.h).
//
// Cold path: parses with pugixml, allocates freely, returns absl::Status on
// failure. A malformed or inconsistent file never crashes: the Status message
// reads "<source>:<line>: <problem>", e.g.
//   "FIX44.xml:812: unknown field name 'Symbl' in message 'NewOrderSingle'".
// Problems reported: XML syntax errors (including a truncated file), a missing
// or malformed <fix> root, a field with a bad number, a missing name or an
// unknown type, duplicate field numbers or names, duplicate enum values,
// duplicate components or messages (by name or MsgType), unknown field or
// component names, a group whose count field is neither NUMINGROUP nor INT,
// an empty group
// or component, a component that includes itself (cycle), a field listed
// twice in one scope, unknown elements.
//
// Warnings: a group whose count field is typed INT instead of NUMINGROUP is
// accepted as a group, as QuickFIX accepts it. FIX 4.0-4.2 type every NoXXX
// field int, so there it is normal and silent; in any later version it is a
// quirk (QuickFIX's FIX43.xml, group NoClearingInstructions in NoSides) and is
// reported as a warning "<source>:<line>: group 'X' in ...: count field is
// INT, not NUMINGROUP; accepted as a group".
//
// Thread use: the functions are reentrant; the Dictionary returned is
// immutable and may be shared by any number of threads.
#ifndef FIXWIRE_DICTIONARY_DICTIONARY_LOADER_H_
#define FIXWIRE_DICTIONARY_DICTIONARY_LOADER_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "fixwire/dictionary/dictionary.h"

namespace fixwire {

// LoadDictionaryFile reads and compiles the XML file at `path`; errors name
// the path.
absl::StatusOr<Dictionary> LoadDictionaryFile(const std::string& path);

// LoadDictionaryFile with warnings: as above, and when loading succeeds
// appends the warnings (see the banner) to `*warnings` unless it is null.
// On failure `*warnings` is left unchanged.
absl::StatusOr<Dictionary> LoadDictionaryFile(const std::string& path,
                                              std::vector<std::string>* warnings);

// LoadDictionaryFromString compiles XML held in memory; errors name `source`.
absl::StatusOr<Dictionary> LoadDictionaryFromString(std::string_view xml,
                                                    std::string_view source);

// LoadDictionaryFromString with warnings, as LoadDictionaryFile above.
absl::StatusOr<Dictionary> LoadDictionaryFromString(std::string_view xml,
                                                    std::string_view source,
                                                    std::vector<std::string>* warnings);

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_DICTIONARY_LOADER_H_
