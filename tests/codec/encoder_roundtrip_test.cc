// Round trips through the decoder: random messages (every value kind, data
// fields with SOH inside, nested groups) encoded, then decoded by
// //codec/wire:decoder, give back every field exactly: same tags in the same
// order, the same value bytes, and the native values through the typed
// getters (first occurrence of each tag).
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "gtest/gtest.h"
#include "tests/codec/encoder_test_support.h"

namespace fixwire {
namespace {

using test_support::SpecField;

TEST(EncoderRoundTrip, RandomMessagesDecodeToTheSameFieldsAndValues) {
  std::mt19937_64 rng(41);
  Decoder decoder;
  FieldIndex index(4096);
  std::vector<char> buffer(1 << 16);
  for (int iteration = 0; iteration < 5000; ++iteration) {
    const test_support::SpecMessage m = test_support::RandomMessage(rng);
    Encoder e(buffer);
    test_support::EncodeSpec(m, e);
    const EncodeResult r = e.Finish();
    ASSERT_TRUE(r.ok());
    MessageView view;
    const Error decoded = decoder.Decode(r.bytes, index, view);
    ASSERT_TRUE(decoded.ok()) << ErrorCodeName(decoded.code) << " at " << decoded.offset << " tag " << decoded.tag;
    ASSERT_EQ(view.size(), r.bytes.size());
    EXPECT_EQ(view.begin_string(), m.begin_string);
    EXPECT_EQ(view.msg_type(), m.msg_type);

    const auto expected = test_support::ExpectedFields(m);
    const auto fields = view.fields();
    ASSERT_EQ(fields.size(), expected.size() + 3);  // + 8, 9, 10
    for (std::size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(fields[i + 2].tag, expected[i].first) << i;
      ASSERT_EQ(view.value(fields[i + 2]), expected[i].second) << i;
    }

    // Native values back through the typed getters, for each tag's first occurrence.
    std::set<std::uint32_t> seen;
    for (const SpecField& f : m.fields) {
      if (!seen.insert(f.tag).second) continue;
      switch (f.kind) {
        case SpecField::Kind::kInt: {
          std::int64_t v;
          ASSERT_EQ(view.GetInt64(f.tag, &v), ErrorCode::kOk);
          EXPECT_EQ(v, f.integer);
          break;
        }
        case SpecField::Kind::kUint:
        case SpecField::Kind::kGroupCount: {
          std::uint64_t v;
          ASSERT_EQ(view.GetUint64(f.tag, &v), ErrorCode::kOk);
          EXPECT_EQ(v, f.unsigned_value);
          break;
        }
        case SpecField::Kind::kChar: {
          char c;
          ASSERT_EQ(view.GetChar(f.tag, &c), ErrorCode::kOk);
          EXPECT_EQ(c, f.ch);
          break;
        }
        case SpecField::Kind::kDecimal: {
          Decimal d;
          const ErrorCode code = view.GetDecimal(f.tag, &d);
          if (code == ErrorCode::kOk) {
            // A decimal keeps its digits; 0 with a positive exponent is written "0".
            if (f.integer == 0) {
              EXPECT_EQ(d.mantissa, 0);
            } else if (f.exponent >= 0) {
              EXPECT_TRUE(d.Equivalent(Decimal{f.integer, f.exponent}));
            } else {
              EXPECT_EQ(d, (Decimal{f.integer, f.exponent}));
            }
          } else {
            // Only for more significant digits than the parser's int64 mantissa holds.
            EXPECT_EQ(code, ErrorCode::kValueOutOfRange);
            EXPECT_GT(f.exponent, 0);
          }
          break;
        }
        case SpecField::Kind::kTimestamp: {
          std::int64_t ns;
          const ErrorCode code = view.GetUtcTimestamp(f.tag, &ns);
          if (code != ErrorCode::kOk) {
            EXPECT_EQ(code, ErrorCode::kValueOutOfRange);  // only if truncation left int64's range
            break;
          }
          std::int64_t unit = 1;
          if (f.precision == TimePrecision::kSeconds) unit = 1'000'000'000;
          if (f.precision == TimePrecision::kMillis) unit = 1'000'000;
          if (f.precision == TimePrecision::kMicros) unit = 1'000;
          std::int64_t truncated = f.integer - ((f.integer % unit) + unit) % unit;  // floor to the unit
          EXPECT_EQ(ns, truncated) << f.integer;
          break;
        }
        case SpecField::Kind::kString:
        case SpecField::Kind::kData:
          EXPECT_EQ(view.GetOr(f.kind == SpecField::Kind::kData ? f.data_tag : f.tag), f.text);
          break;
      }
    }
  }
}

}  // namespace
}  // namespace fixwire
