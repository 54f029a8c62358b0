#include "tests/codec/group_indexer_reference.h"

#include "fixwire/dictionary/internal/group_indexer.h"

namespace fixwire::testing {

Error IndexGroupsReference(const MessageView& view, const Dictionary& header_dict,
                           const Dictionary& body_dict, const GroupOptions& options,
                           GroupStorage& storage, GroupedMessage* out) noexcept {
  return dictionary_internal::GroupIndexer(view, header_dict, body_dict, options, storage, out)
      .RunReference();
}

}  // namespace fixwire::testing
