// workloads.h: the shared benchmark and differential-test messages, as exact
// wire bytes plus the native value of every field.
//
// Every benchmark (fixwire's and QuickFIX's) and every cross-library test uses
// these messages, so all of them measure the same work on the same bytes:
//
//   const fixwire::bench::Workload& w = fixwire::bench::GetWorkload("NewOrderSingle");
//   Decode(w.bytes);                        // the wire form, SOH-separated
//   for (const auto& f : w.content()) ...   // 35= .. last body field, to encode
//
// The bytes are assembled by this library's own small writer (not by fixwire's
// encoder), with BodyLength and CheckSum computed here, so benchmarks and
// differential tests stay independent of the code they measure. Field order is
// QuickFIX's: 8, 9, 35, the other header fields by ascending tag, body fields by
// ascending tag with each repeating group's entries right after its NumInGroup
// field and each entry's fields in the dictionary's order, 10 last. Timestamps
// are fixed (kSendingTimeNanos and offsets from it), so the bytes never change
// between runs.
//
// Lifetime and threads: AllWorkloads() builds everything once, on first use
// (thread-safe function-local static), and the objects live until exit; the
// returned references and views stay valid for the whole program. Read-only
// after construction, so any thread may use them. GetWorkload aborts on an
// unknown name (a benchmark typo is a programming error).
#ifndef FIXWIRE_BENCHMARKS_WORKLOADS_H_
#define FIXWIRE_BENCHMARKS_WORKLOADS_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fixwire::bench {

// The fixed clock value the workloads' SendingTime (52) is formatted from:
// 2026-12-02T15:30:00.123Z, in nanoseconds since the Unix epoch.
inline constexpr std::int64_t kSendingTimeNanos = 1'796'225'400'123'000'000;

// The FIX data type of a field value, which says which native member holds it.
enum class FieldKind : std::uint8_t {
  kString,        // text only (also BeginString and CheckSum's three digits)
  kChar,          // one character: text[0]
  kInt,           // integer: `integer` (SeqNum, Qty written without '.', Length)
  kNumInGroup,    // a repeating group's count: `integer` entries follow
  kDecimal,       // price / qty / amount: `integer` is the mantissa, `exponent` the power of ten
  kUtcTimestamp,  // `integer` nanoseconds since the epoch, written with milliseconds
  kUtcTimeOnly,   // `integer` nanoseconds since midnight, written with milliseconds
};

// One field of a workload: the exact wire text and its native value.
struct WorkloadField {
  std::uint32_t tag = 0;
  FieldKind kind = FieldKind::kString;
  std::string text;            // the value bytes exactly as on the wire
  std::int64_t integer = 0;    // kInt, kNumInGroup, kDecimal (mantissa), kUtc* (nanoseconds)
  std::int32_t exponent = 0;   // kDecimal only: value = integer * 10^exponent
  std::uint8_t depth = 0;      // 0: message level; 1: inside a group entry; 2: a nested group's entry
};

struct Workload {
  std::string_view name;          // "NewOrderSingle", ...: the <workload> part of benchmark names
  std::string_view begin_string;  // "FIX.4.2" or "FIX.4.4"
  std::string_view msg_type;      // the value of 35
  bool has_groups = false;        // whether any repeating group is present
  std::vector<WorkloadField> fields;  // every field in wire order: 8 and 9 first, 10 last
  std::string bytes;              // the whole message, SOH (0x01) separated

  // content() is the fields an encoder writes: 35 through the last body field
  // (fields without 8, 9 and 10).
  std::span<const WorkloadField> content() const noexcept {
    return std::span<const WorkloadField>(fields).subspan(2, fields.size() - 3);
  }
  // The field of a tag at message level (depth 0), or nullptr.
  const WorkloadField* Find(std::uint32_t tag) const noexcept;
};

// AllWorkloads returns the workloads in this order: Heartbeat (FIX.4.2),
// NewOrderSingle (FIX.4.2, 150-180 bytes), ExecutionReport (FIX.4.4, 250-300
// bytes), MDIncrementalRefresh10 (FIX.4.4, 10 NoMDEntries), QuoteRequest10
// (FIX.4.2, 10 NoRelatedSym), MDSnapshot165K (FIX.4.4 W, about 165,000 bytes
// of NoMDEntries), MassQuote (FIX.4.4, 10 NoQuoteSets x 10 NoQuoteEntries).
const std::vector<Workload>& AllWorkloads();

// GetWorkload returns the workload of that name; aborts with a message on stderr
// when there is none.
const Workload& GetWorkload(std::string_view name);

// WorkloadNames returns the names in AllWorkloads() order.
std::vector<std::string_view> WorkloadNames();

// --- The small independent writer the workloads are built with. ---

// CheckSum returns the sum of the bytes modulo 256 (FIX field 10's value).
unsigned CheckSumOf(std::string_view bytes) noexcept;

// AssembleMessage writes 8=<begin_string>, 9=<body length>, each content field
// as tag=text<SOH>, then 10=<checksum>: the complete message.
std::string AssembleMessage(std::string_view begin_string, std::span<const WorkloadField> content);

// FormatUtcTimestampMillis formats nanoseconds since the epoch as
// "YYYYMMDD-HH:MM:SS.sss" (truncating below the millisecond).
std::string FormatUtcTimestampMillis(std::int64_t nanos_since_epoch);

// FormatUtcTimeOnlyMillis formats nanoseconds since midnight as "HH:MM:SS.sss".
std::string FormatUtcTimeOnlyMillis(std::int64_t nanos_since_midnight);

// BackToBack returns copies of the workload's bytes laid end to end until the
// result holds at least min_bytes (at least one copy): a stream to frame.
std::string BackToBack(const Workload& workload, std::size_t min_bytes);

}  // namespace fixwire::bench

#endif  // FIXWIRE_BENCHMARKS_WORKLOADS_H_
