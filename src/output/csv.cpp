// SPDX-License-Identifier: MIT
// RFC 4180 fields and records.
#include "output/csv.hpp"

namespace chesstool::output {

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos && (s.empty() || s[0] != '\'')) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

namespace {

// "-7", "+0.5": a sign, digits and at most one point. A spreadsheet reads it as the number
// it is, no formula; a WhiteRatingDiff of -7 stays a number to sort and sum.
bool is_signed_number(std::string_view s) {
  std::size_t digits = 0, points = 0;
  for (std::size_t i = 1; i < s.size(); ++i) {
    if (s[i] >= '0' && s[i] <= '9') ++digits;
    else if (s[i] == '.') ++points;
    else return false;
  }
  return digits > 0 && points <= 1;
}

}  // namespace

std::string csv_text(std::string_view s) {
  if (s.empty() || std::string_view("=+-@\t\r").find(s[0]) == std::string_view::npos) return std::string(s);
  // A signed number, or a lone sign (Round "-" and TimeControl "-" are the PGN standard's
  // own values), is no formula.
  if ((s[0] == '-' || s[0] == '+') && (s.size() == 1 || is_signed_number(s))) return std::string(s);
  std::string out;  // appended in place: GCC 12 warns (-Wrestrict) on "'" + std::string(s)
  out.reserve(s.size() + 1);
  out += '\'';
  out += s;
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
