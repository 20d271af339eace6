// SPDX-License-Identifier: MIT
// The NDJSON form of a replayed game for `chesstool convert --to json` (schema in chesstool(1)).
#pragma once

#include <optional>
#include <string>

#include "core/position.hpp"
#include "openings/eco.hpp"
#include "pgn/game.hpp"

namespace chesstool::output {

// Appends one JSON object (no newline) for game:
//   {"tags":{name:value,...}, "start_fen":FEN, "moves":[MOVE,...], "result":"1-0"|"0-1"|"1/2-1/2"|"*"}
// plus "comment":TEXT when the game has comments but no moves. MOVE is
//   {"san":canonical SAN, "uci":UCI, "fen":FEN after the move, "comment":TEXT|null,
//    "nags":[n,...], "variations":[[MOVE,...],...]}
// plus "comment_before":TEXT (as written) when a comment precedes the move. The commands
// of the comment after the move (pgn::parse_comment_commands) become fields after
// "comment", each only when present: "clock" and "emt" (seconds, a JSON number),
// "eval" ({"cp":N} or {"mate":N}, then "depth":N when given), "arrows"
// ([{"color":"G","from":"e2","to":"e4"},...]) and "highlights" ([{"color":"G","square":"d4"},...]);
// "comment" is the rest of the text, null when nothing is left. pgn/json_games reads
// the object back. Iterative: any depth is safe.
// with_eco (convert --eco) adds the opening fields below after "start_fen".
void append_game_json(std::string& out, const pgn::Game& game, bool with_eco = false);

// The opening fields of a game record (--eco), without braces:
//   "eco":"C60"|null,"opening":NAME|null,"eco_ply":PLY|null
// eco_ply is the game's ply at which it reached the named position.
std::string opening_json_fields(const std::optional<openings::Opening>& opening);

// The same object for a bare position (convert --from fen): no moves, result "*", and no
// tags but a Variant tag for a Chess960 position.
void append_position_json(std::string& out, const Position& pos);

}  // namespace chesstool::output
