// quickfix_import.cc: ImportQuickFixFileStore (see quickfix_import.h).
#include "fixwire/store/quickfix_import.h"

// Importing a QuickFIX directory is a one-off migration step: streams are
// fine here.

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

namespace fixwire {
namespace {

struct Entry {
  std::uint64_t offset;
  std::uint64_t size;
  std::uint64_t header_offset;  // where the entry is in the header file
};

bool ReadWhole(const std::string& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

// Days since 1970-01-01 of a civil date (proleptic Gregorian).
std::int64_t DaysFromCivil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool ParseDigits(const std::string& s, std::size_t at, std::size_t n, unsigned& out) {
  if (at + n > s.size()) return false;
  out = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    out = out * 10 + static_cast<unsigned>(s[i] - '0');
  }
  return true;
}

// "YYYYMMDD-HH:MM:SS[.f...]" -> ns since the epoch.
bool ParseUtcTimestamp(const std::string& s, std::int64_t& ns) {
  unsigned y, mo, d, h, mi, se;
  if (!ParseDigits(s, 0, 4, y) || !ParseDigits(s, 4, 2, mo) || !ParseDigits(s, 6, 2, d) ||
      s.size() < 17 || s[8] != '-' || !ParseDigits(s, 9, 2, h) || s[11] != ':' ||
      !ParseDigits(s, 12, 2, mi) || s[14] != ':' || !ParseDigits(s, 15, 2, se)) {
    return false;
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60) return false;
  std::int64_t fraction_ns = 0;
  if (s.size() > 17) {
    if (s[17] != '.') return false;
    std::int64_t scale = 100'000'000;
    for (std::size_t i = 18; i < s.size(); ++i) {
      if (s[i] < '0' || s[i] > '9') return false;
      fraction_ns += (s[i] - '0') * scale;
      scale /= 10;
    }
  }
  ns = ((DaysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60 + se;
  ns = ns * 1'000'000'000 + fraction_ns;
  return true;
}

}  // namespace

absl::Status ImportQuickFixFileStore(const std::string& directory,
                                     const std::string& quickfix_session_id, MessageStore& into) {
  const std::string prefix = directory + "/" + quickfix_session_id + ".";
  std::string session, seqnums, header;
  if (!ReadWhole(prefix + "session", session)) {
    return absl::NotFoundError(absl::StrCat(prefix, "session: ", std::strerror(errno)));
  }
  while (!session.empty() && (session.back() == '\n' || session.back() == ' ')) session.pop_back();
  std::int64_t creation_ns = 0;
  if (!ParseUtcTimestamp(session, creation_ns)) {
    return absl::DataLossError(
        absl::StrCat(prefix, "session: offset 0: not a UTC timestamp: \"", session, "\""));
  }
  long long next_sender = 1, next_target = 1;
  if (ReadWhole(prefix + "seqnums", seqnums) && !seqnums.empty() &&
      std::sscanf(seqnums.c_str(), "%lld : %lld", &next_sender, &next_target) != 2) {
    return absl::DataLossError(absl::StrCat(prefix, "seqnums: offset 0: not \"sender : target\""));
  }
  if (next_sender < 1 || next_target < 1) {
    return absl::DataLossError(absl::StrCat(prefix, "seqnums: offset 0: numbers below 1"));
  }
  std::map<std::uint64_t, Entry> entries;
  ReadWhole(prefix + "header", header);
  {
    std::size_t at = 0;
    while (at < header.size()) {
      while (at < header.size() && (header[at] == ' ' || header[at] == '\n')) ++at;
      if (at >= header.size()) break;
      long long seq = 0, offset = 0;
      unsigned long long size = 0;
      int used = 0;
      if (std::sscanf(header.c_str() + at, "%lld,%lld,%llu%n", &seq, &offset, &size, &used) != 3 ||
          seq < 1 || offset < 0) {
        return absl::DataLossError(
            absl::StrCat(prefix, "header: offset ", at, ": not \"seq,offset,size\""));
      }
      entries[static_cast<std::uint64_t>(seq)] =
          Entry{static_cast<std::uint64_t>(offset), size, at};
      at += static_cast<std::size_t>(used);
    }
  }
  std::FILE* body = std::fopen((prefix + "body").c_str(), "rb");
  if (body == nullptr && !entries.empty()) {
    return absl::NotFoundError(absl::StrCat(prefix, "body: ", std::strerror(errno)));
  }
  std::uint64_t body_size = 0;
  if (body != nullptr) {
    std::fseek(body, 0, SEEK_END);
    body_size = static_cast<std::uint64_t>(std::ftell(body));
  }
  if (into.Reset(creation_ns) != StoreStatus::kOk) {
    if (body != nullptr) std::fclose(body);
    return absl::InternalError("import: the target store refused a reset");
  }
  std::string message;
  for (const auto& [seq, e] : entries) {
    if (e.offset > body_size || e.size > body_size - e.offset) {
      std::fclose(body);
      into.Reset(creation_ns);
      return absl::DataLossError(absl::StrCat(prefix, "header: offset ", e.header_offset,
                                              ": message seq ", seq, " at body offset ", e.offset,
                                              " size ", e.size, " runs past the body (",
                                              body_size, " bytes)"));
    }
    message.resize(e.size);
    std::fseek(body, static_cast<long>(e.offset), SEEK_SET);
    if (std::fread(message.data(), 1, e.size, body) != e.size) {
      std::fclose(body);
      into.Reset(creation_ns);
      return absl::DataLossError(absl::StrCat(prefix, "body: offset ", e.offset,
                                              ": short read of message seq ", seq));
    }
    if (into.Append(seq, message, static_cast<std::uint64_t>(next_target)) != StoreStatus::kOk) {
      std::fclose(body);
      into.Reset(creation_ns);
      return absl::InternalError(absl::StrCat("import: the target store refused message ", seq));
    }
  }
  if (body != nullptr) std::fclose(body);
  if (into.SetNextSenderSeq(static_cast<std::uint64_t>(next_sender)) != StoreStatus::kOk ||
      into.SetNextTargetSeq(static_cast<std::uint64_t>(next_target)) != StoreStatus::kOk ||
      into.Sync() != StoreStatus::kOk) {
    return absl::InternalError("import: the target store refused the sequence numbers");
  }
  return absl::OkStatus();
}

}  // namespace fixwire
