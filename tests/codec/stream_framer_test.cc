// stream_framer_test.cc: StreamFramer on hand-made streams, and on long random
// streams mixing valid messages, garbled ones and garbage, fed with random
// chunkings: the exact sequence of messages out must equal both the valid
// messages put in and a simple whole-stream reference framer. Plus zero
// allocation across framing a 1 MB stream.
#include "fixwire/wire/stream_framer.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "fixwire/arena/buffer_pool.h"
#include "fixwire/wire/decoder.h"
#include "tests/codec/fix_test_util.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

using testing::Assemble;

constexpr char kSoh = '\x01';

// Offset of the BodyLength value in an assembled message: just after its
// "<SOH>9=". Assembled messages always have one; a message without it fails
// the calling test loudly instead of wrapping an npos offset.
std::size_t BodyLengthValueAt(const std::string& m) {
  const std::size_t at = m.find("\x01" "9=");
  if (at == std::string::npos) {
    ADD_FAILURE() << "no BodyLength in " << m;
    return 0;
  }
  return at + 3;
}

// --- An independent reference: frames the whole stream at once. ---

// RefFrameAt: 1 = a valid frame of *len bytes at s[0], 0 = not enough bytes, -1 = garbled.
int RefFrameAt(std::string_view s, std::size_t max, std::size_t* len) {
  std::size_t i = 2;
  while (i < s.size() && s[i] != kSoh && i <= 18) ++i;
  if (i > 18) return -1;
  if (i == s.size()) return 0;
  const std::string_view begin = s.substr(2, i - 2);
  const bool ok_begin = (begin.substr(0, 4) == "FIX." && begin.size() > 4) ||
                        (begin.substr(0, 5) == "FIXT." && begin.size() > 5);
  if (!ok_begin) return -1;
  std::size_t p = i + 1;
  if (p < s.size() && s[p] != '9') return -1;
  if (p + 1 < s.size() && s[p + 1] != '=') return -1;
  if (p + 2 > s.size()) return 0;
  p += 2;
  std::size_t body = 0;
  std::size_t digits = 0;
  while (true) {
    if (p + digits >= s.size()) return 0;
    const char c = s[p + digits];
    if (c == kSoh) break;
    if (c < '0' || c > '9' || digits == 9 || (digits == 0 && c == '0')) return -1;
    body = body * 10 + (c - '0');
    ++digits;
  }
  if (digits == 0) return -1;
  const std::size_t body_start = p + digits + 1;
  const std::size_t total = body_start + body + 7;
  if (total > max) return -1;
  if (total > s.size()) return 0;
  const std::size_t end = body_start + body;
  if (s[end - 1] != kSoh || s.substr(end, 3) != "10=" || s[end + 6] != kSoh) return -1;
  unsigned given = 0;
  for (int k = 3; k < 6; ++k) {
    if (s[end + k] < '0' || s[end + k] > '9') return -1;
    given = given * 10 + (s[end + k] - '0');
  }
  if (given != testing::RefChecksum(s.substr(0, end))) return -1;
  *len = total;
  return 1;
}

std::vector<std::string> ReferenceFrames(std::string_view s, std::size_t max) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos < s.size()) {
    if (s.substr(pos, 5) == "8=FIX" && (pos == 0 || s[pos - 1] == kSoh)) {
      std::size_t len = 0;
      const int r = RefFrameAt(s.substr(pos), max, &len);
      if (r == 1) {
        out.emplace_back(s.substr(pos, len));
        pos += len;
        continue;
      }
      if (r == 0) break;
    }
    ++pos;
  }
  return out;
}

// --- Driving the framer. ---

struct Framed {
  std::vector<std::string> messages;
  std::size_t skipped = 0;
  std::vector<ErrorCode> skip_reasons;
};

void Drain(StreamFramer& framer, Framed* out) {
  for (FrameEvent ev = framer.Next(); ev.kind != FrameEvent::kNeedMore; ev = framer.Next()) {
    if (ev.kind == FrameEvent::kMessage) {
      const std::span<const char> buf = framer.buffer();
      ASSERT_GE(ev.message.data(), buf.data());
      ASSERT_LE(ev.message.data() + ev.message.size(), buf.data() + buf.size());
      out->messages.emplace_back(ev.message);
    } else {
      ASSERT_GT(ev.skipped, 0u);
      out->skipped += ev.skipped;
      out->skip_reasons.push_back(ev.error.code);
    }
  }
}

// FeedInChunks feeds `stream` cut by `next_chunk()`; uses Feed or PrepareWrite/Commit.
template <class ChunkFn>
Framed FeedInChunks(StreamFramer& framer, std::string_view stream, ChunkFn next_chunk,
                    bool zero_copy) {
  Framed out;
  std::size_t pos = 0;
  while (pos < stream.size()) {
    std::size_t chunk = std::min(next_chunk(), stream.size() - pos);
    while (chunk > 0) {
      std::size_t took;
      if (zero_copy) {
        std::span<char> room = framer.PrepareWrite();
        took = std::min(room.size(), chunk);
        std::copy(stream.data() + pos, stream.data() + pos + took, room.data());
        framer.Commit(took);
      } else {
        took = framer.Feed(stream.data() + pos, chunk);
      }
      pos += took;
      chunk -= took;
      Drain(framer, &out);
      if (took == 0 && chunk > 0) {
        ADD_FAILURE() << "framer took nothing with " << framer.buffered() << " bytes buffered";
        return out;
      }
    }
  }
  Drain(framer, &out);
  return out;
}

TEST(StreamFramerTest, OneByteAtATimeAndManyPerRead) {
  BufferPool pool(1, 4096);
  StreamFramer framer(pool);
  ASSERT_TRUE(framer.ok());
  const std::string a = Assemble("FIX.4.2", {{35, "0"}, {49, "A"}});
  const std::string b = Assemble("FIX.4.4", {{35, "D"}, {95, "6"}, {96, "x\x01" "8=FIX"}});
  for (std::size_t i = 0; i + 1 < a.size(); ++i) {
    ASSERT_EQ(framer.Feed(&a[i], 1), 1u);
    ASSERT_EQ(framer.Next().kind, FrameEvent::kNeedMore) << i;
  }
  ASSERT_EQ(framer.Feed(&a.back(), 1), 1u);
  FrameEvent ev = framer.Next();
  ASSERT_EQ(ev.kind, FrameEvent::kMessage);
  EXPECT_EQ(ev.message, a);
  EXPECT_EQ(framer.Next().kind, FrameEvent::kNeedMore);

  const std::string many = a + b + a;
  ASSERT_EQ(framer.Feed(many.data(), many.size()), many.size());
  Framed out;
  Drain(framer, &out);
  EXPECT_EQ(out.messages, (std::vector<std::string>{a, b, a}));
  EXPECT_EQ(out.skipped, 0u);
  EXPECT_EQ(framer.buffered(), 0u);
}

TEST(StreamFramerTest, GarbageBeforeMessageIsSkippedAndReported) {
  BufferPool pool(1, 4096);
  StreamFramer framer(pool);
  const std::string m = Assemble("FIX.4.2", {{35, "0"}});
  // "58=FIX" inside garbage is not a message start; "xx8=FIX" neither (no SOH before).
  const std::string garbage = std::string("hello 58=FIX.4.2 xx8=FIX.4.2") + kSoh;
  const std::string stream = garbage + m;
  ASSERT_EQ(framer.Feed(stream.data(), stream.size()), stream.size());
  FrameEvent ev = framer.Next();
  ASSERT_EQ(ev.kind, FrameEvent::kSkipped);
  EXPECT_EQ(ev.skipped, garbage.size());
  EXPECT_EQ(ev.error.code, ErrorCode::kBadBeginString);
  ev = framer.Next();
  ASSERT_EQ(ev.kind, FrameEvent::kMessage);
  EXPECT_EQ(ev.message, m);
}

TEST(StreamFramerTest, GarbledMessagesAreDroppedAndTheNextOneFound) {
  BufferPool pool(1, 4096);
  FramerOptions options;
  options.max_message_size = 200;
  StreamFramer framer(pool, options);
  EXPECT_EQ(framer.max_message_size(), 200u);
  const std::string good = Assemble("FIX.4.2", {{35, "0"}, {112, "TEST"}});
  std::string bad_sum = good;
  bad_sum[bad_sum.size() - 2] = bad_sum[bad_sum.size() - 2] == '9' ? '0' : '9';
  const std::string big = Assemble("FIX.4.2", {{35, "0"}, {58, std::string(300, 'x')}});
  const std::size_t length_at = BodyLengthValueAt(good);
  const std::string bad_length =  // 9=x...
      good.substr(0, length_at) + "x" + good.substr(length_at + 1);
  struct Case {
    std::string garbled;
    ErrorCode reason;
  };
  for (const Case& c : {Case{bad_sum, ErrorCode::kCheckSumMismatch},
                        Case{big, ErrorCode::kMessageTooLarge},
                        Case{bad_length, ErrorCode::kBadBodyLength}}) {
    const std::string stream = c.garbled + good;
    ASSERT_EQ(framer.Feed(stream.data(), stream.size()), stream.size());
    FrameEvent ev = framer.Next();
    ASSERT_EQ(ev.kind, FrameEvent::kSkipped);
    EXPECT_EQ(ev.skipped, c.garbled.size());
    EXPECT_EQ(ev.error.code, c.reason);
    ev = framer.Next();
    ASSERT_EQ(ev.kind, FrameEvent::kMessage);
    EXPECT_EQ(ev.message, good);
    EXPECT_EQ(framer.Next().kind, FrameEvent::kNeedMore);
  }
}

TEST(StreamFramerTest, FullBufferTakesNothingUntilDrained) {
  BufferPool pool(1, 256);
  StreamFramer framer(pool);
  const std::string m = Assemble("FIX.4.2", {{35, "0"}, {58, std::string(40, 'y')}});
  std::string stream;
  while (stream.size() < 1000) stream += m;
  std::size_t fed = framer.Feed(stream.data(), stream.size());
  EXPECT_EQ(fed, 256u);
  EXPECT_EQ(framer.Feed(stream.data() + fed, stream.size() - fed), 0u);
  Framed out;
  Drain(framer, &out);
  EXPECT_EQ(out.messages.size(), 256 / m.size());
  EXPECT_GT(framer.Feed(stream.data() + fed, stream.size() - fed), 0u);
}

TEST(StreamFramerTest, EmptyPoolGivesAnInertFramer) {
  BufferPool pool(1, 128);
  PooledBuffer taken = pool.acquire();
  StreamFramer framer(pool);
  EXPECT_FALSE(framer.ok());
  EXPECT_EQ(framer.Feed("8=FIX", 5), 0u);
  EXPECT_EQ(framer.Next().kind, FrameEvent::kNeedMore);
}

// --- Random streams, random chunkings. ---

struct RandomStream {
  std::string bytes;
  std::vector<std::string> valid;
};

RandomStream MakeStream(std::uint64_t seed, std::size_t items, std::size_t max_message) {
  testing::RandomMessageMaker maker(seed);
  RandomStream s;
  auto letters = [&](std::size_t n) {
    std::string g(n, 'a');
    for (char& c : g) c = static_cast<char>('a' + maker.Uniform(0, 25));
    return g;
  };
  for (std::size_t i = 0; i < items; ++i) {
    std::vector<testing::RefField> body = maker.RandomBody(12);
    if (maker.Uniform(0, 9) == 0) {
      // A data field hiding a (broken) frame start.
      const std::string inner = "x\x01" "8=FIX.4.2\x01" "9=5\x01" "35=0\x01";
      body.push_back({95, std::to_string(inner.size())});
      body.push_back({96, inner});
    }
    const std::string m = Assemble("FIX.4.4", body);
    const bool last = i + 1 == items;
    switch (last ? 0 : maker.Uniform(0, 9)) {
      case 1: {  // wrong CheckSum
        std::string g = m;
        char& d = g[g.size() - 2];
        d = d == '9' ? '0' : static_cast<char>(d + 1);
        s.bytes += g;
        break;
      }
      case 2: {  // BodyLength off by -3..3 (never 0, never a leading zero)
        std::string g = m;
        const std::size_t at = BodyLengthValueAt(g);
        const std::size_t end = g.find(kSoh, at);
        const long length = std::stol(g.substr(at, end - at));
        long delta = static_cast<long>(maker.Uniform(1, 3));
        if (maker.Uniform(0, 1)) delta = -delta;
        g.replace(at, end - at, std::to_string(length + delta));
        s.bytes += g;
        break;
      }
      case 3: {  // BodyLength not a number
        const std::size_t at = BodyLengthValueAt(m);
        s.bytes += m.substr(0, at) + "x" + m.substr(at);
        break;
      }
      case 4:  // cut after its last body field: ends with SOH, no trailer
        s.bytes += m.substr(0, m.size() - 7);
        break;
      case 5:  // garbage ending with SOH (so the next 8=FIX counts)
        s.bytes += letters(maker.Uniform(1, 60)) + kSoh;
        --i;
        break;
      case 6:  // a bogus begin string that never ends
        s.bytes += "8=FIX" + letters(30) + kSoh;
        --i;
        break;
      default:
        if (m.size() > max_message) {
          s.bytes += m;  // valid but too large: dropped
        } else {
          s.bytes += m;
          s.valid.push_back(m);
        }
    }
  }
  return s;
}

TEST(StreamFramerRandomTest, RandomChunkingsGiveExactlyTheValidMessages) {
  constexpr std::size_t kMax = 600;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const RandomStream s = MakeStream(seed, 400, kMax);
    ASSERT_GT(s.valid.size(), 100u);
    // The generator's claim, checked by the independent reference framer.
    ASSERT_EQ(ReferenceFrames(s.bytes, kMax), s.valid) << "seed " << seed;
    std::size_t valid_bytes = 0;
    for (const std::string& m : s.valid) valid_bytes += m.size();

    std::mt19937_64 rng(seed * 77);
    const std::size_t kLimits[] = {1, 7, 64, 300, 5000, 1 << 20};
    for (std::size_t limit : kLimits) {
      for (bool zero_copy : {false, true}) {
        BufferPool pool(1, 2048);
        FramerOptions options;
        options.max_message_size = kMax;
        StreamFramer framer(pool, options);
        auto next = [&] { return std::uniform_int_distribution<std::size_t>(1, limit)(rng); };
        const Framed out = FeedInChunks(framer, s.bytes, next, zero_copy);
        ASSERT_EQ(out.messages.size(), s.valid.size()) << "seed " << seed << " limit " << limit;
        for (std::size_t k = 0; k < s.valid.size(); ++k) {
          ASSERT_EQ(out.messages[k], s.valid[k]) << "message " << k << " limit " << limit;
        }
        EXPECT_EQ(out.skipped, s.bytes.size() - valid_bytes);
        EXPECT_EQ(framer.buffered(), 0u);
        EXPECT_EQ(framer.pending_skipped(), 0u);
      }
    }
  }
}

TEST(StreamFramerAllocationTest, FramingAndDecodingOneMegabyteAllocatesNothing) {
  std::string stream;
  std::size_t valid = 0;
  for (std::uint64_t seed = 100; stream.size() < (1u << 20); ++seed) {
    const RandomStream s = MakeStream(seed, 200, 1000);
    stream += s.bytes;
    valid += s.valid.size();
  }
  std::vector<std::size_t> chunks;
  std::mt19937_64 rng(5);
  for (std::size_t total = 0; total < stream.size();) {
    chunks.push_back(std::uniform_int_distribution<std::size_t>(1, 3000)(rng));
    total += chunks.back();
  }
  BufferPool pool(1, 4096);
  FramerOptions options;
  options.max_message_size = 1000;
  StreamFramer framer(pool, options);
  Decoder decoder;
  FieldIndex index(1024);
  MessageView view;
  std::size_t messages = 0;
  std::size_t decoded = 0;
  std::size_t bytes = 0;
  std::size_t pos = 0;
  testing::AllocationScope scope;
  for (std::size_t chunk : chunks) {
    chunk = std::min(chunk, stream.size() - pos);
    while (chunk > 0) {
      const std::size_t took = framer.Feed(stream.data() + pos, chunk);
      pos += took;
      chunk -= took;
      for (FrameEvent ev = framer.Next(); ev.kind != FrameEvent::kNeedMore; ev = framer.Next()) {
        if (ev.kind == FrameEvent::kMessage) {
          ++messages;
          bytes += ev.message.size();
          decoded += decoder.Decode(ev.message, index, view).ok() ? 1 : 0;
        }
      }
    }
  }
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_EQ(messages, valid);
  EXPECT_EQ(decoded, valid);  // every framed message also decodes
  EXPECT_GT(bytes, 0u);
}

}  // namespace
}  // namespace fixwire
