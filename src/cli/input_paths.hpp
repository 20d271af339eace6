// SPDX-License-Identifier: MIT
// Expands command-line paths into the list of PGN inputs (files, directories, stdin).
#pragma once

#include <string>
#include <vector>

#include "io/source.hpp"

namespace chesstool::cli {

// A path of the command line that could not be used.
struct InputError {
  std::string path;     // as given
  std::string message;  // "cannot open x.pgn: No such file or directory"
};

struct InputList {
  std::vector<std::string> files;  // "-" is standard input
  std::vector<InputError> errors;  // one per path that could not be used
};

// Files are taken as given (any name: the format is told by content); directories are
// searched recursively for *.pgn, *.pgn.gz, *.pgn.zst, *.pgn.bz2, *.pgn.xz, *.zip, *.tar
// and *.tar.gz, .zst, .bz2, .xz in any letter case, in sorted order so runs are reproducible; "-" or no
// path at all means standard input.
InputList expand_inputs(const std::vector<std::string>& paths);

// Leaves out of inputs.files each regular file that is already in it under this name or
// another (the same device and inode: "t.pgn ./t.pgn", or a folder and a file in it), and
// returns the names left out, in order. For report, where a file read twice would count
// its games twice.
std::vector<std::string> drop_files_named_again(InputList& inputs);

// Name used in diagnostics: "<stdin>" for "-", else the path as given.
std::string display_name(const std::string& path);
// The name of a game's place in diagnostics: "twic1620g.zip:twic1620.pgn" for an archive
// member, the file's display name otherwise.
inline std::string display_name(const std::string& file_display, const std::string& member) {
  return member.empty() ? file_display : file_display + ":" + member;
}
// One note about an input on standard error, after its file's display name:
// "x.tar:b.pgn: note: a hard link to 'a.pgn': ... [hard-link]".
void print_input_note(const std::string& file_display, const io::InputNote& note);

}  // namespace chesstool::cli
