// SPDX-License-Identifier: MIT
// The event as a FIDE Tournament Report File, TRF-16 (FIDE handbook C.04 annex 2,
// approved 2015): header lines 012-122 and one 001 line per player with each round.
#pragma once

#include <string>
#include <vector>

#include "tournament/report_table.hpp"

namespace chesstool::tournament {

// Writes the TRF of the event into `out` (lines end with CR LF). Fails with a message
// when a counted game has no round number in its Round tag or a player has two games in
// one round. Fields that PGN cannot supply (federation, chief arbiter, sex, title, birth
// date) are left blank for the arbiter to fill.
// A name longer than the 33 characters of the name field is cut to them: each such cut
// is said in `cuts` ("name '...' cut to '...'"), so that the arbiter can shorten it.
bool render_trf(const EventReport& r, std::string& out, std::string& error, std::vector<std::string>* cuts = nullptr);

}  // namespace chesstool::tournament
