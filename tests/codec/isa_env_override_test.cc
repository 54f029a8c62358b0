// isa_env_override_test.cc: FIXWIRE_SIMD forces every per-ISA path of the
// codec, from the first call: the decoder's field walks and the group
// indexer's repeat compare follow simd::Dispatch, which follows the same
// choice as the kernels. Each forced run decodes and indexes messages that
// reach every walk (one block, two blocks, several blocks, past the AVX-512
// walk's threshold, data fields, long groups) and compares every result with
// a run under the scalar implementation.
//
// Built once per FIXWIRE_SIMD value by tests/codec/BUILD.bazel.
#include <cstdlib>
#include <string>
#include <vector>

#include "fixwire/dictionary/group_view.h"
#include "fixwire/simd/cpu_features.h"
#include "fixwire/simd/dispatch.h"
#include "gtest/gtest.h"
#include "tests/codec/decoded_view_test_util.h"
#include "tests/codec/dictionary_test_util.h"
#include "tests/codec/group_records_test_util.h"

namespace fixwire {
namespace {

using testing::DecodedView;
using testing::Frame;
using testing::kStdHeader;

// Messages of one, two and many 64-byte blocks, past 384 bytes, with a data
// field, and with groups of eight entries or more (the AVX2 repeat compare).
std::vector<std::string> Messages() {
  std::vector<std::string> out;
  const std::string header = std::string(kStdHeader) + "|";
  out.push_back(Frame("FIX.4.4", "0", ""));
  out.push_back(Frame("FIX.4.4", "D", header + "11=ORD1|55=AAA|54=1|38=100|40=2|44=10.5"));
  std::string long_fields = header + "11=ORD2|55=BBB|54=2|38=5|40=1";
  for (int i = 0; i < 40; ++i) long_fields += "|58=free text number " + std::to_string(i);
  out.push_back(Frame("FIX.4.4", "D", long_fields));
  out.push_back(Frame("FIX.4.4", "D", header + "95=5|96=a\x01" "b=c|55=CCC"));
  for (int entries : {3, 8, 9, 30}) {
    std::string fields = header + "131=Q1|146=" + std::to_string(entries);
    for (int i = 0; i < entries; ++i) fields += "|55=S" + std::to_string(i) + "|54=1";
    out.push_back(Frame("FIX.4.4", "R", fields));
  }
  return out;
}

struct IsaRun {
  std::vector<DecodedView> views;
  std::vector<Error> group_errors;
  std::vector<GroupedMessage> grouped;
};

IsaRun DecodeAll(const Dictionary& dict, const std::vector<std::string>& messages,
              std::vector<GroupStorage>& storage) {
  IsaRun run;
  run.grouped.resize(messages.size());
  Decoder decoder;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    FieldIndex index(1024);
    MessageView view;
    const Error e = decoder.Decode(messages[i], index, view);
    run.views.push_back(testing::SummariseDecode(e, view));
    run.group_errors.push_back(e.ok() ? IndexGroups(view, dict, {}, storage[i], &run.grouped[i])
                                      : e);
  }
  return run;
}

TEST(IsaEnvOverrideTest, EveryPerIsaPathFollowsTheEnvironmentAndAgreesWithScalar) {
  const char* env = std::getenv("FIXWIRE_SIMD");
  ASSERT_NE(env, nullptr) << "the BUILD rule sets FIXWIRE_SIMD";
  const auto forced = simd::ParseIsaName(env);
  ASSERT_TRUE(forced.has_value());
  if (!simd::CpuSupports(*forced)) GTEST_SKIP() << "this CPU lacks " << env;
  // Nothing has chosen yet: the first query makes the choice, the forced one.
  const simd::Dispatch first = simd::Dispatch::Active();
  EXPECT_EQ(first.isa(), *forced);
  EXPECT_EQ(first.avx2(), *forced >= simd::Isa::kAvx2);
  EXPECT_EQ(first.avx512_vbmi2(), *forced == simd::Isa::kAvx512 && simd::CpuSupportsAvx512Vbmi2());

  const Dictionary dict = testing::LoadOrDie("tests/data/dictionaries/mini44.xml");
  const std::vector<std::string> messages = Messages();
  std::vector<GroupStorage> forced_storage;
  std::vector<GroupStorage> scalar_storage;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    forced_storage.emplace_back(64, 256);
    scalar_storage.emplace_back(64, 256);
  }
  const IsaRun got = DecodeAll(dict, messages, forced_storage);
  EXPECT_EQ(simd::ActiveIsa(), *forced);
  ASSERT_TRUE(simd::SetActiveIsa(simd::Isa::kScalar));
  const IsaRun want = DecodeAll(dict, messages, scalar_storage);
  for (std::size_t i = 0; i < messages.size(); ++i) {
    SCOPED_TRACE("message " + std::to_string(i));
    EXPECT_TRUE(want.views[i].error.ok()) << ErrorCodeName(want.views[i].error.code);
    testing::ExpectSameDecodedView(got.views[i], want.views[i]);
    testing::ExpectSameResult(got.group_errors[i], got.grouped[i], want.group_errors[i],
                              want.grouped[i], "message " + std::to_string(i));
  }
}

}  // namespace
}  // namespace fixwire
