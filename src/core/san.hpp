// SPDX-License-Identifier: MIT
// Standard Algebraic Notation: syntax-only token parsing (san_parse.cpp), resolution
// against a position with the notation checks (san_resolve.cpp; why a token fails, and
// what it probably meant, in san_explain.cpp), and SAN writing (san_write.cpp). What the
// four share lives in san_detail.hpp, which is theirs alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/types.hpp"

namespace chesstool {

// Why a SAN token was refused. Each has a stable kebab-case code (san_error_code).
enum class SanError : std::uint8_t {
  None = 0,
  Malformed,        // "malformed-move": the text is not a move in any accepted form
  Illegal,          // "illegal-move": well formed, but no legal move matches
  Ambiguous,        // "ambiguous-move": more than one legal move matches
  NullMoveInCheck,  // "null-move-in-check": "--"/"Z0" while the side to move is in check
};
// Stable code of an error ("" for None; san_resolve.cpp).
std::string_view san_error_code(SanError e);

// Deviations from PGN-standard SAN that are accepted, one bit each, so a --strict caller
// can warn about every one. The first group is found by parse_san (text only), the
// second by resolve_san (needs the position).
enum class SanLenient : std::uint32_t {
  ZeroCastling = 1u << 0,            // "zero-castling": 0-0 / 0-0-0
  PromotionWithoutEquals = 1u << 1,  // "promotion-without-equals": e8Q
  LowercasePromotion = 1u << 2,      // "lowercase-promotion": e8=q, d7d8n
  CoordinateMove = 1u << 3,          // "coordinate-move": UCI-like e2e4, g1f3, e7e8q, e1g1
  LongAlgebraic = 1u << 4,           // "long-algebraic": from-square with '-' (Ng1-f3, e2-e4), a
                                     //   letterless from-square with 'x' (c5xd4), or a piece's
                                     //   whole from-square with 'x' that SAN does not need (Qd8xd5)
  PawnLetter = 1u << 5,              // "pawn-letter": Pe4
  ColonCapture = 1u << 6,            // "colon-capture": N:f3, e:d5
  EnPassantSuffix = 1u << 7,         // "en-passant-suffix": exd6e.p.
  RedundantDisambiguation = 1u << 8, // "redundant-disambiguation": Ngf3 when Nf3 suffices, or a
                                     //   disambiguation other than the standard's minimal one
  MissingCaptureMark = 1u << 9,      // "missing-capture-mark": a capture written without 'x' (Nf3
                                     //   onto a piece, ed5); not reported for coordinate moves
  WrongCaptureMark = 1u << 10,       // "wrong-capture-mark": 'x' on a non-capture, or "e.p." on a
                                     //   move that is not an en passant capture
  MissingCheckSign = 1u << 11,       // "missing-check-sign": the move checks or mates, no suffix
  WrongCheckSign = 1u << 12,         // "wrong-check-sign": '+' on a mate, '#' on a mere check, or
                                     //   '+'/'#' on a move that does not check
  CastlingAsKingMove = 1u << 13,     // "castling-as-king-move": castling written as a king move
                                     //   (Kg1, e1g1, Ke1-g1) or as king-takes-rook (e1h1, Kxh1)
};
using SanLenientSet = std::uint32_t;
constexpr SanLenientSet operator|(SanLenient a, SanLenient b) { return SanLenientSet(a) | SanLenientSet(b); }
constexpr bool has_lenient(SanLenientSet set, SanLenient l) { return (set & SanLenientSet(l)) != 0; }
// The one table of lenient forms: the code (a contract: the warning's code under
// --strict, listed in the man page) and the description the warning gives.
struct SanLenientInfo {
  SanLenient form;
  std::string_view code;
  std::string_view description;
};
inline constexpr SanLenientInfo kSanLenient[] = {
    {SanLenient::ZeroCastling, "zero-castling", "castling written with zeros (0-0) instead of the letter O"},
    {SanLenient::PromotionWithoutEquals, "promotion-without-equals", "promotion written without '=' (e8Q)"},
    {SanLenient::LowercasePromotion, "lowercase-promotion", "promotion piece in lower case (e8=q)"},
    {SanLenient::CoordinateMove, "coordinate-move", "coordinate notation (e2e4) instead of SAN"},
    {SanLenient::LongAlgebraic, "long-algebraic", "long algebraic notation (Ng1-f3) instead of SAN"},
    {SanLenient::PawnLetter, "pawn-letter", "pawn move written with the letter P"},
    {SanLenient::ColonCapture, "colon-capture", "capture written with ':' instead of 'x'"},
    {SanLenient::EnPassantSuffix, "en-passant-suffix", "'e.p.' written after an en passant capture"},
    {SanLenient::RedundantDisambiguation, "redundant-disambiguation",
     "disambiguation other than the minimal one SAN requires"},
    {SanLenient::MissingCaptureMark, "missing-capture-mark", "capture written without 'x'"},
    {SanLenient::WrongCaptureMark, "wrong-capture-mark", "capture mark on a move that does not capture that way"},
    {SanLenient::MissingCheckSign, "missing-check-sign", "move gives check or mate but has no '+' or '#'"},
    {SanLenient::WrongCheckSign, "wrong-check-sign", "'+' or '#' does not match the position after the move"},
    {SanLenient::CastlingAsKingMove, "castling-as-king-move", "castling written as a king move"},
};

enum class SanCastle : std::uint8_t { None, KingSide, QueenSide };
// The check suffix written on a token, or what a move actually does.
enum class SanCheck : std::uint8_t { None, Check, Mate };

// One SAN token, syntax only. Square fields use -1 / kNoSquare for "not given".
struct SanToken {
  // Pawn for pawn moves (with or without a 'P'); NoPieceType for castling, null moves and
  // letterless coordinate moves (e2e4, g1f3), whose piece the board decides.
  PieceType piece = NoPieceType;
  std::int8_t from_file = -1;  // 0..7 or -1
  std::int8_t from_rank = -1;  // 0..7 or -1
  Square to = kNoSquare;
  PieceType promotion = NoPieceType;
  SanCastle castle = SanCastle::None;
  SanCheck check = SanCheck::None;
  std::uint8_t glyph = 0;  // suffix annotation as a NAG: ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6; 0 none
  bool capture = false;    // 'x' or ':' written
  bool en_passant_mark = false;  // "e.p." written
  bool null_move = false;        // "--" or "Z0"; not a lenient bit, the caller decides
  SanLenientSet lenient = 0;     // lenient forms used by the text
};

// ---------------------------------------------------------------------------------------
// Parsing (san_parse.cpp).

struct SanParse {
  SanToken token;
  SanError error = SanError::None;  // None or Malformed
  std::string message;              // why it is malformed; empty when ok
  bool ok() const { return error == SanError::None; }
};

// Parses one move token as delivered by the PGN tokenizer (suffixes included: "Nf3+!?",
// "exd6e.p.", "O-O#"). Syntax only. A glyph before the check sign ("e4!+") is malformed:
// SAN puts the check sign directly after the move (spec 8.2.3.7 and 8.2.3.8). Never
// allocates unless the token is malformed.
SanParse parse_san(std::string_view text);
// NAG code of a traditional suffix glyph (PGN spec 10): ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6;
// 0 for anything else.
int glyph_nag(std::string_view glyph);
namespace detail {
// parse_san without its fast path for the common shapes; tests compare the two.
SanParse parse_san_general(std::string_view text);
}  // namespace detail

// ---------------------------------------------------------------------------------------
// Resolution (san_resolve.cpp).

struct SanResolution {
  // The move; Move::none() on error, except NullMoveInCheck which still carries Move::null().
  Move move;
  SanError error = SanError::None;
  std::string message;  // names the problem; empty when ok
  // Exactly one legal move matches a normalised reading of the failed token (letter case,
  // zeros, '=', disambiguation dropped or changed): its canonical SAN. Only on error.
  std::optional<std::string> did_you_mean;
  SanLenientSet lenient = 0;  // the token's lenient forms plus those found against the position
  bool ok() const { return error == SanError::None; }
};

// Finds the legal move a token names in pos and checks its capture mark, disambiguation
// and check suffix (recorded as lenient forms, never errors). When `after` is given and a
// move is found, *after receives the position after it (spares the caller a make_move).
// Allocates nothing on success.
// Notation checks that only feed lenient warnings can be skipped when nobody reports
// them (validate without --strict): the check sign is then not verified.
enum class SanChecks : std::uint8_t { Full, MovesOnly };
SanResolution resolve_san(const Position& pos, const SanToken& token, Position* after = nullptr,
                          SanChecks checks = SanChecks::Full);
// The fast path of resolve_san(pos, text, &after, SanChecks::MovesOnly) for the plain
// shapes nearly every real move has (e4, Nf3, Nxe5, exd5, Nbd7, R1e2, O-O, O-O-O, each
// maybe with + or #): when exactly one legal move matches, plays it into `after` and
// returns true. False for any other shape and whenever the full resolver has more to say
// (no legal move, ambiguity, a pawn reaching the last rank): call resolve_san then. Like
// MovesOnly, it verifies neither the check sign, the capture mark nor whether a
// disambiguation was needed; it allocates nothing. `played`, when given, receives the
// move (for callers that keep the game tree).
bool play_plain_san(const Position& pos, std::string_view text, Position& after, Move* played = nullptr);
// The same, also telling whether text is the move's canonical SAN (to_san gives it back:
// capture mark and check sign as the move has them), so a writer can copy it instead of
// writing it anew.
bool play_plain_san(const Position& pos, std::string_view text, Position& after, Move& played, bool& canonical);
// Both, played in place: pos becomes the position after the move, and undo gets what
// Position::unmake_move needs to go back (a replayer keeps no copy of every position).
// pos is unchanged when they return false.
bool play_plain_san_in_place(Position& pos, std::string_view text, Move& played, Position::Undo& undo);
bool play_plain_san_in_place(Position& pos, std::string_view text, Move& played, Position::Undo& undo, bool& canonical);
// parse_san + resolve_san on the text; a malformed token also gets a did_you_mean when
// normalising its case, zeros or punctuation gives exactly one legal move ("nf3" -> "Nf3").
SanResolution resolve_san(const Position& pos, std::string_view text, Position* after = nullptr,
                          SanChecks checks = SanChecks::Full);

// ---------------------------------------------------------------------------------------
// Writing (san_write.cpp).

// Whether m (legal in pos) checks or mates the opponent.
SanCheck check_state_after(const Position& pos, Move m);
// The same from the position after the move.
SanCheck check_state_of(const Position& after);

// Canonical SAN of a legal move: minimal disambiguation (file, else rank, else both; spec
// 8.2.3.4), 'x' on captures including en passant, "=Q" promotions, O-O / O-O-O (Chess960
// too), then '+' or '#'. Move::null() gives "--".
std::string to_san(const Position& pos, Move m);
// The same appended to out, with after (pos after m) given by a caller that has it: a
// writer walking the game makes each move once, for the suffix and for the next move.
void append_san(const Position& pos, Move m, const Position& after, std::string& out);

// The token written back as text without suffixes ("Nbd2", "exd6", "O-O"); for messages.
std::string san_token_text(const SanToken& token);

}  // namespace chesstool
