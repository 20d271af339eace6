// SPDX-License-Identifier: MIT
// Output files that never lose data: every file is written to a temporary file beside
// it and renamed over it only when everything succeeded; outputs that are also inputs
// are refused before anything is read.
#pragma once

#include <sys/types.h>
#include <time.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/compressor.hpp"

namespace chesstool::cli {

struct TrackedTemp;

// What tells that a file was written to: --in-place replaces its file only when nothing
// wrote to it while the run read it and wrote the new text (an append, an editor's save).
struct FileStamp {
  dev_t device = 0;
  ino_t inode = 0;
  off_t size = 0;
  struct timespec modified {};  // not the change time, which the rename itself sets
  bool operator==(const FileStamp& o) const {
    return device == o.device && inode == o.inode && size == o.size && modified.tv_sec == o.modified.tv_sec &&
           modified.tv_nsec == o.modified.tv_nsec;
  }
};

// One output of a command. Three kinds, chosen by open():
//  * standard output ("" or "-"), written through console::out;
//    On a terminal (standard output or a device) each line is shown escaped, as
//    diagnostics are: the text of a file must not act on the terminal.
//  * an existing path that is not a regular file (/dev/null, a FIFO, a terminal), or
//    a descriptor of this process by name (/dev/stdout, /dev/stderr, /dev/fd/N,
//    /proc/self/fd/N: the stream, whatever file is behind it): written directly, never
//    replaced;
//  * anything else: a temporary file ".NAME.chesstool-XXXXXX" in the target's
//    directory, fsynced and renamed over the target by commit(). discard() (or the
//    destructor, or SIGINT/SIGTERM/SIGHUP/SIGPIPE) removes it and the target keeps
//    every byte it had. A symbolic link is followed: the file it names is replaced.
// A file whose name ends in .gz, .zst, .bz2 or .xz (any letter case) is written
// compressed in that format, through the same temporary file; standard output only
// when compress_stdout() asks.
class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile() { discard(); }

  bool open(const std::string& path, std::string& error);
  // After open() on standard output: compress what is written (--compress). Refused
  // (false, error set) when standard output is a terminal.
  bool compress_stdout(io::Compression c, std::string& error);
  // For --in-place: path must be an existing regular file with one link that the real
  // user may write (unless force); the new file gets its mode, owner and group.
  bool open_in_place(const std::string& path, bool force, std::string& error);

  void write(std::string_view text);
  // What is gathered before a write(2) or the compressor takes it: 1 MiB, less where many
  // files are open at once (filter --split-by keeps up to a thousand).
  void set_buffer_bytes(std::size_t n) { buffer_bytes_ = n; }
  // True once a write failed: the command can stop early; commit() reports it.
  bool failed() const { return !error_.empty() || to_stdout_failed(); }
  // Finishes the output: the error ("" if none). A temporary file is written to the disk
  // and closed, and becomes the target at the end of the run (commit_finished_outputs)
  // when no write failed; otherwise it is removed and the target left as it was.
  std::string commit();
  // Drops what was written: the target is left exactly as it was.
  void discard();
  // The end of a command's output, with what went wrong said on standard error. When
  // inputs_ok, commit(): a failure prints its error, and "NAME left unchanged" where a
  // temporary file would have replaced the target. Otherwise a temporary file is
  // discarded ("NAME left unchanged: an input could not be read": a typo in an input
  // name must not cost the old output file) and any other output is closed as written.
  // False when writing this output failed.
  bool finish(bool inputs_ok);

  const std::string& name() const { return name_; }
  // The file a temporary file replaces, links followed; empty when none does (standard
  // output, a device or a FIFO written directly).
  const std::string& target() const { return target_; }
  // Whether the end of the run will make the output its target: finish() completed it, and
  // the run has had no error so far (no_errors, the command's count; standard output is
  // flushed to know its own), so commit_finished_outputs will rename it.
  bool will_be_written(bool no_errors) const;
  // Whether open() succeeded and neither commit() nor discard() has ended it since.
  bool is_open() const { return kind_ != Kind::None; }

 private:
  enum class Kind { None, Stdout, Direct, Temporary };
  bool open_descriptor(int fd, std::string& error);
  void use_stdout();
  void use_direct(int fd);
  bool open_file(const std::string& path, std::string& error);
  bool open_temporary(const std::string& target, std::string& error);
  void flush();
  bool to_stdout_failed() const;
  void note_error(const std::string& what, int err);
  void write_data(std::string_view text);              // write() but for a terminal
  void end_terminal_line();                            // the rest of a line for a terminal, shown
  void write_raw(const char* data, std::size_t size);  // to the file or standard output
  void start_compressor(io::Compression c);
  bool finish_compressor();

  Kind kind_ = Kind::None;
  int fd_ = -1;
  bool replaces_target_ = false;  // a temporary file replaces the target; kept after commit()
  bool target_existed_ = false;   // the file a temporary replaces was there at open()
  std::optional<FileStamp> read_as_;  // open_in_place: the file as it was then
  int dir_fd_ = -1;                   // the temporary file's directory, shared (output_file.cpp)
  bool written_ = false;          // finish() completed it (renamed at the end of the run)
  TrackedTemp* temp_slot_ = nullptr;  // in the signal handler's list of files to remove
  std::string name_;    // as given, for messages
  std::string target_;  // the file a temporary replaces
  std::string temp_;
  std::string buf_;
  std::size_t buffer_bytes_ = std::size_t(1) << 20;
  // A terminal (standard output or a device) is shown text from files escaped, line by
  // line (output::terminal_safe_lines); the line not yet ended waits here.
  bool terminal_ = false;
  std::string partial_line_;
  std::string error_;
  std::unique_ptr<io::Compressor> compressor_;
};

// The descriptor of this process a path names (/dev/stdout, /dev/fd/N, /proc/self/fd/N,
// or a link to one), which OutputFile writes as the stream it is.
std::optional<int> descriptor_named(const std::string& path);
// Whether an output path is standard output: "" or "-", or a name of descriptor 1.
bool is_standard_output(const std::string& path);

// The end of the run, after standard output's last flush: every temporary file that
// OutputFile::finish completed is renamed over its target, so that the files of a run are
// replaced only when it succeeded, standard output included (`dedupe --json -o F > /dev/full`
// leaves F as it was, whatever is written last). With run_failed (why), each is removed
// and its target left as it was, said on standard error. False when a rename failed.
bool commit_finished_outputs(std::optional<std::string_view> run_failed);

// Installs the handlers that remove every temporary file of an unfinished output
// when the process is interrupted (SIGINT, SIGTERM, SIGHUP) or writes to a closed
// pipe (SIGPIPE), then die of the same signal. SIGXFSZ is ignored, so a file-size
// limit is a write error ("File too large") and not a silent death.
void install_output_signal_handlers();

// An output named on the command line with its option, e.g. {"-o", "out.pgn"}.
struct NamedOutput {
  std::string option;
  std::string path;  // "" or "-" for standard output
};

// The message for the first clash, if any: an output that is the same file as an
// input (device and inode compared, so symbolic and hard links are caught), standard
// output redirected onto an input, or two outputs that are one file (standard output
// redirected onto a named output among them).
std::optional<std::string> find_output_clash(const std::vector<std::string>& inputs,
                                             const std::vector<NamedOutput>& outputs);

}  // namespace chesstool::cli
