// encoder.h: writes FIX tag=value messages straight into a buffer the caller
// owns: no std::string, no streams, no printf, no heap, no exceptions.
//
//   char buffer[512];
//   fixwire::Encoder enc(buffer);
//   enc.Begin("FIX.4.4", "D");
//   enc.AddString(49, "SENDER");
//   enc.AddUint(34, seq);
//   enc.AddTimestamp(52, now_ns, fixwire::TimePrecision::kMillis);
//   enc.AddDecimal(44, fixwire::Decimal{12345, -2});           // 44=123.45
//   fixwire::EncodeResult r = enc.Finish();
//   if (r.ok()) Send(r.bytes);  // r.bytes: "8=FIX.4.4|9=..|35=D|...|10=..|"
//
// BodyLength without a second pass: Begin() reserves room at the start of the
// buffer for "8=<BeginString>|9=<n>|" with n as wide as the buffer's size has
// digits (a body can never be longer than the buffer, so the reservation is
// always enough) and writes 35= and the body after it. Finish() knows the body
// length from two pointers, writes 8= and 9= at the exact width right-aligned
// in front of 35=, and returns the message starting there, so the finished
// bytes usually begin a few bytes into the buffer (at most digits(size) - 1;
// `r.bytes.data()` says where). Nothing is moved and nothing is re-scanned
// except the single CheckSum pass (simd::Checksum). A zero-padded BodyLength
// at the reserved width (the message then starts at the buffer's start) is an
// option (EncoderOptions), never the default: some counterparties reject it.
//
// Validity: tags are 1..kMaxTag; a text value must be non-empty and must not
// contain SOH (data fields, written with AddData, may); numbers, dates and
// times are checked for range. The first failure is kept (sticky): it freezes
// the encoder (later calls write nothing) and Finish() returns it with the
// tag and the buffer offset where the failed field would have started.
// kBufferTooSmall, kInvalidValue, kInvalidTag, kGroupCountMismatch are the
// codes. Nothing is ever written outside the buffer, whatever the calls.
//
// Fields are written in call order: the caller is responsible for FIX field
// order (header fields first, groups in dictionary order).
//
// Ownership and lifetime: the encoder keeps a pointer to the buffer (which
// must outlive it and the returned bytes) and nothing else; Begin() copies
// BeginString. One encoder per thread; a Begin() starts over in the same
// buffer (invalidating the previous result's bytes).
#ifndef FIXWIRE_ENCODE_ENCODER_H_
#define FIXWIRE_ENCODE_ENCODER_H_

#include <emmintrin.h>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/encode/internal/byte_sum.h"
#include "fixwire/encode/internal/format_decimal.h"
#include "fixwire/encode/internal/format_int.h"
#include "fixwire/encode/internal/format_tag.h"
#include "fixwire/encode/internal/format_text.h"
#include "fixwire/encode/internal/format_time.h"
#include "fixwire/encode/internal/running_sum.h"

namespace fixwire {

// The outcome of Encoder::Finish (and FinishFragment): the bytes written, or
// the first error (bytes then empty).
struct [[nodiscard]] EncodeResult {
  std::string_view bytes;  // inside the encoder's buffer
  Error error;
  constexpr bool ok() const noexcept { return error.ok(); }
};

struct EncoderOptions {
  // Write BodyLength with leading zeros at the reserved width (the number of
  // digits of the buffer size), so the message starts at the buffer's first
  // byte. Off by default: some counterparties reject "9=0042".
  bool zero_padded_body_length = false;
};

class Encoder;

// BasicGroupEncoder checks that a repeating group gets as many entries as
// its NumInGroup said. Call NextEntry() before each entry's first field and
// End() after the last; End() records kGroupCountMismatch (tag = count tag)
// through the writer that began the group when the numbers differ. Nested
// groups use their own. `Writer` is the Encoder (GroupEncoder, from
// Encoder::BeginGroup) or an Encoder::Cursor or SummingCursor
// (CursorGroupEncoder, SummingCursorGroupEncoder, from their BeginGroup, so
// the error is recorded at the cursor's position);
// the same class either way, so the same checks and the same error. Holds a
// pointer to the writer, which must outlive it.
template <typename Writer>
class BasicGroupEncoder {
 public:
  void NextEntry() noexcept { ++entries_; }
  void End() noexcept {
    if (entries_ != count_) writer_->Fail(ErrorCode::kGroupCountMismatch, count_tag_);
  }
  std::uint32_t entries() const noexcept { return entries_; }

 private:
  friend Writer;
  BasicGroupEncoder(Writer* writer, std::uint32_t count_tag, std::uint32_t count) noexcept
      : writer_(writer), count_tag_(count_tag), count_(count) {}
  Writer* writer_;
  std::uint32_t count_tag_;
  std::uint32_t count_;
  std::uint32_t entries_ = 0;
};

using GroupEncoder = BasicGroupEncoder<Encoder>;

class Encoder {
 public:
  // The longest BeginString accepted ("FIXT.1.1" is 8).
  static constexpr std::size_t kMaxBeginStringSize = 16;

  // Encoder writes into `buffer` (which must outlive it). Call Begin() or
  // BeginFragment() before adding fields.
  explicit Encoder(std::span<char> buffer, EncoderOptions options = {}) noexcept
      : buffer_begin_(buffer.data()),
        buffer_end_(buffer.data() + buffer.size()),
        pos_(buffer.data()),
        end_(buffer.data()),  // frozen until Begin
        body_start_(buffer.data()),
        summed_end_(buffer.data()),
        zero_padded_(options.zero_padded_body_length),
        inline_length_limit_(options.zero_padded_body_length ? 0 : 1000),
        // A body is shorter than the buffer, so digits(capacity) always suffice.
        reserved_digits_(static_cast<std::uint8_t>(codec_internal::CountDigits(buffer.size()))) {
    error_.code = ErrorCode::kInvalidValue;  // Finish() before Begin() is an error
  }

  Encoder(const Encoder&) = delete;
  Encoder& operator=(const Encoder&) = delete;

  // Begin starts a message: reserves the 8=/9= header and writes 35=msg_type.
  // Clears any previous error. kInvalidValue (tag 8 or 35) when begin_string
  // is empty, longer than kMaxBeginStringSize or contains SOH, or msg_type is
  // empty or contains SOH; kBufferTooSmall when the reservation doesn't fit.
  [[gnu::always_inline]] void Begin(std::string_view begin_string, std::string_view msg_type) noexcept;

  // BeginFragment starts a run of fields with no header and no trailer (a
  // template's pre-encoded fields, a group entry built ahead of time); end it
  // with FinishFragment(). Clears any previous error.
  void BeginFragment() noexcept;

  // --- Fields. Each writes "tag=value<SOH>" or records the first error. ---

  [[gnu::always_inline]] void AddInt(std::uint32_t tag, std::int64_t value) noexcept {
    Put<codec_internal::kMaxSignedChars>(tag, [value](char* p) noexcept {
      return codec_internal::WriteSignedWide(p, value);
    });
  }
  [[gnu::always_inline]] void AddUint(std::uint32_t tag, std::uint64_t value) noexcept {
    Put<codec_internal::kMaxUnsignedChars>(tag, [value](char* p) noexcept {
      return codec_internal::WriteUnsignedWide(p, value);
    });
  }
  // AddChar: one character, not SOH (kInvalidValue).
  [[gnu::always_inline]] void AddChar(std::uint32_t tag, char value) noexcept {
    Put<1>(tag, [value](char* p) noexcept -> char* {
      if (value == '\x01') return nullptr;
      *p = value;
      return p + 1;
    });
  }
  // AddBool writes 'Y' or 'N'.
  [[gnu::always_inline]] void AddBool(std::uint32_t tag, bool value) noexcept {
    Put<1>(tag, [value](char* p) noexcept {
      *p = value ? 'Y' : 'N';
      return p + 1;
    });
  }
  // AddString: any non-empty text without SOH (kInvalidValue otherwise).
  [[gnu::always_inline]] void AddString(std::uint32_t tag, std::string_view value) noexcept;

  // AddDecimal writes d exactly ({12345,-2} "123.45", {150,-2} "1.50",
  // {-5,-3} "-0.005", {12,3} "12000"); kInvalidValue when |exponent| > 40.
  [[gnu::always_inline]] void AddDecimal(std::uint32_t tag, Decimal d) noexcept {
    Put<codec_internal::kMaxDecimalChars>(
        tag, [d](char* p) noexcept { return codec_internal::WriteDecimal(p, d); });
  }
  // AddDecimal with `decimals` (0..18) writes exactly that many digits after
  // the point, zero-extending or rounding half away from zero
  // ({12345,-3}, 2 -> "12.35"; {5,0}, 2 -> "5.00"); kInvalidValue when
  // decimals is out of range or the rescaled mantissa overflows int64.
  void AddDecimal(std::uint32_t tag, Decimal d, int decimals) noexcept {
    Put<codec_internal::kMaxDecimalChars>(tag, [d, decimals](char* p) noexcept {
      return codec_internal::WriteDecimalFixed(p, d, decimals);
    });
  }
  // AddDouble writes v with `precision` (0..18) decimals, correctly rounded
  // from v's exact binary value (ties to even, as printf "%.*f"); no sign on
  // a result that rounds to zero. kInvalidValue for NaN, infinity, a bad
  // precision or a value too large (|v| * 10^precision >= 2^64).
  void AddDouble(std::uint32_t tag, double v, int precision) noexcept {
    Put<codec_internal::kMaxDecimalChars>(tag, [v, precision](char* p) noexcept {
      return codec_internal::WriteDouble(p, v, precision);
    });
  }
  // AddTimestamp writes a UTCTimestamp from nanoseconds since the epoch,
  // truncated to `precision` ("20261202-15:30:00.123").
  [[gnu::always_inline]] void AddTimestamp(std::uint32_t tag, std::int64_t nanos_since_epoch,
                    TimePrecision precision) noexcept {
    // The encoder comes as an argument, not a capture: a 16-byte closure
    // reaches the out-of-line paths in registers, not through the stack.
    Put<codec_internal::kMaxTimestampChars>(tag, [nanos_since_epoch, precision](Encoder& self, char* p) noexcept {
      return self.WriteTimestamp(p, nanos_since_epoch, precision);
    });
  }
  // AddTimeOnly writes a UTCTimeOnly from nanoseconds since midnight, which
  // must be in [0, 24h) (kInvalidValue otherwise).
  [[gnu::always_inline]] void AddTimeOnly(std::uint32_t tag, std::int64_t nanos_since_midnight,
                   TimePrecision precision) noexcept {
    Put<codec_internal::kMaxTimestampChars>(tag, [nanos_since_midnight, precision](Encoder& self, char* p) noexcept {
      return self.WriteTimeOnly(p, nanos_since_midnight, precision);
    });
  }
  // AddDate writes a UTCDateOnly or LocalMktDate "YYYYMMDD"; kInvalidValue
  // for a year outside 0..9999 or a day the month doesn't have.
  [[gnu::always_inline]] void AddDate(std::uint32_t tag, Date date) noexcept {
    Put<8>(tag, [date](char* p) noexcept { return codec_internal::WriteDate(p, date); });
  }
  // AddMonthYear writes "YYYYMM", "YYYYMMDD" or "YYYYMMwW"; kInvalidValue
  // for an invalid month, day or week (1..5), or both day and week.
  [[gnu::always_inline]] void AddMonthYear(std::uint32_t tag, MonthYear value) noexcept {
    Put<8>(tag, [value](char* p) noexcept { return codec_internal::WriteMonthYear(p, value); });
  }

  // AddData writes a data field with its length field in one go:
  // "length_tag=<size><SOH>data_tag=<data><SOH>" (e.g. 95/96, 212/213). The
  // data may contain SOH; it must not be empty (an empty value is not FIX).
  void AddData(std::uint32_t length_tag, std::uint32_t data_tag, std::string_view data) noexcept;

  // BeginGroup writes the NumInGroup field "count_tag=count" and returns a
  // checker for the entries that the caller writes next.
  GroupEncoder BeginGroup(std::uint32_t count_tag, std::uint32_t count) noexcept {
    AddUint(count_tag, count);
    return GroupEncoder(this, count_tag, count);
  }

  // AddRawFields appends already-encoded fields verbatim ("tag=value<SOH>"
  // one or more times): a template's fixed fields, fields copied from a
  // decoded message. Only checked to be non-empty and to end with SOH
  // (kInvalidValue): the caller vouches for the rest.
  [[gnu::always_inline]] void AddRawFields(std::string_view fields) noexcept { AddRawFieldsAt(pos_, fields); }

  // Finish writes BodyLength and CheckSum and returns the whole message, or
  // the first error: kBufferTooSmall (no room for the field or for the
  // 7-byte "10=nnn<SOH>" trailer), kInvalidValue / kInvalidTag /
  // kGroupCountMismatch from a field, kInvalidValue when Begin() was not
  // called (or a fragment was begun). Finish() twice gives the same result.
  // Inline for the usual message (a body below 1000 bytes, BodyLength not
  // zero padded); the rest out of line.
  [[gnu::always_inline]] EncodeResult Finish() noexcept;

  // FinishFragment returns the fields written since BeginFragment(), or the
  // first error (kInvalidValue when the encoder was begun with Begin()).
  EncodeResult FinishFragment() noexcept;

  // error() is the first error so far (ok() while none).
  const Error& error() const noexcept { return error_; }
  // body_size() is the number of body bytes written so far (from 35= on).
  std::size_t body_size() const noexcept { return static_cast<std::size_t>(pos_ - body_start_); }

  // Fail records `code` for `tag` if no error is recorded yet, and freezes the
  // encoder. Public for GroupEncoder and the message copier (a Cursor has its
  // own, at its position).
  void Fail(ErrorCode code, std::uint32_t tag) noexcept;

  // Cursor: a run of field calls (a loop over fields) with the write position
  // in a local, so a register, instead of in the encoder, where every field
  // would store it and the next reload it (the byte stores may alias it).
  // It has every field call of the encoder (Add*, AddData, AddRawFields,
  // BeginGroup) with the same bytes and the same errors (code, tag, offset),
  // sharing their code: the usual case of the value kinds and of raw fields
  // in line; anything else (a rare tag, the buffer's end, an invalid value)
  // and the rare calls (AddData) through the encoder's own functions, with
  // the position written back first and reloaded after. Its BeginGroup
  // returns a CursorGroupEncoder, the encoder's GroupEncoder bound to the
  // cursor (a count mismatch recorded at the cursor's position). The
  // position is written back when the cursor is destroyed: make no call on
  // the encoder itself (nor on a GroupEncoder of it) while one is open;
  // Finish() after the cursor's scope.
  //
  //   { fixwire::Encoder::Cursor c(enc); for (...) c.AddInt(f.tag, f.value); }
  //   fixwire::EncodeResult r = enc.Finish();
  //
  // SummingCursor is a Cursor that also adds up the bytes of its fields as
  // it writes them (codec/internal/running_sum.h), from the words still in
  // registers, so that Finish() need not read them back: a read of bytes
  // stored moments before waits for those stores to reach the cache (store
  // forwarding does not serve a load spanning several stores). For a
  // straight-line run of fields (a template's varying fields) right after
  // MessageTemplate::Start(), which sums what it writes: there the compiler
  // keeps the sum in registers and it costs less than the wait. Not for a
  // loop over fields (use Cursor): there the sum is a second chain through
  // memory from field to field and costs more than it saves. Same bytes and
  // errors as Cursor; a run whose fields are not all of the summed kinds
  // (int, uint, char, bool, Decimal, UTCTimestamp to milliseconds, strings
  // up to 16 bytes) or that does not directly follow the summed part is
  // simply read back by Finish(), as after a Cursor.
  template <bool kSummed>
  class BasicCursor;
  using Cursor = BasicCursor<false>;
  using SummingCursor = BasicCursor<true>;

 private:
  friend class MessageTemplate;
  static constexpr std::size_t kMaxTagChars = 9;  // kMaxTag = 999999999
  // Finish sums bodies (after a template's prefix) shorter than this inline
  // (codec_internal::SumShortBytes), longer ones with simd::ByteSum.
  static constexpr std::size_t kInlineSumLimit = 256;
  static constexpr std::size_t kMaxHeadSize = 2 + kMaxBeginStringSize + 1 + 2;
  // head_ storage: kMaxHeadSize rounded up to whole words, so that a
  // template's head is copied as a fixed 24 bytes (the bytes past the head
  // are never used).
  static constexpr std::size_t kHeadStorage = 24;
  static_assert(kHeadStorage >= kMaxHeadSize);

  // BeginWithPrefix is Begin() for a MessageTemplate: `head` (kHeadStorage
  // bytes, the first head_size of them "8=<BeginString><SOH>9=", byte sum
  // head_sum) and `prefix` ("35=..<SOH>" and the fixed header fields) were
  // validated when the template was built, so they are only copied: the
  // head as a fixed 24 bytes, the prefix after the reserved header.
  // known_sum is the byte sum of the head, the SOH after BodyLength and the
  // prefix (Finish sums only what follows).
  [[gnu::always_inline]] void BeginWithPrefix(const char* head, std::size_t head_size, std::uint32_t head_sum,
                                              const char* prefix, std::size_t prefix_size,
                                              std::uint32_t known_sum) noexcept {
    std::memcpy(head_, head, kHeadStorage);
    head_size_ = static_cast<std::uint8_t>(head_size);
    head_sum_ = head_sum;
    StartMessage();
    AddPrefix(prefix, prefix_size, known_sum);
  }
  // AddPrefix copies a template's prefix right after the reserved header
  // (known_sum as BeginWithPrefix's).
  [[gnu::always_inline]] void AddPrefix(const char* prefix, std::size_t prefix_size, std::uint32_t known_sum) noexcept {
    char* const p = pos_;
    if (prefix_size > static_cast<std::size_t>(end_ - p)) [[unlikely]] {
      Fail(ErrorCode::kBufferTooSmall, 0);
      return;
    }
    codec_internal::CopyBytes(p, prefix, prefix_size);
    pos_ = p + prefix_size;
    summed_end_ = p + prefix_size;
    known_sum_ = known_sum;
  }
  // BeginTemplateMessage is BeginWithPrefix, AddUint(34, msg_seq_num),
  // AddTimestamp(52, sending_time_nanos, precision) and AddRawFields(body)
  // (when body_size != 0) with one room check for all of them and the write
  // position kept in a register; near the buffer's end it makes exactly
  // those calls (so the same bytes and the same errors either way). `prefix`
  // and `body` must be readable for kTemplatePrefixBlock and
  // kTemplateBodyBlock bytes (a MessageTemplate's storage is): a prefix and a
  // body up to those sizes (the usual template) are copied as fixed blocks,
  // whose bytes past the real size are scratch that the next field
  // overwrites (the room check covers the whole blocks).
  static constexpr std::size_t kTemplatePrefixBlock = 64;
  static constexpr std::size_t kTemplateBodyBlock = 32;
  [[gnu::always_inline]] void BeginTemplateMessage(const char* head, std::size_t head_size, std::uint32_t head_sum,
                                                   const char* prefix, std::size_t prefix_size,
                                                   std::uint32_t known_sum, std::uint64_t msg_seq_num,
                                                   std::int64_t sending_time_nanos, TimePrecision precision,
                                                   const char* body, std::size_t body_size,
                                                   std::uint32_t body_sum) noexcept {
    std::memcpy(head_, head, kHeadStorage);
    head_size_ = static_cast<std::uint8_t>(head_size);
    head_sum_ = head_sum;
    constexpr std::size_t kSeqWorst = 3 + codec_internal::kMaxUnsignedChars + 1;  // "34=" value SOH
    constexpr std::size_t kTimeWorst = 3 + codec_internal::kMaxTimestampChars + 1;
    static_assert(kSeqWorst >= 8 && kTimeWorst >= 8, "WriteTagFast and WriteUnsignedWide store 8 bytes");
    constexpr std::size_t kBlocks = kTemplatePrefixBlock + kSeqWorst + kTimeWorst + kTemplateBodyBlock;
    // The body's start as StartMessage reserves it (at most 42 bytes in, so
    // the address sum below does not wrap).
    char* const start = buffer_begin_ + (head_size + reserved_digits_ + 1u);
    if (prefix_size <= kTemplatePrefixBlock && body_size <= kTemplateBodyBlock &&
        reinterpret_cast<std::uintptr_t>(start) + kBlocks <= reinterpret_cast<std::uintptr_t>(buffer_end_))
        [[likely]] {
      // StartMessage's state; its room check is implied by this one.
      error_ = Error{};
      mode_ = Mode::kMessage;
      end_ = buffer_end_;
      body_start_ = start;
      CopyBlock<kTemplatePrefixBlock>(start, prefix);
      char* p = start + prefix_size;
      codec_internal::RunningSum sum;
      p = WriteSeqAndTime(p, msg_seq_num, sending_time_nanos, precision, sum);
      if (p == nullptr) [[unlikely]] return;
      CopyBlock<kTemplateBodyBlock>(p, body);
      pos_ = p + body_size;
      SetSummed(start + prefix_size, known_sum, sum, body_sum);
      return;
    }
    StartMessage();
    char* p = pos_;
    if (room() >= prefix_size + kSeqWorst + kTimeWorst + body_size) {
      codec_internal::CopyBytes(p, prefix, prefix_size);
      p += prefix_size;
      char* const prefix_end = p;
      codec_internal::RunningSum sum;
      p = WriteSeqAndTime(p, msg_seq_num, sending_time_nanos, precision, sum);
      if (p == nullptr) [[unlikely]] return;
      codec_internal::CopyBytes(p, body, body_size);
      pos_ = p + body_size;
      SetSummed(prefix_end, known_sum, sum, body_sum);
      return;
    }
    AddPrefix(prefix, prefix_size, known_sum);
    AddUint(34, msg_seq_num);
    AddTimestamp(52, sending_time_nanos, precision);
    if (body_size != 0) AddRawFields(std::string_view(body, body_size));
  }
  // SetSummed records what Finish need not read: the head and prefix
  // (known_sum, up to prefix_end) and, when `sum` holds them, 34, 52 and
  // the fixed body fields (body_sum) too, up to pos_.
  [[gnu::always_inline]] void SetSummed(char* prefix_end, std::uint32_t known_sum,
                                        const codec_internal::RunningSum& sum, std::uint32_t body_sum) noexcept {
    if (sum.valid) [[likely]] {
      summed_end_ = pos_;
      known_sum_ = known_sum + sum.Total() + body_sum;
    } else {
      summed_end_ = prefix_end;
      known_sum_ = known_sum;
    }
  }
  // TagTextSum: the byte sum of "<tag>=" for a tag known at compile time.
  [[gnu::always_inline]] static constexpr std::uint64_t TagTextSum(std::uint32_t tag) noexcept {
    return codec_internal::WordByteSum(codec_internal::TagWord(tag));
  }
  // CopyBlock copies kSize (32 or 64) bytes as 16-byte moves (no overlap).
  template <std::size_t kSize>
  [[gnu::always_inline]] static void CopyBlock(char* dst, const char* src) noexcept {
    static_assert(kSize == 32 || kSize == 64);
    const auto load = [src](std::size_t i) noexcept {
      return _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    };
    const auto store = [dst](std::size_t i, __m128i v) noexcept {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), v);
    };
    const __m128i a = load(0), b = load(16);
    if constexpr (kSize == 64) {
      const __m128i c = load(32), d = load(48);
      store(32, c);
      store(48, d);
    }
    store(0, a);
    store(16, b);
  }
  // WriteSeqAndTime writes "34=<msg_seq_num><SOH>52=<time><SOH>" at p, which
  // has room for both at their widest, and returns the end; on a bad
  // precision records kInvalidValue (tag 52) and returns nullptr. The usual
  // millisecond precision is a constant for the cached time's fraction.
  // `sum` receives both fields' text (running_sum.h).
  [[gnu::always_inline]] char* WriteSeqAndTime(char* p, std::uint64_t msg_seq_num, std::int64_t sending_time_nanos,
                                               TimePrecision precision, codec_internal::RunningSum& sum) noexcept {
    p = codec_internal::WriteUnsignedWide(codec_internal::WriteTagFast(p, 34), msg_seq_num, sum);
    *p++ = '\x01';
    sum.Add(TagTextSum(34) + TagTextSum(52) + 2);  // "34=", "52=" and two SOH
    char* const time_field = p;
    char* const value = codec_internal::WriteTagFast(p, 52);
    p = precision == TimePrecision::kMillis ? WriteTimestamp(value, sending_time_nanos, TimePrecision::kMillis, sum)
                                            : WriteTimestamp(value, sending_time_nanos, precision, sum);
    if (p == nullptr) [[unlikely]] {  // a bad precision (templates check it when built)
      pos_ = time_field;
      Fail(ErrorCode::kInvalidValue, 52);
      return nullptr;
    }
    *p++ = '\x01';
    return p;
  }
  // SetHead builds head_ for another BeginString (out of line: rare); on an
  // invalid one starts the message in error and returns false.
  bool SetHead(std::string_view begin_string) noexcept;
  // StartMessage resets the state and reserves the header for head_.
  [[gnu::always_inline]] void StartMessage() noexcept {
    error_ = Error{};
    mode_ = Mode::kMessage;
    end_ = buffer_end_;
    known_sum_ = head_sum_ + 1u;  // the head and the SOH after BodyLength
    const std::size_t reserve = head_size_ + reserved_digits_ + 1u;
    if (reserve > static_cast<std::size_t>(buffer_end_ - buffer_begin_)) [[unlikely]] {
      pos_ = buffer_begin_;
      body_start_ = buffer_begin_;
      summed_end_ = buffer_begin_;
      Fail(ErrorCode::kBufferTooSmall, 8);
      return;
    }
    char* const body = buffer_begin_ + reserve;
    pos_ = body;
    body_start_ = body;
    summed_end_ = body;
  }

  // WriteTimestamp is WriteUtcTimestamp with "YYYYMMDD-HH:MM:SS" of the last
  // second seen cached: SendingTime and TransactTime, and the messages sent
  // within one second, share it, so most timestamps only format a fraction.
  // A time in the cached second is found by one subtraction from the
  // second's first nanosecond (no division); the cache always holds a real
  // second (the epoch's until the first timestamp), so it needs no "empty".
  // `sum` receives the text (running_sum.h); a new second invalidates it.
  template <typename Sum = codec_internal::NoSum>
  [[gnu::always_inline]] char* WriteTimestamp(char* out, std::int64_t nanos, TimePrecision precision,
                                              Sum&& sum = Sum{}) noexcept {
    const std::uint64_t fraction =
        static_cast<std::uint64_t>(nanos) - static_cast<std::uint64_t>(cached_second_nanos_);
    if (fraction >= static_cast<std::uint64_t>(kNanosPerSecond)) [[unlikely]] {
      sum.Invalidate();
      return WriteTimestampNewSecond(out, nanos, precision);
    }
    std::memcpy(out, cached_second_text_, 17);
    sum.Block16(cached_second_text_);
    sum.Add(static_cast<unsigned char>(cached_second_text_[16]));
    return codec_internal::WriteFraction(out + 17, fraction, precision, sum);
  }
  // WriteTimestampNewSecond is WriteTimestamp for a time outside the cached
  // second: caches its second, then writes (out of line: rare).
  char* WriteTimestampNewSecond(char* out, std::int64_t nanos, TimePrecision precision) noexcept;

  // WriteTimeOnly is WriteUtcTimeOnly with "HH:MM:SS" of the last second of
  // the day seen cached (the entries of a market data message, the fills
  // of one second share it): most times only format a fraction. A time in
  // the cached second is in [0, 24h) too, so it needs no other check.
  [[gnu::always_inline]] char* WriteTimeOnly(char* out, std::int64_t nanos_of_day, TimePrecision precision) noexcept {
    const std::uint64_t fraction =
        static_cast<std::uint64_t>(nanos_of_day) - static_cast<std::uint64_t>(cached_time_nanos_);
    if (fraction >= static_cast<std::uint64_t>(kNanosPerSecond)) [[unlikely]] {
      return WriteTimeOnlyNewSecond(out, nanos_of_day, precision);
    }
    std::memcpy(out, cached_time_text_, 8);
    return codec_internal::WriteFraction(out + 8, fraction, precision);
  }
  // WriteTimeOnlyNewSecond is WriteTimeOnly for a time outside the cached
  // second: nullptr outside [0, 24h), else caches its second and writes.
  char* WriteTimeOnlyNewSecond(char* out, std::int64_t nanos_of_day, TimePrecision precision) noexcept;

  static constexpr bool ValidTag(std::uint32_t tag) noexcept { return tag - 1 < kMaxTag; }
  // HasSoh reports whether any byte of a or b is SOH: one SSE2 byte compare
  // of both words (exact, as codec_internal::HasSohByte, in fewer instructions).
  [[gnu::always_inline]] static bool HasSoh(std::uint64_t a, std::uint64_t b) noexcept {
    const __m128i words = _mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(words, _mm_set1_epi8(1))) != 0;
  }
  std::size_t room() const noexcept { return static_cast<std::size_t>(end_ - pos_); }
  // HasRoom<kSize>(p) is kSize <= end_ - p (p is at most end_) as a compare
  // of p + kSize with end_ in memory, no subtraction. A compile-time size
  // only: user-space addresses are far below 2^64 - kSize, so no wrap.
  template <std::size_t kSize>
  [[gnu::always_inline]] bool HasRoom(const char* p) const noexcept {
    static_assert(kSize < (std::size_t{1} << 20));
    return reinterpret_cast<std::uintptr_t>(p) + kSize <= reinterpret_cast<std::uintptr_t>(end_);
  }

  // IsCommonTag: a valid tag whose "<tag>=" WriteTagFast writes from a
  // constant or from the tag table, so one compare for a run-time tag (the
  // table's bound implies validity); the others (0, too large, >= 1024 at run
  // time) take the out-of-line Put*RareTag paths.
  [[gnu::always_inline]] static bool IsCommonTag(std::uint32_t tag) noexcept {
    if (__builtin_constant_p(tag)) return ValidTag(tag) && tag < 10000000;
    return tag - 1 < codec_internal::kTagTableSize - 1;
  }

  // Put writes tag, '=', the value from `format` (which writes at most
  // kMaxValue bytes and returns the end, or nullptr for an invalid value;
  // called as format(p), or format(*this, p) when it takes the encoder)
  // and SOH. Fast path: format in place when the worst case fits.
  template <std::size_t kMaxValue, typename Format>
  [[gnu::always_inline]] void Put(std::uint32_t tag, Format&& format) noexcept {
    constexpr std::size_t kWorst = kMaxTagChars + 1 + kMaxValue + 1;
    if (!IsCommonTag(tag)) [[unlikely]] {
      PutRareTag<kWorst>(tag, format);
      return;
    }
    if (HasRoom<kWorst>(pos_)) [[likely]] {
      PutInPlace(tag, format);
      return;
    }
    PutNearEnd<kWorst>(tag, format);
  }

  // Apply calls `format` (see Put) at p.
  template <typename Format>
  [[gnu::always_inline]] char* Apply(Format& format, char* p) noexcept {
    if constexpr (std::is_invocable_v<Format&, Encoder&, char*>) {
      return format(*this, p);
    } else {
      return format(p);
    }
  }

  // PutInPlace is Put with a valid tag and room for the worst case.
  template <typename Format>
  [[gnu::always_inline]] void PutInPlace(std::uint32_t tag, Format& format) noexcept {
    char* p = Apply(format, codec_internal::WriteTagFast(pos_, tag));
    if (p == nullptr) [[unlikely]] {
      Fail(ErrorCode::kInvalidValue, tag);
      return;
    }
    *p++ = '\x01';
    pos_ = p;
  }

  // PutAt is Put for a Cursor, at `pos` (the cursor's position, written back
  // to pos_ only around the out-of-line path).
  template <std::size_t kMaxValue, typename Format>
  [[gnu::always_inline]] void PutAt(char*& pos, std::uint32_t tag, Format&& format) noexcept {
    constexpr std::size_t kWorst = kMaxTagChars + 1 + kMaxValue + 1;
    if (IsCommonTag(tag) && HasRoom<kWorst>(pos)) [[likely]] {
      char* p = Apply(format, codec_internal::WriteTagFast(pos, tag));
      if (p != nullptr) [[likely]] {
        *p = '\x01';
        pos = p + 1;
        return;
      }
    }
    // Every other case as Put's (an invalid value formatted again, to fail).
    pos_ = pos;
    PutRareTag<kWorst>(tag, format);
    pos = pos_;
  }

  // AddRawFieldsAt is AddRawFields at `pos` (pos_, or a Cursor's position,
  // written back to pos_ only to record an error).
  [[gnu::always_inline]] void AddRawFieldsAt(char*& pos, std::string_view fields) noexcept {
    char* const p = pos;
    if (fields.empty() || fields.back() != '\x01') [[unlikely]] {
      pos_ = p;
      Fail(ErrorCode::kInvalidValue, 0);
      return;
    }
    if (fields.size() > static_cast<std::size_t>(end_ - p)) [[unlikely]] {
      pos_ = p;
      Fail(ErrorCode::kBufferTooSmall, 0);
      return;
    }
    codec_internal::CopyBytes(p, fields.data(), fields.size());
    pos = p + fields.size();
  }

  // PutRareTag is Put for a tag that is not IsCommonTag (out of line: rare;
  // PutAt's path for every case but the usual one, so any valid tag).
  // It and PutNearEnd take `format` (a few captured values) by value, so the
  // hot path does not have to keep a copy of it in memory for them.
  template <std::size_t kWorst, typename Format>
  [[gnu::noinline]] void PutRareTag(std::uint32_t tag, Format format) noexcept {
    static_assert(kWorst >= 8, "WriteTagFast may store 8 bytes");
    if (!ValidTag(tag)) {
      Fail(ErrorCode::kInvalidTag, tag);
      return;
    }
    if (room() >= kWorst) {
      PutInPlace(tag, format);
      return;
    }
    PutNearEnd<kWorst>(tag, format);
  }

  // WriteShortString writes "tag=value<SOH>" at p for a value of 1..16 bytes
  // (n) with room for the widest such field at p, and returns the end, or
  // nullptr (nothing written) when the value holds SOH. The value is loaded
  // once as two overlapping words, checked for SOH and stored.
  template <typename Sum = codec_internal::NoSum>
  [[gnu::always_inline]] static char* WriteShortString(char* p, std::uint32_t tag, const char* v,
                                                       std::size_t n, Sum&& sum = Sum{}) noexcept;
  // AddStringOutOfLine is AddString out of line (a Cursor's rarer strings).
  void AddStringOutOfLine(std::uint32_t tag, std::string_view value) noexcept;
  // AddStringValidTag is AddString after the tag's check; AddStringRareTag
  // is AddString for a tag that is not IsCommonTag (out of line: rare).
  [[gnu::always_inline]] void AddStringValidTag(std::uint32_t tag, std::string_view value) noexcept;
  void AddStringRareTag(std::uint32_t tag, std::string_view value) noexcept;

  // PutNearEnd formats into scratch and copies if it fits (out of line: rare).
  template <std::size_t kWorst, typename Format>
  [[gnu::noinline]] void PutNearEnd(std::uint32_t tag, Format format) noexcept {
    char scratch[kWorst];
    char* p = Apply(format, codec_internal::WriteTagFast(scratch, tag));
    if (p == nullptr) {
      Fail(ErrorCode::kInvalidValue, tag);
      return;
    }
    *p++ = '\x01';
    const auto n = static_cast<std::size_t>(p - scratch);
    if (n > room()) {
      Fail(ErrorCode::kBufferTooSmall, tag);
      return;
    }
    std::memcpy(pos_, scratch, n);
    pos_ += n;
  }

  static constexpr std::size_t kTrailerSize = 7;  // "10=nnn<SOH>"
  // kChecksumTexts[c] is "nnn<SOH>" for CheckSum c (0..255), as the bytes of
  // a word (1 KiB of constant data).
  static constexpr std::array<std::uint32_t, 256> kChecksumTexts = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t c = 0; c < 256; ++c) {
      t[c] = ('0' + c / 100) | (('0' + c / 10 % 10) << 8) | (('0' + c % 10) << 16) | (1u << 24);
    }
    return t;
  }();
  // FinishAnyBody is Finish for every case (out of line): errors, bodies of
  // 1000 bytes and more, zero-padded BodyLength.
  EncodeResult FinishAnyBody() noexcept;
  // MessageSumBeforeLength is the byte sum of the message without BodyLength's
  // digits: the head, the SOH after BodyLength and the body up to `pos`
  // (known_sum_ and the bytes from summed_end_). Call before the head's stores.
  [[gnu::always_inline]] std::uint64_t MessageSumBeforeLength(const char* pos) const noexcept {
    // Short bodies are summed inline; long ones (market data, batches) by the
    // dispatched kernel, whose wider vectors then pay for the call.
    const auto unsummed = static_cast<std::size_t>(pos - summed_end_);
    return known_sum_ + (unsummed < kInlineSumLimit ? codec_internal::SumShortBytes(summed_end_, unsummed, buffer_begin_)
                                             : SumLongBody(unsummed));
  }
  // SumLongBody is simd::ByteSum of the `size` bytes from summed_end_.
  std::uint64_t SumLongBody(std::size_t size) const noexcept;
  // CompleteMessage writes the head in front of BodyLength's first digit at
  // `length_start` and the trailer at `pos` (sum: the whole message's bytes
  // before it) and returns the message.
  [[gnu::always_inline]] EncodeResult CompleteMessage(char* length_start, char* pos, std::uint64_t sum) noexcept {
    char* const start = length_start - head_size_;
    // The head's bytes are summed already (head_sum_), not re-read; copied
    // inline as two overlapping words for the usual 8..16 bytes ("8=FIX.4.4<SOH>9=" is 14).
    const std::size_t head_size = head_size_;
    if (head_size - 8 <= 8) [[likely]] {
      std::uint64_t a, b;
      std::memcpy(&a, head_, 8);
      std::memcpy(&b, head_ + head_size - 8, 8);
      std::memcpy(start, &a, 8);
      std::memcpy(start + head_size - 8, &b, 8);
    } else {
      codec_internal::CopyBytes(start, head_, head_size);
    }
    // "10=" and "nnn<SOH>" from the table: two 4-byte stores.
    const std::uint32_t first = '1' | ('0' << 8) | ('=' << 16);
    std::memcpy(pos, &first, 4);
    std::memcpy(pos + 3, &kChecksumTexts[sum % 256], 4);
    // pos_ stays before the trailer, so a second Finish() rewrites the same bytes.
    return EncodeResult{std::string_view(start, static_cast<std::size_t>(pos + kTrailerSize - start)), Error{}};
  }

  enum class Mode : std::uint8_t { kNone, kMessage, kFragment };

  char* buffer_begin_;
  char* buffer_end_;
  char* pos_;         // next byte to write
  char* end_;         // writes stop here: buffer_end_, or pos_ once frozen
  char* body_start_;  // first byte of 35= (or of the fragment)
  char* summed_end_;  // Finish sums the body from here to pos_
  // The byte sum of what Finish does not read: the head, the SOH after
  // BodyLength and the body up to summed_end_ (a template's prefix).
  std::uint64_t known_sum_ = 0;
  Error error_;
  Mode mode_ = Mode::kNone;
  bool zero_padded_;
  std::uint16_t inline_length_limit_;  // Finish's inline BodyLength: below 1000, none when zero padded
  std::uint8_t reserved_digits_;      // BodyLength width reserved by Begin: digits(buffer size)
  std::uint8_t head_size_ = 0;        // bytes of head_
  std::uint32_t head_sum_ = 0;        // byte sum of head_
  char head_[kHeadStorage] = {};      // "8=<BeginString><SOH>9=", then unused bytes
  std::int64_t cached_second_nanos_ = 0;  // first nanosecond of the second of cached_second_text_
  char cached_second_text_[17] = {'1', '9', '7', '0', '0', '1', '0', '1', '-',
                                  '0', '0', ':', '0', '0', ':', '0', '0'};  // "YYYYMMDD-HH:MM:SS"
  std::int64_t cached_time_nanos_ = 0;  // first nanosecond of the second of the day of cached_time_text_
  char cached_time_text_[8] = {'0', '0', ':', '0', '0', ':', '0', '0'};  // "HH:MM:SS"
};

inline void Encoder::Begin(std::string_view begin_string, std::string_view msg_type) noexcept {
  // The head of the previous message is kept: rebuild only for another BeginString.
  // The size bound comes first so that no wrapped size reaches EqualBytes.
  if (begin_string.size() > kMaxBeginStringSize || begin_string.size() + 5 != head_size_ ||
      !codec_internal::EqualBytes(head_ + 2, begin_string.data(), begin_string.size())) [[unlikely]] {
    if (!SetHead(begin_string)) return;
  }
  StartMessage();
  AddString(35, msg_type);
}

inline EncodeResult Encoder::Finish() noexcept {
  char* const pos = pos_;
  char* const body = body_start_;
  const auto length = static_cast<std::uint64_t>(pos - body);
  // An error froze the encoder (end_ == pos_), so the trailer's room check
  // also sends every failed message to FinishAnyBody, which reports it.
  if (mode_ != Mode::kMessage || !HasRoom<kTrailerSize>(pos) || length >= inline_length_limit_) [[unlikely]] {
    return FinishAnyBody();
  }
  // Below 1000 (most messages): the digits, the SOH before 35=, the digit
  // count and the digits' sum from one table entry; its leading '0's land
  // where the head goes and are overwritten by it (Begin reserved at least
  // 8 bytes before the body).
  std::uint64_t sum = MessageSumBeforeLength(pos);
  const std::uint64_t entry = codec_internal::kShortLengthTexts[length];
  std::memcpy(body - 4, &entry, 4);
  sum += entry >> 40;
  return CompleteMessage(body - 1 - ((entry >> 32) & 0xFF), pos, sum);
}

inline void Encoder::AddString(std::uint32_t tag, std::string_view value) noexcept {
  if (!IsCommonTag(tag)) [[unlikely]] {
    AddStringRareTag(tag, value);
    return;
  }
  AddStringValidTag(tag, value);
}

template <typename Sum>
inline char* Encoder::WriteShortString(char* p, std::uint32_t tag, const char* v, std::size_t n,
                                       Sum&& sum) noexcept {
  if (n >= 8) {
    const std::uint64_t a = codec_internal::Load8(v);
    const std::uint64_t b = codec_internal::Load8(v + n - 8);
    if (HasSoh(a, b)) [[unlikely]] return nullptr;
    p = codec_internal::WriteTagFast(p, tag);
    std::memcpy(p, &a, 8);
    std::memcpy(p + n - 8, &b, 8);
    // b's first 16 - n bytes are a's last: shifted out (in two steps, since
    // n = 8 shifts out all 64 bits).
    const unsigned half_overlap = static_cast<unsigned>(16 - n) * 4;
    sum.Word(a);
    sum.Word((b >> half_overlap) >> half_overlap);
  } else if (n >= 4) {
    const std::uint32_t a = codec_internal::Load4(v);
    const std::uint32_t b = codec_internal::Load4(v + n - 4);
    if (HasSoh((std::uint64_t{a} << 32) | b, 0)) [[unlikely]] return nullptr;
    p = codec_internal::WriteTagFast(p, tag);
    std::memcpy(p, &a, 4);
    std::memcpy(p + n - 4, &b, 4);
    // b's first 8 - n bytes (1..4) are a's last.
    sum.Word(std::uint64_t{a} | ((std::uint64_t{b} >> (8 * (8 - n))) << 32));
  } else {
    const char c0 = v[0], c1 = v[n / 2], c2 = v[n - 1];
    if (c0 == '\x01' || c1 == '\x01' || c2 == '\x01') [[unlikely]] return nullptr;
    p = codec_internal::WriteTagFast(p, tag);
    p[0] = c0;
    p[n / 2] = c1;
    p[n - 1] = c2;
    // n = 1: one byte; 2: c1 is c2; 3: three.
    sum.Add(static_cast<unsigned char>(c0) + (n >= 2 ? static_cast<unsigned char>(c2) : 0u) +
            (n == 3 ? static_cast<unsigned char>(c1) : 0u));
  }
  p += n;
  *p++ = '\x01';
  return p;
}

inline void Encoder::AddStringValidTag(std::uint32_t tag, std::string_view value) noexcept {
  const char* const v = value.data();
  const std::size_t n = value.size();
  char* p = pos_;
  // Short text (most FIX strings) with room for the widest field.
  if (n - 1 < 16 && HasRoom<kMaxTagChars + 2 + 16>(p)) [[likely]] {
    p = WriteShortString(p, tag, v, n);
    if (p == nullptr) [[unlikely]] {
      Fail(ErrorCode::kInvalidValue, tag);
      return;
    }
    pos_ = p;
    return;
  }
  if (n == 0 || codec_internal::ContainsSoh(v, n)) [[unlikely]] {
    Fail(ErrorCode::kInvalidValue, tag);
    return;
  }
  const std::size_t room = static_cast<std::size_t>(end_ - p);
  // Room for the widest tag (which also covers WriteTagFast's 8-byte store)
  // is checked first; only near the end is the exact size needed.
  if (kMaxTagChars + 2 + n <= room) [[likely]] {
    p = codec_internal::WriteTagFast(p, tag);
  } else {
    const std::size_t need = static_cast<std::size_t>(codec_internal::CountDigits(tag)) + 2 + n;
    if (need > room) [[unlikely]] {
      Fail(ErrorCode::kBufferTooSmall, tag);
      return;
    }
    p = codec_internal::WriteTag(p, tag);
  }
  codec_internal::CopyBytes(p, v, n);
  p += n;
  *p++ = '\x01';
  pos_ = p;
}

template <bool kSummed>
class Encoder::BasicCursor {
 public:
  explicit BasicCursor(Encoder& encoder) noexcept
      : encoder_(encoder), pos_(encoder.pos_), start_(encoder.pos_) {}
  // Writes the position back; a SummingCursor whose fields all took a summed
  // path, right after the part Finish() need not read, extends that part
  // over its run.
  ~BasicCursor() {
    encoder_.pos_ = pos_;
    if constexpr (kSummed) {
      if (sum_.valid && encoder_.summed_end_ == start_) {
        encoder_.summed_end_ = pos_;
        encoder_.known_sum_ += sum_.Total();
      }
    }
  }
  BasicCursor(const BasicCursor&) = delete;
  BasicCursor& operator=(const BasicCursor&) = delete;

  // The encoder's field calls of the same names (see there).
  [[gnu::always_inline]] void AddInt(std::uint32_t tag, std::int64_t value) noexcept {
    Put<codec_internal::kMaxSignedChars>(tag, [value](Encoder&, char* p, auto&& sum) noexcept {
      return codec_internal::WriteSignedWide(p, value, sum);
    });
  }
  [[gnu::always_inline]] void AddUint(std::uint32_t tag, std::uint64_t value) noexcept {
    Put<codec_internal::kMaxUnsignedChars>(tag, [value](Encoder&, char* p, auto&& sum) noexcept {
      return codec_internal::WriteUnsignedWide(p, value, sum);
    });
  }
  [[gnu::always_inline]] void AddChar(std::uint32_t tag, char value) noexcept {
    Put<1>(tag, [value](Encoder&, char* p, auto&& sum) noexcept -> char* {
      if (value == '\x01') return nullptr;
      *p = value;
      sum.Add(static_cast<unsigned char>(value));
      return p + 1;
    });
  }
  [[gnu::always_inline]] void AddBool(std::uint32_t tag, bool value) noexcept {
    Put<1>(tag, [value](Encoder&, char* p, auto&& sum) noexcept {
      const char c = value ? 'Y' : 'N';
      *p = c;
      sum.Add(static_cast<unsigned char>(c));
      return p + 1;
    });
  }
  [[gnu::always_inline]] void AddDecimal(std::uint32_t tag, Decimal d) noexcept {
    Put<codec_internal::kMaxDecimalChars>(tag, [d](Encoder&, char* p, auto&& sum) noexcept {
      return codec_internal::WriteDecimal(p, d, sum);
    });
  }
  [[gnu::always_inline]] void AddTimestamp(std::uint32_t tag, std::int64_t nanos_since_epoch,
                                           TimePrecision precision) noexcept {
    Put<codec_internal::kMaxTimestampChars>(
        tag, [nanos_since_epoch, precision](Encoder& self, char* p, auto&& sum) noexcept {
          return self.WriteTimestamp(p, nanos_since_epoch, precision, sum);
        });
  }
  [[gnu::always_inline]] void AddTimeOnly(std::uint32_t tag, std::int64_t nanos_since_midnight,
                                          TimePrecision precision) noexcept {
    sum_.Invalidate();
    encoder_.PutAt<codec_internal::kMaxTimestampChars>(
        pos_, tag, [nanos_since_midnight, precision](Encoder& self, char* p) noexcept {
          return self.WriteTimeOnly(p, nanos_since_midnight, precision);
        });
  }
  [[gnu::always_inline]] void AddString(std::uint32_t tag, std::string_view value) noexcept {
    const std::size_t n = value.size();
    if (IsCommonTag(tag) && n - 1 < 16 && encoder_.HasRoom<kMaxTagChars + 2 + 16>(pos_)) [[likely]] {
      char* const p = WriteShortString(pos_, tag, value.data(), n, sum_);
      if (p != nullptr) [[likely]] {
        pos_ = p;
        AddTagSum(tag);
        return;
      }
    }
    sum_.Invalidate();
    ThroughEncoder([tag, value](Encoder& e) noexcept { e.AddStringOutOfLine(tag, value); });
  }
  void AddDecimal(std::uint32_t tag, Decimal d, int decimals) noexcept {
    sum_.Invalidate();
    encoder_.PutAt<codec_internal::kMaxDecimalChars>(pos_, tag, [d, decimals](char* p) noexcept {
      return codec_internal::WriteDecimalFixed(p, d, decimals);
    });
  }
  void AddDouble(std::uint32_t tag, double v, int precision) noexcept {
    sum_.Invalidate();
    encoder_.PutAt<codec_internal::kMaxDecimalChars>(
        pos_, tag, [v, precision](char* p) noexcept { return codec_internal::WriteDouble(p, v, precision); });
  }
  [[gnu::always_inline]] void AddDate(std::uint32_t tag, Date date) noexcept {
    sum_.Invalidate();
    encoder_.PutAt<8>(pos_, tag, [date](char* p) noexcept { return codec_internal::WriteDate(p, date); });
  }
  [[gnu::always_inline]] void AddMonthYear(std::uint32_t tag, MonthYear value) noexcept {
    sum_.Invalidate();
    encoder_.PutAt<8>(pos_, tag, [value](char* p) noexcept { return codec_internal::WriteMonthYear(p, value); });
  }
  // AddData: rare, so the encoder's own call.
  void AddData(std::uint32_t length_tag, std::uint32_t data_tag, std::string_view data) noexcept {
    sum_.Invalidate();
    ThroughEncoder([length_tag, data_tag, data](Encoder& e) noexcept { e.AddData(length_tag, data_tag, data); });
  }
  [[gnu::always_inline]] void AddRawFields(std::string_view fields) noexcept {
    sum_.Invalidate();
    encoder_.AddRawFieldsAt(pos_, fields);
  }
  // BeginGroup writes NumInGroup as the encoder's and returns the checker of
  // the entries, which records a count mismatch at this cursor's position
  // (use it only while the cursor is open).
  BasicGroupEncoder<BasicCursor> BeginGroup(std::uint32_t count_tag, std::uint32_t count) noexcept {
    AddUint(count_tag, count);
    return BasicGroupEncoder<BasicCursor>(this, count_tag, count);
  }

 private:
  friend class BasicGroupEncoder<BasicCursor>;
  // Put is the encoder's PutAt with the field's text added to sum_ on the
  // usual path: `write(encoder, p, sum)` writes the value at p, reports its
  // bytes to `sum` and returns the end, or nullptr for an invalid value.
  // Every other case goes through PutAt (its errors) unsummed.
  template <std::size_t kMaxValue, typename Write>
  [[gnu::always_inline]] void Put(std::uint32_t tag, Write write) noexcept {
    auto unsummed = [write](Encoder& self, char* p) noexcept { return write(self, p, codec_internal::NoSum{}); };
    if constexpr (!kSummed) {
      encoder_.PutAt<kMaxValue>(pos_, tag, unsummed);
    } else {
      constexpr std::size_t kWorst = kMaxTagChars + 1 + kMaxValue + 1;
      if (IsCommonTag(tag) && encoder_.HasRoom<kWorst>(pos_)) [[likely]] {
        char* const p = write(encoder_, codec_internal::WriteTagFast(pos_, tag), sum_);
        if (p != nullptr) [[likely]] {
          *p = '\x01';
          pos_ = p + 1;
          AddTagSum(tag);
          return;
        }
      }
      // Every other case through PutAt (the same errors).
      sum_.Invalidate();
      encoder_.PutAt<kMaxValue>(pos_, tag, unsummed);
    }
  }
  // AddTagSum adds "<tag>=" and the field's SOH (an IsCommonTag tag).
  [[gnu::always_inline]] void AddTagSum(std::uint32_t tag) noexcept {
    if constexpr (!kSummed) {
      return;
    } else if (__builtin_constant_p(tag)) {
      sum_.Add(TagTextSum(tag) + 1);
    } else if (tag < codec_internal::kTagTableSize) [[likely]] {
      sum_.Word(codec_internal::kTagTable[tag] & 0x00FF'FFFF'FFFF'FFFFull);  // without the size byte
      sum_.Add(1);
    } else {
      sum_.Add(TagTextSum(tag) + 1);
    }
  }
  // ThroughEncoder runs call(encoder) at the cursor's position: writes it
  // back to the encoder first and takes the encoder's position after.
  template <typename Call>
  [[gnu::always_inline]] void ThroughEncoder(Call call) noexcept {
    encoder_.pos_ = pos_;
    call(encoder_);
    pos_ = encoder_.pos_;
  }
  // Fail is the encoder's Fail at the cursor's position (for a group's End).
  void Fail(ErrorCode code, std::uint32_t tag) noexcept {
    sum_.Invalidate();
    ThroughEncoder([code, tag](Encoder& e) noexcept { e.Fail(code, tag); });
  }

  Encoder& encoder_;
  char* pos_;
  char* const start_;  // the position when opened
  // The bytes written from start_ (while valid); nothing for a Cursor.
  std::conditional_t<kSummed, codec_internal::RunningSum, codec_internal::NoSum> sum_;
};

// CursorGroupEncoder is GroupEncoder for the groups of an Encoder::Cursor,
// SummingCursorGroupEncoder for those of an Encoder::SummingCursor.
using CursorGroupEncoder = BasicGroupEncoder<Encoder::Cursor>;
using SummingCursorGroupEncoder = BasicGroupEncoder<Encoder::SummingCursor>;

}  // namespace fixwire

#endif  // FIXWIRE_ENCODE_ENCODER_H_
