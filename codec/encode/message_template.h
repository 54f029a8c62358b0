// message_template.h: the fastest way to send the same message type again
// and again. A MessageTemplate pre-encodes what repeats from one message to
// the next, once; per message it only writes MsgSeqNum (34) and SendingTime
// (52) and leaves the encoder ready for the body.
//
//   fixwire::MessageTemplate nos;
//   nos.Init("FIX.4.2", "D");                            // 8 and 35
//   nos.AddHeaderString(49, "BANZAI");                   // 49, 56, 50, 57, ...
//   nos.AddHeaderString(56, "EXEC");
//   nos.AddBodyFields([](fixwire::Encoder& e) {          // fixed body fields
//     e.AddChar(21, '1');
//   });
//   if (!nos.error().ok()) ...                           // cold-path check, once
//   ...
//   fixwire::Encoder enc(buffer);
//   nos.Start(enc, seq, now_ns);     // 8, 9 (reserved), 35, 49, 56, 34, 52, 21
//   {
//     fixwire::Encoder::SummingCursor c(enc);  // the varying body fields
//     c.AddString(11, cl_ord_id);
//     ...
//   }
//   fixwire::EncodeResult r = enc.Finish();
//
// Start sums the bytes it writes as it writes them, and a SummingCursor
// (encoder.h) those of the varying fields, so Finish() reads none of the
// body back for its CheckSum; the encoder's own calls work too (Finish()
// then reads their bytes back, a few nanoseconds more).
//
// Wire order: 8, 9, 35, the header fields in the order added, 34, 52, then
// the fixed body fields in the order added, then what the caller appends.
// FIX only requires 8, 9, 35 first and the header before the body, so this is
// a valid standard header. The fixed fields must not include 8, 9, 10, 34, 35
// or 52 (the template writes them itself): Add* refuses them with
// kInvalidTag and the offending tag in error().tag. (Data fields of the
// standard Length/Data pairs are skipped whole when checking; the data of a
// non-standard pair is read as fields, so it may be refused spuriously.)
//
// Errors: building (Init / Add*) is a cold path; the first error is kept in
// error() (the encoder's codes, kBufferTooSmall when the fixed fields exceed
// kMaxFixedBytes) and Start() then begins the encoder in that error, so
// Finish() reports it. Start() itself never fails except for the encoder's
// own buffer room, reported by Finish().
//
// A MessageTemplate is a plain value (no heap, no pointers into itself): copy
// it freely; const after building, so any number of threads may Start() from
// it at once, each with its own encoder.
#ifndef FIXWIRE_ENCODE_MESSAGE_TEMPLATE_H_
#define FIXWIRE_ENCODE_MESSAGE_TEMPLATE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "fixwire/encode/encoder.h"
#include "fixwire/simd/checksum.h"
#include "fixwire/values/date_time.h"
#include "fixwire/values/error.h"

namespace fixwire {

class MessageTemplate {
 public:
  static constexpr std::size_t kMaxFixedBytes = 256;  // for each of header and body

  MessageTemplate() noexcept { error_.code = ErrorCode::kInvalidValue; }  // until Init

  // Init sets BeginString, MsgType and the precision of SendingTime, and
  // clears all fixed fields and the error. Returns error().
  Error Init(std::string_view begin_string, std::string_view msg_type,
             TimePrecision sending_time_precision = TimePrecision::kMillis) noexcept;

  // AddHeaderFields appends the fields `write(Encoder&)` writes to the fixed
  // header part (after 35, before 34). Returns error().
  template <typename Write>
  Error AddHeaderFields(Write&& write) noexcept {
    return AppendHeader(write, /*check=*/true);
  }
  // AddBodyFields appends fixed body fields (after 52). Returns error().
  template <typename Write>
  Error AddBodyFields(Write&& write) noexcept {
    Append(body_, &body_size_, write);
    body_sum_ = ByteSumOf(body_, body_size_);
    return error_;
  }
  // AddHeaderString is AddHeaderFields with one text field (49, 56, 50, 57...).
  Error AddHeaderString(std::uint32_t tag, std::string_view value) noexcept {
    return AddHeaderFields([tag, value](Encoder& e) noexcept { e.AddString(tag, value); });
  }

  // Start begins `encoder` with this template: reserves 8/9, copies 35 and
  // the fixed header fields, writes 34=msg_seq_num and 52=sending_time (from
  // nanoseconds since the epoch) and copies the fixed body fields. The
  // caller then appends the rest of the body and calls Finish().
  [[gnu::always_inline]] void Start(Encoder& encoder, std::uint64_t msg_seq_num,
                                    std::int64_t sending_time_nanos) const noexcept {
    if (!error_.ok()) [[unlikely]] {
      Encoder::Impl::BeginWithPrefix(encoder, head_, head_size_, head_sum_, header_, 0, 0);
      encoder.Fail(error_.code, error_.tag);
      return;
    }
    // The pre-encoded prefix's byte sum is known: Finish() sums only from 34 on.
    Encoder::Impl::BeginTemplateMessage(encoder, head_, head_size_, head_sum_, header_, header_size_, known_sum_,
                                        msg_seq_num, sending_time_nanos, precision_, body_, body_size_, body_sum_);
  }

  const Error& error() const noexcept { return error_; }
  // The pre-encoded parts, for inspection and tests.
  std::string_view header_fields() const noexcept { return {header_, header_size_}; }
  std::string_view body_fields() const noexcept { return {body_, body_size_}; }

 private:
  // Append writes the fields of `write`; `check` refuses reserved tags (off
  // only for Init's own 35).
  template <typename Write>
  Error Append(char* storage, std::size_t* size, Write& write, bool check = true) noexcept {
    if (!error_.ok()) return error_;
    Encoder e(std::span<char>(storage + *size, kMaxFixedBytes - *size));
    e.BeginFragment();
    write(e);
    const EncodeResult r = e.FinishFragment();
    if (!r.ok()) {
      error_ = r.error;
      return error_;
    }
    const Error reserved = check ? CheckNoReservedTags(r.bytes.data(), r.bytes.size()) : Error{};
    if (!reserved.ok()) {
      error_ = reserved;
      return error_;
    }
    *size += r.bytes.size();
    return error_;
  }
  // AppendHeader is Append to the fixed header part, keeping header_sum_ the
  // byte sum of header_.
  template <typename Write>
  Error AppendHeader(Write& write, bool check) noexcept {
    Append(header_, &header_size_, write, check);
    header_sum_ = ByteSumOf(header_, header_size_);
    known_sum_ = head_sum_ + 1u + header_sum_;
    return error_;
  }
  // ByteSumOf: the sum of the n bytes at p (building a template: cold).
  static std::uint32_t ByteSumOf(const char* p, std::size_t n) noexcept {
    return static_cast<std::uint32_t>(simd::ByteSum(p, n));
  }
  // CheckNoReservedTags returns kInvalidTag (offset within the fragment, tag)
  // for the first field of `fields` tagged 8, 9, 10, 34, 35 or 52.
  static Error CheckNoReservedTags(const char* fields, std::size_t size) noexcept;

  char head_[Encoder::kHeadStorage] = {};  // "8=<BeginString><SOH>9=", then unused bytes
  std::size_t head_size_ = 0;
  std::uint32_t head_sum_ = 0;
  char header_[kMaxFixedBytes] = {};  // "35=<MsgType><SOH>" and the fixed header fields
  std::size_t header_size_ = 0;
  std::uint32_t header_sum_ = 0;      // byte sum of header_
  std::uint32_t known_sum_ = 0;       // head_sum_ + the SOH after BodyLength + header_sum_
  char body_[kMaxFixedBytes] = {};
  // Start's block copies read this much of header_ and body_ whatever the sizes.
  static_assert(kMaxFixedBytes >= Encoder::kTemplatePrefixBlock && kMaxFixedBytes >= Encoder::kTemplateBodyBlock);
  std::size_t body_size_ = 0;
  std::uint32_t body_sum_ = 0;  // byte sum of body_
  TimePrecision precision_ = TimePrecision::kMillis;
  Error error_;
};

}  // namespace fixwire

#endif  // FIXWIRE_ENCODE_MESSAGE_TEMPLATE_H_
