// SPDX-License-Identifier: MIT
// The criteria's value parsers (ranges, material signatures) and the --ends and --has tables.
#include "filter/criteria.hpp"

#include <algorithm>
#include <charconv>

namespace chesstool::filter {

std::optional<std::pair<std::string, std::string>> split_range(std::string_view text) {
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) return std::nullopt;
  return std::make_pair(std::string(text.substr(0, dots)), std::string(text.substr(dots + 2)));
}

namespace {

// 'text', quoted for a message. (Built by appending: GCC 12 warns falsely, -Wrestrict,
// about "'" + std::string(text).)
std::string quoted(std::string_view text) {
  std::string s;
  s.reserve(text.size() + 2);
  s += '\'';
  s.append(text);
  s += '\'';
  return s;
}

}  // namespace

std::optional<Range> parse_range(std::string_view text, std::string& error) {
  // Decimal digits only: from_chars reads "-0" as 0.
  auto number = [&](std::string_view s, long long& v) {
    if (s.empty() || s.size() > 15 || s.find_first_not_of("0123456789") != std::string_view::npos) return false;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size() && v >= 0;
  };
  Range r;
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) {
    long long v = 0;
    if (!number(text, v)) {
      error = quoted(text) + " is not N, N..M, N.. or ..M (N, M whole numbers)";
      return std::nullopt;
    }
    r.min = r.max = v;
    return r;
  }
  std::string_view lo = text.substr(0, dots), hi = text.substr(dots + 2);
  long long v = 0;
  if ((lo.empty() && hi.empty()) || (!lo.empty() && !number(lo, v))) {
    error = quoted(text) + " is not N, N..M, N.. or ..M (N, M whole numbers)";
    return std::nullopt;
  }
  if (!lo.empty()) r.min = v;
  if (!hi.empty()) {
    if (!number(hi, v)) {
      error = quoted(text) + " is not N, N..M, N.. or ..M (N, M whole numbers)";
      return std::nullopt;
    }
    r.max = v;
  }
  if (r.min > r.max) {
    error = quoted(text) + " is an empty range (its start is above its end)";
    return std::nullopt;
  }
  return r;
}

const std::vector<Ending>& ending_table() {
  static const std::vector<Ending> table = [] {
    std::vector<Ending> t;
    for (const TerminationName& n : kTerminationNames) {
      if (n.termination == Termination::None) continue;
      std::string name(n.json);
      for (char& c : name)
        if (c == '_') c = '-';
      if (name == "fivefold-repetition") name = "fivefold";
      if (name == "seventyfive-moves") name = "seventyfive";
      t.push_back({EndingKind::Terminated, n.termination, name});
    }
    t.push_back({EndingKind::ThreefoldClaimable, Termination::None, "threefold-claimable"});
    t.push_back({EndingKind::FiftyClaimable, Termination::None, "fifty-claimable"});
    t.push_back({EndingKind::DecidedOnBoard, Termination::None, "decided-on-board"});
    t.push_back({EndingKind::Resigned, Termination::None, "resigned"});
    t.push_back({EndingKind::Unfinished, Termination::None, "unfinished"});
    return t;
  }();
  return table;
}

std::vector<std::string> ending_names() {
  std::vector<std::string> names;
  for (const Ending& e : ending_table()) names.push_back(e.name);
  return names;
}

std::vector<std::string> move_kind_names() {
  std::vector<std::string> names;
  for (const MoveKindName& k : kMoveKinds) names.emplace_back(k.name);
  return names;
}

int Material::total(Color c) const {
  int n = 0;
  for (int t = Pawn; t <= Queen; ++t) n += counts[c][std::size_t(t)];
  return n;
}

std::optional<Material> parse_material(std::string_view text, std::string& error) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos) {
    error = quoted(text) + " is not a material signature such as KRP:KR (White's pieces, ':', Black's)";
    return std::nullopt;
  }
  Material m;
  const std::string_view sides[2] = {text.substr(0, colon), text.substr(colon + 1)};
  for (Color c : {White, Black}) {
    bool king = false;
    for (char ch : sides[c]) {
      const char u = ch >= 'a' && ch <= 'z' ? char(ch - 'a' + 'A') : ch;
      PieceType t = NoPieceType;
      switch (u) {
        case 'K':
          if (king) {
            error = quoted(text) + " gives " + (c == White ? "White" : "Black") + " two kings";
            return std::nullopt;
          }
          king = true;
          continue;
        case 'Q': t = Queen; break;
        case 'R': t = Rook; break;
        case 'B': t = Bishop; break;
        case 'N': t = Knight; break;
        case 'P': t = Pawn; break;
        default:
          error = quoted(text) + ": '" + std::string(1, ch) + "' is not one of K, Q, R, B, N, P";
          return std::nullopt;
      }
      ++m.counts[c][t];
    }
    // What a game can reach: 8 pawns at most, and each piece beyond the starting set (a
    // second queen, a third rook, bishop or knight) promoted from one of the missing pawns
    // (so 15 pieces besides the king at most). The colour of the bishops' squares is not
    // in a signature: two bishops are taken as the starting pair.
    const std::string side = c == White ? "White" : "Black";
    const auto& n = m.counts[c];
    if (n[Pawn] > 8) {
      error = quoted(text) + " gives " + side + " " + std::to_string(n[Pawn]) + " pawns (a side has 8 at most)";
      return std::nullopt;
    }
    auto beyond = [](int count, int start) { return std::max(0, count - start); };
    const int promoted = beyond(n[Queen], 1) + beyond(n[Rook], 2) + beyond(n[Bishop], 2) + beyond(n[Knight], 2);
    if (promoted > 8 - n[Pawn]) {
      error = quoted(text) + " gives " + side +
              " more pieces beyond the starting set of 1 queen and 2 rooks, bishops and knights (" +
              std::to_string(promoted) + ") than pawns missing to have promoted to them (" +
              std::to_string(8 - n[Pawn]) + ")";
      return std::nullopt;
    }
  }
  return m;
}

Material material_of(const Position& pos) {
  Material m;
  for (Color c : {White, Black})
    for (int t = Pawn; t <= Queen; ++t) m.counts[c][std::size_t(t)] = popcount(pos.pieces(c, PieceType(t)));
  return m;
}

std::string to_string(const Material& m) {
  static constexpr char kLetters[] = " PNBRQ";
  std::string s;
  for (Color c : {White, Black}) {
    if (c == Black) s += ':';
    s += 'K';
    for (int t = Queen; t >= Pawn; --t) s.append(std::size_t(m.counts[c][std::size_t(t)]), kLetters[t]);
  }
  return s;
}

namespace {

bool is_eco_code(std::string_view s) {
  return s.size() == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9';
}
bool is_eco_volume(std::string_view s) { return s.size() == 1 && s[0] >= 'A' && s[0] <= 'E'; }

// One end of an ECO range: a code, or a volume letter standing for its first or last code.
bool eco_end(std::string_view s, bool upper, std::string& out) {
  if (is_eco_code(s)) {
    out = std::string(s);
    return true;
  }
  if (!is_eco_volume(s)) return false;
  out = std::string(s);
  out += upper ? "99" : "00";
  return true;
}

}  // namespace

std::optional<EcoRange> parse_eco_range(std::string_view text, std::string& error) {
  const std::string bad = quoted(text).append(" is not an ECO code (A00 to E99), a volume letter (A to E) or a range of them (A00..B99)");
  EcoRange r;
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) {
    if (!eco_end(text, false, r.from) || !eco_end(text, true, r.to)) {
      error = bad;
      return std::nullopt;
    }
    return r;
  }
  std::string_view lo = text.substr(0, dots), hi = text.substr(dots + 2);
  if ((lo.empty() && hi.empty()) || (!lo.empty() && !eco_end(lo, false, r.from)) ||
      (!hi.empty() && !eco_end(hi, true, r.to))) {
    error = bad;
    return std::nullopt;
  }
  if (r.from > r.to) {
    error = quoted(text).append(": the first code comes after the second");
    return std::nullopt;
  }
  return r;
}

}  // namespace chesstool::filter
