// repeat_tags_test: the group indexer's run compare, RepeatedTagsEnd
// (scalar) and RepeatedTagsEndAvx2, against a field-by-field reference
// written here, on every mismatch position of small arrays and on random
// ones; only tags count (offsets and lengths differ everywhere, or repeat
// with the tags, so that a compare of any other word would be seen). The AVX2
// compare is also run with `limit` at the end of a readable page, followed
// by an unreadable one: it reads nothing at or after f + limit.
#include "fixwire/dictionary/internal/repeat_tags.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "fixwire/values/field.h"
#include "fixwire/dictionary/internal/repeat_tags_avx2.h"
#include "gtest/gtest.h"
#include "fixwire/simd/cpu_features.h"

namespace fixwire::dictionary_internal {
namespace {

// The first t in [from, limit) whose tag differs from the one `period` back.
std::uint32_t ReferenceEnd(const Field* f, std::uint32_t from, std::uint32_t period,
                           std::uint32_t limit) {
  for (std::uint32_t t = from; t < limit; ++t) {
    if (f[t].tag != f[t - period].tag) return t;
  }
  return limit;
}

bool HaveAvx2() { return simd::CpuSupports(simd::Isa::kAvx2); }

// Fields whose tags repeat with `period` (tags drawn at random), with
// offsets and lengths that never repeat, or (`whole`) that repeat too.
std::vector<Field> Periodic(std::uint32_t n, std::uint32_t period, std::mt19937& rng,
                            bool whole = false) {
  std::vector<Field> f(n);
  std::uniform_int_distribution<std::uint32_t> tag(1, 9999);
  for (std::uint32_t i = 0; i < n; ++i) {
    f[i].tag = i < period ? tag(rng) : f[i - period].tag;
    f[i].offset = whole ? 1000 + 7 * (i % period) : 1000 + 7 * i;
    f[i].length = whole ? 1 + i % period : 1 + i;
  }
  return f;
}

// Checks both compares on every (from, limit) with period <= from <= limit <= n.
void CheckAllRanges(const std::vector<Field>& f, std::uint32_t period) {
  const auto n = static_cast<std::uint32_t>(f.size());
  for (std::uint32_t from = period; from <= n; ++from) {
    for (std::uint32_t limit = from; limit <= n; ++limit) {
      const std::uint32_t want = ReferenceEnd(f.data(), from, period, limit);
      ASSERT_EQ(RepeatedTagsEnd(f.data(), from, period, limit), want)
          << "scalar, n " << n << " period " << period << " from " << from << " limit " << limit;
      if (HaveAvx2()) {
        ASSERT_EQ(RepeatedTagsEndAvx2(f.data(), from, period, limit), want)
            << "avx2, n " << n << " period " << period << " from " << from << " limit " << limit;
      }
    }
  }
}

TEST(RepeatTagsTest, EveryMismatchPositionOfSmallArrays) {
  std::mt19937 rng(11);
  for (std::uint32_t period = 1; period <= 9; ++period) {
    for (std::uint32_t n = period; n <= 40; n += 3) {
      for (const bool whole : {false, true}) {
        std::vector<Field> f = Periodic(n, period, rng, whole);
        CheckAllRanges(f, period);  // no mismatch
        for (std::uint32_t at = period; at < n; ++at) {
          std::vector<Field> g = f;
          g[at].tag += 1 + at % 3;  // one tag differs (and the one `period` later, from it)
          CheckAllRanges(g, period);
          g[at].tag = f[at].tag;
          g[at].offset += 5;  // only the offset and length differ: still a repeat
          g[at].length += 1;
          CheckAllRanges(g, period);
        }
      }
    }
  }
}

TEST(RepeatTagsTest, RandomArraysAgreeWithTheReference) {
  std::mt19937 rng(12);
  for (int round = 0; round < 20000; ++round) {
    const std::uint32_t period = std::uniform_int_distribution<std::uint32_t>(1, 16)(rng);
    const std::uint32_t n = std::uniform_int_distribution<std::uint32_t>(period, 300)(rng);
    std::vector<Field> f = Periodic(n, period, rng, round % 2 == 0);
    const int changes = std::uniform_int_distribution<int>(0, 3)(rng);
    for (int k = 0; k < changes; ++k) {
      const std::uint32_t at = std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng);
      f[at].tag ^= 1u << std::uniform_int_distribution<int>(0, 30)(rng);
    }
    const std::uint32_t from = std::uniform_int_distribution<std::uint32_t>(period, n)(rng);
    const std::uint32_t limit = std::uniform_int_distribution<std::uint32_t>(from, n)(rng);
    const std::uint32_t want = ReferenceEnd(f.data(), from, period, limit);
    ASSERT_EQ(RepeatedTagsEnd(f.data(), from, period, limit), want) << "round " << round;
    if (HaveAvx2()) {
      ASSERT_EQ(RepeatedTagsEndAvx2(f.data(), from, period, limit), want) << "round " << round;
    }
  }
}

TEST(RepeatTagsTest, Avx2ReadsNothingAtOrAfterLimit) {
  if (!HaveAvx2()) GTEST_SKIP() << "no AVX2";
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  void* mem = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(mem, MAP_FAILED);
  char* const bytes = static_cast<char*>(mem);
  ASSERT_EQ(mprotect(bytes + page, page, PROT_NONE), 0);
  std::mt19937 rng(13);
  for (std::uint32_t period = 1; period <= 12; ++period) {
    for (std::uint32_t limit = period; limit <= 100; ++limit) {
      // f[0, limit) ends exactly at the unreadable page.
      Field* const f = reinterpret_cast<Field*>(bytes + page - limit * sizeof(Field));
      const std::vector<Field> src = Periodic(limit, period, rng);
      std::memcpy(f, src.data(), limit * sizeof(Field));
      for (std::uint32_t from = period; from <= limit; ++from) {
        ASSERT_EQ(RepeatedTagsEndAvx2(f, from, period, limit),
                  ReferenceEnd(f, from, period, limit));
      }
    }
  }
  munmap(mem, 2 * page);
}

}  // namespace
}  // namespace fixwire::dictionary_internal
