// SPDX-License-Identifier: MIT
// Path expansion for the commands that read PGN.
#include "cli/input_paths.hpp"

#include "cli/console.hpp"
#include "cli/output_file.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string_view>
#include <system_error>

namespace chesstool::cli {

namespace fs = std::filesystem;

namespace {

// What a directory scan reads: PGN files, compressed or in an archive, told by name in
// any letter case (a named file is read whatever its name; a directory may hold
// anything, such as notes, photos or engine logs, which must not become errors).
bool is_scanned_name(const fs::path& p) {
  std::string name = p.filename().string();
  for (char& c : name) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  auto ends_with = [&](std::string_view suffix) {
    return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  // A tar archive also by the short names its compressed forms go by (.tgz, ...). Only
  // the compressions read: "games.tar.gz.sha256" or ".tar.gz.part" beside the archive
  // are no games (and --in-place would rewrite them).
  for (std::string_view s : {".pgn", ".pgn.gz", ".pgn.zst", ".pgn.bz2", ".pgn.xz", ".zip", ".tar", ".tar.gz", ".tar.zst",
                             ".tar.bz2", ".tar.xz", ".tgz", ".tbz2", ".txz", ".tzst"})
    if (ends_with(s)) return true;
  return false;
}

// "a FIFO" and the like for a file that is neither a regular file nor a directory.
std::string_view special_file_kind(fs::file_type type) {
  switch (type) {
    case fs::file_type::fifo: return "a FIFO";
    case fs::file_type::socket: return "a socket";
    case fs::file_type::block: return "a block device";
    case fs::file_type::character: return "a character device";
    default: return {};
  }
}

// Every PGN file (by name) under root, and what could not be read there: a directory that
// cannot be opened or searched is said, not skipped (its games would be missing from
// the run without a word), and so is a PGN file by name that is a broken link. Symbolic
// links to directories are not followed (a loop of them could not end the search).
void scan_directory(const fs::path& root, std::vector<std::string>& found, std::vector<InputError>& unreadable) {
  std::vector<fs::path> pending{root};
  while (!pending.empty()) {
    const fs::path dir = std::move(pending.back());
    pending.pop_back();
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      std::error_code fec;
      if (it->is_directory(fec) && !it->is_symlink(fec)) {
        pending.push_back(it->path());
        continue;
      }
      if (!is_scanned_name(it->path())) continue;
      if (it->is_regular_file(fec)) {
        found.push_back(it->path().string());
      } else if (it->is_symlink(fec) && !it->exists(fec)) {
        const std::string why = fec ? fec.message() : std::string("No such file or directory");
        unreadable.push_back({it->path().string(), "cannot open " + it->path().string() + ": " + why + " (a symbolic link)"});
      } else if (const std::string_view kind = special_file_kind(it->status(fec).type()); !kind.empty()) {
        // Not opened: reading a FIFO could wait for ever for a writer. Said, as its games
        // would be missing without a word; named on the command line it is read.
        const char* link = it->is_symlink(fec) ? " (through a symbolic link)" : "";
        unreadable.push_back({it->path().string(), "not reading " + it->path().string() + ": it is " + std::string(kind) +
                                                       link + ", which a directory search skips (name it to read it)"});
      }
    }
    if (ec) unreadable.push_back({dir.string(), "cannot read directory " + dir.string() + ": " + ec.message()});
  }
}

}  // namespace

InputList expand_inputs(const std::vector<std::string>& paths) {
  InputList out;
  if (paths.empty()) {
    out.files.push_back("-");
    return out;
  }
  bool stdin_named = false;
  for (const auto& path : paths) {
    if (path == "-" || descriptor_named(path) == 0) {
      // A stream is read once: a second "-" (or /dev/stdin) would read nothing and count
      // as a file.
      if (stdin_named) out.errors.push_back({display_name(path), "standard input is named more than once: it is read once"});
      else out.files.push_back(path);
      stdin_named = true;
      continue;
    }
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) {
      // The system's reason: a loop of symbolic links is not a missing file.
      const std::string why = ec ? ec.message() : std::string("No such file or directory");
      out.errors.push_back({path, "cannot open " + path + ": " + why});
      continue;
    }
    if (!fs::is_directory(st)) {
      out.files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    std::vector<InputError> unreadable;
    scan_directory(path, found, unreadable);
    std::sort(unreadable.begin(), unreadable.end(), [](const InputError& a, const InputError& b) { return a.path < b.path; });
    out.errors.insert(out.errors.end(), unreadable.begin(), unreadable.end());
    if (found.empty() && unreadable.empty()) out.errors.push_back({path, "no PGN files (*.pgn, *.pgn.gz, .zst, .bz2, .xz, *.zip, *.tar, *.tar.gz, .zst, .bz2, .xz, *.tgz, .tbz2, .txz, .tzst) in directory " + path});
    std::sort(found.begin(), found.end());
    out.files.insert(out.files.end(), found.begin(), found.end());
  }
  return out;
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

void print_input_note(const std::string& file_display, const io::InputNote& note) {
  err_line(display_name(file_display, note.member) + ": note: " + note.message);
}

std::vector<std::string> drop_files_named_again(InputList& inputs) {
  std::vector<std::string> dropped, kept;
  std::set<std::pair<dev_t, ino_t>> seen;
  for (std::string& f : inputs.files) {
    struct stat st{};
    if (f != "-" && ::stat(f.c_str(), &st) == 0 && S_ISREG(st.st_mode) && !seen.emplace(st.st_dev, st.st_ino).second) {
      dropped.push_back(std::move(f));
      continue;
    }
    kept.push_back(std::move(f));
  }
  inputs.files = std::move(kept);
  return dropped;
}

}  // namespace chesstool::cli
