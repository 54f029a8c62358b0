// validator.h: checks a decoded message against a Dictionary, the way
// QuickFIX's DataDictionary::validate does, every check switchable, and
// reports what a session layer puts in its Reject: the SessionRejectReason
// (373) code, the tag (371) and the byte offset of the field.
//
//   fixwire::Validator validator;                   // every check on
//   fixwire::GroupedMessage msg;
//   fixwire::ValidationResult r =
//       fixwire::ValidateMessage(view, dict, dict, validator, groups, &msg);
//   if (!r.ok()) SendReject(r.reason, r.tag);
//
// Checks, with the reason each reports (FIX "Session-level Test Cases and
// Expected Behaviors" where they name one; test case numbers in brackets):
//   check_begin_string    8 differs from the dictionary's BeginString: the
//                         session logs out rather than rejecting [2.m]; the
//                         reason is kValueIsIncorrect, check kBeginString
//   check_msg_type        35 not in the dictionary: 11 invalid MsgType [2.q]
//   check_appl_ver_id     (FIXT, DictionarySet) no dictionary for ApplVerID: 18
//   check_tag_known       a tag the dictionary does not define: 0 invalid tag
//                         number [14.a]; 3 undefined tag for user-defined tags
//                         (>= 5000)
//   check_tag_in_message  defined but not in this message's header, body or
//                         trailer: 2 tag not defined for this message type [14.c]
//   check_empty_values    "tag=" with no value: 4 [14.d] (needs the decoder's
//                         allow_empty_values, else the decoder already refused)
//   check_value_format    not of the field's type: 6 incorrect data format
//                         [14.f]; of the type but out of range: 5
//   check_enum_values     not one of the field's enumerated values: 5 [14.e]
//   check_repeated_tags   a tag twice outside a repeating group (or twice in
//                         one group entry): 13 [14.h]
//   check_field_order     a header field after a body field, or a body field
//                         after a trailer field: 14 [14.g]
//   check_required        a required field missing from the header, body,
//                         trailer or any group entry: 1 [14.b]
//   check_group_count     NumInGroup differs from the entries: 16 [14.i]
//   check_group_order     group entry fields out of order, or an entry not
//                         starting with its delimiter: 15 [14.j]
// check_user_defined_tags = false skips every check of tags >= 5000 (as
// QuickFIX's ValidateUserDefinedFields=N). The first failure in wire order is
// reported; missing required fields are looked for after the walk.
//
// ValidateStructure needs no dictionary: it checks the standard header and
// trailer placement of FIX's standard header/trailer tags, empty values and
// repeated header/trailer tags.
//
// Memory and threads: a Validator holds only its options; it may be shared
// by any number of threads. Validation never allocates (scratch bitsets live
// on the stack, about 4 KiB, plus under 1 KiB per level of group nesting)
// and never throws. A dictionary of more than 16384 fields is refused (check
// kCapacity, reason kOther).
#ifndef FIXWIRE_DICTIONARY_VALIDATOR_H_
#define FIXWIRE_DICTIONARY_VALIDATOR_H_

#include <cstdint>
#include <string_view>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/dictionary_set.h"
#include "fixwire/values/error.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"

namespace fixwire {

// SessionRejectReason: the values of FIX tag 373.
enum class SessionRejectReason : std::uint8_t {
  kInvalidTagNumber = 0,
  kRequiredTagMissing = 1,
  kTagNotDefinedForMessageType = 2,
  kUndefinedTag = 3,
  kTagSpecifiedWithoutValue = 4,
  kValueIsIncorrect = 5,
  kIncorrectDataFormat = 6,
  kDecryptionProblem = 7,
  kSignatureProblem = 8,
  kCompIdProblem = 9,
  kSendingTimeAccuracyProblem = 10,
  kInvalidMsgType = 11,
  kXmlValidationError = 12,
  kTagAppearsMoreThanOnce = 13,
  kTagSpecifiedOutOfRequiredOrder = 14,
  kRepeatingGroupFieldsOutOfOrder = 15,
  kIncorrectNumInGroupCount = 16,
  kNonDataValueIncludesFieldDelimiter = 17,
  kInvalidUnsupportedApplicationVersion = 18,
  kOther = 99,
};

// ValidationCheck names the check that failed.
enum class ValidationCheck : std::uint8_t {
  kNone = 0,
  kBeginString,
  kMsgType,
  kApplVerId,
  kTagKnown,
  kTagInMessage,
  kEmptyValue,
  kValueFormat,
  kEnumValue,
  kRepeatedTag,
  kFieldOrder,
  kRequired,
  kGroupCount,
  kGroupOrder,
  kCapacity,  // the GroupStorage was too small (reason kOther)
};

std::string_view ValidationCheckName(ValidationCheck check) noexcept;

struct ValidationResult {
  ValidationCheck check = ValidationCheck::kNone;
  SessionRejectReason reason = SessionRejectReason::kOther;
  std::uint32_t tag = 0;     // the field involved (for a missing field: its tag)
  std::uint32_t offset = 0;  // the field's value offset; 0 for a missing field

  constexpr bool ok() const noexcept { return check == ValidationCheck::kNone; }
  // reason_code: the number to put in 373.
  constexpr int reason_code() const noexcept { return static_cast<int>(reason); }
};

struct ValidationOptions {
  bool check_begin_string = true;
  bool check_msg_type = true;
  bool check_appl_ver_id = true;
  bool check_tag_known = true;
  bool check_user_defined_tags = true;
  bool check_tag_in_message = true;
  bool check_empty_values = true;
  bool check_value_format = true;
  bool check_enum_values = true;
  bool check_repeated_tags = true;
  bool check_field_order = true;
  bool check_required = true;
  bool check_group_count = true;
  bool check_group_order = true;
};

class Validator {
 public:
  Validator() noexcept = default;
  explicit Validator(const ValidationOptions& options) noexcept;
  const ValidationOptions& options() const noexcept { return options_; }
  // all_checks: every option is on (the default); ValidateMessage then
  // takes its one-pass path first (same results, fewer instructions).
  bool all_checks() const noexcept { return all_checks_; }

  // Validate checks a message whose groups were indexed (IndexGroups) with
  // its dictionaries. Never allocates.
  ValidationResult Validate(const GroupedMessage& msg) const noexcept;

  // GroupOptionsFor: the IndexGroups options matching these checks (unknown
  // tags stay in their entry, so that check_tag_known reports them).
  GroupOptions group_options() const noexcept;

 private:
  ValidationOptions options_;
  bool all_checks_ = true;
};

// FromGroupError maps an IndexGroups error to a reject: kGroupCountMismatch
// 16, kGroupFieldOutOfOrder and kGroupMissingDelimiter 15, kGroupUnknownField
// 0 (3 for user-defined tags), kBadValue (a count that is not a number) 6,
// kIndexCapacityExceeded kOther.
ValidationResult FromGroupError(const Error& error) noexcept;

// ValidateMessage indexes the groups of `view` into `storage` (header and
// trailer with `header_dict`, body with `body_dict`; the same dictionary for
// FIX 4.x) and validates it; *out is the indexed message. Never allocates.
// With every check on and one dictionary it first tries a one-pass walk
// that indexes and validates together; whatever that walk does not accept
// goes through IndexGroups + Validate, so the results are those of the
// two-pass path in every case.
ValidationResult ValidateMessage(const MessageView& view, const Dictionary& header_dict,
                                 const Dictionary& body_dict, const Validator& validator,
                                 GroupStorage& storage, GroupedMessage* out) noexcept;

// ValidateMessage with a DictionarySet (FIXT 1.1, or FIX 4.x with one
// dictionary): selects the dictionaries by MsgType and ApplVerID (1128, or
// the session's DefaultApplVerID) first; no dictionary for the ApplVerID is
// check kApplVerId, reason 18, tag 1128 (1137 when the default is missing),
// unless check_appl_ver_id is off, in which case the default application
// dictionary (else the transport) validates the body. Never allocates.
ValidationResult ValidateMessage(const MessageView& view, const DictionarySet& dictionaries,
                                 const Validator& validator, GroupStorage& storage,
                                 GroupedMessage* out) noexcept;

// ValidateStructure checks what needs no dictionary (see above).
ValidationResult ValidateStructure(const MessageView& view) noexcept;

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_VALIDATOR_H_
