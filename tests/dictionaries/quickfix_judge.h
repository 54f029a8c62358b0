// quickfix_judge.h: what the FIX 4.x and FIXT QuickFIX adapters of the
// dictionary tests share: QuickFIX 1.15 dictionaries loaded once per path,
// the verdict of a QuickFIX validation, and the group questions both ask.
//
// Compiled as C++14 with the adapters (QuickFIX's headers need it); this
// header itself names no QuickFIX type, so C++20 tests include it through
// the adapters' headers. Dictionaries are kept for the process (only read
// after loading). Not thread-safe; for tests only.
#ifndef FIXWIRE_TESTS_DICTIONARIES_QUICKFIX_JUDGE_H_
#define FIXWIRE_TESTS_DICTIONARIES_QUICKFIX_JUDGE_H_

#include <functional>
#include <string>

namespace FIX {
class DataDictionary;
}  // namespace FIX

namespace fixwire_qfjudge {

struct QuickFixVerdict {
  bool ok = false;
  int reject_reason = -1;  // SessionRejectReason(373) code for the rejection, -1 if none applies
  int tag = 0;             // the tag QuickFIX names, 0 if none
  std::string text;        // QuickFIX's message ("" when ok)
};

// LoadedDictionary: QuickFIX's dictionary of the file at path, or nullptr
// with *error set to why it did not load.
const FIX::DataDictionary* LoadedDictionary(const std::string& path, std::string* error);

// Judge runs parse_and_validate (QuickFIX calls that throw on a rejection)
// and turns what QuickFIX throws into a verdict: its exception type gives
// the SessionRejectReason, its field the tag; ok when nothing is thrown.
QuickFixVerdict Judge(const std::function<void()>& parse_and_validate);

// GroupDelimiter: the delimiter QuickFIX uses for group count_tag of
// msgtype in the dictionary at path (0 when it is not a group there).
int GroupDelimiter(const std::string& path, const std::string& msgtype, int count_tag);

// IsMsgField: whether QuickFIX knows tag as a top-level body field of msgtype.
bool IsMsgField(const std::string& path, const std::string& msgtype, int tag);

}  // namespace fixwire_qfjudge

#endif  // FIXWIRE_TESTS_DICTIONARIES_QUICKFIX_JUDGE_H_
