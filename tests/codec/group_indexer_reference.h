// group_indexer_reference.h: IndexGroupsReference, IndexGroups through the
// indexer's reference walk (GroupIndexer::RunReference: every field from the
// first, every entry field decided through the group's template, none of
// Run's shortcuts), for the tests that compare the two. Test-only.
#ifndef FIXWIRE_TESTS_CODEC_GROUP_INDEXER_REFERENCE_H_
#define FIXWIRE_TESTS_CODEC_GROUP_INDEXER_REFERENCE_H_

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/message_view.h"

namespace fixwire::testing {

// IndexGroupsReference: header and trailer with `header_dict`, body with
// `body_dict` (the same dictionary for FIX 4.x). Never allocates.
[[nodiscard]] Error IndexGroupsReference(const MessageView& view, const Dictionary& header_dict,
                                         const Dictionary& body_dict, const GroupOptions& options,
                                         GroupStorage& storage, GroupedMessage* out) noexcept;

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_CODEC_GROUP_INDEXER_REFERENCE_H_
