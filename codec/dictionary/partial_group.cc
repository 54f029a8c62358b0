// partial_group.cc: PartialGroup's entry cutting, field by field as the
// message is indexed.
#include "fixwire/dictionary/partial_group.h"

namespace fixwire {
namespace {

// Fields indexed per step beyond the one needed (fewer calls into the walk).
constexpr std::uint32_t kLookahead = 16;

// CountOf parses a NumInGroup value; false when it is not a count.
bool CountOf(std::string_view text, std::uint32_t* out) noexcept {
  std::uint64_t n = 0;
  if (ParseUint64(text, &n) != ErrorCode::kOk || n > 0xFFFFFFFFu) return false;
  *out = static_cast<std::uint32_t>(n);
  return true;
}

}  // namespace

Error PartialGroup::Fail(ErrorCode code, std::uint32_t field) noexcept {
  const Field& f = message_->indexed()[field];
  error_ = Error{code, f.offset, f.tag};
  return error_;
}

Error PartialGroup::Open(PartialMessage& message, const Dictionary& dictionary,
                         std::uint32_t count_tag) noexcept {
  *this = PartialGroup();
  message_ = &message;
  dictionary_ = &dictionary;
  const Field* count = message.Find(count_tag);
  if (count == nullptr) {
    error_ = message.error();
    return error_;
  }
  const std::uint32_t index = static_cast<std::uint32_t>(count - message.indexed().data());
  const Scope* scope = nullptr;
  if (const MessageDef* def = dictionary.message(message.msg_type()); def != nullptr) {
    scope = dictionary.GroupIn(dictionary.scope(def->body), count_tag);
  }
  if (scope == nullptr) scope = dictionary.GroupIn(dictionary.header(), count_tag);
  if (scope == nullptr) scope = dictionary.GroupIn(dictionary.trailer(), count_tag);
  if (scope == nullptr) return Fail(ErrorCode::kGroupUnknownField, index);
  if (!CountOf(message.value(*count), &declared_)) return Fail(ErrorCode::kBadValue, index);
  scope_ = scope;
  next_ = index + 1;
  return Error{};
}

bool PartialGroup::Need(std::uint32_t i) noexcept {
  PartialMessage& m = *message_;
  while (i >= m.indexed().size()) {
    if (m.complete() || !m.error().ok()) {
      if (!m.error().ok()) error_ = m.error();
      return false;
    }
    if (const Error e = m.IndexFields(i + 1 + kLookahead); !e.ok()) {
      error_ = e;
      return false;
    }
  }
  return true;
}

std::uint32_t PartialGroup::EntryEnd(const Scope& scope, std::uint32_t i) noexcept {
  const Dictionary& dict = *dictionary_;
  std::uint32_t j = i + 1;
  for (;;) {
    if (!Need(j)) return error_.ok() ? j : 0;  // the message ends (10= is no member)
    const Field& f = message_->indexed()[j];
    if (f.tag == scope.delimiter) return j;  // the next entry
    if (dict.PositionOf(scope, f.tag) == scope.members_count) return j;  // the group ends
    const Scope* nested = dict.GroupIn(scope, f.tag);
    ++j;
    if (nested == nullptr) continue;
    std::uint32_t n = 0;
    if (!CountOf(message_->value(f), &n)) {
      Fail(ErrorCode::kBadValue, j - 1);
      return 0;
    }
    for (std::uint32_t k = 0; k < n; ++k) {
      if (!Need(j)) {
        if (error_.ok()) Fail(ErrorCode::kGroupCountMismatch, j - 1);
        return 0;
      }
      if (message_->indexed()[j].tag != nested->delimiter) {
        const bool member = dict.PositionOf(*nested, message_->indexed()[j].tag) != nested->members_count;
        Fail(member ? ErrorCode::kGroupMissingDelimiter : ErrorCode::kGroupCountMismatch, j);
        return 0;
      }
      j = EntryEnd(*nested, j);
      if (j == 0) return 0;
    }
  }
}

bool PartialGroup::Next(PartialEntry* entry) noexcept {
  if (scope_ == nullptr || !error_.ok() || read_ == declared_) return false;
  if (!Need(next_)) {
    if (error_.ok()) Fail(ErrorCode::kGroupCountMismatch, next_ - 1);
    return false;
  }
  const std::uint32_t tag = message_->indexed()[next_].tag;
  if (tag != scope_->delimiter) {
    const bool member = dictionary_->PositionOf(*scope_, tag) != scope_->members_count;
    Fail(member ? ErrorCode::kGroupMissingDelimiter : ErrorCode::kGroupCountMismatch, next_);
    return false;
  }
  const std::uint32_t end = EntryEnd(*scope_, next_);
  if (end == 0) return false;
  const Field* fields = message_->indexed().data();
  entry->data_ = message_->data();
  entry->first_ = fields + next_;
  entry->last_ = fields + end;
  next_ = end;
  ++read_;
  return true;
}

}  // namespace fixwire
