// stream_framer_fuzzer.cc: StreamFramer on an arbitrary byte stream, cut into
// chunks the fuzzer chooses.
//
// Input: byte 0 picks the pool's buffer size (bits 0-1: 256, 1024, 4096,
// 65536) and turns the CheckSum check off (bit 2); byte 1 the
// max_message_size (0 = the buffer size, 64, 300, 2000); byte 2 the number of
// chunk lengths k (mod 16), then k little-endian 16-bit chunk lengths (used
// in turn, 0 meaning 1; k = 0 is one chunk), then the stream.
//
// The stream is framed three times: in the fuzzer's chunks through Feed(),
// in the same chunks through PrepareWrite()/Commit(), and one byte at a time.
// Checked on every run: each kMessage is exactly the stream's bytes at the
// position the events so far account for, lies in the pooled buffer, and is a
// valid frame by an independent check (8=FIX, 9= digits, "10=" + 3 digits
// where BodyLength says, CheckSum, size limit), which the Decoder confirms (it
// may reject a field, never the frame); the framer never gets stuck (a full
// buffer always makes progress); at the end every byte is accounted for
// (messages + skipped + pending + buffered = fed). Across the three runs, the
// messages and the final byte accounting are identical.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fixwire/arena/buffer_pool.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/wire/stream_framer.h"
#include "tests/fuzz/fuzz_support.h"

namespace fixwire::fuzz {
namespace {

struct Setup {
  std::size_t buffer_size;
  std::size_t max_message_size;  // as given to the framer (0: buffer size)
  bool validate_checksum;
  std::vector<std::size_t> chunks;  // empty: one chunk
};

struct Outcome {
  std::vector<std::string> messages;
  std::size_t skipped = 0;  // reported and pending
  std::size_t buffered = 0;
};

enum class Mode { kFeed, kPrepareWrite, kByteAtATime };

// FrameIsValid checks the frame of one message by the FIX rules, byte by byte.
bool FrameIsValid(std::string_view m, bool validate_checksum, std::size_t max_size) {
  if (m.size() > max_size || m.substr(0, 5) != "8=FIX") return false;
  const std::size_t soh = m.find('\x01');
  if (soh == std::string_view::npos || soh > 18 || m.substr(soh + 1, 2) != "9=") return false;
  std::size_t i = soh + 3;
  std::size_t length = 0;
  const std::size_t digits_start = i;
  while (i < m.size() && m[i] >= '0' && m[i] <= '9') length = length * 10 + static_cast<std::size_t>(m[i++] - '0');
  if (i == digits_start || i - digits_start > 9 || length == 0 || i >= m.size() || m[i] != '\x01') {
    return false;
  }
  const std::size_t end = i + 1 + length;  // offset of "10="
  if (end + 7 != m.size() || m[end - 1] != '\x01' || m.substr(end, 3) != "10=" || m.back() != '\x01') return false;
  unsigned given = 0;
  for (std::size_t k = end + 3; k < end + 6; ++k) {
    if (m[k] < '0' || m[k] > '9') return false;
    given = given * 10 + static_cast<unsigned>(m[k] - '0');
  }
  if (given > 255) return false;
  if (!validate_checksum) return true;
  unsigned sum = 0;
  for (std::size_t k = 0; k < end; ++k) sum += static_cast<unsigned char>(m[k]);
  return sum % 256 == given;
}

bool IsFramingError(ErrorCode c) {
  switch (c) {
    case ErrorCode::kIncomplete:
    case ErrorCode::kBadBeginString:
    case ErrorCode::kMissingBodyLength:
    case ErrorCode::kBadBodyLength:
    case ErrorCode::kBodyLengthMismatch:
    case ErrorCode::kMissingCheckSum:
    case ErrorCode::kBadCheckSum:
    case ErrorCode::kCheckSumMismatch:
    case ErrorCode::kMessageTooLarge:
      return true;
    default:
      return false;
  }
}

class Runner {
 public:
  Runner(const Setup& setup, std::string_view stream) : setup_(setup), stream_(stream) {
    effective_max_ = setup.max_message_size == 0 || setup.max_message_size > setup.buffer_size
                         ? setup.buffer_size
                         : setup.max_message_size;
  }

  Outcome Run(Mode mode) {
    decode_ = mode == Mode::kFeed;
    BufferPool pool(1, setup_.buffer_size);
    FramerOptions options;
    options.max_message_size = setup_.max_message_size;
    options.validate_checksum = setup_.validate_checksum;
    StreamFramer framer(pool, options);
    FIXWIRE_FUZZ_CHECK(framer.ok());
    FIXWIRE_FUZZ_CHECK(framer.max_message_size() == effective_max_);
    Outcome out;
    consumed_ = 0;
    std::size_t pos = 0;
    std::size_t chunk_index = 0;
    while (pos < stream_.size()) {
      std::size_t chunk = 1;
      if (mode != Mode::kByteAtATime) {
        chunk = setup_.chunks.empty() ? stream_.size() : setup_.chunks[chunk_index++ % setup_.chunks.size()];
      }
      if (chunk > stream_.size() - pos) chunk = stream_.size() - pos;
      std::size_t done = 0;
      int stalls = 0;
      while (done < chunk) {
        std::size_t n;
        if (mode == Mode::kPrepareWrite) {
          const std::span<char> room = framer.PrepareWrite();
          n = room.size() < chunk - done ? room.size() : chunk - done;
          if (n != 0) std::memcpy(room.data(), stream_.data() + pos + done, n);
          framer.Commit(n);
        } else {
          n = framer.Feed(stream_.data() + pos + done, chunk - done);
        }
        done += n;
        const std::size_t events = Drain(framer, &out);
        // A full buffer must always be freed by Next(): no progress twice is a hang.
        stalls = n == 0 && events == 0 ? stalls + 1 : 0;
        FIXWIRE_FUZZ_CHECK(stalls < 2);
      }
      pos += chunk;
    }
    Drain(framer, &out);
    out.skipped += framer.pending_skipped();
    out.buffered = framer.buffered();
    FIXWIRE_FUZZ_CHECK(consumed_ + framer.pending_skipped() + framer.buffered() == stream_.size());
    return out;
  }

 private:
  std::size_t Drain(StreamFramer& framer, Outcome* out) {
    std::size_t events = 0;
    for (FrameEvent ev = framer.Next(); ev.kind != FrameEvent::kNeedMore; ev = framer.Next()) {
      ++events;
      FIXWIRE_FUZZ_CHECK(events < 100000);
      if (ev.kind == FrameEvent::kSkipped) {
        FIXWIRE_FUZZ_CHECK(ev.skipped > 0);
        FIXWIRE_FUZZ_CHECK(!ev.error.ok());
        out->skipped += ev.skipped;
        consumed_ += ev.skipped;
        continue;
      }
      FIXWIRE_FUZZ_CHECK(ev.kind == FrameEvent::kMessage);
      const std::string_view m = ev.message;
      const std::span<const char> buffer = framer.buffer();
      FIXWIRE_FUZZ_CHECK(m.data() >= buffer.data() && m.data() + m.size() <= buffer.data() + buffer.size());
      if (stream_.substr(consumed_, m.size()) != m) {
        PrintBytes("message", m);
        std::fprintf(stderr, "expected at stream offset %zu\n", consumed_);
        FIXWIRE_FUZZ_CHECK(stream_.substr(consumed_, m.size()) == m);
      }
      if (!FrameIsValid(m, setup_.validate_checksum, effective_max_)) {
        PrintBytes("framed message with an invalid frame", m);
        FIXWIRE_FUZZ_CHECK(false);
      }
      consumed_ += m.size();
      out->messages.emplace_back(m);
      if (!decode_) continue;  // the other runs must give the same messages: checked after
      DecoderOptions decoder_options;
      decoder_options.validate_checksum = setup_.validate_checksum;
      decoder_options.allow_empty_values = true;
      const Decoder decoder(decoder_options);
      static FieldIndex index(4096);  // made once: its tables are large
      MessageView view;
      const Error e = decoder.Decode(m, index, view);
      if (IsFramingError(e.code)) {
        PrintBytes("framer accepted, decoder rejects the frame", m);
        std::fprintf(stderr, "decoder: %s\n", std::string(ErrorCodeName(e.code)).c_str());
        FIXWIRE_FUZZ_CHECK(false);
      }
      FIXWIRE_FUZZ_CHECK(!e.ok() || view.size() == m.size());
    }
    return events;
  }

  const Setup& setup_;
  std::string_view stream_;
  std::size_t effective_max_;
  std::size_t consumed_ = 0;
  bool decode_ = false;
};

void ExpectSame(const Outcome& a, const Outcome& b, const char* what) {
  if (a.messages != b.messages || a.skipped != b.skipped || a.buffered != b.buffered) {
    std::fprintf(stderr, "chunking changed the result (%s): %zu vs %zu messages, skipped %zu vs %zu, "
                 "buffered %zu vs %zu\n", what, a.messages.size(), b.messages.size(), a.skipped, b.skipped,
                 a.buffered, b.buffered);
    FIXWIRE_FUZZ_CHECK(false);
  }
}

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fixwire::fuzz;
  FuzzInput in(data, size);
  Setup setup;
  const std::uint8_t b0 = in.Byte();
  constexpr std::size_t kBuffers[] = {256, 1024, 4096, 65536};
  constexpr std::size_t kMaxSizes[] = {0, 64, 300, 2000};
  setup.buffer_size = kBuffers[b0 & 3];
  setup.validate_checksum = (b0 & 4) == 0;
  setup.max_message_size = kMaxSizes[in.Byte() & 3];
  const std::size_t k = in.Byte() % 16;
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t lo = in.Byte();
    const std::size_t hi = in.Byte();
    const std::size_t n = (lo | hi << 8) % 8192;
    setup.chunks.push_back(n == 0 ? 1 : n);
  }
  const std::string stream(in.Rest());
  Runner runner(setup, stream);
  const Outcome fed = runner.Run(Mode::kFeed);
  const Outcome prepared = runner.Run(Mode::kPrepareWrite);
  ExpectSame(fed, prepared, "Feed vs PrepareWrite/Commit");
  if (stream.size() <= 8192) ExpectSame(fed, runner.Run(Mode::kByteAtATime), "chunks vs one byte at a time");
  return 0;
}
