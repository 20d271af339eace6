// SPDX-License-Identifier: MIT
// FEN (and X-FEN / Shredder-FEN castling) parsing with full validation, and FEN writing.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/position.hpp"

namespace chesstool {

inline constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// The word the commands accept for the start position (board, fen, perft), or the text.
// Blanks around the word are allowed, as around a FEN.
inline std::string_view fen_or_startpos(std::string_view text) {
  std::string_view word = text;
  while (!word.empty() && (word.front() == ' ' || word.front() == '\t')) word.remove_prefix(1);
  // At the end also a CR and an LF, as parse_fen trims them (a line of a CRLF script).
  while (!word.empty() && (word.back() == ' ' || word.back() == '\t' || word.back() == '\r' || word.back() == '\n'))
    word.remove_suffix(1);
  return word == "startpos" ? kStartFen : text;
}

// Why a FEN was rejected: the field ("piece placement", "side to move", "castling",
// "en passant", "halfmove clock", "fullmove number", or "position" for a placement that
// cannot arise in a game) and what is wrong with it. column is 1-based, 0 if not known.
struct FenError {
  std::string field;
  std::string message;
  std::size_t column = 0;
  // One line: "<field>: <message>".
  std::string to_string() const { return field + ": " + message; }
  // The column a message gives: where the FEN goes wrong, 1 for the whole position.
  std::size_t shown_column() const { return column ? column : 1; }
};

struct FenResult {
  Position position;
  std::optional<FenError> error;
  bool ok() const { return !error.has_value(); }
};

// How strictly parse_fen judges the position. Strict rejects every placement that
// cannot arise in a game; Playable only what the move generator cannot handle (kings,
// pawns on the back ranks, the side not to move in check), so perft test positions such
// as "prison" (more than 16 pieces) can still be counted.
enum class FenMode { Strict, Playable };

// Parses and validates a FEN. The half-move and full-move counters may be omitted
// (defaults 0 and 1). Castling accepts KQkq, Shredder-FEN (HAha) and X-FEN; Chess960 is
// detected from the king and rook squares. Never throws; any byte string gets a result.
FenResult parse_fen(std::string_view text, FenMode mode = FenMode::Strict);

// Writes pos as FEN. The en passant square appears only when a legal en passant capture
// exists (X-FEN), so equal positions give equal FENs. Chess960 castling rights use
// KQkq when the rook is the outermost one on its side, else the rook's file (X-FEN).
std::string to_fen(const Position& pos);
// The first four FEN fields only (EPD position part).
std::string to_epd_fields(const Position& pos);

// Appends the piece-placement field (the FEN's first) of the board whose square s holds
// piece_at(s): for positions, and for boards that are not positions yet (a position
// being taken back).
template <class PieceAt>
void append_placement(std::string& out, PieceAt piece_at) {
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = piece_at(make_square(file, rank));
      if (p == NoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += piece_char(p);
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
}

}  // namespace chesstool
