// QuickFIX 1.15 side of the benchmarks (C++14: QuickFIX's headers need it).
#include "benchmarks/quickfix_adapter.h"

#include <ctime>
#include <exception>

#include "quickfix/DataDictionary.h"
#include "quickfix/FieldConvertors.h"
#include "quickfix/Message.h"
#include "quickfix/fix42/Heartbeat.h"
#include "quickfix/fix42/NewOrderSingle.h"
#include "quickfix/fix42/QuoteRequest.h"
#include "quickfix/fix44/ExecutionReport.h"
#include "quickfix/fix44/MarketDataIncrementalRefresh.h"
#include "quickfix/fix44/MarketDataSnapshotFullRefresh.h"
#include "quickfix/fix44/MassQuote.h"

namespace fixwire_qf {

struct QfDictionary::Impl {
  explicit Impl(const std::string& path) : dictionary(path) {}
  FIX::DataDictionary dictionary;
};

std::unique_ptr<QfDictionary> QfDictionary::Load(const std::string& path, std::string* error) {
  try {
    return std::unique_ptr<QfDictionary>(new QfDictionary(new Impl(path)));
  } catch (const std::exception& e) {
    if (error != nullptr) *error = e.what();
    return nullptr;
  }
}

QfDictionary::~QfDictionary() { delete impl_; }

struct QfMessage::Impl {
  FIX::Message message;
};

QfMessage::QfMessage() : impl_(new Impl) {}
QfMessage::~QfMessage() { delete impl_; }

bool QfMessage::Decode(const std::string& bytes) {
  try {
    impl_->message.setString(bytes, false);
    return true;
  } catch (const std::exception& e) {
    last_error_ = e.what();
    return false;
  }
}

bool QfMessage::DecodeGroups(const std::string& bytes, const QfDictionary& dictionary) {
  try {
    impl_->message.setString(bytes, false, &dictionary.impl()->dictionary);
    return true;
  } catch (const std::exception& e) {
    last_error_ = e.what();
    return false;
  }
}

bool QfMessage::DecodeValidate(const std::string& bytes, const QfDictionary& dictionary) {
  try {
    impl_->message.setString(bytes, true, &dictionary.impl()->dictionary);
    return true;
  } catch (const std::exception& e) {
    last_error_ = e.what();
    return false;
  }
}

bool QfMessage::ValidateDict(const QfDictionary& dictionary) {
  try {
    dictionary.impl()->dictionary.validate(impl_->message);
    return true;
  } catch (const std::exception& e) {
    last_error_ = e.what();
    return false;
  }
}

std::size_t QfMessage::Serialize(std::string* out) const {
  impl_->message.toString(*out);
  return out->size();
}

long QfMessage::GetField(int tag) const {
  const FIX::FieldMap& map =
      FIX::Message::isHeaderField(tag)    ? static_cast<const FIX::FieldMap&>(impl_->message.getHeader())
      : FIX::Message::isTrailerField(tag) ? static_cast<const FIX::FieldMap&>(impl_->message.getTrailer())
                                          : static_cast<const FIX::FieldMap&>(impl_->message);
  try {
    return static_cast<long>(map.getField(tag).size());
  } catch (const std::exception&) {
    return -1;
  }
}

long long QfMessage::ReadTyped(int tag, QfKind kind) const {
  const FIX::FieldMap& map =
      FIX::Message::isHeaderField(tag)    ? static_cast<const FIX::FieldMap&>(impl_->message.getHeader())
      : FIX::Message::isTrailerField(tag) ? static_cast<const FIX::FieldMap&>(impl_->message.getTrailer())
                                          : static_cast<const FIX::FieldMap&>(impl_->message);
  try {
    switch (kind) {
      case QfKind::kString: {
        FIX::StringField f(tag);
        map.getField(f);
        return static_cast<long long>(f.getValue().size());
      }
      case QfKind::kChar: {
        FIX::CharField f(tag);
        map.getField(f);
        return f.getValue();
      }
      case QfKind::kInt:
      case QfKind::kNumInGroup: {
        FIX::IntField f(tag);
        map.getField(f);
        return f.getValue();
      }
      case QfKind::kDecimal: {
        FIX::DoubleField f(tag);
        map.getField(f);
        return static_cast<long long>(f.getValue());
      }
      case QfKind::kUtcTimestamp: {
        FIX::UtcTimeStampField f(tag);
        map.getField(f);
        const FIX::UtcTimeStamp t = f.getValue();
        return static_cast<long long>(t.getTimeT()) * 1000000000LL + t.getNanosecond();
      }
      case QfKind::kUtcTimeOnly: {
        FIX::UtcTimeOnlyField f(tag);
        map.getField(f);
        const FIX::UtcTimeOnly t = f.getValue();
        return static_cast<long long>(t.getTimeT()) * 1000000000LL + t.getNanosecond();
      }
    }
  } catch (const std::exception&) {
  }
  return 0;
}

namespace {

std::size_t ReadGroupsOf(const FIX::FieldMap& map) {
  std::size_t total = 0;
  for (FIX::FieldMap::g_const_iterator g = map.g_begin(); g != map.g_end(); ++g) {
    const int tag = g->first;
    const int count = static_cast<int>(g->second.size());
    for (int i = 1; i <= count; ++i) {
      const FIX::FieldMap& entry = map.getGroupRef(i, tag);
      // Each field looked up by tag (getField), as an application reads an entry.
      for (FIX::FieldMap::const_iterator f = entry.begin(); f != entry.end(); ++f) {
        total += entry.getField(f->getTag()).size();
      }
      total += ReadGroupsOf(entry);
    }
  }
  return total;
}

void AppendFields(const FIX::FieldMap& map, std::vector<std::pair<int, std::string>>* out) {
  for (FIX::FieldMap::const_iterator f = map.begin(); f != map.end(); ++f) {
    out->emplace_back(f->getTag(), f->getString());
    FIX::FieldMap::g_const_iterator g = map.g_begin();
    for (; g != map.g_end(); ++g) {
      if (g->first == f->getTag()) break;
    }
    if (g == map.g_end()) continue;
    for (const FIX::FieldMap* entry : g->second) AppendFields(*entry, out);
  }
}

}  // namespace

std::size_t QfMessage::ReadGroups() const { return ReadGroupsOf(impl_->message); }

std::size_t QfMessage::CopyForward(const std::string& sender, const std::string& target, int seq,
                                   long long sending_time_nanos, std::string* out) const {
  FIX::Message copy(impl_->message);
  FIX::FieldMap& header = copy.getHeader();
  header.setField(FIX::StringField(49, sender));
  header.setField(FIX::StringField(56, target));
  header.setField(FIX::IntField(34, seq));
  const long long millis = sending_time_nanos / 1000000;
  header.setField(FIX::UtcTimeStampField(
      52, FIX::UtcTimeStamp(static_cast<time_t>(millis / 1000), static_cast<int>(millis % 1000)), 3));
  copy.toString(*out);
  return out->size();
}

std::vector<std::pair<int, std::string>> QfMessage::Fields() const {
  std::vector<std::pair<int, std::string>> out;
  AppendFields(impl_->message.getHeader(), &out);
  AppendFields(impl_->message, &out);
  AppendFields(impl_->message.getTrailer(), &out);
  return out;
}

// ---------------------------------------------------------------- encoding

namespace {

enum class MsgKind { kHeartbeat42, kNewOrderSingle42, kQuoteRequest42, kExecutionReport44,
                     kMDIncremental44, kMDSnapshot44, kMassQuote44 };

bool KindOf(const std::string& begin_string, const std::string& msg_type, MsgKind* kind) {
  if (begin_string == "FIX.4.2") {
    if (msg_type == "0") { *kind = MsgKind::kHeartbeat42; return true; }
    if (msg_type == "D") { *kind = MsgKind::kNewOrderSingle42; return true; }
    if (msg_type == "R") { *kind = MsgKind::kQuoteRequest42; return true; }
  } else if (begin_string == "FIX.4.4") {
    if (msg_type == "8") { *kind = MsgKind::kExecutionReport44; return true; }
    if (msg_type == "X") { *kind = MsgKind::kMDIncremental44; return true; }
    if (msg_type == "W") { *kind = MsgKind::kMDSnapshot44; return true; }
    if (msg_type == "i") { *kind = MsgKind::kMassQuote44; return true; }
  }
  return false;
}

// A group entry object of the typed class for (message kind, count tag).
std::unique_ptr<FIX::Group> MakeGroup(MsgKind kind, int count_tag) {
  switch (kind) {
    case MsgKind::kQuoteRequest42:
      if (count_tag == 146) return std::unique_ptr<FIX::Group>(new FIX42::QuoteRequest::NoRelatedSym);
      break;
    case MsgKind::kMDIncremental44:
      if (count_tag == 268)
        return std::unique_ptr<FIX::Group>(new FIX44::MarketDataIncrementalRefresh::NoMDEntries);
      break;
    case MsgKind::kMDSnapshot44:
      if (count_tag == 268)
        return std::unique_ptr<FIX::Group>(new FIX44::MarketDataSnapshotFullRefresh::NoMDEntries);
      break;
    case MsgKind::kMassQuote44:
      if (count_tag == 296) return std::unique_ptr<FIX::Group>(new FIX44::MassQuote::NoQuoteSets);
      if (count_tag == 295)
        return std::unique_ptr<FIX::Group>(new FIX44::MassQuote::NoQuoteSets::NoQuoteEntries);
      break;
    default:
      break;
  }
  return nullptr;
}

// One prepared field: the native value, or a group with its entries.
struct Op {
  int tag = 0;
  QfKind kind = QfKind::kString;
  std::string text;
  long long integer = 0;
  double decimal = 0;
  int decimals = 0;
  bool header = false;
  FIX::Group* group = nullptr;           // the reusable typed entry object (kNumInGroup)
  std::vector<std::vector<Op>> entries;  // kNumInGroup: the entries' fields
};

double Pow10(int e) {
  double r = 1;
  for (int i = 0; i < e; ++i) r *= 10;
  return r;
}

}  // namespace

struct QfEncoder::Impl {
  MsgKind kind;
  std::vector<Op> ops;
  std::vector<std::unique_ptr<FIX::Group>> groups;  // owners of Op::group

  bool Parse(const std::vector<QfField>& content, std::size_t* i, int depth, std::vector<Op>* out,
             std::string* error) {
    while (*i < content.size() && content[*i].depth == depth) {
      const QfField& f = content[*i];
      ++*i;
      if (f.tag == 35 && depth == 0) continue;  // set by the typed message's constructor
      Op op;
      op.tag = f.tag;
      op.kind = f.kind;
      op.text = f.text;
      op.integer = f.integer;
      op.header = depth == 0 && FIX::Message::isHeaderField(f.tag);
      if (f.kind == QfKind::kDecimal) {
        op.decimals = f.exponent < 0 ? -f.exponent : 0;
        op.decimal = f.exponent < 0 ? static_cast<double>(f.integer) / Pow10(-f.exponent)
                                    : static_cast<double>(f.integer) * Pow10(f.exponent);
      }
      if (f.kind == QfKind::kNumInGroup) {
        groups.push_back(MakeGroup(kind, f.tag));
        op.group = groups.back().get();
        if (op.group == nullptr) {
          *error = "no typed group for tag " + std::to_string(f.tag);
          return false;
        }
        const int delimiter = *i < content.size() ? content[*i].tag : 0;
        while (*i < content.size() && content[*i].depth == depth + 1 &&
               content[*i].tag == delimiter) {
          op.entries.emplace_back();
          std::vector<Op>& entry = op.entries.back();
          // The entry: its delimiter, then fields up to the next delimiter.
          std::size_t start = *i;
          std::vector<QfField> one;
          one.push_back(content[start]);
          ++*i;
          while (*i < content.size() && content[*i].depth > depth &&
                 !(content[*i].depth == depth + 1 && content[*i].tag == delimiter)) {
            one.push_back(content[*i]);
            ++*i;
          }
          std::size_t j = 0;
          if (!Parse(one, &j, depth + 1, &entry, error)) return false;
        }
      }
      out->push_back(std::move(op));
    }
    return true;
  }

  static void Set(FIX::FieldMap& map, const Op& op) {
    switch (op.kind) {
      case QfKind::kString:
        map.setField(FIX::StringField(op.tag, op.text));
        break;
      case QfKind::kChar:
        map.setField(FIX::CharField(op.tag, op.text[0]));
        break;
      case QfKind::kInt:
        map.setField(FIX::IntField(op.tag, static_cast<int>(op.integer)));
        break;
      case QfKind::kNumInGroup:
        break;  // addGroup sets the count
      case QfKind::kDecimal:
        map.setField(FIX::DoubleField(op.tag, op.decimal, op.decimals));
        break;
      case QfKind::kUtcTimestamp: {
        const long long millis = op.integer / 1000000;
        const FIX::UtcTimeStamp value(static_cast<time_t>(millis / 1000),
                                      static_cast<int>(millis % 1000));
        map.setField(FIX::UtcTimeStampField(op.tag, value, 3));
        break;
      }
      case QfKind::kUtcTimeOnly: {
        const long long millis = op.integer / 1000000;
        const int seconds = static_cast<int>(millis / 1000);
        const FIX::UtcTimeOnly value(seconds / 3600, seconds / 60 % 60, seconds % 60,
                                     static_cast<int>(millis % 1000));
        map.setField(FIX::UtcTimeOnlyField(op.tag, value, 3));
        break;
      }
    }
  }

  static void Fill(FIX::FieldMap& map, FIX::FieldMap* header, const std::vector<Op>& ops) {
    for (const Op& op : ops) {
      if (op.kind == QfKind::kNumInGroup) {
        for (const std::vector<Op>& entry : op.entries) {
          op.group->clear();
          Fill(*op.group, nullptr, entry);
          map.addGroup(op.tag, *op.group);
        }
        continue;
      }
      Set(op.header && header != nullptr ? *header : map, op);
    }
  }

  template <typename M>
  std::size_t EncodeAs(std::string* out) const {
    M message;
    Fill(message, &message.getHeader(), ops);
    message.toString(*out);
    return out->size();
  }

  template <typename M>
  std::size_t SkeletonAs() const {
    M message;
    return message.getHeader().totalFields();
  }

  template <typename M>
  void BuildAs(FIX::Message* target) const {
    M message;
    Fill(message, &message.getHeader(), ops);
    *target = message;
  }
};

std::unique_ptr<QfEncoder> QfEncoder::Prepare(const std::string& begin_string,
                                              const std::string& msg_type,
                                              const std::vector<QfField>& content,
                                              std::string* error) {
  std::unique_ptr<Impl> impl(new Impl);
  if (!KindOf(begin_string, msg_type, &impl->kind)) {
    *error = "unsupported message type " + begin_string + " " + msg_type;
    return nullptr;
  }
  std::size_t i = 0;
  if (!impl->Parse(content, &i, 0, &impl->ops, error)) return nullptr;
  if (i != content.size()) {
    *error = "content fields do not nest by depth at field " + std::to_string(i);
    return nullptr;
  }
  return std::unique_ptr<QfEncoder>(new QfEncoder(impl.release()));
}

QfEncoder::~QfEncoder() { delete impl_; }

namespace {

template <typename M>
struct Type {
  using type = M;
};

// Visit calls visitor(Type<M>()) with M the typed QuickFIX class of kind.
template <typename R, typename V>
R Visit(MsgKind kind, V visitor) {
  switch (kind) {
    case MsgKind::kHeartbeat42: return visitor(Type<FIX42::Heartbeat>());
    case MsgKind::kNewOrderSingle42: return visitor(Type<FIX42::NewOrderSingle>());
    case MsgKind::kQuoteRequest42: return visitor(Type<FIX42::QuoteRequest>());
    case MsgKind::kExecutionReport44: return visitor(Type<FIX44::ExecutionReport>());
    case MsgKind::kMDIncremental44: return visitor(Type<FIX44::MarketDataIncrementalRefresh>());
    case MsgKind::kMDSnapshot44: return visitor(Type<FIX44::MarketDataSnapshotFullRefresh>());
    case MsgKind::kMassQuote44: return visitor(Type<FIX44::MassQuote>());
  }
  return visitor(Type<FIX42::Heartbeat>());
}

}  // namespace

std::size_t QfEncoder::Encode(std::string* out) const {
  const Impl* impl = impl_;
  return Visit<std::size_t>(impl->kind, [impl, out](auto t) {
    return impl->EncodeAs<typename decltype(t)::type>(out);
  });
}

std::size_t QfEncoder::Skeleton() const {
  const Impl* impl = impl_;
  return Visit<std::size_t>(impl->kind, [impl](auto t) {
    return impl->SkeletonAs<typename decltype(t)::type>();
  });
}

void QfEncoder::Build(QfMessage* message) const {
  const Impl* impl = impl_;
  FIX::Message* target = &message->impl()->message;
  Visit<int>(impl->kind, [impl, target](auto t) {
    impl->BuildAs<typename decltype(t)::type>(target);
    return 0;
  });
}

// ---------------------------------------------------------------- conversions

std::size_t QfIntToString(int value, std::string* out) {
  *out = FIX::IntConvertor::convert(value);
  return out->size();
}

int QfStringToInt(const std::string& text) {
  try {
    return FIX::IntConvertor::convert(text);
  } catch (const std::exception&) {
    return -1;
  }
}

std::size_t QfDoubleToString(double value, std::string* out) {
  *out = FIX::DoubleConvertor::convert(value);
  return out->size();
}

double QfStringToDouble(const std::string& text) {
  try {
    return FIX::DoubleConvertor::convert(text);
  } catch (const std::exception&) {
    return -1;
  }
}

}  // namespace fixwire_qf
