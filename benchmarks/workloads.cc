#include "benchmarks/workloads.h"

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <utility>

namespace fixwire::bench {
namespace {

constexpr char kSoh = '\x01';
constexpr std::int64_t kNanosPerMilli = 1'000'000;
constexpr std::int64_t kNanosPerSecondLocal = 1'000'000'000;
constexpr std::int64_t kNanosPerDayLocal = 86'400 * kNanosPerSecondLocal;

// Cat concatenates (instead of operator+, which trips GCC 12's -Wrestrict at -O3).
std::string Cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

std::string TwoDigits(int v) {
  std::string s(2, '0');
  s[0] = static_cast<char>('0' + v / 10);
  s[1] = static_cast<char>('0' + v % 10);
  return s;
}

std::string TimeOfDay(std::int64_t nanos_of_day) {
  const std::int64_t millis = nanos_of_day / kNanosPerMilli;
  const int ms = static_cast<int>(millis % 1000);
  const int seconds = static_cast<int>(millis / 1000);
  std::string out = Cat({TwoDigits(seconds / 3600), ":", TwoDigits(seconds / 60 % 60), ":",
                         TwoDigits(seconds % 60), "."});
  out += static_cast<char>('0' + ms / 100);
  out += static_cast<char>('0' + ms / 10 % 10);
  out += static_cast<char>('0' + ms % 10);
  return out;
}

// Civil date from days since 1970-01-01 (proleptic Gregorian), by the
// era/day-of-era decomposition of the 400-year cycle.
void CivilFromDays(std::int64_t days, int* year, int* month, int* day) {
  days += 719468;
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const std::int64_t doe = days - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  *day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  *month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  *year = static_cast<int>(yoe + era * 400 + (*month <= 2 ? 1 : 0));
}

std::string DecimalText(std::int64_t mantissa, std::int32_t exponent) {
  const bool negative = mantissa < 0;
  std::string digits = std::to_string(negative ? -mantissa : mantissa);
  if (exponent >= 0) {
    digits.append(static_cast<std::size_t>(exponent), '0');
  } else {
    const std::size_t frac = static_cast<std::size_t>(-exponent);
    if (digits.size() <= frac) digits.insert(0, frac + 1 - digits.size(), '0');
    digits.insert(digits.size() - frac, 1, '.');
  }
  return negative ? Cat({"-", digits}) : digits;
}

// Builder appends fields at the current group depth.
class Builder {
 public:
  Builder& Str(std::uint32_t tag, std::string text) {
    return Add(tag, FieldKind::kString, std::move(text), 0, 0);
  }
  Builder& Chr(std::uint32_t tag, char c) { return Add(tag, FieldKind::kChar, std::string(1, c), 0, 0); }
  Builder& Int(std::uint32_t tag, std::int64_t v) {
    return Add(tag, FieldKind::kInt, std::to_string(v), v, 0);
  }
  Builder& Group(std::uint32_t tag, std::int64_t count) {
    return Add(tag, FieldKind::kNumInGroup, std::to_string(count), count, 0);
  }
  Builder& Dec(std::uint32_t tag, std::int64_t mantissa, std::int32_t exponent) {
    return Add(tag, FieldKind::kDecimal, DecimalText(mantissa, exponent), mantissa, exponent);
  }
  Builder& Time(std::uint32_t tag, std::int64_t nanos) {
    return Add(tag, FieldKind::kUtcTimestamp, FormatUtcTimestampMillis(nanos), nanos, 0);
  }
  Builder& TimeOnly(std::uint32_t tag, std::int64_t nanos) {
    return Add(tag, FieldKind::kUtcTimeOnly, FormatUtcTimeOnlyMillis(nanos), nanos, 0);
  }
  Builder& Enter() {
    ++depth_;
    return *this;
  }
  Builder& Leave() {
    --depth_;
    return *this;
  }
  // Header: 35, then 34, 49, 52, 56 (ascending, as QuickFIX orders the header).
  Builder& Header(std::string_view msg_type, std::int64_t seq, std::string_view sender,
                  std::string_view target) {
    Str(35, std::string(msg_type));
    Int(34, seq);
    Str(49, std::string(sender));
    Time(52, kSendingTimeNanos);
    return Str(56, std::string(target));
  }

  Workload Finish(std::string_view name, std::string_view begin_string) {
    Workload w;
    w.name = name;
    w.begin_string = begin_string;
    w.msg_type = "";
    w.bytes = AssembleMessage(begin_string, content_);
    WorkloadField begin{8, FieldKind::kString, std::string(begin_string), 0, 0, 0};
    const std::size_t body_start = w.bytes.find(kSoh) + 1;            // after 8=...
    const std::size_t body_len_end = w.bytes.find(kSoh, body_start);  // end of 9=...
    const std::string body_text = w.bytes.substr(body_start + 2, body_len_end - body_start - 2);
    WorkloadField body_length{9, FieldKind::kInt, body_text, std::stoll(body_text), 0, 0};
    const std::string checksum_text = w.bytes.substr(w.bytes.size() - 4, 3);
    WorkloadField checksum{10, FieldKind::kString, checksum_text, 0, 0, 0};
    w.fields.push_back(std::move(begin));
    w.fields.push_back(std::move(body_length));
    for (auto& f : content_) {
      if (f.kind == FieldKind::kNumInGroup) w.has_groups = true;
      w.fields.push_back(std::move(f));
    }
    w.fields.push_back(std::move(checksum));
    return w;
  }

 private:
  Builder& Add(std::uint32_t tag, FieldKind kind, std::string text, std::int64_t integer,
               std::int32_t exponent) {
    content_.push_back(WorkloadField{tag, kind, std::move(text), integer, exponent, depth_});
    return *this;
  }

  std::vector<WorkloadField> content_;
  std::uint8_t depth_ = 0;
};

constexpr std::string_view kSender = "CLIENT-OMS-01";
constexpr std::string_view kTarget = "BROKER-GW-07";

Workload Heartbeat() {
  Builder b;
  b.Header("0", 4566, kSender, kTarget);
  return b.Finish("Heartbeat", "FIX.4.2");
}

// The fields of QuickFIX's performance-test NewOrderSingle (ClOrdID,
// HandlInst, Symbol, Side, TransactTime, OrdType, OrderQty, Price,
// TimeInForce), in ascending tag order.
Workload NewOrderSingle() {
  Builder b;
  b.Header("D", 4567, kSender, kTarget)
      .Str(11, "ORD000042")
      .Chr(21, '1')
      .Int(38, 5000)
      .Chr(40, '2')
      .Dec(44, 12345, -2)
      .Chr(54, '1')
      .Str(55, "MSFT")
      .Chr(59, '0')
      .Time(60, kSendingTimeNanos - 2 * kNanosPerMilli);
  return b.Finish("NewOrderSingle", "FIX.4.2");
}

Workload ExecutionReport() {
  Builder b;
  b.Header("8", 91234, "BROKER-GW-07", "CLIENT-OMS-01")
      .Dec(6, 1234512, -4)
      .Str(11, "ORD000042")
      .Int(14, 1500)
      .Str(15, "USD")
      .Str(17, "EXEC-0000981234")
      .Str(30, "XNAS")
      .Dec(31, 12345, -2)
      .Int(32, 500)
      .Str(37, "BRK-77120045")
      .Int(38, 5000)
      .Chr(39, '1')
      .Chr(40, '2')
      .Dec(44, 12345, -2)
      .Chr(54, '1')
      .Str(55, "MSFT")
      .Chr(59, '0')
      .Time(60, kSendingTimeNanos - 1 * kNanosPerMilli)
      .Chr(150, 'F')
      .Int(151, 3500);
  return b.Finish("ExecutionReport", "FIX.4.4");
}

// FIX.4.4 NoMDEntries of MarketDataIncrementalRefresh, in QuickFIX's group order:
// 279, 269, 278, 55, 270, 271, 273, 290.
Workload MDIncrementalRefresh10() {
  Builder b;
  b.Header("X", 120001, "MD-FEED-01", "CLIENT-MD-03").Str(262, "MDREQ-7").Group(268, 10).Enter();
  for (int i = 0; i < 10; ++i) {
    b.Chr(279, i % 3 == 2 ? '1' : '0')
        .Chr(269, i % 2 == 0 ? '0' : '1')
        .Str(278, Cat({"MDE-", std::to_string(880100 + i)}))
        .Str(55, "EUR/USD")
        .Dec(270, 108345 + (i % 2 == 0 ? -i : i), -5)
        .Int(271, 1000000 + 250000 * i)
        .TimeOnly(273, (15 * 3600 + 30 * 60) * kNanosPerSecondLocal + (100 + i) * kNanosPerMilli)
        .Int(290, i / 2 + 1);
  }
  b.Leave();
  return b.Finish("MDIncrementalRefresh10", "FIX.4.4");
}

// FIX.4.2 NoRelatedSym of QuoteRequest, in QuickFIX's group order: 55, 48, 22, 54, 38, 40.
Workload QuoteRequest10() {
  static constexpr std::string_view kSymbols[10] = {"MSFT", "AAPL", "IBM",  "ORCL", "INTC",
                                                    "CSCO", "AMZN", "GOOG", "NVDA", "AMD"};
  Builder b;
  b.Header("R", 4568, kSender, kTarget).Str(131, "QR-20261202-0001").Group(146, 10).Enter();
  for (int i = 0; i < 10; ++i) {
    b.Str(55, std::string(kSymbols[i]))
        .Str(48, Cat({"US00000", std::to_string(10000 + i * 37), "1"}))
        .Str(22, "4")
        .Chr(54, i % 2 == 0 ? '1' : '2')
        .Int(38, 1000 * (i + 1))
        .Chr(40, '2');
  }
  b.Leave();
  return b.Finish("QuoteRequest10", "FIX.4.2");
}

// FIX.4.4 MarketDataSnapshotFullRefresh with NoMDEntries entries (group order
// 269, 270, 271, 273, 299, 346, 290) until the message is about 165,000 bytes.
Workload MDSnapshot165K() {
  constexpr int kEntries = 2225;
  Builder b;
  b.Header("W", 120002, "MD-FEED-01", "CLIENT-MD-03")
      .Str(55, "EUR/USD")
      .Str(262, "MDREQ-SNAP-1")
      .Group(268, kEntries)
      .Enter();
  for (int i = 0; i < kEntries; ++i) {
    const bool bid = i % 2 == 0;
    const int level = i / 2;
    b.Chr(269, bid ? '0' : '1')
        .Dec(270, bid ? 108345 - level : 108346 + level, -5)
        .Int(271, 1000000 + 50000 * (level % 40))
        .TimeOnly(273, (15 * 3600 + 29 * 60) * kNanosPerSecondLocal + (i % 60000) * kNanosPerMilli)
        .Str(299, Cat({"Q", std::to_string(7000000 + i)}))
        .Int(346, 1 + level % 9)
        .Int(290, level + 1);
  }
  b.Leave();
  return b.Finish("MDSnapshot165K", "FIX.4.4");
}

// FIX.4.4 MassQuote: 10 NoQuoteSets (302, 311, 304, 295) of 10 NoQuoteEntries
// (299, 55, 132, 133, 134, 135) each.
Workload MassQuote() {
  Builder b;
  b.Header("i", 120003, "MM-DESK-02", "EXCH-QUOTES").Str(117, "MQ-20261202-0001").Group(296, 10).Enter();
  for (int set = 0; set < 10; ++set) {
    b.Str(302, Cat({"QS", std::to_string(set + 1)}))
        .Str(311, Cat({"UND", std::to_string(set + 1)}))
        .Int(304, 10)
        .Group(295, 10)
        .Enter();
    for (int e = 0; e < 10; ++e) {
      const int n = set * 10 + e;
      b.Str(299, Cat({"QE", std::to_string(n + 1)}))
          .Str(55, Cat({"OPT", std::to_string(set + 1), "-", std::to_string(e + 1)}))
          .Dec(132, 1050 + 5 * n, -2)
          .Dec(133, 1060 + 5 * n, -2)
          .Int(134, 100 + 10 * e)
          .Int(135, 200 + 10 * e);
    }
    b.Leave();
  }
  b.Leave();
  return b.Finish("MassQuote", "FIX.4.4");
}

std::vector<Workload> BuildAll() {
  std::vector<Workload> all;
  all.push_back(Heartbeat());
  all.push_back(NewOrderSingle());
  all.push_back(ExecutionReport());
  all.push_back(MDIncrementalRefresh10());
  all.push_back(QuoteRequest10());
  all.push_back(MDSnapshot165K());
  all.push_back(MassQuote());
  return all;
}

}  // namespace

const WorkloadField* Workload::Find(std::uint32_t tag) const noexcept {
  for (const WorkloadField& f : fields) {
    if (f.tag == tag && f.depth == 0) return &f;
  }
  return nullptr;
}

const std::vector<Workload>& AllWorkloads() {
  static const std::vector<Workload>* const all = [] {
    auto* built = new std::vector<Workload>(BuildAll());
    // Views into field text that never moves again (the vector is never resized).
    for (Workload& w : *built) w.msg_type = w.fields[2].text;
    return built;
  }();
  return *all;
}

const Workload& GetWorkload(std::string_view name) {
  for (const Workload& w : AllWorkloads()) {
    if (w.name == name) return w;
  }
  std::fprintf(stderr, "GetWorkload: no workload named '%.*s'\n", static_cast<int>(name.size()),
               name.data());
  std::abort();
}

std::vector<std::string_view> WorkloadNames() {
  std::vector<std::string_view> names;
  for (const Workload& w : AllWorkloads()) names.push_back(w.name);
  return names;
}

unsigned CheckSumOf(std::string_view bytes) noexcept {
  unsigned sum = 0;
  for (char c : bytes) sum += static_cast<unsigned char>(c);
  return sum % 256;
}

std::string AssembleMessage(std::string_view begin_string, std::span<const WorkloadField> content) {
  std::string body;
  for (const WorkloadField& f : content) {
    body += std::to_string(f.tag);
    body += '=';
    body += f.text;
    body += kSoh;
  }
  std::string out = "8=";
  out += begin_string;
  out += kSoh;
  out += "9=";
  out += std::to_string(body.size());
  out += kSoh;
  out += body;
  const unsigned sum = CheckSumOf(out);
  char trailer[8];
  std::snprintf(trailer, sizeof trailer, "10=%03u", sum);
  out += trailer;
  out += kSoh;
  return out;
}

std::string FormatUtcTimestampMillis(std::int64_t nanos_since_epoch) {
  std::int64_t days = nanos_since_epoch / kNanosPerDayLocal;
  std::int64_t rest = nanos_since_epoch % kNanosPerDayLocal;
  if (rest < 0) {
    rest += kNanosPerDayLocal;
    --days;
  }
  int year = 0, month = 0, day = 0;
  CivilFromDays(days, &year, &month, &day);
  char date[40];
  std::snprintf(date, sizeof date, "%04d%02d%02d-", year, month, day);
  return Cat({date, TimeOfDay(rest)});
}

std::string FormatUtcTimeOnlyMillis(std::int64_t nanos_since_midnight) {
  return TimeOfDay(nanos_since_midnight);
}

std::string BackToBack(const Workload& workload, std::size_t min_bytes) {
  std::string out = workload.bytes;
  while (out.size() < min_bytes) out += workload.bytes;
  return out;
}

}  // namespace fixwire::bench
