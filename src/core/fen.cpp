// SPDX-License-Identifier: MIT
// FEN parsing (syntax first, then whether the position can arise) and FEN writing.
#include "core/fen.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <vector>

#include "core/excerpt.hpp"
#include "core/san_detail.hpp"

namespace chesstool {

namespace {

// Printable form of a byte for error messages.
std::string show_char(char c) {
  auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return std::string("'") + c + "'";
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

struct Field {
  std::string_view text;
  std::size_t column;  // 1-based
};

std::vector<Field> split_fields(std::string_view s, std::size_t limit) {
  std::vector<Field> fields;
  std::size_t i = 0;
  while (i < s.size() && fields.size() <= limit) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    if (i >= s.size()) break;
    std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    fields.push_back({s.substr(start, i - start), start + 1});
  }
  return fields;
}

FenError error(std::string field, std::string message, std::size_t column = 0) {
  return FenError{std::move(field), std::move(message), column};
}

FenResult fail(std::string field, std::string message, std::size_t column = 0) {
  FenResult r;
  r.error = error(std::move(field), std::move(message), column);
  return r;
}

std::optional<FenError> parse_placement(Field f, Position& pos) {
  int rank = 7, file = 0;
  bool last_was_digit = false;
  auto err = [&](std::string msg, std::size_t i) { return FenError{"piece placement", std::move(msg), f.column + i}; };
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    char c = f.text[i];
    if (c == '/') {
      if (file != 8) return err("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " files, expected 8", i);
      if (rank == 0) return err("more than 8 ranks", i);
      --rank;
      file = 0;
      last_was_digit = false;
    } else if (c >= '1' && c <= '8') {
      if (last_was_digit) return err("two digits in a row in rank " + std::to_string(rank + 1), i);
      file += c - '0';
      if (file > 8) return err("rank " + std::to_string(rank + 1) + " has more than 8 files", i);
      last_was_digit = true;
    } else {
      PieceType t = piece_type_from_char(c);
      if (t == NoPieceType) return err("unknown piece letter " + show_char(c), i);
      if (file >= 8) return err("rank " + std::to_string(rank + 1) + " has more than 8 files", i);
      pos.put_piece(make_piece(c >= 'a' ? Black : White, t), make_square(file, rank));
      ++file;
      last_was_digit = false;
    }
  }
  if (rank != 0) return err("has " + std::to_string(8 - rank) + (rank == 7 ? " rank" : " ranks") + ", expected 8", f.text.size());
  if (file != 8) return err("rank 1 has " + std::to_string(file) + " files, expected 8", f.text.size());
  return std::nullopt;
}

std::optional<FenError> parse_castling(Field f, Position& pos) {
  if (f.text == "-") return std::nullopt;
  auto err = [&](std::string msg, std::size_t i) { return FenError{"castling", std::move(msg), f.column + i}; };
  bool seen[4] = {};
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    char c = f.text[i];
    Color color = (c >= 'a' && c <= 'z') ? Black : White;
    char up = char(color == Black ? c - 'a' + 'A' : c);
    if (!(up == 'K' || up == 'Q' || (up >= 'A' && up <= 'H')))
      return err("unexpected " + show_char(c) + " (use '-', KQkq or rook files A-H/a-h)", i);
    int back = color == White ? 0 : 7;
    Bitboard king = pos.pieces(color, King) & rank_bb(back);
    if (!king || more_than_one(pos.pieces(color, King)))
      return err(std::string("right ") + show_char(c) + " but the " + (color == White ? "white" : "black") +
                     " king is not on its back rank", i);
    Square ksq = lsb(king);
    Bitboard rooks = pos.pieces(color, Rook) & rank_bb(back);
    Square rook = kNoSquare;
    if (up == 'K') {
      Bitboard side = rooks & ~((square_bb(ksq) << 1) - 1);  // files beyond the king
      if (side) rook = 63 - std::countl_zero(side);           // outermost (X-FEN)
    } else if (up == 'Q') {
      Bitboard side = rooks & (square_bb(ksq) - 1);
      if (side) rook = lsb(side);
    } else {
      Square s = make_square(up - 'A', back);
      if (rooks & square_bb(s)) rook = s;
      if (s == ksq) return err("right " + show_char(c) + " names the king's own file", i);
    }
    if (rook == kNoSquare)
      return err(std::string("right ") + show_char(c) + " but there is no " + (color == White ? "white" : "black") +
                     " rook on its square", i);
    CastlingSide side = file_of(rook) > file_of(ksq) ? KingSide : QueenSide;
    int idx = castling_index(color, side);
    if (seen[idx]) return err("right " + show_char(c) + " repeats a right already given", i);
    seen[idx] = true;
    pos.add_castling_right(color, side, rook);
  }
  // Chess960 when a castling king or rook is not on a standard square.
  for (Color c : {White, Black}) {
    for (CastlingSide s : {KingSide, QueenSide}) {
      if (!pos.has_castling_right(c, s)) continue;
      if (file_of(pos.king_square(c)) != 4 || file_of(pos.castling_rook(c, s)) != (s == KingSide ? 7 : 0))
        pos.set_chess960(true);
    }
  }
  return std::nullopt;
}

// Castling rights say that a king and a rook have not moved since a start position, and
// every start position (standard or Chess960) has the king between its rooks, on files b
// to g, and Black's pieces facing White's on the same files: rights that no start position
// gives are refused (a king on a1 with a right; rights for both sides with the kings, or
// the rooks of one side, on different files).
std::optional<FenError> check_castling_start(const Position& pos, Field f) {
  auto err = [&](std::string msg) { return FenError{"castling", std::move(msg), f.column}; };
  auto has_any = [&](Color c) { return pos.has_castling_right(c, KingSide) || pos.has_castling_right(c, QueenSide); };
  auto name = [](Color c) { return std::string(c == White ? "white" : "black"); };
  for (Color c : {White, Black}) {
    if (!has_any(c)) continue;
    const int file = file_of(pos.king_square(c));
    if (file == 0 || file == 7)
      return err("rights for " + name(c) + ", but its king on " + square_name(pos.king_square(c)) +
                 " cannot have started there: every start position has the king between its rooks (files b to g)");
  }
  if (!has_any(White) || !has_any(Black)) return std::nullopt;
  if (file_of(pos.king_square(White)) != file_of(pos.king_square(Black)))
    return err("rights for both sides, but the kings stand on different files (" + square_name(pos.king_square(White)) +
               ", " + square_name(pos.king_square(Black)) + "): every start position has them on one file");
  for (CastlingSide s : {KingSide, QueenSide}) {
    if (!pos.has_castling_right(White, s) || !pos.has_castling_right(Black, s)) continue;
    const Square w = pos.castling_rook(White, s), b = pos.castling_rook(Black, s);
    if (file_of(w) != file_of(b))
      return err(std::string("both sides may castle ") + (s == KingSide ? "king" : "queen") + "side, but with rooks on " +
                 square_name(w) + " and " + square_name(b) + ": every start position has them on one file");
  }
  return std::nullopt;
}

// Parses a non-negative decimal counter; false when it is not one or is too large. Its
// value decides, not its length: leading zeros, however many, are read past ("00000000005"
// is 5, as "05" is).
bool parse_counter(std::string_view s, long max, long& out) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  s.remove_prefix(std::min(s.find_first_not_of('0'), s.size() - 1));  // "000" is "0"
  if (s.size() > 10) return false;
  long v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || v > max) return false;
  out = v;
  return true;
}

// "rook on a1": the piece on s and its square, for messages.
std::string placed(const Position& pos, Square s) {
  return std::string(detail::piece_name(type_of(pos.piece_on(s)))) + " on " + square_name(s);
}

// The checks on the side to move that a move can give: at most two pieces (a double
// check: the piece moved and one it uncovered), and of those at most one pawn or knight,
// as their checks cannot be uncovered.
std::optional<FenError> check_checkers(const Position& pos) {
  const Bitboard checkers = pos.checkers();
  const char* side = pos.side_to_move() == White ? "white" : "black";
  if (popcount(checkers) > 2)
    return error("position", std::string(side) + " is in check by " + std::to_string(popcount(checkers)) +
                                 " pieces (a move gives check by two at most)");
  if (popcount(checkers & pos.pieces(Pawn, Knight)) > 1)
    return error("position", std::string(side) +
                                 " is in check by two pawns or knights (a double check has one at most: their "
                                 "checks cannot be uncovered)");
  // Two checks along one line, from both sides of the king: the piece that moved would
  // have had to stand between the king and the other, on that line, and cross the king.
  if (popcount(checkers) == 2) {
    const Square a = lsb(checkers), b = 63 - std::countl_zero(checkers);
    if (between_bb(a, b) & square_bb(pos.king_square(pos.side_to_move())))
      return error("position", std::string(side) + " is in check from both sides along one line, by the " +
                                   placed(pos, a) + " and the " + placed(pos, b) + " (no move gives both checks)");
  }
  return std::nullopt;
}

// Pieces beyond the starting set (a third knight, a second queen, a second bishop on
// squares of one colour) came from promotions, each one pawn fewer.
std::optional<FenError> check_promoted(const Position& pos, Color c) {
  auto beyond = [](Bitboard pieces, int start) { return std::max(0, popcount(pieces) - start); };
  const Bitboard bishops = pos.pieces(c, Bishop);
  const int promoted = beyond(pos.pieces(c, Queen), 1) + beyond(pos.pieces(c, Rook), 2) +
                       beyond(pos.pieces(c, Knight), 2) + beyond(bishops & ~kDarkSquares, 1) +
                       beyond(bishops & kDarkSquares, 1);
  const int missing_pawns = 8 - popcount(pos.pieces(c, Pawn));
  if (promoted <= missing_pawns) return std::nullopt;
  return error("position", std::string(c == White ? "white" : "black") + " has more pieces beyond the starting set (" +
                               std::to_string(promoted) + ") than pawns missing to have promoted to them (" +
                               std::to_string(missing_pawns) + ")");
}

// The pieces of both sides: one king each, at most 32 pieces (16 and 8 pawns unless
// Playable), no pawn on a back rank, the side not to move not in check.
std::optional<FenError> check_material(const Position& pos, FenMode mode) {
  for (Color c : {White, Black}) {
    int kings = popcount(pos.pieces(c, King));
    if (kings != 1)
      return error("position", std::string(c == White ? "white" : "black") + " has " + std::to_string(kings) +
                                  " kings, expected exactly 1");
    // Even for perft test positions: the move list holds the moves of 32 pieces a side.
    if (popcount(pos.pieces(c)) > 32)
      return error("position", std::string(c == White ? "white" : "black") + " has more than 32 pieces");
    if (mode == FenMode::Playable) continue;
    if (popcount(pos.pieces(c)) > 16)
      return error("position", std::string(c == White ? "white" : "black") + " has more than 16 pieces");
    if (popcount(pos.pieces(c, Pawn)) > 8)
      return error("position", std::string(c == White ? "white" : "black") + " has more than 8 pawns");
    if (auto e = check_promoted(pos, c)) return e;
  }
  if (pos.pieces(Pawn) & (rank_bb(0) | rank_bb(7))) {
    Square s = lsb(pos.pieces(Pawn) & (rank_bb(0) | rank_bb(7)));
    return error("position", "pawn on " + square_name(s) + " (pawns cannot stand on the first or last rank)");
  }
  {
    Color them = ~pos.side_to_move();
    if (pos.is_attacked_by(pos.side_to_move(), pos.king_square(them), pos.occupied()))
      return error("position", std::string("the side not to move (") + (them == White ? "white" : "black") +
                                  ") is in check");
  }
  if (mode == FenMode::Strict) return check_checkers(pos);
  return std::nullopt;
}

// The en passant field (not "-"): a square a pawn of the other side just skipped.
// After a double step to `pushed` from `origin`, every check on the side to move came
// from that move: the pawn itself, or a piece whose line to the king ran through origin.
std::optional<FenError> check_double_step_checks(const Position& pos, Field f, Square pushed, Square origin) {
  const Square king = pos.king_square(pos.side_to_move());
  for (Bitboard checkers = pos.checkers(); checkers;) {
    const Square s = pop_lsb(checkers);
    if (s == pushed || (between_bb(s, king) & square_bb(origin))) continue;
    return error("en passant", "square " + std::string(f.text) + " after a double step, but the check by the " +
                                   placed(pos, s) + " cannot come from that move",
                 f.column);
  }
  return std::nullopt;
}

// The position before the double step must have been legal: with the opponent to move,
// the side to move now cannot have been in check there, from the pawn on its origin
// square or from a piece whose line the pawn now blocks (k7/8/4K3/3pP3/8/8/8/8 w - d6:
// the pawn on d7 checked the king on e6 while Black was to move).
std::optional<FenError> check_position_before_double_step(const Position& pos, Field f, Square pushed, Square origin) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = pos.king_square(us);
  const Bitboard before = (pos.occupied() ^ square_bb(pushed)) | square_bb(origin);
  Bitboard checkers = pos.attackers_to(king, before) & pos.pieces(them) & ~square_bb(pushed);
  if (pawn_attacks(them, origin) & square_bb(king)) checkers |= square_bb(origin);
  if (!checkers) return std::nullopt;
  const Square s = lsb(checkers);
  const std::string by = s == origin ? "pawn on " + square_name(origin) : placed(pos, s);
  return error("en passant",
               "square " + std::string(f.text) + " after a double step, but before it the " +
                   std::string(us == White ? "white" : "black") + " king on " + square_name(king) +
                   " stood in check from the " + by + " with " + (us == White ? "black" : "white") + " to move",
               f.column);
}

std::optional<FenError> parse_en_passant(Field f, Position& pos, FenMode mode) {
  std::string_view ep = f.text;
  Color us = pos.side_to_move();
  if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
    return error("en passant", "expected '-' or a square, got '" + excerpt(ep) + "'", f.column);
  Square sq = make_square(ep[0] - 'a', ep[1] - '1');
  if (relative_rank(us, sq) != 5)
    return error("en passant", "square " + std::string(ep) + " is not on the " + (us == White ? "6th" : "3rd") +
                                  " rank for " + (us == White ? "white" : "black") + " to move", f.column);
  Square pawn = us == White ? sq - 8 : sq + 8;
  Square origin = us == White ? sq + 8 : sq - 8;
  if (pos.piece_on(pawn) != make_piece(~us, Pawn) || pos.piece_on(sq) != NoPiece || pos.piece_on(origin) != NoPiece)
    return error("en passant", "square " + std::string(ep) + " but no pawn can just have made a double step past it",
                f.column);
  if (mode == FenMode::Strict) {
    if (auto e = check_double_step_checks(pos, f, pawn, origin)) return e;
    if (auto e = check_position_before_double_step(pos, f, pawn, origin)) return e;
  }
  pos.set_ep_if_capturable(sq);  // kept only if a capture is legal (X-FEN)
  return std::nullopt;
}

}  // namespace

// Defined here rather than in position.cpp, so that the position does not depend on FEN.
Position Position::startpos() {
  static const Position start = parse_fen(kStartFen).position;
  return start;
}

FenResult parse_fen(std::string_view text, FenMode mode) {
  // Trim surrounding whitespace (including a trailing CR from CRLF input).
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
    text.remove_suffix(1);
  std::size_t lead = 0;
  while (lead < text.size() && (text[lead] == ' ' || text[lead] == '\t')) ++lead;
  if (lead == text.size()) return fail("input", "empty FEN");

  std::vector<Field> f = split_fields(text, 6);
  // The fields in order: a wrong one is named before a later one is found missing, which
  // is said just past the text's end.
  static constexpr const char* kNames[] = {"piece placement", "side to move", "castling", "en passant"};
  const std::size_t end_column = f.back().column + f.back().text.size() + 1;
  auto missing = [&](std::size_t field) { return fail(kNames[field], "missing field", end_column); };

  FenResult r;
  Position& pos = r.position;
  if (auto e = parse_placement(f[0], pos)) {
    r.error = e;
    return r;
  }
  if (f.size() < 2) return missing(1);
  if (f[1].text == "w")
    pos.set_side_to_move(White);
  else if (f[1].text == "b")
    pos.set_side_to_move(Black);
  else
    return fail("side to move", "expected 'w' or 'b', got '" + excerpt(f[1].text) + "'", f[1].column);

  // Kings first: castling and en passant checks need them.
  if (auto e = check_material(pos, mode)) {
    r.error = e;
    return r;
  }
  if (f.size() < 3) return missing(2);
  if (auto e = parse_castling(f[2], pos)) {
    r.error = e;
    return r;
  }
  if (mode == FenMode::Strict)
    if (auto e = check_castling_start(pos, f[2])) {
      r.error = e;
      return r;
    }

  if (f.size() < 4) return missing(3);
  if (f[3].text != "-") {
    if (auto e = parse_en_passant(f[3], pos, mode)) {
      r.error = e;
      return r;
    }
  }

  long half = 0, full = 1;
  if (f.size() >= 5 && !parse_counter(f[4].text, 999999999, half))
    return fail("halfmove clock", "expected a whole number from 0 to 999999999, got '" + excerpt(f[4].text) + "'",
                f[4].column);
  if (f.size() >= 6 && !parse_counter(f[5].text, 999999999, full))
    return fail("fullmove number", "expected a whole number from 0 to 999999999, got '" + excerpt(f[5].text) + "'",
                f[5].column);
  // Last, so that an error in a field before it is the one named.
  if (f.size() > 6) return fail("input", "unexpected text after the fullmove number: '" + excerpt(f[6].text) + "'", f[6].column);
  if (full == 0) full = 1;  // some writers start at 0; the FEN standard counts from 1
  // A double step just made resets the half-move clock.
  if (mode == FenMode::Strict && f[3].text != "-" && half != 0)
    return fail("halfmove clock", "en passant square " + std::string(f[3].text) + " after a double step, but the clock is " +
                                      std::to_string(half) + " (a pawn move sets it to 0)",
                f[4].column);
  pos.set_clocks(int(half), int(full));
  return r;
}

std::string to_epd_fields(const Position& pos) {
  std::string out;
  out.reserve(80);
  append_placement(out, [&pos](Square s) { return pos.piece_on(s); });
  out += pos.side_to_move() == White ? " w " : " b ";
  std::size_t before = out.size();
  for (Color c : {White, Black}) {
    for (CastlingSide s : {KingSide, QueenSide}) {
      if (!pos.has_castling_right(c, s)) continue;
      Square rook = pos.castling_rook(c, s);
      char letter = s == KingSide ? 'K' : 'Q';
      if (pos.is_chess960()) {
        // X-FEN: KQ when the rook is the outermost on its side, else its file.
        Bitboard rooks = pos.pieces(c, Rook) & rank_bb(rank_of(rook));
        Bitboard beyond = s == KingSide ? rooks & ~((square_bb(rook) << 1) - 1) : rooks & (square_bb(rook) - 1);
        if (beyond) letter = char('A' + file_of(rook));
      }
      out += c == White ? letter : char(letter - 'A' + 'a');
    }
  }
  if (out.size() == before) out += '-';
  out += ' ';
  out += pos.ep_square() == kNoSquare ? "-" : square_name(pos.ep_square());
  return out;
}

std::string to_fen(const Position& pos) {
  return to_epd_fields(pos) + ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
}

}  // namespace chesstool
