// SPDX-License-Identifier: MIT
// append_game_json(): a game tree as one JSON object, written with an explicit stack.
#include "output/game_json.hpp"

#include <charconv>
#include <vector>

#include "core/fen.hpp"
#include "core/san.hpp"
#include "core/uci.hpp"
#include "output/pgn_writer.hpp"
#include "output/json.hpp"
#include "pgn/comment_commands.hpp"

namespace chesstool::output {

std::string opening_json_fields(const std::optional<openings::Opening>& opening) {
  if (!opening) return "\"eco\":null,\"opening\":null,\"eco_ply\":null";
  std::string out = "\"eco\":";
  append_json_string(out, opening->eco);
  out += ",\"opening\":";
  append_json_string(out, opening->name);
  out += ",\"eco_ply\":" + std::to_string(opening->ply);
  return out;
}

namespace {

// A number of seconds as the shortest decimal that reads back as the same double, never
// in exponent form.
void append_seconds(std::string& out, double seconds) {
  char buf[512];  // the longest fixed form of a double (about 330 characters) fits
  const auto r = std::to_chars(buf, buf + sizeof buf, seconds, std::chars_format::fixed);
  if (r.ec == std::errc()) out.append(buf, std::size_t(r.ptr - buf));
  else out += '0';  // not reached; the record stays JSON
}

// A move's "comment" and the commands taken out of it: "clock", "emt", "eval", "arrows"
// and "highlights", each only when the comment has it.
void append_comment_fields(std::string& out, const std::string& comment) {
  const pgn::CommentData d = pgn::parse_comment_commands(comment);
  out += ",\"comment\":";
  if (d.text.empty()) out += "null";
  else append_json_string(out, d.text);
  if (d.clock) {
    out += ",\"clock\":";
    append_seconds(out, *d.clock);
  }
  if (d.emt) {
    out += ",\"emt\":";
    append_seconds(out, *d.emt);
  }
  if (d.eval) {
    out += d.eval->mate ? ",\"eval\":{\"mate\":" : ",\"eval\":{\"cp\":";
    out += std::to_string(d.eval->mate ? *d.eval->mate : d.eval->cp.value_or(0));
    if (d.eval->depth) out.append(",\"depth\":").append(std::to_string(*d.eval->depth));
    out += '}';
  }
  if (!d.arrows.empty()) {
    out += ",\"arrows\":[";
    for (std::size_t k = 0; k < d.arrows.size(); ++k) {
      const pgn::Arrow& a = d.arrows[k];
      out.append(k ? ",{\"color\":\"" : "{\"color\":\"").append(1, a.color);
      out.append("\",\"from\":\"").append(a.from).append("\",\"to\":\"").append(a.to).append("\"}");
    }
    out += ']';
  }
  if (!d.highlights.empty()) {
    out += ",\"highlights\":[";
    for (std::size_t k = 0; k < d.highlights.size(); ++k) {
      const pgn::Highlight& h = d.highlights[k];
      out.append(k ? ",{\"color\":\"" : "{\"color\":\"").append(1, h.color);
      out.append("\",\"square\":\"").append(h.square).append("\"}");
    }
    out += ']';
  }
}

// A move's comments and NAGs: the fields between "fen" and "variations".
void append_move_notes(std::string& out, const pgn::Node& n) {
  if (!n.comment_before().empty()) {
    out += ",\"comment_before\":";
    append_json_string(out, n.comment_before());
  }
  append_comment_fields(out, n.comment_after);
  out += ",\"nags\":[";
  for (std::size_t k = 0; k < n.nags().size(); ++k) {
    if (k) out += ',';
    out += std::to_string(n.nags()[k]);
  }
  out += ']';
  if (!n.comment_after_variation().empty()) {
    out += ",\"comment_after_variation\":";
    append_json_string(out, n.comment_after_variation());
  }
}

}  // namespace

void append_game_json(std::string& out, const pgn::Game& game, bool with_eco) {
  out += "{\"tags\":{";
  bool first = true;
  for (const auto& [k, v] : game.tags) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, k);
    out += ':';
    append_json_string(out, v);
  }
  out += "},\"start_fen\":";
  append_json_string(out, game.start_fen);
  if (with_eco) out.append(",").append(opening_json_fields(openings::classify(game)));
  if (!game.comment.empty()) {
    out += ",\"comment\":";
    append_json_string(out, game.comment);
  }
  out += ",\"moves\":[";

  struct Frame {
    const pgn::Line* line;
    std::size_t i = 0;
    std::size_t var = 0;
    bool in_node = false;
    Position pos;  // before node i
  };
  std::vector<Frame> stack;
  stack.push_back(Frame{&game.moves, 0, 0, false, game.start});
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (!f.in_node) {
      if (f.i == f.line->size()) {
        stack.pop_back();
        out += ']';
        continue;
      }
      const pgn::Node& n = (*f.line)[f.i];
      if (f.i > 0) out += ',';
      out += "{\"san\":";
      if (n.san_canonical)  // see pgn::Node
        append_json_string(out, n.san_written);
      else
        append_json_string(out, to_san(f.pos, n.move));
      out += ",\"uci\":";
      append_json_string(out, to_uci(f.pos, n.move));
      out += ",\"fen\":";
      append_json_string(out, to_fen(f.pos.after(n.move)));
      append_move_notes(out, n);
      out += ",\"variations\":[";
      f.in_node = true;
      f.var = 0;
    }
    const pgn::Node& n = (*f.line)[f.i];
    if (f.var < n.variations().size()) {
      if (f.var > 0) out += ',';
      out += '[';
      const pgn::Line* v = &n.variations()[f.var++];
      Position from = f.pos;
      stack.push_back(Frame{v, 0, 0, false, from});  // f is invalid from here on
      continue;
    }
    out += "]}";
    f.pos.make_move(n.move);
    ++f.i;
    f.in_node = false;
  }
  out += ",\"result\":";
  append_json_string(out, output::game_result(game));
  out += '}';
}

void append_position_json(std::string& out, const Position& pos) {
  // A Chess960 position says so as a game read from PGN would, with its Variant tag.
  out += pos.is_chess960() ? "{\"tags\":{\"Variant\":\"Chess960\"},\"start_fen\":" : "{\"tags\":{},\"start_fen\":";
  append_json_string(out, to_fen(pos));
  out += ",\"moves\":[],\"result\":\"*\"}";
}

}  // namespace chesstool::output
