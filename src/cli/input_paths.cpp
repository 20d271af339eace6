// SPDX-License-Identifier: MIT
// Path expansion for the commands that read PGN.
#include "cli/input_paths.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace chesstool::cli {

namespace fs = std::filesystem;

namespace {

bool has_pgn_extension(const fs::path& p) {
  std::string name = p.filename().string();
  auto ends_with = [&](const char* suffix) {
    std::string s(suffix);
    return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
  };
  return ends_with(".pgn") || ends_with(".pgn.gz") || ends_with(".PGN") || ends_with(".PGN.GZ");
}

}  // namespace

InputList expand_inputs(const std::vector<std::string>& paths) {
  InputList out;
  if (paths.empty()) {
    out.files.push_back("-");
    return out;
  }
  for (const auto& path : paths) {
    if (path == "-") {
      out.files.push_back(path);
      continue;
    }
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) {
      out.errors.push_back({path, "cannot open " + path + ": No such file or directory"});
      continue;
    }
    if (!fs::is_directory(st)) {
      out.files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      std::error_code fec;
      if (it->is_regular_file(fec) && has_pgn_extension(it->path())) found.push_back(it->path().string());
    }
    if (ec) out.errors.push_back({path, "cannot read directory " + path + ": " + ec.message()});
    if (found.empty() && !ec) out.errors.push_back({path, "no *.pgn or *.pgn.gz files in directory " + path});
    std::sort(found.begin(), found.end());
    out.files.insert(out.files.end(), found.begin(), found.end());
  }
  return out;
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

}  // namespace chesstool::cli
