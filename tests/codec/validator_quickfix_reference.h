// validator_quickfix_reference.h: QuickFIX 1.15's DataDictionary::validate
// behind a plain interface, the reference for the validator's differential
// test. Compiled as C++14 in its own library (QuickFIX's headers need it);
// this header uses only the standard library. Test-only; one thread at a time.
#ifndef FIXWIRE_TESTS_CODEC_VALIDATOR_QUICKFIX_REFERENCE_H_
#define FIXWIRE_TESTS_CODEC_VALIDATOR_QUICKFIX_REFERENCE_H_

#include <memory>
#include <string>

namespace fixwire_qfref {

// What QuickFIX concluded about one message.
struct QfVerdict {
  bool valid = false;
  // The SessionRejectReason a QuickFIX session sends for the exception (as
  // Session::next maps them), or -1 when the exception leads to no Reject
  // (UnsupportedVersion, InvalidMessage: logout or drop).
  int reason = -1;
  int tag = 0;           // the exception's field, 0 when none
  std::string what;      // the exception's text
};

class QfReference {
 public:
  // Load returns null and sets *error when QuickFIX rejects a file.
  // application_path is "" for FIX 4.x (one dictionary for everything).
  static std::unique_ptr<QfReference> Load(const std::string& transport_path,
                                           const std::string& application_path,
                                           std::string* error);
  ~QfReference();
  QfReference(const QfReference&) = delete;
  QfReference& operator=(const QfReference&) = delete;

  // Validate parses `bytes` with the dictionaries (QuickFIX's parse-time
  // checks on) and runs DataDictionary::validate.
  QfVerdict Validate(const std::string& bytes) const;

  struct Impl;

 private:
  explicit QfReference(Impl* impl) : impl_(impl) {}
  Impl* impl_;
};

}  // namespace fixwire_qfref

#endif  // FIXWIRE_TESTS_CODEC_VALIDATOR_QUICKFIX_REFERENCE_H_
