// SPDX-License-Identifier: MIT
// Temporary file, fsync and rename for every output; the signal handlers that clean up.
#include "cli/output_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <linux/fs.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <system_error>
#include <vector>

#include "cli/console.hpp"
#include "cli/file_attributes.hpp"
#include "output/terminal_text.hpp"

namespace chesstool::cli {

// A temporary file in the signal handler's list (below).
struct TrackedTemp {
  std::atomic<int> active{0};
  std::unique_ptr<char[]> path;  // NUL-terminated; replaced only while inactive
  std::size_t capacity = 0;
  TrackedTemp* next = nullptr;  // set before the node is published, then never changed
};

namespace {

// The temporary files being written, for the signal handler: a list that only grows (a
// node is reused once its file is done), so that the handler, on whichever thread the
// signal lands, walks it with atomic loads and unlink() alone. Only the main thread opens
// outputs; `filter --split-by` may have thousands open at once.
std::atomic<TrackedTemp*> g_temps{nullptr};
std::vector<TrackedTemp*> g_free_temps;  // inactive nodes, for reuse (main thread only)

TrackedTemp* track_temp(const std::string& path) {
  TrackedTemp* node = nullptr;
  if (!g_free_temps.empty()) {
    node = g_free_temps.back();
    g_free_temps.pop_back();
  } else {
    node = new TrackedTemp;  // never freed: the handler may be reading it
    node->next = g_temps.load(std::memory_order_relaxed);
    g_temps.store(node, std::memory_order_release);
  }
  if (node->capacity < path.size() + 1) {
    node->path.reset(new char[path.size() + 1]);
    node->capacity = path.size() + 1;
  }
  std::memcpy(node->path.get(), path.c_str(), path.size() + 1);
  node->active.store(1, std::memory_order_release);
  return node;
}

void untrack_temp(TrackedTemp* node) {
  if (!node) return;
  node->active.store(0, std::memory_order_release);
  g_free_temps.push_back(node);
}

// The signals that end a run and remove its temporary files first, with their names for
// messages: the interrupts a user sends (Ctrl-C, Ctrl-\, kill, a closed terminal) and a
// reader gone (SIGPIPE).
struct CleanupSignal {
  int number;
  const char* name;
};
constexpr CleanupSignal kCleanupSignals[] = {
    {SIGINT, "SIGINT"}, {SIGTERM, "SIGTERM"}, {SIGHUP, "SIGHUP"}, {SIGQUIT, "SIGQUIT"}, {SIGPIPE, "SIGPIPE"}};

const char* cleanup_signal_name(int sig) {
  for (const CleanupSignal& s : kCleanupSignals)
    if (s.number == sig) return s.name;
  return "a signal";
}

// Set while commit_finished_outputs renames the finished files: a signal then waits for
// the last rename (g_deferred_signal), so that a run is never left half replaced.
std::atomic<int> g_committing{0};
std::atomic<int> g_deferred_signal{0};

// The signal handler may run on a worker thread while the main thread goes on creating
// files (filter --split makes a part every few milliseconds): once it has started
// (g_removing) no temporary file is created, and it waits for one being created and not
// yet tracked (g_creating). The main thread blocks the signals meanwhile (CreatingTemp),
// so the handler waiting is never the creator itself. Sequentially consistent, as each
// side stores one flag and then loads the other's.
std::atomic<int> g_removing{0};
std::atomic<int> g_creating{0};

extern "C" void remove_temps_and_die(int sig) {
  if (g_committing.load(std::memory_order_acquire)) {
    g_deferred_signal.store(sig, std::memory_order_release);
    return;
  }
  g_removing.store(1);
  while (g_creating.load() != 0) {
  }
  for (TrackedTemp* t = g_temps.load(std::memory_order_acquire); t; t = t->next)
    if (t->active.load(std::memory_order_acquire)) ::unlink(t->path.get());
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// The target's name as the temporary file's name holds it: whole, unless the 18 bytes
// around it would pass the longest name a directory holds (NAME_MAX, 255 bytes), which
// a legal name of 238 bytes or more does; then cut there, between UTF-8 characters.
std::string temporary_stem(std::string base) {
  constexpr std::size_t kAround = std::string_view(".").size() + std::string_view(".chesstool-XXXXXX").size();
  if (base.size() + kAround <= NAME_MAX) return base;
  std::size_t keep = NAME_MAX - kAround;
  while (keep > 0 && (static_cast<unsigned char>(base[keep]) & 0xC0) == 0x80) --keep;
  base.resize(keep);
  return base;
}

// The creation of a temporary file and its tracking, as one step for the signal handler
// (see g_removing): the cleanup signals are held back on this thread meanwhile, and once
// a handler has started removing the files this thread waits for it to end the process.
class CreatingTemp {
 public:
  CreatingTemp() {
    sigset_t cleanup;
    sigemptyset(&cleanup);
    for (const CleanupSignal& s : kCleanupSignals) sigaddset(&cleanup, s.number);
    pthread_sigmask(SIG_BLOCK, &cleanup, &saved_);
    g_creating.fetch_add(1);
    if (g_removing.load() != 0) {
      g_creating.fetch_sub(1);
      pthread_sigmask(SIG_SETMASK, &saved_, nullptr);
      for (;;) ::pause();  // the handler's thread ends the process
    }
  }
  ~CreatingTemp() {
    g_creating.fetch_sub(1);
    pthread_sigmask(SIG_SETMASK, &saved_, nullptr);
  }
  CreatingTemp(const CreatingTemp&) = delete;
  CreatingTemp& operator=(const CreatingTemp&) = delete;

 private:
  sigset_t saved_;
};

// Temporary files that are complete (written, flushed to disk, closed), renamed over their
// targets by commit_finished_outputs() when the whole run has succeeded (main thread only).
struct FinishedTemp {
  std::string temp, target, name;
  bool target_existed = false;
  TrackedTemp* slot = nullptr;  // still tracked: a signal until the rename removes the file
  std::optional<FileStamp> read_as;  // --in-place: the file as it was when opened
  int dir_fd = -1;                    // its directory (directory_fd)
};
std::vector<FinishedTemp> g_finished;

// The directories of the run's temporary files, each opened once (O_PATH, main thread
// only): a temporary file is removed through it, found even when its directory was
// renamed during the run, and the commit tells that the path leads elsewhere now.
std::map<std::string, int> g_directories;

int directory_fd(const std::string& dir) {
  auto [it, added] = g_directories.try_emplace(dir, -1);
  if (added) it->second = ::open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  return it->second;
}

// Removes a temporary file, through its directory's descriptor when there is one.
void remove_temp(const std::string& temp, int dir_fd) {
  if (dir_fd >= 0)
    (void)::unlinkat(dir_fd, temp.substr(temp.rfind('/') + 1).c_str(), 0);
  else
    (void)::unlink(temp.c_str());
}

FileStamp stamp_of(const struct stat& st) {
  return FileStamp{st.st_dev, st.st_ino, st.st_size, st.st_mtim};
}

mode_t current_umask() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

bool in_real_groups(gid_t gid) {
  if (gid == ::getgid()) return true;
  const int n = ::getgroups(0, nullptr);
  if (n <= 0) return false;
  std::vector<gid_t> groups(static_cast<std::size_t>(n));
  const int got = ::getgroups(n, groups.data());
  for (int i = 0; i < got; ++i)
    if (groups[std::size_t(i)] == gid) return true;
  return false;
}

// The permission bits that apply to the real user, for root too: root may write
// anything, but rewriting another user's read-only file should take a --force.
bool writable_by_real_user(const struct stat& st) {
  if (::getuid() == st.st_uid) return (st.st_mode & S_IWUSR) != 0;
  if (in_real_groups(st.st_gid)) return (st.st_mode & S_IWGRP) != 0;
  return (st.st_mode & S_IWOTH) != 0;
}

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_name(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Whether dir (made canonical) is this process's descriptor directory: /proc/PID/fd, or a
// thread's /proc/PID/task/TID/fd (what /proc/self/fd, /proc/thread-self/fd and /dev/fd are).
bool own_descriptor_directory(const std::string& dir) {
  char canonical[PATH_MAX];
  if (!::realpath(dir.c_str(), canonical)) return false;
  const std::string d = canonical;
  const std::string own = "/proc/" + std::to_string(::getpid());
  if (d == own + "/fd") return true;
  return d.compare(0, own.size() + 6, own + "/task/") == 0 && d.size() > 3 && d.compare(d.size() - 3, 3, "/fd") == 0;
}

}  // namespace

// Such a path is a stream already open (the kernel's link leads to the file behind it): it
// is written as it is, never replaced by a temporary file (`-o /dev/stdout >> log` appends,
// as the shell's redirection says).
std::optional<int> descriptor_named(const std::string& path) {
  std::string p = path;
  for (int hops = 0; hops <= 40; ++hops) {
    const std::string base = base_name(p);
    const bool number = !base.empty() && base.size() <= 9 &&
                        std::all_of(base.begin(), base.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (number && own_descriptor_directory(directory_of(p))) return std::stoi(base);
    struct stat lst {};
    if (::lstat(p.c_str(), &lst) != 0 || !S_ISLNK(lst.st_mode)) return std::nullopt;
    char target[PATH_MAX];
    const ssize_t n = ::readlink(p.c_str(), target, sizeof target - 1);
    if (n <= 0) return std::nullopt;
    std::string next(target, std::size_t(n));
    if (next[0] != '/') next = directory_of(p) + "/" + next;
    p = std::move(next);
  }
  return std::nullopt;
}

namespace {

// A symbolic link is followed to the file it names, which is replaced; the link stays. A
// dangling link is followed too, and the file it names created, as the shell's '>' does
// (a chain of them link by link). Empty for a loop of links, or a chain longer than the
// kernel's limit of 40, which the shell refuses too (ELOOP).
std::string resolve_target(const std::string& path) {
  std::string p = path;
  for (int hops = 0; hops <= 40; ++hops) {
    struct stat lst {};
    if (::lstat(p.c_str(), &lst) != 0 || !S_ISLNK(lst.st_mode)) return p;
    char resolved[PATH_MAX];
    if (::realpath(p.c_str(), resolved)) return resolved;
    char target[PATH_MAX];
    const ssize_t n = ::readlink(p.c_str(), target, sizeof target - 1);
    if (n <= 0) return p;
    std::string next(target, std::size_t(n));
    if (next[0] != '/') {
      const std::size_t slash = p.rfind('/');
      if (slash != std::string::npos) next = p.substr(0, slash + 1) + next;
    }
    p = std::move(next);
  }
  return {};
}

void sync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);  // best effort: the rename is done, the data already synced
  ::close(fd);
}

}  // namespace

void install_output_signal_handlers() {
  for (const CleanupSignal& s : kCleanupSignals) std::signal(s.number, remove_temps_and_die);
  std::signal(SIGXFSZ, SIG_IGN);
}

// A descriptor this process has open (see descriptor_named): standard output goes through
// console::out like "-" (one buffer, one check); another is written through a copy of it.
// Only one the caller gave (the shell's 3>file): the program's own descriptors (inputs,
// temporary files) are opened close-on-exec, and a standard one closed at the start holds
// /dev/null, where the data would vanish.
bool OutputFile::open_descriptor(int fd, std::string& error) {
  const int flags = ::fcntl(fd, F_GETFD);
  if (flags < 0 || (flags & FD_CLOEXEC) != 0 || (fd == STDIN_FILENO && stdin_was_closed())) {
    error = fmt::format("cannot write {}: {}", name_, std::strerror(EBADF));
    return false;
  }
  if (fd == STDOUT_FILENO) {
    use_stdout();
    return true;
  }
  const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);  // closing the copy leaves the stream open
  if (copy < 0) {
    error = fmt::format("cannot write {}: {}", name_, std::strerror(errno));
    return false;
  }
  use_direct(copy);
  return true;
}

void OutputFile::use_stdout() {
  kind_ = Kind::Stdout;
  terminal_ = ::isatty(STDOUT_FILENO) != 0;
}

void OutputFile::use_direct(int fd) {
  fd_ = fd;
  kind_ = Kind::Direct;
  terminal_ = ::isatty(fd_) != 0;
}

// A path: a device or FIFO is written directly, anything else through a temporary file.
bool OutputFile::open_file(const std::string& path, std::string& error) {
  const std::string target = resolve_target(path);
  if (target.empty()) {
    error = fmt::format("cannot write {}: {}", path, std::strerror(ELOOP));
    return false;
  }
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) {
      error = fmt::format("cannot write {}: {}", path, std::strerror(EISDIR));
      return false;
    }
    const int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
      error = fmt::format("cannot open {} for writing: {}", path, std::strerror(errno));
      return false;
    }
    use_direct(fd);
    return true;
  }
  if (S_ISREG(st.st_mode) && !writable_by_real_user(st)) {
    // The rename would replace what its mode protects, as no write to it could.
    error = fmt::format("cannot replace {}: it is not writable by you (mode {:04o})", path, unsigned(st.st_mode & 07777));
    return false;
  }
  return open_temporary(target, error);
}

bool OutputFile::open(const std::string& path, std::string& error) {
  name_ = path.empty() || path == "-" ? "standard output" : path;
  terminal_ = false;
  partial_line_.clear();
  if (path.empty() || path == "-") {
    use_stdout();
    return true;
  }
  if (const std::optional<int> fd = descriptor_named(path)) {
    if (!open_descriptor(*fd, error)) return false;
  } else if (!open_file(path, error)) {
    return false;
  }
  if (auto c = io::compression_for_name(path)) {
    if (terminal_) {
      discard();
      error = fmt::format("refusing to write {}-compressed data to a terminal ({})", io::compression_name(*c), path);
      return false;
    }
    start_compressor(*c);
  }
  return true;
}

bool OutputFile::compress_stdout(io::Compression c, std::string& error) {
  if (kind_ != Kind::Stdout) return true;
  if (::isatty(STDOUT_FILENO)) {
    error = fmt::format("refusing to write {}-compressed data to a terminal (redirect standard output)",
                        io::compression_name(c));
    return false;
  }
  start_compressor(c);
  return true;
}

void OutputFile::start_compressor(io::Compression c) {
  compressor_ = std::make_unique<io::Compressor>(c, [this](const char* data, std::size_t size) {
    write_raw(data, size);
    return error_.empty() && !to_stdout_failed();
  });
  if (!compressor_->error().empty() && error_.empty()) error_ = fmt::format("cannot write {}: {}", name_, compressor_->error());
}

bool OutputFile::open_in_place(const std::string& path, bool force, std::string& error) {
  name_ = path;
  if (descriptor_named(path)) {  // /dev/stdin is standard input: the file behind it is not named
    error = fmt::format("cannot rewrite {} in place: it is a standard stream or an open descriptor, not a file", path);
    return false;
  }
  char resolved[PATH_MAX];
  if (!::realpath(path.c_str(), resolved)) {
    error = fmt::format("cannot open {}: {}", path, std::strerror(errno));
    return false;
  }
  struct stat st {};
  if (::stat(resolved, &st) != 0) {
    error = fmt::format("cannot open {}: {}", path, std::strerror(errno));
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    error = fmt::format("cannot rewrite {} in place: not a regular file", path);
    return false;
  }
  if (st.st_nlink > 1) {
    error = fmt::format("cannot rewrite {} in place: it has {} hard links, and replacing it would split them "
                        "(write a copy with -o instead)", path, st.st_nlink);
    return false;
  }
  if (!force && !writable_by_real_user(st)) {
    error = fmt::format("cannot rewrite {} in place: it is not writable by you (mode {:04o}); --force rewrites it anyway",
                        path, unsigned(st.st_mode & 07777));
    return false;
  }
  if (!open_temporary(resolved, error)) return false;
  read_as_ = stamp_of(st);
  // Owner and group first: chown clears the set-user-ID and set-group-ID bits.
  struct stat now {};
  if (::fchown(fd_, st.st_uid, st.st_gid) != 0 &&
      !(::fstat(fd_, &now) == 0 && now.st_uid == st.st_uid && now.st_gid == st.st_gid)) {
    error = fmt::format("cannot rewrite {} in place: cannot give the new file its owner and group: {}", path,
                        std::strerror(errno));
    discard();
    return false;
  }
  if (::fchmod(fd_, st.st_mode & 07777) != 0) {
    error = fmt::format("cannot rewrite {} in place: cannot give the new file its mode: {}", path, std::strerror(errno));
    discard();
    return false;
  }
  return true;  // open_temporary gave it the old file's extended attributes (its ACL among them)
}

namespace {

// The inode flags (chattr) of a file or directory, when they can be read.
std::optional<int> inode_flags(const std::string& path, bool directory) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (directory ? O_DIRECTORY : 0));
  if (fd < 0) return std::nullopt;
  int flags = 0;
  const bool read = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
  ::close(fd);
  return read ? std::optional<int>(flags) : std::nullopt;
}

// Why the temporary file of target could never replace it, known before anything is
// read: a name longer than its directory takes, an immutable or append-only target or
// directory (chattr +i, +a: neither renamed over nor unlinked there, so the temporary
// file would stay). Empty when none of these holds.
std::string unreplaceable(const std::string& target, const std::string& dir, const std::string& name) {
  const long longest = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  if (base_name(target).size() > std::size_t(longest > 0 ? longest : NAME_MAX))
    return fmt::format("cannot write {}: {}", name, std::strerror(ENAMETOOLONG));
  const auto said = [](int flags) { return flags & FS_IMMUTABLE_FL ? "immutable (chattr +i)" : "append-only (chattr +a)"; };
  constexpr int kFixed = FS_IMMUTABLE_FL | FS_APPEND_FL;
  if (const std::optional<int> f = inode_flags(target, false); f && (*f & kFixed))
    return fmt::format("cannot replace {}: it is {}", name, said(*f));
  if (const std::optional<int> f = inode_flags(dir, true); f && (*f & kFixed))
    return fmt::format("cannot write {}: its directory {} is {}, so no file in it can be replaced", name, dir, said(*f));
  return {};
}

}  // namespace

bool OutputFile::open_temporary(const std::string& target, std::string& error) {
  target_ = target;
  const std::string dir = directory_of(target);
  if (std::string why = unreplaceable(target, dir, name_); !why.empty()) {
    error = std::move(why);
    return false;
  }
  temp_ = (dir == "/" ? "/" : dir + "/") + "." + temporary_stem(base_name(target)) + ".chesstool-XXXXXX";
  int made_errno = 0;
  {
    const CreatingTemp creating;
    dir_fd_ = directory_fd(dir);
    fd_ = ::mkostemp(temp_.data(), O_CLOEXEC);
    made_errno = errno;
    if (fd_ >= 0) temp_slot_ = track_temp(temp_);
  }
  if (fd_ < 0) {
    // A directory that is not there is the user's slip to name, not the temporary file's.
    // A file system that takes no new files (/proc, /sys) says ENOENT too.
    struct stat d {};
    if (made_errno == ENOENT && ::stat(dir.c_str(), &d) != 0)
      error = fmt::format("cannot write {}: the directory {} does not exist", name_, dir);
    else if (made_errno == ENOENT)
      error = fmt::format("cannot write {}: the directory {} takes no new files (its file system allows none)", name_, dir);
    else
      error = fmt::format("cannot create a temporary file in {} for {}: {}", dir, name_, std::strerror(made_errno));
    temp_.clear();
    return false;
  }
  kind_ = Kind::Temporary;
  replaces_target_ = true;
  // mkstemp makes the file 0600: an existing target keeps its mode (and, where we may,
  // its owner), a new one gets what the umask gives any new file.
  struct stat st {};
  target_existed_ = ::stat(target.c_str(), &st) == 0;
  if (target_existed_) {
    (void)!::fchown(fd_, st.st_uid, st.st_gid);  // only root may give a file away
    (void)!::fchmod(fd_, st.st_mode & 07777);
    // Its ACL too: without it the mode's group bits would give the group the ACL's mask.
    if (std::string why; !copy_extended_attributes(target, fd_, why)) {
      error = fmt::format("cannot replace {}: {}", name_, why);
      discard();
      return false;
    }
  } else {
    (void)!::fchmod(fd_, 0666 & ~current_umask());
  }
  return true;
}

void OutputFile::write(std::string_view text) {
  if (!terminal_) {
    write_data(text);
    return;
  }
  // Whole lines only, so that a character split between two writes is still seen whole.
  partial_line_ += text;
  const std::size_t last = partial_line_.rfind('\n');
  if (last == std::string::npos) return;
  const std::string shown = output::terminal_safe_lines(std::string_view(partial_line_).substr(0, last + 1));
  partial_line_.erase(0, last + 1);
  write_data(shown);
}

void OutputFile::end_terminal_line() {
  if (partial_line_.empty()) return;
  const std::string shown = output::terminal_safe_lines(partial_line_);
  partial_line_.clear();
  write_data(shown);
}

void OutputFile::write_data(std::string_view text) {
  if (kind_ == Kind::Stdout && !compressor_) {
    out(text);
    return;
  }
  if (kind_ == Kind::None || !error_.empty()) return;
  buf_ += text;
  if (buf_.size() >= buffer_bytes_) flush();
}

void OutputFile::flush() {
  if (compressor_) {
    if (error_.empty() && !compressor_->write(buf_) && error_.empty() && !to_stdout_failed())
      error_ = fmt::format("cannot write {}: {}", name_, compressor_->error());
  } else {
    write_raw(buf_.data(), buf_.size());
  }
  buf_.clear();
  // One huge game grew the buffer: give that room back, or each of many open files
  // (filter --split-by) would keep as much as the largest game it was sent.
  if (buf_.capacity() > 2 * buffer_bytes_) std::string().swap(buf_);
}

void OutputFile::write_raw(const char* data, std::size_t size) {
  if (kind_ == Kind::Stdout) {
    out(std::string_view(data, size));
    return;
  }
  std::size_t done = 0;
  while (done < size && error_.empty()) {
    const ssize_t n = ::write(fd_, data + done, size - done);
    if (n > 0) {
      done += std::size_t(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      note_error("cannot write", n < 0 ? errno : ENOSPC);
    }
  }
}

bool OutputFile::finish_compressor() {
  if (!compressor_) return true;
  flush();
  // A compressor fails when standard output does: main reports that one, with its reason.
  if (error_.empty() && !compressor_->finish() && error_.empty() && !to_stdout_failed())
    error_ = fmt::format("cannot write {}: {}", name_, compressor_->error());
  compressor_.reset();
  return error_.empty();
}

bool OutputFile::to_stdout_failed() const { return kind_ == Kind::Stdout && stdout_failed(); }

void OutputFile::note_error(const std::string& what, int err) {
  if (error_.empty()) error_ = fmt::format("{} {}: {}", what, name_, std::strerror(err));
}

std::string OutputFile::commit() {
  if (kind_ != Kind::None) end_terminal_line();
  // The compressed stream's trailer is part of the data: written before the fsync.
  if (kind_ != Kind::None) finish_compressor();
  switch (kind_) {
    case Kind::None:
    case Kind::Stdout:
      kind_ = Kind::None;
      return error_;  // standard output is checked once, by main
    case Kind::Direct:
      flush();
      if (::close(fd_) != 0) note_error("cannot write", errno);
      fd_ = -1;
      kind_ = Kind::None;
      return error_;
    case Kind::Temporary: break;
  }
  flush();
  // The data must be on the disk before the rename makes it the file: after a crash an
  // atomic rename of unwritten data could leave an empty file.
  if (error_.empty() && ::fsync(fd_) != 0) note_error("cannot write", errno);
  if (::close(fd_) != 0) note_error("cannot write", errno);
  fd_ = -1;
  if (!error_.empty()) {
    remove_temp(temp_, dir_fd_);
    untrack_temp(temp_slot_);
  } else {
    g_finished.push_back({temp_, target_, name_, target_existed_, temp_slot_, read_as_, dir_fd_});
  }
  temp_slot_ = nullptr;
  kind_ = Kind::None;
  return error_;
}

void OutputFile::discard() {
  partial_line_.clear();
  terminal_ = false;
  if (compressor_) compressor_->abandon();
  compressor_.reset();
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (kind_ == Kind::Temporary) remove_temp(temp_, dir_fd_);
  untrack_temp(temp_slot_);
  temp_slot_ = nullptr;
  kind_ = Kind::None;
  buf_.clear();
}

bool OutputFile::finish(bool inputs_ok) {
  written_ = false;
  // A target that was not there is not created, rather than left unchanged.
  const char* what = target_existed_ ? "left unchanged" : "not written";
  if (!inputs_ok && replaces_target_) {
    discard();
    errf("chesstool: {} {}: an input could not be read", name_, what);
    return true;
  }
  const std::string e = commit();
  if (e.empty()) {
    written_ = true;
    return true;
  }
  error(e);
  if (replaces_target_) errf("chesstool: {} {}", name_, what);
  return false;
}

bool OutputFile::will_be_written(bool no_errors) const { return written_ && no_errors && !finish_stdout(); }

bool is_standard_output(const std::string& path) {
  return path.empty() || path == "-" || descriptor_named(path) == STDOUT_FILENO;
}

namespace {

// A run that failed: its finished files are removed, their targets left as they were.
void drop_finished(std::string_view why) {
  for (std::size_t i = 0; i < g_finished.size(); ++i) {
    const FinishedTemp& f = g_finished[i];
    remove_temp(f.temp, f.dir_fd);
    // A failed run of many files (--split) says so in one line.
    if (g_finished.size() == 1)
      errf("chesstool: {} {}: {}", f.name, f.target_existed ? "left unchanged" : "not written", why);
    else if (i == 0)
      errf("chesstool: {} output files not written: {} (files already there are left as they were)",
           g_finished.size(), why);
  }
}

// How a finished file became its target, so that it can be taken back.
enum class Placed : std::uint8_t {
  No,         // not yet (its temporary file is still there)
  Created,    // there was no target: undone by removing it
  Exchanged,  // swapped with the target (RENAME_EXCHANGE): the old file is at the temporary name
  Renamed,    // renamed over the target, whose file system cannot exchange: not undoable
};

// Puts f in its target's place: swapped with the old file, so that the run can still put
// it back, or created where there is none. A file system that cannot swap (EINVAL) is
// left for a plain rename (Placed::No, errno EINVAL). False with errno on failure.
bool place_finished(const FinishedTemp& f, Placed& how) {
  // A swap would put a directory that took the target's name during the run at the
  // temporary name (rename refuses it: EISDIR).
  if (struct stat st {}; ::lstat(f.target.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return false;
  }
  if (::renameat2(AT_FDCWD, f.temp.c_str(), AT_FDCWD, f.target.c_str(), RENAME_EXCHANGE) == 0) {
    how = Placed::Exchanged;
    return true;
  }
  if (errno != ENOENT) return false;  // EINVAL: no swapping here
  // No target (any more): created, but never over a file that appeared meanwhile.
  if (::renameat2(AT_FDCWD, f.temp.c_str(), AT_FDCWD, f.target.c_str(), RENAME_NOREPLACE) == 0) {
    how = Placed::Created;
    return true;
  }
  return false;
}

// Takes back what the run placed, in reverse, after a rename failed: every target gets its
// old file again (or none, as before). The files that cannot be taken back are named.
void take_back(const std::vector<Placed>& how) {
  for (std::size_t i = how.size(); i-- > 0;) {
    const FinishedTemp& f = g_finished[i];
    switch (how[i]) {
      case Placed::No: remove_temp(f.temp, f.dir_fd); break;
      case Placed::Created: ::unlink(f.target.c_str()); break;
      case Placed::Exchanged:
        if (::renameat2(AT_FDCWD, f.temp.c_str(), AT_FDCWD, f.target.c_str(), RENAME_EXCHANGE) == 0)
          remove_temp(f.temp, f.dir_fd);  // the new file, swapped back
        else
          error(fmt::format("cannot put {} back: {}; its old contents are in {}", f.name, std::strerror(errno), f.temp));
        break;
      case Placed::Renamed:
        errf("chesstool: {} was replaced all the same: its file system cannot swap two files, so that rename cannot "
             "be taken back", f.name);
        break;
    }
  }
}

// Whether the file at path is not the one an --in-place output read (f.read_as): written
// to, replaced or gone since.
bool changed_since_read(const FinishedTemp& f, const std::string& path) {
  struct stat now {};
  return f.read_as && (::stat(path.c_str(), &now) != 0 || !(stamp_of(now) == *f.read_as));
}

void say_changed(const FinishedTemp& f) {
  error(fmt::format("{} was written to while it was being rewritten: refusing to replace it", f.name));
}

// Whether the target's directory path leads elsewhere than where the temporary file was
// made (renamed, replaced during the run): the file is not put there.
bool directory_moved(const FinishedTemp& f) {
  struct stat by_fd {}, by_path {};
  return f.dir_fd >= 0 && ::fstat(f.dir_fd, &by_fd) == 0 &&
         (::stat(directory_of(f.target).c_str(), &by_path) != 0 || by_fd.st_dev != by_path.st_dev ||
          by_fd.st_ino != by_path.st_ino);
}

// The renames of a run that succeeded, all or nothing: each file swaps places with its
// target, and only once every one has are the old files removed. When one fails, those
// placed before it are put back (those on a file system that cannot swap, renamed last,
// cannot be). False when the outputs were not written.
bool replace_targets() {
  for (const FinishedTemp& f : g_finished) {
    if (directory_moved(f)) {
      error(fmt::format("cannot write {}: its directory {} was moved or replaced during the run", f.name,
                        directory_of(f.target)));
      drop_finished("its directory moved");
      return false;
    }
    if (changed_since_read(f, f.target)) {
      say_changed(f);
      drop_finished("it changed during the run");
      return false;
    }
  }
  const std::size_t n = g_finished.size();
  std::vector<Placed> how(n, Placed::No);
  std::vector<std::size_t> plain;  // on file systems that cannot swap: renamed last
  std::optional<std::size_t> failed;
  int why = 0;
  for (std::size_t i = 0; i < n && !failed; ++i) {
    if (place_finished(g_finished[i], how[i])) continue;
    if (errno == EINVAL) plain.push_back(i);
    else failed = i, why = errno;
  }
  for (std::size_t k = 0; k < plain.size() && !failed; ++k) {
    const FinishedTemp& f = g_finished[plain[k]];
    if (::rename(f.temp.c_str(), f.target.c_str()) == 0) how[plain[k]] = f.target_existed ? Placed::Renamed : Placed::Created;
    else failed = plain[k], why = errno;
  }
  // Swapped out, an --in-place file is asked again: a write between the check above and
  // the swap (a logger appending) would be lost with it.
  std::optional<std::size_t> changed;
  for (std::size_t i = 0; i < n && !failed && !changed; ++i)
    if (how[i] == Placed::Exchanged && changed_since_read(g_finished[i], g_finished[i].temp)) changed = i;
  if (failed || changed) {
    const FinishedTemp& f = g_finished[failed ? *failed : *changed];
    if (failed) error(fmt::format("cannot replace {}: {}", f.name, std::strerror(why)));
    else say_changed(f);
    take_back(how);
    if (n == 1) errf("chesstool: {} {}", f.name, f.target_existed ? "left unchanged" : "not written");
    else errf("chesstool: none of the {} output files was written (files already there are left as they were)", n);
    return false;
  }
  std::vector<std::string> directories;
  for (std::size_t i = 0; i < n; ++i) {
    const FinishedTemp& f = g_finished[i];
    if (how[i] == Placed::Exchanged) remove_temp(f.temp, f.dir_fd);  // the old file
    if (std::find(directories.begin(), directories.end(), directory_of(f.target)) == directories.end())
      directories.push_back(directory_of(f.target));
  }
  for (const std::string& d : directories) sync_directory(d);
  return true;
}

}  // namespace

bool commit_finished_outputs(std::optional<std::string_view> run_failed) {
  bool ok = true;
  if (run_failed) {
    drop_finished(*run_failed);
  } else {
    g_committing.store(1, std::memory_order_release);
    ok = replace_targets();
  }
  for (const FinishedTemp& f : g_finished) untrack_temp(f.slot);
  g_finished.clear();
  g_committing.store(0, std::memory_order_release);
  if (const int sig = g_deferred_signal.exchange(0)) {
    // The run is complete: said, then the process ends by the signal as it asked (a
    // shell loop around chesstool stops on Ctrl-C).
    errf("chesstool: {} arrived while the outputs were being renamed: the run was completed first, {}",
         cleanup_signal_name(sig),
         ok ? "every output is written" : "no output is written");
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
  return ok;
}

std::optional<std::string> find_output_clash(const std::vector<std::string>& inputs,
                                             const std::vector<NamedOutput>& outputs) {
  struct Input {
    std::string name;
    struct stat st;
  };
  std::vector<Input> seen;
  for (const auto& in : inputs) {
    Input i{in == "-" ? "standard input" : in, {}};
    const int rc = in == "-" ? ::fstat(STDIN_FILENO, &i.st) : ::stat(in.c_str(), &i.st);
    // A FIFO too: named as an input and an output, the run would wait for ever to open it
    // for writing, its reader being the run itself.
    if (rc == 0 && (S_ISREG(i.st.st_mode) || S_ISFIFO(i.st.st_mode))) seen.push_back(i);
  }
  auto same_inode = [](const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; };
  // Where a file that does not exist yet would be: its spelling made absolute and
  // canonical, after the links that lead to it (a link to a file not there yet names
  // that file: the output is created there).
  auto place = [](const std::string& path) {
    const std::string target = resolve_target(path);
    const std::string& followed = target.empty() ? path : target;
    std::error_code ec;
    auto p = std::filesystem::weakly_canonical(std::filesystem::absolute(followed, ec), ec);
    return ec ? followed : p.string();
  };
  // Two new files are one when their names are one in one directory, however the paths
  // reach it (a bind mount of the directory is another spelling of it).
  auto same_place = [&](const std::string& a, const std::string& b) {
    const std::string pa = place(a), pb = place(b);
    if (pa == pb) return true;
    struct stat da {}, db {};
    return base_name(pa) == base_name(pb) && ::stat(directory_of(pa).c_str(), &da) == 0 &&
           ::stat(directory_of(pb).c_str(), &db) == 0 && same_inode(da, db);
  };

  struct Output {
    const NamedOutput* named;
    bool exists;
    struct stat st;
  };
  std::vector<Output> outs;
  for (const auto& o : outputs) {
    Output out{&o, false, {}};
    const bool is_stdout = is_standard_output(o.path);  // "-", or /dev/stdout wherever "-" would be
    out.exists = (is_stdout ? ::fstat(STDOUT_FILENO, &out.st) : ::stat(o.path.c_str(), &out.st)) == 0;
    // Devices and terminals are written directly: no clash can lose data there. A FIFO is
    // too, but one that is also an input would never be opened (above).
    if (out.exists && !S_ISREG(out.st.st_mode) && !S_ISFIFO(out.st.st_mode)) continue;
    if (is_stdout && !out.exists) continue;
    for (const auto& in : seen)
      if (out.exists && same_inode(out.st, in.st)) {
        if (is_stdout) return fmt::format("standard output is the same file as input {}: refusing to read and write it at once", in.name);
        if (S_ISFIFO(in.st.st_mode))
          return fmt::format("{} {} is the same file (a FIFO) as input {}: refusing to read and write it at once", o.option,
                             o.path, in.name);
        return fmt::format("{} {} is the same file as input {}: refusing to overwrite an input", o.option, o.path,
                           in.name);
      }
    for (const auto& prev : outs) {
      const bool prev_stdout = is_standard_output(prev.named->path);
      if (is_stdout && prev_stdout) continue;  // one stream, shared by design
      const bool same = out.exists && prev.exists ? same_inode(out.st, prev.st)
                                                  : !out.exists && !prev.exists && same_place(o.path, prev.named->path);
      if (!same) continue;
      // Standard output redirected onto a named output: each would overwrite the other.
      auto shown = [](const NamedOutput& n) {
        if (is_standard_output(n.path))
          return n.option == "standard output" ? n.option : fmt::format("standard output ({})", n.option);
        return fmt::format("{} {}", n.option, n.path);
      };
      return fmt::format("{} and {} are the same file: one would overwrite the other", shown(*prev.named), shown(o));
    }
    outs.push_back(out);
  }
  return std::nullopt;
}

}  // namespace chesstool::cli
