// SPDX-License-Identifier: MIT
// Games from the NDJSON that `convert --to json` writes, read back as the events of the PGN
// parser, so the one Replayer checks every move of them as it checks PGN (convert --from json).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "io/source.hpp"
#include "pgn/text_lines.hpp"
#include "pgn/movetext_parser.hpp"

namespace chesstool::pgn {

// Delivers one game record (the text of one NDJSON line, as convert --to json writes it,
// chesstool(1) "convert --to json: game record") to visitor as parse_game delivers a PGN
// game, ending with end_game(): the tags (and, when they have no FEN tag, SetUp and FEN
// from "start_fen" unless it is the standard position), begin_movetext, the game's
// "comment", then for every move in tree order its "comment_before", its "san" (or "uci"
// when it has no "san"), its "nags", its "comment" with the commands "eval", "clock",
// "emt", "highlights" and "arrows" embedded again as PGN writes them
// (render_comment_commands), its "variations"; then "result". Nothing is trusted: the
// moves are only tokens for the visitor to replay, "uci" and "fen" beside "san" are
// ignored. A record that is not JSON, or a field missing or of the wrong type, is one
// problem() (error, codes below) and no events after it but end_game(). Never throws;
// no recursion, so any nesting depth is safe. line and byte_offset place the record
// for the SourceLocs; a move's column is where its "san" value starts when it can be
// found in the text, else 1.
//
// Problem codes:
//   invalid-json   the line is not JSON (RFC 8259, UTF-8); the column is where it fails
//   json-field     a field missing or of the wrong type, a value out of range, or a key
//                  an object repeats (the record is not read; the key is the token)
void visit_json_game(std::string_view text, std::uint64_t line, std::uint64_t byte_offset, Visitor& visitor);

}  // namespace chesstool::pgn
