// SPDX-License-Identifier: MIT
// RFC 4180 fields and records.
#include "output/csv.hpp"

namespace chesstool::output {

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void append_csv_record(std::string& out, const std::vector<std::string>& fields) {
  if (fields.size() == 1 && fields[0].empty()) {
    // A lone empty field written as nothing would be a blank line, which readers skip
    // (Python's csv gives [], pandas drops it): the row would be lost.
    out += "\"\"\r\n";
    return;
  }
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    out += csv_field(fields[i]);
  }
  out += "\r\n";
}

}  // namespace chesstool::output
