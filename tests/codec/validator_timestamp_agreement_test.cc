// validator_timestamp_agreement_test.cc: ValidateMessage's one-pass walk
// (whose UTCTimestamp check is dictionary_internal::UtcTimestampOk through the
// shared SSE2 core) against the two-pass reference on FIX 4.2
// NewOrderSingles whose SendingTime (52) and TransactTime (60) are mutated:
// every single-byte change at every position, every length 0..40, field and
// leap-year edges, every fraction width. Same result (check, reason, tag,
// offset) every time (ValidationAgreement); some cases valid, some not.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/validation_agreement_test_util.h"

namespace fixwire {
namespace {

using testing::DictionaryCache;
using testing::ValidationAgreement;

// NewOrderSingle body fields with SendingTime `sending` and TransactTime `transact`.
std::string Order(const std::string& sending, const std::string& transact) {
  return "49=SENDER|56=TARGET|34=2|52=" + sending + "|11=ORD1|21=1|55=IBM|54=1|60=" + transact +
         "|38=100|40=2|44=10.5";
}

const Dictionary& Fix42() {
  static DictionaryCache* cache = new DictionaryCache;
  return cache->Get("codec/dictionaries/FIX42.xml");
}

TEST(ValidatorTimestampAgreementTest, EverySingleByteChangeOfEitherTimestamp) {
  const Dictionary& d = Fix42();
  ASSERT_NE(d.message("D"), nullptr);
  ValidationAgreement agree;
  const std::string bases[] = {"20240229-23:59:60", "20240102-03:04:05.678",
                               "19991231-00:00:00.123456", "21000228-12:30:59.123456789",
                               "17000101-01:01:01.123456789012"};
  const char bytes[] = "0123456789-:.+Z /\x7f\x80\xff";
  for (const std::string& base : bases) {
    for (std::size_t at = 0; at < base.size(); ++at) {
      for (std::size_t b = 0; b + 1 < sizeof bytes; ++b) {
        std::string v = base;
        v[at] = bytes[b];
        agree.Compare(d, "FIX.4.2", "D", Order(v, base), "52 " + v);
        agree.Compare(d, "FIX.4.2", "D", Order(base, v), "60 " + v);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  EXPECT_GT(agree.valid(), 0);
  EXPECT_LT(agree.valid(), agree.compared());
}

TEST(ValidatorTimestampAgreementTest, EveryLengthAndFieldEdge) {
  const Dictionary& d = Fix42();
  ValidationAgreement agree;
  const std::string longest = "20000229-01:02:03.123456789012345678901234";
  for (std::size_t n = 1; n <= 40; ++n) {
    agree.Compare(d, "FIX.4.2", "D", Order(longest.substr(0, n), "20240102-03:04:05"),
                  "52 length " + std::to_string(n));
    agree.Compare(d, "FIX.4.2", "D", Order("20240102-03:04:05", longest.substr(0, n)),
                  "60 length " + std::to_string(n));
    if (::testing::Test::HasFatalFailure()) return;
  }
  const char* fractions[] = {"", ".123", ".123456", ".123456789", ".123456789012", ".1", ".12345"};
  for (unsigned y : {1677u, 1678u, 1900u, 2000u, 2024u, 2100u, 2261u, 2262u}) {
    for (unsigned mo : {0u, 1u, 2u, 12u, 13u}) {
      for (unsigned day : {0u, 1u, 28u, 29u, 30u, 31u, 32u}) {
        for (unsigned h : {0u, 23u, 24u}) {
          for (unsigned s : {59u, 60u, 61u}) {
            for (const char* f : fractions) {
              char buf[40];
              std::snprintf(buf, sizeof buf, "%04u%02u%02u-%02u:59:%02u%s", y, mo, day, h, s, f);
              agree.Compare(d, "FIX.4.2", "D", Order("20240102-03:04:05", buf), buf);
              if (::testing::Test::HasFatalFailure()) return;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(agree.valid(), 0);
  EXPECT_LT(agree.valid(), agree.compared());
}

}  // namespace
}  // namespace fixwire
