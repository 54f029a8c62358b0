// json_escape_test.cc: EscapeTo, WriteJsonField and AppendJsonField against
// a byte-at-a-time reference written from docs/cli.md's rules, on random
// bytes (mostly plain, some special, every length to 80), with the bytes at
// the very end of an exact heap allocation (ASan: no read past readable_end)
// and a sentinel after the promised room (no write past it).
#include <cstdint>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <string_view>

#include "gtest/gtest.h"
#include "tools/cli/json_escape.h"

namespace fixwire::cli {
namespace {

// Reference: one code point per byte, as documented.
std::string RefEscape(std::string_view bytes) {
  std::string out;
  for (unsigned char c : bytes) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20 || c >= 0x80) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

// Random bytes: plain printable mostly, then now and then any byte at all.
std::string RandomBytes(std::mt19937_64& rng, std::size_t n, int special_percent) {
  std::string s(n, ' ');
  for (char& c : s) {
    c = static_cast<int>(rng() % 100) < special_percent ? static_cast<char>(rng() % 256)
                                                        : static_cast<char>(0x20 + rng() % 0x5F);
  }
  return s;
}

// Exact: `bytes` followed by `after` more bytes, ending at the end of its heap block.
struct Exact {
  Exact(std::string_view bytes, std::string_view after)
      : size(bytes.size() + after.size()), block(new char[size == 0 ? 1 : size]) {
    std::copy(bytes.begin(), bytes.end(), block.get());
    std::copy(after.begin(), after.end(), block.get() + bytes.size());
  }
  std::size_t size;
  std::unique_ptr<char[]> block;
};

TEST(JsonEscapeTest, EveryLengthAndMixMatchesTheReference) {
  std::mt19937_64 rng(42);
  for (int special : {0, 3, 30, 100}) {
    for (std::size_t n = 0; n <= 80; ++n) {
      for (std::size_t slack : {0, 1, 7, 15, 16, 40}) {
        for (int k = 0; k < 8; ++k) {
          const std::string value = RandomBytes(rng, n, special);
          const std::string after = RandomBytes(rng, slack, 50);
          Exact in(value, after);
          const std::string_view v(in.block.get(), n);
          const std::string want = RefEscape(value);

          const std::size_t room = 6 * n + kEscapeSlack;
          std::string out(room + 8, '#');
          char* end = EscapeTo(out.data(), v, in.block.get() + in.size);
          ASSERT_EQ(std::string(out.data(), end), want) << "n=" << n << " slack=" << slack;
          ASSERT_EQ(out.substr(room), std::string(8, '#')) << "wrote past the room";

          for (std::uint32_t tag : {1u, 9u, 10u, 99u, 100u, 453u, 1000u, 9999u, 10000u, 123456u}) {
            std::string field(JsonFieldRoom(n) + 8, '#');
            char* fend = WriteJsonField(field.data(), tag, v, in.block.get() + in.size);
            std::string want_field = "[";
            want_field.append(std::to_string(tag)).append(",\"").append(want).append("\"]");
            ASSERT_EQ(std::string(field.data(), fend), want_field);
            ASSERT_EQ(field.substr(JsonFieldRoom(n)), std::string(8, '#')) << "wrote past the room";
          }
        }
      }
    }
  }
}

TEST(JsonEscapeTest, EverySingleByteInEveryPosition) {
  for (int b = 0; b < 256; ++b) {
    for (std::size_t pos = 0; pos < 20; ++pos) {
      std::string value(20, 'a');
      value[pos] = static_cast<char>(b);
      Exact in(value, std::string(16, 'z'));
      std::string out(6 * value.size() + kEscapeSlack, '#');
      char* end = EscapeTo(out.data(), std::string_view(in.block.get(), value.size()), in.block.get() + in.size);
      ASSERT_EQ(std::string(out.data(), end), RefEscape(value)) << "byte " << b << " at " << pos;
    }
  }
}

TEST(JsonEscapeTest, AppendPathsMatchTheReference) {
  std::mt19937_64 rng(7);
  // Long values go through the chunked path and the field-by-field fallback.
  for (std::size_t n : {0, 5, 100, 70000, 300000}) {
    const std::string value = RandomBytes(rng, n, 5);
    const std::string path = ::testing::TempDir() + "/json_escape_test.out";
    {
      std::FILE* f = std::fopen(path.c_str(), "wb");
      ASSERT_NE(f, nullptr);
      Output out(fileno(f));
      AppendJsonString(out, value);
      out.Append('\n');
      AppendJsonField(out, 35, value);
      out.Flush();
      ASSERT_FALSE(out.failed());
      std::fclose(f);
    }
    std::FILE* f = std::fopen(path.c_str(), "rb");
    ASSERT_NE(f, nullptr);
    std::string got;
    char buf[65536];
    for (std::size_t r; (r = std::fread(buf, 1, sizeof(buf), f)) > 0;) got.append(buf, r);
    std::fclose(f);
    const std::string want = RefEscape(value);
    std::string want_all = "\"";
    want_all.append(want).append("\"\n[35,\"").append(want).append("\"]");
    EXPECT_EQ(got, want_all) << "n=" << n;
  }
}

}  // namespace
}  // namespace fixwire::cli
