// SPDX-License-Identifier: MIT
// Property checks shared by the libFuzzer targets and the regression unit test: each takes
// raw bytes and returns "" or what went wrong.
#pragma once

// Every check is a plain function of the input bytes that returns an empty string when
// all properties hold and otherwise a one-paragraph description of the first violated
// one. The fuzz targets abort on a non-empty answer (so libFuzzer saves the input); the
// unit test replays saved inputs through the very same functions, so a fixed bug stays
// fixed and a regression file can never drift from what the fuzzer asserted. The library
// chesstool_fuzz_checks (tests/support/CMakeLists.txt) holds them for both.

#include <string>
#include <string_view>

namespace chesstool::fuzz {

// Any bytes as a FEN, in both modes: parsing, printing, moves and keys against a slow
// reference board.
std::string check_fen_input(std::string_view data);
// Bytes as a SAN/UCI token against fixed positions (or a FEN on the first line).
std::string check_san_input(std::string_view data);
// Any bytes as PGN: the splitter's games, read whole and in short chunks, and their replay.
std::string check_pgn_input(std::string_view bytes);
// Every game that replays, written, read back and written again: same tree, same text.
std::string check_pgn_roundtrip_input(std::string_view bytes);
// Any bytes as NDJSON game records (convert --from json): the reader's events are well
// formed, and a record that replays gives JSON that replays and is a fixed point.
std::string check_json_games_input(std::string_view bytes);

}  // namespace chesstool::fuzz
