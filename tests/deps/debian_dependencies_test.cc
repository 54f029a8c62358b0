// Each dependency fixwire maps from a Debian package does real work here, so a
// broken mapping (missing header, missing library, wrong link order) fails.
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "pugixml.hpp"
#include "tests/deps/quickfix_smoke.h"

namespace {

absl::StatusOr<int> Half(int v) {
  if (v % 2 != 0) return absl::InvalidArgumentError(absl::StrCat("odd: ", v));
  return v / 2;
}

TEST(DebianDependenciesTest, Abseil) {
  EXPECT_EQ(*Half(8), 4);
  EXPECT_EQ(Half(3).status().message(), "odd: 3");
  absl::flat_hash_map<int, std::string> m;
  m[35] = absl::StrFormat("%s=%d", "x", 5);
  EXPECT_EQ(m.at(35), "x=5");
}

TEST(DebianDependenciesTest, Pugixml) {
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string("<fix major='4' minor='2'/>"));
  EXPECT_EQ(doc.child("fix").attribute("minor").as_int(), 2);
  EXPECT_FALSE(doc.load_string("<fix"));
}

TEST(DebianDependenciesTest, QuickFix) {
  const std::string wire = fixwire_deps::QuickFixHeartbeat();
  EXPECT_EQ(wire.rfind("8=FIX.4.2\0019=5\00135=0\00110=", 0), 0u) << wire;
}

}  // namespace
