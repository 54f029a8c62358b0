// message_view.h: MessageView, a decoded FIX message: the message bytes plus
// its field index. Non-owning, cheap to copy, never allocates.
//
//   fixwire::MessageView view;
//   if (decoder.Decode(bytes, index, view).ok()) {
//     std::string_view type = view.msg_type();          // "D"
//     if (auto account = view.Get(1)) Use(*account);     // first occurrence, O(1)
//     fixwire::Decimal px;
//     if (view.GetDecimal(44, &px) == fixwire::ErrorCode::kOk) ...
//     for (const fixwire::Field& f : view.fields()) ...  // wire order, 8 and 9 first, 10 last
//   }
//
// What must outlive a MessageView (and every string_view it returned):
//   1. the message bytes it was decoded from (the caller's buffer: a receive
//      buffer, a StreamFramer's pooled buffer, a Message), unchanged;
//   2. the FieldIndex it was decoded into, and that index must not be used for
//      another decode (or Rebuild) meanwhile. Moving the FieldIndex is fine.
// Nothing else: the Decoder may go away. A default-constructed view is empty
// (no fields; every lookup finds nothing).
//
// Values are returned as the exact bytes between '=' and the field's SOH;
// data fields (RawData 96, XmlData 213, ...) may contain SOH and '='. Typed
// getters parse with codec/values.h and return kFieldNotFound when the tag is
// absent, else that parser's code. Thread use: a view is read-only; any
// number of threads may read one concurrently while it is valid.
//
// For layers built on top (repeating groups with a dictionary): fields()
// gives the whole index in wire order, data()/size() the bytes; Field offsets
// are from data().
#ifndef FIXWIRE_WIRE_MESSAGE_VIEW_H_
#define FIXWIRE_WIRE_MESSAGE_VIEW_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/values/typed_getters.h"
#include "fixwire/values/values.h"

namespace fixwire {

// Standard header tags with direct accessors.
inline constexpr std::uint32_t kTagBeginString = 8;
inline constexpr std::uint32_t kTagBodyLength = 9;
inline constexpr std::uint32_t kTagCheckSum = 10;
inline constexpr std::uint32_t kTagMsgSeqNum = 34;
inline constexpr std::uint32_t kTagMsgType = 35;
inline constexpr std::uint32_t kTagPossDupFlag = 43;
inline constexpr std::uint32_t kTagSenderCompId = 49;
inline constexpr std::uint32_t kTagSendingTime = 52;
inline constexpr std::uint32_t kTagTargetCompId = 56;
inline constexpr std::uint32_t kTagPossResend = 97;
inline constexpr std::uint32_t kTagOrigSendingTime = 122;

class MessageView {
 public:
  MessageView() noexcept = default;

  // The whole message: "8=..." through the SOH after "10=nnn".
  const char* data() const noexcept { return data_; }
  std::uint32_t size() const noexcept { return size_; }
  std::string_view bytes() const noexcept { return std::string_view(data_, size_); }

  // Every field in wire order (8, 9, 35, ..., 10); repeated tags appear each time.
  std::span<const Field> fields() const noexcept { return std::span<const Field>(fields_, count_); }
  std::uint32_t field_count() const noexcept { return count_; }
  const Field* begin() const noexcept { return fields_; }  // range-for: every field, wire order
  const Field* end() const noexcept { return fields_ + count_; }
  const Field& field(std::uint32_t i) const noexcept { return fields_[i]; }
  [[gnu::always_inline]] std::string_view value(const Field& f) const noexcept {
    return std::string_view(data_ + f.offset, f.length);
  }

  // Find returns the first field with `tag`, or nullptr. O(1) for any tag;
  // always inline: below direct_tags() a table slot and two checks.
  [[gnu::always_inline]] const Field* Find(std::uint32_t tag) const noexcept {
    if (tag < direct_tags_) {
      const std::uint32_t slot = direct_[tag];
      return slot < count_ && fields_[slot].tag == tag ? fields_ + slot : nullptr;
    }
    return FindLarge(tag);
  }
  bool Has(std::uint32_t tag) const noexcept { return Find(tag) != nullptr; }

  // direct_tags: tags below it are found through the field index's direct
  // table alone (FieldIndex::direct_tags(); 0 for an empty view).
  std::uint32_t direct_tags() const noexcept { return direct_tags_; }
  // FirstIndexBelow returns the index in fields() of the first field with
  // `tag` when that index is below `limit`, else `limit` (the tag is absent
  // or first occurs at or after it). Preconditions: tag < direct_tags(),
  // limit <= field_count(). One table slot and two checks, always inline
  // (a running minimum over several tags passes the minimum so far).
  [[gnu::always_inline]] std::uint32_t FirstIndexBelow(std::uint32_t tag,
                                                       std::uint32_t limit) const noexcept {
    const std::uint32_t slot = direct_[tag];
    return slot < limit && fields_[slot].tag == tag ? slot : limit;
  }

  // Get returns the value of the first field with `tag`, or nullopt.
  std::optional<std::string_view> Get(std::uint32_t tag) const noexcept {
    const Field* f = Find(tag);
    if (f == nullptr) return std::nullopt;
    return value(*f);
  }
  // GetOr returns the first value of `tag`, or `fallback` when absent.
  [[gnu::always_inline]] std::string_view GetOr(std::uint32_t tag,
                                                std::string_view fallback = {}) const noexcept {
    const Field* f = Find(tag);
    return f != nullptr ? value(*f) : fallback;
  }

  // Occurrences iterates every field with one tag, in wire order.
  class Occurrences {
   public:
    class Iterator {
     public:
      using iterator_category = std::forward_iterator_tag;
      using value_type = Field;
      using difference_type = std::ptrdiff_t;
      using pointer = const Field*;
      using reference = const Field&;
      Iterator() = default;
      const Field& operator*() const noexcept { return *field_; }
      const Field* operator->() const noexcept { return field_; }
      Iterator& operator++() noexcept {
        do ++field_;
        while (field_ != end_ && field_->tag != tag_);
        return *this;
      }
      Iterator operator++(int) noexcept {
        Iterator old = *this;
        ++*this;
        return old;
      }
      friend bool operator==(const Iterator& a, const Iterator& b) noexcept {
        return a.field_ == b.field_;
      }

     private:
      friend class Occurrences;
      Iterator(const Field* field, const Field* end, std::uint32_t tag) noexcept
          : field_(field), end_(end), tag_(tag) {}
      const Field* field_ = nullptr;
      const Field* end_ = nullptr;
      std::uint32_t tag_ = 0;
    };
    Iterator begin() const noexcept { return Iterator(first_, end_, tag_); }
    Iterator end() const noexcept { return Iterator(end_, end_, tag_); }
    bool empty() const noexcept { return first_ == end_; }

   private:
    friend class MessageView;
    Occurrences(const Field* first, const Field* end, std::uint32_t tag) noexcept
        : first_(first), end_(end), tag_(tag) {}
    const Field* first_;
    const Field* end_;
    std::uint32_t tag_;
  };

  // FindAll returns every field with `tag` (first found in O(1), the rest by a
  // forward scan from it).
  Occurrences FindAll(std::uint32_t tag) const noexcept {
    const Field* first = Find(tag);
    const Field* end = fields_ + count_;
    return Occurrences(first != nullptr ? first : end, end, tag);
  }
  // Count returns how many fields have `tag`.
  std::uint32_t Count(std::uint32_t tag) const noexcept;

  // Typed getters of the first occurrence: kOk, kFieldNotFound, or the
  // parser's kBadValue / kValueOutOfRange (codec/values.h). Always inline:
  // the lookup and the parser's inline common case (char, bool, ints of 1..8
  // digits, decimals of 1..8 bytes), else one call.
  // GetInt64, GetUint64, GetChar, GetBool, GetDecimal, GetUtcTimestamp,
  // GetUtcTimeOnly, GetUtcDateOnly, GetLocalMktDate, GetMonthYear.
  FIXWIRE_TYPED_GETTERS

  // Standard header. begin_string() and msg_type() are the fixed first and
  // third fields; body_length() and checksum() the verified 9= and 10= values.
  std::string_view begin_string() const noexcept {
    return count_ != 0 ? value(fields_[0]) : std::string_view();
  }
  std::string_view msg_type() const noexcept {
    return count_ > 2 ? value(fields_[2]) : std::string_view();
  }
  std::uint32_t body_length() const noexcept { return body_length_; }
  std::uint8_t checksum() const noexcept { return checksum_; }
  std::string_view sender_comp_id() const noexcept { return GetOr(kTagSenderCompId); }
  std::string_view target_comp_id() const noexcept { return GetOr(kTagTargetCompId); }
  [[nodiscard]] ErrorCode msg_seq_num(std::uint64_t* out) const noexcept {
    return GetUint64(kTagMsgSeqNum, out);
  }
  [[nodiscard]] ErrorCode sending_time(std::int64_t* nanos) const noexcept {
    return GetUtcTimestamp(kTagSendingTime, nanos);
  }
  // poss_dup_flag is false when 43 is absent or not "Y".
  bool poss_dup_flag() const noexcept { return GetOr(kTagPossDupFlag) == "Y"; }
  bool poss_resend() const noexcept { return GetOr(kTagPossResend) == "Y"; }

 private:
  friend class FieldIndex;
  friend class Decoder;
  friend class PartialMessage;

  const Field* FindLarge(std::uint32_t tag) const noexcept;

  const char* data_ = nullptr;
  const Field* fields_ = nullptr;
  const std::uint32_t* direct_ = nullptr;
  const FieldIndex::HashEntry* hash_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t count_ = 0;
  std::uint32_t direct_tags_ = 0;
  std::uint32_t hash_mask_ = 0;
  std::uint32_t generation_ = 0;
  std::uint32_t body_length_ = 0;
  std::uint8_t checksum_ = 0;
};

}  // namespace fixwire

#endif  // FIXWIRE_WIRE_MESSAGE_VIEW_H_
