// Random call sequences, valid and invalid mixed (bad tags, SOH in text,
// empty values, NaN, impossible dates, unknown precisions, group counts that
// don't match), into buffers of random sizes surrounded by guard bytes: the
// encoder never writes outside its buffer, any invalid call makes Finish()
// fail, and every message it does finish is accepted by //codec/wire:decoder.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/encode/internal/format_time.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "gtest/gtest.h"
#include "tests/codec/encoder_test_support.h"

namespace fixwire {
namespace {

TEST(EncoderRandomCalls, NeverWritesOutsideAndOnlyFinishesValidMessages) {
  std::mt19937_64 rng(61);
  Decoder decoder;
  FieldIndex index(4096);
  constexpr std::size_t kGuard = 64;
  int finished = 0, refused = 0;
  for (int iteration = 0; iteration < 20000; ++iteration) {
    const std::size_t size = rng() % 700;
    std::vector<char> block(kGuard + size + kGuard, '\x6B');
    Encoder e(std::span<char>(block.data() + kGuard, size));
    bool invalid = false;
    bool ambiguous = false;
    const int calls = static_cast<int>(rng() % 40);
    auto tag = [&]() -> std::uint32_t {
      if (rng() % 50 == 0) {
        invalid = true;
        return rng() % 2 ? 0u : kMaxTag + 1 + static_cast<std::uint32_t>(rng() % 1000);
      }
      return test_support::RandomTag(rng);
    };
    const bool bad_begin = rng() % 40 == 0, bad_type = rng() % 40 == 0;
    invalid = bad_begin || bad_type;
    e.Begin(bad_begin ? "" : "FIX.4.4", bad_type ? "" : "D");
    int last_invalid_kind = -1;
    for (int c = 0; c < calls; ++c) {
      const bool was_invalid = invalid;
      const int kind = static_cast<int>(rng() % 12);
      switch (kind) {
        case 0: {
          std::string text = test_support::RandomText(rng, 30, false);
          if (rng() % 20 == 0) {
            text[rng() % text.size()] = '\x01';
            invalid = true;
          }
          if (rng() % 40 == 0) {
            text.clear();
            invalid = true;
          }
          e.AddString(tag(), text);
          break;
        }
        case 1: e.AddInt(tag(), static_cast<std::int64_t>(rng())); break;
        case 2: e.AddUint(tag(), rng()); break;
        case 3: {
          char ch = static_cast<char>(rng() % 256);
          invalid |= (ch == '\x01');
          e.AddChar(tag(), ch);
          break;
        }
        case 4: {
          const int exponent = static_cast<int>(rng() % 100) - 50;
          invalid |= (exponent > 40 || exponent < -40);
          e.AddDecimal(tag(), Decimal{static_cast<std::int64_t>(rng()), exponent});
          break;
        }
        case 5: {
          double v = std::ldexp(static_cast<double>(rng() % 1000000) - 500000, static_cast<int>(rng() % 40) - 20);
          const int precision = static_cast<int>(rng() % 22) - 1;
          if (rng() % 30 == 0) v = std::numeric_limits<double>::quiet_NaN();
          const double scaled = std::fabs(v) * std::pow(10.0, precision);
          invalid |= (precision < 0 || precision > 18 || std::isnan(v) || scaled >= 1.85e19);
          // Near 2^64 (about 1.8447e19) the exact rounding decides; not predicted here.
          ambiguous |= (precision >= 0 && precision <= 18 && scaled >= 1.84e19 && scaled < 1.85e19);
          e.AddDouble(tag(), v, precision);
          break;
        }
        case 6: {
          auto p = static_cast<TimePrecision>(rng() % 14);
          invalid |= !(p == TimePrecision::kSeconds || p == TimePrecision::kMillis || p == TimePrecision::kMicros ||
                       p == TimePrecision::kNanos || p == TimePrecision::kPicos);
          e.AddTimestamp(tag(), static_cast<std::int64_t>(rng()), p);
          break;
        }
        case 7: {
          const auto ns = static_cast<std::int64_t>(rng() % (2 * static_cast<std::uint64_t>(kNanosPerDay))) -
                          kNanosPerDay / 2;
          invalid |= (ns < 0 || ns >= kNanosPerDay);
          e.AddTimeOnly(tag(), ns, TimePrecision::kMillis);
          break;
        }
        case 8: {
          const Date d{static_cast<std::int16_t>(rng() % 10100), static_cast<std::uint8_t>(rng() % 14),
                       static_cast<std::uint8_t>(rng() % 33)};
          invalid |= !(d.year <= 9999 && d.month >= 1 && d.month <= 12 && d.day >= 1 &&
                       d.day <= encode_internal::DaysInMonth(d.year, d.month));
          e.AddDate(tag(), d);
          break;
        }
        case 9: {
          const auto& pair = test_support::kDataPairs[rng() % 3];
          std::string data = test_support::RandomText(rng, 30, true);
          if (rng() % 30 == 0) {
            data.clear();
            invalid = true;
          }
          e.AddData(pair.first, pair.second, data);
          break;
        }
        case 10: {
          const std::uint32_t count = static_cast<std::uint32_t>(rng() % 3);
          const std::uint32_t entries = rng() % 10 == 0 ? count + 1 : count;
          invalid |= (entries != count);
          GroupEncoder g = e.BeginGroup(tag(), count);
          for (std::uint32_t i = 0; i < entries; ++i) {
            g.NextEntry();
            e.AddString(tag(), "x");
          }
          g.End();
          break;
        }
        default: e.AddBool(tag(), rng() % 2 == 0); break;
      }
      if (invalid && !was_invalid) last_invalid_kind = kind;
    }
    const EncodeResult r = e.Finish();
    for (std::size_t i = 0; i < kGuard; ++i) {
      ASSERT_EQ(block[i], '\x6B') << "write before the buffer, iteration " << iteration;
      ASSERT_EQ(block[kGuard + size + i], '\x6B') << "write past the buffer, iteration " << iteration;
    }
    if (invalid && !ambiguous) {
      ASSERT_FALSE(r.ok()) << "iteration " << iteration << " last invalid call kind " << last_invalid_kind;
    }
    if (!r.ok()) {
      ++refused;
      ASSERT_TRUE(r.bytes.empty());
      continue;
    }
    ++finished;
    ASSERT_GE(r.bytes.data(), block.data() + kGuard);
    ASSERT_LE(r.bytes.data() + r.bytes.size(), block.data() + kGuard + size);
    MessageView view;
    const Error d = decoder.Decode(r.bytes, index, view);
    ASSERT_TRUE(d.ok()) << ErrorCodeName(d.code) << " at " << d.offset << ", iteration " << iteration;
  }
  EXPECT_GT(finished, 1000);  // both outcomes were really exercised
  EXPECT_GT(refused, 1000);
}

}  // namespace
}  // namespace fixwire
