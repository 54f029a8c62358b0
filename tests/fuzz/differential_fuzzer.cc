// differential_fuzzer.cc: the same bytes through fixwire's Decoder and QuickFIX 1.15.
//
// Both must agree on whether BodyLength and CheckSum are valid and, where both
// accept, on the fields (tag and value; compared as multisets, since QuickFIX
// sorts header and body fields by tag). Where the FIX specification and
// QuickFIX disagree, fixwire follows the specification: those intended
// differences (docs/fuzzing.md lists them, D1..D8) are recognised here from an
// independent split of the bytes at SOH, and only an unexplained difference
// aborts.
//
// fixwire decodes the message at the start of the bytes and leaves anything
// after its trailer to the stream framer (intended difference D8), so QuickFIX
// is given the same message bytes fixwire framed when fixwire accepted.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fixwire/wire/data_fields.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/values/error.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/quickfix_reference.h"

namespace fixwire::fuzz {
namespace {

namespace qf = ::fixwire_fuzz_quickfix;

// What the verdicts say about BodyLength and CheckSum.
enum class Class { kAccepted, kStructure, kBodyLength, kCheckSum };

Class FixwireClass(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk:
      return Class::kAccepted;
    case ErrorCode::kMissingBodyLength:
    case ErrorCode::kBadBodyLength:
    case ErrorCode::kBodyLengthMismatch:
      return Class::kBodyLength;
    case ErrorCode::kMissingCheckSum:
    case ErrorCode::kBadCheckSum:
    case ErrorCode::kCheckSumMismatch:
      return Class::kCheckSum;
    default:
      return Class::kStructure;
  }
}

Class QuickFixClass(qf::Verdict v) {
  switch (v) {
    case qf::Verdict::kAccepted:
      return Class::kAccepted;
    case qf::Verdict::kBodyLength:
      return Class::kBodyLength;
    case qf::Verdict::kCheckSum:
      return Class::kCheckSum;
    case qf::Verdict::kStructure:
    case qf::Verdict::kOther:
      return Class::kStructure;
  }
  return Class::kStructure;
}

bool Canonical(std::string_view digits, std::size_t max_digits) {
  if (digits.empty() || digits.size() > max_digits || digits[0] == '0') return false;
  return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Facts about the bytes, from splitting them at every SOH the way a parser
// without a dictionary does (QuickFIX's view), written independently here.
struct Split {
  bool non_canonical_tag = false;  // D3: empty, signed, leading zero, 0, > 9 digits, not digits
  bool misplaced_header = false;   // D4: 8/9/35 not the first three, 10 not last, or repeated
  bool non_canonical_header_tag = false;  // D3 where 8, 9, 35 or 10 belongs ("035=", "09=")
  bool empty_value = false;        // D5
  bool bad_begin_string = false;   // D6: not FIX.x / FIXT.x of at most 16 bytes
  bool non_canonical_body_length = false;  // D2
  bool non_canonical_checksum = false;     // D7
  bool length_field = false;       // D1: a Length field (95, 212, ...) is present
  bool unterminated = false;       // bytes after the last SOH
};

Split SplitAtSoh(std::string_view b) {
  Split s;
  std::vector<std::pair<std::string_view, std::string_view>> pieces;  // (tag text, value)
  std::size_t pos = 0;
  while (pos < b.size()) {
    const std::size_t soh = b.find('\x01', pos);
    const std::string_view piece = b.substr(pos, soh == std::string_view::npos ? b.npos : soh - pos);
    if (soh == std::string_view::npos) s.unterminated = true;
    const std::size_t eq = piece.find('=');
    if (eq == std::string_view::npos) {
      pieces.emplace_back(piece, std::string_view());
      s.non_canonical_tag = true;
    } else {
      pieces.emplace_back(piece.substr(0, eq), piece.substr(eq + 1));
    }
    if (soh == std::string_view::npos) break;
    pos = soh + 1;
  }
  const LengthFieldTable& lengths = StandardLengthFields();
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const auto& [tag_text, value] = pieces[i];
    if (!Canonical(tag_text, 9)) {
      s.non_canonical_tag = true;
      if (i < 3 || i + 1 == pieces.size()) s.non_canonical_header_tag = true;
      continue;
    }
    std::uint32_t tag = 0;
    for (char c : tag_text) tag = tag * 10 + static_cast<std::uint32_t>(c - '0');
    if (value.empty()) s.empty_value = true;
    if (lengths.IsLengthTag(tag)) s.length_field = true;
    if ((tag == 8) != (i == 0) || (tag == 9) != (i == 1) || (i == 2 && tag != 35) ||
        (tag == 10) != (i + 1 == pieces.size())) {
      s.misplaced_header = true;
    }
    if (tag == 8) {
      const bool fix = value.size() > 4 && value.substr(0, 4) == "FIX.";
      const bool fixt = value.size() > 5 && value.substr(0, 5) == "FIXT.";
      if (value.size() > 16 || (!fix && !fixt)) s.bad_begin_string = true;
    }
    if (tag == 9 && !Canonical(value, 9)) s.non_canonical_body_length = true;
    if (tag == 10 && !(value.size() == 3 && std::all_of(value.begin(), value.end(), [](char c) {
                         return c >= '0' && c <= '9';
                       }))) {
      s.non_canonical_checksum = true;
    }
  }
  return s;
}

// QuickFIX counts BodyLength and CheckSum from the fields it split, fixwire
// from byte positions; they can only differ when the split is not a plain
// 8, 9, 35, ..., 10 sequence of canonical fields.
bool CountsMayDiffer(const Split& s) {
  return s.non_canonical_tag || s.misplaced_header || s.length_field;
}

// Whether a fixwire rejection in the field stage is a rule of the
// specification that QuickFIX (without a dictionary) does not apply.
bool SpecRuleExplains(ErrorCode code, const Split& s) {
  switch (code) {
    case ErrorCode::kBadBeginString:
      return s.bad_begin_string || s.non_canonical_header_tag;
    case ErrorCode::kMissingBodyLength:
      // D3: "09=61" is not BodyLength to fixwire; QuickFIX reads the tag as 9.
      return s.non_canonical_header_tag;
    case ErrorCode::kBadTag:
    case ErrorCode::kMissingEquals:
      return s.non_canonical_tag;
    case ErrorCode::kEmptyValue:
      return s.empty_value;
    case ErrorCode::kFieldOutOfPlace:
    case ErrorCode::kMissingMsgType:
      // D4, or D3 where a header tag belongs ("035=D" is not MsgType to fixwire).
      return s.misplaced_header || s.non_canonical_header_tag;
    case ErrorCode::kBadDataLength:
    case ErrorCode::kDataLengthPastEnd:
    case ErrorCode::kDataFieldNotNext:
      return s.length_field;
    case ErrorCode::kBadBodyLength:
      return s.non_canonical_body_length;
    case ErrorCode::kBadCheckSum:
      return s.non_canonical_checksum;
    case ErrorCode::kMissingCheckSum:
      // D3/D7: the trailer is not a canonical "10=" field (e.g. "010=84"), so
      // fixwire finds no CheckSum where BodyLength ends; QuickFIX parses the tag as 10.
      return CountsMayDiffer(s) || s.non_canonical_checksum;
    case ErrorCode::kIncomplete:
      // D7 again: "10=74<SOH>" is one byte short of fixwire's fixed 7-byte trailer.
      return CountsMayDiffer(s) || s.non_canonical_checksum;
    case ErrorCode::kBodyLengthMismatch:
    case ErrorCode::kCheckSumMismatch:
      return CountsMayDiffer(s);
    default:
      return false;
  }
}

bool HasDataWithSoh(const MessageView& view) {
  const LengthFieldTable& lengths = StandardLengthFields();
  const auto fields = view.fields();
  for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
    if (lengths.IsLengthTag(fields[i].tag) &&
        view.value(fields[i + 1]).find('\x01') != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

[[noreturn]] void Unintended(const char* why, std::string_view bytes, const Error& e,
                             const qf::Result& q) {
  std::fprintf(stderr, "unintended difference between fixwire and QuickFIX: %s\n", why);
  PrintBytes("input", bytes);
  std::fprintf(stderr, "fixwire: %s (offset %u, tag %u); QuickFIX: %s \"%s\"\n",
               std::string(ErrorCodeName(e.code)).c_str(), e.offset, e.tag,
               qf::VerdictName(q.verdict), q.text.c_str());
  FIXWIRE_FUZZ_CHECK(false && "unintended difference");
  std::abort();
}

void Compare(std::string_view input) {
  const Decoder decoder;  // the specification's rules, standard Length fields
  FieldIndex index(4096);
  MessageView view;
  const Error e = decoder.Decode(input, index, view);
  // D8: fixwire decodes one message; QuickFIX gets exactly that message.
  const std::string_view bytes = e.ok() ? view.bytes() : input;
  const qf::Result q = qf::ParseWithQuickFix(std::string(bytes));
  const Split s = SplitAtSoh(bytes);
  const Class fw = FixwireClass(e.code);
  const Class qc = QuickFixClass(q.verdict);

  if (fw == Class::kAccepted) {
    const bool data_with_soh = HasDataWithSoh(view);  // D1: QuickFIX splits inside data
    if (qc != Class::kAccepted) {
      if (!data_with_soh) Unintended("fixwire accepts, QuickFIX rejects", bytes, e, q);
      return;
    }
    if (data_with_soh) return;
    std::vector<std::pair<int, std::string>> mine;
    for (const Field& f : view.fields()) {
      mine.emplace_back(static_cast<int>(f.tag), std::string(view.value(f)));
    }
    std::vector<std::pair<int, std::string>> theirs;
    for (const qf::Field& f : q.fields) theirs.emplace_back(f.tag, f.value);
    std::sort(mine.begin(), mine.end());
    std::sort(theirs.begin(), theirs.end());
    if (mine != theirs) {
      for (const auto& [tag, value] : mine) PrintBytes(("fixwire " + std::to_string(tag)).c_str(), value);
      for (const auto& [tag, value] : theirs) PrintBytes(("QuickFIX " + std::to_string(tag)).c_str(), value);
      Unintended("both accept with different fields", bytes, e, q);
    }
    return;
  }

  if (qc == Class::kAccepted) {
    // fixwire rejects what QuickFIX accepts: only for a rule of the specification.
    if (!SpecRuleExplains(e.code, s)) Unintended("QuickFIX accepts, fixwire rejects", bytes, e, q);
    return;
  }
  if (fw == qc) return;  // both reject for the same part of the frame (or both on structure)
  if (qc == Class::kStructure) return;  // QuickFIX splits fields before it checks the frame
  if (fw == Class::kStructure) {
    // fixwire checks the frame first: a field-stage rejection means it found
    // BodyLength and CheckSum valid. Framing-stage ones decided nothing.
    const bool framing_stage = e.code == ErrorCode::kBadBeginString ||
                               e.code == ErrorCode::kIncomplete ||
                               e.code == ErrorCode::kMessageTooLarge;
    if (!framing_stage && !CountsMayDiffer(s)) {
      Unintended("fixwire finds BodyLength and CheckSum valid, QuickFIX does not", bytes, e, q);
    }
    return;
  }
  // One says BodyLength, the other CheckSum.
  if (fw == Class::kBodyLength && s.non_canonical_body_length) return;  // D2
  // D9: BodyLength ends the body on a field boundary that is not 10=: fixwire
  // reports the trailer missing there, QuickFIX (which finds a 10 later) a
  // BodyLength mismatch. Both say the BodyLength/CheckSum frame is invalid.
  if (e.code == ErrorCode::kMissingCheckSum) return;
  if (CountsMayDiffer(s)) return;
  Unintended(fw == Class::kBodyLength ? "fixwire: BodyLength invalid; QuickFIX: only CheckSum"
                                      : "fixwire: CheckSum invalid; QuickFIX: BodyLength",
             bytes, e, q);
}

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fixwire::fuzz::Compare(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
