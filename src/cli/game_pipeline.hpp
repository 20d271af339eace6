// SPDX-License-Identifier: MIT
// Reads games from a list of inputs, processes them on worker threads, and hands the
// results back strictly in input order with bounded memory.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "io/source.hpp"
#include "pgn/input_games.hpp"

namespace chesstool::cli {

// What was read from one file.
struct FileRead {
  std::uint64_t bytes = 0, line_ends = 0, escape_lines = 0;
};

// The files a summary counts: those opened, read in whole or in part. A path that could not
// be opened (missing, unreadable, a directory that cannot be searched) is an I/O error only.
// The sink's events come in input order: a file counts at its first game or at its end
// (an empty file, a read error before any game); one that could not be opened has neither.
class OpenedFiles {
 public:
  void saw(std::size_t file) {
    if (file != last_) ++count_;
    last_ = file;
  }
  std::uint64_t count() const { return count_; }

 private:
  std::uint64_t count_ = 0;
  std::size_t last_ = SIZE_MAX;  // the file counted last
};

// Events delivered in input order, one file after another.
template <class Result>
struct PipelineSink {
  // A file could not be opened or read; the other files go on.
  std::function<void(std::size_t file, const std::string& error)> io_error;
  // One processed game. Return false to stop reading (e.g. --max-errors).
  std::function<bool(std::size_t file, pgn::RawGame&& raw, Result&& result)> game;
  // A file was read, to its end or to an I/O error (then after io_error; one at its first
  // byte too, but not a file that could not be opened): the bytes, line ends and escape
  // lines ('%' in column 1, which no game keeps) read from it. Optional.
  std::function<void(std::size_t file, const FileRead& read)> file_done;
  // A note about an input (an archive member that is a link, so not read), in input order
  // among the games: for print_input_note unless --quiet. Optional (unset: not shown).
  std::function<void(std::size_t file, const io::InputNote& note)> note;
};

// Runs `work` on every game of every file. jobs <= 1 runs on the calling thread; more
// uses jobs threads, the calling one among them, each reading and working batches in
// turn; the sink is called on one thread at a time, in input order. An exception thrown
// by `work` or by the sink on any thread stops the run and is rethrown here, on the
// calling thread, once every thread has been joined.
namespace detail {

// jobs <= 1: everything on the calling thread, no batches.
template <class Result>
void run_serial(const std::vector<std::string>& files,
                const std::function<Result(std::size_t file, const pgn::RawGame&)>& work,
                const PipelineSink<Result>& sink) {
  for (std::size_t f = 0; f < files.size(); ++f) {
    io::ByteSource source(files[f]);
    if (source.error()) {
      sink.io_error(f, *source.error());
      if (source.opened() && sink.file_done) sink.file_done(f, FileRead{});  // its first read failed
      continue;
    }
    pgn::InputGames games(source);
    pgn::RawGame raw;
    // A member's notes come once the games of the members before it are read.
    auto notes = [&] {
      for (const io::InputNote& n : source.take_notes()) if (sink.note) sink.note(f, n);
    };
    while (games.next(raw)) {
      notes();
      Result r = work(f, raw);
      // next() sets every field again, reusing the text's capacity when the sink did
      // not take it.
      if (!sink.game(f, std::move(raw), std::move(r))) return;
    }
    notes();
    if (source.error()) sink.io_error(f, games.error_message());
    if (sink.file_done) sink.file_done(f, FileRead{source.bytes_read(), games.line_ends(), games.escape_lines()});
  }
}

// Takes m, trying for a while (up to about 100 microseconds) before it sleeps, when spin.
// The locks of a run are held briefly (a batch's bookkeeping) or while one batch is split
// (tens of microseconds), and a thread put to sleep on a futex wakes tens of microseconds
// after the lock is free on a virtual machine: with two threads on two cores, 1.90 cores
// were busy in --jobs 2, 1.95 with the spin (futex calls: 230, then 69). With more
// threads than cores the holder may not be running, and spinning would only take its
// core: then the lock sleeps at once.
inline void lock_soon(std::mutex& m, bool spin) {
  for (int i = 0; spin && i < 4096; ++i) {
    if (m.try_lock()) return;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  m.lock();
}

// jobs > 1: `jobs` threads (the calling one among them) take turns to read a batch of
// games, each works the batch it read while the text is still in its own core's cache,
// and whichever thread finishes the batch next in order hands it, and the finished ones
// after it, to the sink. No thread only reads or only writes: with as many threads as
// cores, a reader handing text to another core or a writer thread waking per batch costs
// more than the splitting it would take off the workers.
template <class Result>
class ParallelRun {
 public:
  using Work = std::function<Result(std::size_t file, const pgn::RawGame&)>;

  ParallelRun(int jobs, const std::vector<std::string>& files, const Work& work, const PipelineSink<Result>& sink)
      : jobs_(jobs),
        max_in_flight_(std::size_t(jobs) * 4),
        spin_(unsigned(jobs) <= std::thread::hardware_concurrency()),
        files_(files),
        work_(work),
        sink_(sink) {}

  void run() {
    std::vector<std::thread> threads;
    threads.reserve(std::size_t(jobs_ - 1));
    for (int i = 1; i < jobs_; ++i) {
      try {
        threads.emplace_back([this] { loop(); });
      } catch (const std::system_error&) {
        break;  // the system gives no more threads (memory, a pids limit): those running share the work
      }
    }
    loop();
    // Every batch is delivered by the thread that finished it or by the one delivering
    // then (see finish), so once every thread is back nothing is left undelivered.
    for (auto& t : threads) t.join();
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  // A batch is a run of games from one file (or an I/O error) with a sequence number.
  struct Batch {
    std::uint64_t seq = 0;
    std::size_t file = 0;
    std::vector<pgn::RawGame> games;
    std::vector<Result> results;
    std::optional<std::string> error;
    std::vector<std::pair<std::size_t, io::InputNote>> notes;  // each before games[first]
    bool file_done = false;  // the last batch of its file: report what was read
    FileRead read;
  };
  static constexpr std::size_t kBatchGames = 64;
  static constexpr std::size_t kBatchBytes = 512 * 1024;

  // Keeps the first exception of any thread and stops everyone.
  void fail(std::exception_ptr e) {
    {
      std::lock_guard lock(mu_);
      if (!failure_) failure_ = e;
    }
    stop_ = true;
    space_cv_.notify_all();
  }

  void loop() {
    try {
      // Each thread calls its own copy of the work (and of what it captured by value): the
      // caller's lies on its stack beside what the sink writes for every game, a cache
      // line the cores would otherwise pass back and forth.
      const Work work = work_;
      Batch b;
      while (read_batch(b)) process(b, work);
    } catch (...) {
      fail(std::current_exception());
    }
  }

  // The next batch in input order, in b (a delivered batch's games, which keep their
  // texts' capacity, so that reading a game seldom allocates); false when every file has
  // been read or the run stops. Waits while max_in_flight_ batches are undelivered.
  bool read_batch(Batch& b) {
    lock_soon(input_mu_, spin_);
    std::lock_guard in(input_mu_, std::adopt_lock);
    {
      lock_soon(mu_, spin_);
      std::unique_lock lock(mu_, std::adopt_lock);
      space_cv_.wait(lock, [&] { return in_flight_ < max_in_flight_ || stop_; });
      if (stop_) return false;
      if (!spent_.empty()) {
        b = std::move(spent_.back());
        spent_.pop_back();
      } else {
        b = Batch();  // what b held before was handed on
      }
    }
    if (!games_) {
      if (next_file_ == files_.size()) return false;  // every file read
      if (!open_next_file(b)) {                       // the batch is the file's error
        submitted(b);
        return true;
      }
    }
    fill(b);
    submitted(b);
    return true;
  }

  // Opens files_[next_file_] into source_ and games_; false, with b holding the error,
  // when it cannot be opened.
  bool open_next_file(Batch& b) {
    b.file = next_file_;
    source_.emplace(files_[next_file_]);
    if (source_->error()) {
      b.games.clear();
      b.error = *source_->error();
      b.file_done = source_->opened();  // its first read failed: read, to an I/O error
      source_.reset();
      ++next_file_;
      return false;
    }
    games_.emplace(*source_);
    return true;
  }

  // Reads the open file's next games into b: a full batch, or the file's last (with its
  // size or its read error), which closes the file.
  void fill(Batch& b) {
    b.file = next_file_;
    std::size_t bytes = 0, count = 0;  // b.games[0, count) are this batch's
    auto slot = [&]() -> pgn::RawGame& {
      if (count == b.games.size()) b.games.emplace_back();
      return b.games[count];
    };
    auto notes = [&] {
      for (io::InputNote& n : source_->take_notes()) b.notes.emplace_back(count, std::move(n));
    };
    while (games_->next(slot())) {
      notes();  // before the game just read
      bytes += b.games[count++].text.size();
      if (count >= kBatchGames || bytes >= kBatchBytes || stop_) {
        b.games.resize(count);
        return;
      }
    }
    b.games.resize(count);
    notes();
    if (source_->error()) b.error = games_->error_message();
    b.file_done = true;
    b.read = FileRead{source_->bytes_read(), games_->line_ends(), games_->escape_lines()};
    games_.reset();
    source_.reset();
    ++next_file_;
  }

  // b is read: it takes the next sequence number and a place among the batches in flight.
  void submitted(Batch& b) {
    b.seq = seq_++;
    std::lock_guard lock(mu_);
    ++in_flight_;
  }

  // Works one batch and hands it on for delivery.
  void process(Batch& b, const Work& work) {
    if (!stop_.load(std::memory_order_relaxed)) {
      try {
        b.results.reserve(b.games.size());
        for (const auto& g : b.games) b.results.push_back(work(b.file, g));
      } catch (...) {
        fail(std::current_exception());
      }
    }
    lock_soon(mu_, spin_);
    std::unique_lock lock(mu_, std::adopt_lock);
    finish(std::move(b), lock);
  }

  // Files a worked batch, then, unless another thread is delivering (it will find this
  // one before it stops), delivers every batch that is next in order. lock holds mu_.
  void finish(Batch&& b, std::unique_lock<std::mutex>& lock) {
    done_.emplace(b.seq, std::move(b));
    if (delivering_) return;
    delivering_ = true;
    for (auto it = done_.find(next_); it != done_.end(); it = done_.find(next_)) {
      Batch d = std::move(it->second);
      done_.erase(it);
      ++next_;
      lock.unlock();
      if (!stop_) deliver(d);
      recycle(d);
      lock.lock();
      --in_flight_;
      if (spent_.size() < std::size_t(jobs_)) spent_.push_back(std::move(d));
      space_cv_.notify_all();
    }
    delivering_ = false;
  }

  // What a delivered batch keeps for the reader: its games, for their capacity, up to
  // twice a batch's bytes, so memory after a huge game stays what the usual games need.
  static void recycle(Batch& b) {
    std::size_t kept = 0;
    for (pgn::RawGame& g : b.games) {
      kept += g.text.capacity();
      if (kept > 2 * kBatchBytes) g.text = std::string();
    }
    b.results.clear();
    b.notes.clear();
    b.error.reset();
    b.file_done = false;
    b.read = FileRead{};
  }

  void deliver(Batch& b) {
    try {
      std::size_t k = 0;  // b.notes[k] is the next note
      auto notes_before = [&](std::size_t game) {
        for (; k < b.notes.size() && b.notes[k].first <= game && !stop_; ++k)
          if (sink_.note) sink_.note(b.file, b.notes[k].second);
      };
      for (std::size_t i = 0; i < b.results.size() && !stop_; ++i) {
        notes_before(i);
        if (!sink_.game(b.file, std::move(b.games[i]), std::move(b.results[i]))) stop_ = true;
      }
      notes_before(b.games.size());
      if (b.error && !stop_) sink_.io_error(b.file, *b.error);
      if (b.file_done && !stop_ && sink_.file_done) sink_.file_done(b.file, b.read);
    } catch (...) {
      fail(std::current_exception());
    }
  }

  const int jobs_;
  const std::size_t max_in_flight_;
  const bool spin_;  // no more threads than cores: waiting for a lock spins a while first
  const std::vector<std::string>& files_;
  const Work& work_;
  const PipelineSink<Result>& sink_;

  // The input, read by one thread at a time (guarded by input_mu_, taken before mu_).
  std::mutex input_mu_;
  std::size_t next_file_ = 0;  // the file games_ reads, or the next to open
  std::optional<io::ByteSource> source_;
  std::optional<pgn::InputGames> games_;
  std::uint64_t seq_ = 0;

  std::mutex mu_;
  std::condition_variable space_cv_;
  std::map<std::uint64_t, Batch> done_;  // worked, not yet delivered (guarded by mu_)
  std::uint64_t next_ = 0;               // the sequence number to deliver next (guarded by mu_)
  bool delivering_ = false;              // a thread is in finish's delivery loop (guarded by mu_)
  std::vector<Batch> spent_;             // delivered, for read_batch (guarded by mu_)
  std::size_t in_flight_ = 0;            // read, not yet delivered (guarded by mu_)
  std::atomic<bool> stop_{false};
  std::exception_ptr failure_;  // the first exception of any thread, guarded by mu_
};

}  // namespace detail

template <class Result>
void run_pipeline(const std::vector<std::string>& files, int jobs,
                  const std::function<Result(std::size_t file, const pgn::RawGame&)>& work,
                  const PipelineSink<Result>& sink) {
  if (jobs <= 1)
    detail::run_serial(files, work, sink);
  else
    detail::ParallelRun<Result>(jobs, files, work, sink).run();
}

}  // namespace chesstool::cli
