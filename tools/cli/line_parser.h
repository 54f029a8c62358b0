// line_parser.h: LineParser, which reads messages written one per line as
// tag=value fields (SOH, | or ^A between them; a QuickFIX log prefix
// "<time> : " skipped; a data field announced by its Length field taken as
// exactly that many bytes). Used by "fixwire encode" and by
// "fixwire initiator --send".
//
// The parsed fields are views into the input, which must outlive them.
// Cold path; one thread.
#ifndef FIXWIRE_TOOLS_CLI_LINE_PARSER_H_
#define FIXWIRE_TOOLS_CLI_LINE_PARSER_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/values/field.h"
#include "fixwire/wire/data_fields.h"
#include "tools/cli/args.h"
#include "tools/cli/reader.h"

namespace fixwire::cli {

struct ParsedField {
  std::uint32_t tag;
  std::string_view value;
};

class LineParser {
 public:
  LineParser(std::string_view input, Delimiter delimiter, const LengthFieldTable& lengths)
      : in_(input), delim_(delimiter == Delimiter::kCaret ? "^A"
                           : delimiter == Delimiter::kPipe ? "|"
                                                           : "\x01"),
        lengths_(lengths) {}

  bool done() {
    while (pos_ < in_.size() && reader_internal::IsSpace(in_[pos_])) {
      if (in_[pos_] == '\n') ++line_;
      ++pos_;
    }
    return pos_ >= in_.size();
  }
  std::size_t line() const { return line_; }

  // Next parses the message starting at the current position into *fields;
  // on a mistake returns false with *error set and skips to the next line.
  bool Next(std::vector<ParsedField>* fields, std::string* error) {
    fields->clear();
    const std::size_t line_end_guess = LineEnd(pos_);
    if (pos_ < in_.size() && (in_[pos_] < '0' || in_[pos_] > '9')) {
      // A log prefix: the message starts at "8=" after it.
      std::size_t s = reader_internal::FindStart(in_.data(), line_end_guess, pos_);
      if (s >= line_end_guess) {
        *error = "no message: a line must hold tag=value fields starting with 8=";
        SkipLine();
        return false;
      }
      pos_ = s;
    }
    std::uint32_t prev_tag = 0;
    std::size_t data_size = 0;
    while (true) {
      std::uint64_t tag = 0;
      const std::size_t tag_start = pos_;
      while (pos_ < in_.size() && in_[pos_] >= '0' && in_[pos_] <= '9' && tag <= kMaxTag) {
        tag = tag * 10 + static_cast<std::uint64_t>(in_[pos_] - '0');
        ++pos_;
      }
      if (pos_ == tag_start || pos_ >= in_.size() || in_[pos_] != '=' || tag == 0 ||
          tag > kMaxTag || in_[tag_start] == '0') {
        const std::size_t e = std::min(LineEnd(tag_start), tag_start + 20);
        *error = "field " + std::to_string(fields->size() + 1) + " ('" +
                 std::string(in_.substr(tag_start, e - tag_start)) +
                 "'): expected tag=value with a tag of 1 to 999999999";
        SkipLine();
        return false;
      }
      ++pos_;  // '='
      std::string_view value;
      if (prev_tag != 0 && lengths_.DataTagFor(prev_tag) == tag) {
        if (data_size > in_.size() - pos_) {
          *error = "data field " + std::to_string(tag) + " is announced as " +
                   std::to_string(data_size) + " bytes by " + std::to_string(prev_tag) +
                   " but the input ends first";
          pos_ = in_.size();
          return false;
        }
        value = in_.substr(pos_, data_size);
        for (char c : value) line_ += c == '\n';
        pos_ += data_size;
      } else {
        std::size_t end = pos_;
        while (end < in_.size() && in_[end] != '\n' && !AtDelimiter(end)) ++end;
        value = in_.substr(pos_, end - pos_);
        if (!value.empty() && value.back() == '\r' && (end >= in_.size() || in_[end] == '\n')) {
          value.remove_suffix(1);
        }
        pos_ = end;
      }
      fields->push_back(ParsedField{static_cast<std::uint32_t>(tag), value});
      prev_tag = 0;
      if (lengths_.IsLengthTag(static_cast<std::uint32_t>(tag))) {
        std::uint64_t n = 0;
        bool ok = !value.empty() && value.size() <= 9;
        for (char c : value) ok = ok && c >= '0' && c <= '9', n = n * 10 + (c - '0');
        if (ok) {
          prev_tag = static_cast<std::uint32_t>(tag);
          data_size = n;
        }
      }
      if (AtDelimiter(pos_)) pos_ += delim_.size();
      if (pos_ < in_.size() && in_[pos_] == '\r' && pos_ + 1 < in_.size() && in_[pos_ + 1] == '\n') {
        ++pos_;
      }
      if (pos_ >= in_.size()) return true;
      if (in_[pos_] == '\n') {
        ++pos_;
        ++line_;
        return true;
      }
    }
  }

 private:
  bool AtDelimiter(std::size_t i) const { return in_.substr(i, delim_.size()) == delim_; }
  std::size_t LineEnd(std::size_t from) const {
    std::size_t e = in_.find('\n', from);
    return e == std::string_view::npos ? in_.size() : e;
  }
  void SkipLine() {
    pos_ = LineEnd(pos_);
    if (pos_ < in_.size()) {
      ++pos_;
      ++line_;
    }
  }

  std::string_view in_;
  std::string_view delim_;
  const LengthFieldTable& lengths_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_LINE_PARSER_H_
