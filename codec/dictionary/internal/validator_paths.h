// validator_paths.h: the validator's paths taken one at a time, for the
// validator itself and the tests that compare them. Internal.
#ifndef FIXWIRE_DICTIONARY_INTERNAL_VALIDATOR_PATHS_H_
#define FIXWIRE_DICTIONARY_INTERNAL_VALIDATOR_PATHS_H_

namespace fixwire {

class Dictionary;
class GroupStorage;
class GroupedMessage;
class MessageView;
class Validator;
struct ValidationResult;

namespace dictionary_internal {
// ValidateMessageTwoPass is ValidateMessage without its one-pass path:
// IndexGroups, then Validator::Validate. ValidateMessage falls back to it
// whenever the one-pass path does not accept a message; tests compare the
// two. Never allocates.
ValidationResult ValidateMessageTwoPass(const MessageView& view, const Dictionary& header_dict,
                                        const Dictionary& body_dict, const Validator& validator,
                                        GroupStorage& storage, GroupedMessage* out) noexcept;
// ValidateEntryByEntry is Validator::Validate checking every field of every
// group entry through the group's template: none of the shortcuts for
// entries that repeat a checked entry's tags (model entries and runs of
// them checked column by column). Tests compare Validate with it.
ValidationResult ValidateEntryByEntry(const Validator& validator,
                                      const GroupedMessage& msg) noexcept;
}  // namespace dictionary_internal

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_INTERNAL_VALIDATOR_PATHS_H_
