// quickfix_reference.cc: C++14 translation unit that runs QuickFIX's message parser.
#include "tests/fuzz/quickfix_reference.h"

#include <exception>
#include <string>

#include "quickfix/Exceptions.h"
#include "quickfix/Message.h"

namespace fixwire_fuzz_quickfix {
namespace {

bool StartsWith(const std::string& text, const char* prefix) {
  return text.compare(0, std::char_traits<char>::length(prefix), prefix) == 0;
}

// Message::validate() words its rejections "Expected BodyLength=...",
// "BodyLength is missing", "BodyLength has wrong format: ...", and the same
// for CheckSum; everything else InvalidMessage says comes from field splitting.
// what() puts "Invalid message: " in front of the detail.
Verdict Classify(std::string text) {
  const char* const kPrefix = "Invalid message: ";
  if (StartsWith(text, kPrefix)) text.erase(0, std::char_traits<char>::length(kPrefix));
  if (StartsWith(text, "Expected BodyLength") || StartsWith(text, "BodyLength")) {
    return Verdict::kBodyLength;
  }
  if (StartsWith(text, "Expected CheckSum") || StartsWith(text, "CheckSum")) {
    return Verdict::kCheckSum;
  }
  return Verdict::kStructure;
}

void AppendFields(const FIX::FieldMap& map, std::vector<Field>* out) {
  for (FIX::FieldMap::const_iterator it = map.begin(); it != map.end(); ++it) {
    out->push_back(Field{it->getTag(), it->getString()});
  }
}

}  // namespace

Result ParseWithQuickFix(const std::string& bytes) {
  Result result;
  try {
    FIX::Message message(bytes, true);
    result.verdict = Verdict::kAccepted;
    AppendFields(message.getHeader(), &result.fields);
    AppendFields(message, &result.fields);
    AppendFields(message.getTrailer(), &result.fields);
  } catch (const FIX::InvalidMessage& e) {
    result.text = e.what();
    result.verdict = Classify(result.text);
  } catch (const std::exception& e) {
    result.text = e.what();
    result.verdict = Verdict::kOther;
  } catch (...) {
    result.text = "(non-standard exception)";
    result.verdict = Verdict::kOther;
  }
  return result;
}

const char* VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kAccepted:
      return "accepted";
    case Verdict::kStructure:
      return "structure";
    case Verdict::kBodyLength:
      return "body_length";
    case Verdict::kCheckSum:
      return "checksum";
    case Verdict::kOther:
      return "other";
  }
  return "other";
}

}  // namespace fixwire_fuzz_quickfix
