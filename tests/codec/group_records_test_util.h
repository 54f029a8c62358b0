// group_records_test_util.h: helpers shared by the tests that compare two
// ways of indexing (or validating) the same message: splitting and joining
// '|'-separated field lists, random mutations of them, and a field-by-field
// comparison of two GroupedMessages' group and entry records (and of the
// Errors that came with them).
#ifndef FIXWIRE_TESTS_CODEC_GROUP_RECORDS_TEST_UTIL_H_
#define FIXWIRE_TESTS_CODEC_GROUP_RECORDS_TEST_UTIL_H_

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "fixwire/values/error.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/dictionary/internal/group_records.h"
#include "gtest/gtest.h"

namespace fixwire::testing {

// Split splits "a=b|c=d" into fields; Join joins them back.
inline std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size() && !s.empty()) {
    std::size_t bar = s.find('|', start);
    if (bar == std::string::npos) bar = s.size();
    out.push_back(s.substr(start, bar - start));
    start = bar + 1;
  }
  return out;
}
inline std::string Join(const std::vector<std::string>& f) {
  std::string s;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (i != 0) s.push_back('|');
    s += f[i];
  }
  return s;
}

// Mutate applies 1..3 random mutations to `f`: a field dropped, repeated,
// swapped with another, retagged (from `tags`), given a new value (from
// `values`), a value byte flipped, or a random field inserted.
inline void Mutate(std::vector<std::string>& f, std::mt19937& rng,
                   std::span<const char* const> tags, std::span<const char* const> values) {
  const int mutations = 1 + static_cast<int>(rng() % 3);
  for (int m = 0; m < mutations && !f.empty(); ++m) {
    const std::size_t at = rng() % f.size();
    const std::size_t eq = f[at].find('=');
    switch (rng() % 7) {
      case 0:  // drop
        f.erase(f.begin() + static_cast<std::ptrdiff_t>(at));
        break;
      case 1:  // repeat
        f.insert(f.begin() + static_cast<std::ptrdiff_t>(rng() % (f.size() + 1)), f[at]);
        break;
      case 2:  // swap
        std::swap(f[at], f[rng() % f.size()]);
        break;
      case 3:  // retag
        f[at] = std::string(tags[rng() % tags.size()]) + f[at].substr(eq);
        break;
      case 4:  // new value
        f[at] = f[at].substr(0, eq + 1) + values[rng() % values.size()];
        break;
      case 5:  // flip a value byte
        if (f[at].size() > eq + 1) {
          f[at][eq + 1 + rng() % (f[at].size() - eq - 1)] = "0aZ.-: "[rng() % 7];
        }
        break;
      default:  // insert a random field
        f.insert(f.begin() + static_cast<std::ptrdiff_t>(rng() % (f.size() + 1)),
                 std::string(tags[rng() % tags.size()]) + "=" + values[rng() % values.size()]);
        break;
    }
  }
}

// ExpectSameRecords: a and b hold the same group index (counts, links,
// every group and entry record). Fatal failures; `what` names the input.
inline void ExpectSameRecords(const GroupedMessage& a, const GroupedMessage& b,
                              const std::string& what) {
  ASSERT_EQ(a.group_count(), b.group_count()) << what;
  ASSERT_EQ(a.entry_count(), b.entry_count()) << what;
  ASSERT_EQ(GroupedMessageAccess::first_top_level_group(a), GroupedMessageAccess::first_top_level_group(b)) << what;
  ASSERT_EQ(a.body_scope(), b.body_scope()) << what;
  ASSERT_EQ(a.header_dictionary(), b.header_dictionary()) << what;
  ASSERT_EQ(a.body_dictionary(), b.body_dictionary()) << what;
  for (std::uint32_t g = 0; g < a.group_count(); ++g) {
    const dictionary_internal::GroupRecord& x = GroupedMessageAccess::group_record(a, g);
    const dictionary_internal::GroupRecord& y = GroupedMessageAccess::group_record(b, g);
    ASSERT_EQ(x.scope, y.scope) << what;
    ASSERT_EQ(x.count_field, y.count_field) << what;
    ASSERT_EQ(x.end_field, y.end_field) << what;
    ASSERT_EQ(x.first_entry, y.first_entry) << what;
    ASSERT_EQ(x.size, y.size) << what;
    ASSERT_EQ(x.declared, y.declared) << what;
    ASSERT_EQ(x.next_sibling, y.next_sibling) << what;
    for (std::uint32_t e = 0; e < x.size; ++e) {
      const dictionary_internal::EntryRecord& p = GroupedMessageAccess::entry_record(a, x.first_entry + e);
      const dictionary_internal::EntryRecord& q = GroupedMessageAccess::entry_record(b, y.first_entry + e);
      ASSERT_EQ(p.begin, q.begin) << what;
      ASSERT_EQ(p.end, q.end) << what;
      ASSERT_EQ(p.first_child, q.first_child) << what;
    }
  }
}

// ExpectSameResult: the same Error (code, offset, tag) and the same records
// (ExpectSameRecords). Fatal failures; `what` names the input.
inline void ExpectSameResult(const Error& one, const GroupedMessage& a, const Error& two,
                             const GroupedMessage& b, const std::string& what) {
  ASSERT_EQ(one.code, two.code) << what << "\n"
                                << ErrorCodeName(one.code) << " vs " << ErrorCodeName(two.code);
  ASSERT_EQ(one.offset, two.offset) << what;
  ASSERT_EQ(one.tag, two.tag) << what;
  ExpectSameRecords(a, b, what);
}

}  // namespace fixwire::testing

#endif  // FIXWIRE_TESTS_CODEC_GROUP_RECORDS_TEST_UTIL_H_
