// SPDX-License-Identifier: MIT
// Entry point: builds the command line, dispatches to a subcommand, maps errors to exit
// codes. Nothing escapes: every failure ends in one "chesstool: error:" line.
#include <CLI/CLI.hpp>
#include <csignal>
#include <exception>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>
#include <sstream>
#include <string_view>

#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "cli/usage_errors.hpp"
#include "core/dispatch.hpp"

namespace {

using namespace chesstool::cli;

// A whole number's text as CLI11 must read it: decimal digits after an optional minus
// (which the ranges then refuse, in their words), leading zeros dropped; an error for
// anything else, "+2" too (CLI11 took it for 2 where a check of its own did not).
std::string decimal_digits(std::string& v) {
  if (v.empty()) return {};  // the empty-value check words this
  const std::size_t first = v[0] == '-' ? 1 : 0;
  if (first == v.size() || v.find_first_not_of("0123456789", first) != std::string::npos) return "a decimal whole number";
  // "-0" is no negative number for a range to refuse, and not in decimal digits either.
  if (first == 1 && v.find_first_not_of('0', 1) == std::string::npos) return "a decimal whole number";
  std::size_t zeros = first;
  while (zeros + 1 < v.size() && v[zeros] == '0') ++zeros;
  v.erase(first, zeros - first);
  return {};
}

// "--" ends a command's options, so that a file may be named "-x.pgn": every word after it
// is a path. CLI11 2.1 ends the subcommand itself at a "--" that comes once its positionals
// have what they need ("validate a.pgn -- b.pgn" gave b.pgn to chesstool: "unexpected
// argument"), and keeps the "--" the subcommand's while a positional still wants a value.
// A hidden positional declared after one that takes every word (the paths) always wants
// one and never gets it, so "--" stays the command's wherever it comes.
constexpr std::string_view kEndOfOptions = "end-of-options";

void keep_dashes_in(CLI::App& sub) {
  for (const CLI::Option* opt : sub.get_options())
    if (opt->get_positional() && opt->get_allow_extra_args()) {
      // Its description is what the usage line shows for it: "[-- path...]".
      sub.add_option(std::string(kEndOfOptions))->description("[-- " + opt->get_name() + "...]")->group("");
      return;
    }
}

// CLI11's help, but the hidden positional above shown as what it stands for in the usage
// line: "Usage: chesstool validate [OPTIONS] [path...] [-- path...]".
class Formatter : public CLI::Formatter {
 public:
  std::string make_option_usage(const CLI::Option* opt) const override {
    // Hidden (no group), so CLI11 names it "": the one hidden positional is that one.
    if (opt->get_positional() && opt->get_group().empty()) return opt->get_description();
    return CLI::Formatter::make_option_usage(opt);
  }
};

ExitCode parse_and_run(int argc, char** argv) {
  CLI::App app{"chesstool: validate, adjudicate and convert chess PGN and FEN"};
  std::map<CLI::App*, Runner> runners;
  app.name("chesstool");
  app.set_version_flag("--version", [] { return std::string("chesstool " CHESSTOOL_VERSION "\ndispatch: ") + chesstool::dispatch_name(); });
  app.require_subcommand(1);
  app.formatter(std::make_shared<Formatter>());  // before the subcommands, which copy it
  app.footer("Exit status: 0 all good, 1 problems found in the input, 2 usage or I/O error.\n"
             "See chesstool(1) for details.");

  auto add = [&](const char* name, const char* help, Runner (*setup)(CLI::App&)) {
    CLI::App* sub = app.add_subcommand(name, help);
    runners[sub] = setup(*sub);
    keep_dashes_in(*sub);
    // An empty value is never meant: `-o ''` from an unset shell variable must not mean
    // standard output, nor `--event ''` every event.
    for (CLI::Option* opt : sub->get_options()) {
      if (opt->nonpositional() && opt->get_items_expected_max() > 0)
        opt->check(CLI::Validator([](const std::string& v) { return v.empty() ? std::string("the value is empty") : std::string(); }, ""));
      // Whole numbers are decimal: CLI11 alone reads "010" as octal 8 and "0x10" as 16.
      const std::string type = opt->get_type_name();
      if (type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0) opt->transform(CLI::Validator(decimal_digits, "", ""));
    }
  };
  add("validate", "Replay every game of PGN files and report illegal moves and other problems", setup_validate);
  add("fen", "Check FENs and print them in canonical form", setup_fen);
  add("perft", "Count the leaf nodes of the legal move tree", setup_perft);
  add("convert", "Convert games to PGN export format, UCI, LAN, FEN, EPD, NDJSON or CSV", setup_convert);
  add("board", "Show a position as a text diagram or an SVG picture", setup_board);
  add("annotate", "Write games back as PGN with draw claims, automatic ends, Result and Termination", setup_annotate);
  add("report", "Standings, tie-breaks, FIDE rating changes and time-control classes of an event", setup_report);
  add("dedupe", "Drop repeated games: the same start position and mainline moves (--embedded: a prefix of a longer game)", setup_dedupe);
  add("filter", "Select games by tags, moves, positions, material and endings, written byte for byte", setup_filter);

  // Hidden: the bash completion, made from the options just declared (see completion.hpp).
  if (argc >= 2 && std::string_view(argv[1]) == "--generate-completion") {
    if (argc == 3 && std::string_view(argv[2]) == "bash") {
      out(bash_completion(app));
      return ExitCode::Ok;
    }
    error("--generate-completion takes one shell, and bash is the only one: --generate-completion bash");
    return ExitCode::Error;
  }
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  if (argc >= 2)
    if (auto message = unknown_command(app, argv[1])) {
      error(*message);
      return ExitCode::Error;
    }
  if (auto message = dashes_before_command(app, args)) {
    error(*message);
    err_line("Run with --help for more information.");
    return ExitCode::Error;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11_PARSE would exit with codes >= 100; usage errors are 2 here, and say
    // "chesstool: error:" as every other error does. --help and --version exit 0.
    if (e.get_exit_code() == 0) {
      // Through out(), as every other output: a failed write is then reported with its
      // reason ("No space left on device").
      std::ostringstream text;
      app.exit(e, text, text);
      out(text.str());
      return ExitCode::Ok;
    }
    error(usage_error_words(app, e, args));
    err_line("Run with --help for more information.");
    return ExitCode::Error;
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
  buffer_standard_output();
  install_output_signal_handlers();
  ExitCode code = ExitCode::Error;
  bool ran_to_its_end = false;  // no exception ended the command
  try {
    code = parse_and_run(argc, argv);
    ran_to_its_end = true;
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
  const std::optional<std::string> failure = finish_stdout();
  if (failure) {
    error(*failure);
    code = ExitCode::Error;
  }
  // The files finished by the command become their targets only now, when nothing else
  // can fail: not after a failed standard output or an error that ended the command.
  // A run is all or nothing: any I/O error (exit status 2: another output that could not be
  // written, an input that could not be read) leaves every file as it was.
  std::optional<std::string_view> run_failed;
  if (failure) run_failed = "writing standard output failed";
  else if (!ran_to_its_end) run_failed = "the command stopped on an error";
  else if (code == ExitCode::Error) run_failed = "the run had an error (exit status 2)";
  if (!commit_finished_outputs(run_failed)) code = ExitCode::Error;
  return int(code);
}
