// validation_agreement_test_util.h: the comparison shared by the tests of
// ValidateMessage's one-pass path. ValidationAgreement validates a message
// with the public ValidateMessage (whose one-pass walk answers "valid" when it
// can) and with the two-pass reference (dictionary_internal::ValidateMessageTwoPass),
// and expects the same ValidationResult (check, reason, tag, offset) and, for a
// valid message, the same group records. It counts the messages it compared
// and how many were valid, so a random test can show its cases were neither
// all refused nor all accepted. One per test; not thread-safe.
#ifndef FIXWIRE_TESTS_CODEC_VALIDATION_AGREEMENT_TEST_UTIL_H_
#define FIXWIRE_TESTS_CODEC_VALIDATION_AGREEMENT_TEST_UTIL_H_

#include <string>
#include <string_view>

#include "fixwire/dictionary/internal/validator_paths.h"
#include "fixwire/dictionary/validator.h"
#include "gtest/gtest.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_records_test_util.h"

namespace fixwire::testing {

class ValidationAgreement {
 public:
  // Compare frames `fields` ('|'-separated, after 35) as a `begin` message of
  // `type` and decodes it; a message the decoder refuses has nothing to
  // validate and is skipped. Otherwise it is validated both ways with `dict`
  // (as header and application dictionary, every check on) and the two results
  // must agree; `what` names the case in a failure.
  void Compare(const Dictionary& dict, std::string_view begin, std::string_view type,
               const std::string& fields, const std::string& what) {
    DecodeInto(decoded_, Frame(begin, type, fields));
    if (!decoded_.error.ok()) return;
    const Validator validator;
    const ValidationResult one = ValidateMessage(decoded_.view, dict, dict, validator, storage_a_, &msg_a_);
    const ValidationResult two =
        dictionary_internal::ValidateMessageTwoPass(decoded_.view, dict, dict, validator, storage_b_, &msg_b_);
    ++compared_;
    if (two.ok()) ++valid_;
    ASSERT_EQ(one.check, two.check) << what << "\n" << fields << "\n"
                                    << ValidationCheckName(one.check) << " vs "
                                    << ValidationCheckName(two.check);
    ASSERT_EQ(one.reason, two.reason) << what << "\n" << fields;
    ASSERT_EQ(one.tag, two.tag) << what << "\n" << fields;
    ASSERT_EQ(one.offset, two.offset) << what << "\n" << fields;
    if (two.ok()) ExpectSameRecords(msg_a_, msg_b_, fields);
  }

  int compared() const { return compared_; }
  int valid() const { return valid_; }

 private:
  Decoded decoded_;
  GroupStorage storage_a_{256, 4096};
  GroupStorage storage_b_{256, 4096};
  GroupedMessage msg_a_, msg_b_;
  int compared_ = 0;
  int valid_ = 0;
};

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_CODEC_VALIDATION_AGREEMENT_TEST_UTIL_H_
