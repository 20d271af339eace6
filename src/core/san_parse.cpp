// SPDX-License-Identifier: MIT
// SAN parsing, syntax only: the fast path for the common shapes, the general parser for
// everything else (suffixes, null moves, castling, lenient forms), and glyph NAG codes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/excerpt.hpp"
#include "core/san.hpp"
#include "core/san_detail.hpp"

namespace chesstool {

using detail::bit;
using detail::is_file_char;
using detail::is_rank_char;
using detail::piece_from_upper;
using detail::promotion_from_char;
using detail::take_check_sign;
using detail::to_lower;

namespace {

constexpr bool is_glyph_char(char c) { return c == '!' || c == '?'; }

// 'text', for messages: its first kExcerptBytes bytes, as every message shows a token.
std::string quoted(std::string_view text) {
  std::string out(1, '\'');
  out += excerpt(text);
  out += '\'';
  return out;
}

// s == word for the few short words of SAN. Not string_view's ==: GCC stops inlining its
// compare into the large inlined parser, which then cost 11k instructions on the sample.
template <std::size_t N>
constexpr bool is_word(std::string_view s, const char (&word)[N]) {
  if (s.size() != N - 1) return false;
  for (std::size_t i = 0; i + 1 < N; ++i)
    if (s[i] != word[i]) return false;
  return true;
}

bool strip_suffix(std::string_view& s, std::string_view suffix) {
  if (s.size() < suffix.size() || s.substr(s.size() - suffix.size()) != suffix) return false;
  s.remove_suffix(suffix.size());
  return true;
}

// The general parser's state. Each step reads from the ends of `rest` into the token and
// returns true, or false with `why` saying how the text is malformed. The steps are
// forced inline into parse_san_general, which runs for every move the fast path does not
// take: as calls they cost it half as much again (callgrind, validate on the bundled
// sample: 351k instead of 224k instructions for its 1185 such moves).
struct Reader {
  Reader(std::string_view whole, SanParse& out) : text(whole), rest(whole), t(out.token), why(out.message) {}

  std::string_view text;  // the whole token, for messages
  std::string_view rest;  // what is still to read
  SanToken& t;
  std::string& why;
  bool ep = false;      // "e.p." written
  bool letter = false;  // a piece letter written (P included)
  char sep = 0;         // 'x', ':' or '-' before the destination; 0 for none

  bool fail(std::string message) {
    why = std::move(message);
    return false;
  }
};

// Suffixes, read from the end: glyph, then the check sign, with "e.p." allowed on either
// side of the check sign (the tokenizer glues a separate "e.p." on the end).
[[gnu::always_inline]] inline bool read_suffixes(Reader& in) {
  std::string_view& s = in.rest;
  SanToken& t = in.t;
  std::size_t g = s.size();
  while (g > 0 && is_glyph_char(s[g - 1])) --g;
  if (g < s.size()) {
    t.glyph = std::uint8_t(glyph_nag(s.substr(g)));
    if (t.glyph == 0) return in.fail("unknown annotation glyph '" + excerpt(s.substr(g)) + "'");
    s = s.substr(0, g);
  }
  in.ep = strip_suffix(s, "e.p.");
  if ((t.check = take_check_sign(s)) != SanCheck::None) {
    if (!s.empty() && (s.back() == '+' || s.back() == '#'))
      return in.fail("doubled check sign: use '+' for check or '#' for mate");
    if (!s.empty() && is_glyph_char(s.back())) {
      std::size_t b = s.size();
      while (b > 0 && is_glyph_char(s[b - 1])) --b;
      const std::string written = std::string(s.substr(0, b)) + (t.check == SanCheck::Check ? "+" : "#") +
                                  std::string(s.substr(b));
      return in.fail("annotation glyph '" + excerpt(s.substr(b)) + "' before the check sign; SAN writes " +
                     excerpt(written));
    }
    if (!in.ep) in.ep = strip_suffix(s, "e.p.");
  }
  if (s.empty()) return in.fail("no move before the suffix");
  t.en_passant_mark = in.ep;
  return true;
}

// A move written as a whole word: the null move ("--", "Z0") or castling (O-O, O-O-O
// and the zero forms 0-0, 0-0-0).
enum class WordMove : std::uint8_t { None, Null, KingSide, QueenSide };

WordMove word_move(std::string_view s) {
  if (is_word(s, "--") || is_word(s, "Z0")) return WordMove::Null;
  if (is_word(s, "O-O") || is_word(s, "0-0")) return WordMove::KingSide;
  if (is_word(s, "O-O-O") || is_word(s, "0-0-0")) return WordMove::QueenSide;
  return WordMove::None;
}

[[gnu::always_inline]] inline bool read_word_move(Reader& in, WordMove w) {
  SanToken& t = in.t;
  if (w == WordMove::Null) {
    if (in.ep || t.check != SanCheck::None) return in.fail("a null move takes no 'e.p.' or check sign");
    t.null_move = true;
    return true;
  }
  if (in.ep) return in.fail("'e.p.' after castling");
  t.castle = w == WordMove::KingSide ? SanCastle::KingSide : SanCastle::QueenSide;
  if (in.rest[0] == '0') t.lenient |= bit(SanLenient::ZeroCastling);
  return true;
}

// The leading piece letter (P lenient), or a pawn's file; drops are refused first.
[[gnu::always_inline]] inline bool read_piece(Reader& in) {
  std::string_view& s = in.rest;
  SanToken& t = in.t;
  if (s.find('@') != std::string_view::npos)
    return in.fail("piece drops ('" + excerpt(s) + "') are variant notation, not standard chess");
  if (PieceType p = piece_from_upper(s[0]); p != NoPieceType) {
    t.piece = p;
    in.letter = true;
    s.remove_prefix(1);
  } else if (s[0] == 'P') {
    t.piece = Pawn;
    in.letter = true;
    t.lenient |= bit(SanLenient::PawnLetter);
    s.remove_prefix(1);
  } else if (is_file_char(s[0])) {
    t.piece = Pawn;
  } else if (piece_type_from_char(s[0]) != NoPieceType) {
    return in.fail(std::string("piece letters are upper case: '") + s[0] + "' should be '" + char(s[0] - 'a' + 'A') +
                   "'");
  } else if (s[0] == 'x' || s[0] == ':') {
    return in.fail("a capture starts with the piece letter, or a pawn's file (exd5)");
  } else if (s[0] == 'o' || s[0] == 'O' || s[0] == '0') {
    return in.fail("castling is written O-O or O-O-O");
  } else {
    return in.fail(std::string("unexpected '") + s[0] + "' at the start of a move");
  }
  return true;
}

// The trailing promotion: "=Q", or lenient "Q" / "q" straight after the rank.
[[gnu::always_inline]] inline bool read_promotion(Reader& in) {
  std::string_view& s = in.rest;
  SanToken& t = in.t;
  if (s.size() >= 2 && s[s.size() - 2] == '=') {
    const char c = s.back();
    if (to_lower(c) == 'k' || to_lower(c) == 'p')
      return in.fail(std::string("cannot promote to a ") + (to_lower(c) == 'k' ? "king" : "pawn"));
    t.promotion = promotion_from_char(c);
    if (t.promotion == NoPieceType) return in.fail(std::string("'=") + c + "' is not a promotion piece (Q, R, B or N)");
    if (c >= 'a') t.lenient |= bit(SanLenient::LowercasePromotion);
    s.remove_suffix(2);
  } else if (!s.empty() && s.back() == '=') {
    return in.fail("'=' without a promotion piece");
  } else if (s.size() >= 3 && promotion_from_char(s.back()) != NoPieceType && is_rank_char(s[s.size() - 2])) {
    t.promotion = promotion_from_char(s.back());
    t.lenient |= bit(SanLenient::PromotionWithoutEquals);
    if (s.back() >= 'a') t.lenient |= bit(SanLenient::LowercasePromotion);
    s.remove_suffix(1);
  }
  return true;
}

// What is left: [from-file] [from-rank] [x : -] to. Nothing may remain.
[[gnu::always_inline]] inline bool read_squares(Reader& in) {
  std::string_view& s = in.rest;
  SanToken& t = in.t;
  if (s.size() < 2 || !is_file_char(s[s.size() - 2]) || !is_rank_char(s.back()))
    return in.fail(quoted(in.text) + " does not end in a destination square (a1..h8)");
  t.to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
  s.remove_suffix(2);
  if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) {
    in.sep = s.back();
    s.remove_suffix(1);
    if (in.sep != '-') t.capture = true;
    if (in.sep == ':') t.lenient |= bit(SanLenient::ColonCapture);
  }
  if (!s.empty() && is_file_char(s[0])) {
    t.from_file = std::int8_t(s[0] - 'a');
    s.remove_prefix(1);
  }
  if (!s.empty() && is_rank_char(s[0])) {
    t.from_rank = std::int8_t(s[0] - '1');
    s.remove_prefix(1);
  }
  if (!s.empty()) return in.fail("unexpected " + quoted(s) + " in " + quoted(in.text));
  return true;
}

// The parts read fit together: coordinate and long algebraic forms, pawn moves,
// promotions and "e.p.".
[[gnu::always_inline]] inline bool check_parts(Reader& in) {
  SanToken& t = in.t;
  const bool full_from = t.from_file >= 0 && t.from_rank >= 0;
  if (in.sep == '-' && !full_from) return in.fail("'-' must follow a full from-square (Ng1-f3)");
  if (full_from && !in.letter) {
    // e2e4, g1f3, e1g1, c5xd4: the piece is whatever stands on the from-square.
    t.piece = NoPieceType;
    t.lenient |= bit(in.sep == 0 ? SanLenient::CoordinateMove : SanLenient::LongAlgebraic);
  } else if (in.sep == '-') {
    t.lenient |= bit(SanLenient::LongAlgebraic);
  }
  if (t.piece == Pawn) {
    if (t.from_rank >= 0 && t.from_file < 0) return in.fail("a pawn move is told apart by its file, not its rank");
    if (t.capture && t.from_file < 0) return in.fail("a pawn capture names the file it leaves (exd5)");
  }
  if (t.promotion != NoPieceType) {
    if (t.piece != Pawn && t.piece != NoPieceType) return in.fail("only pawns promote");
    if (rank_of(t.to) != 0 && rank_of(t.to) != 7)
      return in.fail("promotion to " + square_name(t.to) + ": pawns promote on the last rank");
  }
  // On any other move than an en passant capture, "e.p." is a wrong capture mark: the
  // resolver tells once it has the move.
  if (in.ep) t.lenient |= bit(SanLenient::EnPassantSuffix);
  return true;
}

// Suffixes first, then a whole-word move, else [piece] [from-file] [from-rank] [x : -] to
// [=promotion] read from both ends, then whether the parts fit together.
[[gnu::always_inline]] inline bool read_move(std::string_view text, SanParse& r) {
  Reader in(text, r);
  if (text.empty()) return in.fail("empty move");
  if (!read_suffixes(in)) return false;
  if (const WordMove w = word_move(in.rest); w != WordMove::None) return read_word_move(in, w);
  return read_piece(in) && read_promotion(in) && read_squares(in) && check_parts(in);
}

}  // namespace

int glyph_nag(std::string_view g) {
  if (g == "!") return 1;
  if (g == "?") return 2;
  if (g == "!!") return 3;
  if (g == "??") return 4;
  if (g == "!?") return 5;
  if (g == "?!") return 6;
  return 0;
}

SanParse parse_san(std::string_view text) {
  SanParse r;
  if (detail::parse_common_san(text, r.token)) return r;
  return detail::parse_san_general(text);
}

namespace detail {

// One return of one object, so that it is built in place (no move of the result).
SanParse parse_san_general(std::string_view text) {
  SanParse r;
  if (!read_move(text, r)) {
    r.token = SanToken();  // a malformed parse carries no token
    r.error = SanError::Malformed;
  }
  return r;
}

}  // namespace detail

}  // namespace chesstool
