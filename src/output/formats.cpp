// SPDX-License-Identifier: MIT
#include "output/formats.hpp"

#include "output/game_csv.hpp"
#include "output/game_json.hpp"
#include "output/pgn_writer.hpp"

namespace chesstool::output {

const FormatInfo& format_info(Format f) {
  for (const auto& i : kFormats)
    if (i.format == f) return i;
  return kFormats[0];
}

std::optional<Format> format_from_name(std::string_view name) {
  for (const auto& i : kFormats)
    if (i.name == name) return i.format;
  return std::nullopt;
}

void format_game(const pgn::Game& game, Format to, const FormatOptions& options, std::string& out) {
  switch (to) {
    case Format::Pgn: {
      PgnWriteOptions o;
      o.reduced = options.reduced;
      o.canonical_commands = true;
      o.strip = options.strip;
      write_pgn(game, out, o);
      break;
    }
    case Format::Uci:
      write_uci_line(game, out);
      out += '\n';
      break;
    case Format::Lan:
      write_lan_line(game, out);
      out += '\n';
      break;
    case Format::Fen: write_fen_lines(game, out); break;
    case Format::Epd: write_epd_lines(game, out); break;
    case Format::Json:
      append_game_json(out, game, options.eco);
      out += '\n';
      break;
    case Format::Csv: {
      static const std::vector<std::string> defaults = default_csv_columns();
      static const pgn::GameReport none;
      append_csv_row(out, options.csv_columns ? *options.csv_columns : defaults, game,
                     options.report ? *options.report : none);
      break;
    }
  }
}

}  // namespace chesstool::output
