// reopening_store.h: ReopeningStore, a MessageStore that forwards every call
// to a persistent store and whose Refresh() closes that store and opens it
// again from its files (RefreshOnLogon: a standby picking up what the
// process that ran the session before it wrote).
//
// Refresh closes the store first (its buffered bytes reach the files), then
// opens it anew; when the reopening fails, every call until a Refresh that
// succeeds returns kIoError (the numbers read as 0), so that the session
// never runs on a store it could not load. Not thread-safe, like the stores
// it wraps. Internal: OpenStore makes it when StoreOptions::refreshable is set.
#ifndef FIXWIRE_STORE_INTERNAL_REOPENING_STORE_H_
#define FIXWIRE_STORE_INTERNAL_REOPENING_STORE_H_

#include <functional>
#include <memory>
#include <string_view>
#include <utility>

#include "absl/status/statusor.h"
#include "fixwire/session/message_store.h"

namespace fixwire::store_internal {

class ReopeningStore final : public MessageStore {
 public:
  using Opener = std::function<absl::StatusOr<std::unique_ptr<MessageStore>>()>;

  ReopeningStore(std::unique_ptr<MessageStore> store, Opener open)
      : store_(std::move(store)), open_(std::move(open)) {}

  std::uint64_t next_sender_seq() const noexcept override {
    return store_ ? store_->next_sender_seq() : 0;
  }
  std::uint64_t next_target_seq() const noexcept override {
    return store_ ? store_->next_target_seq() : 0;
  }
  StoreStatus SetNextSenderSeq(std::uint64_t seq) noexcept override {
    return store_ ? store_->SetNextSenderSeq(seq) : StoreStatus::kIoError;
  }
  StoreStatus SetNextTargetSeq(std::uint64_t seq) noexcept override {
    return store_ ? store_->SetNextTargetSeq(seq) : StoreStatus::kIoError;
  }
  StoreStatus Append(std::uint64_t seq, std::string_view bytes,
                     std::uint64_t next_target_seq) noexcept override {
    return store_ ? store_->Append(seq, bytes, next_target_seq) : StoreStatus::kIoError;
  }
  StoreStatus Visit(std::uint64_t begin, std::uint64_t end,
                    MessageVisitor& visitor) noexcept override {
    return store_ ? store_->Visit(begin, end, visitor) : StoreStatus::kIoError;
  }
  StoreStatus Reset(std::int64_t creation_time_ns) noexcept override {
    return store_ ? store_->Reset(creation_time_ns) : StoreStatus::kIoError;
  }
  std::int64_t creation_time_ns() const noexcept override {
    return store_ ? store_->creation_time_ns() : 0;
  }
  StoreStatus Sync() noexcept override { return store_ ? store_->Sync() : StoreStatus::kIoError; }
  std::uint64_t durable_seq() const noexcept override { return store_ ? store_->durable_seq() : 0; }

  StoreStatus Refresh() noexcept override {
    store_.reset();  // closed first: what it buffered is in the files
    absl::StatusOr<std::unique_ptr<MessageStore>> reopened = open_();
    if (!reopened.ok()) return StoreStatus::kIoError;
    store_ = std::move(*reopened);
    return StoreStatus::kOk;
  }

 private:
  std::unique_ptr<MessageStore> store_;
  Opener open_;
};

}  // namespace fixwire::store_internal

#endif  // FIXWIRE_STORE_INTERNAL_REOPENING_STORE_H_
