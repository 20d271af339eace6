// SPDX-License-Identifier: MIT
// Reads games from a list of inputs, processes them on worker threads, and hands the
// results back strictly in input order with bounded memory.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "io/source.hpp"
#include "pgn/input_games.hpp"

namespace chesstool::cli {

// Events delivered in input order, one file after another.
template <class Result>
struct PipelineSink {
  // A file could not be opened or read; the other files go on.
  std::function<void(std::size_t file, const std::string& error)> io_error;
  // One processed game. Return false to stop reading (e.g. --max-errors).
  std::function<bool(std::size_t file, pgn::RawGame&& raw, Result&& result)> game;
  // A file was read to its end: its size in bytes and its number of line ends. Optional.
  std::function<void(std::size_t file, std::uint64_t bytes, std::uint64_t line_ends)> file_done;
};

// Runs `work` on every game of every file. jobs <= 1 runs on the calling thread; more
// uses jobs - 1 workers, the calling thread as reader (working batches too whenever
// reading is ahead) and one writer thread. An exception thrown by `work` or by the sink
// on any thread stops the run and is rethrown here, on the calling thread, once every
// thread has been joined.
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
      continue;
    }
    pgn::InputGames games(source);
    pgn::RawGame raw;
    while (games.next(raw)) {
      Result r = work(f, raw);
      // next() sets every field again, reusing the text's capacity when the sink did
      // not take it.
      if (!sink.game(f, std::move(raw), std::move(r))) return;
    }
    if (source.error())
      sink.io_error(f, games.error_message());
    else if (sink.file_done)
      sink.file_done(f, source.bytes_read(), games.line_ends());
  }
}

// jobs > 1: the calling thread reads games into batches, jobs - 1 workers replay them,
// and one writer hands the results to the sink in sequence order.
template <class Result>
class ParallelRun {
 public:
  using Work = std::function<Result(std::size_t file, const pgn::RawGame&)>;

  ParallelRun(int jobs, const Work& work, const PipelineSink<Result>& sink)
      : jobs_(jobs), max_in_flight_(std::size_t(jobs) * 4), work_(work), sink_(sink) {}

  void run(const std::vector<std::string>& files) {
    // The reader is one of the `jobs` threads that replay games (see submit), so jobs - 1
    // workers keep every core busy without a thread more than there are cores.
    std::vector<std::thread> threads;
    for (int i = 1; i < jobs_; ++i) threads.emplace_back([this] { worker(); });
    std::thread writer_thread([this] { writer(); });
    try {
      for (std::size_t f = 0; f < files.size() && !stop_; ++f) read_file(f, files[f]);
    } catch (...) {
      fail(std::current_exception());
    }
    {
      std::lock_guard lock(mu_);
      reading_finished_ = true;
    }
    work_cv_.notify_all();
    done_cv_.notify_all();
    for (auto& t : threads) t.join();
    writer_thread.join();
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
    bool file_done = false;  // the last batch of its file: report its size
    std::uint64_t bytes = 0, line_ends = 0;
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

  // A batch for file f: a delivered one when there is one, whose games keep their
  // texts' capacity (as run_serial's one RawGame does), so that reading a game seldom
  // allocates, and never frees on another thread what this one allocated.
  Batch fresh_batch(std::size_t f) {
    Batch b;
    {
      std::lock_guard lock(mu_);
      if (!spent_.empty()) {
        b = std::move(spent_.back());
        spent_.pop_back();
      }
    }
    b.file = f;
    return b;
  }

  void read_file(std::size_t f, const std::string& path) {
    io::ByteSource source(path);
    Batch b = fresh_batch(f);
    if (source.error()) {
      b.games.clear();
      b.error = *source.error();
      submit(std::move(b));
      return;
    }
    pgn::InputGames games(source);
    std::size_t bytes = 0, count = 0;  // b.games[0, count) are this batch's
    auto slot = [&]() -> pgn::RawGame& {
      if (count == b.games.size()) b.games.emplace_back();
      return b.games[count];
    };
    while (!stop_ && games.next(slot())) {
      bytes += b.games[count++].text.size();
      if (count >= kBatchGames || bytes >= kBatchBytes) {
        b.games.resize(count);
        submit(std::move(b));
        b = fresh_batch(f);
        bytes = count = 0;
      }
    }
    b.games.resize(count);
    if (source.error()) {
      b.error = games.error_message();
    } else if (!stop_) {
      b.file_done = true;
      b.bytes = source.bytes_read();
      b.line_ends = games.line_ends();
    }
    if (!b.games.empty() || b.error || b.file_done) submit(std::move(b));
  }

  void submit(Batch&& b) {
    b.seq = seq_++;
    std::unique_lock lock(mu_);
    space_cv_.wait(lock, [&] { return in_flight_ < max_in_flight_ || stop_; });
    ++in_flight_;
    ++total_batches_;
    if (b.games.empty()) {
      done_.emplace(b.seq, std::move(b));  // nothing to work on: straight to the writer
      lock.unlock();
      done_cv_.notify_all();
    } else if (todo_.size() >= std::size_t(jobs_)) {
      // Every worker has a batch waiting, and one more: reading is ahead, so the reader
      // works this one itself, while its text is still in this core's cache. (With one
      // batch waiting, a worker that finishes while the reader works would go idle.)
      lock.unlock();
      process(b);
    } else {
      todo_.push_back(std::move(b));
      lock.unlock();
      work_cv_.notify_one();
    }
  }

  // Works one batch and hands it to the writer.
  void process(Batch& b) {
    if (!stop_.load(std::memory_order_relaxed)) {
      try {
        b.results.reserve(b.games.size());
        for (const auto& g : b.games) b.results.push_back(work_(b.file, g));
      } catch (...) {
        fail(std::current_exception());
      }
    }
    {
      std::lock_guard lock(mu_);
      done_.emplace(b.seq, std::move(b));
    }
    done_cv_.notify_all();
  }

  void worker() {
    for (;;) {
      Batch b;
      {
        std::unique_lock lock(mu_);
        work_cv_.wait(lock, [&] { return !todo_.empty() || reading_finished_; });
        if (todo_.empty()) return;
        b = std::move(todo_.front());
        todo_.pop_front();
      }
      process(b);
    }
  }

  void writer() {
    for (std::uint64_t next = 0;; ++next) {
      Batch b;
      {
        std::unique_lock lock(mu_);
        done_cv_.wait(lock, [&] { return done_.count(next) || (reading_finished_ && next == total_batches_); });
        auto it = done_.find(next);
        if (it == done_.end()) return;
        b = std::move(it->second);
        done_.erase(it);
      }
      if (!stop_) deliver(b);
      recycle(b);
      {
        std::lock_guard lock(mu_);
        --in_flight_;
        if (spent_.size() < std::size_t(jobs_)) spent_.push_back(std::move(b));
      }
      space_cv_.notify_all();
    }
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
    b.error.reset();
    b.file_done = false;
    b.bytes = b.line_ends = 0;
  }

  void deliver(Batch& b) {
    try {
      for (std::size_t i = 0; i < b.results.size() && !stop_; ++i)
        if (!sink_.game(b.file, std::move(b.games[i]), std::move(b.results[i]))) stop_ = true;
      if (b.error && !stop_) sink_.io_error(b.file, *b.error);
      if (b.file_done && !stop_ && sink_.file_done) sink_.file_done(b.file, b.bytes, b.line_ends);
    } catch (...) {
      fail(std::current_exception());
    }
  }

  const int jobs_;
  const std::size_t max_in_flight_;
  const Work& work_;
  const PipelineSink<Result>& sink_;

  std::mutex mu_;
  std::condition_variable work_cv_, done_cv_, space_cv_;
  std::deque<Batch> todo_;                // read, not yet worked (guarded by mu_)
  std::map<std::uint64_t, Batch> done_;   // worked, not yet delivered (guarded by mu_)
  std::vector<Batch> spent_;              // delivered, for fresh_batch (guarded by mu_)
  std::size_t in_flight_ = 0;             // submitted, not yet delivered (guarded by mu_)
  bool reading_finished_ = false;         // guarded by mu_
  std::uint64_t total_batches_ = 0;       // guarded by mu_
  std::uint64_t seq_ = 0;                 // the reader's own
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
    detail::ParallelRun<Result>(jobs, work, sink).run(files);
}

}  // namespace chesstool::cli
