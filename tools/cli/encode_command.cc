// encode_command.cc: "fixwire encode": tag=value lines to wire FIX with
// correct BodyLength and CheckSum.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "fixwire/wire/data_fields.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/wire/message_view.h"
#include "tools/cli/command_loop.h"
#include "tools/cli/commands.h"
#include "tools/cli/dictionaries.h"
#include "tools/cli/line_parser.h"
#include "tools/cli/output.h"
#include "tools/cli/reader.h"

namespace fixwire::cli {
namespace {

constexpr char kHelp[] =
    "usage: fixwire encode [options] [FILE...]\n"
    "\n"
    "Reads one message per line from the FILEs (standard input when none, or -), fields\n"
    "written tag=value and separated by SOH, | or ^A (detected), e.g.\n"
    "  8=FIX.4.4|35=D|49=CLIENT|56=BROKER|34=2|52=20261202-10:00:00|11=ID1|...\n"
    "BodyLength (9) and CheckSum (10) may be absent or wrong: they are written anew.\n"
    "8 must come first and 35 next (after 9, if present). A data field announced by its\n"
    "Length field (95/96, 212/213, ...) is taken as exactly that many bytes, so it may hold\n"
    "delimiters and newlines. A QuickFIX log prefix (\"<time> : \") is skipped.\n"
    "\n"
    "options:\n"
    "  --delimiter=soh|pipe|caret  delimiter of the output (default soh: wire FIX)\n"
    "  --newline=auto|always|never a newline after each message (auto: not for soh)\n"
    "  --dict=PATH                 dictionary whose Length/Data fields to honour\n"
    "exit status: 0 every line encoded, 1 a line could not be (reported on stderr and\n"
    "skipped), 2 usage or I/O error\n";

// Encode builds the message; returns false with *error set on a mistake.
// gcc 12 at -O1 (--config=asan) warns that Encoder::head_ may be used
// uninitialized once Begin() is inlined here; Begin() writes it first
// (a false positive inside codec/encoder.h, reported to its owner).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
bool Encode(const std::vector<ParsedField>& fields, const LengthFieldTable& lengths,
            std::vector<char>* buffer, std::string_view* out, std::string* error) {
  if (fields.empty() || fields[0].tag != kTagBeginString) {
    *error = "the first field must be 8 (BeginString), e.g. 8=FIX.4.4";
    return false;
  }
  std::size_t i = 1;
  while (i < fields.size() && fields[i].tag == kTagBodyLength) ++i;
  if (i >= fields.size() || fields[i].tag != kTagMsgType) {
    *error = "35 (MsgType) must follow 8 (and 9, if present)";
    return false;
  }
  std::size_t size = 64;
  for (const ParsedField& f : fields) size += f.value.size() + 16;
  buffer->resize(size);
  Encoder enc(std::span<char>(buffer->data(), buffer->size()));
  enc.Begin(fields[0].value, fields[i].value);
  for (++i; i < fields.size(); ++i) {
    const ParsedField& f = fields[i];
    if (f.tag == kTagBodyLength || f.tag == kTagCheckSum) continue;
    const std::uint32_t data_tag = lengths.DataTagFor(f.tag);
    if (data_tag != 0 && i + 1 < fields.size() && fields[i + 1].tag == data_tag) {
      enc.AddData(f.tag, data_tag, fields[i + 1].value);
      ++i;
      continue;
    }
    enc.AddString(f.tag, f.value);
  }
  EncodeResult r = enc.Finish();
  if (!r.ok()) {
    *error = std::string("cannot encode: ") + std::string(ErrorCodeName(r.error.code));
    if (r.error.tag != 0) *error += " at tag " + std::to_string(r.error.tag);
    if (r.error.code == ErrorCode::kInvalidValue) *error += " (an empty value, or SOH in a value)";
    return false;
  }
  *out = r.bytes;
  return true;
}
#pragma GCC diagnostic pop

}  // namespace

int RunEncode(const std::vector<std::string>& args) {
  Options options;
  int code = 0;
  if (!ParseOrExplain("encode", kHelp, args, kOptDelimiter | kOptDict | kOptFiles | kOptNewline,
                      &options, &code)) {
    return code;
  }
  Dictionaries dicts;
  if (!LoadDictionaries("encode", options, &dicts)) return 2;
  const LengthFieldTable& lengths =
      dicts.length_fields() != nullptr ? *dicts.length_fields() : StandardLengthFields();
  const Delimiter out_delim =
      options.delimiter == Delimiter::kAuto ? Delimiter::kSoh : options.delimiter;
  const bool newline = options.newline == "always" ||
                       (options.newline == "auto" && out_delim != Delimiter::kSoh);
  const std::string_view delim_text = out_delim == Delimiter::kPipe    ? "|"
                                      : out_delim == Delimiter::kCaret ? "^A"
                                                                       : "\x01";
  DecoderOptions decoder_options;
  decoder_options.length_fields = &lengths;
  Decoder decoder(decoder_options);
  FieldIndex index(1 << 16);
  Output out;
  std::vector<ParsedField> fields;
  std::vector<char> buffer;
  bool any_failed = false;
  int status = ForEachInput("encode", options, [&](Input& input) {
    LineParser parser(input.bytes(), DetectDelimiter(input.bytes()), lengths);
    std::string error;
    while (!parser.done()) {
      const std::size_t line = parser.line();
      std::string_view bytes;
      if (!parser.Next(&fields, &error) || !Encode(fields, lengths, &buffer, &bytes, &error)) {
        std::fprintf(stderr, "fixwire encode: %s:%zu: %s\n", input.name().c_str(), line,
                     error.c_str());
        any_failed = true;
        continue;
      }
      if (out_delim == Delimiter::kSoh) {
        out.Append(bytes);
      } else {
        MessageView view;
        if (!decoder.Decode(bytes, index, view).ok()) {  // cannot happen: the encoder's output
          std::fprintf(stderr, "fixwire encode: %s:%zu: internal error re-reading the message\n",
                       input.name().c_str(), line);
          any_failed = true;
          continue;
        }
        for (const Field& f : view.fields()) {
          out.AppendUint(f.tag);
          out.Append('=');
          out.Append(view.value(f));
          out.Append(delim_text);
        }
      }
      if (newline) out.Append('\n');
    }
  });
  out.Flush();
  if (out.failed()) return 2;
  if (status != 0) return status;
  return any_failed ? 1 : 0;
}

}  // namespace fixwire::cli
