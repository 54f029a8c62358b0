// reference_decoder.cc: the byte-at-a-time reference decoder (see the header).
#include "tests/fuzz/reference_decoder.h"

#include <string_view>

namespace fixwire::fuzz {
namespace {

constexpr char kSoh = '\x01';

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

ReferenceResult Reject(const char* reason) {
  ReferenceResult r;
  r.reason = reason;
  return r;
}

// ParseTag reads "tag=" at pos: 1..9 digits, no leading zero, then '='.
// Returns false when there is no such tag; sets *tag and *value_start.
bool ParseTag(std::string_view b, std::size_t pos, std::size_t limit, std::uint32_t* tag,
              std::size_t* value_start) {
  std::size_t i = pos;
  std::uint32_t t = 0;
  while (i < limit && IsDigit(b[i])) {
    if (i - pos == 9) return false;
    t = t * 10 + static_cast<std::uint32_t>(b[i] - '0');
    ++i;
  }
  if (i == pos || b[pos] == '0' || i >= limit || b[i] != '=') return false;
  *tag = t;
  *value_start = i + 1;
  return true;
}

}  // namespace

ReferenceResult ReferenceDecode(std::string_view b, const ReferenceOptions& options) {
  const LengthFieldTable& lengths =
      options.length_fields != nullptr ? *options.length_fields : StandardLengthFields();
  std::vector<Field> fields;

  // 8=FIX.x or 8=FIXT.x, the value at most 16 bytes.
  if (b.substr(0, 2) != "8=") return Reject("no 8= at the start");
  const std::size_t begin_soh = b.find(kSoh);
  if (begin_soh == std::string_view::npos) return Reject("8= has no SOH");
  const std::string_view version = b.substr(2, begin_soh - 2);
  if (version.size() > 16) return Reject("BeginString longer than 16");
  const bool fix = version.size() > 4 && version.substr(0, 4) == "FIX.";
  const bool fixt = version.size() > 5 && version.substr(0, 5) == "FIXT.";
  if (!fix && !fixt) return Reject("BeginString is not FIX.x or FIXT.x");
  fields.push_back(Field{8, 2, static_cast<std::uint32_t>(version.size())});

  // 9=<1..9 digits, leading zeros allowed, not 0>.
  const std::size_t nine = begin_soh + 1;
  if (b.substr(nine, 2) != "9=") return Reject("second field is not 9=");
  const std::size_t length_soh = b.find(kSoh, nine + 2);
  if (length_soh == std::string_view::npos) return Reject("9= has no SOH");
  const std::string_view length_text = b.substr(nine + 2, length_soh - nine - 2);
  if (length_text.empty() || length_text.size() > 9) {
    return Reject("BodyLength empty or too long");
  }
  std::uint64_t body_length = 0;
  for (char c : length_text) {
    if (!IsDigit(c)) return Reject("BodyLength not all digits");
    body_length = body_length * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (body_length == 0) return Reject("BodyLength 0");
  fields.push_back(Field{9, static_cast<std::uint32_t>(nine + 2),
                         static_cast<std::uint32_t>(length_text.size())});

  // The trailer, where BodyLength says.
  const std::size_t body_start = length_soh + 1;
  const std::uint64_t body_end = body_start + body_length;
  if (body_end + 7 > b.size()) return Reject("shorter than BodyLength + trailer");
  const std::size_t end = static_cast<std::size_t>(body_end);
  if (b[end - 1] != kSoh || b.substr(end, 3) != "10=") return Reject("no SOH 10= at BodyLength");
  if (!IsDigit(b[end + 3]) || !IsDigit(b[end + 4]) || !IsDigit(b[end + 5]) ||
      b[end + 6] != kSoh) {
    return Reject("CheckSum is not three digits and SOH");
  }
  const unsigned given = static_cast<unsigned>((b[end + 3] - '0') * 100 + (b[end + 4] - '0') * 10 +
                                               (b[end + 5] - '0'));
  if (given > 255) return Reject("CheckSum above 255");
  if (options.validate_checksum) {
    unsigned sum = 0;
    for (std::size_t i = 0; i < end; ++i) sum += static_cast<unsigned char>(b[i]);
    if (sum % 256 != given) return Reject("CheckSum differs from the byte sum");
  }

  // Body fields.
  std::size_t pos = body_start;
  while (pos < end) {
    std::uint32_t tag;
    std::size_t value_start;
    if (!ParseTag(b, pos, end, &tag, &value_start)) return Reject("bad tag or no '='");
    const std::size_t soh = b.find(kSoh, value_start);  // found: b[end - 1] is SOH
    const std::size_t length = soh - value_start;
    if (length == 0 && !options.allow_empty_values) return Reject("empty value");
    if (fields.size() == 2 && tag != 35) return Reject("first body field is not 35");
    if (tag == 8 || tag == 9 || tag == 10) return Reject("8, 9 or 10 in the body");
    fields.push_back(Field{tag, static_cast<std::uint32_t>(value_start),
                           static_cast<std::uint32_t>(length)});
    pos = soh + 1;
    const std::uint32_t data_tag = lengths.DataTagFor(tag);
    if (data_tag == 0) continue;
    // A Length field: digits (at most 9), then its data field, exactly that long.
    const std::string_view count_text = b.substr(value_start, length);
    if (count_text.empty() || count_text.size() > 9) return Reject("bad data length");
    std::uint64_t n = 0;
    for (char c : count_text) {
      if (!IsDigit(c)) return Reject("data length not all digits");
      n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (pos >= end) return Reject("Length field is the last body field");
    std::uint32_t found;
    std::size_t data_start;
    if (!ParseTag(b, pos, end, &found, &data_start)) return Reject("bad tag after a Length field");
    if (found != data_tag) return Reject("Length field not followed by its data field");
    if (data_start + n >= end) return Reject("data runs past the body");
    const std::size_t data_end = data_start + static_cast<std::size_t>(n);
    if (b[data_end] != kSoh) return Reject("no SOH after the data");
    if (n == 0 && !options.allow_empty_values) return Reject("empty data");
    fields.push_back(Field{found, static_cast<std::uint32_t>(data_start),
                           static_cast<std::uint32_t>(n)});
    pos = data_end + 1;
  }
  fields.push_back(Field{10, static_cast<std::uint32_t>(end + 3), 3});

  ReferenceResult r;
  r.ok = true;
  r.size = end + 7;
  r.fields = std::move(fields);
  return r;
}

}  // namespace fixwire::fuzz
