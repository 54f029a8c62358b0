// quickfix_adapter.h: QuickFIX 1.15 behind a plain C++ interface, for the
// side-by-side benchmarks and the cross-library tests.
//
// QuickFIX's headers need C++14 (dynamic exception specifications), so the
// code that includes them lives in quickfix_adapter.cc, compiled with
// -std=c++14; this header uses only the standard library and compiles as
// C++14 or C++20. Each call does one QuickFIX operation and nothing else of
// note (no copies of the input, no formatting of its own), so a benchmark of
// the call measures QuickFIX. QuickFIX exceptions never escape: failures come
// back as false / -1 with the exception's text in last_error().
//
// Lifetime and threads: an object is used by one thread at a time. A
// QfMessage keeps the QuickFIX message it decoded or built until the next
// call replaces it; a QfDictionary must outlive the messages decoded with it.
#ifndef FIXWIRE_BENCHMARKS_QUICKFIX_ADAPTER_H_
#define FIXWIRE_BENCHMARKS_QUICKFIX_ADAPTER_H_

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace fixwire_qf {

// The native kind of a field value, mirroring fixwire::bench::FieldKind.
enum class QfKind : int {
  kString = 0,
  kChar = 1,
  kInt = 2,
  kNumInGroup = 3,
  kDecimal = 4,       // integer * 10^exponent
  kUtcTimestamp = 5,  // integer = nanoseconds since the epoch, milliseconds on the wire
  kUtcTimeOnly = 6,   // integer = nanoseconds since midnight, milliseconds on the wire
};

// One field to encode, in wire order; depth 0 is message level, 1 a group
// entry, 2 a nested group's entry. A kNumInGroup field is followed by its
// entries (each starting with the group's delimiter field).
struct QfField {
  int tag = 0;
  QfKind kind = QfKind::kString;
  std::string text;
  long long integer = 0;
  int exponent = 0;
  int depth = 0;
};

// A QuickFIX DataDictionary loaded from an XML file in QuickFIX's format.
class QfDictionary {
 public:
  // Load returns null and sets *error when QuickFIX rejects the file.
  static std::unique_ptr<QfDictionary> Load(const std::string& path, std::string* error);
  ~QfDictionary();
  QfDictionary(const QfDictionary&) = delete;
  QfDictionary& operator=(const QfDictionary&) = delete;

  struct Impl;
  Impl* impl() const { return impl_; }

 private:
  explicit QfDictionary(Impl* impl) : impl_(impl) {}
  Impl* impl_;
};

// One reusable QuickFIX message.
class QfMessage {
 public:
  QfMessage();
  ~QfMessage();
  QfMessage(const QfMessage&) = delete;
  QfMessage& operator=(const QfMessage&) = delete;

  // Decode: Message::setString(bytes, false), no dictionary (groups stay flat).
  bool Decode(const std::string& bytes);
  // DecodeGroups: setString(bytes, false, &dictionary): groups parsed.
  bool DecodeGroups(const std::string& bytes, const QfDictionary& dictionary);
  // DecodeValidate: setString(bytes, true, &dictionary): groups parsed, field
  // order, BodyLength and CheckSum checked.
  bool DecodeValidate(const std::string& bytes, const QfDictionary& dictionary);
  // ValidateDict: DataDictionary::validate(message) on the decoded message.
  bool ValidateDict(const QfDictionary& dictionary);

  // Serialize: toString(out) of the message held (its BodyLength and CheckSum recomputed).
  std::size_t Serialize(std::string* out) const;
  // GetField: getField(tag) on the header, body or trailer (where QuickFIX
  // keeps that tag); the value's length, -1 when absent.
  long GetField(int tag) const;
  // ReadTyped reads one field of the decoded message with QuickFIX's typed
  // field class of `kind` (StringField, CharField, IntField for kInt and
  // kNumInGroup, DoubleField for kDecimal, UtcTimeStampField,
  // UtcTimeOnlyField): getField(field) on the header, body or trailer, then
  // getValue(). Returns a value to sink (the string's length, the char, the
  // int, the double truncated, the time as seconds * 10^9 + nanoseconds);
  // 0 when absent or malformed.
  long long ReadTyped(int tag, QfKind kind) const;
  // ReadGroups reads every field of every entry of every group, nested groups
  // included: each entry through getGroupRef(i, tag), each of its fields
  // looked up with getField(tag); returns the total value bytes read.
  std::size_t ReadGroups() const;
  // CopyForward copies the message (Message copy constructor), rewrites the
  // copy's header (49, 56, 34, and 52 as a UtcTimeStamp with milliseconds from
  // nanoseconds since the epoch) and serializes it into out.
  std::size_t CopyForward(const std::string& sender, const std::string& target, int seq,
                          long long sending_time_nanos, std::string* out) const;

  // Fields lists every field as QuickFIX holds it, in QuickFIX's output order:
  // header, body with each group's entries after its count, trailer.
  std::vector<std::pair<int, std::string>> Fields() const;

  const std::string& last_error() const { return last_error_; }

  struct Impl;
  Impl* impl() const { return impl_; }

 private:
  Impl* impl_;
  mutable std::string last_error_;
};

// A prepared encode: the typed QuickFIX message class of (begin_string,
// msg_type) and the fields to set, in the adapter's own form, so Encode does
// only QuickFIX work. Supported: FIX.4.2 0 D R, FIX.4.4 8 X W i (the workloads).
class QfEncoder {
 public:
  // Prepare returns null and sets *error for an unsupported message type.
  static std::unique_ptr<QfEncoder> Prepare(const std::string& begin_string,
                                            const std::string& msg_type,
                                            const std::vector<QfField>& content, std::string* error);
  ~QfEncoder();
  QfEncoder(const QfEncoder&) = delete;
  QfEncoder& operator=(const QfEncoder&) = delete;

  // Encode constructs the typed message (e.g. FIX42::NewOrderSingle), sets
  // every field from its native value with QuickFIX's typed fields
  // (StringField, CharField, IntField, DoubleField with the value's decimals,
  // UtcTimeStampField / UtcTimeOnlyField with milliseconds), adds groups
  // through the typed group classes, and calls toString(out).
  std::size_t Encode(std::string* out) const;
  // Skeleton constructs the empty typed message and returns its header's field count.
  std::size_t Skeleton() const;
  // Build fills message with the encoded content (for serialize/get_field setup).
  void Build(QfMessage* message) const;

  struct Impl;

 private:
  explicit QfEncoder(Impl* impl) : impl_(impl) {}
  Impl* impl_;
};

// The conversions of QuickFIX's performance test.
std::size_t QfIntToString(int value, std::string* out);        // IntConvertor::convert
int QfStringToInt(const std::string& text);                    // IntConvertor::convert
std::size_t QfDoubleToString(double value, std::string* out);  // DoubleConvertor::convert
double QfStringToDouble(const std::string& text);              // DoubleConvertor::convert

}  // namespace fixwire_qf

#endif  // FIXWIRE_BENCHMARKS_QUICKFIX_ADAPTER_H_
