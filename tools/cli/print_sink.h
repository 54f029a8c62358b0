// print_sink.h: PrintSink, which writes decoded messages for a person to
// read: a line with the offset, BeginString and MsgType (and its name), then
// one line per field, "tag (Name) = value (enum description)", with
// repeating-group entries indented. "fixwire print" writes logs with it and
// "fixwire initiator" what comes back from the counterparty.
//
// Writes to an Output it does not own; one thread; allocates its group
// storage once.
#ifndef FIXWIRE_TOOLS_CLI_PRINT_SINK_H_
#define FIXWIRE_TOOLS_CLI_PRINT_SINK_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "fixwire/dictionary/dictionary.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"
#include "tools/cli/dictionaries.h"
#include "tools/cli/output.h"
#include "tools/cli/reader.h"

namespace fixwire::cli {

struct Colors {
  const char* header = "";
  const char* name = "";
  const char* value = "";
  const char* desc = "";
  const char* error = "";
  const char* reset = "";
};

class PrintSink {
 public:
  PrintSink(Output& out, Dictionaries& dicts, const Colors& colors, const std::string* file)
      : out_(out), dicts_(dicts), c_(colors), file_(file), storage_(4096, 1 << 16) {}

  void OnMessage(const MessageView& view, std::uint64_t offset) {
    Dictionaries::Choice choice = dicts_.For(view);
    header_ = choice.header;
    body_ = choice.body;
    Start(offset);
    out_.Append(c_.header);
    Value(view.begin_string());
    out_.Append(' ');
    Value(view.msg_type());
    if (body_ != nullptr) {
      if (const MessageDef* m = body_->message(view.msg_type())) {
        out_.Append(' ');
        out_.Append(body_->message_name(*m));
      }
    }
    out_.Append(c_.reset);
    out_.Append('\n');
    bool grouped = false;
    if (choice.found()) {
      GroupOptions options;
      options.allow_out_of_order = true;
      options.unknown_fields = UnknownInGroup::kKeepInEntry;
      options.check_count = false;
      Error e = choice.header == choice.body
                    ? IndexGroups(view, *choice.body, options, storage_, &grouped_)
                    : IndexGroups(view, *choice.header, *choice.body, options, storage_,
                                  &grouped_);
      if (e.ok()) {
        grouped = true;
      } else {
        out_.Append("  (groups not shown: ");
        out_.Append(ErrorCodeName(e.code));
        out_.Append(" at tag ");
        out_.AppendUint(e.tag);
        out_.Append(")\n");
      }
    }
    Walk(view, 0, view.field_count(), grouped ? grouped_.groups() : GroupList(), 1, false);
    out_.Append('\n');
  }

  void OnGarbled(const Garbled& g) {
    ++garbled_;
    Start(g.offset);
    out_.Append(c_.error);
    out_.Append("garbled: ");
    out_.Append(ErrorCodeName(g.error.code));
    out_.Append(c_.reset);
    out_.Append(" at offset ");
    out_.AppendUint(g.error_offset);
    if (g.error.tag != 0) {
      out_.Append(", tag ");
      out_.AppendUint(g.error.tag);
    }
    out_.Append("\n\n");
  }

  std::uint64_t garbled() const { return garbled_; }

 private:
  void Start(std::uint64_t offset) {
    if (file_ != nullptr) {
      out_.Append(*file_);
      out_.Append(' ');
    }
    out_.Append("offset ");
    out_.AppendUint(offset);
    out_.Append(": ");
  }

  // Walk prints fields [begin, end); the entries of `groups` (the top-level
  // groups, or an entry's nested ones) get indented one level deeper.
  void Walk(const MessageView& view, std::uint32_t begin, std::uint32_t end, GroupList groups,
            int depth, bool entry_start) {
    const Field* const fields = view.fields().data();
    GroupList::Iterator group = groups.begin();
    const GroupList::Iterator no_group = groups.end();
    for (std::uint32_t i = begin; i < end; ++i) {
      PrintField(view, view.field(i), depth, entry_start && i == begin);
      if (group == no_group) continue;
      const GroupView g = *group;
      if (&g.count_field() != fields + i) continue;
      for (const GroupEntryView entry : g) {
        const auto entry_begin = static_cast<std::uint32_t>(entry.fields().data() - fields);
        Walk(view, entry_begin, entry_begin + static_cast<std::uint32_t>(entry.fields().size()),
             entry.groups(), depth + 1, true);
      }
      const auto end_field = static_cast<std::uint32_t>(i + g.fields().size());
      if (end_field > i + 1) i = end_field - 1;
      ++group;
    }
  }

  void PrintField(const MessageView& view, const Field& f, int depth, bool entry_start) {
    for (int d = 0; d < depth; ++d) out_.Append("  ");
    out_.Append(entry_start ? "- " : (depth > 1 ? "  " : ""));
    out_.AppendUint(f.tag);
    const FieldDef* def = nullptr;
    const Dictionary* dict = nullptr;
    if (body_ != nullptr && (def = body_->field(f.tag)) != nullptr) {
      dict = body_;
    } else if (header_ != nullptr && (def = header_->field(f.tag)) != nullptr) {
      dict = header_;
    }
    if (def != nullptr) {
      out_.Append(" (");
      out_.Append(c_.name);
      out_.Append(dict->field_name(*def));
      out_.Append(c_.reset);
      out_.Append(')');
    }
    out_.Append(" = ");
    out_.Append(c_.value);
    const std::string_view value = view.value(f);
    Value(value);
    out_.Append(c_.reset);
    if (def != nullptr && def->has_enums()) {
      for (const auto& [v, desc] : dict->enum_listing(*def)) {
        if (v == value) {
          out_.Append(" (");
          out_.Append(c_.desc);
          out_.Append(desc);
          out_.Append(c_.reset);
          out_.Append(')');
          break;
        }
      }
    }
    out_.Append('\n');
  }

  // Value writes bytes, printable ASCII as is, others as \xNN (and '\' as \\).
  void Value(std::string_view v) {
    static constexpr char kHex[] = "0123456789abcdef";
    for (unsigned char ch : v) {
      if (ch >= 0x20 && ch < 0x7f && ch != '\\') {
        out_.Append(static_cast<char>(ch));
      } else if (ch == '\\') {
        out_.Append("\\\\");
      } else {
        const char esc[4] = {'\\', 'x', kHex[ch >> 4], kHex[ch & 15]};
        out_.Append(std::string_view(esc, 4));
      }
    }
  }

  Output& out_;
  Dictionaries& dicts_;
  const Colors& c_;
  const std::string* file_;
  GroupStorage storage_;
  GroupedMessage grouped_;
  const Dictionary* header_ = nullptr;
  const Dictionary* body_ = nullptr;
  std::uint64_t garbled_ = 0;
};

}  // namespace fixwire::cli

#endif  // FIXWIRE_TOOLS_CLI_PRINT_SINK_H_
