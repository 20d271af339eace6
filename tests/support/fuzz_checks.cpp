// SPDX-License-Identifier: MIT
// The fuzz properties (tests/support/fuzz_checks.hpp says what they promise).
#include "support/fuzz_checks.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/epd.hpp"
#include "core/fen.hpp"
#include "core/move.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "core/san.hpp"
#include "core/types.hpp"
#include "core/uci.hpp"
#include "pgn/replay.hpp"
#include "pgn/game.hpp"
#include "pgn/json_games.hpp"
#include "output/game_json.hpp"
#include "output/pgn_writer.hpp"
#include "pgn/game_report.hpp"
#include "pgn/game_splitter.hpp"
#include "io/source.hpp"

namespace chesstool::fuzz {

// ---------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------

// FNV-1a: a deterministic "random" choice derived from the input, so a saved input
// replays exactly the same way in the unit test as it ran in the fuzzer.
static std::uint64_t input_hash(std::string_view data) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : data) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

// Move text that does not go through to_uci, so a bug there cannot hide itself in a
// failure message.
static std::string describe_move(Move m) {
  std::string s = square_name(m.from()) + square_name(m.to());
  switch (m.kind()) {
    case Move::Promotion: s += "=" + std::string(1, piece_type_char(m.promotion())); break;
    case Move::EnPassant: s += "(ep)"; break;
    case Move::Castling: s += "(castle)"; break;
    case Move::Normal: break;
  }
  return s;
}

// Printable, bounded rendering of fuzz input for messages.
static std::string printable(std::string_view s, std::size_t limit = 200) {
  std::string out;
  static constexpr char kHex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < s.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out += char(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (s.size() > limit) out += "...";
  return out;
}

// ---------------------------------------------------------------------------------------
// Reference rules: a deliberately slow, mailbox-style move generator that shares no code
// with the bitboard generator (no attack tables, no pin logic), so both agreeing on every
// position is evidence that the fast one is right.
// ---------------------------------------------------------------------------------------

struct RefPos {
  std::array<Piece, 64> board{};
  Color stm = White;
  Square ep = kNoSquare;  // the square a capturing pawn would land on
  // Castling rights by castling_index(); rook square or kNoSquare.
  std::array<Square, 4> rook{kNoSquare, kNoSquare, kNoSquare, kNoSquare};
};

static RefPos ref_from(const Position& pos) {
  RefPos r;
  for (Square s = 0; s < 64; ++s) r.board[std::size_t(s)] = pos.piece_on(s);
  r.stm = pos.side_to_move();
  r.ep = pos.ep_square();
  for (Color c : {White, Black})
    for (CastlingSide side : {KingSide, QueenSide})
      if (pos.has_castling_right(c, side)) r.rook[std::size_t(castling_index(c, side))] = pos.castling_rook(c, side);
  return r;
}

static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Whether `by` attacks s on board b, walking rays square by square.
static bool ref_attacked(const std::array<Piece, 64>& b, Square s, Color by) {
  const int f = file_of(s), r = rank_of(s);
  auto is = [&](int ff, int rr, PieceType t) {
    return on_board(ff, rr) && b[std::size_t(make_square(ff, rr))] == make_piece(by, t);
  };
  // A white pawn attacks upwards, so it sits one rank below the square it hits.
  const int pawn_rank = by == White ? r - 1 : r + 1;
  if (is(f - 1, pawn_rank, Pawn) || is(f + 1, pawn_rank, Pawn)) return true;
  static constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (const auto& d : kKnight)
    if (is(f + d[0], r + d[1], Knight)) return true;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr)
      if ((df || dr) && is(f + df, r + dr, King)) return true;
  for (int df = -1; df <= 1; ++df) {
    for (int dr = -1; dr <= 1; ++dr) {
      if (!df && !dr) continue;
      const bool diagonal = df && dr;
      for (int ff = f + df, rr = r + dr; on_board(ff, rr); ff += df, rr += dr) {
        const Piece p = b[std::size_t(make_square(ff, rr))];
        if (p == NoPiece) continue;
        if (color_of(p) == by &&
            (type_of(p) == Queen || type_of(p) == (diagonal ? Bishop : Rook)))
          return true;
        break;
      }
    }
  }
  return false;
}

static Square ref_king(const std::array<Piece, 64>& b, Color c) {
  for (Square s = 0; s < 64; ++s)
    if (b[std::size_t(s)] == make_piece(c, King)) return s;
  return kNoSquare;
}

// The board after m, applied by hand.
static std::array<Piece, 64> ref_apply(const RefPos& p, Move m) {
  std::array<Piece, 64> b = p.board;
  const Color us = p.stm;
  const auto from = std::size_t(m.from()), to = std::size_t(m.to());
  if (m.kind() == Move::Castling) {
    const bool king_side = m.to() > m.from();
    const Piece king = b[from], rook = b[to];
    b[from] = NoPiece;
    b[to] = NoPiece;
    b[std::size_t(relative_square(us, king_side ? 6 : 2))] = king;
    b[std::size_t(relative_square(us, king_side ? 5 : 3))] = rook;
    return b;
  }
  if (m.kind() == Move::EnPassant) b[std::size_t(us == White ? m.to() - 8 : m.to() + 8)] = NoPiece;
  b[to] = m.kind() == Move::Promotion ? make_piece(us, m.promotion()) : b[from];
  b[from] = NoPiece;
  return b;
}

// Every strictly legal move of p, sorted by raw value.
static std::vector<Move> ref_legal(const RefPos& p) {
  std::vector<Move> pseudo;
  const Color us = p.stm, them = ~us;
  const auto& b = p.board;
  auto at = [&](int f, int r) { return b[std::size_t(make_square(f, r))]; };
  auto own = [&](int f, int r) { Piece x = at(f, r); return x != NoPiece && color_of(x) == us; };
  auto enemy = [&](int f, int r) { Piece x = at(f, r); return x != NoPiece && color_of(x) == them; };
  for (Square from = 0; from < 64; ++from) {
    const Piece pc = b[std::size_t(from)];
    if (pc == NoPiece || color_of(pc) != us) continue;
    const int f = file_of(from), r = rank_of(from);
    auto add_pawn = [&](Square to) {
      if (relative_rank(us, to) == 7) {
        for (PieceType t : {Knight, Bishop, Rook, Queen}) pseudo.push_back(Move(from, to, Move::Promotion, t));
      } else {
        pseudo.push_back(Move(from, to));
      }
    };
    switch (type_of(pc)) {
      case Pawn: {
        const int dir = us == White ? 1 : -1;
        if (!on_board(f, r + dir)) break;
        if (at(f, r + dir) == NoPiece) {
          add_pawn(make_square(f, r + dir));
          if (relative_rank(us, from) == 1 && at(f, r + 2 * dir) == NoPiece)
            pseudo.push_back(Move(from, make_square(f, r + 2 * dir)));
        }
        for (int df : {-1, 1}) {
          if (!on_board(f + df, r + dir)) continue;
          const Square to = make_square(f + df, r + dir);
          if (enemy(f + df, r + dir)) add_pawn(to);
          if (to == p.ep && at(f + df, r + dir) == NoPiece && at(f + df, r) == make_piece(them, Pawn))
            pseudo.push_back(Move(from, to, Move::EnPassant));
        }
        break;
      }
      case Knight:
      case King: {
        static constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        static constexpr int kKing[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
        const auto& d = type_of(pc) == Knight ? kKnight : kKing;
        for (const auto& step : d)
          if (on_board(f + step[0], r + step[1]) && !own(f + step[0], r + step[1]))
            pseudo.push_back(Move(from, make_square(f + step[0], r + step[1])));
        break;
      }
      default: {
        const PieceType t = type_of(pc);
        for (int df = -1; df <= 1; ++df) {
          for (int dr = -1; dr <= 1; ++dr) {
            if (!df && !dr) continue;
            const bool diagonal = df && dr;
            if (t == Bishop && !diagonal) continue;
            if (t == Rook && diagonal) continue;
            for (int ff = f + df, rr = r + dr; on_board(ff, rr); ff += df, rr += dr) {
              if (own(ff, rr)) break;
              pseudo.push_back(Move(from, make_square(ff, rr)));
              if (enemy(ff, rr)) break;
            }
          }
        }
        break;
      }
    }
  }

  std::vector<Move> legal;
  for (Move m : pseudo) {
    const auto after = ref_apply(p, m);
    const Square k = ref_king(after, us);
    if (k != kNoSquare && !ref_attacked(after, k, them)) legal.push_back(m);
  }

  // Castling (standard and Chess960 alike): the king goes to the g/c file and the rook to
  // the f/d file; every square either crosses or lands on must be empty apart from the two
  // of them; the king is not in check and no square it crosses or lands on is attacked.
  const Square ksq = ref_king(b, us);
  if (ksq != kNoSquare && !ref_attacked(b, ksq, them)) {
    for (CastlingSide side : {KingSide, QueenSide}) {
      const Square rsq = p.rook[std::size_t(castling_index(us, side))];
      if (rsq == kNoSquare || b[std::size_t(rsq)] != make_piece(us, Rook)) continue;
      if (rank_of(ksq) != rank_of(rsq)) continue;
      const Square kto = relative_square(us, side == KingSide ? 6 : 2);
      const Square rto = relative_square(us, side == KingSide ? 5 : 3);
      auto span_clear = [&](Square a, Square z) {
        for (Square s = std::min(a, z); s <= std::max(a, z); ++s)
          if (s != ksq && s != rsq && b[std::size_t(s)] != NoPiece) return false;
        return true;
      };
      if (!span_clear(ksq, kto) || !span_clear(rsq, rto)) continue;
      bool safe = true;
      for (Square s = std::min(ksq, kto); s <= std::max(ksq, kto); ++s)
        if (ref_attacked(b, s, them)) safe = false;
      if (!safe) continue;
      const Move m(ksq, rsq, Move::Castling);
      const auto after = ref_apply(p, m);
      if (!ref_attacked(after, ref_king(after, us), them)) legal.push_back(m);
    }
  }
  std::sort(legal.begin(), legal.end(), [](Move a, Move z) { return a.raw() < z.raw(); });
  return legal;
}

static bool ref_has_ep_capture(const RefPos& p) {
  for (Move m : ref_legal(p))
    if (m.kind() == Move::EnPassant) return true;
  return false;
}

// ---------------------------------------------------------------------------------------
// Positions: move generation, make_move, keys and FEN round trips.
// ---------------------------------------------------------------------------------------

// Checks one position that parse_fen accepted (or that was reached from one by legal
// moves). `deep` adds the is_legal / generate_legal_to sweeps, which are the slow part.
static std::string check_position(const Position& pos, bool deep) {
  const std::string fen = to_fen(pos);
  auto fail = [&](const std::string& what) { return "position " + fen + ": " + what; };

  if (pos.key() != pos.compute_key()) return fail("incremental key differs from compute_key()");

  // FEN round trip: the written FEN parses back (Playable accepts every position the
  // generator may be given) to an identical position that writes the same FEN.
  {
    FenResult back = parse_fen(fen, FenMode::Playable);
    if (!back.ok()) return fail("to_fen output does not parse: " + back.error->to_string());
    if (back.position.key() != pos.key()) return fail("FEN round trip changes the key");
    if (to_fen(back.position) != fen) return fail("FEN round trip gives " + to_fen(back.position));
  }

  const RefPos ref = ref_from(pos);
  const Color us = pos.side_to_move(), them = ~us;

  // Attack queries agree with the reference on every square.
  for (Square s = 0; s < 64; ++s)
    for (Color c : {White, Black})
      if (pos.is_attacked_by(c, s, pos.occupied()) != ref_attacked(ref.board, s, c))
        return fail("is_attacked_by(" + std::string(c == White ? "white" : "black") + ", " + square_name(s) +
                    ") disagrees with the reference");
  if (pos.is_check() != ref_attacked(ref.board, pos.king_square(us), them)) return fail("is_check() wrong");
  if (ref_attacked(ref.board, pos.king_square(them), us)) return fail("the side not to move is in check");

  // The ep square is kept only when an en passant capture is legal (X-FEN).
  if (pos.ep_square() != kNoSquare && !ref_has_ep_capture(ref))
    return fail("ep square " + square_name(pos.ep_square()) + " kept without a legal en passant capture");

  // generate_legal == reference, as sets and without duplicates.
  MoveList list;
  generate_legal(pos, list);
  std::vector<Move> got(list.begin(), list.end());
  std::sort(got.begin(), got.end(), [](Move a, Move z) { return a.raw() < z.raw(); });
  const std::vector<Move> want = ref_legal(ref);
  if (got != want) {
    std::string extra, missing;
    for (Move m : got)
      if (!std::binary_search(want.begin(), want.end(), m, [](Move a, Move z) { return a.raw() < z.raw(); }))
        extra += " " + describe_move(m);
    for (Move m : want)
      if (!std::binary_search(got.begin(), got.end(), m, [](Move a, Move z) { return a.raw() < z.raw(); }))
        missing += " " + describe_move(m);
    for (std::size_t i = 1; i < got.size(); ++i)
      if (got[i] == got[i - 1]) extra += " duplicate:" + describe_move(got[i]);
    return fail("generate_legal differs from the reference; generated but illegal:" + extra +
                "; legal but not generated:" + missing);
  }
  if (count_legal(pos) != std::uint64_t(list.size()))
    return fail("count_legal " + std::to_string(count_legal(pos)) + " != generated " + std::to_string(list.size()));

  if (deep) {
    // is_legal accepts exactly the legal moves: every legal move, and every other move
    // kind built on the same squares, plus every plain move of each own piece.
    for (Move m : want) {
      if (!is_legal(pos, m)) return fail("is_legal rejects legal " + describe_move(m));
      for (Move::Kind k : {Move::Normal, Move::Promotion, Move::EnPassant, Move::Castling}) {
        for (PieceType t : {Knight, Bishop, Rook, Queen}) {
          const Move v(m.from(), m.to(), k, t);
          if (is_legal(pos, v) != list.contains(v)) return fail("is_legal wrong for " + describe_move(v));
        }
      }
    }
    for (Square from = 0; from < 64; ++from) {
      if (pos.piece_on(from) == NoPiece || color_of(pos.piece_on(from)) != us) continue;
      for (Square to = 0; to < 64; ++to) {
        const Move v(from, to);
        if (is_legal(pos, v) != list.contains(v)) return fail("is_legal wrong for " + describe_move(v));
      }
    }
    // generate_legal_to == the legal moves of that piece type landing there (castling
    // lands on the king's destination).
    for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King}) {
      for (Square to = 0; to < 64; ++to) {
        MoveList sub;
        generate_legal_to(pos, t, to, sub);
        int expected = 0;
        for (Move m : want) {
          const Square lands = m.is_castling() ? relative_square(us, m.to() > m.from() ? 6 : 2) : m.to();
          if (type_of(pos.piece_on(m.from())) == t && lands == to) {
            ++expected;
            if (!sub.contains(m)) return fail("generate_legal_to misses " + describe_move(m));
          }
        }
        if (sub.size() != expected)
          return fail("generate_legal_to(" + std::string(1, piece_type_char(t)) + ", " + square_name(to) +
                      ") gives " + std::to_string(sub.size()) + " moves, expected " + std::to_string(expected));
      }
    }
  }

  // make_move against the hand-applied board and the rules for rights, ep and clocks.
  for (Move m : want) {
    const Position a = pos.after(m);
    const std::string mv = describe_move(m);
    if (a.key() != a.compute_key()) return fail("after " + mv + ": incremental key differs from compute_key()");
    const auto board = ref_apply(ref, m);
    for (Square s = 0; s < 64; ++s)
      if (a.piece_on(s) != board[std::size_t(s)]) return fail("after " + mv + ": wrong piece on " + square_name(s));
    if (a.side_to_move() != them) return fail("after " + mv + ": side to move not flipped");
    if (a.is_attacked_by(them, a.king_square(us), a.occupied())) return fail("after " + mv + ": own king attacked");

    const PieceType moved = type_of(pos.piece_on(m.from()));
    const bool capture = m.kind() == Move::EnPassant || (m.kind() != Move::Castling && pos.piece_on(m.to()) != NoPiece);
    const int half = moved == Pawn || capture ? 0 : pos.halfmove_clock() + 1;
    // The clock must never fall back on a quiet move; stopping at the largest value a FEN
    // may carry (65535) is fine, wrapping round to 0 is not.
    const bool saturated = half == 65536 && a.halfmove_clock() == 65535;
    if (a.halfmove_clock() != half && !saturated)
      return fail("after " + mv + ": halfmove clock " + std::to_string(a.halfmove_clock()) + ", expected " +
                  std::to_string(half));
    const int full = pos.fullmove_number() + (us == Black ? 1 : 0);
    if (a.fullmove_number() != full) return fail("after " + mv + ": fullmove number wrong");

    // A right goes when its king moves or its rook's square is left or entered.
    for (Color c : {White, Black}) {
      for (CastlingSide side : {KingSide, QueenSide}) {
        const bool had = pos.has_castling_right(c, side);
        const Square rsq = had ? pos.castling_rook(c, side) : kNoSquare;
        const bool king_moved = c == us && moved == King;
        const bool keep = had && !king_moved && m.from() != rsq && m.to() != rsq;
        if (a.has_castling_right(c, side) != keep) return fail("after " + mv + ": wrong castling rights");
        if (keep && a.castling_rook(c, side) != rsq) return fail("after " + mv + ": castling rook moved");
      }
    }

    // ep square after a double step exactly when a capture is legal; never otherwise.
    Square ep = kNoSquare;
    if (moved == Pawn && (m.from() ^ m.to()) == 16) {
      RefPos probe = ref_from(a);
      probe.ep = (m.from() + m.to()) / 2;
      if (ref_has_ep_capture(probe)) ep = probe.ep;
    }
    if (a.ep_square() != ep)
      return fail("after " + mv + ": ep square " + square_name(a.ep_square()) + ", expected " + square_name(ep));

    const std::string afen = to_fen(a);
    FenResult back = parse_fen(afen, FenMode::Playable);
    if (!back.ok()) return fail("after " + mv + ": FEN " + afen + " does not parse: " + back.error->to_string());
    if (back.position.key() != a.key() || to_fen(back.position) != afen)
      return fail("after " + mv + ": FEN round trip of " + afen + " differs");
  }
  return "";
}

// Any bytes as an EPD line: an error points inside the line, and a line read without one
// reads back the same once written as convert --to epd writes it.
std::string check_epd_line(std::string_view data) {
  const EpdLine e = read_epd_line(data);
  const std::string where = "EPD input \"" + printable(data) + "\": ";
  if (e.error) {
    if (e.error_column < 1 || e.error_column > data.size()) return where + "error column out of the line";
    return "";
  }
  if (e.fen == data) return "";  // a FEN line
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < e.fen.size();) {
    const std::size_t next = std::min(e.fen.find(' ', i), e.fen.size());
    fields.push_back(std::string_view(e.fen).substr(i, next - i));
    i = next + 1;
  }
  if (fields.size() != 6) return where + "the FEN made has " + std::to_string(fields.size()) + " fields: " + printable(e.fen);
  std::string written;
  for (std::size_t k = 0; k < 4; ++k) written.append(fields[k]).append(" ");
  written.append(e.operations).append("hmvc ").append(fields[4]).append("; fmvn ").append(fields[5]).append(";");
  const EpdLine back = read_epd_line(written);
  if (back.error) return where + "written as " + printable(written) + ", it reads with an error: " + *back.error;
  if (back.fen != e.fen || back.operations != e.operations) return where + "written as " + printable(written) + ", it reads otherwise";
  return "";
}

// Any bytes as a FEN, in both modes, and as an EPD line.
std::string check_fen_input(std::string_view data) {
  if (std::string e = check_epd_line(data); !e.empty()) return e;
  const FenResult strict = parse_fen(data, FenMode::Strict);
  const FenResult playable = parse_fen(data, FenMode::Playable);
  const std::string where = "FEN input \"" + printable(data) + "\": ";
  // Strict only adds rules, so whatever it accepts Playable accepts identically.
  if (strict.ok() && !playable.ok()) return where + "Strict accepts but Playable rejects: " + playable.error->to_string();
  if (strict.ok() && !(strict.position == playable.position)) return where + "Strict and Playable positions differ";
  if (!playable.ok()) return "";
  const Position& pos = playable.position;

  // Root position: the FEN written back parses to an identical position in the same modes.
  const std::string fen = to_fen(pos);
  for (FenMode mode : {FenMode::Strict, FenMode::Playable}) {
    if (mode == FenMode::Strict && !strict.ok()) continue;
    const FenResult back = parse_fen(fen, mode);
    if (!back.ok()) return where + "to_fen gives " + fen + " which does not parse: " + back.error->to_string();
    if (!(back.position == pos)) return where + "to_fen gives " + fen + " which parses to a different position";
  }

  // The X-FEN en passant rule: the square given is kept exactly when a capture is legal.
  {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    std::string_view t = data;
    while (i < t.size()) {
      while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) ++i;
      const std::size_t s = i;
      while (i < t.size() && !(t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) ++i;
      if (i > s) fields.push_back(t.substr(s, i - s));
    }
    if (fields.size() >= 4 && fields[3] != "-") {
      RefPos probe = ref_from(pos);
      probe.ep = make_square(fields[3][0] - 'a', fields[3][1] - '1');
      const bool capturable = ref_has_ep_capture(probe);
      if (capturable != (pos.ep_square() == probe.ep))
        return where + "ep field " + std::string(fields[3]) + (capturable ? " has a legal capture but was dropped" : " kept without a legal capture");
    } else if (pos.ep_square() != kNoSquare) {
      return where + "ep square set although the FEN gives none";
    }
  }

  if (std::string e = check_position(pos, true); !e.empty()) return where + e;

  // Walk a short line chosen by the input's hash, checking every position on it, so
  // rights lost, ep squares created and promotions are exercised beyond the root.
  std::uint64_t h = input_hash(data);
  Position cur = pos;
  for (int ply = 0; ply < 6; ++ply) {
    MoveList list;
    generate_legal(cur, list);
    if (list.size() == 0) break;
    h = h * 6364136223846793005ULL + 1442695040888963407ULL;
    cur = cur.after(list.moves[(h >> 33) % std::uint64_t(list.size())]);
    if (std::string e = check_position(cur, false); !e.empty()) return where + "after ply " + std::to_string(ply + 1) + ": " + e;
  }
  return "";
}

// ---------------------------------------------------------------------------------------
// SAN and UCI
// ---------------------------------------------------------------------------------------

static const std::vector<std::string>& san_fixed_fens() {
  static const std::vector<std::string> fens = {
      kStartFen,
      // Kiwipete: castling both ways, pins, ambiguous knights and rooks.
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      // Chess960 with Shredder-FEN rights; king and rooks off the standard files.
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      // Promotions (with capture), en passant on d6, knights both reaching d2.
      "1n2k3/P5P1/8/3pP3/8/8/8/1N2KN2 w - d6 0 1",
  };
  return fens;
}

// Every legal move of pos survives to_san -> resolve_san and to_uci -> parse_uci, and
// the canonical SAN uses no lenient form.
static std::string check_notation_round_trips(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    const std::string san = to_san(pos, m);
    const SanResolution r = resolve_san(pos, san);
    if (!r.ok() || r.move != m)
      return "position " + to_fen(pos) + ": to_san(" + describe_move(m) + ") = \"" + san + "\" resolves to " +
             (r.ok() ? describe_move(r.move) : "error " + r.message);
    if (r.lenient != 0)
      return "position " + to_fen(pos) + ": canonical SAN \"" + san + "\" is flagged lenient (" +
             std::to_string(r.lenient) + ")";
    const std::string uci = to_uci(pos, m);
    const std::optional<Move> u = parse_uci(pos, uci);
    if (!u || *u != m)
      return "position " + to_fen(pos) + ": to_uci(" + describe_move(m) + ") = \"" + uci + "\" parses to " +
             (u ? describe_move(*u) : "nothing");
    (void)to_lan(pos, m);
  }
  return "";
}

// One token against one position.
static std::string check_token(const Position& pos, std::string_view token) {
  const std::string where = "position " + to_fen(pos) + ", token \"" + printable(token) + "\": ";
  MoveList list;
  generate_legal(pos, list);

  const SanParse parsed = parse_san(token);
  Position after;
  const SanResolution r = resolve_san(pos, token, &after);
  if (parsed.ok() && r.error == SanError::Malformed) return where + "parse_san accepts but resolve_san says malformed";
  // Skipping the notation checks (validate without --strict) may only drop lenient bits,
  // never change which move is found or whether one is.
  {
    Position quick_after;
    const SanResolution quick = resolve_san(pos, token, &quick_after, SanChecks::MovesOnly);
    if (quick.error != r.error || quick.move != r.move)
      return where + "SanChecks::MovesOnly resolves differently from Full";
    if (quick.ok() && !r.move.is_null() && !(quick_after == after)) return where + "SanChecks::MovesOnly gives another *after";
    if ((quick.lenient & ~r.lenient) != 0) return where + "SanChecks::MovesOnly adds lenient forms Full does not report";
    // The plain-move fast path may decline, but what it plays must be what the full
    // resolver plays.
    Position plain_after;
    if (play_plain_san(pos, token, plain_after)) {
      if (!quick.ok()) return where + "play_plain_san plays a move the full resolver rejects";
      if (!(plain_after == quick_after)) return where + "play_plain_san gives another position";
    }
  }
  if (!parsed.ok() && r.error != SanError::Malformed) return where + "parse_san rejects but resolve_san does not";
  if (r.ok()) {
    if (r.move.is_null()) {
      if (!parsed.token.null_move) return where + "resolved to a null move without a null-move token";
      if (pos.is_check()) return where + "null move accepted in check";
      if (after.key() != pos.after(Move::null()).key()) return where + "wrong position after the null move";
    } else {
      if (!list.contains(r.move)) return where + "resolved to the illegal move " + describe_move(r.move);
      if (!(after == pos.after(r.move))) return where + "*after is not the position after " + describe_move(r.move);
      const std::string san = to_san(pos, r.move);
      const SanResolution back = resolve_san(pos, san);
      if (!back.ok() || back.move != r.move || back.lenient != 0)
        return where + "to_san gives \"" + san + "\" which does not resolve cleanly to " + describe_move(r.move);
    }
  } else {
    if (r.error == SanError::NullMoveInCheck) {
      if (!r.move.is_null() || !pos.is_check()) return where + "null-move-in-check reported wrongly";
    } else if (r.move) {
      return where + "error result carries a move";
    }
    if (r.did_you_mean) {
      const SanResolution hint = resolve_san(pos, *r.did_you_mean);
      if (!hint.ok() || hint.lenient != 0 || to_san(pos, hint.move) != *r.did_you_mean)
        return where + "did_you_mean \"" + *r.did_you_mean + "\" is not a canonical SAN of a legal move";
    }
  }

  const std::optional<Move> u = parse_uci(pos, token);
  if (u) {
    if (u->is_null()) {
      if (token != "0000" || pos.is_check()) return where + "parse_uci gives a null move wrongly";
    } else {
      if (!list.contains(*u)) return where + "parse_uci gives the illegal move " + describe_move(*u);
      const std::optional<Move> again = parse_uci(pos, to_uci(pos, *u));
      if (!again || *again != *u) return where + "to_uci of the parsed move does not parse back";
    }
  }
  return "";
}

// Bytes as a SAN/UCI token against the fixed positions; if the input has a line break,
// the first line is also tried as a FEN (Playable) and the rest is the token.
std::string check_san_input(std::string_view data) {
  static const std::vector<Position> fixed = [] {
    std::vector<Position> v;
    for (const std::string& f : san_fixed_fens()) v.push_back(parse_fen(f, FenMode::Playable).position);
    return v;
  }();
  std::string_view token = data;
  std::optional<Position> extra;
  if (const std::size_t nl = data.find('\n'); nl != std::string_view::npos) {
    token = data.substr(nl + 1);
    FenResult f = parse_fen(data.substr(0, nl), FenMode::Playable);
    if (f.ok()) extra = f.position;
  }
  // Input-independent, so done once per process: every legal move of each fixed position.
  static const std::string fixed_round_trips = [] {
    for (const Position& pos : fixed)
      if (std::string e = check_notation_round_trips(pos); !e.empty()) return e;
    return std::string();
  }();
  if (!fixed_round_trips.empty()) return fixed_round_trips;
  for (const Position& pos : fixed)
    if (std::string e = check_token(pos, token); !e.empty()) return e;
  if (extra) {
    if (std::string e = check_token(*extra, token); !e.empty()) return e;
    if (std::string e = check_notation_round_trips(*extra); !e.empty()) return e;
  }
  return "";
}

// ---------------------------------------------------------------------------------------
// PGN reader
// ---------------------------------------------------------------------------------------

// Three well-formed games with tags and results: a valid one with a comment, a NAG and a
// variation; an invalid one (illegal 3.Qxf7); a FEN set-up ending in a draw.
static constexpr std::string_view kKnownGames =
    "[Event \"K1\"]\n[Site \"?\"]\n[Result \"1-0\"]\n\n"
    "1. e4 {king pawn} e5 2. Nf3 $1 (2. f4 exf4) Nc6 3. Bb5 a6 1-0\n\n"
    "[Event \"K2\"]\n[Result \"0-1\"]\n\n"
    "1. d4 d5 2. c4 e6 3. Qxf7 Kxf7 0-1\n\n"
    "[Event \"K3\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. e4 Kd7 2. e5 Ke6 1/2-1/2\n";

// Closes whatever the garbage left open, by the splitter's documented rules: the line
// end ends a ';' comment, a '%' line and a broken tag pair; '}' ends an open {comment}
// (or is stray movetext); '*' then ends the game at depth 0 and otherwise still counts
// as movetext, so the '[' opening a line afterwards starts a new game at any depth.
static constexpr std::string_view kGarbageCloser = "\n}\n*\n\n";

static std::vector<pgn::RawGame> split_all(const std::string& data, std::size_t max_read) {
  io::ByteSource src = io::ByteSource::from_memory(data, "<fuzz>", max_read);
  pgn::GameSplitter splitter(src);
  std::vector<pgn::RawGame> games;
  pgn::RawGame g;
  while (splitter.next(g)) games.push_back(g);
  return games;
}

static bool is_blank_byte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static bool same_game(const pgn::RawGame& a, const pgn::RawGame& b) {
  return a.text == b.text && a.index == b.index && a.line == b.line && a.column == b.column &&
         a.byte_offset == b.byte_offset;
}

// The parts of a report that do not depend on where the game sits in the file.
static std::string report_summary(const pgn::GameReport& r) {
  std::string s = r.valid ? "valid" : "invalid";
  const std::string fen = r.final_position ? to_fen(*r.final_position) : "";
  s += " plies=" + std::to_string(r.plies) + " result=" + r.result_token + " fen=" + fen + " status=" +
       std::string(names_of(r.outcome.termination).json) + " tags=";
  for (const auto& [k, v] : r.tags) s += k + "=" + v + ";";
  s += " errors=";
  for (const auto& d : r.errors) s += d.code + "@" + std::to_string(d.ply) + ",";
  s += " warnings=";
  for (const auto& d : r.warnings) s += d.code + "@" + std::to_string(d.ply) + ",";
  return s;
}

static std::string check_report(const pgn::RawGame& g, const pgn::GameReport& r) {
  const std::string where = "game " + std::to_string(g.index) + ": ";
  if (r.index != g.index || r.line != g.line || r.column != g.column || r.byte_offset != g.byte_offset)
    return where + "report location differs from the raw game";
  if (!r.valid && r.errors.empty()) return where + "invalid without any error";
  if (r.plies < 0) return where + "negative ply count";
  if (r.final_position) {
    const std::string fen = to_fen(*r.final_position);
    const FenResult f = parse_fen(fen, FenMode::Playable);
    if (!f.ok()) return where + "final FEN " + fen + " does not parse: " + f.error->to_string();
  }
  for (const auto* list : {&r.errors, &r.warnings})
    for (const auto& d : *list)
      if (d.code.empty()) return where + "diagnostic without a code";
  return "";
}

// What the splitter promises, checked on any bytes:
//  1. games come in order, each the exact, trimmed bytes at its byte_offset, with the
//     right 1-based index, line and column; they do not overlap;
//  2. the bytes between games are only whitespace, BOMs and '%' escape lines;
//  3. reading in short chunks (a pipe) yields exactly the same games as one big read;
//  4. after the garbage, kGarbageCloser and kKnownGames, the last three games are the
//     known ones byte for byte and check the same way as when read on their own.
// Every game is also run through check_game (plain and strict) for crashes and report
// sanity.
std::string check_pgn_input(std::string_view bytes) {
  const std::string data(bytes);
  const std::vector<pgn::RawGame> games = split_all(data, static_cast<std::size_t>(-1));

  // 1 and 2.
  std::size_t prev_end = 0;
  std::uint64_t line = 1;
  std::size_t line_start = 0, scanned = 0;
  bool prev_cr = false;
  auto advance_lines = [&](std::size_t to) {
    for (; scanned < to; ++scanned) {
      const char c = data[scanned];
      if (c == '\n') {
        if (!prev_cr) ++line;
        line_start = scanned + 1;
      } else if (c == '\r') {
        ++line;
        line_start = scanned + 1;
      }
      prev_cr = c == '\r';
    }
  };
  auto check_gap = [&](std::size_t from, std::size_t to) -> std::string {
    bool at_line_start = from == 0 || data[from - 1] == '\n' || data[from - 1] == '\r';
    std::size_t i = from;
    while (i < to) {
      const char c = data[i];
      if (c == '\n' || c == '\r') {
        at_line_start = true;
        ++i;
      } else if (is_blank_byte(c)) {
        at_line_start = false;
        ++i;
      } else if (data.compare(i, 3, "\xEF\xBB\xBF") == 0 && i + 3 <= to) {
        i += 3;  // a BOM keeps the line start where it is
      } else if (c == '%' && at_line_start) {
        while (i < to && data[i] != '\n' && data[i] != '\r') ++i;
      } else {
        return "byte " + std::to_string(i) + " (" + printable(data.substr(i, 1)) + ") belongs to no game";
      }
    }
    return "";
  };
  for (std::size_t k = 0; k < games.size(); ++k) {
    const pgn::RawGame& g = games[k];
    const std::string where = "PGN input \"" + printable(data) + "\", game " + std::to_string(k + 1) + ": ";
    if (g.index != k + 1) return where + "index " + std::to_string(g.index);
    if (g.text.empty()) return where + "empty game";
    // A game whose own text starts with '%' (never in column 1) comes with one blank before
    // it, its offset and column one less (GameSplitter::emit: so that a copy written at a
    // line start is no escape line); its own text is the rest.
    const bool kept_blank = g.text.size() >= 2 && g.text[0] == ' ' && g.text[1] == '%';
    const std::string_view text = std::string_view(g.text).substr(kept_blank ? 1 : 0);
    const std::uint64_t offset = g.byte_offset + (kept_blank ? 1 : 0);
    if (is_blank_byte(text.front()) || is_blank_byte(text.back())) return where + "text not trimmed";
    if (offset < prev_end || offset + text.size() > data.size())
      return where + "offset " + std::to_string(offset) + " overlaps or runs past the input";
    if (data.compare(offset, text.size(), text) != 0) return where + "text differs from the input at its offset";
    if (std::string e = check_gap(prev_end, offset); !e.empty()) return where + "before it, " + e;
    advance_lines(offset);
    if (g.line != line) return where + "line " + std::to_string(g.line) + ", expected " + std::to_string(line);
    // Column: bytes from the line start, not counting BOMs that open the line, inside a
    // game's text or between games: the splitter moves its line start past them for the
    // whole line.
    std::size_t col_start = line_start;
    while (col_start + 3 <= offset && data.compare(col_start, 3, "\xEF\xBB\xBF") == 0) col_start += 3;
    const std::uint64_t column = offset - col_start + 1;
    if (g.column + (kept_blank ? 1 : 0) != column)
      return where + "column " + std::to_string(g.column) + ", expected " + std::to_string(column - (kept_blank ? 1 : 0));
    prev_end = offset + text.size();
  }
  if (std::string e = check_gap(prev_end, data.size()); !e.empty()) return "PGN input \"" + printable(data) + "\": after the last game, " + e;

  // 3.
  const std::size_t chunk = 1 + input_hash(data) % 13;
  const std::vector<pgn::RawGame> chunked = split_all(data, chunk);
  for (std::size_t k = 0; k < std::max(games.size(), chunked.size()); ++k) {
    if (k >= games.size() || k >= chunked.size() || !same_game(games[k], chunked[k]))
      return "PGN input \"" + printable(data) + "\": reading in " + std::to_string(chunk) +
             "-byte chunks gives a different game " + std::to_string(k + 1) + " (" +
             std::to_string(chunked.size()) + " games instead of " + std::to_string(games.size()) + ")";
  }

  for (const pgn::RawGame& g : games) {
    for (bool strict : {false, true}) {
      const pgn::GameReport r = pgn::check_game(g, pgn::ReplayOptions{strict});
      if (std::string e = check_report(g, r); !e.empty()) return "PGN input \"" + printable(data) + "\": " + e;
    }
  }

  // 4.
  static const std::vector<std::string> known = [] {
    std::vector<std::string> v;
    for (const pgn::RawGame& g : split_all(std::string(kKnownGames), static_cast<std::size_t>(-1)))
      v.push_back(g.text + "\n=> " + report_summary(pgn::check_game(g, pgn::ReplayOptions{})));
    return v;
  }();
  const std::vector<pgn::RawGame> tail = split_all(data + std::string(kGarbageCloser) + std::string(kKnownGames), static_cast<std::size_t>(-1));
  if (tail.size() < known.size())
    return "PGN input \"" + printable(data) + "\" + known games: only " + std::to_string(tail.size()) + " games";
  for (std::size_t k = 0; k < known.size(); ++k) {
    const pgn::RawGame& g = tail[tail.size() - known.size() + k];
    const std::string got = g.text + "\n=> " + report_summary(pgn::check_game(g, pgn::ReplayOptions{}));
    if (got != known[k])
      return "PGN input \"" + printable(data) + "\" + known games: known game " + std::to_string(k + 1) +
             " comes out as:\n" + got + "\ninstead of:\n" + known[k];
  }
  return "";
}

}  // namespace chesstool::fuzz

// ---------------------------------------------------------------------------------------
// PGN writer round trip
// ---------------------------------------------------------------------------------------


namespace chesstool::fuzz {

// First difference between two move trees (moves, NAGs, shape; comments too when asked),
// walked with an explicit stack so deep nesting cannot overflow the C++ stack.
static std::string tree_difference(const pgn::Line& a, const pgn::Line& b, bool comments) {
  std::vector<std::pair<const pgn::Line*, const pgn::Line*>> todo{{&a, &b}};
  while (!todo.empty()) {
    auto [x, y] = todo.back();
    todo.pop_back();
    if (x->size() != y->size()) return "line lengths " + std::to_string(x->size()) + " and " + std::to_string(y->size());
    for (std::size_t i = 0; i < x->size(); ++i) {
      const pgn::Node& n = (*x)[i];
      const pgn::Node& m = (*y)[i];
      if (n.move != m.move) return "move " + describe_move(n.move) + " became " + describe_move(m.move);
      if (n.nags() != m.nags()) return "NAGs of " + describe_move(n.move) + " differ";
      if (comments && (n.comment_before() != m.comment_before() || n.comment_after != m.comment_after))
        return "comments of " + describe_move(n.move) + " differ: {" + n.comment_before() + "|" + n.comment_after +
               "} vs {" + m.comment_before() + "|" + m.comment_after + "}";
      if (n.variations().size() != m.variations().size()) return "variation count at " + describe_move(n.move) + " differs";
      for (std::size_t v = 0; v < n.variations().size(); ++v) todo.emplace_back(&n.variations()[v], &m.variations()[v]);
    }
  }
  return "";
}

// Reads the single game in text back; "" and the game on success.
static std::string reread(const std::string& text, pgn::Replayed& out) {
  const std::vector<pgn::RawGame> games = split_all(text, static_cast<std::size_t>(-1));
  if (games.size() != 1) return "written game reads back as " + std::to_string(games.size()) + " games";
  out = pgn::build_game(games[0]);
  if (!out.ok()) return "written game does not replay: " + out.error()->code + ": " + out.error()->message;
  const pgn::GameReport r = pgn::check_game(games[0], pgn::ReplayOptions{});
  if (!r.valid) return "check_game finds the written game invalid: " + r.errors.front().code + ": " + r.errors.front().message;
  return "";
}

// Every game of the input that replays is written, read back and written again:
//  1. the written text is one game that replays, and check_game finds it valid;
//  2. it has the same start position, result and move tree (moves, NAGs, variations);
//  3. writing the re-read game gives the same text (the writer's output is a fixed
//     point, which also pins down comment normalisation and tag order);
//  4. the reduced export re-reads to the same mainline with no comments, NAGs or
//     variations.
std::string check_pgn_roundtrip_input(std::string_view bytes) {
  const std::string data(bytes);
  for (const pgn::RawGame& raw : split_all(data, static_cast<std::size_t>(-1))) {
    pgn::Replayed first = pgn::build_game(raw);
    if (!first.ok()) continue;
    const std::string where = "PGN input \"" + printable(data) + "\", game " + std::to_string(raw.index) + ": ";
    std::string written;
    output::write_pgn(first.game, written);
    pgn::Replayed second;
    if (std::string e = reread(written, second); !e.empty()) return where + e + "\nwritten:\n" + written;
    if (second.game.start_fen != first.game.start_fen) return where + "start position changed\nwritten:\n" + written;
    if (second.game.result != output::game_result(first.game)) return where + "result changed\nwritten:\n" + written;
    if (std::string e = tree_difference(first.game.moves, second.game.moves, false); !e.empty())
      return where + "move tree changed: " + e + "\nwritten:\n" + written;
    std::string again;
    output::write_pgn(second.game, again);
    if (again != written) return where + "writing the re-read game differs:\n" + written + "\nthen:\n" + again;

    std::string reduced;
    output::write_pgn(first.game, reduced, output::PgnWriteOptions{true, 80});
    pgn::Replayed third;
    if (std::string e = reread(reduced, third); !e.empty()) return where + "reduced: " + e + "\nwritten:\n" + reduced;
    pgn::Line mainline;
    for (const pgn::Node& n : first.game.moves) {
      pgn::Node& c = mainline.emplace_back();
      c.move = n.move;
    }
    if (std::string e = tree_difference(mainline, third.game.moves, true); !e.empty())
      return where + "reduced export changed the mainline: " + e + "\nwritten:\n" + reduced;
  }
  return "";
}

// ---------------------------------------------------------------------------------------
// JSON game records (convert --from json)
// ---------------------------------------------------------------------------------------

// The shape of the events visit_json_game promises: begin_movetext once, before any move,
// comment or variation; variations balanced; end_game once, last.
class JsonEventChecker final : public pgn::Visitor {
 public:
  std::string failure;
  void tag(std::string_view, std::string_view, const pgn::SourceLoc&) override { expect(!movetext_, "tag after begin_movetext"); }
  void begin_movetext() override {
    expect(!movetext_, "begin_movetext twice");
    movetext_ = true;
  }
  void san(std::string_view t, const pgn::SourceLoc&) override {
    expect(movetext_ && !t.empty(), "move before begin_movetext or empty");
  }
  void nag(int code, std::string_view written, const pgn::SourceLoc&) override {
    expect(!written.empty(), "NAG event without its token");
    expect(movetext_ && code >= 0 && code <= pgn::kMaxNag, "bad NAG event");
  }
  void comment(std::string_view, const pgn::SourceLoc&) override { expect(movetext_, "comment before begin_movetext"); }
  void begin_variation(const pgn::SourceLoc&) override {
    expect(movetext_, "variation before begin_movetext");
    ++depth_;
  }
  void end_variation(const pgn::SourceLoc&) override { expect(depth_-- > 0, "end_variation without begin_variation"); }
  void result(std::string_view t, const pgn::SourceLoc&) override {
    expect(t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*", "result that is no termination marker");
  }
  void problem(pgn::Severity, std::string_view, std::string, const pgn::SourceLoc&, std::string_view) override { ++problems_; }
  void end_game() override {
    expect(!ended_, "end_game twice");
    expect(movetext_ && depth_ == 0, "end_game before begin_movetext or with open variations");
    expect(problems_ <= 1, "more than one problem in a record");
    ended_ = true;
  }
  bool ended() const { return ended_; }

 private:
  void expect(bool ok, const char* what) {
    if (!ok && failure.empty()) failure = what;
    if (ended_ && failure.empty()) failure = "event after end_game";
  }
  bool movetext_ = false, ended_ = false;
  int depth_ = 0, problems_ = 0;
};

static pgn::Replayed replay_json(std::string_view record) {
  pgn::ReplayOptions options;
  options.keep = pgn::Keep::Tree;
  pgn::Replayer replayer(options);
  pgn::visit_json_game(record, 1, 0, replayer);
  pgn::Replayed r;
  r.report = replayer.take_report();
  r.game = replayer.take_game();
  return r;
}

static std::string canonical_pgn(const pgn::Game& game) {
  std::string out;
  output::PgnWriteOptions o;
  o.canonical_commands = true;
  output::write_pgn(game, out, o);
  return out;
}

// One record: the event shape, and for a record that replays, the JSON written from it
// replays too and is a fixed point (read and written again, the same bytes and the same PGN).
static std::string check_json_record(std::string_view record) {
  JsonEventChecker shape;
  pgn::visit_json_game(record, 1, 0, shape);
  if (!shape.ended() && shape.failure.empty()) shape.failure = "no end_game";
  if (!shape.failure.empty()) return "record \"" + printable(record) + "\": " + shape.failure;
  pgn::Replayed first = replay_json(record);
  if (!first.ok()) return "";
  std::string json;
  output::append_game_json(json, first.game);
  pgn::Replayed second = replay_json(json);
  if (!second.ok())
    return "record \"" + printable(record) + "\": its JSON does not replay: " + second.report.errors.front().message +
           "\nJSON: " + printable(json, 2000);
  std::string again;
  output::append_game_json(again, second.game);
  if (again != json) return "record \"" + printable(record) + "\": JSON not a fixed point:\n" + json + "\nthen:\n" + again;
  const std::string written = canonical_pgn(first.game);
  if (written != canonical_pgn(second.game)) return "record \"" + printable(record) + "\": PGN changed";
  // The PGN written from the record is PGN: read back, it gives the same PGN.
  pgn::Replayed third;
  if (std::string e = reread(written, third); !e.empty())
    return "record \"" + printable(record) + "\": its PGN does not read back: " + e + "\nwritten:\n" + written;
  if (canonical_pgn(third.game) != written)
    return "record \"" + printable(record) + "\": its PGN read back differs:\n" + written + "\nthen:\n" + canonical_pgn(third.game);
  return "";
}

std::string check_json_games_input(std::string_view bytes) {
  io::ByteSource source = io::ByteSource::from_memory(std::string(bytes), "<fuzz>", 7);  // short reads
  pgn::TextLines lines(source);
  pgn::TextLine line;
  std::uint64_t last = 0;
  while (lines.next(line)) {
    if (line.line <= last) return "line numbers do not increase";
    last = line.line;
    if (line.text.find('\n') != std::string::npos) return "a line holds a line end";
    if (std::string e = check_json_record(line.text); !e.empty()) return e;
  }
  return "";
}

}  // namespace chesstool::fuzz
