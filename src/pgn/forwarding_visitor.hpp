// SPDX-License-Identifier: MIT
// A Visitor that passes every event on to another, for visitors that count or watch
// something on the way to the replayer (dedupe's annotation count, filter's token count).
#pragma once

#include "pgn/movetext_parser.hpp"

namespace chesstool::pgn {

// Subclasses override what they watch and call the base to pass the event on. A null
// target makes the visitor a watcher only.
class ForwardingVisitor : public Visitor {
 public:
  explicit ForwardingVisitor(Visitor* target) : target_(target) {}
  void tag(std::string_view name, std::string_view value, const SourceLoc& loc) override {
    if (target_) target_->tag(name, value, loc);
  }
  void begin_movetext() override {
    if (target_) target_->begin_movetext();
  }
  void move_number(std::uint32_t n, bool black, const SourceLoc& loc) override {
    if (target_) target_->move_number(n, black, loc);
  }
  void san(std::string_view token, const SourceLoc& loc) override {
    if (target_) target_->san(token, loc);
  }
  void nag(int code, std::string_view written, const SourceLoc& loc) override {
    if (target_) target_->nag(code, written, loc);
  }
  void comment(std::string_view text, const SourceLoc& loc) override {
    if (target_) target_->comment(text, loc);
  }
  void begin_variation(const SourceLoc& loc) override {
    if (target_) target_->begin_variation(loc);
  }
  void end_variation(const SourceLoc& loc) override {
    if (target_) target_->end_variation(loc);
  }
  void result(std::string_view token, const SourceLoc& loc) override {
    if (target_) target_->result(token, loc);
  }
  void problem(Severity severity, std::string_view code, std::string message, const SourceLoc& loc,
               std::string_view token) override {
    if (target_) target_->problem(severity, code, std::move(message), loc, token);
  }
  void end_game() override {
    if (target_) target_->end_game();
  }

 private:
  Visitor* target_;
};

}  // namespace chesstool::pgn
