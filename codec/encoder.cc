// encoder.cc: the encoder's colder parts: Begin, data fields, raw fields,
// Finish (BodyLength, CheckSum) and error recording.
#include "codec/encoder.h"

#include <cstring>

#include "simd/checksum.h"

namespace fixwire {

namespace ci = codec_internal;

void Encoder::Fail(ErrorCode code, std::uint32_t tag) noexcept {
  if (error_.ok()) {
    error_.code = code;
    error_.offset = static_cast<std::uint32_t>(pos_ - buffer_begin_);
    error_.tag = tag;
  }
  end_ = pos_;  // frozen: every later field fails the room check
}

void Encoder::Begin(std::string_view begin_string, std::string_view msg_type) noexcept {
  // The head of the previous message is kept: rebuild only for another BeginString.
  const std::size_t head_size = begin_string.size() + 5;
  if (head_size != head_size_ || !ci::EqualBytes(head_ + 2, begin_string.data(), begin_string.size())) {
    if (begin_string.empty() || begin_string.size() > kMaxBeginStringSize ||
        ci::ContainsSoh(begin_string.data(), begin_string.size())) {
      head_size_ = 0;
      StartMessage();  // resets the state
      Fail(ErrorCode::kInvalidValue, 8);
      return;
    }
    head_[0] = '8';
    head_[1] = '=';
    std::memcpy(head_ + 2, begin_string.data(), begin_string.size());
    char* h = head_ + 2 + begin_string.size();
    h[0] = '\x01';
    h[1] = '9';
    h[2] = '=';
    head_size_ = static_cast<std::uint8_t>(head_size);
    head_sum_ = 0;
    for (std::size_t i = 0; i < head_size; ++i) head_sum_ += static_cast<unsigned char>(head_[i]);
  }
  StartMessage();
  AddString(35, msg_type);
}

void Encoder::BeginWithHead(const char* head, std::size_t head_size, std::uint32_t head_sum) noexcept {
  std::memcpy(head_, head, head_size);
  head_size_ = static_cast<std::uint8_t>(head_size);
  head_sum_ = head_sum;
  StartMessage();
}

void Encoder::StartMessage() noexcept {
  error_ = Error{};
  mode_ = Mode::kMessage;
  pos_ = buffer_begin_;
  end_ = buffer_end_;
  body_start_ = buffer_begin_;
  const auto capacity = static_cast<std::size_t>(buffer_end_ - buffer_begin_);
  // A body is shorter than the buffer, so digits(capacity) always suffice.
  reserved_digits_ = static_cast<std::uint8_t>(ci::CountDigits(capacity));
  const std::size_t reserve = head_size_ + reserved_digits_ + 1u;
  if (reserve > capacity) {
    Fail(ErrorCode::kBufferTooSmall, 8);
    return;
  }
  pos_ = buffer_begin_ + reserve;
  body_start_ = pos_;
}

void Encoder::CacheSecond(std::int64_t seconds) noexcept {
  constexpr std::int64_t kSecondsPerDay = 86'400;
  std::int64_t days = seconds / kSecondsPerDay;
  std::int64_t second_of_day = seconds % kSecondsPerDay;
  if (second_of_day < 0) {
    second_of_day += kSecondsPerDay;
    --days;
  }
  const ci::CivilDate d = ci::CivilFromDays(days);
  ci::WriteYmd(cached_second_text_, static_cast<unsigned>(d.year), d.month, d.day);
  cached_second_text_[8] = '-';
  ci::WriteHms(cached_second_text_ + 9, static_cast<std::uint32_t>(second_of_day));
  cached_second_ = seconds;
}

void Encoder::BeginFragment() noexcept {
  error_ = Error{};
  mode_ = Mode::kFragment;
  pos_ = buffer_begin_;
  end_ = buffer_end_;
  body_start_ = buffer_begin_;
}

void Encoder::AddData(std::uint32_t length_tag, std::uint32_t data_tag, std::string_view data) noexcept {
  if (!ValidTag(length_tag)) {
    Fail(ErrorCode::kInvalidTag, length_tag);
    return;
  }
  if (!ValidTag(data_tag)) {
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
  if (need > room()) {
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

void Encoder::AddRawFields(std::string_view fields) noexcept {
  if (fields.empty() || fields.back() != '\x01') {
    Fail(ErrorCode::kInvalidValue, 0);
    return;
  }
  if (fields.size() > room()) {
    Fail(ErrorCode::kBufferTooSmall, 0);
    return;
  }
  std::memcpy(pos_, fields.data(), fields.size());
  pos_ += fields.size();
}

EncodeResult Encoder::Finish() noexcept {
  if (mode_ != Mode::kMessage) {
    return EncodeResult{{}, Error{ErrorCode::kInvalidValue, 0, 0}};
  }
  if (!error_.ok()) return EncodeResult{{}, error_};
  constexpr std::size_t kTrailer = 7;  // "10=nnn<SOH>"
  if (room() < kTrailer) {
    Fail(ErrorCode::kBufferTooSmall, 10);
    return EncodeResult{{}, error_};
  }
  const auto body_length = static_cast<std::uint64_t>(pos_ - body_start_);
  const int width = zero_padded_ ? reserved_digits_ : ci::CountDigits(body_length);
  char* start = body_start_ - (head_size_ + width + 1);
  // The header's bytes are summed as they are made rather than re-read (a
  // read right after these small stores would stall on store forwarding).
  if (head_size_ <= 16) {
    ci::CopyBytes(start, head_, head_size_);
  } else {
    std::memcpy(start, head_, head_size_);
  }
  char* digits = start + head_size_;
  if (zero_padded_) {
    ci::WriteFixedWidth(digits, body_length, width);
  } else {
    ci::WriteDigitsBackward(digits + width, body_length);
  }
  std::uint64_t sum = head_sum_ + 1;  // + the SOH after BodyLength
  for (int i = 0; i < width; ++i) sum += static_cast<unsigned char>(digits[i]);
  body_start_[-1] = '\x01';
  sum += simd::ByteSum(body_start_, static_cast<std::size_t>(body_length));
  const auto checksum = static_cast<unsigned>(sum % 256);
  char* p = pos_;
  p[0] = '1';
  p[1] = '0';
  p[2] = '=';
  p[3] = static_cast<char>('0' + checksum / 100);
  ci::WritePair(p + 4, checksum % 100u);
  p[6] = '\x01';
  // pos_ stays before the trailer, so a second Finish() rewrites the same bytes.
  return EncodeResult{std::string_view(start, static_cast<std::size_t>(p + kTrailer - start)), Error{}};
}

EncodeResult Encoder::FinishFragment() noexcept {
  if (mode_ != Mode::kFragment) {
    return EncodeResult{{}, Error{ErrorCode::kInvalidValue, 0, 0}};
  }
  if (!error_.ok()) return EncodeResult{{}, error_};
  return EncodeResult{std::string_view(body_start_, static_cast<std::size_t>(pos_ - body_start_)), Error{}};
}

}  // namespace fixwire
