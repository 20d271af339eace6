// SPDX-License-Identifier: MIT
// JSON string escaping and the JsonObject builder.
#include "output/json.hpp"

#include <fmt/format.h>

namespace chesstool::output {

void append_json_string(std::string& out, std::string_view s) {
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
