// json_command.cc: "fixwire json": one JSON object per message per line.
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "fixwire/wire/decoder.h"
#include "fixwire/dictionary/group_view.h"
#include "fixwire/wire/message_view.h"
#include "tools/cli/command_loop.h"
#include "tools/cli/commands.h"
#include "tools/cli/dictionaries.h"
#include "tools/cli/json_escape.h"
#include "tools/cli/output.h"
#include "tools/cli/progress.h"
#include "tools/cli/reader.h"

namespace fixwire::cli {
namespace {

constexpr char kHelp[] =
    "usage: fixwire json [options] [FILE...]\n"
    "\n"
    "Decodes FIX messages from the FILEs (standard input when none, or -) and writes one\n"
    "JSON object per message per line:\n"
    "  {\"offset\":N,\"ok\":true,\"begin_string\":\"FIX.4.4\",\"msg_type\":\"D\",\n"
    "   \"fields\":[[8,\"FIX.4.4\"],[9,\"120\"],...],\"groups\":[...]}\n"
    "\"fields\" is every field in wire order; \"groups\" (when a dictionary is in use) nests\n"
    "the repeating groups: [{\"tag\":453,\"count\":2,\"entries\":[{\"fields\":[...],\n"
    "\"groups\":[...]}]}], each entry listing its own fields (nested groups apart).\n"
    "A message that does not decode gives\n"
    "  {\"offset\":N,\"ok\":false,\"error\":\"check_sum_mismatch\",\"tag\":10,\"error_offset\":M}\n"
    "Offsets are byte offsets in the input file. Strings hold one code point per byte\n"
    "(bytes 0x80-0xFF as \\u0080-\\u00ff): encode them as Latin-1 to get the exact bytes.\n"
    "With several FILEs each object starts with \"file\".\n"
    "\n"
    "options:\n"
    "  --delimiter=auto|soh|pipe|caret  field delimiter of the input (default: detected)\n"
    "  --dict=PATH             QuickFIX XML dictionary for every message\n"
    "  --transport-dict=PATH   FIXT 1.1 transport dictionary (default: shipped FIXT11.xml)\n"
    "  --app-dict=PATH         FIXT 1.1 application dictionary (default: shipped FIX50SP2.xml)\n"
    "  --no-dict               no dictionary: no \"groups\"\n"
    "  --no-progress           no progress line on stderr\n"
    "exit status: 0 every message decoded, 1 some input was garbled, 2 usage or I/O error\n";

class JsonSink {
 public:
  JsonSink(Output& out, Dictionaries& dicts, const Reader& reader, const std::string* file)
      : out_(out), dicts_(dicts), reader_(reader), file_(file), storage_(4096, 1 << 16) {}

  void OnMessage(const MessageView& view, std::uint64_t offset) {
    Start(offset);
    out_.Append(",\"ok\":true,\"begin_string\":");
    String(view.begin_string());
    out_.Append(",\"msg_type\":");
    String(view.msg_type());
    out_.Append(",\"fields\":");
    Fields(view, view.fields().data(), 0, view.field_count());
    if (!dicts_.disabled()) {
      Dictionaries::Choice c = dicts_.For(view);
      if (c.found()) {
        GroupOptions options;
        options.allow_out_of_order = true;
        options.unknown_fields = UnknownInGroup::kKeepInEntry;
        options.check_count = false;
        Error e = c.header == c.body
                      ? IndexGroups(view, *c.body, options, storage_, &grouped_)
                      : IndexGroups(view, *c.header, *c.body, options, storage_, &grouped_);
        if (e.ok()) {
          out_.Append(",\"groups\":");
          Groups(view, grouped_.groups());
        } else {
          out_.Append(",\"groups_error\":\"");
          out_.Append(ErrorCodeName(e.code));
          out_.Append("\",\"groups_error_tag\":");
          out_.AppendUint(e.tag);
        }
      }
    }
    out_.Append("}\n");
  }

  void OnGarbled(const Garbled& g) {
    ++garbled_;
    Start(g.offset);
    out_.Append(",\"ok\":false,\"error\":\"");
    out_.Append(ErrorCodeName(g.error.code));
    out_.Append("\",\"tag\":");
    if (g.error.tag != 0) {
      out_.AppendUint(g.error.tag);
    } else {
      out_.Append("null");
    }
    out_.Append(",\"error_offset\":");
    out_.AppendUint(g.error_offset);
    out_.Append("}\n");
  }

  std::uint64_t garbled() const { return garbled_; }

 private:
  void Start(std::uint64_t offset) { AppendJsonRecordStart(out_, file_, offset); }

  // String writes a JSON string of bytes of the current buffer.
  void String(std::string_view bytes) {
    if (bytes.size() > 1024) {
      AppendJsonString(out_, bytes);
      return;
    }
    char* const start = out_.Reserve(6 * bytes.size() + kEscapeSlack + 2);
    char* p = start;
    *p++ = '"';
    p = EscapeTo(p, bytes, reader_.buffer_end());
    *p++ = '"';
    out_.Commit(static_cast<std::size_t>(p - start));
  }

  // Fields writes fields [begin, end) except those inside `groups` (the
  // top-level groups, or an entry's nested ones; none by default). Room for every field
  // is reserved once (the values are bytes of the message, so 6 times its
  // size bounds their escapes), and the fields are written through a local
  // pointer; a message too big for that goes field by field.
  void Fields(const MessageView& view, const Field* fields, std::uint32_t begin, std::uint32_t end,
              GroupList groups = {}) {
    const std::size_t room = 6 * std::size_t{view.size()} + (JsonFieldRoom(0) + 1) * (end - begin) + 2;
    const bool direct = room <= Output::kBufferSize / 2;
    const char* const readable_end = reader_.buffer_end();  // the values may be read up to there
    char* const start = direct ? out_.Reserve(room) : nullptr;
    char* p = start;
    if (direct) {
      *p++ = '[';
    } else {
      out_.Append('[');
    }
    bool first = true;
    GroupList::Iterator group = groups.begin();
    const GroupList::Iterator no_group = groups.end();
    for (std::uint32_t i = begin; i < end; ++i) {
      if (group != no_group) {
        const std::span<const Field> g = (*group).fields();  // the count field first
        const auto count_field = static_cast<std::uint32_t>(g.data() - fields);
        if (i == count_field + 1) {
          const auto skip_to = static_cast<std::uint32_t>(count_field + g.size());
          ++group;
          if (skip_to > i) {
            i = skip_to - 1;
            continue;
          }
        }
      }
      if (direct) {
        if (!first) *p++ = ',';
        p = WriteJsonField(p, fields[i].tag, view.value(fields[i]), readable_end);
      } else {
        if (!first) out_.Append(',');
        AppendJsonField(out_, fields[i].tag, view.value(fields[i]));
      }
      first = false;
    }
    if (direct) {
      *p++ = ']';
      out_.Commit(static_cast<std::size_t>(p - start));
    } else {
      out_.Append(']');
    }
  }

  void Groups(const MessageView& view, GroupList groups) {
    out_.Append('[');
    bool first = true;
    const Field* const fields = view.fields().data();
    for (const GroupView g : groups) {
      if (!first) out_.Append(',');
      first = false;
      out_.Append("{\"tag\":");
      out_.AppendUint(g.count_field().tag);
      out_.Append(",\"count\":");
      out_.AppendUint(g.declared_count());
      out_.Append(",\"entries\":[");
      bool first_entry = true;
      for (const GroupEntryView entry : g) {
        if (!first_entry) out_.Append(',');
        first_entry = false;
        out_.Append("{\"fields\":");
        const auto entry_begin = static_cast<std::uint32_t>(entry.fields().data() - fields);
        Fields(view, fields, entry_begin,
               entry_begin + static_cast<std::uint32_t>(entry.fields().size()), entry.groups());
        if (!entry.groups().empty()) {
          out_.Append(",\"groups\":");
          Groups(view, entry.groups());
        }
        out_.Append('}');
      }
      out_.Append("]}");
    }
    out_.Append(']');
  }

  Output& out_;
  Dictionaries& dicts_;
  const Reader& reader_;
  const std::string* file_;
  GroupStorage storage_;
  GroupedMessage grouped_;
  std::uint64_t garbled_ = 0;
};

}  // namespace

int RunJson(const std::vector<std::string>& args) {
  Options options;
  int code = 0;
  if (!ParseOrExplain("json", kHelp, args, kOptDelimiter | kOptDict | kOptFiles, &options,
                      &code)) {
    return code;
  }
  Dictionaries dicts;
  if (!LoadDictionaries("json", options, &dicts)) return 2;
  Decoder decoder(LogDecoderOptions(dicts));
  Reader reader(decoder, options.delimiter);
  Output out;
  return WriteEveryInput("json", options, reader, out, [&](const std::string* file) {
    return JsonSink(out, dicts, reader, file);
  });
}

}  // namespace fixwire::cli
