// SPDX-License-Identifier: MIT
// Reads perft suites in the two formats of the corpus: EPD (`FEN ;D1 20 ;D2 400`) and
// shakmaty's .perft blocks (`id`, `epd FEN`, `perft DEPTH NODES` lines).
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace chesstool::testing {

struct PerftCase {
  std::string id;
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, expected nodes)
};

inline std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return s.substr(i);
}

inline std::vector<PerftCase> read_perft_suite(const std::string& path) {
  std::vector<PerftCase> cases;
  std::ifstream in(path);
  std::string line;
  bool epd_format = path.size() >= 4 && path.substr(path.size() - 4) == ".epd";
  int n = 0;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (epd_format) {
      PerftCase c;
      std::istringstream parts(line);
      std::string part;
      std::getline(parts, part, ';');
      c.fen = trim(part);
      c.id = std::to_string(++n);
      while (std::getline(parts, part, ';')) {
        std::istringstream f(trim(part));
        std::string d;
        std::uint64_t nodes = 0;
        if (f >> d >> nodes && d.size() > 1 && d[0] == 'D') c.depths.emplace_back(std::stoi(d.substr(1)), nodes);
      }
      cases.push_back(std::move(c));
    } else if (line.rfind("id ", 0) == 0) {
      cases.push_back({trim(line.substr(3)), "", {}});
    } else if (line.rfind("epd ", 0) == 0 && !cases.empty()) {
      cases.back().fen = trim(line.substr(4));
    } else if (line.rfind("perft ", 0) == 0 && !cases.empty()) {
      std::istringstream f(line.substr(6));
      int d = 0;
      std::uint64_t nodes = 0;
      if (f >> d >> nodes) cases.back().depths.emplace_back(d, nodes);
    }
  }
  return cases;
}

}  // namespace chesstool::testing
