// Zero heap allocations: encoding 10,000 messages (random shapes, and the
// template path) performs no operator new on this thread.
#include <cstdint>
#include <random>
#include <vector>

#include "fixwire/encode/encoder.h"
#include "fixwire/encode/message_template.h"
#include "gtest/gtest.h"
#include "tests/codec/encoder_test_support.h"
#include "tests/support/alloc_counter.h"

namespace fixwire {
namespace {

TEST(EncoderAlloc, TenThousandMessagesAllocateNothing) {
  std::mt19937_64 rng(31);
  std::vector<test_support::SpecMessage> messages;
  for (int i = 0; i < 10000; ++i) messages.push_back(test_support::RandomMessage(rng));
  std::vector<char> buffer(1 << 16);
  std::size_t total = 0;
  {
    testing::AllocationScope scope;
    for (const auto& m : messages) {
      Encoder e(buffer);
      test_support::EncodeSpec(m, e);
      const EncodeResult r = e.Finish();
      if (r.ok()) total += r.bytes.size();
    }
    EXPECT_EQ(scope.allocations(), 0u);
  }
  EXPECT_GT(total, 10000u * 20);  // the messages really were encoded
}

TEST(EncoderAlloc, TemplateAndEveryValueKindAllocateNothing) {
  MessageTemplate t;
  ASSERT_TRUE(t.Init("FIX.4.4", "D").ok());
  ASSERT_TRUE(t.AddHeaderString(49, "SENDER").ok());
  ASSERT_TRUE(t.AddHeaderString(56, "TARGET").ok());
  char buffer[1024];
  std::size_t total = 0;
  testing::AllocationScope scope;
  for (int i = 0; i < 10000; ++i) {
    Encoder e(buffer);
    t.Start(e, static_cast<std::uint64_t>(i), 1'796'225'400'123'000'000 + i);
    e.AddString(11, "ORDER");
    e.AddDecimal(44, Decimal{12345 + i, -2});
    e.AddDecimal(38, Decimal{5, 0}, 2);
    e.AddDouble(6, 1.25 * i, 4);
    e.AddTimeOnly(273, i, TimePrecision::kMicros);
    e.AddDate(75, Date{2026, 12, 2});
    e.AddMonthYear(200, MonthYear{2026, 12, 0, 0});
    e.AddBool(43, true);
    e.AddData(95, 96, "a\x01" "b");
    GroupEncoder g = e.BeginGroup(453, 1);
    g.NextEntry();
    e.AddString(448, "P");
    g.End();
    const EncodeResult r = e.Finish();
    if (r.ok()) total += r.bytes.size();
  }
  EXPECT_EQ(scope.allocations(), 0u);
  EXPECT_GT(total, 10000u * 100);
}

}  // namespace
}  // namespace fixwire
