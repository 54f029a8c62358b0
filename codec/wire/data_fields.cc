// data_fields.cc: the standard Length/Data pairs and LengthFieldTable.
#include "fixwire/wire/data_fields.h"

#include <algorithm>

#include "fixwire/values/field.h"

namespace fixwire {
namespace {

// Every Length field of the FIX specification (FIX 4.0 .. 5.0 SP2, FIXT 1.1)
// that announces a data field, with that data field. BodyLength (9) and
// MaxMessageSize (383) are Length-typed but announce nothing, so they are absent.
constexpr LengthDataPair kPairs[] = {
    {90, 91},      // SecureDataLen -> SecureData
    {93, 89},      // SignatureLength -> Signature (data tag below the length tag)
    {95, 96},      // RawDataLength -> RawData
    {212, 213},    // XmlDataLen -> XmlData
    {348, 349},    // EncodedIssuerLen -> EncodedIssuer
    {350, 351},    // EncodedSecurityDescLen -> EncodedSecurityDesc
    {352, 353},    // EncodedListExecInstLen -> EncodedListExecInst
    {354, 355},    // EncodedTextLen -> EncodedText
    {356, 357},    // EncodedSubjectLen -> EncodedSubject
    {358, 359},    // EncodedHeadlineLen -> EncodedHeadline
    {360, 361},    // EncodedAllocTextLen -> EncodedAllocText
    {362, 363},    // EncodedUnderlyingIssuerLen -> EncodedUnderlyingIssuer
    {364, 365},    // EncodedUnderlyingSecurityDescLen -> EncodedUnderlyingSecurityDesc
    {445, 446},    // EncodedListStatusTextLen -> EncodedListStatusText
    {618, 619},    // EncodedLegIssuerLen -> EncodedLegIssuer
    {621, 622},    // EncodedLegSecurityDescLen -> EncodedLegSecurityDesc
    {1184, 1185},  // SecurityXMLLen -> SecurityXML
    {1277, 1278},  // DerivativeEncodedIssuerLen -> DerivativeEncodedIssuer
    {1280, 1281},  // DerivativeEncodedSecurityDescLen -> DerivativeEncodedSecurityDesc
    {1282, 1283},  // DerivativeSecurityXMLLen -> DerivativeSecurityXML
    {1397, 1398},  // EncodedMktSegmDescLen -> EncodedMktSegmDesc
    {1401, 1402},  // EncryptedPasswordLen -> EncryptedPassword
    {1403, 1404},  // EncryptedNewPasswordLen -> EncryptedNewPassword
    {1468, 1469},  // EncodedSecurityListDescLen -> EncodedSecurityListDesc
};

}  // namespace

const std::span<const LengthDataPair> kStandardLengthDataPairs(kPairs);

LengthFieldTable::LengthFieldTable(std::span<const LengthDataPair> pairs) {
  for (const LengthDataPair& pair : pairs) {
    if (pair.length_tag == 0 || pair.data_tag == 0 || pair.length_tag > kMaxTag ||
        pair.data_tag > kMaxTag) {
      continue;
    }
    const bool seen = std::any_of(pairs_.begin(), pairs_.end(), [&](const LengthDataPair& p) {
      return p.length_tag == pair.length_tag;
    });
    if (seen) continue;
    pairs_.push_back(pair);
    if (pair.length_tag < kBitmapTags) {
      bitmap_[pair.length_tag >> 6] |= std::uint64_t{1} << (pair.length_tag & 63);
    } else {
      has_large_tags_ = true;
    }
  }
  std::sort(pairs_.begin(), pairs_.end(), [](const LengthDataPair& a, const LengthDataPair& b) {
    return a.length_tag < b.length_tag;
  });
}

LengthFieldTable LengthFieldTable::WithStandardPairs(std::span<const LengthDataPair> extra) {
  std::vector<LengthDataPair> all(kStandardLengthDataPairs.begin(), kStandardLengthDataPairs.end());
  all.insert(all.end(), extra.begin(), extra.end());
  return LengthFieldTable(all);
}

std::uint32_t LengthFieldTable::DataTagFor(std::uint32_t length_tag) const noexcept {
  auto it = std::lower_bound(
      pairs_.begin(), pairs_.end(), length_tag,
      [](const LengthDataPair& p, std::uint32_t tag) { return p.length_tag < tag; });
  return it != pairs_.end() && it->length_tag == length_tag ? it->data_tag : 0;
}

const LengthFieldTable& StandardLengthFields() noexcept {
  static const LengthFieldTable* const table = new LengthFieldTable(kStandardLengthDataPairs);
  return *table;
}

}  // namespace fixwire
