// SPDX-License-Identifier: MIT
// JSON string escaping and the JsonObject builder.
#include "output/json.hpp"

#include <fmt/format.h>

#include "pgn/encoding.hpp"

namespace chesstool::output {

namespace {

void append_escaped(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 0x20 || u == 0x7F)
          out += fmt::format("\\u{:04x}", unsigned(u));
        else
          out += c;
    }
  }
  out += '"';
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  // JSON is UTF-8 (RFC 8259): a text that is not (a file or member name in Latin-1,
  // say) is read as Windows-1252, as tag values are. Plain ASCII skips the check.
  bool ascii = true;
  for (char c : s) ascii &= static_cast<unsigned char>(c) < 0x80;
  if (!ascii && !pgn::is_valid_utf8(s))
    append_escaped(out, pgn::repair_utf8(s));
  else
    append_escaped(out, s);
}

std::string json_string(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}

void JsonObject::key(std::string_view name) {
  if (!first_) out_ += ',';
  first_ = false;
  append_json_string(out_, name);
  out_ += ':';
}

JsonObject& JsonObject::field(std::string_view name, std::string_view value) {
  key(name);
  append_json_string(out_, value);
  return *this;
}
JsonObject& JsonObject::field(std::string_view name, std::int64_t value) {
  key(name);
  out_ += std::to_string(value);
  return *this;
}
JsonObject& JsonObject::field(std::string_view name, std::uint64_t value) {
  key(name);
  out_ += std::to_string(value);
  return *this;
}
JsonObject& JsonObject::field(std::string_view name, double value) {
  key(name);
  out_ += fmt::format("{}", value);
  return *this;
}
JsonObject& JsonObject::field(std::string_view name, bool value) {
  key(name);
  out_ += value ? "true" : "false";
  return *this;
}
JsonObject& JsonObject::null_field(std::string_view name) {
  key(name);
  out_ += "null";
  return *this;
}
JsonObject& JsonObject::raw_field(std::string_view name, std::string_view json) {
  key(name);
  out_ += json;
  return *this;
}
std::string JsonObject::str() {
  out_ += '}';
  return std::move(out_);
}

}  // namespace chesstool::output
