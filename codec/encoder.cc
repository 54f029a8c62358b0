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
  if (begin_string.empty() || begin_string.size() > kMaxBeginStringSize ||
      ci::ContainsSoh(begin_string.data(), begin_string.size())) {
    BeginWithHead("", 0);  // resets state
    Fail(ErrorCode::kInvalidValue, 8);
    return;
  }
  char head[kMaxHeadSize];
  head[0] = '8';
  head[1] = '=';
  std::memcpy(head + 2, begin_string.data(), begin_string.size());
  char* h = head + 2 + begin_string.size();
  h[0] = '\x01';
  h[1] = '9';
  h[2] = '=';
  BeginWithHead(head, begin_string.size() + 5);
  AddString(35, msg_type);
}

void Encoder::BeginWithHead(const char* head, std::size_t head_size) noexcept {
  error_ = Error{};
  mode_ = Mode::kMessage;
  pos_ = buffer_begin_;
  end_ = buffer_end_;
  body_start_ = buffer_begin_;
  std::memcpy(head_, head, head_size);
  head_size_ = static_cast<std::uint8_t>(head_size);
  const auto capacity = static_cast<std::size_t>(buffer_end_ - buffer_begin_);
  // A body is shorter than the buffer, so digits(capacity) always suffice.
  reserved_digits_ = static_cast<std::uint8_t>(ci::CountDigits(capacity));
  const std::size_t reserve = head_size + reserved_digits_ + 1;
  if (reserve > capacity) {
    Fail(ErrorCode::kBufferTooSmall, 8);
    return;
  }
  pos_ = buffer_begin_ + reserve;
  body_start_ = pos_;
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
  std::memcpy(start, head_, head_size_);
  ci::WriteFixedWidth(start + head_size_, body_length, width);
  body_start_[-1] = '\x01';
  const std::uint8_t sum = simd::Checksum(start, static_cast<std::size_t>(pos_ - start));
  char* p = pos_;
  p[0] = '1';
  p[1] = '0';
  p[2] = '=';
  p[3] = static_cast<char>('0' + sum / 100);
  ci::WritePair(p + 4, sum % 100u);
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
