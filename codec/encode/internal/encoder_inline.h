// encoder_inline.h: the inline implementation of Encoder and its cursors
// (internal), included at the end of fixwire/encode/encoder.h and nowhere
// else, so that every field call compiles in line at the caller.
//
// The field calls share one shape (Put): "<tag>=" from format_tag.h, the
// value from a formatter written in place when the widest value fits, SOH.
// A rare tag, the buffer's end or an invalid value leave the inline path for
// an out-of-line one (PutRareTag, PutNearEnd) that records the error. Finish
// writes BodyLength and the head in front of the body and the CheckSum after
// it, summing only the bytes it does not know the sum of already (those of a
// MessageTemplate's prefix and of a SummingCursor's run are summed as they
// are written, running_sum.h).
//
// Encoder::Impl holds the encoder's private helpers as static functions of
// the encoder they work on, so that encoder.h declares only the API; the
// public calls and the cursors' calls are defined after it.
#ifndef FIXWIRE_ENCODE_INTERNAL_ENCODER_INLINE_H_
#define FIXWIRE_ENCODE_INTERNAL_ENCODER_INLINE_H_

#ifndef FIXWIRE_ENCODE_ENCODER_H_
#error "include fixwire/encode/encoder.h, which includes this header at its end"
#endif

#include <emmintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "fixwire/encode/internal/byte_sum.h"
#include "fixwire/encode/internal/format_decimal.h"
#include "fixwire/encode/internal/format_int.h"
#include "fixwire/encode/internal/format_tag.h"
#include "fixwire/encode/internal/format_text.h"
#include "fixwire/encode/internal/format_time.h"
#include "fixwire/encode/internal/running_sum.h"
#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"

namespace fixwire::encode_internal {

inline constexpr std::size_t kMaxTagChars = 9;  // kMaxTag = 999999999
inline constexpr std::size_t kTrailerSize = 7;  // "10=nnn<SOH>"

// kChecksumTexts[c] is "nnn<SOH>" for CheckSum c (0..255), as the bytes of
// a word (1 KiB of constant data).
inline constexpr std::array<std::uint32_t, 256> kChecksumTexts = [] {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t c = 0; c < 256; ++c) {
    t[c] = ('0' + c / 100) | (('0' + c / 10 % 10) << 8) | (('0' + c % 10) << 16) | (1u << 24);
  }
  return t;
}();

constexpr bool ValidTag(std::uint32_t tag) noexcept { return tag - 1 < kMaxTag; }

// IsCommonTag: a valid tag whose "<tag>=" WriteTagFast writes from a
// constant or from the tag table, so one compare for a run-time tag (the
// table's bound implies validity); the others (0, too large, >= 1024 at run
// time) take the out-of-line Put*RareTag paths.
[[gnu::always_inline]] inline bool IsCommonTag(std::uint32_t tag) noexcept {
  if (__builtin_constant_p(tag)) return ValidTag(tag) && tag < 10000000;
  return tag - 1 < kTagTableSize - 1;
}

// HasSoh reports whether any byte of a or b is SOH: one SSE2 byte compare
// of both words (exact, as HasSohByte, in fewer instructions).
[[gnu::always_inline]] inline bool HasSoh(std::uint64_t a, std::uint64_t b) noexcept {
  const __m128i words = _mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a));
  return _mm_movemask_epi8(_mm_cmpeq_epi8(words, _mm_set1_epi8(1))) != 0;
}

// TagTextSum: the byte sum of "<tag>=" for a tag known at compile time.
[[gnu::always_inline]] constexpr std::uint64_t TagTextSum(std::uint32_t tag) noexcept {
  return WordByteSum(TagWord(tag));
}

// CopyBlock copies kSize (32 or 64) bytes as 16-byte moves (no overlap).
template <std::size_t kSize>
[[gnu::always_inline]] inline void CopyBlock(char* dst, const char* src) noexcept {
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

// WriteShortString writes "tag=value<SOH>" at p for a value of 1..16 bytes
// (n) with room for the widest such field at p, and returns the end, or
// nullptr (nothing written) when the value holds SOH. The value is loaded
// once as two overlapping words, checked for SOH and stored.
// `sum` receives the value's bytes (not the tag's).
template <typename Sum = NoSum>
[[gnu::always_inline]] inline char* WriteShortString(char* p, std::uint32_t tag, const char* v,
                                                     std::size_t n, Sum&& sum = Sum{}) noexcept {
  if (n >= 8) {
    const std::uint64_t a = Load8(v);
    const std::uint64_t b = Load8(v + n - 8);
    if (HasSoh(a, b)) [[unlikely]]
      return nullptr;
    p = WriteTagFast(p, tag);
    std::memcpy(p, &a, 8);
    std::memcpy(p + n - 8, &b, 8);
    // b's first 16 - n bytes are a's last: shifted out (in two steps, since
    // n = 8 shifts out all 64 bits).
    const unsigned half_overlap = static_cast<unsigned>(16 - n) * 4;
    sum.Word(a);
    sum.Word((b >> half_overlap) >> half_overlap);
  } else if (n >= 4) {
    const std::uint32_t a = Load4(v);
    const std::uint32_t b = Load4(v + n - 4);
    if (HasSoh((std::uint64_t{a} << 32) | b, 0)) [[unlikely]]
      return nullptr;
    p = WriteTagFast(p, tag);
    std::memcpy(p, &a, 4);
    std::memcpy(p + n - 4, &b, 4);
    // b's first 8 - n bytes (1..4) are a's last.
    sum.Word(std::uint64_t{a} | ((std::uint64_t{b} >> (8 * (8 - n))) << 32));
  } else {
    const char c0 = v[0], c1 = v[n / 2], c2 = v[n - 1];
    if (c0 == '\x01' || c1 == '\x01' || c2 == '\x01') [[unlikely]]
      return nullptr;
    p = WriteTagFast(p, tag);
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

}  // namespace fixwire::encode_internal

namespace fixwire {

// A SummingCursor's sum is a RunningSum, a Cursor's a NoSum (running_sum.h).
template <>
struct Encoder::CursorSum<true> : encode_internal::RunningSum {};
template <>
struct Encoder::CursorSum<false> : encode_internal::NoSum {};

inline Encoder::Encoder(std::span<char> buffer, EncoderOptions options) noexcept
    : buffer_begin_(buffer.data()),
      buffer_end_(buffer.data() + buffer.size()),
      pos_(buffer.data()),
      end_(buffer.data()),  // frozen until Begin
      body_start_(buffer.data()),
      summed_end_(buffer.data()),
      zero_padded_(options.zero_padded_body_length),
      inline_length_limit_(options.zero_padded_body_length ? 0 : 1000),
      // A body is shorter than the buffer, so digits(capacity) always suffice.
      reserved_digits_(static_cast<std::uint8_t>(encode_internal::CountDigits(buffer.size()))) {
  error_.code = ErrorCode::kInvalidValue;  // Finish() before Begin() is an error
}

inline void Encoder::Rebind(std::span<char> buffer) noexcept {
  buffer_begin_ = buffer.data();
  buffer_end_ = buffer.data() + buffer.size();
  pos_ = buffer.data();
  end_ = buffer.data();  // frozen until Begin
  body_start_ = buffer.data();
  summed_end_ = buffer.data();
  known_sum_ = 0;
  mode_ = Mode::kNone;
  reserved_digits_ = static_cast<std::uint8_t>(encode_internal::CountDigits(buffer.size()));
  error_ = Error{};
  error_.code = ErrorCode::kInvalidValue;  // Finish() before Begin() is an error
}

// Encoder::Impl: the encoder's private helpers, as static functions of the
// encoder they work on (a nested class: it reaches the private members).
struct Encoder::Impl {
  static std::size_t room(const Encoder& e) noexcept {
    return static_cast<std::size_t>(e.end_ - e.pos_);
  }

  // StartMessage resets the state and reserves the header for head_.
  [[gnu::always_inline]] static void StartMessage(Encoder& e) noexcept {
    e.error_ = Error{};
    e.mode_ = Mode::kMessage;
    e.end_ = e.buffer_end_;
    e.known_sum_ = e.head_sum_ + 1u;  // the head and the SOH after BodyLength
    const std::size_t reserve = e.head_size_ + e.reserved_digits_ + 1u;
    if (reserve > static_cast<std::size_t>(e.buffer_end_ - e.buffer_begin_)) [[unlikely]] {
      e.pos_ = e.buffer_begin_;
      e.body_start_ = e.buffer_begin_;
      e.summed_end_ = e.buffer_begin_;
      e.Fail(ErrorCode::kBufferTooSmall, 8);
      return;
    }
    char* const body = e.buffer_begin_ + reserve;
    e.pos_ = body;
    e.body_start_ = body;
    e.summed_end_ = body;
  }

  // AddPrefix copies a template's prefix right after the reserved header
  // (known_sum as BeginWithPrefix's).
  [[gnu::always_inline]] static void AddPrefix(Encoder& e, const char* prefix,
                                               std::size_t prefix_size,
                                               std::uint32_t known_sum) noexcept {
    char* const p = e.pos_;
    if (prefix_size > static_cast<std::size_t>(e.end_ - p)) [[unlikely]] {
      e.Fail(ErrorCode::kBufferTooSmall, 0);
      return;
    }
    encode_internal::CopyBytes(p, prefix, prefix_size);
    e.pos_ = p + prefix_size;
    e.summed_end_ = p + prefix_size;
    e.known_sum_ = known_sum;
  }

  // BeginWithPrefix is Begin() for a MessageTemplate: `head` (kHeadStorage
  // bytes, the first head_size of them "8=<BeginString><SOH>9=", byte sum
  // head_sum) and `prefix` ("35=..<SOH>" and the fixed header fields) were
  // validated when the template was built, so they are only copied: the
  // head as a fixed 24 bytes, the prefix after the reserved header.
  // known_sum is the byte sum of the head, the SOH after BodyLength and the
  // prefix (Finish sums only what follows).
  [[gnu::always_inline]] static void BeginWithPrefix(Encoder& e, const char* head,
                                                     std::size_t head_size, std::uint32_t head_sum,
                                                     const char* prefix, std::size_t prefix_size,
                                                     std::uint32_t known_sum) noexcept {
    std::memcpy(e.head_, head, kHeadStorage);
    e.head_size_ = static_cast<std::uint8_t>(head_size);
    e.head_sum_ = head_sum;
    StartMessage(e);
    AddPrefix(e, prefix, prefix_size, known_sum);
  }

  // WriteSeqAndTime writes "34=<msg_seq_num><SOH>52=<time><SOH>" at p, which
  // has room for both at their widest, and returns the end; on a bad
  // precision records kInvalidValue (tag 52) and returns nullptr. The usual
  // millisecond precision is a constant for the cached time's fraction.
  // `sum` (a RunningSum) receives both fields' text.
  template <typename Sum>
  [[gnu::always_inline]] static char* WriteSeqAndTime(Encoder& e, char* p,
                                                      std::uint64_t msg_seq_num,
                                                      std::int64_t sending_time_nanos,
                                                      TimePrecision precision, Sum& sum) noexcept {
    p = encode_internal::WriteUnsignedWide(encode_internal::WriteTagFast(p, 34), msg_seq_num, sum);
    *p++ = '\x01';
    sum.Add(encode_internal::TagTextSum(34) + encode_internal::TagTextSum(52) +
            2);  // "34=", "52=" and two SOH
    char* const time_field = p;
    char* const value = encode_internal::WriteTagFast(p, 52);
    p = precision == TimePrecision::kMillis
            ? WriteTimestamp(e, value, sending_time_nanos, TimePrecision::kMillis, sum)
            : WriteTimestamp(e, value, sending_time_nanos, precision, sum);
    if (p == nullptr) [[unlikely]] {  // a bad precision (templates check it when built)
      e.pos_ = time_field;
      e.Fail(ErrorCode::kInvalidValue, 52);
      return nullptr;
    }
    *p++ = '\x01';
    return p;
  }

  // SetSummed records what Finish need not read: the head and prefix
  // (known_sum, up to prefix_end) and, when `sum` holds them, 34, 52 and
  // the fixed body fields (body_sum) too, up to pos_.
  template <typename Sum>
  [[gnu::always_inline]] static void SetSummed(Encoder& e, char* prefix_end,
                                               std::uint32_t known_sum, const Sum& sum,
                                               std::uint32_t body_sum) noexcept {
    if (sum.valid) [[likely]] {
      e.summed_end_ = e.pos_;
      e.known_sum_ = known_sum + sum.Total() + body_sum;
    } else {
      e.summed_end_ = prefix_end;
      e.known_sum_ = known_sum;
    }
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
  [[gnu::always_inline]] static void BeginTemplateMessage(
      Encoder& e, const char* head, std::size_t head_size, std::uint32_t head_sum,
      const char* prefix, std::size_t prefix_size, std::uint32_t known_sum,
      std::uint64_t msg_seq_num, std::int64_t sending_time_nanos, TimePrecision precision,
      const char* body, std::size_t body_size, std::uint32_t body_sum) noexcept {
    std::memcpy(e.head_, head, kHeadStorage);
    e.head_size_ = static_cast<std::uint8_t>(head_size);
    e.head_sum_ = head_sum;
    // "34=" or "52=", the widest value, SOH.
    constexpr std::size_t kSeqWorst = 3 + encode_internal::kMaxUnsignedChars + 1;
    constexpr std::size_t kTimeWorst = 3 + encode_internal::kMaxTimestampChars + 1;
    static_assert(kSeqWorst >= 8 && kTimeWorst >= 8,
                  "WriteTagFast and WriteUnsignedWide store 8 bytes");
    constexpr std::size_t kBlocks =
        kTemplatePrefixBlock + kSeqWorst + kTimeWorst + kTemplateBodyBlock;
    // The body's start as StartMessage reserves it (at most 42 bytes in, so
    // the address sum below does not wrap).
    char* const start = e.buffer_begin_ + (head_size + e.reserved_digits_ + 1u);
    if (prefix_size <= kTemplatePrefixBlock && body_size <= kTemplateBodyBlock &&
        reinterpret_cast<std::uintptr_t>(start) + kBlocks <=
            reinterpret_cast<std::uintptr_t>(e.buffer_end_)) [[likely]] {
      // StartMessage's state; its room check is implied by this one.
      e.error_ = Error{};
      e.mode_ = Mode::kMessage;
      e.end_ = e.buffer_end_;
      e.body_start_ = start;
      encode_internal::CopyBlock<kTemplatePrefixBlock>(start, prefix);
      char* p = start + prefix_size;
      encode_internal::RunningSum sum;
      p = WriteSeqAndTime(e, p, msg_seq_num, sending_time_nanos, precision, sum);
      if (p == nullptr) [[unlikely]]
        return;
      encode_internal::CopyBlock<kTemplateBodyBlock>(p, body);
      e.pos_ = p + body_size;
      SetSummed(e, start + prefix_size, known_sum, sum, body_sum);
      return;
    }
    StartMessage(e);
    char* p = e.pos_;
    if (room(e) >= prefix_size + kSeqWorst + kTimeWorst + body_size) {
      encode_internal::CopyBytes(p, prefix, prefix_size);
      p += prefix_size;
      char* const prefix_end = p;
      encode_internal::RunningSum sum;
      p = WriteSeqAndTime(e, p, msg_seq_num, sending_time_nanos, precision, sum);
      if (p == nullptr) [[unlikely]]
        return;
      encode_internal::CopyBytes(p, body, body_size);
      e.pos_ = p + body_size;
      SetSummed(e, prefix_end, known_sum, sum, body_sum);
      return;
    }
    AddPrefix(e, prefix, prefix_size, known_sum);
    e.AddUint(34, msg_seq_num);
    e.AddTimestamp(52, sending_time_nanos, precision);
    if (body_size != 0) e.AddRawFields(std::string_view(body, body_size));
  }

  // HasRoom<kSize>(p) is kSize <= end_ - p (p is at most end_) as a compare
  // of p + kSize with end_ in memory, no subtraction. A compile-time size
  // only: user-space addresses are far below 2^64 - kSize, so no wrap.
  template <std::size_t kSize>
  [[gnu::always_inline]] static bool HasRoom(const Encoder& e, const char* p) noexcept {
    static_assert(kSize < (std::size_t{1} << 20));
    return reinterpret_cast<std::uintptr_t>(p) + kSize <= reinterpret_cast<std::uintptr_t>(e.end_);
  }

  // Apply calls `format` (see Put) at p.
  template <typename Format>
  [[gnu::always_inline]] static char* Apply(Encoder& e, Format& format, char* p) noexcept {
    if constexpr (std::is_invocable_v<Format&, Encoder&, char*>) {
      return format(e, p);
    } else {
      return format(p);
    }
  }

  // PutInPlace is Put with a valid tag and room for the worst case.
  template <typename Format>
  [[gnu::always_inline]] static void PutInPlace(Encoder& e, std::uint32_t tag,
                                                Format& format) noexcept {
    char* p = Apply(e, format, encode_internal::WriteTagFast(e.pos_, tag));
    if (p == nullptr) [[unlikely]] {
      e.Fail(ErrorCode::kInvalidValue, tag);
      return;
    }
    *p++ = '\x01';
    e.pos_ = p;
  }

  // PutNearEnd formats into scratch and copies if it fits (out of line: rare).
  template <std::size_t kWorst, typename Format>
  [[gnu::noinline]] static void PutNearEnd(Encoder& e, std::uint32_t tag, Format format) noexcept {
    char scratch[kWorst];
    char* p = Apply(e, format, encode_internal::WriteTagFast(scratch, tag));
    if (p == nullptr) {
      e.Fail(ErrorCode::kInvalidValue, tag);
      return;
    }
    *p++ = '\x01';
    const auto n = static_cast<std::size_t>(p - scratch);
    if (n > room(e)) {
      e.Fail(ErrorCode::kBufferTooSmall, tag);
      return;
    }
    std::memcpy(e.pos_, scratch, n);
    e.pos_ += n;
  }

  // PutRareTag is Put for a tag that is not IsCommonTag (out of line: rare;
  // PutAt's path for every case but the usual one, so any valid tag).
  // It and PutNearEnd take `format` (a few captured values) by value, so the
  // hot path does not have to keep a copy of it in memory for them.
  template <std::size_t kWorst, typename Format>
  [[gnu::noinline]] static void PutRareTag(Encoder& e, std::uint32_t tag, Format format) noexcept {
    static_assert(kWorst >= 8, "WriteTagFast may store 8 bytes");
    if (!encode_internal::ValidTag(tag)) {
      e.Fail(ErrorCode::kInvalidTag, tag);
      return;
    }
    if (room(e) >= kWorst) {
      PutInPlace(e, tag, format);
      return;
    }
    PutNearEnd<kWorst>(e, tag, format);
  }

  // Put writes tag, '=', the value from `format` (which writes at most
  // kMaxValue bytes and returns the end, or nullptr for an invalid value;
  // called as format(p), or format(*this, p) when it takes the encoder)
  // and SOH. Fast path: format in place when the worst case fits.
  template <std::size_t kMaxValue, typename Format>
  [[gnu::always_inline]] static void Put(Encoder& e, std::uint32_t tag, Format&& format) noexcept {
    constexpr std::size_t kWorst = encode_internal::kMaxTagChars + 1 + kMaxValue + 1;
    if (!encode_internal::IsCommonTag(tag)) [[unlikely]] {
      PutRareTag<kWorst>(e, tag, format);
      return;
    }
    if (HasRoom<kWorst>(e, e.pos_)) [[likely]] {
      PutInPlace(e, tag, format);
      return;
    }
    PutNearEnd<kWorst>(e, tag, format);
  }

  // PutAt is Put for a Cursor, at `pos` (the cursor's position, written back
  // to pos_ only around the out-of-line path).
  template <std::size_t kMaxValue, typename Format>
  [[gnu::always_inline]] static void PutAt(Encoder& e, char*& pos, std::uint32_t tag,
                                           Format&& format) noexcept {
    constexpr std::size_t kWorst = encode_internal::kMaxTagChars + 1 + kMaxValue + 1;
    if (encode_internal::IsCommonTag(tag) && HasRoom<kWorst>(e, pos)) [[likely]] {
      char* p = Apply(e, format, encode_internal::WriteTagFast(pos, tag));
      if (p != nullptr) [[likely]] {
        *p = '\x01';
        pos = p + 1;
        return;
      }
    }
    // Every other case as Put's (an invalid value formatted again, to fail).
    e.pos_ = pos;
    PutRareTag<kWorst>(e, tag, format);
    pos = e.pos_;
  }

  // AddRawFieldsAt is AddRawFields at `pos` (pos_, or a Cursor's position,
  // written back to pos_ only to record an error).
  [[gnu::always_inline]] static void AddRawFieldsAt(Encoder& e, char*& pos,
                                                    std::string_view fields) noexcept {
    char* const p = pos;
    if (fields.empty() || fields.back() != '\x01') [[unlikely]] {
      e.pos_ = p;
      e.Fail(ErrorCode::kInvalidValue, 0);
      return;
    }
    if (fields.size() > static_cast<std::size_t>(e.end_ - p)) [[unlikely]] {
      e.pos_ = p;
      e.Fail(ErrorCode::kBufferTooSmall, 0);
      return;
    }
    encode_internal::CopyBytes(p, fields.data(), fields.size());
    pos = p + fields.size();
  }

  // WriteTimestamp is WriteUtcTimestamp with "YYYYMMDD-HH:MM:SS" of the last
  // second seen cached: SendingTime and TransactTime, and the messages sent
  // within one second, share it, so most timestamps only format a fraction.
  // A time in the cached second is found by one subtraction from the
  // second's first nanosecond (no division); the cache always holds a real
  // second (the epoch's until the first timestamp), so it needs no "empty".
  // `sum` receives the text (running_sum.h); a new second invalidates it.
  // WriteTimestampNewSecond (encoder.cc, out of line: rare) caches the second
  // of a time outside the cached one, then writes.
  template <typename Sum>
  [[gnu::always_inline]] static char* WriteTimestamp(Encoder& e, char* out, std::int64_t nanos,
                                                     TimePrecision precision, Sum&& sum) noexcept {
    const std::uint64_t fraction =
        static_cast<std::uint64_t>(nanos) - static_cast<std::uint64_t>(e.cached_second_nanos_);
    if (fraction >= static_cast<std::uint64_t>(kNanosPerSecond)) [[unlikely]] {
      sum.Invalidate();
      return WriteTimestampNewSecond(e, out, nanos, precision);
    }
    std::memcpy(out, e.cached_second_text_, 17);
    sum.Block16(e.cached_second_text_);
    sum.Add(static_cast<unsigned char>(e.cached_second_text_[16]));
    return encode_internal::WriteFraction(out + 17, fraction, precision, sum);
  }

  // WriteTimeOnly is WriteUtcTimeOnly with "HH:MM:SS" of the last second of
  // the day seen cached (the entries of a market data message, the fills
  // of one second share it): most times only format a fraction. A time in
  // the cached second is in [0, 24h) too, so it needs no other check.
  // WriteTimeOnlyNewSecond (encoder.cc) returns nullptr outside [0, 24h),
  // else caches the second and writes.
  [[gnu::always_inline]] static char* WriteTimeOnly(Encoder& e, char* out,
                                                    std::int64_t nanos_of_day,
                                                    TimePrecision precision) noexcept {
    const std::uint64_t fraction =
        static_cast<std::uint64_t>(nanos_of_day) - static_cast<std::uint64_t>(e.cached_time_nanos_);
    if (fraction >= static_cast<std::uint64_t>(kNanosPerSecond)) [[unlikely]] {
      return WriteTimeOnlyNewSecond(e, out, nanos_of_day, precision);
    }
    std::memcpy(out, e.cached_time_text_, 8);
    return encode_internal::WriteFraction(out + 8, fraction, precision);
  }

  // AddStringValidTag is AddString after the tag's check; AddStringRareTag
  // (encoder.cc) is AddString for a tag that is not IsCommonTag (out of line:
  // rare), AddStringOutOfLine AddString out of line (a Cursor's rarer strings).
  [[gnu::always_inline]] static void AddStringValidTag(Encoder& e, std::uint32_t tag,
                                                       std::string_view value) noexcept {
    const char* const v = value.data();
    const std::size_t n = value.size();
    char* p = e.pos_;
    // Short text (most FIX strings) with room for the widest field.
    if (n - 1 < 16 && HasRoom<encode_internal::kMaxTagChars + 2 + 16>(e, p)) [[likely]] {
      p = encode_internal::WriteShortString(p, tag, v, n);
      if (p == nullptr) [[unlikely]] {
        e.Fail(ErrorCode::kInvalidValue, tag);
        return;
      }
      e.pos_ = p;
      return;
    }
    if (n == 0 || encode_internal::ContainsSoh(v, n)) [[unlikely]] {
      e.Fail(ErrorCode::kInvalidValue, tag);
      return;
    }
    const std::size_t room = static_cast<std::size_t>(e.end_ - p);
    // Room for the widest tag (which also covers WriteTagFast's 8-byte store)
    // is checked first; only near the end is the exact size needed.
    if (encode_internal::kMaxTagChars + 2 + n <= room) [[likely]] {
      p = encode_internal::WriteTagFast(p, tag);
    } else {
      const std::size_t need = static_cast<std::size_t>(encode_internal::CountDigits(tag)) + 2 + n;
      if (need > room) [[unlikely]] {
        e.Fail(ErrorCode::kBufferTooSmall, tag);
        return;
      }
      p = encode_internal::WriteTag(p, tag);
    }
    encode_internal::CopyBytes(p, v, n);
    p += n;
    *p++ = '\x01';
    e.pos_ = p;
  }

  // MessageSumBeforeLength is the byte sum of the message without BodyLength's
  // digits: the head, the SOH after BodyLength and the body up to `pos`
  // (known_sum_ and the bytes from summed_end_). Call before the head's stores.
  // SumLongBody (encoder.cc) is simd::ByteSum of the `size` bytes from
  // summed_end_.
  [[gnu::always_inline]] static std::uint64_t MessageSumBeforeLength(const Encoder& e,
                                                                     const char* pos) noexcept {
    const auto unsummed = static_cast<std::size_t>(pos - e.summed_end_);
    return e.known_sum_ +
           (unsummed < encode_internal::kInlineSumLimit
                ? encode_internal::SumShortBytes(e.summed_end_, unsummed, e.buffer_begin_)
                : SumLongBody(e, unsummed));
  }

  // CompleteMessage writes the head in front of BodyLength's first digit at
  // `length_start` and the trailer at `pos` (sum: the whole message's bytes
  // before it) and returns the message.
  [[gnu::always_inline]] static EncodeResult CompleteMessage(Encoder& e, char* length_start,
                                                             char* pos,
                                                             std::uint64_t sum) noexcept {
    char* const start = length_start - e.head_size_;
    // The head's bytes are summed already (e.head_sum_), not re-read; copied
    // inline as two overlapping words for the usual 8..16 bytes ("8=FIX.4.4<SOH>9=" is 14).
    const std::size_t head_size = e.head_size_;
    if (head_size - 8 <= 8) [[likely]] {
      std::uint64_t a, b;
      std::memcpy(&a, e.head_, 8);
      std::memcpy(&b, e.head_ + head_size - 8, 8);
      std::memcpy(start, &a, 8);
      std::memcpy(start + head_size - 8, &b, 8);
    } else {
      encode_internal::CopyBytes(start, e.head_, head_size);
    }
    // "10=" and "nnn<SOH>" from the table: two 4-byte stores.
    const std::uint32_t first = '1' | ('0' << 8) | ('=' << 16);
    std::memcpy(pos, &first, 4);
    std::memcpy(pos + 3, &encode_internal::kChecksumTexts[sum % 256], 4);
    // e.pos_ stays before the trailer, so a second Finish() rewrites the same bytes.
    return EncodeResult{std::string_view(start, static_cast<std::size_t>(
                                                    pos + encode_internal::kTrailerSize - start)),
                        Error{}};
  }

  // Out of line (encoder.cc): the rare paths.
  static bool SetHead(Encoder& e, std::string_view begin_string) noexcept;
  static char* WriteTimestampNewSecond(Encoder& e, char* out, std::int64_t nanos,
                                       TimePrecision precision) noexcept;
  static char* WriteTimeOnlyNewSecond(Encoder& e, char* out, std::int64_t nanos_of_day,
                                      TimePrecision precision) noexcept;
  static void AddStringRareTag(Encoder& e, std::uint32_t tag, std::string_view value) noexcept;
  static void AddStringOutOfLine(Encoder& e, std::uint32_t tag, std::string_view value) noexcept;
  static std::uint64_t SumLongBody(const Encoder& e, std::size_t size) noexcept;
  static EncodeResult FinishAnyBody(Encoder& e) noexcept;
};

// --- The encoder's calls ---

// SetHead (encoder.cc) builds head_ for another BeginString (out of line:
// rare); on an invalid one starts the message in error and returns false.
[[gnu::always_inline]] inline void Encoder::Begin(std::string_view begin_string,
                                                  std::string_view msg_type) noexcept {
  // The head of the previous message is kept: rebuild only for another BeginString.
  // The size bound comes first so that no wrapped size reaches EqualBytes.
  if (begin_string.size() > kMaxBeginStringSize || begin_string.size() + 5 != head_size_ ||
      !encode_internal::EqualBytes(head_ + 2, begin_string.data(), begin_string.size()))
      [[unlikely]] {
    if (!Impl::SetHead(*this, begin_string)) return;
  }
  Impl::StartMessage(*this);
  AddString(35, msg_type);
}

[[gnu::always_inline]] inline void Encoder::AddInt(std::uint32_t tag, std::int64_t value) noexcept {
  Impl::Put<encode_internal::kMaxSignedChars>(
      *this, tag, [value](char* p) noexcept { return encode_internal::WriteSignedWide(p, value); });
}

[[gnu::always_inline]] inline void Encoder::AddUint(std::uint32_t tag,
                                                    std::uint64_t value) noexcept {
  Impl::Put<encode_internal::kMaxUnsignedChars>(*this, tag, [value](char* p) noexcept {
    return encode_internal::WriteUnsignedWide(p, value);
  });
}

[[gnu::always_inline]] inline void Encoder::AddChar(std::uint32_t tag, char value) noexcept {
  Impl::Put<1>(*this, tag, [value](char* p) noexcept -> char* {
    if (value == '\x01') return nullptr;
    *p = value;
    return p + 1;
  });
}

[[gnu::always_inline]] inline void Encoder::AddBool(std::uint32_t tag, bool value) noexcept {
  Impl::Put<1>(*this, tag, [value](char* p) noexcept {
    *p = value ? 'Y' : 'N';
    return p + 1;
  });
}

[[gnu::always_inline]] inline void Encoder::AddString(std::uint32_t tag,
                                                      std::string_view value) noexcept {
  if (!encode_internal::IsCommonTag(tag)) [[unlikely]] {
    Impl::AddStringRareTag(*this, tag, value);
    return;
  }
  Impl::AddStringValidTag(*this, tag, value);
}

[[gnu::always_inline]] inline void Encoder::AddDecimal(std::uint32_t tag, Decimal d) noexcept {
  Impl::Put<encode_internal::kMaxDecimalChars>(
      *this, tag, [d](char* p) noexcept { return encode_internal::WriteDecimal(p, d); });
}

inline void Encoder::AddDecimal(std::uint32_t tag, Decimal d, int decimals) noexcept {
  Impl::Put<encode_internal::kMaxDecimalChars>(*this, tag, [d, decimals](char* p) noexcept {
    return encode_internal::WriteDecimalFixed(p, d, decimals);
  });
}

inline void Encoder::AddDouble(std::uint32_t tag, double v, int precision) noexcept {
  Impl::Put<encode_internal::kMaxDecimalChars>(*this, tag, [v, precision](char* p) noexcept {
    return encode_internal::WriteDouble(p, v, precision);
  });
}

[[gnu::always_inline]] inline void Encoder::AddTimestamp(std::uint32_t tag,
                                                         std::int64_t nanos_since_epoch,
                                                         TimePrecision precision) noexcept {
  // The encoder comes as an argument, not a capture: a 16-byte closure
  // reaches the out-of-line paths in registers, not through the stack.
  Impl::Put<encode_internal::kMaxTimestampChars>(
      *this, tag, [nanos_since_epoch, precision](Encoder& self, char* p) noexcept {
        return Impl::WriteTimestamp(self, p, nanos_since_epoch, precision,
                                    encode_internal::NoSum{});
      });
}

[[gnu::always_inline]] inline void Encoder::AddTimeOnly(std::uint32_t tag,
                                                        std::int64_t nanos_since_midnight,
                                                        TimePrecision precision) noexcept {
  Impl::Put<encode_internal::kMaxTimestampChars>(
      *this, tag, [nanos_since_midnight, precision](Encoder& self, char* p) noexcept {
        return Impl::WriteTimeOnly(self, p, nanos_since_midnight, precision);
      });
}

[[gnu::always_inline]] inline void Encoder::AddDate(std::uint32_t tag, Date date) noexcept {
  Impl::Put<8>(*this, tag,
               [date](char* p) noexcept { return encode_internal::WriteDate(p, date); });
}

[[gnu::always_inline]] inline void Encoder::AddMonthYear(std::uint32_t tag,
                                                         MonthYear value) noexcept {
  Impl::Put<8>(*this, tag,
               [value](char* p) noexcept { return encode_internal::WriteMonthYear(p, value); });
}

inline GroupEncoder Encoder::BeginGroup(std::uint32_t count_tag, std::uint32_t count) noexcept {
  AddUint(count_tag, count);
  return GroupEncoder(this, count_tag, count);
}

[[gnu::always_inline]] inline void Encoder::AddRawFields(std::string_view fields) noexcept {
  Impl::AddRawFieldsAt(*this, pos_, fields);
}

// Finish is inline for the usual message (a body below 1000 bytes,
// BodyLength not zero padded); FinishAnyBody (encoder.cc) does every case:
// errors, bodies of 1000 bytes and more, zero-padded BodyLength.
[[gnu::always_inline]] inline EncodeResult Encoder::Finish() noexcept {
  char* const pos = pos_;
  char* const body = body_start_;
  const auto length = static_cast<std::uint64_t>(pos - body);
  // An error froze the encoder (end_ == pos_), so the trailer's room check
  // also sends every failed message to FinishAnyBody, which reports it.
  if (mode_ != Mode::kMessage || !Impl::HasRoom<encode_internal::kTrailerSize>(*this, pos) ||
      length >= inline_length_limit_) [[unlikely]] {
    return Impl::FinishAnyBody(*this);
  }
  // Below 1000 (most messages): the digits, the SOH before 35=, the digit
  // count and the digits' sum from one table entry; its leading '0's land
  // where the head goes and are overwritten by it (Begin reserved at least
  // 8 bytes before the body).
  std::uint64_t sum = Impl::MessageSumBeforeLength(*this, pos);
  const std::uint64_t entry = encode_internal::kShortLengthTexts[length];
  std::memcpy(body - 4, &entry, 4);
  sum += entry >> 40;
  return Impl::CompleteMessage(*this, body - 1 - ((entry >> 32) & 0xFF), pos, sum);
}

// --- Cursors ---

template <bool kSummed>
inline Encoder::BasicCursor<kSummed>::BasicCursor(Encoder& encoder) noexcept
    : encoder_(encoder), pos_(encoder.pos_), start_(encoder.pos_) {}

// A SummingCursor whose fields all took a summed path, right after the part
// Finish() need not read, extends that part over its run.
template <bool kSummed>
inline Encoder::BasicCursor<kSummed>::~BasicCursor() {
  encoder_.pos_ = pos_;
  if constexpr (kSummed) {
    if (sum_.valid && encoder_.summed_end_ == start_) {
      encoder_.summed_end_ = pos_;
      encoder_.known_sum_ += sum_.Total();
    }
  }
}

// Put is the encoder's PutAt with the field's text added to sum_ on the
// usual path: `write(encoder, p, sum)` writes the value at p, reports its
// bytes to `sum` and returns the end, or nullptr for an invalid value.
// Every other case goes through PutAt (its errors) unsummed.
template <bool kSummed>
template <std::size_t kMaxValue, typename Write>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::Put(std::uint32_t tag,
                                                                      Write write) noexcept {
  auto unsummed = [write](Encoder& self, char* p) noexcept {
    return write(self, p, encode_internal::NoSum{});
  };
  if constexpr (!kSummed) {
    Impl::PutAt<kMaxValue>(encoder_, pos_, tag, unsummed);
  } else {
    constexpr std::size_t kWorst = encode_internal::kMaxTagChars + 1 + kMaxValue + 1;
    if (encode_internal::IsCommonTag(tag) && Impl::HasRoom<kWorst>(encoder_, pos_)) [[likely]] {
      char* const p = write(encoder_, encode_internal::WriteTagFast(pos_, tag), sum_);
      if (p != nullptr) [[likely]] {
        *p = '\x01';
        pos_ = p + 1;
        AddTagSum(tag);
        return;
      }
    }
    // Every other case through PutAt (the same errors).
    sum_.Invalidate();
    Impl::PutAt<kMaxValue>(encoder_, pos_, tag, unsummed);
  }
}

// AddTagSum adds "<tag>=" and the field's SOH (an IsCommonTag tag).
template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddTagSum(
    std::uint32_t tag) noexcept {
  if constexpr (!kSummed) {
    return;
  } else if (__builtin_constant_p(tag)) {
    sum_.Add(encode_internal::TagTextSum(tag) + 1);
  } else if (tag < encode_internal::kTagTableSize) [[likely]] {
    sum_.Word(encode_internal::kTagTable[tag] & 0x00FF'FFFF'FFFF'FFFFull);  // without the size byte
    sum_.Add(1);
  } else {
    sum_.Add(encode_internal::TagTextSum(tag) + 1);
  }
}

// ThroughEncoder runs call(encoder) at the cursor's position: writes it
// back to the encoder first and takes the encoder's position after.
template <bool kSummed>
template <typename Call>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::ThroughEncoder(
    Call call) noexcept {
  encoder_.pos_ = pos_;
  call(encoder_);
  pos_ = encoder_.pos_;
}

// Fail is the encoder's Fail at the cursor's position (for a group's End).
template <bool kSummed>
inline void Encoder::BasicCursor<kSummed>::Fail(ErrorCode code, std::uint32_t tag) noexcept {
  sum_.Invalidate();
  ThroughEncoder([code, tag](Encoder& e) noexcept { e.Fail(code, tag); });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddInt(
    std::uint32_t tag, std::int64_t value) noexcept {
  Put<encode_internal::kMaxSignedChars>(tag, [value](Encoder&, char* p, auto&& sum) noexcept {
    return encode_internal::WriteSignedWide(p, value, sum);
  });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddUint(
    std::uint32_t tag, std::uint64_t value) noexcept {
  Put<encode_internal::kMaxUnsignedChars>(tag, [value](Encoder&, char* p, auto&& sum) noexcept {
    return encode_internal::WriteUnsignedWide(p, value, sum);
  });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddChar(std::uint32_t tag,
                                                                          char value) noexcept {
  Put<1>(tag, [value](Encoder&, char* p, auto&& sum) noexcept -> char* {
    if (value == '\x01') return nullptr;
    *p = value;
    sum.Add(static_cast<unsigned char>(value));
    return p + 1;
  });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddBool(std::uint32_t tag,
                                                                          bool value) noexcept {
  Put<1>(tag, [value](Encoder&, char* p, auto&& sum) noexcept {
    const char c = value ? 'Y' : 'N';
    *p = c;
    sum.Add(static_cast<unsigned char>(c));
    return p + 1;
  });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddDecimal(std::uint32_t tag,
                                                                             Decimal d) noexcept {
  Put<encode_internal::kMaxDecimalChars>(tag, [d](Encoder&, char* p, auto&& sum) noexcept {
    return encode_internal::WriteDecimal(p, d, sum);
  });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddTimestamp(
    std::uint32_t tag, std::int64_t nanos_since_epoch, TimePrecision precision) noexcept {
  Put<encode_internal::kMaxTimestampChars>(
      tag, [nanos_since_epoch, precision](Encoder& self, char* p, auto&& sum) noexcept {
        return Impl::WriteTimestamp(self, p, nanos_since_epoch, precision, sum);
      });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddTimeOnly(
    std::uint32_t tag, std::int64_t nanos_since_midnight, TimePrecision precision) noexcept {
  sum_.Invalidate();
  Impl::PutAt<encode_internal::kMaxTimestampChars>(
      encoder_, pos_, tag, [nanos_since_midnight, precision](Encoder& self, char* p) noexcept {
        return Impl::WriteTimeOnly(self, p, nanos_since_midnight, precision);
      });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddString(
    std::uint32_t tag, std::string_view value) noexcept {
  const std::size_t n = value.size();
  if (encode_internal::IsCommonTag(tag) && n - 1 < 16 &&
      Impl::HasRoom<encode_internal::kMaxTagChars + 2 + 16>(encoder_, pos_)) [[likely]] {
    char* const p = encode_internal::WriteShortString(pos_, tag, value.data(), n, sum_);
    if (p != nullptr) [[likely]] {
      pos_ = p;
      AddTagSum(tag);
      return;
    }
  }
  sum_.Invalidate();
  ThroughEncoder([tag, value](Encoder& e) noexcept { Impl::AddStringOutOfLine(e, tag, value); });
}

template <bool kSummed>
inline void Encoder::BasicCursor<kSummed>::AddDecimal(std::uint32_t tag, Decimal d,
                                                      int decimals) noexcept {
  sum_.Invalidate();
  Impl::PutAt<encode_internal::kMaxDecimalChars>(
      encoder_, pos_, tag, [d, decimals](char* p) noexcept {
        return encode_internal::WriteDecimalFixed(p, d, decimals);
      });
}

template <bool kSummed>
inline void Encoder::BasicCursor<kSummed>::AddDouble(std::uint32_t tag, double v,
                                                     int precision) noexcept {
  sum_.Invalidate();
  Impl::PutAt<encode_internal::kMaxDecimalChars>(
      encoder_, pos_, tag,
      [v, precision](char* p) noexcept { return encode_internal::WriteDouble(p, v, precision); });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddDate(std::uint32_t tag,
                                                                          Date date) noexcept {
  sum_.Invalidate();
  Impl::PutAt<8>(encoder_, pos_, tag,
                 [date](char* p) noexcept { return encode_internal::WriteDate(p, date); });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddMonthYear(
    std::uint32_t tag, MonthYear value) noexcept {
  sum_.Invalidate();
  Impl::PutAt<8>(encoder_, pos_, tag,
                 [value](char* p) noexcept { return encode_internal::WriteMonthYear(p, value); });
}

// AddData: rare, so the encoder's own call.
template <bool kSummed>
inline void Encoder::BasicCursor<kSummed>::AddData(std::uint32_t length_tag, std::uint32_t data_tag,
                                                   std::string_view data) noexcept {
  sum_.Invalidate();
  ThroughEncoder(
      [length_tag, data_tag, data](Encoder& e) noexcept { e.AddData(length_tag, data_tag, data); });
}

template <bool kSummed>
[[gnu::always_inline]] inline void Encoder::BasicCursor<kSummed>::AddRawFields(
    std::string_view fields) noexcept {
  sum_.Invalidate();
  Impl::AddRawFieldsAt(encoder_, pos_, fields);
}

template <bool kSummed>
inline BasicGroupEncoder<Encoder::BasicCursor<kSummed>> Encoder::BasicCursor<kSummed>::BeginGroup(
    std::uint32_t count_tag, std::uint32_t count) noexcept {
  AddUint(count_tag, count);
  return BasicGroupEncoder<BasicCursor>(this, count_tag, count);
}

}  // namespace fixwire

#endif  // FIXWIRE_ENCODE_INTERNAL_ENCODER_INLINE_H_
