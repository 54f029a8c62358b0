// decoded_view_test_util.h: what a Decode produced, as plain values, for
// tests that hold one decode path against another (the vector walks against
// the SSE2 path, the fast path against the general path).
//
// DecodedView keeps the error, every field, the slot Find returns for a set of
// probe tags (the message's own and some absent ones), the size, BodyLength
// and CheckSum; ExpectSameDecodedView compares two with gtest assertions.
// Test-only; copies everything, so the view may go away afterwards.
#ifndef FIXWIRE_TESTS_CODEC_DECODED_VIEW_TEST_UTIL_H_
#define FIXWIRE_TESTS_CODEC_DECODED_VIEW_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/wire/message_view.h"

namespace fixwire::testing {

struct DecodedView {
  Error error;
  std::vector<Field> fields;
  std::vector<std::int64_t> lookups;  // slot of Find(tag) for the probe tags, -1 when absent
  std::uint32_t size = 0;
  std::uint32_t body_length = 0;
  std::uint8_t checksum = 0;
};

// SummariseDecode records Decode's result `e` and, when it succeeded, `view`.
inline DecodedView SummariseDecode(const Error& e, const MessageView& view) {
  DecodedView r;
  r.error = e;
  if (!e.ok()) return r;
  std::set<std::uint32_t> probes = {1, 11, 35, 58, 96, 1185, 9999, 10000, 123456};
  for (std::uint32_t i = 0; i < view.field_count(); ++i) {
    r.fields.push_back(view.field(i));
    probes.insert(view.field(i).tag);
  }
  for (std::uint32_t t : probes) {
    const Field* f = view.Find(t);
    r.lookups.push_back(f == nullptr ? -1 : f - view.fields().data());
  }
  r.size = static_cast<std::uint32_t>(view.size());
  r.body_length = view.body_length();
  r.checksum = view.checksum();
  return r;
}

// ExpectSameDecodedView: `a` and `b` agree on everything recorded.
inline void ExpectSameDecodedView(const DecodedView& a, const DecodedView& b) {
  ASSERT_EQ(a.error.code, b.error.code) << ErrorCodeName(a.error.code) << " vs "
                                        << ErrorCodeName(b.error.code);
  ASSERT_EQ(a.error.offset, b.error.offset);
  ASSERT_EQ(a.error.tag, b.error.tag);
  ASSERT_EQ(a.fields.size(), b.fields.size());
  for (std::size_t i = 0; i < a.fields.size(); ++i) {
    ASSERT_EQ(a.fields[i].tag, b.fields[i].tag) << i;
    ASSERT_EQ(a.fields[i].offset, b.fields[i].offset) << i;
    ASSERT_EQ(a.fields[i].length, b.fields[i].length) << i;
  }
  ASSERT_EQ(a.lookups, b.lookups);
  ASSERT_EQ(a.size, b.size);
  ASSERT_EQ(a.body_length, b.body_length);
  ASSERT_EQ(a.checksum, b.checksum);
}

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_CODEC_DECODED_VIEW_TEST_UTIL_H_
