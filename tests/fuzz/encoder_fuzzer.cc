// encoder_fuzzer.cc: the Encoder driven by a fuzzer-chosen program of fields,
// values, groups and a buffer size; encode, decode, and compare.
//
// Input: two bytes of buffer size (0..4095), one of options (bit 0
// zero_padded_body_length; bits 1-2 choose the BeginString), MsgType bytes,
// then operations until the input ends (at most 256): add an int, uint, char,
// bool, string, decimal, fixed decimal, double, timestamp, time, date,
// MonthYear or data field, or open a repeating group (NumInGroup and entry
// count chosen separately, so mismatches happen; one level of nesting).
//
// The program runs twice: into a 64 KiB buffer and into the fuzzer's buffer,
// each of exactly its size on the heap (ASan sees any write outside); each
// time once through the encoder's calls and once through an Encoder::Cursor,
// which must give the same bytes or the same error (code, tag, offset).
// It also runs after a MessageTemplate's Start (the encoder's timestamp
// cache warmed first, so that Start and the run can be summed) through an
// Encoder::Cursor and through an Encoder::SummingCursor, in both buffers:
// the same bytes or the same error, and a finished message's CheckSum the
// byte loop's.
//   * Big buffer: the result must be the first error the program contains
//     (predicted here from the documented rules: tag range, empty or SOH
//     text, decimal exponent, fixed-decimal overflow, printf's digits for
//     doubles, time and date ranges, group counts), with that tag; or, when
//     the program is valid, a message the Decoder accepts whose fields after
//     35 are exactly the program's, each read back to the value written
//     (integers, text and data exactly; decimals exactly or equivalently;
//     doubles as printf "%.*f" prints them; times truncated to the precision).
//   * Small buffer: success exactly when the message plus the BodyLength
//     reservation (as many digits as the buffer size has) fits, and then the
//     same bytes; otherwise kBufferTooSmall, never a write outside the buffer.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fixwire/wire/data_fields.h"
#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/wire/decoder.h"
#include "fixwire/encode/encoder.h"
#include "fixwire/values/error.h"
#include "fixwire/values/field.h"
#include "fixwire/wire/field_index.h"
#include "fixwire/encode/message_template.h"
#include "fixwire/wire/message_view.h"
#include "fixwire/values/values.h"
#include "tests/fuzz/fuzz_support.h"

namespace fixwire::fuzz {
namespace {

using i128 = __int128;

enum class Kind : std::uint8_t {
  kInt, kUint, kChar, kBool, kString, kDecimal, kDecimalFixed, kDouble, kTimestamp, kTimeOnly,
  kDate, kMonthYear, kData, kGroup, kEntry, kEndGroup,
};
constexpr int kValueKinds = 14;  // kInt .. kGroup are chosen directly

struct Op {
  Kind kind;
  std::uint32_t tag = 0;
  std::uint32_t data_tag = 0;   // kData
  std::int64_t i = 0;           // int, timestamp, time, decimal mantissa, group count
  std::uint64_t u = 0;
  double d = 0;
  int n = 0;                    // decimal exponent / decimals / precision
  int n2 = 0;                   // fixed decimals
  TimePrecision precision = TimePrecision::kMillis;
  Date date;
  MonthYear month_year;
  std::string text;             // string, char, data
  // Prediction:
  ErrorCode error = ErrorCode::kOk;  // the error this op records (kOk: none)
  std::string expect_text;           // kDouble: printf's digits
};

constexpr std::uint32_t kTags[] = {1, 11, 38, 44, 52, 55, 58, 60, 100, 5000, 9999, 16383, 16384, 20000,
                                   999999999};
constexpr LengthDataPair kPairs[] = {{95, 96}, {212, 213}, {90, 91}, {93, 89}, {354, 355}};

bool ValidTag(std::uint32_t tag) { return tag >= 1 && tag <= kMaxTag; }

std::uint32_t PickTag(FuzzInput& in) {
  const std::uint8_t b = in.Byte();
  std::uint32_t tag = b < 240 ? kTags[b % std::size(kTags)] : static_cast<std::uint32_t>(in.Range(0, 0xffffffffu));
  // 8, 9 and 10 belong to the frame and a Length tag must be followed by its
  // data field: the decoder rejects both elsewhere, so keep them out.
  while (tag == 8 || tag == 9 || tag == 10 || StandardLengthFields().IsLengthTag(tag)) tag += 1000;
  return tag;
}

bool Leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
int MonthDays(int y, int m) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && Leap(y) ? 29 : kDays[m - 1];
}

int PrecisionDigits(TimePrecision p) { return static_cast<int>(p) > 9 ? 9 : static_cast<int>(p); }

i128 FloorTo(i128 v, i128 unit) {
  i128 q = v / unit;
  if (v % unit != 0 && v < 0) --q;
  return q * unit;
}

// Predict one op's error from the documented rules (never from the encoder).
void Predict(Op& op) {
  if (op.kind == Kind::kEntry || op.kind == Kind::kEndGroup) return;
  if (!ValidTag(op.tag) || (op.kind == Kind::kData && !ValidTag(op.data_tag))) {
    op.error = ErrorCode::kInvalidTag;
    return;
  }
  auto invalid = [&op](bool bad) {
    if (bad) op.error = ErrorCode::kInvalidValue;
  };
  switch (op.kind) {
    case Kind::kChar:
      invalid(op.text[0] == '\x01');
      break;
    case Kind::kString:
      invalid(op.text.empty() || op.text.find('\x01') != std::string::npos);
      break;
    case Kind::kData:
      invalid(op.text.empty());
      break;
    case Kind::kDecimal:
      invalid(op.n > 40 || op.n < -40);
      break;
    case Kind::kDecimalFixed: {
      if (op.n2 < 0 || op.n2 > 18) {
        invalid(true);
        break;
      }
      const int shift = op.n + op.n2;
      if (shift > 0 && op.i != 0) {
        i128 p = op.i;
        for (int k = 0; k < shift && p <= INT64_MAX && p >= INT64_MIN; ++k) p *= 10;
        invalid(shift > 18 || p > INT64_MAX || p < INT64_MIN);
      }
      break;
    }
    case Kind::kDouble: {
      if (op.n < 0 || op.n > 18 || !std::isfinite(op.d)) {
        invalid(true);
        break;
      }
      char buf[400];
      std::snprintf(buf, sizeof buf, "%.*f", op.n, op.d);
      std::string s(buf);
      std::string digits;
      for (char c : s) {
        if (c >= '0' && c <= '9') digits += c;
      }
      const std::size_t first = digits.find_first_not_of('0');
      const std::string significant = first == std::string::npos ? "0" : digits.substr(first);
      bool too_big = significant.size() > 20;
      if (!too_big && significant.size() == 20) too_big = significant > "18446744073709551615";
      invalid(too_big);
      if (first == std::string::npos && s[0] == '-') s.erase(0, 1);  // no "-0.00"
      op.expect_text = s;
      break;
    }
    case Kind::kTimeOnly:
      invalid(op.i < 0 || op.i >= kNanosPerDay);
      break;
    case Kind::kDate:
      invalid(op.date.year < 0 || op.date.year > 9999 || op.date.month < 1 || op.date.month > 12 ||
              op.date.day < 1 || op.date.day > MonthDays(op.date.year, op.date.month));
      break;
    case Kind::kMonthYear: {
      const MonthYear& m = op.month_year;
      invalid(m.year < 0 || m.year > 9999 || m.month < 1 || m.month > 12 || (m.day != 0 && m.week != 0) ||
              (m.day != 0 && m.day > MonthDays(m.year, m.month)) || m.week > 5);
      break;
    }
    default:
      break;
  }
}

struct Program {
  std::size_t buffer_size = 0;
  bool padded = false;
  std::string begin_string;
  std::string msg_type;
  std::vector<Op> ops;
};

Program Parse(FuzzInput& in) {
  Program p;
  p.buffer_size = in.Range(0, 4095);
  const std::uint8_t options = in.Byte();
  p.padded = (options & 1) != 0;
  constexpr const char* kBegin[] = {"FIX.4.2", "FIX.4.4", "FIXT.1.1", nullptr};
  const char* begin = kBegin[(options >> 1) & 3];
  p.begin_string = begin != nullptr ? begin : std::string(in.LengthPrefixed(20));
  p.msg_type = std::string(in.LengthPrefixed(3));
  int depth = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> groups;  // (count tag, entries left to open)
  while (!in.empty() && p.ops.size() < 256) {
    const std::uint8_t choice = in.Byte();
    Op op;
    op.kind = static_cast<Kind>(choice % kValueKinds);
    if (op.kind == Kind::kGroup && depth == 2) op.kind = Kind::kString;
    // Inside a group, a high bit moves on to the next entry or ends the group.
    if (depth > 0 && (choice & 0x80) != 0) {
      Op control;
      if (groups.back().second > 0) {
        control.kind = Kind::kEntry;
        --groups.back().second;
      } else {
        control.kind = Kind::kEndGroup;
        groups.pop_back();
        --depth;
      }
      p.ops.push_back(control);
      continue;
    }
    op.tag = PickTag(in);
    switch (op.kind) {
      case Kind::kInt:
      case Kind::kTimestamp:
        op.i = static_cast<std::int64_t>(in.Uint64());
        op.precision = static_cast<TimePrecision>(std::array<int, 5>{0, 3, 6, 9, 12}[in.Byte() % 5]);
        break;
      case Kind::kTimeOnly:
        op.i = static_cast<std::int64_t>(in.Range(0, 2 * static_cast<std::uint64_t>(kNanosPerDay))) - 1000;
        op.precision = static_cast<TimePrecision>(std::array<int, 5>{0, 3, 6, 9, 12}[in.Byte() % 5]);
        break;
      case Kind::kUint:
        op.u = in.Uint64() >> (in.Byte() % 64);
        break;
      case Kind::kChar:
        op.text = std::string(1, static_cast<char>(in.Byte()));
        break;
      case Kind::kBool:
        op.u = in.Byte() & 1;
        break;
      case Kind::kString:
        op.text = std::string(in.LengthPrefixed(40));
        break;
      case Kind::kDecimal:
        op.i = static_cast<std::int64_t>(in.Uint64()) >> (in.Byte() % 64);
        op.n = static_cast<int>(in.Range(0, 90)) - 45;
        break;
      case Kind::kDecimalFixed:
        op.i = static_cast<std::int64_t>(in.Uint64()) >> (in.Byte() % 64);
        op.n = static_cast<int>(in.Range(0, 80)) - 40;
        op.n2 = static_cast<int>(in.Range(0, 21)) - 1;
        break;
      case Kind::kDouble: {
        const std::uint64_t bits = in.Uint64();
        std::memcpy(&op.d, &bits, sizeof op.d);
        if ((in.Byte() & 1) != 0) op.d = static_cast<double>(static_cast<std::int64_t>(bits) >> 40) / 64.0;
        op.n = static_cast<int>(in.Range(0, 20)) - 1;
        break;
      }
      case Kind::kDate:
        op.date = Date{static_cast<std::int16_t>(in.Range(0, 10100) - 50), static_cast<std::uint8_t>(in.Range(0, 13)),
                       static_cast<std::uint8_t>(in.Range(0, 32))};
        break;
      case Kind::kMonthYear:
        op.month_year = MonthYear{static_cast<std::int16_t>(in.Range(0, 10100) - 50),
                                  static_cast<std::uint8_t>(in.Range(0, 13)),
                                  static_cast<std::uint8_t>(in.Bool() ? in.Range(0, 32) : 0),
                                  static_cast<std::uint8_t>(in.Bool() ? in.Range(0, 6) : 0)};
        break;
      case Kind::kData: {
        const LengthDataPair pair = kPairs[in.Byte() % std::size(kPairs)];
        op.tag = pair.length_tag;
        op.data_tag = pair.data_tag;
        op.text = std::string(in.LengthPrefixed(40));
        break;
      }
      case Kind::kGroup:
        op.u = in.Range(0, 5);                      // NumInGroup written
        groups.emplace_back(op.tag, in.Range(0, 5));  // entries the program opens
        ++depth;
        break;
      default:
        break;
    }
    p.ops.push_back(op);
  }
  while (depth-- > 0) {
    Op end;
    end.kind = Kind::kEndGroup;
    p.ops.push_back(end);
  }
  for (Op& op : p.ops) Predict(op);
  return p;
}

// Replay makes the program's calls on `w`, the Encoder or an Encoder::Cursor
// (`groups`: its group checkers).
template <typename Writer, typename Group>
void Replay(const Program& p, Writer& w, std::vector<Group>& groups) {
  for (const Op& op : p.ops) {
    switch (op.kind) {
      case Kind::kInt: w.AddInt(op.tag, op.i); break;
      case Kind::kUint: w.AddUint(op.tag, op.u); break;
      case Kind::kChar: w.AddChar(op.tag, op.text[0]); break;
      case Kind::kBool: w.AddBool(op.tag, op.u != 0); break;
      case Kind::kString: w.AddString(op.tag, op.text); break;
      case Kind::kDecimal: w.AddDecimal(op.tag, Decimal{op.i, op.n}); break;
      case Kind::kDecimalFixed: w.AddDecimal(op.tag, Decimal{op.i, op.n}, op.n2); break;
      case Kind::kDouble: w.AddDouble(op.tag, op.d, op.n); break;
      case Kind::kTimestamp: w.AddTimestamp(op.tag, op.i, op.precision); break;
      case Kind::kTimeOnly: w.AddTimeOnly(op.tag, op.i, op.precision); break;
      case Kind::kDate: w.AddDate(op.tag, op.date); break;
      case Kind::kMonthYear: w.AddMonthYear(op.tag, op.month_year); break;
      case Kind::kData: w.AddData(op.tag, op.data_tag, op.text); break;
      case Kind::kGroup: groups.push_back(w.BeginGroup(op.tag, static_cast<std::uint32_t>(op.u))); break;
      case Kind::kEntry: groups.back().NextEntry(); break;
      case Kind::kEndGroup:
        groups.back().End();
        groups.pop_back();
        break;
    }
  }
}

// ReplayThroughCursor replays the program through a cursor of type
// CursorType opened on `enc` (Group: its group checkers).
template <typename CursorType, typename Group>
void ReplayThroughCursor(const Program& p, Encoder& enc) {
  std::vector<Group> groups;
  CursorType c(enc);
  Replay(p, c, groups);
}

// Run replays the program into `buffer`, through the encoder's calls or
// through an Encoder::Cursor.
EncodeResult Run(const Program& p, std::span<char> buffer, bool padded, bool cursor) {
  EncoderOptions options;
  options.zero_padded_body_length = padded;
  Encoder enc(buffer, options);
  enc.Begin(p.begin_string, p.msg_type);
  if (cursor) {
    ReplayThroughCursor<Encoder::Cursor, CursorGroupEncoder>(p, enc);
  } else {
    std::vector<GroupEncoder> groups;
    Replay(p, enc, groups);
  }
  return enc.Finish();
}

// RunAfterTemplate replays the program after `t.Start` through a Cursor or
// a SummingCursor; a timestamp in Start's second is written first (and the
// message restarted) so that the encoder's cached second holds it.
EncodeResult RunAfterTemplate(const Program& p, const MessageTemplate& t, std::span<char> buffer,
                              bool padded, bool summing) {
  constexpr std::int64_t kNow = 1'796'225'400'123'456'789;
  EncoderOptions options;
  options.zero_padded_body_length = padded;
  Encoder enc(buffer, options);
  enc.Begin(p.begin_string, p.msg_type);
  enc.AddTimestamp(52, kNow - 1000, TimePrecision::kSeconds);
  t.Start(enc, p.ops.size() * 7919, kNow);
  if (summing) {
    ReplayThroughCursor<Encoder::SummingCursor, SummingCursorGroupEncoder>(p, enc);
  } else {
    ReplayThroughCursor<Encoder::Cursor, CursorGroupEncoder>(p, enc);
  }
  return enc.Finish();
}

// CheckTemplateRuns: after a template's Start, a SummingCursor gives a
// Cursor's bytes or error, in a heap buffer of exactly `size` bytes, and a
// finished message's CheckSum is the byte loop's.
void CheckTemplateRuns(const Program& p, std::size_t size) {
  MessageTemplate t;
  t.Init(p.begin_string, p.msg_type);
  t.AddHeaderString(49, "SENDER");
  t.AddBodyFields([](Encoder& e) { e.AddChar(21, '1'); });
  std::unique_ptr<char[]> a(new char[size == 0 ? 1 : size]);
  std::unique_ptr<char[]> b(new char[size == 0 ? 1 : size]);
  const EncodeResult plain = RunAfterTemplate(p, t, std::span<char>(a.get(), size), p.padded, false);
  const EncodeResult summed = RunAfterTemplate(p, t, std::span<char>(b.get(), size), p.padded, true);
  if (summed.bytes != plain.bytes || summed.error.code != plain.error.code ||
      summed.error.tag != plain.error.tag || summed.error.offset != plain.error.offset) {
    std::fprintf(stderr, "template, buffer %zu: cursor %s tag %u offset %u, summing cursor %s tag %u offset %u\n",
                 size, std::string(ErrorCodeName(plain.error.code)).c_str(), plain.error.tag, plain.error.offset,
                 std::string(ErrorCodeName(summed.error.code)).c_str(), summed.error.tag, summed.error.offset);
    PrintBytes("cursor", plain.bytes);
    PrintBytes("summing cursor", summed.bytes);
    FIXWIRE_FUZZ_CHECK(false);
  }
  if (!summed.ok()) return;
  unsigned sum = 0;
  for (std::size_t k = 0; k + 7 < summed.bytes.size(); ++k) sum += static_cast<unsigned char>(summed.bytes[k]);
  char trailer[8];
  std::snprintf(trailer, sizeof trailer, "10=%03u", sum % 256);
  FIXWIRE_FUZZ_CHECK(summed.bytes.size() >= 7 && summed.bytes.substr(summed.bytes.size() - 7, 6) == trailer);
}

// RunBoth runs the program through the encoder's calls and through a cursor,
// each into a heap buffer of exactly `size` bytes, checks that both give the
// same bytes, or the same error (code, tag, offset), and returns the
// encoder's result (its bytes in `*buffer`).
EncodeResult RunBoth(const Program& p, std::size_t size, bool padded, std::unique_ptr<char[]>* buffer) {
  *buffer = std::unique_ptr<char[]>(new char[size]);
  const EncodeResult r = Run(p, std::span<char>(buffer->get(), size), padded, false);
  std::unique_ptr<char[]> cursor_buffer(new char[size]);
  const EncodeResult c = Run(p, std::span<char>(cursor_buffer.get(), size), padded, true);
  if (c.bytes != r.bytes || c.error.code != r.error.code || c.error.tag != r.error.tag ||
      c.error.offset != r.error.offset) {
    std::fprintf(stderr, "buffer %zu: encoder %s tag %u offset %u, cursor %s tag %u offset %u\n", size,
                 std::string(ErrorCodeName(r.error.code)).c_str(), r.error.tag, r.error.offset,
                 std::string(ErrorCodeName(c.error.code)).c_str(), c.error.tag, c.error.offset);
    PrintBytes("encoder", r.bytes);
    PrintBytes("cursor", c.bytes);
    FIXWIRE_FUZZ_CHECK(false);
  }
  return r;
}

// The first error of the program, by the rules: Begin's, then each op's in
// order (group counts checked at the group's end).
Error FirstError(const Program& p) {
  if (p.begin_string.empty() || p.begin_string.size() > Encoder::kMaxBeginStringSize ||
      p.begin_string.find('\x01') != std::string::npos) {
    return Error{ErrorCode::kInvalidValue, 0, 8};
  }
  if (p.msg_type.empty() || p.msg_type.find('\x01') != std::string::npos) return Error{ErrorCode::kInvalidValue, 0, 35};
  struct Open { std::uint32_t tag; std::uint64_t count; std::uint64_t entries; };
  std::vector<Open> open;
  for (const Op& op : p.ops) {
    if (op.kind == Kind::kEntry) {
      ++open.back().entries;
      continue;
    }
    if (op.kind == Kind::kEndGroup) {
      if (open.back().entries != open.back().count) return Error{ErrorCode::kGroupCountMismatch, 0, open.back().tag};
      open.pop_back();
      continue;
    }
    if (op.error != ErrorCode::kOk) return Error{op.error, 0, op.kind == Kind::kData && ValidTag(op.tag) ? op.data_tag : op.tag};
    if (op.kind == Kind::kGroup) open.push_back(Open{op.tag, op.u, 0});
  }
  return Error{};
}

std::string DecimalText(std::int64_t m, int e) {
  const bool negative = m < 0;
  const std::uint64_t magnitude =
      negative ? std::uint64_t{0} - static_cast<std::uint64_t>(m) : static_cast<std::uint64_t>(m);
  std::string digits = std::to_string(magnitude);
  if (m == 0) return e >= 0 ? "0" : "0." + std::string(static_cast<std::size_t>(-e), '0');
  if (e >= 0) {
    digits.append(static_cast<std::size_t>(e), '0');
  } else {
    const std::size_t frac = static_cast<std::size_t>(-e);
    if (digits.size() <= frac) digits.insert(0, frac + 1 - digits.size(), '0');
    digits.insert(digits.size() - frac, 1, '.');
  }
  return negative ? "-" + digits : digits;
}

// CheckValue: the decoded field `v` holds what op wrote.
void CheckValue(const Op& op, std::string_view v) {
  auto fail = [&](const char* what) {
    std::fprintf(stderr, "op kind %d tag %u: %s\n", static_cast<int>(op.kind), op.tag, what);
    PrintBytes("value", v);
    FIXWIRE_FUZZ_CHECK(false);
  };
  switch (op.kind) {
    case Kind::kInt: {
      std::int64_t x;
      if (ParseInt64(v, &x) != ErrorCode::kOk || x != op.i || std::to_string(op.i) != v) fail("int");
      break;
    }
    case Kind::kUint:
      if (std::to_string(op.u) != v) fail("uint");
      break;
    case Kind::kChar:
    case Kind::kString:
      if (v != op.text) fail("text");
      break;
    case Kind::kBool:
      if (v != (op.u != 0 ? "Y" : "N")) fail("bool");
      break;
    case Kind::kDecimal: {
      Decimal d;
      const ErrorCode c = ParseDecimal(v, &d);
      if (c == ErrorCode::kOk) {
        if (!d.Equivalent(Decimal{op.i, op.n})) fail("decimal value");
        if (op.n <= 0 && op.i != 0 && !(d == Decimal{op.i, op.n})) fail("decimal digits");
      } else if (c != ErrorCode::kValueOutOfRange || v != DecimalText(op.i, op.n)) {
        fail("decimal text");
      }
      break;
    }
    case Kind::kDecimalFixed: {
      Decimal d;
      if (ParseDecimal(v, &d) != ErrorCode::kOk || d.exponent != -op.n2) fail("fixed decimal digits");
      // Round half away from zero: |m * 10^shift| rounded.
      const int shift = op.n + op.n2;
      i128 want = op.i;
      if (shift > 0) {
        for (int k = 0; k < shift; ++k) want *= 10;
      } else if (shift < 0) {
        i128 div = 1;
        for (int k = 0; k < -shift && div < static_cast<i128>(1e30); ++k) div *= 10;
        const i128 mag = want < 0 ? -want : want;
        i128 q = mag / div;
        if ((mag % div) * 2 >= div) ++q;
        want = want < 0 ? -q : q;
      }
      if (static_cast<i128>(d.mantissa) != want) fail("fixed decimal rounding");
      break;
    }
    case Kind::kDouble:
      if (v != op.expect_text) {
        std::fprintf(stderr, "printf: %s\n", op.expect_text.c_str());
        fail("double");
      }
      break;
    case Kind::kTimestamp: {
      std::int64_t t;
      const ErrorCode c = ParseUtcTimestamp(v, &t);
      const i128 want = FloorTo(op.i, [&] { i128 u = 1; for (int k = PrecisionDigits(op.precision); k < 9; ++k) u *= 10; return u; }());
      if (want < INT64_MIN) {
        if (c != ErrorCode::kValueOutOfRange) fail("timestamp below int64");
      } else if (c != ErrorCode::kOk || t != want) {
        std::fprintf(stderr, "written %lld, parsed %lld (%s), expected %lld\n", static_cast<long long>(op.i),
                     static_cast<long long>(t), std::string(ErrorCodeName(c)).c_str(),
                     static_cast<long long>(want));
        fail("timestamp");
      }
      const std::size_t frac = static_cast<std::size_t>(op.precision);
      if (v.size() != 17 + (frac == 0 ? 0 : frac + 1)) fail("timestamp width");
      break;
    }
    case Kind::kTimeOnly: {
      std::int64_t t;
      i128 unit = 1;
      for (int k = PrecisionDigits(op.precision); k < 9; ++k) unit *= 10;
      if (ParseUtcTimeOnly(v, &t) != ErrorCode::kOk || t != FloorTo(op.i, unit)) fail("time");
      break;
    }
    case Kind::kDate: {
      Date d;
      if (ParseUtcDateOnly(v, &d) != ErrorCode::kOk || !(d == op.date)) fail("date");
      break;
    }
    case Kind::kMonthYear: {
      MonthYear m;
      if (ParseMonthYear(v, &m) != ErrorCode::kOk || !(m == op.month_year)) fail("month-year");
      break;
    }
    default:
      break;
  }
}

void CheckDecoded(const Program& p, std::string_view bytes) {
  DecoderOptions options;
  const Decoder decoder(options);
  static FieldIndex index(4096);
  MessageView view;
  const Error e = decoder.Decode(bytes, index, view);
  if (!e.ok()) {
    PrintBytes("encoded", bytes);
    std::fprintf(stderr, "decoder: %s at %u tag %u\n", std::string(ErrorCodeName(e.code)).c_str(), e.offset, e.tag);
    FIXWIRE_FUZZ_CHECK(e.ok());
  }
  FIXWIRE_FUZZ_CHECK(view.size() == bytes.size());
  FIXWIRE_FUZZ_CHECK(view.begin_string() == p.begin_string);
  FIXWIRE_FUZZ_CHECK(view.msg_type() == p.msg_type);
  const auto fields = view.fields();
  std::size_t i = 3;
  for (const Op& op : p.ops) {
    if (op.kind == Kind::kEntry || op.kind == Kind::kEndGroup) continue;
    FIXWIRE_FUZZ_CHECK(i + 1 < fields.size());
    FIXWIRE_FUZZ_CHECK(fields[i].tag == op.tag);
    if (op.kind == Kind::kGroup) {
      FIXWIRE_FUZZ_CHECK(view.value(fields[i]) == std::to_string(op.u));
    } else if (op.kind == Kind::kData) {
      FIXWIRE_FUZZ_CHECK(view.value(fields[i]) == std::to_string(op.text.size()));
      ++i;
      FIXWIRE_FUZZ_CHECK(fields[i].tag == op.data_tag && view.value(fields[i]) == op.text);
    } else {
      CheckValue(op, view.value(fields[i]));
    }
    ++i;
  }
  FIXWIRE_FUZZ_CHECK(i + 1 == fields.size());  // then only 10=
}

bool DecoderTakesBeginString(std::string_view b) {
  return (b.size() > 4 && b.substr(0, 4) == "FIX.") || (b.size() > 5 && b.substr(0, 5) == "FIXT.");
}

std::size_t Digits(std::size_t v) {
  std::size_t n = 1;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

void Check(const Program& p) {
  constexpr std::size_t kBig = 1 << 16;
  CheckTemplateRuns(p, kBig);
  CheckTemplateRuns(p, p.buffer_size);
  std::unique_ptr<char[]> big;
  const EncodeResult r = RunBoth(p, kBig, false, &big);
  const Error want = FirstError(p);
  if (!want.ok()) {
    if (r.error.code != want.code || r.error.tag != want.tag) {
      std::fprintf(stderr, "encoder error %s tag %u, predicted %s tag %u\n",
                   std::string(ErrorCodeName(r.error.code)).c_str(), r.error.tag,
                   std::string(ErrorCodeName(want.code)).c_str(), want.tag);
      FIXWIRE_FUZZ_CHECK(false);
    }
    FIXWIRE_FUZZ_CHECK(r.bytes.empty());
    std::unique_ptr<char[]> small;  // the cursor against the encoder in the fuzzer's buffer too
    (void)RunBoth(p, p.buffer_size, p.padded, &small);
    return;
  }
  if (!r.ok()) {
    std::fprintf(stderr, "encoder failed with %s tag %u on a valid program\n",
                 std::string(ErrorCodeName(r.error.code)).c_str(), r.error.tag);
    FIXWIRE_FUZZ_CHECK(r.ok());
  }
  FIXWIRE_FUZZ_CHECK(r.bytes.data() >= big.get() && r.bytes.data() + r.bytes.size() <= big.get() + kBig);
  if (DecoderTakesBeginString(p.begin_string)) CheckDecoded(p, r.bytes);

  // The fuzzer's buffer: exactly its size.
  const std::size_t body_length = [&] {
    const std::size_t nine = 2 + p.begin_string.size() + 1 + 2;
    return static_cast<std::size_t>(std::stoull(std::string(r.bytes.substr(nine, r.bytes.find('\x01', nine) - nine))));
  }();
  std::unique_ptr<char[]> small;
  const EncodeResult s = RunBoth(p, p.buffer_size, p.padded, &small);
  const std::size_t need = 6 + p.begin_string.size() + Digits(p.buffer_size) + body_length + 7;
  if (need > p.buffer_size) {
    if (s.error.code != ErrorCode::kBufferTooSmall) {
      std::fprintf(stderr, "buffer %zu, message needs %zu: got %s\n", p.buffer_size, need,
                   std::string(ErrorCodeName(s.error.code)).c_str());
      FIXWIRE_FUZZ_CHECK(s.error.code == ErrorCode::kBufferTooSmall);
    }
    return;
  }
  if (!s.ok()) {
    std::fprintf(stderr, "buffer %zu, message needs %zu: got %s\n", p.buffer_size, need,
                 std::string(ErrorCodeName(s.error.code)).c_str());
    FIXWIRE_FUZZ_CHECK(s.ok());
  }
  FIXWIRE_FUZZ_CHECK(s.bytes.data() >= small.get() && s.bytes.data() + s.bytes.size() <= small.get() + p.buffer_size);
  if (!p.padded) {
    FIXWIRE_FUZZ_CHECK(s.bytes == r.bytes);
    return;
  }
  // Zero-padded BodyLength: at the buffer's start, the reserved width, same body.
  FIXWIRE_FUZZ_CHECK(s.bytes.data() == small.get());
  const std::size_t nine = 2 + p.begin_string.size() + 1 + 2;
  const std::string_view width_digits = s.bytes.substr(nine, Digits(p.buffer_size));
  FIXWIRE_FUZZ_CHECK(s.bytes[nine + width_digits.size()] == '\x01');
  FIXWIRE_FUZZ_CHECK(std::stoull(std::string(width_digits)) == body_length);
  const std::string_view small_body = s.bytes.substr(nine + width_digits.size() + 1, body_length);
  const std::string_view big_body = r.bytes.substr(nine + Digits(body_length) + 1, body_length);
  FIXWIRE_FUZZ_CHECK(small_body == big_body);
  unsigned sum = 0;
  for (std::size_t k = 0; k + 7 < s.bytes.size(); ++k) sum += static_cast<unsigned char>(s.bytes[k]);
  char trailer[8];
  std::snprintf(trailer, sizeof trailer, "10=%03u", sum % 256);
  FIXWIRE_FUZZ_CHECK(s.bytes.substr(s.bytes.size() - 7, 6) == trailer && s.bytes.back() == '\x01');
}

}  // namespace
}  // namespace fixwire::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fixwire::fuzz::FuzzInput in(data, size);
  const fixwire::fuzz::Program program = fixwire::fuzz::Parse(in);
  fixwire::fuzz::Check(program);
  return 0;
}
