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
// except the single CheckSum pass. A zero-padded BodyLength at the reserved
// width (the message then starts at the buffer's start) is an option
// (EncoderOptions), never the default: some counterparties reject it.
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
//
// Every field call is inline (internal/encoder_inline.h, included at the end
// of this header); the rare cases go out of line (encoder.cc).
#ifndef FIXWIRE_ENCODE_ENCODER_H_
#define FIXWIRE_ENCODE_ENCODER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"

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
// the error is recorded at the cursor's position); the same class either
// way, so the same checks and the same error. Holds a pointer to the writer,
// which must outlive it.
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
  explicit Encoder(std::span<char> buffer, EncoderOptions options = {}) noexcept;
  Encoder(const Encoder&) = delete;
  Encoder& operator=(const Encoder&) = delete;

  // Rebind points the encoder at another buffer (which must outlive it), as
  // if it were newly constructed there with the same options, but keeps what
  // it caches between messages: the "8=<BeginString>" header and the last
  // second and time of day it wrote. A sender that encodes each message into
  // a fresh span (a send queue's free room) reuses one encoder this way and
  // skips formatting the date on every message. Call Begin() next.
  void Rebind(std::span<char> buffer) noexcept;

  // Begin starts a message: reserves the 8=/9= header and writes 35=msg_type.
  // Clears any previous error. kInvalidValue (tag 8 or 35) when begin_string
  // is empty, longer than kMaxBeginStringSize or contains SOH, or msg_type is
  // empty or contains SOH; kBufferTooSmall when the reservation doesn't fit.
  void Begin(std::string_view begin_string, std::string_view msg_type) noexcept;

  // BeginFragment starts a run of fields with no header and no trailer (a
  // template's pre-encoded fields, a group entry built ahead of time); end it
  // with FinishFragment(). Clears any previous error.
  void BeginFragment() noexcept;

  // --- Fields. Each writes "tag=value<SOH>" or records the first error. ---

  void AddInt(std::uint32_t tag, std::int64_t value) noexcept;
  void AddUint(std::uint32_t tag, std::uint64_t value) noexcept;
  // AddChar: one character, not SOH (kInvalidValue).
  void AddChar(std::uint32_t tag, char value) noexcept;
  // AddBool writes 'Y' or 'N'.
  void AddBool(std::uint32_t tag, bool value) noexcept;
  // AddString: any non-empty text without SOH (kInvalidValue otherwise).
  void AddString(std::uint32_t tag, std::string_view value) noexcept;
  // AddDecimal writes d exactly ({12345,-2} "123.45", {150,-2} "1.50",
  // {-5,-3} "-0.005", {12,3} "12000"); kInvalidValue when |exponent| > 40.
  void AddDecimal(std::uint32_t tag, Decimal d) noexcept;
  // AddDecimal with `decimals` (0..18) writes exactly that many digits after
  // the point, zero-extending or rounding half away from zero
  // ({12345,-3}, 2 -> "12.35"; {5,0}, 2 -> "5.00"); kInvalidValue when
  // decimals is out of range or the rescaled mantissa overflows int64.
  void AddDecimal(std::uint32_t tag, Decimal d, int decimals) noexcept;
  // AddDouble writes v with `precision` (0..18) decimals, correctly rounded
  // from v's exact binary value (ties to even, as printf "%.*f"); no sign on
  // a result that rounds to zero. kInvalidValue for NaN, infinity, a bad
  // precision or a value too large (|v| * 10^precision >= 2^64).
  void AddDouble(std::uint32_t tag, double v, int precision) noexcept;
  // AddTimestamp writes a UTCTimestamp from nanoseconds since the epoch,
  // truncated to `precision` ("20261202-15:30:00.123").
  void AddTimestamp(std::uint32_t tag, std::int64_t nanos_since_epoch,
                    TimePrecision precision) noexcept;
  // AddTimeOnly writes a UTCTimeOnly from nanoseconds since midnight, which
  // must be in [0, 24h) (kInvalidValue otherwise).
  void AddTimeOnly(std::uint32_t tag, std::int64_t nanos_since_midnight,
                   TimePrecision precision) noexcept;
  // AddDate writes a UTCDateOnly or LocalMktDate "YYYYMMDD"; kInvalidValue
  // for a year outside 0..9999 or a day the month doesn't have.
  void AddDate(std::uint32_t tag, Date date) noexcept;
  // AddMonthYear writes "YYYYMM", "YYYYMMDD" or "YYYYMMwW"; kInvalidValue
  // for an invalid month, day or week (1..5), or both day and week.
  void AddMonthYear(std::uint32_t tag, MonthYear value) noexcept;

  // AddData writes a data field with its length field in one go:
  // "length_tag=<size><SOH>data_tag=<data><SOH>" (e.g. 95/96, 212/213). The
  // data may contain SOH; it must not be empty (an empty value is not FIX).
  void AddData(std::uint32_t length_tag, std::uint32_t data_tag, std::string_view data) noexcept;

  // BeginGroup writes the NumInGroup field "count_tag=count" and returns a
  // checker for the entries that the caller writes next.
  GroupEncoder BeginGroup(std::uint32_t count_tag, std::uint32_t count) noexcept;

  // AddRawFields appends already-encoded fields verbatim ("tag=value<SOH>"
  // one or more times): a template's fixed fields, fields copied from a
  // decoded message. Only checked to be non-empty and to end with SOH
  // (kInvalidValue): the caller vouches for the rest.
  void AddRawFields(std::string_view fields) noexcept;

  // Finish writes BodyLength and CheckSum and returns the whole message, or
  // the first error: kBufferTooSmall (no room for the field or for the
  // 7-byte "10=nnn<SOH>" trailer), kInvalidValue / kInvalidTag /
  // kGroupCountMismatch from a field, kInvalidValue when Begin() was not
  // called (or a fragment was begun). Finish() twice gives the same result.
  EncodeResult Finish() noexcept;

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
  // and the rare calls (AddData) through the encoder's own functions. Its
  // BeginGroup returns a CursorGroupEncoder, the encoder's GroupEncoder bound
  // to the cursor (a count mismatch recorded at the cursor's position). The
  // position is written back when the cursor is destroyed: make no call on
  // the encoder itself (nor on a GroupEncoder of it) while one is open;
  // Finish() after the cursor's scope.
  //
  //   { fixwire::Encoder::Cursor c(enc); for (...) c.AddInt(f.tag, f.value); }
  //   fixwire::EncodeResult r = enc.Finish();
  //
  // SummingCursor is a Cursor that also adds up the bytes of its fields as
  // it writes them, from the words still in registers, so that Finish() need
  // not read them back: a read of bytes stored moments before waits for those
  // stores to reach the cache (store forwarding does not serve a load
  // spanning several stores). For a straight-line run of fields (a template's
  // varying fields) right after MessageTemplate::Start(), which sums what it
  // writes: there the compiler keeps the sum in registers and it costs less
  // than the wait. Not for a loop over fields (use Cursor): there the sum is
  // a second chain through memory from field to field and costs more than it
  // saves. Same bytes and errors as Cursor; a run whose fields are not all of
  // the summed kinds (int, uint, char, bool, Decimal, UTCTimestamp to
  // milliseconds, strings up to 16 bytes) or that does not directly follow
  // the summed part is simply read back by Finish(), as after a Cursor.
  template <bool kSummed>
  class BasicCursor;
  using Cursor = BasicCursor<false>;
  using SummingCursor = BasicCursor<true>;

 private:
  friend class MessageTemplate;

  // The implementation: Impl's static functions (the private helpers) inline
  // in internal/encoder_inline.h, the rare paths in encoder.cc.
  struct Impl;
  template <bool kSummed>
  struct CursorSum;  // a cursor's running byte sum (none for a Cursor)
  enum class Mode : std::uint8_t { kNone, kMessage, kFragment };
  // head_ storage: "8=<BeginString><SOH>9=" rounded up to whole words.
  static constexpr std::size_t kHeadStorage = 24;
  static_assert(kHeadStorage >= 2 + kMaxBeginStringSize + 1 + 2);
  // The blocks MessageTemplate::Start copies whole (readable in its storage).
  static constexpr std::size_t kTemplatePrefixBlock = 64;
  static constexpr std::size_t kTemplateBodyBlock = 32;

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
  // Finish's inline BodyLength: below 1000, none when zero padded.
  std::uint16_t inline_length_limit_;
  std::uint8_t reserved_digits_;          // BodyLength width reserved by Begin: digits(buffer size)
  std::uint8_t head_size_ = 0;            // bytes of head_
  std::uint32_t head_sum_ = 0;            // byte sum of head_
  char head_[kHeadStorage] = {};          // "8=<BeginString><SOH>9=", then unused bytes
  std::int64_t cached_second_nanos_ = 0;  // first nanosecond of the second of cached_second_text_
  char cached_second_text_[17] = {'1', '9', '7', '0', '0', '1', '0', '1', '-',
                                  '0', '0', ':', '0', '0', ':', '0', '0'};  // "YYYYMMDD-HH:MM:SS"
  // The first nanosecond of the second of the day of cached_time_text_.
  std::int64_t cached_time_nanos_ = 0;
  char cached_time_text_[8] = {'0', '0', ':', '0', '0', ':', '0', '0'};  // "HH:MM:SS"
};

template <bool kSummed>
class Encoder::BasicCursor {
 public:
  explicit BasicCursor(Encoder& encoder) noexcept;
  // Writes the position back to the encoder.
  ~BasicCursor();
  BasicCursor(const BasicCursor&) = delete;
  BasicCursor& operator=(const BasicCursor&) = delete;

  // The encoder's field calls of the same names (see there).
  void AddInt(std::uint32_t tag, std::int64_t value) noexcept;
  void AddUint(std::uint32_t tag, std::uint64_t value) noexcept;
  void AddChar(std::uint32_t tag, char value) noexcept;
  void AddBool(std::uint32_t tag, bool value) noexcept;
  void AddString(std::uint32_t tag, std::string_view value) noexcept;
  void AddDecimal(std::uint32_t tag, Decimal d) noexcept;
  void AddDecimal(std::uint32_t tag, Decimal d, int decimals) noexcept;
  void AddDouble(std::uint32_t tag, double v, int precision) noexcept;
  void AddTimestamp(std::uint32_t tag, std::int64_t nanos_since_epoch,
                    TimePrecision precision) noexcept;
  void AddTimeOnly(std::uint32_t tag, std::int64_t nanos_since_midnight,
                   TimePrecision precision) noexcept;
  void AddDate(std::uint32_t tag, Date date) noexcept;
  void AddMonthYear(std::uint32_t tag, MonthYear value) noexcept;
  void AddData(std::uint32_t length_tag, std::uint32_t data_tag, std::string_view data) noexcept;
  void AddRawFields(std::string_view fields) noexcept;
  // BeginGroup writes NumInGroup as the encoder's and returns the checker of
  // the entries, which records a count mismatch at this cursor's position
  // (use it only while the cursor is open).
  BasicGroupEncoder<BasicCursor> BeginGroup(std::uint32_t count_tag, std::uint32_t count) noexcept;

 private:
  friend class BasicGroupEncoder<BasicCursor>;
  template <std::size_t kMaxValue, typename Write>
  void Put(std::uint32_t tag, Write write) noexcept;
  void AddTagSum(std::uint32_t tag) noexcept;
  template <typename Call>
  void ThroughEncoder(Call call) noexcept;
  void Fail(ErrorCode code, std::uint32_t tag) noexcept;

  Encoder& encoder_;
  char* pos_;
  char* const start_;  // the position when opened
  // The bytes written from start_ (while valid); nothing for a Cursor.
  CursorSum<kSummed> sum_;
};

// CursorGroupEncoder is GroupEncoder for the groups of an Encoder::Cursor,
// SummingCursorGroupEncoder for those of an Encoder::SummingCursor.
using CursorGroupEncoder = BasicGroupEncoder<Encoder::Cursor>;
using SummingCursorGroupEncoder = BasicGroupEncoder<Encoder::SummingCursor>;

}  // namespace fixwire

// The inline definitions of the above.
#include "fixwire/encode/internal/encoder_inline.h"

#endif  // FIXWIRE_ENCODE_ENCODER_H_
