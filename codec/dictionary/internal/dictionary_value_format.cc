#include "fixwire/dictionary/internal/dictionary_value_format.h"

#include <cstdint>

#include "fixwire/values/date_time.h"
#include "fixwire/values/decimal.h"
#include "fixwire/values/values.h"

namespace fixwire::dictionary_internal {
namespace {

constexpr bool IsDigit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool IsUpper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool IsLower(char c) noexcept { return c >= 'a' && c <= 'z'; }
constexpr bool IsAlnum(char c) noexcept { return IsDigit(c) || IsUpper(c) || IsLower(c); }

ErrorCode Bad() noexcept { return ErrorCode::kBadValue; }

bool TwoDigits(std::string_view v, std::size_t at, int max) noexcept {
  if (at + 2 > v.size() || !IsDigit(v[at]) || !IsDigit(v[at + 1])) return false;
  return (v[at] - '0') * 10 + (v[at + 1] - '0') <= max;
}

// TimeWithOffset checks HH:MM[:SS[.s+]] followed by Z, or +/-hh[:mm] (TZ types).
bool TzTime(std::string_view v) noexcept {
  if (!TwoDigits(v, 0, 23) || v.size() < 5 || v[2] != ':' || !TwoDigits(v, 3, 59)) return false;
  std::size_t i = 5;
  if (i < v.size() && v[i] == ':') {
    if (!TwoDigits(v, i + 1, 60)) return false;
    i += 3;
    if (i < v.size() && v[i] == '.') {
      std::size_t start = ++i;
      while (i < v.size() && IsDigit(v[i])) ++i;
      if (i == start) return false;
    }
  }
  if (i == v.size()) return false;  // the offset is required
  if (v[i] == 'Z') return i + 1 == v.size();
  if (v[i] != '+' && v[i] != '-') return false;
  if (!TwoDigits(v, i + 1, 14)) return false;
  i += 3;
  if (i == v.size()) return true;
  return v[i] == ':' && TwoDigits(v, i + 1, 59) && i + 3 == v.size();
}

ErrorCode Unsigned(std::string_view v) noexcept {
  std::uint64_t u;
  return ParseUint64(v, &u);
}

}  // namespace

ErrorCode CheckFormat(FieldType type, std::string_view v) noexcept {
  if (v.empty()) return Bad();
  switch (type) {
    case FieldType::kString:
    case FieldType::kData:
    case FieldType::kXmlData:
    case FieldType::kPattern:
    case FieldType::kReserved100Plus:
    case FieldType::kReserved1000Plus:
    case FieldType::kReserved4000Plus:
      return ErrorCode::kOk;
    case FieldType::kInt: {
      std::int64_t i;
      return ParseInt64(v, &i) == ErrorCode::kOk ? ErrorCode::kOk : Bad();
    }
    case FieldType::kLength:
    case FieldType::kNumInGroup:
    case FieldType::kSeqNum:
      return Unsigned(v) == ErrorCode::kOk ? ErrorCode::kOk : Bad();
    case FieldType::kTagNum: {
      std::uint64_t u;
      if (ParseUint64(v, &u) != ErrorCode::kOk) return Bad();
      if (v[0] == '0') return Bad();  // tags have no leading zeros and are >= 1
      return ErrorCode::kOk;
    }
    case FieldType::kDayOfMonth: {
      std::uint64_t u;
      if (ParseUint64(v, &u) != ErrorCode::kOk) return Bad();
      return u >= 1 && u <= 31 ? ErrorCode::kOk : ErrorCode::kValueOutOfRange;
    }
    case FieldType::kFloat:
    case FieldType::kQty:
    case FieldType::kPrice:
    case FieldType::kPriceOffset:
    case FieldType::kAmt:
    case FieldType::kPercentage: {
      // A float with more digits than a Decimal holds is still a float.
      Decimal d;
      const ErrorCode e = ParseDecimal(v, &d);
      return e == ErrorCode::kValueOutOfRange ? ErrorCode::kOk : e;
    }
    case FieldType::kChar: {
      char c;
      ErrorCode e = ParseChar(v, &c);
      if (e != ErrorCode::kOk) return e;
      return c == ' ' ? Bad() : ErrorCode::kOk;
    }
    case FieldType::kBoolean: {
      bool b;
      return ParseBool(v, &b);
    }
    case FieldType::kMultipleCharValue:
      return ValidateMultipleCharValue(v);
    case FieldType::kMultipleValueString:
      return ValidateMultipleStringValue(v);
    case FieldType::kCountry:
      return v.size() == 2 && IsUpper(v[0]) && IsUpper(v[1]) ? ErrorCode::kOk : Bad();
    case FieldType::kLanguage:
      return v.size() == 2 && IsLower(v[0]) && IsLower(v[1]) ? ErrorCode::kOk : Bad();
    case FieldType::kCurrency:
      return v.size() == 3 && IsAlnum(v[0]) && IsAlnum(v[1]) && IsAlnum(v[2]) ? ErrorCode::kOk
                                                                            : Bad();
    case FieldType::kExchange: {
      if (v.size() > 4) return Bad();
      for (char c : v) {
        if (!IsAlnum(c)) return Bad();
      }
      return ErrorCode::kOk;
    }
    case FieldType::kMonthYear: {
      MonthYear m;
      return ParseMonthYear(v, &m);
    }
    case FieldType::kUtcTimestamp: {
      std::int64_t t;
      return ParseUtcTimestamp(v, &t);
    }
    case FieldType::kUtcTimeOnly: {
      std::int64_t t;
      return ParseUtcTimeOnly(v, &t);
    }
    case FieldType::kLocalMktTime: {
      std::int64_t t;  // same shape as UTCTimeOnly, local time
      return ParseUtcTimeOnly(v, &t);
    }
    case FieldType::kUtcDateOnly: {
      Date d;
      return ParseUtcDateOnly(v, &d);
    }
    case FieldType::kLocalMktDate: {
      Date d;
      return ParseLocalMktDate(v, &d);
    }
    case FieldType::kTzTimeOnly:
      return TzTime(v) ? ErrorCode::kOk : Bad();
    case FieldType::kTzTimestamp: {
      // YYYYMMDD-<TZTimeOnly>
      if (v.size() < 10 || v[8] != '-') return Bad();
      Date d;
      if (ParseUtcDateOnly(v.substr(0, 8), &d) != ErrorCode::kOk) return Bad();
      return TzTime(v.substr(9)) ? ErrorCode::kOk : Bad();
    }
    case FieldType::kTenor: {
      if (v.size() < 2) return Bad();
      if (v[0] != 'D' && v[0] != 'M' && v[0] != 'W' && v[0] != 'Y') return Bad();
      for (std::size_t i = 1; i < v.size(); ++i) {
        if (!IsDigit(v[i])) return Bad();
      }
      return ErrorCode::kOk;
    }
  }
  return ErrorCode::kOk;
}

}  // namespace fixwire::dictionary_internal
