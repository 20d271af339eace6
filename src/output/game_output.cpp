// SPDX-License-Identifier: MIT
// Text and JSON forms of a checked game.
#include "output/game_output.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/fen.hpp"
#include "core/san.hpp"
#include "output/json.hpp"
#include "pgn/encoding.hpp"

namespace chesstool::output {

std::vector<const pgn::Diagnostic*> in_source_order(const pgn::GameReport& game, bool with_warnings) {
  std::vector<const pgn::Diagnostic*> all;
  all.reserve(game.errors.size() + (with_warnings ? game.warnings.size() : 0));
  for (const auto& d : game.errors) all.push_back(&d);
  if (with_warnings)
    for (const auto& d : game.warnings) all.push_back(&d);
  std::stable_sort(all.begin(), all.end(), [](const pgn::Diagnostic* a, const pgn::Diagnostic* b) {
    return a->line != b->line ? a->line < b->line : a->column < b->column;
  });
  return all;
}

bool tells_of_left_out_input(std::string_view code, Format to, bool reduced) {
  if (format_info(to).mainline_only) return false;
  // The PGN writer puts the marker's result in a Result tag that holds none of the four
  // (reduced or not); JSON keeps the tag as it was.
  if (code == "malformed-result-tag") return to == Format::Pgn;
  static constexpr std::string_view kLeftOut[] = {"duplicate-tag", "duplicate-tag-case", "nag-without-move", "empty-variation",
                                                  "result-in-variation", "malformed-nag"};
  return !reduced && std::find(std::begin(kLeftOut), std::end(kLeftOut), code) != std::end(kLeftOut);
}

bool tells_of_left_out_input(const pgn::GameReport& report, Format to, bool reduced) {
  return std::any_of(report.warnings.begin(), report.warnings.end(),
                     [&](const pgn::Diagnostic& d) { return tells_of_left_out_input(d.code, to, reduced); });
}

std::vector<std::string> left_out_diagnostics(const std::string& file, const pgn::GameReport& report, Format to,
                                              bool reduced) {
  std::vector<std::string> lines;
  for (const auto* d : in_source_order(report, true))
    if (tells_of_left_out_input(d->code, to, reduced)) lines.push_back(render_diagnostic(file, report, *d));
  return lines;
}

std::string escape_lines_left_out(const std::string& file, std::uint64_t escape_lines) {
  if (escape_lines == 0) return {};
  return file + ": warning: " + std::to_string(escape_lines) +
         (escape_lines == 1 ? " escape line ('%' in column 1, PGN standard section 6) is"
                            : " escape lines ('%' in column 1, PGN standard section 6) are") +
         " not in the output [escape-lines-left-out]";
}

std::optional<pgn::GameReport> left_out_report(const pgn::GameReport& report, const pgn::Game& game, Format to,
                                               bool reduced) {
  if (!tells_of_left_out_input(report, to, reduced)) return std::nullopt;
  pgn::GameReport kept = report;
  kept.tags = game.tags;
  // Only those warnings: left_out_diagnostics, asked of the report without the format,
  // prints them all.
  std::erase_if(kept.warnings, [&](const pgn::Diagnostic& d) { return !tells_of_left_out_input(d.code, to, reduced); });
  return kept;
}

namespace {

const SanLenientInfo* lenient_info(std::string_view code) {
  for (const SanLenientInfo& l : kSanLenient)
    if (l.code == code) return &l;
  return nullptr;
}

// "23...Ng1-f3" from the replayer's "lenient notation 23...Ng1-f3: ..." (the whole message
// when it is not one).
std::string_view lenient_move(std::string_view message) {
  constexpr std::string_view prefix = "lenient notation ";
  if (message.substr(0, prefix.size()) != prefix) return message;
  message.remove_prefix(prefix.size());
  return message.substr(0, message.find(": "));
}

}  // namespace

std::vector<pgn::Diagnostic> for_text(const pgn::GameReport& game) {
  std::vector<pgn::Diagnostic> out;
  // Per lenient code met: where its first warning is in `out`, and how many there are.
  struct Group {
    std::string_view code;
    std::size_t at;
    std::size_t count;
  };
  std::vector<Group> groups;
  for (const pgn::Diagnostic* d : in_source_order(game, true)) {
    if (d->severity == pgn::Severity::Warning && lenient_info(d->code)) {
      auto g = std::find_if(groups.begin(), groups.end(), [d](const Group& x) { return x.code == d->code; });
      if (g != groups.end()) {
        ++g->count;
        continue;
      }
      groups.push_back({d->code, out.size(), 1});
    }
    out.push_back(*d);
  }
  for (const Group& g : groups)
    if (g.count > 1) {
      pgn::Diagnostic& first = out[g.at];
      first.message = fmt::format("{} moves in lenient notation: {} (first: {})", g.count,
                                  lenient_info(g.code)->description, lenient_move(first.message));
    }
  return out;
}

std::string io_error_json(const std::string& file, const std::string& message) {
  JsonObject r;
  r.field("type", "io_error").field("file", file).field("message", message);
  return std::move(r).str();
}

std::string render_diagnostic(const std::string& file, const pgn::GameReport& game, const pgn::Diagnostic& d) {
  std::string context = fmt::format("game {}", game.index);
  const std::string* white = game.tag("White");
  const std::string* black = game.tag("Black");
  // Names are cut as tokens are: a game may have a thousand diagnostics, each naming it.
  if (white || black)
    context += fmt::format(" \"{} - {}\"", white ? pgn::message_excerpt(*white) : "?",
                           black ? pgn::message_excerpt(*black) : "?");
  if (!d.fen.empty()) context += fmt::format(", position {}", d.fen);
  return fmt::format("{}:{}:{}: {}: {} ({}) [{}]", file, d.line, d.column,
                     d.severity == pgn::Severity::Error ? "error" : "warning", d.message, context, d.code);
}

namespace {

std::string diagnostics_json(const std::vector<pgn::Diagnostic>& list) {
  std::string out = "[";
  for (const auto& d : list) {
    if (out.size() > 1) out += ',';
    JsonObject o;
    o.field("code", d.code).field("line", d.line).field("column", std::uint64_t(d.column)).field("ply", d.ply);
    o.field("token", d.token).field("message", d.message);
    if (!d.fen.empty()) o.field("fen", d.fen);
    out += std::move(o).str();
  }
  return out + "]";
}

}  // namespace

std::string game_json(const std::string& file, const std::string& member, const pgn::GameReport& game) {
  JsonObject o;
  o.field("type", "game").field("file", file);
  if (!member.empty()) o.field("member", member);
  o.field("game", game.index).field("line", game.line);
  o.field("byte_offset", game.byte_offset).field("valid", game.valid).field("plies", game.plies);
  o.raw_field("errors", diagnostics_json(game.errors)).raw_field("warnings", diagnostics_json(game.warnings));
  std::string tags = "{";
  for (const auto& [k, v] : game.tags) {
    if (tags.size() > 1) tags += ',';
    append_json_string(tags, k);
    tags += ':';
    append_json_string(tags, v);
  }
  o.raw_field("tags", tags + "}");
  o.field("status", names_of(game.outcome.termination).json);
  if (game.outcome.winner)
    o.field("winner", *game.outcome.winner == White ? "white" : "black");
  else
    o.null_field("winner");
  std::string claims = "[";
  for (const auto& c : game.claims) {
    if (claims.size() > 1) claims += ',';
    claims += JsonObject().field("kind", name_of(c.kind)).field("ply", c.ply).str();
  }
  o.raw_field("claims", claims + "]");
  if (game.ended_at)
    o.field("ended_at", *game.ended_at);
  else
    o.null_field("ended_at");
  if (game.final_position) o.field("final_fen", to_fen(*game.final_position));
  return std::move(o).str();
}

}  // namespace chesstool::output
