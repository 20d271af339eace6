// SPDX-License-Identifier: MIT
// `chesstool perft`: counts leaf nodes of the legal move tree, optionally per root move.
#include <fmt/core.h>

#include <chrono>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "core/fen.hpp"
#include "core/perft.hpp"
#include "core/uci.hpp"
#include "output/json.hpp"

namespace chesstool::cli {

namespace {

struct PerftCliOptions {
  std::string fen;
  int depth = 0;
  bool divide = false;
  int threads = 0;
  std::size_t hash_mb = 0;
  bool json = false;
  std::optional<std::uint64_t> expect;
};

ExitCode run_perft(const PerftCliOptions& o) {
  std::string fen_text(fen_or_startpos(o.fen));
  FenResult parsed = parse_fen(fen_text);
  if (!parsed.ok()) {
    // Perft suites contain positions that cannot arise in a game: 17 pieces, or an en
    // passant square whose double step could not have given the check on the board
    // (field "en passant"), or the clock not reset by it ("halfmove clock"). Count them
    // anyway when the move generator can, and say so. Whatever the Strict parse rejects
    // beyond the Playable one is of that kind, whichever field it names.
    FenResult playable = parse_fen(fen_text, FenMode::Playable);
    if (playable.ok())
      warning(fmt::format("position cannot arise in a game ({}); counting anyway", parsed.error->to_string()));
    // When it fails too, its reason is the one that stops the count (a pawn on the back
    // rank, say), not the strict parse's (17 pieces), which perft would overlook.
    parsed = std::move(playable);
  }
  if (!parsed.ok()) {
    error(fmt::format("invalid FEN: {}", parsed.error->to_string()));
    return ExitCode::Error;
  }
  const Position& pos = parsed.position;
  PerftOptions options;
  options.threads = o.threads > 0 ? o.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  options.hash_mb = o.hash_mb;

  auto start = std::chrono::steady_clock::now();
  std::vector<DivideEntry> divide;
  std::uint64_t nodes = 0;
  try {
    if (o.divide && o.depth > 0) {  // at depth 0 there is no move to divide by: the one node
      divide = perft_divide(pos, o.depth, options);
      for (const auto& e : divide) nodes = perft_sum(nodes, e.nodes);
    } else {
      nodes = perft(pos, o.depth, options);
    }
  } catch (const HashAllocationError& e) {
    error(fmt::format("{} (--hash {})", e.what(), o.hash_mb));
    return ExitCode::Error;
  }
  if (nodes == kPerftCountMax) {  // what it printed would be no count
    error(fmt::format("perft {} has {} leaves or more (2^64 - 1), more than chesstool counts", o.depth, kPerftCountMax));
    return ExitCode::Error;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double nps = seconds > 0 ? double(nodes) / seconds : 0.0;

  if (o.json) {
    output::JsonObject rec;
    rec.field("type", "perft").field("fen", to_fen(pos)).field("depth", o.depth).field("nodes", nodes);
    // A rate past 2^64 (a count near it in a millisecond, by the hash) is the largest
    // integer: the conversion of a larger double is undefined (it gave 0).
    const std::uint64_t whole_nps = nps >= 0x1p64 ? std::numeric_limits<std::uint64_t>::max() : std::uint64_t(nps);
    rec.field("seconds", seconds).field("nps", whole_nps).field("threads", options.threads);
    rec.field("hash_mb", std::uint64_t(o.hash_mb));
    if (o.divide) {
      std::string arr = "[";
      for (const auto& e : divide) {
        if (arr.size() > 1) arr += ',';
        arr += output::JsonObject().field("move", to_uci(pos, e.move)).field("nodes", e.nodes).str();
      }
      rec.raw_field("divide", arr + "]");
    }
    out(std::move(rec).str() + "\n");
  } else {
    for (const auto& e : divide) outf("{}: {}\n", to_uci(pos, e.move), e.nodes);
    if (!divide.empty()) out("\n");  // no moves (depth 0, or none legal): no list to end
    outf("nodes {}\ntime {:.3f} s ({:.1f} M nodes/s)\n", nodes, seconds, nps / 1e6);
  }
  if (o.expect && *o.expect != nodes) {
    error(fmt::format("perft {} gave {} nodes, expected {}", o.depth, nodes, *o.expect));
    return ExitCode::Negative;
  }
  return ExitCode::Ok;
}

// --expect's count: every count perft prints, up to 2^64 - 2 (2^64 - 1 leaves or more are
// more than it counts), in decimal digits; leading zeros are read past.
CLI::Validator node_count() {
  return CLI::Validator(
      [](const std::string& s) {
        constexpr std::string_view kMost = "18446744073709551614";
        const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
        const std::string_view v = digits ? std::string_view(s).substr(std::min(s.find_first_not_of('0'), s.size() - 1))
                                          : std::string_view();
        const bool ok = digits && (v.size() < kMost.size() || (v.size() == kMost.size() && v <= kMost));
        return ok ? std::string() : "a node count: digits only, at most 18446744073709551614";
      },
      "N");
}

}  // namespace

Runner setup_perft(CLI::App& app) {
  auto o = std::make_shared<PerftCliOptions>();
  app.add_option("fen", o->fen, "Position as FEN, or the word startpos")->required();
  app.add_option("depth", o->depth, "Depth in plies")->required()->check(CLI::Range(0, 64));
  app.add_flag("--divide", o->divide, "Print each root move (UCI) with its node count");
  app.add_option("--threads,-j,--jobs", o->threads, "Threads sharing the root moves (default: all cores); -j and --jobs as in the other commands")
      ->check(CLI::Range(1, 1024));
  app.add_option("--hash", o->hash_mb, "Transposition table size in MB (default 0: none)")->check(CLI::Range(0, 65536));
  app.add_flag("--json", o->json, "Print one JSON object: type, fen, depth, nodes, seconds, nps, threads, hash_mb (divide with --divide)");
  app.add_option("--expect", o->expect, "Exit with status 1 unless the count equals this number")
      ->check(node_count());
  return [o]() { return run_perft(*o); };
}

}  // namespace chesstool::cli
