// encoder.cc: the encoder's colder parts: Begin, data fields, raw fields,
// Finish (BodyLength, CheckSum) and error recording.
#include "fixwire/encode/encoder.h"

#include <cstring>

#include "fixwire/encode/internal/byte_sum.h"
#include "fixwire/simd/checksum.h"

namespace fixwire {

namespace ci = encode_internal;

void Encoder::Fail(ErrorCode code, std::uint32_t tag) noexcept {
  if (error_.ok()) {
    error_.code = code;
    error_.offset = static_cast<std::uint32_t>(pos_ - buffer_begin_);
    error_.tag = tag;
  }
  end_ = pos_;  // frozen: every later field fails the room check
}

bool Encoder::Impl::SetHead(Encoder& e, std::string_view begin_string) noexcept {
  const std::size_t head_size = begin_string.size() + 5;
  if (begin_string.empty() || begin_string.size() > kMaxBeginStringSize ||
      ci::ContainsSoh(begin_string.data(), begin_string.size())) {
    e.head_size_ = 0;
    StartMessage(e);  // resets the state
    e.Fail(ErrorCode::kInvalidValue, 8);
    return false;
  }
  e.head_[0] = '8';
  e.head_[1] = '=';
  std::memcpy(e.head_ + 2, begin_string.data(), begin_string.size());
  char* h = e.head_ + 2 + begin_string.size();
  h[0] = '\x01';
  h[1] = '9';
  h[2] = '=';
  e.head_size_ = static_cast<std::uint8_t>(head_size);
  e.head_sum_ = static_cast<std::uint32_t>(simd::ByteSum(e.head_, head_size));
  return true;
}

char* Encoder::Impl::WriteTimestampNewSecond(Encoder& e, char* out, std::int64_t nanos,
                                              TimePrecision precision) noexcept {
  std::int64_t seconds = nanos / kNanosPerSecond;
  std::int64_t fraction = nanos % kNanosPerSecond;
  if (fraction < 0) {
    fraction += kNanosPerSecond;
    --seconds;
  }
  // The first second of the int64 range starts before INT64_MIN and the last
  // ends after INT64_MAX: cached, the wrapped subtraction in WriteTimestamp
  // would find times of the other end in them, so they are written uncached.
  if (seconds < INT64_MIN / kNanosPerSecond || seconds >= INT64_MAX / kNanosPerSecond) [[unlikely]] {
    return ci::WriteUtcTimestamp(out, nanos, precision);
  }
  constexpr std::int64_t kSecondsPerDay = 86'400;
  std::int64_t days = seconds / kSecondsPerDay;
  std::int64_t second_of_day = seconds % kSecondsPerDay;
  if (second_of_day < 0) {
    second_of_day += kSecondsPerDay;
    --days;
  }
  const ci::CivilDate d = ci::CivilFromDays(days);
  ci::WriteYmd(e.cached_second_text_, static_cast<unsigned>(d.year), d.month, d.day);
  e.cached_second_text_[8] = '-';
  ci::WriteHms(e.cached_second_text_ + 9, static_cast<std::uint32_t>(second_of_day));
  e.cached_second_nanos_ = seconds * kNanosPerSecond;
  std::memcpy(out, e.cached_second_text_, 17);
  return ci::WriteFraction(out + 17, static_cast<std::uint32_t>(fraction), precision);
}

char* Encoder::Impl::WriteTimeOnlyNewSecond(Encoder& e, char* out, std::int64_t nanos_of_day,
                                             TimePrecision precision) noexcept {
  if (nanos_of_day < 0 || nanos_of_day >= kNanosPerDay) return nullptr;
  const auto second_of_day = static_cast<std::uint32_t>(nanos_of_day / kNanosPerSecond);
  e.cached_time_nanos_ = std::int64_t{second_of_day} * kNanosPerSecond;
  ci::WriteHms(e.cached_time_text_, second_of_day);
  std::memcpy(out, e.cached_time_text_, 8);
  return ci::WriteFraction(out + 8, static_cast<std::uint32_t>(nanos_of_day - e.cached_time_nanos_), precision);
}

void Encoder::Impl::AddStringRareTag(Encoder& e, std::uint32_t tag, std::string_view value) noexcept {
  if (!ci::ValidTag(tag)) {
    e.Fail(ErrorCode::kInvalidTag, tag);
    return;
  }
  AddStringValidTag(e, tag, value);
}

void Encoder::Impl::AddStringOutOfLine(Encoder& e, std::uint32_t tag, std::string_view value) noexcept {
  e.AddString(tag, value);
}

void Encoder::BeginFragment() noexcept {
  error_ = Error{};
  mode_ = Mode::kFragment;
  pos_ = buffer_begin_;
  end_ = buffer_end_;
  body_start_ = buffer_begin_;
  summed_end_ = buffer_begin_;
  known_sum_ = 0;
}

void Encoder::AddData(std::uint32_t length_tag, std::uint32_t data_tag, std::string_view data) noexcept {
  if (!ci::ValidTag(length_tag)) {
    Fail(ErrorCode::kInvalidTag, length_tag);
    return;
  }
  if (!ci::ValidTag(data_tag)) {
    Fail(ErrorCode::kInvalidTag, data_tag);
    return;
  }
  if (data.empty()) {
    Fail(ErrorCode::kInvalidValue, data_tag);
    return;
  }
  const std::size_t need = static_cast<std::size_t>(ci::CountDigits(length_tag)) + 2 +
                           static_cast<std::size_t>(ci::CountDigits(data.size())) +
                           static_cast<std::size_t>(ci::CountDigits(data_tag)) + 2 + data.size();
  if (need > Impl::room(*this)) {
    Fail(ErrorCode::kBufferTooSmall, length_tag);
    return;
  }
  char* p = ci::WriteTag(pos_, length_tag);
  p = ci::WriteUnsigned(p, data.size());
  *p++ = '\x01';
  p = ci::WriteTag(p, data_tag);
  std::memcpy(p, data.data(), data.size());
  p += data.size();
  *p++ = '\x01';
  pos_ = p;
}

std::uint64_t Encoder::Impl::SumLongBody(const Encoder& e, std::size_t size) noexcept {
  return simd::ByteSum(e.summed_end_, size);
}

EncodeResult Encoder::Impl::FinishAnyBody(Encoder& e) noexcept {
  if (e.mode_ != Mode::kMessage) [[unlikely]] {
    return EncodeResult{{}, Error{ErrorCode::kInvalidValue, 0, 0}};
  }
  if (!e.error_.ok()) [[unlikely]] return EncodeResult{{}, e.error_};
  char* const pos = e.pos_;
  if (static_cast<std::size_t>(e.end_ - pos) < ci::kTrailerSize) [[unlikely]] {
    e.Fail(ErrorCode::kBufferTooSmall, 10);
    return EncodeResult{{}, e.error_};
  }
  char* const body = e.body_start_;
  // The body's bytes not summed yet, read before the header's stores below.
  std::uint64_t sum = MessageSumBeforeLength(e, pos);
  body[-1] = '\x01';
  char* p = body - 1;
  // Right-aligned digits two at a time, summed from the pair table's words.
  std::uint64_t v = static_cast<std::uint64_t>(pos - body);
  while (v >= 100) {
    const auto r = static_cast<unsigned>(v % 100);
    v /= 100;
    std::uint16_t pair;
    std::memcpy(&pair, &ci::kDigitPairs.pairs[2 * r], 2);
    p -= 2;
    std::memcpy(p, &pair, 2);
    sum += (pair & 0xFFu) + (pair >> 8);
  }
  if (v >= 10) {
    std::uint16_t pair;
    std::memcpy(&pair, &ci::kDigitPairs.pairs[2 * v], 2);
    p -= 2;
    std::memcpy(p, &pair, 2);
    sum += (pair & 0xFFu) + (pair >> 8);
  } else {
    *--p = static_cast<char>('0' + v);
    sum += '0' + v;
  }
  if (e.zero_padded_) {
    char* const digits = body - 1 - e.reserved_digits_;
    while (p > digits) {
      *--p = '0';
      sum += '0';
    }
  }
  return CompleteMessage(e, p, pos, sum);
}

EncodeResult Encoder::FinishFragment() noexcept {
  if (mode_ != Mode::kFragment) {
    return EncodeResult{{}, Error{ErrorCode::kInvalidValue, 0, 0}};
  }
  if (!error_.ok()) return EncodeResult{{}, error_};
  return EncodeResult{std::string_view(body_start_, static_cast<std::size_t>(pos_ - body_start_)), Error{}};
}

}  // namespace fixwire
