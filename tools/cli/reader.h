// reader.h: Reader, which finds and decodes every FIX message of one input
// and hands each one, or each garbled stretch, to a sink.
//
// Input formats: raw FIX (messages back to back or one per line), QuickFIX
// log lines (any one-line prefix ending in ':' or a blank, e.g.
// "20261202-10:00:00.000 : 8=FIX.4.4..."), with SOH, '|' or "^A" between
// fields. The delimiter is detected from the first "8=FIX" (DetectDelimiter)
// unless given. SOH input is decoded in place (no copy); '|' and "^A" input
// is read line by line, each line copied into a scratch buffer with SOH
// delimiters (a final "10=nnn" without its delimiter is accepted).
//
// A message starts at "8=FIX" at the start of the input or of a line, or
// after SOH, a blank or ':'. Every other byte that is not white space or a
// log prefix is reported: a message that does not decode (the Decoder's
// error), or bytes that are no message (kBadBeginString). After a garbled
// message the reader resumes at the next message start after its first byte
// or at the next line, whichever comes first, so nothing after it is lost. Offsets are byte offsets in the input as
// given (before any delimiter conversion).
//
// Sink interface (called in input order):
//   void OnMessage(const MessageView& view, std::uint64_t offset);
//   void OnGarbled(const Garbled& g);
// The view and its bytes are valid only during the call.
//
// One thread; the Reader owns its FieldIndex and scratch buffers.
#ifndef FIXWIRE_TOOLS_CLI_READER_H_
#define FIXWIRE_TOOLS_CLI_READER_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "tools/cli/args.h"
#include "tools/cli/progress.h"

namespace fixwire::cli {

struct Garbled {
  std::uint64_t offset;        // where the garbled message (or junk) starts
  Error error;                 // the decoder's code and tag (offset relative to the message)
  std::uint64_t error_offset;  // where the error is, in the input
};

// DetectDelimiter looks at what follows the first "8=FIX...": SOH, '|' or "^A"
// (SOH when nothing tells).
Delimiter DetectDelimiter(std::string_view bytes);

namespace reader_internal {

// FindStart returns the position of the next message start at or after
// `from`, or size.
std::size_t FindStart(const char* d, std::size_t size, std::size_t from);
// IsIgnorableGap: white space, or a one-line log prefix.
bool IsIgnorableGap(const char* d, std::size_t size);
inline bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
// StartsWithBegin: "8=FIX" at d (n bytes available).
inline bool StartsWithBegin(const char* d, std::size_t n) {
  if (n < 5) return false;
  std::uint32_t w;
  std::memcpy(&w, d, 4);
  std::uint32_t want;
  std::memcpy(&want, "8=FI", 4);
  return w == want && d[4] == 'X';
}

// ToSoh copies a '|' or "^A" line into *out with SOH delimiters; *map (caret
// only) gets each output byte's offset in the line, plus one for the end.
void ToSoh(std::string_view line, Delimiter delimiter, std::vector<char>* out,
           std::vector<std::uint32_t>* map);

}  // namespace reader_internal

class Reader {
 public:
  static constexpr std::uint32_t kIndexCapacity = 1 << 16;

  Reader(const Decoder& decoder, Delimiter delimiter)
      : decoder_(decoder), delimiter_(delimiter), index_(kIndexCapacity) {}

  // buffer_end: during a sink call, the end of the buffer holding the
  // message (the input, or the converted line): the bytes from the message
  // up to there may be read.
  const char* buffer_end() const { return buffer_end_; }

  template <typename Sink>
  void Run(std::string_view input, Sink& sink, Progress* progress) {
    const Delimiter d = delimiter_ == Delimiter::kAuto ? DetectDelimiter(input) : delimiter_;
    if (d == Delimiter::kSoh) {
      Scan(input.data(), input.size(), 0, nullptr, sink, progress);
      return;
    }
    std::size_t pos = 0;
    while (pos < input.size()) {
      const char* nl = static_cast<const char*>(
          std::memchr(input.data() + pos, '\n', input.size() - pos));
      const std::size_t end = nl != nullptr ? static_cast<std::size_t>(nl - input.data())
                                            : input.size();
      reader_internal::ToSoh(input.substr(pos, end - pos), d, &scratch_, &map_);
      Scan(scratch_.data(), scratch_.size(), pos, d == Delimiter::kCaret ? map_.data() : nullptr,
           sink, progress);
      pos = end + 1;
    }
  }

 private:
  template <typename Sink>
  void Scan(const char* d, std::size_t n, std::uint64_t base, const std::uint32_t* map, Sink& sink,
            Progress* progress) {
    auto at = [base, map](std::size_t i) -> std::uint64_t {
      return base + (map != nullptr ? map[i] : i);
    };
    buffer_end_ = d + n;
    std::size_t pos = 0;
    while (pos < n) {
      std::size_t start = pos;
      if (!reader_internal::StartsWithBegin(d + pos, n - pos)) {
        std::size_t ws = pos;
        while (ws < n && reader_internal::IsSpace(d[ws])) ++ws;
        if (ws == n) return;
        start = reader_internal::StartsWithBegin(d + ws, n - ws)
                    ? ws  // the usual case: a newline between messages
                    : reader_internal::FindStart(d, n, ws);
        if (start != ws && !reader_internal::IsIgnorableGap(d + ws, start - ws)) {
          Error e{ErrorCode::kBadBeginString, 0, 0};
          sink.OnGarbled(Garbled{at(ws), e, at(ws)});
        }
        if (start == n) return;
      }
      Error e = decoder_.Decode(std::string_view(d + start, n - start), index_, view_);
      if (e.ok()) [[likely]] {
        sink.OnMessage(view_, at(start));
        pos = start + view_.size();
      } else {
        sink.OnGarbled(Garbled{at(start), e, at(start + std::min<std::size_t>(e.offset, n - start))});
        // Resume at the next message start, or at the next line when that
        // comes first, so that a junk line after a garbled message is
        // reported too.
        pos = reader_internal::FindStart(d, n, start + 1);
        if (const void* nl = std::memchr(d + start, '\n', pos - start)) {
          pos = static_cast<std::size_t>(static_cast<const char*>(nl) - d) + 1;
        }
      }
      if (progress != nullptr) progress->Update(at(pos));
    }
  }

  const Decoder& decoder_;
  Delimiter delimiter_;
  const char* buffer_end_ = nullptr;  // end of the buffer Scan reads (see buffer_end())
  FieldIndex index_;
  MessageView view_;
  std::vector<char> scratch_;
  std::vector<std::uint32_t> map_;
};

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_READER_H_
