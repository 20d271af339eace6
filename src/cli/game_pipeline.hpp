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
template <class Result>
void run_pipeline(const std::vector<std::string>& files, int jobs,
                  const std::function<Result(std::size_t file, const pgn::RawGame&)>& work,
                  const PipelineSink<Result>& sink) {
  if (jobs <= 1) {
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
        // next() sets every field again, reusing the text's capacity when the sink
        // did not take it.
        if (!sink.game(f, std::move(raw), std::move(r))) return;
      }
      if (source.error())
        sink.io_error(f, games.error_message());
      else if (sink.file_done)
        sink.file_done(f, source.bytes_read(), games.line_ends());
    }
    return;
  }

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
  constexpr std::size_t kBatchGames = 64;
  constexpr std::size_t kBatchBytes = 512 * 1024;
  const std::size_t max_in_flight = std::size_t(jobs) * 4;

  std::mutex mu;
  std::condition_variable work_cv, done_cv, space_cv;
  std::deque<Batch> todo;
  std::map<std::uint64_t, Batch> done;
  std::size_t in_flight = 0;
  bool reading_finished = false;
  std::uint64_t total_batches = 0;
  std::atomic<bool> stop{false};
  std::exception_ptr failure;  // the first exception of any thread, guarded by mu
  auto fail = [&](std::exception_ptr e) {
    {
      std::lock_guard lock(mu);
      if (!failure) failure = e;
    }
    stop = true;
    space_cv.notify_all();
  };

  // Works one batch and hands it to the writer.
  auto process = [&](Batch& b) {
    if (!stop.load(std::memory_order_relaxed)) {
      try {
        b.results.reserve(b.games.size());
        for (const auto& g : b.games) b.results.push_back(work(b.file, g));
      } catch (...) {
        fail(std::current_exception());
      }
    }
    {
      std::lock_guard lock(mu);
      done.emplace(b.seq, std::move(b));
    }
    done_cv.notify_all();
  };
  auto worker = [&]() {
    for (;;) {
      Batch b;
      {
        std::unique_lock lock(mu);
        work_cv.wait(lock, [&] { return !todo.empty() || reading_finished; });
        if (todo.empty()) return;
        b = std::move(todo.front());
        todo.pop_front();
      }
      process(b);
    }
  };

  auto writer = [&]() {
    std::uint64_t next = 0;
    for (;;) {
      Batch b;
      {
        std::unique_lock lock(mu);
        done_cv.wait(lock, [&] { return done.count(next) || (reading_finished && next == total_batches); });
        auto it = done.find(next);
        if (it == done.end()) return;
        b = std::move(it->second);
        done.erase(it);
      }
      ++next;
      if (!stop) {
        try {
          for (std::size_t i = 0; i < b.results.size() && !stop; ++i)
            if (!sink.game(b.file, std::move(b.games[i]), std::move(b.results[i]))) stop = true;
          if (b.error && !stop) sink.io_error(b.file, *b.error);
          if (b.file_done && !stop && sink.file_done) sink.file_done(b.file, b.bytes, b.line_ends);
        } catch (...) {
          fail(std::current_exception());
        }
      }
      {
        std::lock_guard lock(mu);
        --in_flight;
      }
      space_cv.notify_all();
    }
  };

  // The reader is one of the `jobs` threads that replay games (see submit), so jobs - 1
  // workers keep every core busy without a thread more than there are cores.
  std::vector<std::thread> threads;
  for (int i = 1; i < jobs; ++i) threads.emplace_back(worker);
  std::thread writer_thread(writer);

  std::uint64_t seq = 0;
  auto submit = [&](Batch&& b) {
    b.seq = seq++;
    std::unique_lock lock(mu);
    space_cv.wait(lock, [&] { return in_flight < max_in_flight || stop; });
    ++in_flight;
    ++total_batches;
    if (b.games.empty()) {
      done.emplace(b.seq, std::move(b));  // nothing to work on: straight to the writer
      lock.unlock();
      done_cv.notify_all();
    } else if (!todo.empty()) {
      // The workers have a batch waiting: reading is ahead, so the reader works this one
      // itself, while its text is still in this core's cache.
      lock.unlock();
      process(b);
    } else {
      todo.push_back(std::move(b));
      lock.unlock();
      work_cv.notify_one();
    }
  };

  try {
    for (std::size_t f = 0; f < files.size() && !stop; ++f) {
      io::ByteSource source(files[f]);
      if (source.error()) {
        Batch b;
        b.file = f;
        b.error = *source.error();
        submit(std::move(b));
        continue;
      }
      pgn::InputGames games(source);
      Batch b;
      b.file = f;
      std::size_t bytes = 0;
      pgn::RawGame raw;
      while (!stop && games.next(raw)) {
        bytes += raw.text.size();
        b.games.push_back(std::move(raw));
        if (b.games.size() >= kBatchGames || bytes >= kBatchBytes) {
          submit(std::move(b));
          b = Batch();
          b.file = f;
          bytes = 0;
        }
      }
      if (source.error()) {
        b.error = games.error_message();
      } else if (!stop) {
        b.file_done = true;
        b.bytes = source.bytes_read();
        b.line_ends = games.line_ends();
      }
      if (!b.games.empty() || b.error || b.file_done) submit(std::move(b));
    }
  } catch (...) {
    fail(std::current_exception());
  }
  {
    std::lock_guard lock(mu);
    reading_finished = true;
  }
  work_cv.notify_all();
  done_cv.notify_all();
  for (auto& t : threads) t.join();
  writer_thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace chesstool::cli
