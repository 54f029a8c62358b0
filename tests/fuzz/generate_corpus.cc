// generate_corpus.cc: writes the seed corpora of every fuzz target.
//
//   ./bazelw run //tests/fuzz:generate_corpus -- "$PWD/tests/fuzz/corpus"
//
// Seeds come from the shared workloads (benchmarks/workloads.h; the 165 KB
// snapshot is cut to its first entries so the corpus stays small), from
// hand-written messages (data fields with SOH, '=' and "10=" inside, nested
// groups, every BeginString, custom and huge tags) and from one broken
// message per decoder, framer and group error. BodyLength and CheckSum are
// computed here, not by fixwire. Each target gets the seeds in its own input
// format. Files named seed-* are replaced; anything else in a corpus
// directory (regression-* reproducers of past findings) is kept.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "benchmarks/workloads.h"

namespace fixwire::fuzz {
namespace {

constexpr char kSoh = '\x01';

struct Seed {
  std::string name;
  std::string bytes;
};

unsigned Sum(std::string_view s) {
  unsigned sum = 0;
  for (char c : s) sum += static_cast<unsigned char>(c);
  return sum % 256;
}

std::string Three(unsigned v) {
  std::string s = std::to_string(v);
  return std::string(3 - s.size(), '0') + s;
}

// WithTrailer appends the correct "10=nnn<SOH>" to everything before it.
std::string WithTrailer(std::string prefix) {
  const unsigned sum = Sum(prefix);
  return prefix + "10=" + Three(sum) + kSoh;
}

// Frame wraps a body ("35=..<SOH>...") with 8=, a correct 9= and 10=.
std::string Frame(std::string_view begin_string, std::string_view body) {
  return WithTrailer("8=" + std::string(begin_string) + kSoh + "9=" + std::to_string(body.size()) +
                     kSoh + std::string(body));
}

// F builds "tag=value<SOH>".
std::string F(std::uint32_t tag, std::string_view value) {
  return std::to_string(tag) + "=" + std::string(value) + kSoh;
}

std::string Header(std::string_view msg_type, int seq = 1) {
  return F(35, msg_type) + F(49, "SENDER") + F(56, "TARGET") + F(34, std::to_string(seq)) +
         F(52, "20261202-15:30:00.123");
}

std::string Data(std::uint32_t length_tag, std::uint32_t data_tag, std::string_view data) {
  return F(length_tag, std::to_string(data.size())) + std::to_string(data_tag) + "=" +
         std::string(data) + kSoh;
}

// The 165 KB snapshot keeps its first `keep` NoMDEntries entries.
std::string TrimmedWorkload(const bench::Workload& w, int keep) {
  std::vector<bench::WorkloadField> content;
  int entries = -1;
  std::uint32_t delimiter = 0;
  for (const bench::WorkloadField& f : w.content()) {
    if (f.depth == 1 && delimiter == 0) delimiter = f.tag;
    if (f.depth == 1 && f.tag == delimiter) ++entries;
    if (f.depth >= 1 && entries >= keep) continue;
    content.push_back(f);
  }
  for (bench::WorkloadField& f : content) {
    if (f.kind == bench::FieldKind::kNumInGroup && f.depth == 0 && f.integer > keep) {
      f.integer = keep;
      f.text = std::to_string(keep);
    }
  }
  return bench::AssembleMessage(w.begin_string, content);
}

std::vector<Seed> ValidMessages() {
  std::vector<Seed> out;
  for (const bench::Workload& w : bench::AllWorkloads()) {
    if (w.bytes.size() > 16 * 1024) {
      out.push_back({"workload-" + std::string(w.name) + "-first12", TrimmedWorkload(w, 12)});
    } else {
      out.push_back({"workload-" + std::string(w.name), w.bytes});
    }
  }
  for (const char* version : {"FIX.4.0", "FIX.4.1", "FIX.4.3", "FIX.4.4", "FIXT.1.1"}) {
    out.push_back({std::string("heartbeat-") + version, Frame(version, Header("0"))});
  }
  out.push_back({"logon-fixt", Frame("FIXT.1.1", Header("A") + F(98, "0") + F(108, "30") +
                                                    F(141, "Y") + F(553, "user") + F(554, "pw") +
                                                    F(1137, "9"))});
  out.push_back({"rawdata-soh-equals-trailer",
                 Frame("FIX.4.2", Header("D") + F(11, "ORD1") + Data(95, 96, std::string("ab") + kSoh +
                                                                              "cd=ef" + kSoh + "10=123") +
                                      F(21, "1") + F(55, "IBM") + F(54, "1") + F(60, "20261202-15:30:00") +
                                      F(40, "1"))});
  out.push_back({"xmldata-header", Frame("FIX.4.4", F(35, "0") + F(49, "S") + F(56, "T") + F(34, "2") +
                                                        F(52, "20261202-15:30:00.123456") +
                                                        Data(212, 213, std::string("<a b=\"1\"/>") + kSoh + "<c/>"))});
  out.push_back({"securedata-signature",
                 Frame("FIX.4.4", Header("0") + Data(90, 91, std::string("k") + kSoh + "=") +
                                      Data(93, 89, std::string("sig") + kSoh))});
  out.push_back({"encodedtext", Frame("FIX.4.4", Header("B") + F(148, "headline") +
                                                     Data(354, 355, std::string("\xe6\x97\xa5") + kSoh + "x"))});
  out.push_back({"nested-parties",
                 Frame("FIX.4.4", Header("D") + F(11, "ORD2") + F(453, "2") + F(448, "BRKR") + F(447, "D") +
                                      F(452, "1") + F(802, "2") + F(523, "sub1") + F(803, "4") + F(523, "sub2") +
                                      F(803, "5") + F(448, "CLNT") + F(447, "D") + F(452, "3") + F(55, "IBM") +
                                      F(54, "1") + F(60, "20261202-15:30:00.000") + F(38, "100") + F(40, "2") +
                                      F(44, "12.5"))});
  out.push_back({"md-request", Frame("FIX.4.4", Header("V") + F(262, "REQ1") + F(263, "1") + F(264, "0") +
                                                    F(267, "2") + F(269, "0") + F(269, "1") + F(146, "2") +
                                                    F(55, "EUR/USD") + F(55, "GBP/USD"))});
  out.push_back({"custom-and-huge-tags", Frame("FIX.4.2", Header("0") + F(5000, "x") + F(9999, "y") +
                                                              F(16384, "z") + F(20000, "w") +
                                                              F(999999999, "max"))});
  out.push_back({"repeated-tags", Frame("FIX.4.2", Header("0") + F(58, "a") + F(58, "b") + F(58, "c"))});
  out.push_back({"long-text", Frame("FIX.4.2", Header("0") + F(58, std::string(600, 'x')))});
  std::string many = Header("0");
  for (int i = 0; i < 300; ++i) many += F(5000 + static_cast<std::uint32_t>(i), std::to_string(i));
  out.push_back({"300-fields", Frame("FIX.4.2", many)});
  return out;
}

std::vector<Seed> BrokenMessages() {
  const std::string body = Header("0");
  const std::string good = Frame("FIX.4.2", body);
  const std::string before_trailer = good.substr(0, good.size() - 7);
  std::vector<Seed> out;
  auto add = [&out](std::string name, std::string bytes) { out.push_back({std::move(name), std::move(bytes)}); };
  auto framed = [](std::string_view length, std::string_view b) {
    return WithTrailer("8=FIX.4.2" + std::string(1, kSoh) + "9=" + std::string(length) + kSoh + std::string(b));
  };
  const std::string n = std::to_string(body.size());
  add("empty", "");
  add("just-8", "8");
  add("begin-string-prefix", "8=FI");
  add("begin-string-no-soh", "8=FIX.4.2");
  add("bad-begin-string", Frame("FOO.4.2", body));
  add("begin-string-fix-only", Frame("FIX", body));
  add("begin-string-too-long", Frame("FIX.4.2.0123456789", body));
  add("missing-body-length", WithTrailer("8=FIX.4.2" + std::string(1, kSoh) + body));
  add("empty-body-length", framed("", body));
  add("body-length-leading-zero", framed("0" + n, body));
  add("body-length-negative", framed("-" + n, body));
  add("body-length-letters", framed(n + "a", body));
  add("body-length-ten-digits", framed("1234567890", body));
  add("body-length-short", framed(std::to_string(body.size() - 1), body));
  add("body-length-long", framed(std::to_string(body.size() + 1), body));
  add("body-length-past-end", framed("5000", body));
  add("missing-msg-type", Frame("FIX.4.2", F(49, "S") + F(56, "T") + F(35, "0")));
  add("no-trailer", before_trailer);
  add("checksum-two-digits", before_trailer + "10=" + Three(Sum(before_trailer)).substr(1) + kSoh);
  add("checksum-four-digits", before_trailer + "10=0" + Three(Sum(before_trailer)) + kSoh);
  add("checksum-letters", before_trailer + "10=a1b" + kSoh);
  add("checksum-256", before_trailer + "10=256" + kSoh);
  add("checksum-off-by-one", before_trailer + "10=" + Three((Sum(before_trailer) + 1) % 256) + kSoh);
  add("checksum-no-soh", good.substr(0, good.size() - 1));
  for (const auto& [name, field] : std::vector<std::pair<std::string, std::string>>{
           {"tag-empty", "=5"},
           {"tag-letters", "a1=5"},
           {"tag-leading-zero", "058=5"},
           {"tag-zero", "0=5"},
           {"tag-too-large", "1000000000=5"},
           {"tag-negative", "-5=x"},
           {"missing-equals", "58x"},
           {"empty-value", "58="},
           {"begin-string-in-body", "8=FIX.4.2"},
           {"body-length-in-body", "9=5"},
           {"checksum-in-body", "10=000"},
       }) {
    add(name, Frame("FIX.4.2", body + field + kSoh));
  }
  add("value-runs-to-end", "8=FIX.4.2" + std::string(1, kSoh) + "9=5" + kSoh + "35=0");
  add("data-length-letters", Frame("FIX.4.2", body + F(95, "x") + F(96, "abc")));
  add("data-length-negative", Frame("FIX.4.2", body + F(95, "-1") + F(96, "abc")));
  add("data-length-zero", Frame("FIX.4.2", body + F(95, "0") + F(96, "")));
  add("data-length-past-end", Frame("FIX.4.2", body + F(95, "500") + F(96, "ab")));
  add("data-field-not-next", Frame("FIX.4.2", body + F(95, "2") + F(58, "x") + F(96, "ab")));
  add("data-length-last-field", Frame("FIX.4.2", body + F(95, "2")));
  add("data-length-short", Frame("FIX.4.2", body + F(95, "1") + F(96, "ab")));
  std::string too_many = body;
  for (int i = 0; i < 1100; ++i) too_many += F(58, "x");
  add("more-fields-than-index", Frame("FIX.4.2", too_many));
  // Group errors (a dictionary is needed to see them).
  const std::string order = Header("D") + F(11, "ORD3");
  const std::string tail = F(55, "IBM") + F(54, "1") + F(60, "20261202-15:30:00") + F(40, "1");
  add("group-count-high", Frame("FIX.4.4", order + F(453, "3") + F(448, "A") + F(447, "D") + F(448, "B") + tail));
  add("group-count-low", Frame("FIX.4.4", order + F(453, "1") + F(448, "A") + F(448, "B") + tail));
  add("group-count-letters", Frame("FIX.4.4", order + F(453, "x") + F(448, "A") + tail));
  add("group-missing-delimiter", Frame("FIX.4.4", order + F(453, "1") + F(447, "D") + F(448, "A") + tail));
  add("group-out-of-order", Frame("FIX.4.4", order + F(453, "1") + F(448, "A") + F(452, "1") + F(447, "D") + tail));
  add("group-unknown-field", Frame("FIX.4.4", order + F(453, "1") + F(448, "A") + F(7777, "?") + tail));
  add("nested-group-count-high",
      Frame("FIX.4.4", order + F(453, "1") + F(448, "A") + F(802, "2") + F(523, "s") + tail));
  // Streams: garbage, trailing bytes, two messages, a message hidden in a garbled one.
  add("garbage-before", "xx" + std::string(1, kSoh) + "58=8=FIX" + kSoh + good);
  add("trailing-bytes", good + "8=FIX.4.2" + kSoh + "9=");
  add("two-messages", good + Frame("FIX.4.4", Header("1", 2) + F(112, "TEST")));
  add("garbled-then-good", framed("500", body) + good);
  return out;
}

bool WriteFile(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

class CorpusWriter {
 public:
  explicit CorpusWriter(std::filesystem::path root) : root_(std::move(root)) {}

  // Target replaces the seed-* files of one target's directory.
  bool Target(const std::string& target, const std::vector<Seed>& seeds) {
    const std::filesystem::path dir = root_ / target;
    std::filesystem::create_directories(dir);
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().filename().string().rfind("seed-", 0) == 0) std::filesystem::remove(entry.path());
    }
    std::size_t bytes = 0;
    for (const Seed& s : seeds) {
      if (!WriteFile(dir / ("seed-" + s.name), s.bytes)) {
        std::fprintf(stderr, "generate_corpus: cannot write %s\n", (dir / s.name).c_str());
        return false;
      }
      bytes += s.bytes.size();
    }
    std::printf("%s: %zu seeds, %zu bytes\n", target.c_str(), seeds.size(), bytes);
    return true;
  }

 private:
  std::filesystem::path root_;
};

std::vector<Seed> Prefixed(const std::vector<Seed>& seeds, std::string_view prefix) {
  std::vector<Seed> out;
  for (const Seed& s : seeds) out.push_back({s.name, std::string(prefix) + s.bytes});
  return out;
}

std::vector<Seed> Concat(std::vector<Seed> a, const std::vector<Seed>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Value texts: every workload field's text plus the edges of each type.
std::vector<Seed> Values() {
  std::vector<Seed> out;
  int i = 0;
  for (const bench::Workload& w : bench::AllWorkloads()) {
    for (const bench::WorkloadField& f : w.fields) {
      if (f.depth > 0 && i > 200) continue;
      bool seen = false;
      for (const Seed& s : out) seen = seen || s.bytes == f.text;
      if (!seen) out.push_back({"workload-" + std::to_string(i++), f.text});
    }
  }
  const char* edges[] = {
      "0", "-0", "00023", "-", "+1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
      "-9223372036854775809", "18446744073709551615", "18446744073709551616", "000000000000000000000000001",
      "1.5", "-0.001", "5.", ".5", "1.2.3", "1e5", "1234567890123456789", "12345678901234567890", "0.0000000000000000000001",
      "Y", "N", "y", "20261202-15:30:00", "20261202-15:30:00.123", "20261202-15:30:00.123456",
      "20261202-15:30:00.123456789", "20261202-15:30:00.123456789012", "20261202-15:30:00.1234",
      "20261231-23:59:60", "20240229-00:00:00", "20230229-00:00:00", "99991231-23:59:59", "16770101-00:00:00",
      "00000101-00:00:00", "22620412-00:00:00", "15:30:00", "15:30:00.000", "24:00:00", "23:59:60.999",
      "20261202", "00000101", "20261301", "202612", "20261231", "202612w5", "202612w6", "202602w1",
      "A B C", "A  B", " A", "A ", "AB C", "",
  };
  int e = 0;
  for (const char* edge : edges) out.push_back({"edge-" + std::to_string(e++), edge});
  return out;
}

// ByName returns the bytes of the seed called `name`; aborts when there is none.
const std::string& ByName(const std::vector<Seed>& seeds, std::string_view name) {
  for (const Seed& s : seeds) {
    if (s.name == name) return s.bytes;
  }
  std::fprintf(stderr, "generate_corpus: no seed named %.*s\n", static_cast<int>(name.size()), name.data());
  std::abort();
}

std::string Le16(unsigned v) { return std::string{static_cast<char>(v & 0xff), static_cast<char>(v >> 8)}; }

// Framer input: buffer/options bytes, chunk-length table, then the stream.
std::vector<Seed> FramerSeeds(const std::vector<Seed>& valid, const std::vector<Seed>& broken) {
  std::vector<Seed> out;
  std::string stream;
  for (const Seed& s : valid) {
    if (s.bytes.size() < 1500) stream += s.bytes;
  }
  const std::string small_stream = stream.substr(0, 4000);
  // Options: byte 0 buffer size index and checksum flag, byte 1 max size index.
  out.push_back({"all-valid-one-chunk", std::string("\x02\x00\x00", 3) + small_stream});
  out.push_back({"all-valid-7-13-1", std::string("\x02\x00\x03", 3) + Le16(7) + Le16(13) + Le16(1) + small_stream});
  out.push_back({"all-valid-small-buffer", std::string("\x00\x00\x02", 3) + Le16(64) + Le16(3) + small_stream});
  for (const Seed& s : broken) {
    if (s.bytes.size() > 2000) continue;
    out.push_back({"broken-" + s.name, std::string("\x01\x00\x02", 3) + Le16(5) + Le16(17) + s.bytes +
                                           ByName(valid, "workload-NewOrderSingle")});
  }
  return out;
}

// Encoder programs (encoder_fuzzer.cc's format): each workload's body fields
// as AddString operations, plus a few programs using the other operations.
std::vector<Seed> EncoderSeeds() {
  std::vector<Seed> out;
  for (const bench::Workload& w : bench::AllWorkloads()) {
    if (w.bytes.size() > 2000) continue;
    const unsigned begin = w.begin_string == "FIX.4.4" ? 1 : 0;
    std::string p = Le16(static_cast<unsigned>(w.bytes.size() + 16)) + static_cast<char>(begin << 1);
    p += static_cast<char>(w.msg_type.size());
    p += w.msg_type;
    bool first = true;
    for (const bench::WorkloadField& f : w.content()) {
      if (first) {  // 35 is written by Begin
        first = false;
        continue;
      }
      const std::string value = f.text.substr(0, 40);
      p += '\x04';  // AddString
      p += '\xf0';  // a tag given in the next four bytes
      for (int i = 0; i < 4; ++i) p += static_cast<char>((f.tag >> (8 * i)) & 0xff);
      p += static_cast<char>(value.size());
      p += value;
    }
    out.push_back({"workload-" + std::string(w.name), p});
  }
  // Every operation kind once (kinds 0..13), with small tag indexes and values.
  std::string all = Le16(600) + std::string("\x00\x01" "D", 3);
  for (int kind = 0; kind < 14; ++kind) {
    all += static_cast<char>(kind);
    all += static_cast<char>(kind);  // tag index
    all += std::string("\x07\x01\x02\x03\x04\x05\x06\x07\x08\x02", 10);
  }
  out.push_back({"every-kind", all});
  out.push_back({"tiny-buffer", Le16(20) + std::string("\x00\x01" "D\x04\x00\x03" "abc", 8)});
  out.push_back({"padded", Le16(1000) + std::string("\x03\x01" "D\x04\x00\x03" "abc", 8)});
  return out;
}

std::vector<Seed> XmlSeeds() {
  const std::string small = R"(<fix type="FIX" major="4" minor="4" servicepack="0">
 <header>
  <field name="BeginString" required="Y"/><field name="BodyLength" required="Y"/>
  <field name="MsgType" required="Y"/><field name="SenderCompID" required="Y"/>
  <group name="NoHops" required="N"><field name="HopCompID" required="N"/></group>
 </header>
 <trailer><field name="CheckSum" required="Y"/></trailer>
 <messages>
  <message name="Heartbeat" msgtype="0" msgcat="admin"><field name="TestReqID" required="N"/></message>
  <message name="NewOrderSingle" msgtype="D" msgcat="app">
   <field name="ClOrdID" required="Y"/><component name="Parties" required="N"/>
   <field name="Side" required="Y"/><field name="RawDataLength" required="N"/><field name="RawData" required="N"/>
  </message>
 </messages>
 <components>
  <component name="Parties">
   <group name="NoPartyIDs" required="N"><field name="PartyID" required="N"/><field name="PartyIDSource" required="N"/>
    <group name="NoPartySubIDs" required="N"><field name="PartySubID" required="N"/></group>
   </group>
  </component>
 </components>
 <fields>
  <field number="8" name="BeginString" type="STRING"/><field number="9" name="BodyLength" type="LENGTH"/>
  <field number="10" name="CheckSum" type="STRING"/><field number="11" name="ClOrdID" type="STRING"/>
  <field number="35" name="MsgType" type="STRING"><value enum="0" description="HEARTBEAT"/><value enum="D" description="ORDER_SINGLE"/></field>
  <field number="49" name="SenderCompID" type="STRING"/>
  <field number="54" name="Side" type="CHAR"><value enum="1" description="BUY"/><value enum="2" description="SELL"/></field>
  <field number="95" name="RawDataLength" type="LENGTH"/><field number="96" name="RawData" type="DATA"/>
  <field number="112" name="TestReqID" type="STRING"/>
  <field number="447" name="PartyIDSource" type="CHAR"/><field number="448" name="PartyID" type="STRING"/>
  <field number="453" name="NoPartyIDs" type="NUMINGROUP"/><field number="523" name="PartySubID" type="STRING"/>
  <field number="627" name="NoHops" type="NUMINGROUP"/><field number="628" name="HopCompID" type="STRING"/>
  <field number="802" name="NoPartySubIDs" type="NUMINGROUP"/>
 </fields>
</fix>
)";
  std::vector<Seed> out;
  out.push_back({"small-complete", small});
  out.push_back({"truncated-half", small.substr(0, small.size() / 2)});
  out.push_back({"truncated-early", small.substr(0, 120)});
  auto replaced = [&small](std::string_view from, std::string_view to) {
    std::string s = small;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  out.push_back({"unknown-field-name", replaced("name=\"Side\" required=\"Y\"", "name=\"Sid\" required=\"Y\"")});
  out.push_back({"bad-field-number", replaced("number=\"11\"", "number=\"x1\"")});
  out.push_back({"duplicate-number", replaced("number=\"112\"", "number=\"11\"")});
  out.push_back({"unknown-type", replaced("type=\"CHAR\"", "type=\"CHARS\"")});
  out.push_back({"group-count-not-numingroup", replaced("name=\"NoPartyIDs\" type=\"NUMINGROUP\"", "name=\"NoPartyIDs\" type=\"INT\"")});
  out.push_back({"component-cycle", replaced("<field name=\"PartySubID\" required=\"N\"/>", "<component name=\"Parties\" required=\"N\"/>")});
  out.push_back({"duplicate-enum", replaced("enum=\"2\"", "enum=\"1\"")});
  out.push_back({"no-root", "<nofix/>"});
  out.push_back({"not-xml", "fix type=FIX"});
  // `bazel run` starts in the runfiles tree; the sources are in the workspace.
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  const std::filesystem::path fixt =
      std::filesystem::path(workspace != nullptr ? workspace : ".") / "codec/dictionaries/FIXT11.xml";
  std::ifstream in(fixt, std::ios::binary);
  if (in) {
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    out.push_back({"FIXT11", text});
  }
  return out;
}

int Main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: generate_corpus CORPUS_ROOT (e.g. \"$PWD/tests/fuzz/corpus\")\n");
    return 2;
  }
  const std::vector<Seed> valid = ValidMessages();
  const std::vector<Seed> broken = BrokenMessages();
  const std::vector<Seed> messages = Concat(valid, broken);
  CorpusWriter w(argv[1]);
  bool ok = true;
  ok = ok && w.Target("differential_fuzzer", messages);
  // decoder_fuzzer: options byte, capacity byte (0: default).
  ok = ok && w.Target("decoder_fuzzer", Concat(Prefixed(messages, std::string("\x00\x00", 2)),
                                               {{"allow-empty", std::string("\x01\x00", 2) + ByName(broken, "empty-value")},
                                                {"checksum-off", std::string("\x02\x00", 2) + ByName(broken, "checksum-off-by-one")},
                                                {"capacity-8", std::string("\x00\x08", 2) + ByName(valid, "workload-NewOrderSingle")},
                                                {"max-size-64", std::string("\x04\x00", 2) + ByName(valid, "workload-NewOrderSingle")},
                                                // Decoding on demand: a walk to the end, lookups first, 4 fields first.
                                                {"partial-walk", std::string("\x10\x00", 2) + ByName(valid, "repeated-tags")},
                                                {"partial-lookups", std::string("\x20\x00", 2) + ByName(valid, "rawdata-soh-equals-trailer")},
                                                {"partial-lookups-huge-tags", std::string("\x20\x00", 2) + ByName(valid, "custom-and-huge-tags")},
                                                {"partial-first-fields", std::string("\x70\x00", 2) + ByName(valid, "workload-MassQuote")},
                                                {"partial-walk-bad-tag", std::string("\x10\x00", 2) + ByName(broken, "tag-letters")},
                                                {"partial-lookups-data-past-end", std::string("\x20\x00", 2) + ByName(broken, "data-length-past-end")}}));
  // simd_kernels_fuzzer: pad, needle, cut, then the bytes.
  ok = ok && w.Target("simd_kernels_fuzzer", Prefixed(messages, std::string("\x05\x3d\x11", 3)));
  ok = ok && w.Target("values_fuzzer", Values());
  ok = ok && w.Target("stream_framer_fuzzer", FramerSeeds(valid, broken));
  ok = ok && w.Target("dictionary_xml_fuzzer", XmlSeeds());
  ok = ok && w.Target("encoder_fuzzer", EncoderSeeds());
  // dictionary_decoder_fuzzer: dictionary/group options byte, validation-off byte.
  // FIX 4.2 and 4.4 messages with the matching dictionary, FIXT with FIX 5.0 SP2,
  // and the lenient group options once each.
  std::vector<Seed> dict_seeds;
  for (const Seed& s : messages) {
    const bool fixt = s.bytes.rfind("8=FIXT.1.1", 0) == 0;
    const bool fix42 = s.bytes.rfind("8=FIX.4.2", 0) == 0;
    const char dict = fixt ? '\x02' : fix42 ? '\x00' : '\x01';
    dict_seeds.push_back({s.name, std::string(1, dict) + std::string(1, '\x00') + s.bytes});
  }
  dict_seeds.push_back({"lenient-out-of-order", std::string("\x0d\x00", 2) + ByName(broken, "group-out-of-order")});
  dict_seeds.push_back({"keep-unknown", std::string("\x09\x00", 2) + ByName(broken, "group-unknown-field")});
  dict_seeds.push_back({"end-group-on-unknown", std::string("\x11\x00", 2) + ByName(broken, "group-unknown-field")});
  dict_seeds.push_back({"no-count-check", std::string("\x21\x00", 2) + ByName(broken, "group-count-high")});
  dict_seeds.push_back({"checks-off", std::string("\x01\xff", 2) + ByName(valid, "nested-parties")});
  ok = ok && w.Target("dictionary_decoder_fuzzer", dict_seeds);
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace fixwire::fuzz

int main(int argc, char** argv) { return fixwire::fuzz::Main(argc, argv); }
