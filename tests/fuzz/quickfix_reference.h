// quickfix_reference.h: QuickFIX 1.15's parse of one message, behind a plain C++ interface.
//
// The differential fuzz target (differential_fuzzer.cc) compares fixwire's
// decoder with this. QuickFIX's headers need C++14, so the implementation is
// its own cc_library (//tests/fuzz:quickfix_reference) and this header uses
// only the standard library.
//
// ParseWithQuickFix builds FIX::Message(bytes, validate = true) with no data
// dictionary, exactly what a QuickFIX application gets for a message without a
// dictionary: fields split at SOH, then the BodyLength and CheckSum checks of
// Message::validate(). It never throws (every exception becomes a verdict) and
// is reentrant (no state between calls).
#ifndef FIXWIRE_TESTS_FUZZ_QUICKFIX_REFERENCE_H_
#define FIXWIRE_TESTS_FUZZ_QUICKFIX_REFERENCE_H_

#include <string>
#include <vector>

namespace fixwire_fuzz_quickfix {

enum class Verdict {
  kAccepted,    // parsed, BodyLength and CheckSum both valid
  kStructure,   // rejected while splitting fields (no '=', no SOH, bad tag, header order)
  kBodyLength,  // rejected: BodyLength missing, not an integer, or not the body's length
  kCheckSum,    // rejected: CheckSum missing, not an integer, or not the byte sum
  kOther,       // any other exception (the text says which)
};

struct Field {
  int tag;
  std::string value;
};

struct Result {
  Verdict verdict = Verdict::kOther;
  std::string text;           // QuickFIX's exception text, empty when accepted
  std::vector<Field> fields;  // when accepted: header, body, trailer fields in QuickFIX's order
};

Result ParseWithQuickFix(const std::string& bytes);

// VerdictName returns "accepted", "structure", "body_length", "checksum" or "other".
const char* VerdictName(Verdict verdict);

}  // namespace fixwire_fuzz_quickfix

#endif  // FIXWIRE_TESTS_FUZZ_QUICKFIX_REFERENCE_H_
