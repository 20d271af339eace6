// SPDX-License-Identifier: MIT
// read_epd_line(): a FEN or EPD line's position fields, counters and operations.
#include "core/epd.hpp"

#include <cstdint>
#include <vector>

#include "core/excerpt.hpp"

namespace chesstool {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }
bool is_letter(char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
bool is_opcode_char(char c) { return is_letter(c) || (c >= '0' && c <= '9') || c == '_'; }

// A counter operand: digits only, at most 999999999 (leading zeros allowed).
std::optional<std::uint32_t> counter(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + std::uint64_t(c - '0');
    if (v > 999999999) return std::nullopt;
  }
  return std::uint32_t(v);
}

// Reads the operations from line[i] on into out (see EpdLine).
void read_operations(std::string_view line, std::size_t i, EpdLine& out, std::string& hmvc, std::string& fmvn) {
  const std::size_t n = line.size();
  auto fail = [&](std::size_t at, std::string message) {
    out.error = std::move(message);
    out.error_column = at + 1;
  };
  bool seen_hmvc = false, seen_fmvn = false;
  while (true) {
    while (i < n && is_blank(line[i])) ++i;
    if (i == n) return;
    const std::size_t start = i;
    if (!is_letter(line[i])) return fail(start, "an operation starts with an opcode (a letter), not '" + excerpt(line.substr(i)) + "'");
    while (i < n && is_opcode_char(line[i])) ++i;
    const std::string_view opcode = line.substr(start, i - start);
    std::vector<std::string_view> operands;
    while (true) {
      while (i < n && is_blank(line[i])) ++i;
      if (i == n) return fail(start, "operation '" + std::string(opcode) + "' does not end in ';'");
      if (line[i] == ';') {
        ++i;
        break;
      }
      const std::size_t from = i;
      if (line[i] == '"') {  // a string: to its closing quote; \" and \\ inside it
        for (++i; i < n && line[i] != '"'; ++i)
          if (line[i] == '\\' && i + 1 < n) ++i;
        if (i == n) return fail(start, "a string of operation '" + std::string(opcode) + "' is not closed");
        ++i;
      } else {
        while (i < n && !is_blank(line[i]) && line[i] != ';' && line[i] != '"') ++i;
        // No operand is a counter's opcode: that is the next operation, its ';' missing.
        const std::string_view word = line.substr(from, i - from);
        if (word == "hmvc" || word == "fmvn")
          return fail(start, "operation '" + std::string(opcode) + "' does not end in ';' before '" + std::string(word) + "'");
      }
      operands.push_back(line.substr(from, i - from));
    }
    if (opcode == "hmvc" || opcode == "fmvn") {
      bool& seen = opcode == "hmvc" ? seen_hmvc : seen_fmvn;
      if (seen) return fail(start, "operation '" + std::string(opcode) + "' is given twice");
      seen = true;
      const std::optional<std::uint32_t> value = operands.size() == 1 ? counter(operands[0]) : std::nullopt;
      if (!value)
        return fail(start, "operation '" + std::string(opcode) + "' takes one whole number from 0 to 999999999");
      (opcode == "hmvc" ? hmvc : fmvn) = std::to_string(*value);
      (opcode == "hmvc" ? out.hmvc_column : out.fmvn_column) = start + 1;
      continue;
    }
    out.operations.append(opcode);
    for (const std::string_view operand : operands) out.operations.append(" ").append(operand);
    out.operations.append("; ");
  }
}

}  // namespace

EpdLine read_epd_line(std::string_view line) {
  EpdLine out;
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size() && fields.size() < 5) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t s = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > s) fields.push_back(line.substr(s, i - s));
  }
  // An operation starts with its opcode, which starts with a letter; anything else in the
  // fifth field is a FEN's halfmove clock, right or wrong ("-1" is no opcode).
  if (fields.size() < 5 || !is_letter(fields[4][0])) {
    out.fen = std::string(line);
    return out;
  }
  std::string hmvc = "0", fmvn = "1";
  read_operations(line, std::size_t(fields[4].data() - line.data()), out, hmvc, fmvn);
  for (std::size_t k = 0; k < 4; ++k) out.fen.append(fields[k]).append(" ");
  out.fen.append(hmvc).append(" ").append(fmvn);
  return out;
}

}  // namespace chesstool
