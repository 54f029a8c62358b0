// validate_command.cc: "fixwire validate": every message against its dictionary.
#include <cstdio>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/dictionary/validator.h"
#include "tools/cli/command_loop.h"
#include "tools/cli/commands.h"
#include "tools/cli/dictionaries.h"
#include "tools/cli/json_escape.h"
#include "tools/cli/output.h"
#include "tools/cli/progress.h"
#include "tools/cli/reader.h"
#include "tools/cli/reject_reasons.h"

namespace fixwire::cli {
namespace {

constexpr char kHelp[] =
    "usage: fixwire validate [options] [FILE...]\n"
    "\n"
    "Validates every FIX message of the FILEs (standard input when none, or -) against its\n"
    "data dictionary (the shipped one for its BeginString/ApplVerID unless given) as a FIX\n"
    "engine would, and prints each failure:\n"
    "  offset N: MsgSeqNum 7 MsgType D: SessionRejectReason 1 (Required tag missing), tag 55 (Symbol)\n"
    "  offset N: garbled: check_sum_mismatch at offset M, tag 10\n"
    "then a summary line. With --json, one object per message checked instead:\n"
    "  {\"offset\":N,\"ok\":false,\"msg_type\":\"D\",\"msg_seq_num\":7,\"reason\":1,\n"
    "   \"reason_text\":\"Required tag missing\",\"tag\":55,\"check\":\"required\",\"error\":null}\n"
    "(\"error\" is the decode error name of a garbled message, whose other keys are null).\n"
    "\n"
    "options:\n"
    "  --json                  one JSON object per message, no summary\n"
    "  --delimiter=auto|soh|pipe|caret field delimiter of the input (default: detected)\n"
    "  --dict=PATH             QuickFIX XML dictionary for every message\n"
    "  --transport-dict=PATH   FIXT 1.1 transport dictionary (default: shipped FIXT11.xml)\n"
    "  --app-dict=PATH         FIXT 1.1 application dictionary (default: shipped FIX50SP2.xml)\n"
    "  --no-progress           no progress line on stderr\n"
    "exit status: 0 all messages pass, 1 any fails (or is garbled), 2 usage or I/O error\n";

class ValidateSink {
 public:
  ValidateSink(Output& out, Dictionaries& dicts, bool json, const std::string* file)
      : out_(out), dicts_(dicts), json_(json), file_(file), storage_(4096, 1 << 16) {}

  void OnMessage(const MessageView& view, std::uint64_t offset) {
    ++checked_;
    Dictionaries::Choice c = dicts_.For(view);
    ValidationResult r;
    bool no_dict = false;
    if (!c.found()) {
      no_dict = true;
    } else if (c.appl_ver_id_tag != 0) {
      r.check = ValidationCheck::kApplVerId;
      r.reason = SessionRejectReason::kInvalidUnsupportedApplicationVersion;
      r.tag = c.appl_ver_id_tag;
    } else {
      r = ValidateMessage(view, *c.header, *c.body, validator_, storage_, &grouped_);
    }
    const bool ok = r.ok() && !no_dict;
    if (!ok) ++failed_;
    std::uint64_t seq = 0;
    const bool has_seq = view.msg_seq_num(&seq) == ErrorCode::kOk;
    if (json_) {
      Start(offset);
      out_.Append(ok ? ",\"ok\":true" : ",\"ok\":false");
      out_.Append(",\"msg_type\":");
      AppendJsonString(out_, view.msg_type());
      out_.Append(",\"msg_seq_num\":");
      if (has_seq) {
        out_.AppendUint(seq);
      } else {
        out_.Append("null");
      }
      if (ok || no_dict) {
        out_.Append(",\"reason\":null,\"reason_text\":\"\",\"tag\":null");
      } else {
        out_.Append(",\"reason\":");
        out_.AppendUint(static_cast<std::uint64_t>(r.reason_code()));
        out_.Append(",\"reason_text\":");
        AppendJsonString(out_, RejectReasonText(r.reason_code()));
        out_.Append(",\"tag\":");
        if (r.tag != 0) {
          out_.AppendUint(r.tag);
        } else {
          out_.Append("null");
        }
        out_.Append(",\"check\":\"");
        out_.Append(ValidationCheckName(r.check));
        out_.Append('"');
      }
      out_.Append(no_dict ? ",\"error\":\"dictionary_mismatch\"}\n" : ",\"error\":null}\n");
      return;
    }
    if (ok) return;
    Start(offset);
    out_.Append(": MsgSeqNum ");
    if (has_seq) {
      out_.AppendUint(seq);
    } else {
      out_.Append("(none)");
    }
    out_.Append(" MsgType ");
    out_.Append(view.msg_type());
    if (no_dict) {
      out_.Append(": no dictionary for BeginString ");
      out_.Append(view.begin_string());
      out_.Append(" (pass --dict PATH)\n");
      return;
    }
    out_.Append(": SessionRejectReason ");
    out_.AppendUint(static_cast<std::uint64_t>(r.reason_code()));
    out_.Append(" (");
    out_.Append(RejectReasonText(r.reason_code()));
    out_.Append(")");
    if (r.tag != 0) {
      out_.Append(", tag ");
      out_.AppendUint(r.tag);
      const FieldDef* def = c.body->field(r.tag);
      const Dictionary* d = c.body;
      if (def == nullptr) {
        def = c.header->field(r.tag);
        d = c.header;
      }
      if (def != nullptr) {
        out_.Append(" (");
        out_.Append(d->field_name(*def));
        out_.Append(')');
      }
    }
    out_.Append(" [");
    out_.Append(ValidationCheckName(r.check));
    out_.Append("]\n");
  }

  void OnGarbled(const Garbled& g) {
    ++checked_;
    ++failed_;
    ++garbled_;
    Start(g.offset);
    if (json_) {
      out_.Append(
          ",\"ok\":false,\"msg_type\":null,\"msg_seq_num\":null,\"reason\":null,"
          "\"reason_text\":\"\",\"tag\":");
      if (g.error.tag != 0) {
        out_.AppendUint(g.error.tag);
      } else {
        out_.Append("null");
      }
      out_.Append(",\"error\":\"");
      out_.Append(ErrorCodeName(g.error.code));
      out_.Append("\",\"error_offset\":");
      out_.AppendUint(g.error_offset);
      out_.Append("}\n");
      return;
    }
    out_.Append(": garbled: ");
    out_.Append(ErrorCodeName(g.error.code));
    out_.Append(" at offset ");
    out_.AppendUint(g.error_offset);
    if (g.error.tag != 0) {
      out_.Append(", tag ");
      out_.AppendUint(g.error.tag);
    }
    out_.Append('\n');
  }

  std::uint64_t checked_ = 0, failed_ = 0, garbled_ = 0;

 private:
  void Start(std::uint64_t offset) {
    if (json_) {
      AppendJsonRecordStart(out_, file_, offset);
      return;
    }
    if (file_ != nullptr) {
      out_.Append(*file_);
      out_.Append(' ');
    }
    out_.Append("offset ");
    out_.AppendUint(offset);
  }

  Output& out_;
  Dictionaries& dicts_;
  bool json_;
  const std::string* file_;
  Validator validator_;
  GroupStorage storage_;
  GroupedMessage grouped_;
};

}  // namespace

int RunValidate(const std::vector<std::string>& args) {
  Options options;
  int code = 0;
  if (!ParseOrExplain("validate", kHelp, args, kOptDelimiter | kOptDict | kOptJson | kOptFiles,
                      &options, &code)) {
    return code;
  }
  if (options.no_dict) {
    std::fprintf(stderr, "fixwire validate: --no-dict: validation needs a dictionary\n");
    return 2;
  }
  Dictionaries dicts;
  if (!LoadDictionaries("validate", options, &dicts)) return 2;
  DecoderOptions decoder_options = LogDecoderOptions(dicts);
  decoder_options.allow_empty_values = true;  // reported as SessionRejectReason 4
  Decoder decoder(decoder_options);
  Reader reader(decoder, options.delimiter);
  Output out;
  std::uint64_t checked = 0, failed = 0, garbled = 0;
  const bool many = options.files.size() > 1;
  int status = ForEachInput("validate", options, [&](Input& input) {
    ValidateSink sink(out, dicts, options.json, many ? &input.name() : nullptr);
    ReadInput(reader, input, sink, options);
    checked += sink.checked_;
    failed += sink.failed_;
    garbled += sink.garbled_;
  });
  if (!options.json) {
    out.Append("checked ");
    out.AppendUint(checked);
    out.Append(" messages: ");
    out.AppendUint(checked - failed);
    out.Append(" passed, ");
    out.AppendUint(failed);
    out.Append(" failed (");
    out.AppendUint(garbled);
    out.Append(" garbled)\n");
  }
  out.Flush();
  if (out.failed()) return 2;
  if (status != 0) return status;
  return failed != 0 ? 1 : 0;
}

}  // namespace fixwire::cli
