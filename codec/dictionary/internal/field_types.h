// field_types.h: the types describing one field of a Dictionary (its
// FieldType, compiled FieldDef, ValueClass and the TagInfo the hot paths
// load), public through dictionary.h, which includes this header. Defined
// here so that the validator's internal headers (dictionary_value_format.h,
// validation_tables.h) use them without the Dictionary.
#ifndef FIXWIRE_DICTIONARY_INTERNAL_FIELD_TYPES_H_
#define FIXWIRE_DICTIONARY_INTERNAL_FIELD_TYPES_H_

#include <cstdint>

namespace fixwire {

// FieldType is the type attribute of a <field> (QuickFIX spelling, upper case).
enum class FieldType : std::uint8_t {
  kString = 0,
  kChar,
  kBoolean,
  kInt,
  kLength,
  kNumInGroup,
  kSeqNum,
  kTagNum,
  kDayOfMonth,
  kFloat,
  kQty,
  kPrice,
  kPriceOffset,
  kAmt,
  kPercentage,
  kMultipleCharValue,
  kMultipleValueString,  // also MULTIPLESTRINGVALUE
  kCountry,
  kCurrency,
  kExchange,
  kLanguage,
  kMonthYear,
  kUtcTimestamp,  // also TIME (FIX 4.2)
  kUtcTimeOnly,
  kUtcDateOnly,   // also UTCDATE (FIX 4.2's name) and DATE
  kLocalMktDate,
  kLocalMktTime,
  kTzTimeOnly,
  kTzTimestamp,
  kData,
  kXmlData,
  kPattern,
  kTenor,
  kReserved100Plus,
  kReserved1000Plus,
  kReserved4000Plus,
};

// FieldDef is the compiled form of one <field>.
struct FieldDef {
  std::uint32_t tag = 0;
  std::uint32_t ordinal = 0;     // index in Dictionary::fields()
  FieldType type = FieldType::kString;
  std::uint8_t flags = 0;        // kFieldIs* bits below
  std::uint16_t reserved = 0;
  std::uint32_t paired_tag = 0;  // Length field: its Data field; Data field: its Length field; else 0
  std::uint32_t enum_begin = 0;  // multi-character enum values: [enum_begin, enum_end) of enum_values()
  std::uint32_t enum_end = 0;
  std::uint64_t char_enum_bits[2] = {0, 0};  // single-character enum values, bit = ASCII code

  static constexpr std::uint8_t kIsLength = 1;      // type LENGTH and paired with a Data field
  static constexpr std::uint8_t kIsData = 2;        // type DATA/XMLDATA (value may contain SOH)
  static constexpr std::uint8_t kHasEnums = 4;      // has <value> children
  static constexpr std::uint8_t kCharEnumsOnly = 8;  // every enum value is one ASCII character
  static constexpr std::uint8_t kIsGroupCount = 16;  // NUMINGROUP, or a FIX 4.2 INT group count

  bool is_length() const noexcept { return flags & kIsLength; }
  bool is_data() const noexcept { return flags & kIsData; }
  bool has_enums() const noexcept { return flags & kHasEnums; }
};

// ValueClass: the inline value check that settles a field's common values
// in the validator (internal/dictionary_value_format.h), from the
// field's type and whether it has enumerated values.
enum class ValueClass : std::uint8_t {
  kOther = 0,  // not settled inline: the full checks
  kText,       // STRING, DATA, XMLDATA: any non-empty value
  kTextEnum,   // the same with enumerated values: a one-character value in the set
  kChar,       // CHAR: one character, not ' ' (nor SOH)
  kCharEnum,   // CHAR with enumerated values
  kUnsigned,   // LENGTH, NUMINGROUP, SEQNUM: 1..18 digits
  kSigned,     // INT: [-]1..18 digits
  kDecimal,    // FLOAT, QTY, PRICE, PRICEOFFSET, AMT, PERCENTAGE: [-]d[.d]
  kTimestamp,  // UTCTIMESTAMP
  kTimeOfDay,  // UTCTIMEONLY, LOCALMKTTIME
};

constexpr ValueClass ValueClassOf(FieldType type, bool has_enums) noexcept {
  ValueClass c = ValueClass::kOther;
  switch (type) {
    case FieldType::kString:
    case FieldType::kData:
    case FieldType::kXmlData:
      c = ValueClass::kText;
      break;
    case FieldType::kChar:
      c = ValueClass::kChar;
      break;
    case FieldType::kLength:
    case FieldType::kNumInGroup:
    case FieldType::kSeqNum:
      c = ValueClass::kUnsigned;
      break;
    case FieldType::kInt:
      c = ValueClass::kSigned;
      break;
    case FieldType::kFloat:
    case FieldType::kQty:
    case FieldType::kPrice:
    case FieldType::kPriceOffset:
    case FieldType::kAmt:
    case FieldType::kPercentage:
      c = ValueClass::kDecimal;
      break;
    case FieldType::kUtcTimestamp:
      c = ValueClass::kTimestamp;
      break;
    case FieldType::kUtcTimeOnly:
    case FieldType::kLocalMktTime:
      c = ValueClass::kTimeOfDay;
      break;
    default:
      break;
  }
  if (!has_enums) return c;
  if (c == ValueClass::kText) return ValueClass::kTextEnum;
  if (c == ValueClass::kChar) return ValueClass::kCharEnum;
  return ValueClass::kOther;
}

// TagInfo is what the hot paths need about a tag, in 8 bytes: one load.
struct TagInfo {
  static constexpr std::uint32_t kNoOrdinal = 0xFFFFFFFFu;  // Dictionary::kNoOrdinal
  std::uint32_t ordinal = kNoOrdinal;  // kNoOrdinal when the tag is not defined
  FieldType type = FieldType::kString;
  std::uint8_t flags = 0;      // FieldDef flags
  std::uint8_t placement = 0;  // kInHeader | kInTrailer
  ValueClass value_class = ValueClass::kOther;  // ValueClassOf(type, has_enums)

  static constexpr std::uint8_t kInHeader = 1;   // a direct member of the standard header
  static constexpr std::uint8_t kInTrailer = 2;  // a direct member of the standard trailer
  bool defined() const noexcept { return ordinal != kNoOrdinal; }
};
static_assert(sizeof(TagInfo) == 8);

}  // namespace fixwire

#endif  // FIXWIRE_DICTIONARY_INTERNAL_FIELD_TYPES_H_
