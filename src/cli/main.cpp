// SPDX-License-Identifier: MIT
// Entry point: builds the command line, dispatches to a subcommand, maps errors to exit
// codes. Nothing escapes: every failure ends in one "chesstool: error:" line.
#include <CLI/CLI.hpp>
#include <csignal>
#include <exception>
#include <map>
#include <new>
#include <string_view>

#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "core/dispatch.hpp"

namespace {

using namespace chesstool::cli;

ExitCode parse_and_run(int argc, char** argv) {
  CLI::App app{"chesstool: validate, adjudicate and convert chess PGN and FEN"};
  std::map<CLI::App*, Runner> runners;
  app.name("chesstool");
  app.set_version_flag("--version", [] { return std::string("chesstool " CHESSTOOL_VERSION "\ndispatch: ") + chesstool::dispatch_name(); });
  app.require_subcommand(1);
  app.footer("Exit status: 0 all good, 1 problems found in the input, 2 usage or I/O error.\n"
             "See chesstool(1) for details.");

  auto add = [&](const char* name, const char* help, Runner (*setup)(CLI::App&)) {
    CLI::App* sub = app.add_subcommand(name, help);
    runners[sub] = setup(*sub);
  };
  add("validate", "Replay every game of PGN files and report illegal moves and other problems", setup_validate);
  add("fen", "Check FENs and print them in canonical form", setup_fen);
  add("perft", "Count the leaf nodes of the legal move tree", setup_perft);
  add("convert", "Convert games to PGN export format, UCI, LAN, FEN, EPD or NDJSON", setup_convert);
  add("board", "Show a position as a text diagram or an SVG picture", setup_board);
  add("annotate", "Write games back as PGN with draw claims, automatic ends, Result and Termination", setup_annotate);
  add("report", "Standings, tie-breaks, FIDE rating changes and time-control classes of an event", setup_report);
  add("dedupe", "Drop repeated games: the same start position and mainline moves (--embedded: a prefix of a longer game)", setup_dedupe);
  add("filter", "Select games by tags, moves, positions, material and endings, written byte for byte", setup_filter);

  // Hidden: the bash completion, made from the options just declared (see completion.hpp).
  if (argc == 3 && std::string_view(argv[1]) == "--generate-completion" && std::string_view(argv[2]) == "bash") {
    out(bash_completion(app));
    return ExitCode::Ok;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11_PARSE would exit with codes >= 100; usage errors are 2 here.
    const int code = app.exit(e);
    return code == 0 ? ExitCode::Ok : ExitCode::Error;
  }
  for (auto& [sub, run] : runners)
    if (sub->parsed()) return run();
  return ExitCode::Error;
}

}  // namespace

int main(int argc, char** argv) {
  // Output to a closed pipe (`| head -1`) ends the process quietly by SIGPIPE, as for
  // other Unix tools, even when the parent ignored it; the handler first removes any
  // unfinished output file.
  reserve_standard_descriptors();
  install_output_signal_handlers();
  ExitCode code = ExitCode::Error;
  try {
    code = parse_and_run(argc, argv);
  } catch (const std::bad_alloc&) {
    error("out of memory");
    code = ExitCode::Error;
  } catch (const std::exception& e) {
    error(e.what());
    code = ExitCode::Error;
  } catch (...) {
    error("unexpected internal error");
    code = ExitCode::Error;
  }
  if (auto failure = finish_stdout()) {
    error(*failure);
    code = ExitCode::Error;
  }
  return int(code);
}
